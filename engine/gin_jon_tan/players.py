"""Gin-jon-tan computer players: the default one, a greedy and a random baseline.

Each reads only its seat's :class:`~engine.gin_jon_tan.views.GinJonTanView`.

What matters most in this game is the evaluation: a hand's value (often 10^7–10^12)
dwarfs duel points (10^3–10^5), and a revealed hand that is not the best *loses*
its value once or more. So the default player

- plans a target hand from hand and reserve together (:func:`plan_hand`: the best
  order or group it can build, every Bonus, never Defeat) and exchanges towards it;
- keeps its planned cards out of the duels (active cards are the least useful ones)
  and declares an unfolded Universal as a symbol that beats nothing, so it is not
  forced to spend it;
- reveals only when it is more likely than not that no one after it beats its hand
  (estimated from the value spread of hands at the evaluation), else says "Kat oh!".

The greedy baseline improves its hand one swap at a time, takes the richest clash,
and reveals whenever nobody has yet revealed a better hand.
"""

from __future__ import annotations

import math
from itertools import accumulate

from engine.core import Decision, Move, View
from engine.gin_jon_tan.cards import Card
from engine.gin_jon_tan.clash import BEATS
from engine.gin_jon_tan.rules import random_picks
from engine.gin_jon_tan.value import COLOUR_BIT, GROUP_FACTOR, ORDER_FACTOR, colour_factor, evaluate_cards
from engine.gin_jon_tan.views import GinJonTanView, HeldCard
from engine.players import ComputerPlayer

__all__ = ["GinJonTanPlayer", "GreedyPlayer", "RandomPlayer", "plan_hand"]

#: log10 of a typical best hand at the evaluation and its spread (measured over self-play).
TYPICAL_LOG_VALUE = 11.0
LOG_VALUE_SPREAD = 2.0


class RandomPlayer(ComputerPlayer):
    """Any legal choice, at random."""

    name = "random"

    def choose(self, view: View) -> Move:
        decision = self.rng.choice(view.decisions)
        return Move(decision.kind, random_picks(decision, self.rng))


# -- planning a hand -------------------------------------------------------------


def plan_hand(cards: list[Card], size: int) -> list[int]:
    """Positions of a strong hand of ``size`` cards chosen from ``cards`` (hand and reserve).

    Candidates are the best card per number for every order window, every symbol's
    group, and every Bonus on top; the few best by a quick estimate are valued exactly.
    Defeat is left out whenever there are enough other cards.
    """
    values = [c.value for c in cards]
    bonuses = sorted((i for i, c in enumerate(cards) if c.symbol == "Bonus"), key=lambda i: -values[i])
    universals = sorted((i for i, c in enumerate(cards) if c.symbol == "Universal"), key=lambda i: -values[i])
    normals = [i for i, c in enumerate(cards) if not c.is_special and c.symbol != "Universal"]
    bonuses = bonuses[: max(0, size - 2)]
    room = size - len(bonuses)
    candidates: list[tuple[int, list[int]]] = []
    best_at: list[int | None] = [None] * 34  # the most valuable normal card of each number 1..33
    for i in normals:
        held = best_at[cards[i].number]
        if held is None or values[i] > values[held]:
            best_at[cards[i].number] = i
    with_universals = list(accumulate((values[i] for i in universals), initial=0))
    # Running counts, values and colour keys of best_at, so each window is a difference.
    held_up_to = list(accumulate((i is not None for i in best_at), initial=0))
    value_up_to = list(accumulate((0 if i is None else values[i] for i in best_at), initial=0))
    key_up_to = list(accumulate((0 if i is None else COLOUR_BIT[cards[i].colour] for i in best_at), initial=0))
    for k in range(3, min(9, room) + 1):
        for high in range(k, 34):
            low = high - k + 1
            missing = k - (held_up_to[high + 1] - held_up_to[low])
            if missing > len(universals) or missing == k:
                continue
            at_top = best_at[high]
            top = values[at_top] if at_top is not None else values[universals[0]]
            total = value_up_to[high + 1] - value_up_to[low] + with_universals[missing]
            colour = colour_factor(key_up_to[high + 1] - key_up_to[low], missing)
            present = [i for i in best_at[low : high + 1] if i is not None]
            candidates.append((ORDER_FACTOR[k] * top * total * colour, present + universals[:missing]))
    by_symbol: dict[str, list[int]] = {}
    for i in normals:
        by_symbol.setdefault(cards[i].symbol, []).append(i)
    for group in by_symbol.values():
        members = sorted(group, key=lambda i: -values[i])[: max(0, room - len(universals))] + universals[:room]
        if 2 <= len(members) <= room:
            normal = [i for i in members if cards[i].symbol != "Universal"]
            colour = colour_factor(sum(COLOUR_BIT[cards[i].colour] for i in normal), len(members) - len(normal))
            candidates.append((GROUP_FACTOR[len(members)] * sum(values[i] for i in members) * colour, members))
    candidates.sort(key=lambda c: -c[0])
    by_worth = sorted(range(len(cards)), key=lambda i: (cards[i].symbol == "Defeat", -values[i]))
    best: list[int] = []
    best_value = -1
    for _, members in candidates[:4] or [(0, [])]:
        chosen = _fill(by_worth, [*members[:room], *bonuses], size)
        value = evaluate_cards(tuple(cards[i] for i in chosen)).value
        if value > best_value:
            best, best_value = chosen, value
    return best


