"""How well the Gin Rummy strong player could know the baseline's hand: guesses against the truth.

Run: ``python -m benchmarks.gin_rummy_guesses [--hands 60] [--seed 500] [--lag 0] [--moves 600]``

The strong player plays single hands against the simple baseline (seats alternating); at each
of its discards, every card it might throw is judged two ways against what the baseline really
holds: its own heuristic chance that the baseline takes the card (``GinRummyPlayer._danger``),
and the share of guessed hands (:func:`engine.gin_rummy.inference.chain`) in which the baseline
takes it, and takes it and can knock at once. Printed: how often each happens, the area under
the ROC curve of each predictor (0.5 is a coin, 1 knows), the two mixed, and the CPU time of
one set of guesses (median and 99th percentile).
"""

from __future__ import annotations

import argparse
import bisect
import random
import statistics
import time

from engine.gin_rummy import GAME, GinRummyState
from engine.gin_rummy.cards import CARD_BIT, to_mask
from engine.gin_rummy.inference import chain, feeds, near_thrown, record, takes
from engine.gin_rummy.players import GinRummyPlayer, SimplePlayer

#: One judged card: (taken, taken and knocked, heuristic chance, guessed take share, guessed knock share).
Row = tuple[bool, bool, float, float, float]


def rows(hands: int, seed: int, lag: int, moves: int, count: int) -> tuple[list[Row], list[float]]:
    """Every judged card of ``hands`` hands, and the CPU seconds of each set of guesses."""
    found: list[Row] = []
    times: list[float] = []
    for number in range(seed, seed + hands):
        mine = number % 2
        state = GAME.new_state(2, number, {"target_score": 0})
        assert isinstance(state, GinRummyState)
        me = GinRummyPlayer(number)
        players = {mine: me, 1 - mine: SimplePlayer(number)}
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if seat == mine and state.stage == "discard":
                truth = to_mask(state.hands[1 - mine])
                heuristic = me._danger(view, me._unseen(view, to_mask(view.hand)))
                started = time.process_time()
                guesses = chain(record(view), random.Random(number), count, lag, moves, near_thrown(view), 0.5)
                times.append(time.process_time() - started)
                n = max(1, len(guesses))
                for card in view.hand:
                    bit = CARD_BIT[card]
                    taken, knocked = takes(truth, bit), feeds(truth, bit, view.knock_card)
                    judged = [(takes(g, bit), feeds(g, bit, view.knock_card)) for g in guesses]
                    found.append(
                        (
                            taken,
                            knocked,
                            heuristic[card],
                            sum(t for t, _ in judged) / n,
                            sum(k for _, k in judged) / n,
                        )
                    )
            state.act(seat, players[seat].choose(view))
    return found, times


def auc(scores: list[float], truth: list[bool]) -> float:
    """The chance that a random positive case scores above a random negative one (ties half)."""
    negatives = sorted(s for s, t in zip(scores, truth, strict=True) if not t)
    positives = [s for s, t in zip(scores, truth, strict=True) if t]
    if not negatives or not positives:
        return 0.5
    total = 0.0
    for score in positives:
        below = bisect.bisect_left(negatives, score)
        total += below + (bisect.bisect_right(negatives, score) - below) / 2
    return total / (len(positives) * len(negatives))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--lag", type=int, default=0, help="earlier stock draws each guess's history must fit")
    parser.add_argument("--moves", type=int, default=600, help="swaps of the walk over hidden cards")
    parser.add_argument("--count", type=int, default=48, help="guesses wanted")
    args = parser.parse_args()
    found, times = rows(args.hands, args.seed, args.lag, args.moves, args.count)
    taken = [r[0] for r in found]
    knocked = [r[1] for r in found]
    print(
        f"{len(found)} cards judged: the baseline would take {sum(taken) / len(found):.1%}, "
        f"and take and knock {sum(knocked) / len(found):.1%}"
    )
    predictors = {
        "heuristic chance": [r[2] for r in found],
        "guessed take share": [r[3] for r in found],
        "guessed knock share": [r[4] for r in found],
        "heuristic + take share, halves": [(r[2] + r[3]) / 2 for r in found],
        "heuristic + 3 x knock share": [r[2] + 3 * r[4] for r in found],
    }
    for name, scores in predictors.items():
        print(f"  {name:<32} AUC takes {auc(scores, taken):.3f}, knock-feeds {auc(scores, knocked):.3f}")
    times.sort()
    print(
        f"one set of guesses: median {statistics.median(times) * 1000:.2f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms of CPU"
    )


if __name__ == "__main__":
    main()
