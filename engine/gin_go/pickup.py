"""Which melds and lay-offs a seat may make now, a pick-up from the discard pile included.

The rule page: the chosen card of a pick-up "must be used at once, in the same action, in
a new meld with cards from hand, or be laid off; laying off is only allowed when at least
2 cards were taken and at least 2 of them are laid off this turn." So a pick-up opens with
a meld holding the chosen card, or with a lay-off holding it. A lay-off that holds only
one taken card leaves a debt: before the discard, another taken card must be laid off
(on any meld — the first lay-off's meld included). Such an opening lay-off is allowed only
when the debt can still be paid after it (for the Joker names it may take), so a player
is never stuck. The rules, the computer players and the pictures all ask this module, so
what is offered, played and drawn is the same set.

Melds are read as :data:`TableMeld` ``(id, kind, identities)``; ``forbidden`` is every
card the table's melds hold or name (a Joker may not name one).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.gin_go.cards import is_joker, rank_of, suit_of
from engine.gin_go.melds import Naming, namings, possible_hits, possible_melds

__all__ = [
    "Hit",
    "TableMeld",
    "debt_is_payable",
    "hits_now",
    "melds_now",
    "namings_keeping_payable",
    "pickup_is_usable",
]

#: A meld on the table as the rules read it: its id, "run" or "set", and the cards its entries stand for.
TableMeld = tuple[str, str, tuple[str, ...]]
#: A lay-off: the meld's id and the cards laid on it (one group per shape).
Hit = tuple[str, tuple[str, ...]]

#: The phases of a turn this module knows: after a pick-up, and after a lay-off that owes another.
USE_TAKEN = "use_taken"
OWE_LAY_OFF = "lay_off_taken"


def _all_hits(
    hand: Sequence[str], melds: Sequence[TableMeld], forbidden: set[str], taken: Sequence[str] = ()
) -> list[Hit]:
    """Every lay-off shape of ``hand`` that keeps a card to discard (taken Jokers used first)."""
    found: list[Hit] = []
    for meld_id, kind, identities in melds:
        for group in possible_hits(hand, kind, identities, forbidden, taken):
            if len(group) < len(hand):
                found.append((meld_id, group))
    return found


def _taken_in(cards: Iterable[str], taken: Sequence[str]) -> int:
    return sum(1 for c in cards if c in taken)


def debt_is_payable(hand: Sequence[str], melds: Sequence[TableMeld], forbidden: set[str], owed: set[str]) -> bool:
    """True when some lay-off of ``hand`` holds one of the ``owed`` cards (and keeps a card).

    A lay-off holding a natural card is of its suit (a run) or its rank (a set), Jokers aside: only
    those cards of the hand are tried with it (the same answer, a fraction of the work)."""
    for card in owed & set(hand):
        if is_joker(card):
            helpers = list(hand)
        else:
            helpers = [c for c in hand if is_joker(c) or suit_of(c) == suit_of(card) or rank_of(c) == rank_of(card)]
        for _, kind, identities in melds:
            for group in possible_hits(helpers, kind, identities, forbidden, (card,)):
                if card in group and len(group) < len(hand):
                    return True
    return False


def namings_keeping_payable(
    hand: Sequence[str],
    melds: Sequence[TableMeld],
    forbidden: set[str],
    taken: Sequence[str],
    target: str,
    cards: Sequence[str],
    found: Sequence[Naming],
) -> list[Naming]:
    """The namings of an opening lay-off of ``cards`` on ``target`` after which the debt can be paid."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    owed = set(taken) - set(cards)
    kept: list[Naming] = []
    for naming in found:
        names = iter(naming[1])
        laid = [next(names) if is_joker(c) else c for c in cards]
        after = [(mid, kind, (*ids, *laid) if mid == target else ids) for mid, kind, ids in melds]
        if debt_is_payable(rest, after, forbidden | set(laid), owed):
            kept.append(naming)
    return kept


def _opening_hits(
    hand: Sequence[str], melds: Sequence[TableMeld], forbidden: set[str], taken: Sequence[str], first: bool = False
) -> list[Hit]:
    """Lay-offs that may open a pick-up: with the chosen card, and two taken cards now or the second to
    follow (``first``: stop at the first one found)."""
    chosen = taken[0]
    found: list[Hit] = []
    kinds = {mid: (kind, ids) for mid, kind, ids in melds}
    later: list[Hit] = []
    for meld_id, group in _all_hits(hand, melds, forbidden, taken):
        if chosen not in group:
            continue
        if _taken_in(group, taken) >= 2:
            found.append((meld_id, group))
            if first:
                return found
        elif len(taken) >= 2:
            later.append((meld_id, group))
    for meld_id, group in later:  # the dearer test last: can one more taken card follow?
        kind, ids = kinds[meld_id]
        ways = namings(group, forbidden, ids, kind)
        if namings_keeping_payable(hand, melds, forbidden, taken, meld_id, group, ways):
            found.append((meld_id, group))
            if first:
                return found
    return found


def hits_now(
    phase: str, hand: Sequence[str], melds: Sequence[TableMeld], forbidden: set[str], taken: Sequence[str]
) -> list[Hit]:
    """Every lay-off shape the seat may make in this phase of its turn."""
    if phase == USE_TAKEN:
        return _opening_hits(hand, melds, forbidden, taken)
    found = _all_hits(hand, melds, forbidden, taken if phase == OWE_LAY_OFF else ())
    if phase == OWE_LAY_OFF:
        return [(mid, group) for mid, group in found if set(group) & set(taken)]
    return found


def melds_now(phase: str, hand: Sequence[str], forbidden: set[str], taken: Sequence[str]) -> list[tuple[str, ...]]:
    """Every new meld shape the seat may lay down in this phase (none while a lay-off is owed)."""
    if phase == OWE_LAY_OFF:
        return []
    include = taken[0] if phase == USE_TAKEN else None
    return [g for g in possible_melds(hand, forbidden, include) if len(g) < len(hand)]


def pickup_is_usable(
    hand: Sequence[str], melds: Sequence[TableMeld], forbidden: set[str], taken: Sequence[str]
) -> bool:
    """True when the pick-up of ``taken`` (the chosen card first; already in ``hand``) has a legal use at once."""
    if melds_now(USE_TAKEN, hand, forbidden, taken):
        return True
    return len(taken) >= 2 and bool(_opening_hits(hand, melds, forbidden, taken, first=True))
