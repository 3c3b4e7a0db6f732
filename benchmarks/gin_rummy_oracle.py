"""What knowing the opponent's hand would be worth to the strong Gin Rummy player: upper bounds.

Run: ``python -m benchmarks.gin_rummy_oracle [--hands 3000] [--jobs 1] [--seed 1]``

The strong player against the simple baseline, single hands as :mod:`benchmarks.gin_rummy`
plays them (same seeds, seats alternating), beside copies of it that are told something the
rules hide. They cheat, so they live here and never in the engine; they say how much a better
guess of the opponent's hand could give at most, and where that value lies:

- ``takes``: which of its discards the baseline would take (a card that goes into a meld of
  the baseline's hand); it throws such a card only when every other card is worse by more
  than 20 points of its evaluation.
- ``knock-feeds``: the same, told only of the discards that would let the baseline knock at once.
- ``stock``: which unseen cards are in the stock rather than in the opponent's hand, so it
  counts its outs exactly (its guess of the danger of each discard stays the honest one).

Printed: each player's share of hands won with its 95% interval, its points per hand, and
the share of its plain discards the baseline would have taken.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from dataclasses import dataclass

from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy import GinRummyState, GinRummyView
from engine.gin_rummy.cards import CARD_BIT, bits, to_mask
from engine.gin_rummy.melds import arrange_mask, deadwood_after_discard_mask, deadwood_mask
from engine.gin_rummy.players import ALL_CARDS, GinRummyPlayer, SimplePlayer
from engine.players import ComputerPlayer


def baseline_takes(hidden: int, card: str) -> bool:
    """Whether the simple baseline holding ``hidden`` takes ``card`` from the pile (its own rule:
    the card is in a meld of the best hand it makes by taking it)."""
    top = CARD_BIT[card]
    hand = hidden | top
    best = min((b for b in bits(hand) if b != top), key=lambda b: deadwood_mask(hand ^ b))
    _, melds, _ = arrange_mask(hand ^ best)
    return any(m & top for m in melds)


class _Told(GinRummyPlayer):
    """The strong player, told the opponent's hand (``hidden``, a card mask) before each decision."""

    hidden = 0


class TakesOracle(_Told):
    """Knows which of its discards the baseline would take, and avoids throwing them."""

    #: Only the takes that let the baseline knock at once count.
    knock_only = False

    def _danger(self, view: GinRummyView, unseen: list[int]) -> dict[str, float]:  # type: ignore[override]
        danger = {}
        for card in view.hand:
            taken = baseline_takes(self.hidden, card)
            if taken and self.knock_only:
                taken = deadwood_after_discard_mask(self.hidden | CARD_BIT[card]) <= view.knock_card
            danger[card] = 10.0 if taken else 0.0
        return danger


class KnockFeedsOracle(TakesOracle):
    knock_only = True


class StockOracle(_Told):
    """Counts its outs on the stock's real cards; guesses the danger of a discard honestly."""

    def _unseen(self, view: GinRummyView, hand: int) -> list[int]:  # type: ignore[override]
        return bits(ALL_CARDS & ~(hand | to_mask(view.discard_pile) | self.hidden))

    def _danger(self, view: GinRummyView, unseen: list[int]) -> dict[str, float]:  # type: ignore[override]
        return super()._danger(view, GinRummyPlayer._unseen(view, to_mask(view.hand)))


PLAYERS: dict[str, type[GinRummyPlayer]] = {
    "strong": GinRummyPlayer,
    "takes": TakesOracle,
    "knock-feeds": KnockFeedsOracle,
    "stock": StockOracle,
}


@dataclass(frozen=True)
class Hand:
    won: bool
    points: int
    discards: int
    fed: int


def one_hand(args: tuple[str, int, int]) -> Hand:
    """One hand of player ``name`` in seat ``mine`` against the baseline: whether it won, its signed
    points, its plain discards and how many of them the baseline would have taken."""
    name, seed, mine = args
    state = GIN_RUMMY.new_state(2, seed, {"target_score": 0})
    assert isinstance(state, GinRummyState)
    me = PLAYERS[name](seed)
    players: dict[int, ComputerPlayer] = {mine: me, 1 - mine: SimplePlayer(seed)}
    discards = fed = 0
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        hidden = to_mask(state.hands[1 - mine])
        if isinstance(me, _Told):
            me.hidden = hidden
        move = players[seat].choose(state.view(seat))
        if seat == mine and move.kind == "discard":
            discards += 1
            fed += baseline_takes(hidden, move.picks[0])
        state.act(seat, move)
    hand = state.last_hand
    assert hand is not None
    won = hand["winner"] == mine
    return Hand(won, hand["points"] if won else -hand["points"], discards, fed)


def measure(name: str, hands: int, seed: int, jobs: int) -> tuple[float, float, float, float]:
    """(share won, its 95% half-interval, points per hand, share of discards the baseline would take)."""
    tasks = [(name, seed + i, i % 2) for i in range(hands)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(one_hand, tasks, chunksize=50)
    else:
        results = [one_hand(task) for task in tasks]
    share = sum(r.won for r in results) / hands
    margin = 1.96 * math.sqrt(share * (1 - share) / hands)
    points = sum(r.points for r in results) / hands
    fed = sum(r.fed for r in results) / max(1, sum(r.discards for r in results))
    return share, margin, points, fed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for name in PLAYERS:
        share, margin, points, fed = measure(name, args.hands, args.seed * 100_000, args.jobs)
        print(
            f"{name:<12} vs simple: won {share:.1%} ± {margin:.1%} of {args.hands} hands, "
            f"{points:+.2f} points per hand; the baseline would take {fed:.1%} of its discards"
        )


if __name__ == "__main__":
    main()
