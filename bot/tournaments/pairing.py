"""Who sits with whom each round: Swiss, round robin and single elimination.

Pure and deterministic given a seed: no database, no Discord, no clock. Players are
plain ints (entrant ids); the caller gives them in standings order (best first) with
their scores, who has met whom, and who has had a bye.

Swiss seats players of similar standings together, avoids repeat opponents where it
can, and gives the byes (when the numbers do not divide into tables) to the lowest
players who have had the fewest byes. Two-player rounds are a maximum-weight matching
(networkx) over a window of nearby players; multi-player rounds cut the standings into
tables and then swap players between nearby tables while that removes repeat meetings.

>>> plan_tables(10, (3, 4, 5), 4)
((5, 5), 0)
>>> plan_tables(7, (2,), 2)
((2, 2, 2), 1)
>>> swiss_round([1, 2, 3, 4], table_sizes=(2,), preferred=2, seed=7).tables
((1, 2), (3, 4))
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

import networkx as nx  # type: ignore[import-untyped]  # no stubs shipped

#: Formats a tournament can be played in.
SWISS, ROUND_ROBIN, ELIMINATION = "swiss", "round_robin", "elimination"
#: Played by bot/tournaments/double_elimination.py's bracket, and by bot/tournaments/arena.py.
DOUBLE_ELIMINATION, ARENA = "double_elimination", "arena"
FORMATS = (SWISS, ROUND_ROBIN, ELIMINATION, DOUBLE_ELIMINATION, ARENA)
#: A round robin for more players than this is refused: it would take too many rounds.
ROUND_ROBIN_MAX = 16

Score = int | Fraction


@dataclass(frozen=True)
class RoundPlan:
    """One round: the tables in order (best standings first) and the players with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    def players(self) -> list[int]:
        return [p for table in self.tables for p in table] + list(self.byes)


@dataclass
class History:
    """What earlier rounds leave behind for pairing: who met whom, who had byes."""

    met: dict[int, set[int]] = field(default_factory=dict)
    byes: dict[int, int] = field(default_factory=dict)
    #: How often each pair (smaller id first) has met.
    meetings: dict[tuple[int, int], int] = field(default_factory=dict)

    def add_table(self, players: Iterable[int]) -> None:
        seated = list(players)
        for player in seated:
            self.met.setdefault(player, set()).update(p for p in seated if p != player)
        for i, a in enumerate(seated):
            for b in seated[i + 1 :]:
                pair = (min(a, b), max(a, b))
                self.meetings[pair] = self.meetings.get(pair, 0) + 1

    def add_bye(self, player: int) -> None:
        self.byes[player] = self.byes.get(player, 0) + 1

    def have_met(self, a: int, b: int) -> bool:
        return b in self.met.get(a, ())

    def repeats(self, table: Sequence[int]) -> int:
        """How many pairs at this table have met before."""
        return sum(1 for i, a in enumerate(table) for b in table[i + 1 :] if self.have_met(a, b))

    def repeat_cost(self, table: Sequence[int]) -> int:
        """Repeats weighed by how often each pair has met (a third meeting costs more than two second
        ones), so that where repeats cannot be avoided they are spread over many pairs."""
        return sum(
            self.meetings.get((min(a, b), max(a, b)), 0) ** 2 for i, a in enumerate(table) for b in table[i + 1 :]
        )


# -- table sizes -------------------------------------------------------------------------------
def default_table_size(allowed: Sequence[int], has_teams: bool = False) -> int:
    """The usual table: the smallest count for team games (Gin-Go 1v1), else the count nearest 4.

    >>> default_table_size((2, 3, 4, 5, 6)), default_table_size((2, 4), has_teams=True), default_table_size((2,))
    (4, 2, 2)
    """
    if has_teams:
        return min(allowed)
    return min(allowed, key=lambda n: (abs(n - 4), n))


def mixable_sizes(allowed: Sequence[int], preferred: int, has_teams: bool = False) -> tuple[int, ...]:
    """Sizes a round may mix to avoid byes: the preferred one and its neighbours of 3 or more.

    Team games and two-player tables never mix (a 2-player table is a different game from a 4-player one).

    >>> mixable_sizes((2, 3, 4, 5), 3), mixable_sizes((2, 4), 2, has_teams=True)
    ((3, 4), (2,))
    """
    if has_teams or preferred == 2:
        return (preferred,)
    return tuple(n for n in sorted(allowed) if abs(n - preferred) <= 1 and n >= 3)


