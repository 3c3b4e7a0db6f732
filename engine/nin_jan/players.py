"""Nin Jan computer players: the default one, and the random and greedy baselines.

All of them read only the seat's :class:`~engine.nin_jan.rules.NinJanView`. The
public record is enough to know which cards are still unseen: every card ever
revealed is now in a pile or in someone's won cards, so the unseen cards are the
deck minus the piles, the won cards, the cards revealed this round and the own hand.
"""

from __future__ import annotations

from engine.core import Move, View
from engine.nin_jan.rules import BEATS, SIGNS, Card, NinJanView, full_deck, pile_value, resolution_order
from engine.players import ComputerPlayer

__all__ = ["GreedyPlayer", "NinJanPlayer", "QuickNinJanPlayer", "RandomPlayer"]

#: A pile as the simulations see it: (total value, top sign).
Pile = tuple[int, str]

_DECK = frozenset(full_deck())


class RandomPlayer(ComputerPlayer):
    """Any legal choice, at random."""

    name = "random"

    def choose(self, view: View) -> Move:
        return self.pick_any(view)


def _piles(view: NinJanView) -> list[Pile]:
    return [(pile_value(pile), pile[-1].sign) for pile in view.piles]


def best_take(piles: list[Pile], sign: str) -> int | None:
    """The most valuable pile this sign beats, or None."""
    target = BEATS[sign]
    best: int | None = None
    for i, (total, top) in enumerate(piles):
        if top == target and (best is None or total > piles[best][0]):
            best = i
    return best


def least_giving_place(piles: list[Pile], value: int) -> int:
    """Where a card gives the least to others: a negative card spoils the richest pile,
    a positive one goes on the poorest."""
    totals = [total for total, _ in piles]
    return totals.index(max(totals)) if value < 0 else totals.index(min(totals))


def greedy_card(hand: tuple[Card, ...] | list[Card], piles: list[Pile]) -> Card:
    """The card that would take the richest pile if it resolved first, else the lowest card."""
    best: Card | None = None
    best_worth = 0
    for card in hand:
        pile = best_take(piles, card.sign)
        if pile is None:
            continue
        worth = piles[pile][0]
        if worth > best_worth or (worth == best_worth and best is not None and card.value < best.value):
            best, best_worth = card, worth
    return best if best is not None else min(hand)


def _pile_move(view: NinJanView, pick: int) -> Move:
    decision = view.decisions[0]
    return Move(decision.kind, (f"p{pick + 1}",))


class GreedyPlayer(ComputerPlayer):
    """Takes the richest pile it can right now; takes the richest pile; places to give least."""

    name = "greedy"

    def choose(self, view: View) -> Move:
        assert isinstance(view, NinJanView)
        decision = view.decisions[0]
        if decision.kind == "play":
            return Move("play", (greedy_card(view.hand, _piles(view)).id,))
        if decision.kind == "sign":
            return Move("sign", (self.rng.choice(SIGNS),))
        piles = _piles(view)
        card = view.revealed[view.resolving or 0].card
        if decision.kind == "take":
            pick = best_take(piles, card.sign)
            assert pick is not None
            return _pile_move(view, pick)
        return _pile_move(view, least_giving_place(piles, card.value))


# -- the default player -----------------------------------------------------


def simulate(piles: list[Pile], plays: list[tuple[int, Card]], gains: dict[int, int]) -> list[Pile]:
    """Resolve ``plays`` (already in resolution order) with everyone choosing greedily.

    Adds each seat's winnings to ``gains`` and returns the piles afterwards.
    """
    piles = list(piles)
    for seat, card in plays:
        take = best_take(piles, card.sign)
        if take is not None:
            gains[seat] = gains.get(seat, 0) + piles[take][0]
            piles[take] = (card.value, card.sign)
        else:
            place = least_giving_place(piles, card.value)
            piles[place] = (piles[place][0] + card.value, card.sign)
    return piles


