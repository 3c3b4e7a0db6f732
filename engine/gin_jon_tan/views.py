"""What a seat sees of a Gin-jon-tan table: the view and its parts (pictures draw from these).

A card in play is a :class:`HeldCard`: the card and its id at the table (``"2.17"``:
card 17 of seat 2's deck). Ids say whose deck a card came from, never what it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import View
from engine.gin_jon_tan.cards import Card
from engine.gin_jon_tan.value import Evaluation

__all__ = ["Clash", "DuelCard", "DuelView", "EvaluationEntry", "GinJonTanView", "HeldCard"]


@dataclass(frozen=True)
class HeldCard:
    """One card at the table."""

    #: The card's id at this table: ``"<owner seat>.<position in the owner's deck>"``.
    id: str
    #: The seat whose deck the card belongs to (it goes back there after the round).
    owner: int
    card: Card


@dataclass(frozen=True)
class DuelCard:
    """A card unfolded in a duel (public from the moment it is unfolded)."""

    seat: int
    held: HeldCard
    #: True once it has clashed (it goes to its owner's draw pile after the duel).
    spent: bool
    #: The symbol a Universal acts as in this duel ("" for other cards, or not yet declared).
    declared: str

    @property
    def acts_as(self) -> str:
        """The symbol the card clashes as."""
        return self.declared or self.held.card.symbol


@dataclass(frozen=True)
class Clash:
    """One clash: the winner's card beat the loser's card."""

    winner_seat: int
    winner: HeldCard
    #: The symbol the winning card acted as (a Universal's declared symbol).
    winner_as: str
    loser_seat: int
    loser: HeldCard
    loser_as: str
    #: v(winner) + v(loser), added to the winner's score.
    points: int
    #: The seed's sentence, e.g. "Water quenches Fire".
    sentence: str
    #: True when the winner acted as a Black hole (reserves went into draw piles).
    black_hole: bool


@dataclass(frozen=True)
class DuelView:
    """The duel being fought now, or the last one fought this round."""

    #: 1-based number of this duel in the round, and how many duels the round has: n(n−1).
    number: int
    total: int
    starter: int
    defender: int
    #: Every card unfolded so far, the starter's first.
    cards: tuple[DuelCard, ...]
    #: The clashes so far, in order.
    clashes: tuple[Clash, ...]
    #: The seat whose clash it is now (None when the clashes are over).
    to_act: int | None
    #: True once two passes in a row ended the clashes.
    over: bool


@dataclass(frozen=True)
class EvaluationEntry:
    """One seat's part in a round's evaluation (public)."""

    seat: int
    #: ``""`` not decided yet, ``"kat_oh"`` gave up (nothing shown), ``"reveal"``.
    action: str
    #: The revealed hand (empty unless revealed).
    cards: tuple[HeldCard, ...]
    #: The revealed hand's value with its best combination marked (positions in ``cards``).
    evaluation: Evaluation | None
    #: True when the revealed hand holds Defeat: back to the round's starting score, no place.
    defeat: bool
    #: Place among the ranked hands (1 = highest; equal values share the better place), once all decided.
    place: int | None
    #: What the evaluation did to the score: +value for place 1, −(place−1)×value after, once all decided.
    delta: int | None


@dataclass(frozen=True)
class GinJonTanView(View):
    """What one seat (or a spectator) sees. Hands, reserves and active cards are the owner's only."""

    #: The round being played (1-based) and the number of rounds in the game.
    round_no: int
    rounds: int
    #: ``"common"`` or ``"personal"`` decks.
    deck: str
    #: Everyone's score now, and at the start of this round (Defeat goes back to it).
    scores: tuple[int, ...]
    round_start_scores: tuple[int, ...]
    #: This round's turn order (empty until the reserve cards are turned).
    turn_order: tuple[int, ...]
    #: Per seat, the reserve cards turned face up to find the turn order (public).
    turned: tuple[tuple[HeldCard, ...], ...]
    #: This seat's hand, reserve and set-aside active cards (empty for spectators).
    hand: tuple[HeldCard, ...]
    reserve: tuple[HeldCard, ...]
    active: tuple[HeldCard, ...]
    #: This seat's hand value with its best combination (None for spectators).
    hand_evaluation: Evaluation | None
    #: Per seat, how many cards are in hand, reserve, draw pile and set aside (public counts).
    hand_sizes: tuple[int, ...]
    reserve_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    active_sizes: tuple[int, ...]
    #: Seats that swapped hand and reserve this round (public once everyone chose).
    swapped: tuple[int, ...]
    #: The duel being fought, or the last one of this round (None before the first).
    duel: DuelView | None
    #: The most recent clash this round (None before the first).
    last_clash: Clash | None
    #: Combination round: seats that said "Gin jon tan!" and are satisfied now.
    satisfied: tuple[int, ...]
    #: Combination round: turns taken so far and the most it can last (3 full cycles).
    combination_turn: int
    combination_turns: int
    #: This round's evaluation so far, in turn order (the last round's until a new one starts).
    evaluation: tuple[EvaluationEntry, ...]
