"""Gin Rummy computer players: the default one, and the simple baseline it is measured against.

Both see only their :class:`~engine.gin_rummy.view.GinRummyView` and remember nothing:
what the opponent took from and left on the discard pile is in the view's record.

The default player looks one draw ahead, and it plays the race: a 10-card hand is
judged first by how many of the cards it has not seen would let it knock on the next
stock draw, then by its expected deadwood after that draw, so a pair or a
run-in-waiting is kept while its cards are still live. A discard also pays for the
chance of completing a meld in the opponent's hand, judged from what they took from
the pile (held), what lies on the pile (dead) and what they threw or passed
(unlikely to be wanted), and for the chance that the opponent takes it and knocks at
once, judged on hands guessed to fit the opponent's moves (:mod:`.inference`). It takes
the discard when the card melds or leaves clearly less deadwood than a stock draw is
expected to, and it knocks as soon as it may: against the baseline, waiting for Gin or
for a lower knock measured worse, and so did playing candidate moves out to the end of
the hand in sampled worlds of hidden cards (greedy play-outs: 51–53% of hands; they help
only when the opponent's hand is known).
"""

from __future__ import annotations

import random

from engine.core import Decision, Move, View
from engine.gin_rummy import inference
from engine.gin_rummy.cards import CARD_BIT, CARD_INDEX, bits, to_mask
from engine.gin_rummy.melds import arrange_mask, deadwood_after_discard_mask, deadwood_mask
from engine.gin_rummy.view import GinRummyView
from engine.players import ComputerPlayer

__all__ = ["CasualPlayer", "GinRummyPlayer", "SimplePlayer"]

ALL_CARDS = (1 << 52) - 1


def _ends_hand(view: GinRummyView) -> Move | None:
    """Big Gin, then Gin, whenever offered: nothing scores more."""
    for decision in view.decisions:
        if decision.kind == "big_gin":
            return Move("big_gin", ("declare",))
    for decision in view.decisions:
        if decision.kind == "gin":
            return Move("gin", (decision.options[0].id,))
    return None


def _decision(view: View, kind: str) -> Decision | None:
    return next((d for d in view.decisions if d.kind == kind), None)


class SimplePlayer(ComputerPlayer):
    """The well-known baseline: take the discard only to complete a meld, else draw from the
    stock; discard for the least deadwood (random among equals); knock as soon as allowed."""

    name = "simple"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinRummyView)
        ending = _ends_hand(view)
        if ending:
            return ending
        if _decision(view, "upcard"):
            return Move("upcard", ("take" if self._completes_meld(view) else "pass",))
        if _decision(view, "draw"):
            return Move("draw", ("discard" if self._completes_meld(view) else "stock",))
        knock = _decision(view, "knock")
        hand = to_mask(view.hand)
        if knock:
            return Move("knock", (self._least(hand, [o.id for o in knock.options]),))
        discard = _decision(view, "discard")
        assert discard is not None
        return Move("discard", (self._least(hand, [o.id for o in discard.options]),))

    def _least(self, hand: int, cards: list[str]) -> str:
        after = {c: deadwood_mask(hand ^ CARD_BIT[c]) for c in cards}
        least = min(after.values())
        return self.rng.choice([c for c in cards if after[c] == least])

    @staticmethod
    def _completes_meld(view: GinRummyView) -> bool:
        """True if the top discard is in a meld of the best hand made by taking it."""
        assert view.discard_top is not None  # asked only when there is a discard to take
        top = CARD_BIT[view.discard_top]
        hand = to_mask(view.hand) | top
        best = min((b for b in bits(hand) if b != top), key=lambda b: deadwood_mask(hand ^ b))
        _, melds, _ = arrange_mask(hand ^ best)
        return any(m & top for m in melds)


