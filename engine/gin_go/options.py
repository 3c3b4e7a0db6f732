"""Gin-Go's host options, its suit-row set-up modes, how many cards are dealt, and its rules for /rules."""

from __future__ import annotations

from engine.core import GameOption
from engine.marks import N_
from engine.words import Text

__all__ = ["DEFAULT_CARDS", "MAX_CARDS", "OPTIONS", "RULES", "SETUP_MODES"]

SETUP_MODES = {"normal": Text("Normal"), "suit_for_suit": Text("Suit-for-Suit"), "secrecy": Text("Secrecy")}
DEFAULT_CARDS = {2: 9, 4: 7}
MAX_CARDS = {2: 15, 4: 9}

OPTIONS = (
    GameOption(
        "jokers",
        N_("Play with the two Jokers"),
        "on",
        ("on", "off"),
        label=N_("Jokers"),
        meanings=(N_("with the two Jokers"), N_("without Jokers")),
    ),
    GameOption(
        "cards",
        N_("Cards dealt to each player (auto: 9 for 2 players, 7 for 4; at most 9 for 4)"),
        "auto",
        choices=("auto", 1, 3, 5, 7, 9, 11, 13, 15),
        label=N_("Cards dealt"),
        meanings=(N_("9 each for 2 players, 7 each for 4"),),
    ),
    GameOption(
        "link",
        N_("How chips connect: straight or zigzag, or orthogonal only"),
        "zigzag",
        ("zigzag", "orthogonal"),
        label=N_("How chips connect"),
        meanings=(N_("touching side by side or corner to corner"), N_("touching side by side only")),
    ),
    GameOption(
        "hand_limit", N_("Hands before the chip count decides"), 20, minimum=1, maximum=100, label=N_("Hand limit")
    ),
)

RULES = "\n\n".join(
    (
        N_(
            "Gin-Go is 500 Rummy on a 4×13 board. Each card you **meld** or **hit** (lay off on "
            "anyone's meld) puts your chip on that card's square: your suit row gives the column, the "
            "rank your row (A to K from your end). An opposing chip there is **bumped**."
        ),
        N_(
            "On your turn **draw** from the stock, or take **any** card of the spread discard pile "
            "with every card above it; you must use that card at once in a new meld, or lay it off — "
            "then at least one more taken card must be laid off this turn, on any meld. Meld runs (3+ "
            "of a suit, Ace low or high) and sets (3–4 of a rank), name each Joker (never a card "
            "already on the table), then **discard**."
        ),
        N_(
            "Discarding your last card **goes out**: you capture every card still held and place a "
            "chip for each. Then a side with an unbroken chain of chips from its **A row to its K "
            "row** (straight or zigzag) wins — both: whoever went out. Otherwise the board stays and "
            "a new hand is dealt. Two players, or two teams of two (partners sit opposite and share a "
            "colour)."
        ),
    )
)
