"""The meld solver: the arrangement of a hand into sets and runs with the least deadwood.

How it is fast. Runs never leave a suit, so for each 13-bit suit field a table made
once at import holds the least deadwood using runs only (8,192 entries per table).
Sets are the only thing that couples the suits, and a 10- or 11-card hand has at
most three ranks with three or more cards. So: for every way of taking sets out of
those ranks (none, the 3- or 4-set, or one of the four 3-subsets of a 4-set), the
deadwood is four table look-ups. Most random hands have no such rank and cost one
``if`` and four look-ups. For 11 cards a second table gives, per suit, how much the
best discard from that suit saves, which makes "the best discard" one ``max``.

Public functions take card strings ("As", "Td", "Kh"); the ``*_mask`` functions take
bitmasks (see :mod:`engine.gin_rummy.cards`) for the engine and computer players.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine.gin_rummy.cards import from_mask, sorted_cards, to_mask

__all__ = [
    "Melding",
    "arrange_mask",
    "best_lay_off",
    "best_melds",
    "deadwood_after_discard_mask",
    "deadwood_mask",
    "min_deadwood",
]

_F = 0x1FFF  # one suit field
_NO_DISCARD = -1000  # the "saving" of discarding from an empty suit: never chosen


def _build_tables() -> tuple[list[tuple[int, ...]], list[int], list[int], list[int]]:
    run_dw = [0] * (1 << 13)
    run_best: list[tuple[int, ...]] = [()] * (1 << 13)
    for mask in range(1, 1 << 13):
        low = mask & -mask
        rank = low.bit_length() - 1
        # The lowest card is either deadwood or the start of a run.
        best = min(rank + 1, 10) + run_dw[mask ^ low]
        best_runs = run_best[mask ^ low]
        run = low | low << 1 | low << 2
        while run <= _F and run & mask == run:
            if run_dw[mask ^ run] < best:
                best = run_dw[mask ^ run]
                best_runs = (run, *run_best[mask ^ run])
            run |= run << 1  # one card longer (past the King it leaves the field and stops)
        run_dw[mask] = best
        run_best[mask] = best_runs
    gain = [_NO_DISCARD] * (1 << 13)  # deadwood saved by the best discard from this suit
    gain_card = [0] * (1 << 13)  # that discard (a bit of the suit field)
    for mask in range(1, 1 << 13):
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            saving = run_dw[mask] - run_dw[mask ^ bit]
            if saving > gain[mask]:
                gain[mask] = saving
                gain_card[mask] = bit
    return run_best, run_dw, gain, gain_card


_RUN_BEST, _RUN_DW, _GAIN, _GAIN_CARD = _build_tables()

#: For the four suits present at a rank (a 4-bit pattern): which suits a set may take.
_SET_CHOICES: dict[int, tuple[int, ...]] = {}
for _pattern in range(16):
    if _pattern.bit_count() == 3:
        _SET_CHOICES[_pattern] = (_pattern,)
    elif _pattern == 15:
        _SET_CHOICES[_pattern] = (15, 14, 13, 11, 7)


def _set_options(c: int, d: int, h: int, s: int, three: int) -> Iterator[tuple[int, int, int, int, int]]:
    """Every way to take sets out of the ranks in ``three``: (c, d, h, s, sets taken).

    ``sets taken`` is a 52-bit mask of the set cards (for reconstructing the melds).
    """
    if not three:
        yield c, d, h, s, 0
        return
    bit = three & -three
    rest = three ^ bit
    yield from _set_options(c, d, h, s, rest)  # no set of this rank
    pattern = (c & bit and 1) | (d & bit and 2) | (h & bit and 4) | (s & bit and 8)
    for take in _SET_CHOICES[pattern]:
        taken = (
            (bit if take & 1 else 0)
            | (bit << 13 if take & 2 else 0)
            | (bit << 26 if take & 4 else 0)
            | (bit << 39 if take & 8 else 0)
        )
        for c2, d2, h2, s2, sets in _set_options(
            c & ~bit if take & 1 else c,
            d & ~bit if take & 2 else d,
            h & ~bit if take & 4 else h,
            s & ~bit if take & 8 else s,
            rest,
        ):
            yield c2, d2, h2, s2, sets | taken


def deadwood_mask(mask: int) -> int:
    """Least deadwood of all the cards of ``mask`` (any number of cards)."""
    c = mask & _F
    d = mask >> 13 & _F
    h = mask >> 26 & _F
    s = mask >> 39
    three = (c & d & (h | s)) | (h & s & (c | d))
    r = _RUN_DW
    if not three:
        return r[c] + r[d] + r[h] + r[s]
    if not three & (three - 1):  # one rank with a set: no generator (computer players call this a lot)
        best = r[c] + r[d] + r[h] + r[s]
        pattern = (c & three and 1) | (d & three and 2) | (h & three and 4) | (s & three and 8)
        for take in _SET_CHOICES[pattern]:
            total = (
                r[c & ~three if take & 1 else c]
                + r[d & ~three if take & 2 else d]
                + r[h & ~three if take & 4 else h]
                + r[s & ~three if take & 8 else s]
            )
            if total < best:
                best = total
        return best
    return min(r[c2] + r[d2] + r[h2] + r[s2] for c2, d2, h2, s2, _ in _set_options(c, d, h, s, three))


def deadwood_after_discard_mask(mask: int) -> int:
    """Least deadwood of ``mask`` after the best single discard (the knock check of 11 cards)."""
    c = mask & _F
    d = mask >> 13 & _F
    h = mask >> 26 & _F
    s = mask >> 39
    three = (c & d & (h | s)) | (h & s & (c | d))
    r = _RUN_DW
    g = _GAIN
    if not three:
        return r[c] + r[d] + r[h] + r[s] - max(g[c], g[d], g[h], g[s])
    if not three & (three - 1):  # one rank with a set, as in deadwood_mask
        best = r[c] + r[d] + r[h] + r[s] - max(g[c], g[d], g[h], g[s])
        pattern = (c & three and 1) | (d & three and 2) | (h & three and 4) | (s & three and 8)
        for take in _SET_CHOICES[pattern]:
            c2 = c & ~three if take & 1 else c
            d2 = d & ~three if take & 2 else d
            h2 = h & ~three if take & 4 else h
            s2 = s & ~three if take & 8 else s
            if c2 | d2 | h2 | s2:
                total = r[c2] + r[d2] + r[h2] + r[s2] - max(g[c2], g[d2], g[h2], g[s2])
                if total < best:
                    best = total
        return best
    return min(
        r[c2] + r[d2] + r[h2] + r[s2] - max(g[c2], g[d2], g[h2], g[s2])
        for c2, d2, h2, s2, _ in _set_options(c, d, h, s, three)
        if c2 | d2 | h2 | s2
    )


def arrange_mask(mask: int, discard: bool = False) -> tuple[int, list[int], int]:
    """(deadwood, meld masks, discarded card mask) of the best arrangement of ``mask``.

    With ``discard``, one card is set aside first (the best discard); it is returned
    as the third value (0 otherwise).
    """
    c = mask & _F
    d = mask >> 13 & _F
    h = mask >> 26 & _F
    s = mask >> 39
    three = (c & d & (h | s)) | (h & s & (c | d))
    r = _RUN_DW
    g = _GAIN
    best: tuple[int, int, int, int, int, int] | None = None
    for c2, d2, h2, s2, sets in _set_options(c, d, h, s, three):
        total = r[c2] + r[d2] + r[h2] + r[s2]
        if discard:
            if not c2 | d2 | h2 | s2:
                continue
            total -= max(g[c2], g[d2], g[h2], g[s2])
        if best is None or total < best[0]:
            best = (total, c2, d2, h2, s2, sets)
    assert best is not None
    total, *fields, sets = best
    thrown = 0
    if discard:
        suit = max(range(4), key=lambda i: g[fields[i]])
        thrown = _GAIN_CARD[fields[suit]] << (13 * suit)
        fields[suit] &= ~_GAIN_CARD[fields[suit]]
    melds = _split_sets(sets)
    for suit, field in enumerate(fields):
        melds.extend(run << (13 * suit) for run in _RUN_BEST[field])
    return total, melds, thrown


def _split_sets(sets: int) -> list[int]:
    """The set melds of a mask holding whole sets: one meld per rank."""
    melds = []
    for rank in range(13):
        meld = sets & (1 << rank | 1 << (rank + 13) | 1 << (rank + 26) | 1 << (rank + 39))
        if meld:
            melds.append(meld)
    return melds


# -- the public, string-based functions ------------------------------------------


class Melding(NamedTuple):
    """The result of :func:`best_melds`: the least deadwood and melds that reach it.

    For an 11-card hand, the best discard is a highest-valued card outside the
    melds; ``deadwood`` counts the other unmelded cards.
    """

    deadwood: int
    melds: tuple[tuple[str, ...], ...]


def min_deadwood(cards: Iterable[str]) -> int:
    """Least deadwood of a hand: 10 cards as they are, 11 cards after the best discard.

    >>> min_deadwood(["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "Jh", "5d"])
    5
    >>> min_deadwood(["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "Jh", "5d", "4s"])
    0

    Any other number of cards is arranged whole. ValueError on a bad or repeated card.
    """
    cards = list(cards)
    mask = to_mask(cards)
    if len(cards) == 11:
        return deadwood_after_discard_mask(mask)
    return deadwood_mask(mask)


def best_melds(cards: Iterable[str]) -> Melding:
    """The least deadwood and the melds (each sorted, runs low to high) that reach it."""
    cards = list(cards)
    total, melds, _ = arrange_mask(to_mask(cards), discard=len(cards) == 11)
    return Melding(total, tuple(tuple(sorted_cards(from_mask(m))) for m in melds))


def _is_run(meld: int) -> bool:
    low = meld & -meld
    return (low.bit_length() - 1) % 13 != (meld.bit_length() - 1) % 13


def _place_lay_offs(cards: int, melds: list[int]) -> tuple[list[tuple[int, int]], int]:
    """Put the cards of ``cards`` on ``melds``: ([(card bit, meld index)], cards left over).

    Runs grow one card at a time at either end (a laid-off card may carry another);
    a three-card set takes its missing fourth card. Runs are tried first: a card that
    could go on a set or a run never blocks anything on the run.
    """
    extents = list(melds)
    placed: list[tuple[int, int]] = []
    left = cards
    changed = True
    while left and changed:
        changed = False
        for i, meld in enumerate(extents):
            if not _is_run(meld):
                continue
            low = meld & -meld
            top = 1 << (meld.bit_length() - 1)
            below = low >> 1 if (low.bit_length() - 1) % 13 != 0 else 0  # nothing below an Ace
            above = top << 1 if (top.bit_length() - 1) % 13 != 12 else 0  # nothing above a King
            for end in (below, above):
                if end & left:
                    extents[i] |= end
                    left ^= end
                    placed.append((end, i))
                    changed = True
    for i, meld in enumerate(melds):
        if left and not _is_run(meld) and meld.bit_count() == 3:
            rank = (meld.bit_length() - 1) % 13
            fourth = (1 << rank | 1 << (rank + 13) | 1 << (rank + 26) | 1 << (rank + 39)) & ~meld
            if fourth & left:
                left ^= fourth
                placed.append((fourth, i))
    return placed, left


def best_lay_off(hand: int, melds: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """The defender's least deadwood after laying off onto the knocker's ``melds``.

    Returns (deadwood, [(card bit, meld index)]). Tries every set of cards that can be
    laid off together (few: only cards next to a run or completing a set qualify).
    """
    candidates = 0
    for bit, _ in _place_lay_offs(hand, melds)[0]:
        candidates |= bit
    best: tuple[int, list[tuple[int, int]]] = (deadwood_mask(hand), [])
    sub = candidates
    while sub:
        placed, left = _place_lay_offs(sub, melds)
        if not left:
            total = deadwood_mask(hand ^ sub)
            if total < best[0] or (total == best[0] and len(placed) > len(best[1])):
                best = (total, placed)
        sub = (sub - 1) & candidates
    return best