class CasualPlayer(SimplePlayer):
    """The easy level: the baseline's rules, played the way a beginner plays them.

    It takes the discard only to complete a meld and knocks as soon as it may, like the
    baseline, but it often throws a card that merely looks loose: any card outside its melds
    (or, when all of them are wanted, its usual least-deadwood discard). So it holds high
    cards too long and breaks up its chances, and a person who counts deadwood beats it.
    """

    name = "casual"
    #: How often a discard is any loose card rather than the one that leaves the least deadwood.
    SLIP = 0.5

    def _least(self, hand: int, cards: list[str]) -> str:
        if self.rng.random() < self.SLIP:
            _, melds, _ = arrange_mask(hand)
            in_melds = 0
            for meld in melds:
                in_melds |= meld
            loose = [c for c in cards if not CARD_BIT[c] & in_melds]
            if loose:
                return self.rng.choice(loose)
        return super()._least(hand, cards)


class GinRummyPlayer(ComputerPlayer):
    """The default computer player: one draw of look-ahead, and an eye on the opponent."""

    name = "gin"
    #: How much a taken discard must beat the stock's expected deadwood (it tells the opponent).
    TAKE_MARGIN = 1.0
    #: Points of expected deadwood it is worth to hand the opponent a meld.
    DANGER = 2.0
    #: Expected-deadwood points a chance to knock after the next draw is worth: large, so
    #: the chance to knock comes first and expected deadwood breaks ties (hands are races).
    KNOCK_BONUS = 200.0
    #: What it is worth (in chance units, like ``_danger``'s) that a discard lets the opponent take
    #: it and knock at once, judged on guessed hands that fit what the opponent did.
    KNOCK_FEED = 15.0
    #: Guessed hands wanted, and the swaps of the walk that finds them (:func:`inference.chain`).
    GUESSES = 32
    GUESS_MOVES = 300
    #: Below this many guesses, the guess is not used.
    FEWEST_GUESSES = 8
    #: Prior odds of an unseen card the opponent would have kept or taken had it held it with partners.
    NEAR_THROWN_ODDS = 0.5

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinRummyView)
        ending = _ends_hand(view)
        if ending:
            return ending
        seat = view.seat
        assert seat is not None
        hand = to_mask(view.hand)
        unseen = self._unseen(view, hand)
        if _decision(view, "upcard"):
            return Move("upcard", ("take" if self._take(view, hand, unseen) else "pass",))
        if _decision(view, "draw"):
            return Move("draw", ("discard" if self._take(view, hand, unseen) else "stock",))

        knock = _decision(view, "knock")
        if knock:
            options = [o.id for o in knock.options]
            return Move("knock", (min(options, key=lambda c: deadwood_mask(hand ^ CARD_BIT[c])),))
        danger = self._danger(view, unseen)
        if self.KNOCK_FEED:
            for card, share in self._knock_feeds(view).items():
                danger[card] += self.KNOCK_FEED * share
        discard = _decision(view, "discard")
        assert discard is not None
        options = [o.id for o in discard.options]
        return Move(
            "discard",
            (
                min(
                    options,
                    key=lambda c: self._worth(hand ^ CARD_BIT[c], unseen, view.knock_card) + self.DANGER * danger[c],
                ),
            ),
        )

    def _knock_feeds(self, view: GinRummyView) -> dict[str, float]:
        """For each of my cards, the share of guessed opponent hands (:mod:`.inference`) that
        would take it and knock at once; empty when too few hands fit."""
        guesses = inference.chain(
            inference.record(view),
            random.Random(self.rng.random()),
            self.GUESSES,
            0,
            self.GUESS_MOVES,
            inference.near_thrown(view),
            self.NEAR_THROWN_ODDS,
        )
        if len(guesses) < self.FEWEST_GUESSES:
            return {}
        counted: dict[int, int] = {}
        for hand in guesses:
            counted[hand] = counted.get(hand, 0) + 1
        shares: dict[str, float] = {}
        for card in view.hand:
            bit = CARD_BIT[card]
            feeds = sum(n for hand, n in counted.items() if inference.feeds(hand, bit, view.knock_card))
            shares[card] = feeds / len(guesses)
        return shares

    # -- what is left to draw ------------------------------------------------------------
    @staticmethod
    def _unseen(view: GinRummyView, hand: int) -> list[int]:
        """Cards that may still come from the stock: not mine, not on the pile, not known to
        be in the opponent's hand (picked from the pile and not thrown back)."""
        opponent = 1 - (view.seat or 0)
        known = hand | to_mask(view.discard_pile)
        for card in view.picked[opponent]:
            if card not in view.discard_pile:
                known |= CARD_BIT[card]
        return bits(ALL_CARDS & ~known)

    def _worth(self, hand10: int, unseen: list[int], knock_card: int) -> float:
        """How bad a 10-card hand is (lower is better): its expected deadwood after one more
        stock draw, with a bonus for each draw that would let it knock."""
        if not unseen:
            return deadwood_mask(hand10)
        bonus = self.KNOCK_BONUS
        total = 0.0
        for u in unseen:
            left = deadwood_after_discard_mask(hand10 | u)
            total += left - bonus if left <= knock_card else left
        return total / len(unseen)

    # -- drawing -----------------------------------------------------------------------------
    def _take(self, view: GinRummyView, hand: int, unseen: list[int]) -> bool:
        """Take the top discard if it goes into a meld, or if the hand it makes has clearly
        less deadwood than a stock draw is expected to leave."""
        assert view.discard_top is not None  # asked only when there is a discard to take
        top = CARD_BIT[view.discard_top]
        with_top = hand | top
        best = min(bits(hand), key=lambda b: deadwood_mask(with_top ^ b))
        taken, melds, _ = arrange_mask(with_top ^ best)
        if any(m & top for m in melds):
            return True
        if not unseen:
            return False
        stock = sum(deadwood_after_discard_mask(hand | u) for u in unseen) / len(unseen)
        return taken + self.TAKE_MARGIN < stock

    # -- discarding ----------------------------------------------------------------------------
    @staticmethod
    def _danger(view: GinRummyView, unseen: list[int]) -> dict[str, float]:
        """For each of my cards, the chance it completes a meld in the opponent's hand.

        A card the opponent took from the pile (and kept) is surely theirs; a card I hold
        or that lies on the pile surely is not; any other unseen card is theirs with the
        share of their hand still unknown, halved next to a card they threw or passed (they
        would have kept or taken it). A discard completes a set with two of the three other
        cards of its rank, or a run with two neighbours in its suit.
        """
        opponent = 1 - (view.seat or 0)
        theirs = {CARD_INDEX[c] for c in view.picked[opponent] if c not in view.discard_pile}
        hidden = {u.bit_length() - 1 for u in unseen}
        share = max(0, view.hand_sizes[opponent] - len(theirs)) / max(1, len(hidden))
        unlikely: set[int] = set()
        for card in (*view.discarded[opponent], *view.passed[opponent]):
            i = CARD_INDEX[card]
            unlikely.update(s * 13 + i % 13 for s in range(4))
            unlikely.update(i + d for d in (-2, -1, 1, 2) if 0 <= i % 13 + d < 13)

        def holds(index: int) -> float:
            if index in theirs:
                return 1.0
            if index not in hidden:
                return 0.0
            return share / 2 if index in unlikely else share

        danger: dict[str, float] = {}
        for card in view.hand:
            i = CARD_INDEX[card]
            rank, suit = i % 13, i // 13
            same = [holds(other * 13 + rank) for other in range(4) if other != suit]
            chance = same[0] * same[1] + same[0] * same[2] + same[1] * same[2]
            for a, b in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
                if a >= 0 and b < 13:
                    chance += holds(suit * 13 + a) * holds(suit * 13 + b)
            danger[card] = min(1.0, chance)
        return danger