def plan_tables(players: int, sizes: Sequence[int], preferred: int) -> tuple[tuple[int, ...], int]:
    """Table sizes (largest first) and the number of byes: fewest byes, then tables nearest ``preferred``."""
    for byes in range(players + 1):
        seated = players - byes
        best = _best_split(seated, tuple(sorted(n for n in set(sizes) if n >= 2)), preferred)
        if best is not None:
            return tuple(sorted(best, reverse=True)), byes
    return (), players


@lru_cache(maxsize=4096)
def _best_split(total: int, sizes: tuple[int, ...], preferred: int) -> tuple[int, ...] | None:
    """Sizes summing to ``total`` with the least distance from ``preferred`` (ties: fewer tables)."""
    if total == 0:
        return ()
    best: tuple[int, ...] | None = None
    best_cost: tuple[int, int] | None = None
    for size in sizes:
        if size > total:
            continue
        rest = _best_split(total - size, sizes, preferred)
        if rest is None:
            continue
        candidate = (size, *rest)
        cost = (sum(abs(n - preferred) for n in candidate), len(candidate))
        if best_cost is None or cost < best_cost:
            best, best_cost = candidate, cost
    return best


# -- Swiss -------------------------------------------------------------------------------------
def order_with_ties_shuffled(players: Sequence[int], scores: Mapping[int, Score], seed: int) -> list[int]:
    """Standings order with the players of equal score shuffled by the seed (round 1: all equal)."""
    rng = random.Random(seed)
    keyed = [(-scores.get(p, 0), rng.random(), p) for p in players]
    return [p for _, _, p in sorted(keyed)]


def swiss_round(
    standings: Sequence[int],
    *,
    table_sizes: Sequence[int],
    preferred: int,
    history: History | None = None,
    scores: Mapping[int, Score] | None = None,
    seed: int = 0,
) -> RoundPlan:
    """One Swiss round over ``standings`` (best first).

    With ``scores``, players of equal score are shuffled by ``seed`` first, so that the
    first round (everyone on 0) is a random draw and later rounds vary within a score group.
    """
    history = history or History()
    order = order_with_ties_shuffled(standings, scores, seed) if scores is not None else list(standings)
    sizes, byes = plan_tables(len(order), table_sizes, preferred)
    if sizes and set(sizes) == {2}:
        return _swiss_pairs(order, history, byes)
    bye_players = choose_byes(order, byes, history)
    seated = [p for p in order if p not in bye_players]
    tables = _cut(seated, sizes)
    tables = _reduce_repeats(tables, history, {p: i for i, p in enumerate(seated)})
    return RoundPlan(tuple(tuple(t) for t in tables), tuple(bye_players))


def choose_byes(order: Sequence[int], count: int, history: History) -> list[int]:
    """The ``count`` players with the fewest byes so far, lowest in the standings first."""
    if count <= 0:
        return []
    rank = {p: i for i, p in enumerate(order)}
    chosen = sorted(order, key=lambda p: (history.byes.get(p, 0), -rank[p]))[:count]
    return sorted(chosen, key=rank.__getitem__)


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _swiss_pairs(order: list[int], history: History, byes: int) -> RoundPlan:
    """Two-player Swiss by maximum-weight matching; a bye (if odd) is one more vertex to match."""
    n = len(order)
    rank = {p: i for i, p in enumerate(order)}
    big = (n + 2) ** 3  # one avoided repeat (or doubled bye) outweighs any closeness of standings
    bye = -1 if byes else None

    def weight(a: int, b: int) -> int:
        close = (n + 1) ** 2 - (rank[a] - rank[b]) ** 2
        return (0 if history.have_met(a, b) else big) + close

    most_byes = max((history.byes.get(p, 0) for p in order), default=0)

    def bye_weight(a: int) -> int:
        close = (n + 1) ** 2 - (n - rank[a]) ** 2
        return big * (most_byes - history.byes.get(a, 0)) + close

    # Pairs that met before are edges only when no matching avoids them all; the window of
    # nearby players widens until every player is matched.
    window, allow_repeats = 4, False
    while True:
        graph = nx.Graph()
        graph.add_nodes_from(order)
        for i, a in enumerate(order):
            for b in order[i + 1 : i + 1 + window]:
                if allow_repeats or not history.have_met(a, b):
                    graph.add_edge(a, b, weight=weight(a, b))
        if bye is not None:
            graph.add_node(bye)
            for a in order:
                graph.add_edge(a, bye, weight=bye_weight(a))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == graph.number_of_nodes():
            break
        if window >= n:
            if allow_repeats:
                break
            allow_repeats = True
        window = min(2 * window, n)
    pairs: list[tuple[int, int]] = []
    bye_players: list[int] = []
    for a, b in matching:
        if a == bye or b == bye:
            bye_players.append(b if a == bye else a)
        else:
            pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda pair: rank[pair[0]])
    return RoundPlan(tuple(pairs), tuple(bye_players))


