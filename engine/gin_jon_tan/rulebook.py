"""Gin-jon-tan's numbers, its options and its rules page: what a table chooses and reads before play.

The rules themselves, move by move, are in :mod:`.rules` (the state) and the modules it is made of.
"""

from __future__ import annotations

from engine.core import GameOption
from engine.gin_jon_tan.cards import SYMBOLS
from engine.marks import N_

__all__ = [
    "ACTIVE",
    "COMBINATION_EXCHANGE",
    "CYCLES",
    "DECK_SIZE",
    "DECLARABLE",
    "DUEL_EXCHANGE",
    "HAND",
    "OPTIONS",
    "PRIZES",
    "RESERVE",
    "ROUND_EXCHANGE",
    "RULES",
]

#: Cards in each player's deck, dealt to hand, to reserve (the rest goes to the draw pile).
DECK_SIZE = 33
HAND = 9
RESERVE = 9
#: Active cards set aside for a duel; cards the starter may exchange after it; cards anyone may
#: exchange after the duels; cards an exchange of the combination round moves at most.
ACTIVE = 3
DUEL_EXCHANGE = 3
ROUND_EXCHANGE = 9
COMBINATION_EXCHANGE = 3
#: The combination round lasts at most this many turns per player.
CYCLES = 3
#: Cards the first, second and third place take from each player placed below them.
PRIZES = (3, 2, 1)
#: Symbols a Universal may be declared as (any symbol but Universal itself).
DECLARABLE = tuple(name for name, _, _ in SYMBOLS if name != "Universal")

OPTIONS = (
    GameOption("rounds", N_("Rounds in the game"), 3, choices=(3, 6, 9, 12, 33), label=N_("Rounds")),
    GameOption(
        "black_hole",
        N_("A Black hole that wins a clash empties the reserve of every opponent (all) or of the duel opponent only"),
        "all",
        choices=("all", "opponent"),
        label=N_("Black hole empties"),
        meanings=(N_("the reserve of every opponent"), N_("the reserve of the duel opponent only")),
    ),
    GameOption(
        "deck",
        N_("common: 33 random cards each from the full set; personal: each player's own deck"),
        "common",
        choices=("common", "personal"),
        label=N_("Deck"),
        meanings=(
            N_("33 random cards each from the full set"),
            N_("each player plays the cards of their own collection"),
        ),
    ),
    GameOption(
        "prizes",
        N_("Personal decks only: after the game the top three take cards from the decks of those placed below"),
        "off",
        choices=("off", "on"),
        label=N_("Prize cards"),
        meanings=(N_("no cards change hands"), N_("the top three take cards from the decks of those placed below")),
    ),
)

RULES = "\n\n".join(
    (
        N_(
            "Everyone plays with a deck of 33 cards: a **symbol**, a **colour** and a number 1–33; a "
            "card's value is symbol value × number × colour multiplier (White ×1 … Violet ×99)."
        ),
        N_(
            "A round: 9 cards to hand, 9 to a secret reserve, 15 to a draw pile; you may swap hand "
            "and reserve once. Everyone sets aside 3 **active cards** in secret, then every player "
            "duels every other player: both unfold their active cards, and in turn you must **clash** "
            'a card of yours with one of theirs it beats ("Water quenches Fire"), scoring both cards\' '
            "values. A **Black hole** beats everything and empties reserves."
        ),
        N_(
            "Then exchange cards with your reserve, bring the reserve to 9, and in the **combination "
            'round** say **"Gin jon tan!"**, exchange 1–3 cards, or take cards at random from another '
            "player."
        ),
        N_(
            '**Evaluation**: reveal your hand or say **"Kat oh!"** (give up safely). The best '
            "combination (groups of one symbol, orders of consecutive numbers, full colours; "
            "Universal is any card, Bonus triples) adds its value; the second subtracts its value "
            "once, the third twice… A revealed **Defeat** loses the round's points. Highest score "
            "after 3–33 rounds wins."
        ),
    )
)
