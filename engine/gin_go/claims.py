"""The melds and lay-offs a Gin-Go seat could make now, ranked: what its hand picture numbers on
the board ("1", "2"… on the squares each would take).

Read from the seat's own view only (its hand, the melds on the table, a pending Joker naming),
through :mod:`engine.gin_go.pickup`, the module the rules and the computer players ask too, so
what is drawn is what may be played. Ranked by the chips a claim would put down (a Joker's
counting as one), then the chips it would bump, then its length; a claim that is a smaller
version of one ranked higher is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.gin_go.board import square_of
from engine.gin_go.cards import is_joker
from engine.gin_go.pickup import hits_now, melds_now
from engine.gin_go.view import GinGoView

__all__ = ["Claim", "claims"]

#: How many claims a hand shows at most.
SHOWN = 4


@dataclass(frozen=True)
class Claim:
    """One move the player could make now, and the squares its chips would take."""

    cards: tuple[str, ...]
    names: tuple[str, ...] | None
    target: str | None
    squares: tuple[int, ...]
    jokers: int
    new: int
    bumps: int


def claims(view: GinGoView) -> list[Claim]:
    """The best few melds and hits the seat can make now (while drawing: with the hand as it is),
    read from its own hand, the melds on the table and its pending Joker naming."""
    if view.seat is None or view.phase in ("over", "arrange", "setup_mode", "capture_joker") or view.turn != view.seat:
        return []
    side = view.sides[view.seat]
    row = view.suit_rows[side]
    if row is None:
        return []

    def claim(cards: Sequence[str], named: Sequence[str] | None, target: str | None) -> Claim:
        shown = [n for c, n in zip(cards, named or cards, strict=True) if not is_joker(n)]
        squares = tuple(dict.fromkeys(square_of(side, row, c) for c in shown))
        new = sum(1 for sq in squares if view.board[sq] != side)
        bumps = sum(1 for sq in squares if view.board[sq] == 1 - side)
        jokers = sum(1 for c, n in zip(cards, named or cards, strict=True) if is_joker(n))
        return Claim(tuple(cards), tuple(named) if named else None, target, squares, jokers, new, bumps)

    if view.phase == "name_joker" and view.pending_cards:
        found = []
        for decision in view.decisions:
            for option in decision.options:
                if option.id != "cancel" and not is_joker(option.id):
                    named = [option.id if is_joker(c) else c for c in view.pending_cards]
                    found.append(claim(view.pending_cards, named, None))
        return found[:SHOWN]
    forbidden = {n for m in view.melds for n in m.names}
    hand = list(view.hand)
    found = [claim(g, None, None) for g in melds_now(view.phase, hand, forbidden, view.taken)]
    melds = [(m.id, m.kind, m.names) for m in view.melds]
    found += [claim(g, None, mid) for mid, g in hits_now(view.phase, hand, melds, forbidden, view.taken)]
    found.sort(key=lambda c: (-c.new - c.jokers, -c.bumps, -len(c.cards)))
    best: list[Claim] = []
    for one in found:  # the best few, leaving out a smaller version of one already kept
        if not any(set(one.cards) <= set(kept.cards) and one.target == kept.target for kept in best):
            best.append(one)
        if len(best) == SHOWN:
            break
    return best