def _reduce_repeats(tables: list[list[int]], history: History, rank: Mapping[int, int]) -> list[list[int]]:
    """Swap players between nearby tables while that lowers repeats (then distance from their slot)."""
    if len(tables) < 2:
        return tables
    big = (len(rank) + 2) ** 2

    def table_cost(table: Sequence[int], slot: int) -> int:
        return big * history.repeat_cost(table) + sum(abs(rank[p] - slot_rank[slot][0]) for p in table)

    slot_rank = []
    start = 0
    for table in tables:
        slot_rank.append((start + len(table) // 2, len(table)))
        start += len(table)
    reach = 1
    for _ in range(4 * len(tables)):
        improved = False
        for t, table in enumerate(tables):
            if history.repeats(table) == 0:
                continue
            for u in range(max(0, t - reach), min(len(tables), t + reach + 1)):
                if u == t:
                    continue
                if _try_swaps(tables, t, u, table_cost):
                    improved = True
        if not improved:
            if reach >= len(tables) or all(history.repeats(t) == 0 for t in tables):
                break
            reach *= 2
    return tables


def _try_swaps(tables: list[list[int]], t: int, u: int, cost: object) -> bool:
    """Make the best single swap between tables t and u if it lowers their cost."""
    assert callable(cost)
    here, there = tables[t], tables[u]
    before = cost(here, t) + cost(there, u)
    best = None
    for i in range(len(here)):
        for j in range(len(there)):
            new_here = [*here[:i], there[j], *here[i + 1 :]]
            new_there = [*there[:j], here[i], *there[j + 1 :]]
            after = cost(new_here, t) + cost(new_there, u)
            if after < before and (best is None or after < best[0]):
                best = (after, new_here, new_there)
    if best is None:
        return False
    tables[t], tables[u] = best[1], best[2]
    return True


# -- round robin ---------------------------------------------------------------------------------
def round_robin_rounds(players: int) -> int:
    """Rounds a two-player round robin takes: everyone meets everyone once."""
    return players - 1 if players % 2 == 0 else players


def round_robin_round(players: Sequence[int], round_index: int) -> RoundPlan:
    """Round ``round_index`` (0-based) of a two-player round robin, by the circle method.

    The first player stays put and the others turn one place each round; with an odd
    field one seat is empty and its partner has the bye.

    >>> [round_robin_round([1, 2, 3, 4], r).tables for r in range(3)]
    [((1, 4), (2, 3)), ((1, 3), (4, 2)), ((1, 2), (3, 4))]
    """
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    turns = round_index % (n - 1)
    rest = ring[1:]
    rest = rest[-turns:] + rest[:-turns] if turns else rest
    ring = [ring[0], *rest]
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for i in range(n // 2):
        a, b = ring[i], ring[n - 1 - i]
        if a is None or b is None:
            byes.extend(p for p in (a, b) if p is not None)
        else:
            tables.append((a, b))
    return RoundPlan(tuple(tables), tuple(byes))


# -- single elimination ---------------------------------------------------------------------------
def bracket_order(size: int) -> list[int]:
    """Seed numbers (1 = best) in bracket order, so that 1 and 2 can only meet in the final.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def elimination_rounds(players: int) -> int:
    """Rounds to a winner: the bracket is the next power of two."""
    rounds = 0
    while (1 << rounds) < players:
        rounds += 1
    return rounds


def elimination_first_slots(seeded: Sequence[int]) -> list[int | None]:
    """The bracket's first slots: players by seed (best first) in a power-of-two bracket.

    Missing seeds are empty slots (None); they sit next to the top seeds, who get the byes.

    >>> elimination_first_slots([11, 12, 13, 14, 15, 16])
    [11, None, 14, 15, 12, None, 13, 16]
    """
    size = 1 << elimination_rounds(len(seeded))
    return [seeded[s - 1] if s <= len(seeded) else None for s in bracket_order(size)]


def elimination_round(slots: Sequence[int | None]) -> RoundPlan:
    """Neighbouring slots meet; a player next to an empty slot has a bye.

    >>> elimination_round([11, None, 14, 15])
    RoundPlan(tables=((14, 15),), byes=(11,))
    """
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    for i in range(0, len(slots) - 1, 2):
        a, b = slots[i], slots[i + 1]
        if a is not None and b is not None:
            tables.append((a, b))
        elif a is not None or b is not None:
            byes.append(a if a is not None else b)  # type: ignore[arg-type]
    return RoundPlan(tuple(tables), tuple(byes))
