"""What a seat of Gin Rummy sees: its view, the public end of each hand, and the final score."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import View

__all__ = ["FinalScore", "GinRummyView", "HandResult"]


@dataclass(frozen=True)
class HandResult:
    """The public end of one hand: what was laid down and how it scored."""

    number: int
    #: "knock", "undercut", "gin", "big_gin" or "draw".
    kind: str
    knocker: int | None
    #: The seat that scored (None for a draw).
    winner: int | None
    points: int
    #: Both hands as laid down (empty for a draw: nobody shows their cards).
    hands: tuple[tuple[str, ...], ...]
    melds: tuple[tuple[tuple[str, ...], ...], ...]
    deadwood_cards: tuple[tuple[str, ...], ...]
    deadwood: tuple[int, ...]
    #: The defender's cards laid off: (card, index into the knocker's melds).
    layoffs: tuple[tuple[str, int], ...]
    #: The knocker's face-down discard (None for Big Gin and a draw).
    face_down: str | None
    #: Both scores after this hand.
    scores: tuple[int, ...]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(
            number=data["number"],
            kind=data["kind"],
            knocker=data["knocker"],
            winner=data["winner"],
            points=data["points"],
            hands=tuple(tuple(h) for h in data["hands"]),
            melds=tuple(tuple(tuple(m) for m in seat) for seat in data["melds"]),
            deadwood_cards=tuple(tuple(d) for d in data["deadwood_cards"]),
            deadwood=tuple(data["deadwood"]),
            layoffs=tuple((card, index) for card, index in data["layoffs"]),
            face_down=data["face_down"],
            scores=tuple(data["scores"]),
        )


@dataclass(frozen=True)
class FinalScore:
    """The end of the game: the hand scores plus the game and line bonuses."""

    winner: int
    game_bonus: int
    line_bonus: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GinRummyView(View):
    """What one seat (or a spectator) sees. Never the other hand before a reveal, never the stock."""

    #: Own cards, grouped by suit (empty for spectators).
    hand: tuple[str, ...]
    #: Own best melds; with 11 cards, after the best legal discard (``best_discard``).
    melds: tuple[tuple[str, ...], ...]
    deadwood_cards: tuple[str, ...]
    deadwood: int | None
    best_discard: str | None
    #: The card just taken from the discard pile (it may not be discarded this turn).
    just_taken: str | None
    discard_top: str | None
    discard_pile: tuple[str, ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    #: The seat whose turn it is (None when the game is over).
    turn: int | None
    dealer: int
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    hand_number: int
    #: This hand's public record, per seat: cards taken from the discard pile, cards
    #: discarded, and cards declined on top of the discard pile (upcards passed and
    #: discards left for a stock draw).
    picked: tuple[tuple[str, ...], ...]
    discarded: tuple[tuple[str, ...], ...]
    passed: tuple[tuple[str, ...], ...]
    knock_card: int
    target_score: int
    #: The previous hand's reveal (public once the hand is over).
    last_hand: HandResult | None
    final: FinalScore | None