def _fill(by_worth: list[int], chosen: list[int], size: int) -> list[int]:
    """Top ``chosen`` up to ``size`` with the most valuable other cards, Defeat last
    (``by_worth``: every position in that order, sorted once per plan)."""
    taken = set(chosen)
    return [*chosen, *(i for i in by_worth if i not in taken)][:size]


# -- reading the view -------------------------------------------------------------


def _decision(view: View, kind: str) -> Decision | None:
    return next((d for d in view.decisions if d.kind == kind), None)


def _value(held: list[HeldCard] | tuple[HeldCard, ...]) -> int:
    return evaluate_cards(tuple(h.card for h in held)).value


def _exchange_towards(view: GinJonTanView, target: set[str], most: int) -> list[str]:
    """Picks that bring up to ``most`` target reserve cards into the hand for non-target hand cards."""
    wanted = sorted((h for h in view.reserve if h.id in target), key=lambda h: -h.card.value)
    spare = sorted(
        (h for h in view.hand if h.id not in target),
        key=lambda h: (h.card.symbol != "Defeat", h.card.value),
    )
    count = min(most, len(wanted), len(spare))
    return [h.id for h in spare[:count]] + [h.id for h in wanted[:count]]


def _after(view: GinJonTanView, picks: list[str]) -> list[HeldCard]:
    given = set(picks)
    return [h for h in view.hand if h.id not in given] + [h for h in view.reserve if h.id in given]


def climb(view: GinJonTanView, most: int) -> list[str]:
    """Up to ``most`` swaps, one at a time: the weakest card outside the best combination
    out, the reserve card that raises the hand's value most in (exact values)."""
    hand = list(view.hand)
    reserve = list(view.reserve)
    current = _value(hand)
    out_ids: list[str] = []
    in_ids: list[str] = []
    for _ in range(most):
        members = set(evaluate_cards(tuple(h.card for h in hand)).members)
        spare = [h for i, h in enumerate(hand) if i not in members and h.card.symbol != "Bonus" and h.id not in in_ids]
        if not spare:
            break
        out = min(spare, key=lambda h: (h.card.symbol != "Defeat", h.card.value))
        best, best_value = None, current
        for card in reserve:
            if card.id in out_ids:
                continue
            value = _value([h for h in hand if h is not out] + [card])
            if value > best_value or (value == best_value and out.card.symbol == "Defeat" and best is None):
                best, best_value = card, value
        if best is None:
            break
        hand = [h for h in hand if h is not out] + [best]
        reserve = [h for h in reserve if h is not best]
        out_ids.append(out.id)
        in_ids.append(best.id)
        current = best_value
    return out_ids + in_ids


def _duel_cards(view: GinJonTanView, seat: int, unspent: bool = True) -> list[str]:
    duel = view.duel
    if duel is None:
        return []
    return [c.acts_as for c in duel.cards if c.seat == seat and not (unspent and c.spent)]


