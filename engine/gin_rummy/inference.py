"""Guessing the Gin Rummy opponent's hand from what it did, read as the simple baseline's moves.

The baseline (:class:`~engine.gin_rummy.players.SimplePlayer`) is almost a function of its
hand: it takes the top discard exactly when the card goes into a meld, discards a card that
leaves the least deadwood, and knocks as soon as it may. So each of its moves is a hard
constraint on its hand at that moment: a pass says the card did not meld, a take that it did,
a discard that no other card left less deadwood and that no card left a knockable hand.

Its hand at any moment is its current hand plus the cards it discarded since, minus the
pile cards it took since and the stock cards it drew since. A guess is a set of unseen cards
for its current hand, checked backwards from now: each discard puts its card back, each take
removes the taken card, each stock draw removes one of the cards the hand held that did not
come from the pile. :func:`fits` asks whether some order of draws fits every move (depth
first). Drawing guesses uniformly and keeping those that fit is not the posterior: a hand that
fits under few draw orders counts as much as one that fits under many, so a pass barely
binds. :func:`sample` weighs them right (one random draw order per guess) but finds few late
in a hand, so the players use :func:`chain`: a walk over hands that fit the opponent's moves
back to its last stock draw (or a few more), with cards next to what it threw or passed made
less likely, as a cheap stand-in for the older moves.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.gin_rummy.cards import CARD_BIT, bits, to_mask
from engine.gin_rummy.melds import arrange_mask, deadwood_after_discard_mask, deadwood_mask
from engine.gin_rummy.view import GinRummyView

__all__ = ["Record", "chain", "feeds", "fits", "near_thrown", "record", "sample", "takes"]

ALL_CARDS = (1 << 52) - 1
#: Event kinds of the opponent's record.
PASS, TAKE, STOCK, DISCARD = 0, 1, 2, 3


def _partners(index: int) -> tuple[int, tuple[int, ...]]:
    """The other cards of a card's rank (a mask), and the masks of the card pairs that make a
    run of three with it."""
    rank, suit = index % 13, index // 13
    same = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
    runs = tuple(
        1 << (suit * 13 + a) | 1 << (suit * 13 + b)
        for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2))
        if a >= 0 and b < 13
    )
    return same, runs


_PARTNERS = tuple(_partners(i) for i in range(52))


def takes(hand: int, top: int) -> bool:
    """Whether the baseline holding the 10 cards ``hand`` takes the card ``top`` (a bit): the card
    is in a meld of the best hand it makes by taking it (the baseline's own rule, ties and all)."""
    same, runs = _PARTNERS[top.bit_length() - 1]
    if (hand & same).bit_count() < 2 and not any(hand & r == r for r in runs):
        return False  # nothing it could meld with
    full = hand | top
    best = 0
    least = 1000
    rest = hand
    while rest:
        b = rest & -rest
        rest ^= b
        left = deadwood_mask(full ^ b)
        if left < least:
            least, best = left, b
    _, melds, _ = arrange_mask(full ^ best)
    return any(m & top for m in melds)


def _discard_fits(hand11: int, thrown: int, taken: int, knock_card: int) -> bool:
    """Whether the baseline holding ``hand11`` would make the plain discard ``thrown``: no card
    it may throw (not ``taken``, the card just taken from the pile) leaves less deadwood, and
    none leaves a hand it could knock or go Gin with."""
    left = deadwood_mask(hand11 ^ thrown)
    if left <= knock_card:
        return False
    least = deadwood_after_discard_mask(hand11)
    if least == left:
        return True
    if not taken or least > left:
        return False
    return all(deadwood_mask(hand11 ^ b) >= left for b in bits(hand11 ^ taken))


class Record(NamedTuple):
    """The opponent's part of this hand, ready for :func:`fits`."""

    #: Its moves, newest first: (kind, card bit, the card it took that turn for a discard).
    events: tuple[tuple[int, int, int], ...]
    #: The cards it holds that all can see (taken from the pile and kept).
    known: int
    #: How many of its cards are hidden.
    hidden: int
    #: The cards that may be among them (nobody has seen them).
    pool: int
    #: Every card it took from the pile this hand (never a stock draw).
    picked: int
    knock_card: int


def record(view: GinRummyView) -> Record:
    """The opponent's moves this hand, worked out from the public record of both seats.

    Turns alternate, so the record is replayed turn by turn: a seat's draw took the top card
    when that card is next in its picked list, else it drew from the stock (declining the top,
    next in its passed list); then it made the next discard of its list. The upcard is offered
    to the non-dealer, then the dealer; when both pass, the non-dealer draws without a choice.
    """
    me = view.seat
    assert me is not None
    them = 1 - me
    picked = [list(p) for p in view.picked]
    passed = [list(p) for p in view.passed]
    discarded = [list(d) for d in view.discarded]
    at_pick, at_pass, at_discard = [0, 0], [0, 0], [0, 0]
    moves: list[tuple[int, int, str]] = []  # (seat, kind, card)
    dealer = view.dealer
    first = 1 - dealer

    def discard(seat: int) -> str | None:
        if at_discard[seat] < len(discarded[seat]):
            card = discarded[seat][at_discard[seat]]
            at_discard[seat] += 1
            moves.append((seat, DISCARD, card))
            return card
        return None

    top: str | None
    seat = first
    dealer_saw = passed[dealer][:1] + picked[dealer][:1]
    if passed[first] and (passed[first][0] in dealer_saw or (view.phase == "upcard" and view.turn == dealer)):
        upcard = passed[first][0]
        at_pass[first] = 1
        moves.append((first, PASS, upcard))
        if picked[dealer][:1] == [upcard]:
            at_pick[dealer] = 1
            moves.append((dealer, TAKE, upcard))
            top = discard(dealer)
            seat = first
        elif passed[dealer][:1] == [upcard]:
            at_pass[dealer] = 1
            moves.append((dealer, PASS, upcard))
            if view.hand_sizes[first] == 11 or discarded[first]:
                moves.append((first, STOCK, ""))
            top = discard(first)
            seat = dealer
        else:
            top = None  # the dealer is deciding on the upcard now
    elif picked[first]:
        upcard = picked[first][0]
        at_pick[first] = 1
        moves.append((first, TAKE, upcard))
        top = discard(first)
        seat = dealer
    else:
        top = None  # the non-dealer is deciding on the upcard now
    while top is not None:
        if at_pick[seat] < len(picked[seat]) and picked[seat][at_pick[seat]] == top:
            at_pick[seat] += 1
            moves.append((seat, TAKE, top))
        elif at_pass[seat] < len(passed[seat]) and passed[seat][at_pass[seat]] == top:
            at_pass[seat] += 1
            moves.append((seat, PASS, top))
            moves.append((seat, STOCK, ""))
        else:
            break
        top = discard(seat)
        seat = 1 - seat

    events: list[tuple[int, int, int]] = []
    known = 0
    taken = 0
    for who, kind, card in moves:
        if who != them:
            continue
        bit = CARD_BIT[card] if card else 0
        if kind == TAKE:
            known |= bit
            taken = bit
        elif kind == DISCARD:
            known &= ~bit
            events.append((kind, bit, taken))
            taken = 0
            continue
        elif kind == STOCK:
            taken = 0
        events.append((kind, bit, 0))
    seen = to_mask(view.hand) | to_mask(view.discard_pile)
    for seat_cards in (*view.picked, *view.passed, *view.discarded):
        for card in seat_cards:
            seen |= CARD_BIT[card]
    hidden = view.hand_sizes[them] - known.bit_count()
    return Record(
        events=tuple(reversed(events)),
        known=known,
        hidden=hidden,
        pool=ALL_CARDS & ~seen,
        picked=to_mask(set(view.picked[them])),  # a card taken twice (thrown back meanwhile) counts once
        knock_card=view.knock_card,
    )


def fits(rec: Record, hidden: int, budget: int = 200) -> bool:
    """Whether the opponent holding ``hidden`` (with its known cards) now fits every move of
    the record under some order of stock draws (at most ``budget`` draws tried)."""
    events = rec.events
    knock = rec.knock_card
    picked = rec.picked
    left = [budget]
    failed: set[tuple[int, int]] = set()

    def back(i: int, hand: int) -> bool:
        while i < len(events):
            kind, card, taken = events[i]
            if kind == DISCARD:
                hand |= card
                if not _discard_fits(hand, card, taken, knock):
                    return False
            elif kind == TAKE:
                hand ^= card
                if not takes(hand, card):
                    return False
            elif kind == PASS:
                if takes(hand, card):
                    return False
            else:  # a stock draw: one of the cards it held that did not come from the pile
                if (i, hand) in failed:
                    return False
                # Most often it threw the very card it drew: try that first.
                thrown = events[i - 1][1] if i and events[i - 1][0] == DISCARD else 0
                order = bits(hand & ~picked & ~thrown)
                if hand & thrown:
                    order.insert(0, thrown)
                for drawn in order:
                    if left[0] <= 0:
                        return False
                    left[0] -= 1
                    if back(i + 1, hand ^ drawn):
                        return True
                failed.add((i, hand))
                return False
            i += 1
        return True

    return back(0, hidden | rec.known)


def feeds(hand: int, card: int, knock_card: int) -> bool:
    """Whether the baseline holding ``hand`` (10 cards) takes ``card`` and can then knock (or go Gin)."""
    same, runs = _PARTNERS[card.bit_length() - 1]
    if (hand & same).bit_count() < 2 and not any(hand & r == r for r in runs):
        return False
    full = hand | card
    if deadwood_after_discard_mask(full) > knock_card:  # not even with the best discard
        return False
    return takes(hand, card) and min(deadwood_mask(full ^ b) for b in bits(hand)) <= knock_card


def _walk(rec: Record, i: int, hand: int) -> tuple[int, int]:
    """Apply the record's moves from ``i`` back to the next stock draw: (index of that draw or
    the record's length, the hand then), or (-1, 0) when a move does not fit."""
    events = rec.events
    knock = rec.knock_card
    while i < len(events):
        kind, card, taken = events[i]
        if kind == DISCARD:
            hand |= card
            if not _discard_fits(hand, card, taken, knock):
                return -1, 0
        elif kind == TAKE:
            hand ^= card
            if not takes(hand, card):
                return -1, 0
        elif kind == PASS:
            if takes(hand, card):
                return -1, 0
        else:
            return i, hand
        i += 1
    return i, hand


def sample(rec: Record, rng: random.Random, count: int = 32, lag: int = 2, budget: int = 600) -> list[int]:
    """Up to ``count`` hands the opponent may hold now (masks of its whole hand), drawn from the
    posterior given its moves since its ``lag``-th stock draw back: hidden cards uniform from the
    unseen ones, each of those stock draws uniform from the cards it then held that did not come
    from the pile, and a guess kept only when every move of that stretch fits its history.
    At most ``budget`` guesses and draws are tried (fewer hands may come back)."""
    pool = bits(rec.pool)
    if rec.hidden <= 0 or rec.hidden > len(pool):
        return [rec.known]
    end = len(rec.events)
    picked = rec.picked
    found: list[int] = []
    work = 0
    while len(found) < count and work < budget:
        hidden = 0
        for bit in rng.sample(pool, rec.hidden):
            hidden |= bit
        now = hidden | rec.known
        work += 1
        i, then = _walk(rec, 0, now)
        steps = 0
        while 0 <= i < end and steps < lag:
            steps += 1
            work += 1
            i, then = _walk(rec, i + 1, then ^ rng.choice(bits(then & ~picked)))
        if i >= 0:
            found.append(now)
    return found


def _misfit(rec: Record, hand: int) -> int:
    """How far the opponent's hand now is from fitting its last discard (0 when it fits it):
    deadwood short of a hand it could not knock with, plus deadwood a better discard would
    have saved."""
    if not rec.events or rec.events[0][0] != DISCARD:
        return 0
    _, thrown, _ = rec.events[0]
    left = deadwood_mask(hand)
    return max(0, rec.knock_card + 1 - left) + left - deadwood_after_discard_mask(hand | thrown)


def chain(
    rec: Record,
    rng: random.Random,
    count: int = 48,
    lag: int = 2,
    moves: int = 400,
    unlikely: int = 0,
    odds: float = 1.0,
) -> list[int]:
    """Up to ``count`` hands the opponent may hold now (repeats allowed), by a walk over its
    hidden cards: one card swapped for an unseen one at a time, a swap kept when the hand still
    fits its moves back to its last stock draw (at first: when it fits no worse, to find a hand
    that fits), and a swap bringing in a card of ``unlikely`` for one outside it kept only at
    ``odds``. Every few swaps the walk's hand is a guess if one random history of its ``lag``
    earlier stock draws fits too (so those draws weigh as in the posterior)."""
    pool = bits(rec.pool)
    if rec.hidden <= 0 or rec.hidden > len(pool):
        return [rec.known]
    end = len(rec.events)
    picked = rec.picked
    chosen = rng.sample(pool, rec.hidden)
    rest = [b for b in pool if b not in chosen]
    hidden = sum(chosen)
    known = rec.known
    score = _misfit(rec, hidden | known)
    fitting = score == 0 and _walk(rec, 0, hidden | known)[0] >= 0
    found: list[int] = []
    every = max(1, moves // (2 * count))
    for step in range(moves):
        if rest:
            a = rng.randrange(len(chosen))
            b = rng.randrange(len(rest))
            out, into = chosen[a], rest[b]
            trial = hidden ^ out ^ into
            if fitting:
                keep = not (unlikely and into & unlikely and not out & unlikely and rng.random() >= odds)
                keep = keep and _walk(rec, 0, trial | known)[0] >= 0
            else:
                new = _misfit(rec, trial | known)
                keep = new <= score
                if keep:
                    score = new
                    fitting = new == 0 and _walk(rec, 0, trial | known)[0] >= 0
            if keep:
                chosen[a], rest[b] = into, out
                hidden = trial
        if fitting and step % every == 0:
            now = hidden | known
            i, then = _walk(rec, 0, now)
            steps = 0
            while 0 <= i < end and steps < lag:
                steps += 1
                i, then = _walk(rec, i + 1, then ^ rng.choice(bits(then & ~picked)))
            if i >= 0:
                found.append(now)
                if len(found) >= count:
                    break
    return found


def near_thrown(view: GinRummyView) -> int:
    """The cards of the same rank as, or within two in the suit of, a card the opponent threw or
    passed: it would have kept or taken them had it held their partners."""
    them = 1 - (view.seat or 0)
    mask = 0
    for card in (*view.discarded[them], *view.passed[them]):
        i = CARD_BIT[card].bit_length() - 1
        rank, suit = i % 13, i // 13
        for s in range(4):
            mask |= 1 << (s * 13 + rank)
        for d in (-2, -1, 1, 2):
            if 0 <= rank + d < 13:
                mask |= 1 << (suit * 13 + rank + d)
    return mask
