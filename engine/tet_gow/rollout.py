"""A small, fast Tet-Gow simulator for the computer player's lookahead.

It plays the rest of one game from a fully known (guessed) deal with a simple
greedy policy for every seat, and returns each seat's points. It is not the
rulebook (that is :mod:`engine.tet_gow.rules`); it trades checks for speed.

The greedy policy only asks how many cards of each Set a hand holds in each
Tier: a lead is a whole Tier group, a follow any cards of the lead's Set mix in
the strongest Tier that has them, a pass the weakest cards. So a hand (or a
play) is packed into one int of counts, which makes every step a few integer
operations instead of a walk over lists of card ids:

* 18 fields of 3 bits, one per (Tier, Set), strongest first from the low bits:
  Tier 1's Suits, Cycle, Inter counts, then Tier 2's, and so on. A Tier's three
  fields (9 bits) read alone are that Tier's Set mix.
* No Set has more than 3 cards in a Tier, so each field's top bit is spare: set
  it as a guard, subtract a Set mix from every Tier at once, and the guards
  still standing tell which Tiers hold at least that mix (no borrow crosses a
  field).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.tet_gow.deck import CARDS, SETS

WIN_BONUS = 5
TIERS = 6
_FIELD = 3
_TIER_BITS = 3 * _FIELD

#: Each card id's packed value: a count of 1 in its (Tier, Set) field.
UNIT: dict[str, int] = {c.id: 1 << (_TIER_BITS * (c.tier - 1) + _FIELD * SETS.index(c.set)) for c in CARDS.values()}
#: The guard bit of every field, and of the first field of every Tier.
GUARDS = sum(4 << (_FIELD * f) for f in range(3 * TIERS))
_TIER_GUARDS = sum(4 << (_TIER_BITS * t) for t in range(TIERS))
#: A Tier's 9 bits copied into every Tier: ``mix * EVERY_TIER``.
EVERY_TIER = sum(1 << (_TIER_BITS * t) for t in range(TIERS))


def _size(mix: int) -> int:
    return (mix & 7) + (mix >> 3 & 7) + (mix >> 6 & 7)


def _classic(mix: int) -> int:
    """A lead's best part under the classic limit: Suits and Inter first, then one Cycle, four cards."""
    suits, cycle, inter = mix & 7, mix >> 3 & 7, mix >> 6 & 7
    suits = min(suits, 4)
    inter = min(inter, 4 - suits)
    cycle = max(0, min(cycle, 1, 4 - suits - inter))
    return suits | cycle << 3 | inter << 6


#: The seat after each seat, by the number of players.
_NEXT_SEAT = {n: tuple((seat + 1) % n for seat in range(n)) for n in (3, 4)}
#: Cards in a Tier's 9-bit Set mix, and what the classic lead limit keeps of it.
_SIZE = [_size(m) for m in range(1 << _TIER_BITS)]
_CLASSIC = [_classic(m) for m in range(1 << _TIER_BITS)]


def pack(cards: Iterable[str]) -> int:
    """Card ids as packed counts (a hand, a play or a deal's slice)."""
    return sum(UNIT[c] for c in cards)


def tier_mix(packed: int, tier: int) -> int:
    """The Set mix (9 bits) ``packed`` holds in ``tier``."""
    return packed >> (_TIER_BITS * (tier - 1)) & 511


def stronger_than(tier: int) -> int:
    """The Tier guards of every Tier stronger than ``tier``."""
    return _TIER_GUARDS & ((4 << (_TIER_BITS * (tier - 1))) - 1)


def tier_guard(tier: int) -> int:
    """The guard of ``tier`` (of its first field), as :func:`stronger_than` sets them."""
    return 4 << (_TIER_BITS * (tier - 1))


def greedy_lead(hand: int, classic: bool) -> int:
    """The plain lead from ``hand``, packed: its biggest Tier group (the strongest of equals), whole
    or as the classic limit cuts it."""
    lead, shift = greedy_lead_mix(hand, classic)
    return lead << shift


def greedy_lead_mix(hand: int, classic: bool) -> tuple[int, int]:
    """:func:`greedy_lead` as its Set mix (9 bits) and the shift of its Tier's fields."""
    most, shift = 0, 0
    for at in range(0, _TIER_BITS * TIERS, _TIER_BITS):
        count = _SIZE[hand >> at & 511]
        if count > most:
            most, shift = count, at
    lead = hand >> shift & 511
    if classic:
        lead = _CLASSIC[lead]
    return lead, shift


def drop_weakest(hand: int, count: int) -> int:
    """``hand`` (packed) without its ``count`` weakest cards: the highest fields first."""
    while True:
        shift = (hand.bit_length() - 1) // _FIELD * _FIELD
        held = hand >> shift & 7
        if held >= count:
            return hand - (count << shift)
        hand -= held << shift
        count -= held


def finish(
    hands: list[int],
    tricks: list[int],
    leader: int,
    turn: int,
    lead: int,
    best: int,
    winner: int,
    classic: bool,
    thrifty: int = -1,
) -> list[int]:
    """Play the game out greedily from ``turn`` and return every seat's points.

    ``hands`` are packed; ``lead`` is this round's lead as a Tier's Set mix (0
    when ``leader`` has yet to lead), ``best`` the Tier of its strongest face-up
    play so far and ``winner`` that play's seat. Hands and tricks are changed in
    place. The seat ``thrifty`` (if any) follows in the weakest Tier that beats
    the round so far rather than the strongest: it keeps its strong cards for
    later, as the thinking player would. (In the last round a hand holds one
    follow at most.)
    """
    after = _NEXT_SEAT[len(hands)]
    stronger = stronger_than(best)
    while True:
        if not lead:
            hand = hands[leader]
            lead, shift = greedy_lead_mix(hand, classic)
            hands[leader] = hand - (lead << shift)
            stronger = _TIER_GUARDS & ((4 << shift) - 1)
            winner, turn = leader, after[leader]
        size = _SIZE[lead]
        final = not hands[leader]
        wanted = lead * EVERY_TIER
        while turn != leader:
            hand = hands[turn]
            if stronger and (not final or tricks[turn] + size >= 2):
                held = ((hand | GUARDS) - wanted) & GUARDS
                tiers = held & held >> 3 & held >> 6 & stronger
                if tiers:
                    lowest = tiers & -tiers
                    if turn == thrifty:
                        lowest = 1 << (tiers.bit_length() - 1)
                    hands[turn] = hand - (lead << (lowest.bit_length() - 3))
                    stronger = _TIER_GUARDS & (lowest - 1)
                    winner = turn
                    turn = after[turn]
                    continue
            # A pass, the play-out's most frequent step: drop_weakest(hand, size) written out, as a call
            # here slows the whole play-out.
            drop = size  # pass the weakest cards: the highest fields first
            while True:
                shift = (hand.bit_length() - 1) // _FIELD * _FIELD
                count = hand >> shift & 7
                if count >= drop:
                    hands[turn] = hand - (drop << shift)
                    break
                hand -= count << shift
                drop -= count
            turn = after[turn]
        tricks[winner] += size
        if final:
            break
        leader, lead = winner, 0
    return [t + (WIN_BONUS if seat == winner else 0) for seat, t in enumerate(tricks)]