class GreedyPlayer(ComputerPlayer):
    """Immediate gains: one better swap at a time, the richest clash, reveal unless beaten already."""

    name = "greedy"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinJonTanView)
        decision = view.decisions[0]
        kind = decision.kind
        if kind == "swap":
            better = _value(view.reserve) > _value(view.hand)
            return Move("swap", ("swap" if better else "keep",))
        if kind == "set_active":
            return Move(kind, tuple(self.weakest(view, decision.min_picks)))
        if kind == "declare":
            return Move(kind, ("Bh",))  # a Black hole beats everything
        if kind == "clash":
            return Move(kind, (max(decision.options, key=lambda o: self.clash_points(view, o.id)).id,))
        if kind in ("exchange", "gin", "ask"):
            return self.exchange_or_gin(view)
        if kind == "trim":
            worst = sorted(view.reserve, key=lambda h: (h.card.symbol != "Defeat", h.card.value))
            return Move(kind, tuple(h.id for h in worst[: decision.min_picks]))
        if kind == "give":
            return Move(kind, (min(view.hand, key=lambda h: h.card.value).id,))
        return self.evaluate_move(view)

    @staticmethod
    def clash_points(view: GinJonTanView, option_id: str) -> int:
        ids = option_id.split("-")
        assert view.duel is not None
        cards = {c.held.id: c.held.card for c in view.duel.cards}
        return sum(cards[i].value for i in ids)

    @staticmethod
    def weakest(view: GinJonTanView, count: int) -> list[str]:
        """The lowest cards outside the hand's best combination (then the lowest members)."""
        members = set(evaluate_cards(tuple(h.card for h in view.hand)).members)
        order = sorted(range(len(view.hand)), key=lambda i: (i in members, view.hand[i].card.value))
        return [view.hand[i].id for i in order[:count]]

    def exchange_or_gin(self, view: GinJonTanView) -> Move:
        exchange = _decision(view, "exchange")
        if exchange is None:
            return Move("gin", ("gin",))
        in_duel = _decision(view, "gin") is None and view.phase == "duel"
        picks = [] if in_duel else climb(view, exchange.max_picks // 2)
        if picks and exchange.min_picks <= len(picks):
            return Move("exchange", tuple(picks))
        if _decision(view, "gin") is None:  # a free exchange: keep everything
            return Move("exchange", ())
        return Move("gin", ("gin",))

    def evaluate_move(self, view: GinJonTanView) -> Move:
        mine = view.hand_evaluation.value if view.hand_evaluation else 0
        shown = [e.evaluation.value for e in view.evaluation if e.evaluation is not None and not e.defeat]
        if any(h.card.symbol == "Defeat" for h in view.hand) or (shown and mine < max(shown)):
            return Move("kat_oh", ("kat_oh",))
        return Move("reveal", ("reveal",))


class GinJonTanPlayer(ComputerPlayer):
    """The default player: plans its hand, shields it in the duels, reveals only when likely best."""

    name = "default"

    def choose(self, view: View) -> Move:
        assert isinstance(view, GinJonTanView)
        decision = view.decisions[0]
        kind = decision.kind
        if kind == "swap":
            return Move("swap", ("swap" if self.plan_score(view.reserve) > self.plan_score(view.hand) else "keep",))
        if kind == "set_active":
            return Move(kind, tuple(self.actives(view, decision.min_picks)))
        if kind == "declare":
            return Move(kind, (self.declare(view),))
        if kind == "clash":
            return Move(kind, (max(decision.options, key=lambda o: self.clash_worth(view, o.id)).id,))
        if kind in ("exchange", "gin", "ask"):
            return self.exchange_or_gin(view)
        if kind == "trim":
            keep = self.target(view)
            worst = sorted(view.reserve, key=lambda h: (h.id in keep, h.card.symbol != "Defeat", h.card.value))
            return Move(kind, tuple(h.id for h in worst[: decision.min_picks]))
        if kind == "give":
            return Move(kind, tuple(self.give(view, decision.max_picks)))
        return self.evaluate_move(view)

    # -- planning ---------------------------------------------------------------
    @staticmethod
    def target(view: GinJonTanView) -> set[str]:
        """Ids of the planned hand (as many cards as the hand holds) from hand and reserve."""
        pool = [*view.hand, *view.reserve]
        chosen = plan_hand([h.card for h in pool], len(view.hand))
        return {pool[i].id for i in chosen}

    @staticmethod
    def plan_score(cards: tuple[HeldCard, ...]) -> int:
        return evaluate_cards(tuple(cards[i].card for i in plan_hand([h.card for h in cards], len(cards)))).value

    def actives(self, view: GinJonTanView, count: int) -> list[str]:
        """The cards least useful to the planned hand; among those, the ones that beat most."""
        keep = self.target(view) if view.reserve else set()

        def worth(h: HeldCard) -> tuple[bool, bool, int, int]:
            precious = h.card.symbol in ("Universal", "Bonus")
            beaten = -len(BEATS.get(h.card.symbol, ()))
            return (h.id in keep or precious, h.card.symbol == "Defeat", beaten, h.card.value)

        return [h.id for h in sorted(view.hand, key=worth)[:count]]

    @staticmethod
    def declare(view: GinJonTanView) -> str:
        """A symbol that beats nothing: an unspent Universal goes back to the reserve."""
        return "Df"

    @staticmethod
    def clash_worth(view: GinJonTanView, option_id: str) -> float:
        """Points, less the worth of my card if it is precious; denying a precious card is worth more."""
        assert view.duel is not None
        cards = {c.held.id: c.held.card for c in view.duel.cards}
        mine, theirs = (cards[i] for i in option_id.split("-"))
        cost = 10**7 if mine.symbol in ("Universal", "Bonus") else 0
        gain = 10**6 if theirs.symbol in ("Universal", "Bonus") else 0
        return mine.value + theirs.value + gain - cost

    def exchange_or_gin(self, view: GinJonTanView) -> Move:
        exchange = _decision(view, "exchange")
        gin = _decision(view, "gin")
        if exchange is None:
            return Move("gin", ("gin",))
        most = exchange.max_picks // 2
        current = _value(view.hand)
        has_defeat = any(h.card.symbol == "Defeat" for h in view.hand)
        best: list[str] = []
        best_value = current
        options = [_exchange_towards(view, self.target(view), most)]
        if view.phase != "duel":
            options.append(climb(view, most))
        for picks in options:
            if not picks or len(picks) < exchange.min_picks:
                continue
            after = _after(view, picks)
            value = _value(after)
            cleans = has_defeat and not any(h.card.symbol == "Defeat" for h in after)
            if value > best_value or (cleans and value >= best_value):
                best, best_value = picks, value
        if best:
            return Move("exchange", tuple(best))
        if gin is None:
            return Move("exchange", ())
        ask = _decision(view, "ask")
        if ask is not None and self.spare(view):
            return Move("ask", (self.victim(view, ask),))
        return Move("gin", ("gin",))

    @staticmethod
    def spare(view: GinJonTanView) -> list[HeldCard]:
        """Hand cards outside the best combination (Defeat first, then the lowest), never a Bonus."""
        members = set(evaluate_cards(tuple(h.card for h in view.hand)).members)
        cards = [h for i, h in enumerate(view.hand) if i not in members and h.card.symbol != "Bonus"]
        return sorted(cards, key=lambda h: (h.card.symbol != "Defeat", h.card.value))

    @staticmethod
    def victim(view: GinJonTanView, ask: Decision) -> str:
        """Whose hand to take cards from: one that gets no turn to repair it, then the best score."""
        assert view.seat is not None
        order = list(view.turn_order)
        n = len(order)
        left = view.combination_turns - view.combination_turn - 1
        me = order.index(view.seat)

        def threat(option_id: str) -> tuple[bool, bool, int]:
            seat = int(option_id[:-1]) - 1
            helpless = (order.index(seat) - me) % n > left
            return (option_id.endswith("h"), helpless, view.scores[seat])

        return max((o.id for o in ask.options), key=threat)

    def give(self, view: GinJonTanView, most: int) -> list[str]:
        """Up to ``most`` cards outside the combination (Defeat first): the hand keeps its best."""
        spare = self.spare(view) or sorted(view.hand, key=lambda h: h.card.value)
        return [h.id for h in spare[: max(1, most)]]

    # -- evaluation ---------------------------------------------------------------
    def evaluate_move(self, view: GinJonTanView) -> Move:
        mine = view.hand_evaluation.value if view.hand_evaluation else 0
        if any(h.card.symbol == "Defeat" for h in view.hand) or mine == 0:
            return Move("kat_oh", ("kat_oh",))
        shown = [e.evaluation.value for e in view.evaluation if e.evaluation is not None and not e.defeat]
        if shown and mine < max(shown):
            return Move("kat_oh", ("kat_oh",))
        later = sum(1 for e in view.evaluation if e.action == "") - 1
        beaten_by_one = 1 - _typical_share_below(mine)
        safe = (1 - beaten_by_one) ** later
        return Move("reveal" if safe >= 0.5 else "kat_oh", ("reveal",) if safe >= 0.5 else ("kat_oh",))


def _typical_share_below(value: int) -> float:
    """The share of evaluation hands worth less than ``value`` (a log-normal estimate)."""
    z = (math.log10(max(value, 1)) - TYPICAL_LOG_VALUE) / LOG_VALUE_SPREAD
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))