class NinJanPlayer(ComputerPlayer):
    """The default computer player: looks one round ahead, from the public record.

    To choose a card it deals the unseen cards out as the opponents' hands many
    times over (they play greedily half the time, any card otherwise), resolves
    the round in rule order for each of its own cards, and scores what it wins
    against what the others win. A card also has a cost for what it could do in
    a later round: high cards resolve first, so they are kept for rich piles,
    and negative cards are best dumped where they spoil a pile for others.
    For a pile choice it plays out the rest of the round, whose cards are known.
    """

    name = "default"

    #: Opponent deals per card choice.
    samples = 24
    #: How often a simulated opponent plays the greedy card rather than any card.
    greedy_share = 0.5
    #: How much one point won by an opponent counts against one point won by us.
    rivalry = 1.0
    #: Future worth of holding a card, per point of value, scaled by rounds left.
    keep_weight = 0.25

    def choose(self, view: View) -> Move:
        assert isinstance(view, NinJanView)
        decision = view.decisions[0]
        if decision.kind == "play":
            return Move("play", (self.choose_card(view).id,))
        if decision.kind == "sign":
            return Move("sign", (self.rng.choice(SIGNS),))
        return _pile_move(view, self.choose_pile(view, [int(o.id[1:]) - 1 for o in decision.options]))

    # -- which card -----------------------------------------------------------
    def unseen(self, view: NinJanView) -> list[Card]:
        seen: set[Card] = set(view.hand)
        for pile in view.piles:
            seen.update(pile)
        for cards in view.won:
            seen.update(cards)
        for reveal in view.revealed:
            seen.add(reveal.card)
        return sorted(_DECK - seen)

    def choose_card(self, view: NinJanView) -> Card:
        hand = view.hand
        if len(hand) == 1:
            return hand[0]
        me = view.seat
        assert me is not None
        piles = _piles(view)
        opponents = [s for s in range(view.num_players) if s != me and view.hand_sizes[s] > 0]
        pool = self.unseen(view)
        worth = dict.fromkeys(hand, 0.0)
        rng = self.rng
        for _ in range(self.samples):
            rng.shuffle(pool)
            plays: list[tuple[int, Card]] = []
            start = 0
            for seat in opponents:
                size = view.hand_sizes[seat]
                their_hand = pool[start : start + size]
                start += size
                if rng.random() < self.greedy_share:
                    plays.append((seat, greedy_card(their_hand, piles)))
                else:
                    plays.append((seat, rng.choice(their_hand)))
            for card in hand:
                gains: dict[int, int] = {}
                simulate(piles, resolution_order([*plays, (me, card)]), gains)
                mine = gains.pop(me, 0)
                theirs = sum(gains.values()) / max(1, len(opponents))
                worth[card] += mine - self.rivalry * theirs
        rounds_left = len(hand) - 1
        keep = self.keep_weight * rounds_left / 8
        return max(hand, key=lambda c: (worth[c] / self.samples - keep * c.value, -c.value))

    # -- which pile -----------------------------------------------------------
    def choose_pile(self, view: NinJanView, options: list[int]) -> int:
        me = view.seat
        assert me is not None and view.resolving is not None
        piles = _piles(view)
        card = view.revealed[view.resolving].card
        rest = [(r.seat, r.card) for r in view.revealed[view.resolving + 1 :]]
        others = max(1, view.num_players - 1)
        kind = view.decisions[0].kind

        def worth(pick: int) -> float:
            after = list(piles)
            gains: dict[int, int] = {}
            if kind == "take":
                gains[me] = after[pick][0]
                after[pick] = (card.value, card.sign)
            else:
                after[pick] = (after[pick][0] + card.value, card.sign)
            simulate(after, rest, gains)
            mine = gains.pop(me, 0)
            return mine - self.rivalry * sum(gains.values()) / others

        return max(options, key=lambda pick: (worth(pick), -pick))


class QuickNinJanPlayer(NinJanPlayer):
    """The normal level: the default player's look ahead on two opponent deals (it has 24): it sees
    the round coming less clearly."""

    name = "quick"
    samples = 2
