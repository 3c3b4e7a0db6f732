"""Double elimination: a winners' bracket, a losers' bracket and a grand final with a reset. Pure.

A table seats ``table_size`` players (2, 4 or 6) and the top half goes on: in the winners'
bracket the bottom half drops to the losers' bracket, in the losers' bracket it is out. With
two-player tables this is the usual bracket: lose twice and you are out.

The bracket is fixed by the number of players and the table size (:func:`build`): the first
round has ``2 ** (k - 1)`` tables of seeded slots, the missing seeds being empty slots next to the
top seeds (their byes). Losers' round 1 seats the losers of winners' round 1 two tables to a
table; then the losers' bracket alternates a round against the newcomers from the winners'
bracket (in reverse order, to put off rematches) and a round among itself. The grand final seats
the winners' half against the losers' half; if a player from the losers' side wins it, a reset
final is played by everyone at that table still short of two losses.

Progress is worked out from what is stored: the finishing order of each table played and the
walkovers decided when a round was planned (a table with no more than half its seats filled —
byes and drop-outs — lets its players through without a game). :func:`plan_round` decides the
next round: every table whose players are known, after deciding every walkover that is due.

>>> bracket = build(5)
>>> [m.id for m in bracket.matches][:6]
['W1.1', 'W1.2', 'W1.3', 'W1.4', 'W2.1', 'W2.2']
>>> bracket.slots([11, 12, 13, 14, 15])
[11, None, 14, 15, 12, None, 13, None]
>>> plan_round(bracket, [11, 12, 13, 14, 15], {}, {}).tables
(('W1.2', (14, 15)), ('W2.2', (12, 13)))
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from bot.tournaments.pairing import bracket_order

WIN, LOSE = "win", "lose"
WINNERS, LOSERS, FINAL = "W", "L", "F"
#: Table sizes a double elimination seats (the top half goes on).
TABLE_SIZES = (2, 4, 6)
#: How the standings are ordered, in words.
RULE = "Placed by the bracket: the last final's order, then whoever went out later, then the better place there."


@dataclass(frozen=True)
class Feed:
    """Half a table: the players who go on (``win``) or drop (``lose``) from an earlier table."""

    match: str
    side: str


@dataclass(frozen=True)
class Match:
    """One table of the bracket: ``W2.1`` is the winners' round 2, table 1; ``F1`` and ``F2`` the finals."""

    id: str
    bracket: str
    round: int
    index: int
    #: Where its players come from (empty in winners' round 1, seated from the slots).
    feeds: tuple[Feed, ...] = ()


@dataclass(frozen=True)
class Bracket:
    """The fixed shape of one double elimination."""

    players: int
    table_size: int
    #: Rounds of the winners' bracket (its final included).
    winners_rounds: int
    matches: tuple[Match, ...]

    @property
    def half(self) -> int:
        """How many go on from a table (and how many drop)."""
        return self.table_size // 2

    @property
    def first_tables(self) -> int:
        return 1 << (self.winners_rounds - 1)

    @property
    def losers_rounds(self) -> int:
        return 2 * (self.winners_rounds - 1)

    def match(self, match_id: str) -> Match:
        return self._by_id[match_id]

    @property
    def _by_id(self) -> dict[str, Match]:
        return {m.id: m for m in self.matches}

    def slots(self, seeded: Sequence[int]) -> list[int | None]:
        """Winners' round 1 seat by seat: seeds spread over the tables (1 and 2 meet last), the
        missing seeds empty next to the top seeds. Tables fill row by row, every other row reversed."""
        tables = self.first_tables
        order = bracket_order(tables)
        position = {seed: table for table, seed in enumerate(order)}
        slots: list[int | None] = [None] * (tables * self.table_size)
        for row in range(self.table_size):
            for j in range(1, tables + 1):
                seed = row * tables + j
                table = position[j if row % 2 == 0 else tables + 1 - j]
                slots[table * self.table_size + row] = seeded[seed - 1] if seed <= len(seeded) else None
        return slots


def winners_rounds(players: int, table_size: int = 2) -> int:
    """Rounds of the winners' bracket: the first round seats at least everyone."""
    rounds = 1
    while table_size << (rounds - 1) < players:
        rounds += 1
    return rounds


def most_rounds(players: int, table_size: int = 2) -> int:
    """An upper bound on the rounds it takes (the losers' bracket and both finals)."""
    return 2 * winners_rounds(players, table_size) + 1


def build(players: int, table_size: int = 2) -> Bracket:
    """The bracket for ``players`` at tables of ``table_size``."""
    if table_size not in TABLE_SIZES:
        raise ValueError(f"Double elimination seats {', '.join(map(str, TABLE_SIZES))} at a table.")
    k = winners_rounds(players, table_size)
    matches: list[Match] = []
    for r in range(1, k + 1):
        for i in range(1, (1 << (k - r)) + 1):
            feeds = () if r == 1 else (Feed(f"W{r - 1}.{2 * i - 1}", WIN), Feed(f"W{r - 1}.{2 * i}", WIN))
            matches.append(Match(f"W{r}.{i}", WINNERS, r, i, feeds))
    for m in range(1, 2 * (k - 1) + 1):
        if m == 1:
            for i in range(1, (1 << (k - 2)) + 1):
                feeds = (Feed(f"W1.{2 * i - 1}", LOSE), Feed(f"W1.{2 * i}", LOSE))
                matches.append(Match(f"L1.{i}", LOSERS, 1, i, feeds))
        elif m % 2 == 0:  # against the newcomers from winners' round m/2 + 1, in reverse order
            newcomers = m // 2 + 1
            count = 1 << (k - newcomers)
            for i in range(1, count + 1):
                feeds = (Feed(f"L{m - 1}.{i}", WIN), Feed(f"W{newcomers}.{count + 1 - i}", LOSE))
                matches.append(Match(f"L{m}.{i}", LOSERS, m, i, feeds))
        else:
            count = 1 << (k - (m + 1) // 2 - 1)
            for i in range(1, count + 1):
                feeds = (Feed(f"L{m - 1}.{2 * i - 1}", WIN), Feed(f"L{m - 1}.{2 * i}", WIN))
                matches.append(Match(f"L{m}.{i}", LOSERS, m, i, feeds))
    losers_champion = Feed(f"L{2 * (k - 1)}.1", WIN) if k > 1 else Feed("W1.1", LOSE)
    matches.append(Match("F1", FINAL, 1, 1, (Feed(f"W{k}.1", WIN), losers_champion)))
    matches.append(Match("F2", FINAL, 2, 1, (Feed("F1", WIN), Feed("F1", LOSE))))
    return Bracket(players, table_size, k, tuple(matches))


@dataclass
class Progress:
    """What is known of every table so far."""

    #: Players seated at a table whose players are all known (empty seats left out; drop-outs kept).
    seated: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Who went on and who dropped from each decided table.
    advancing: dict[str, tuple[int, ...]] = field(default_factory=dict)
    losing: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Tables decided without a game, and tables played (their finishing order).
    walkovers: dict[str, tuple[int, ...]] = field(default_factory=dict)
    played: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: Whether the reset final is due (the losers' side won the first final), None while unknown.
    reset: bool | None = None

    def decided(self, match_id: str) -> bool:
        return match_id in self.advancing

    def champion(self) -> int | None:
        last = "F2" if self.reset else "F1"
        if self.reset is None or last not in self.advancing:
            return None
        winners = self.advancing[last]
        return winners[0] if winners else None


def resolve(
    bracket: Bracket,
    seeded: Sequence[int],
    played: Mapping[str, Sequence[int]],
    walkovers: Mapping[str, Sequence[int]],
) -> Progress:
    """Apply the stored tables and walkovers to the bracket, in the order they happen."""
    progress = Progress()
    slots = bracket.slots(seeded)
    half = bracket.half
    for match in bracket.matches:
        seats = _seats(bracket, match, slots, progress)
        if seats is None:
            continue
        progress.seated[match.id] = tuple(p for p in seats if p is not None)
        if match.id == "F2":
            if progress.reset is not True:
                continue
            # Everyone at the first final still short of two losses: the winners' side, and the
            # losers' side players who finished in the top half.
            first = _seats(bracket, bracket.match("F1"), slots, progress) or []
            from_winners = set(first[:half])
            keep = set(progress.advancing["F1"]) | from_winners
            progress.seated[match.id] = tuple(p for p in progress.played["F1"] if p in keep)
        if match.id in played:
            order = tuple(played[match.id])
            progress.played[match.id] = order
            progress.advancing[match.id] = order[:half]
            progress.losing[match.id] = order[half:]
        elif match.id in walkovers:
            progress.walkovers[match.id] = tuple(walkovers[match.id])
            progress.advancing[match.id] = tuple(walkovers[match.id])
            progress.losing[match.id] = ()
        if match.id == "F1" and match.id in progress.advancing:
            from_losers = set(seats[half:])
            final = progress.played.get("F1", ())
            progress.reset = bool(final) and final[0] in from_losers
    return progress


def _seats(bracket: Bracket, match: Match, slots: Sequence[int | None], progress: Progress) -> list[int | None] | None:
    """The table's seats (None: empty) once every half that feeds it is decided."""
    if not match.feeds:
        start = (match.index - 1) * bracket.table_size
        return list(slots[start : start + bracket.table_size])
    seats: list[int | None] = []
    for feed in match.feeds:
        if not progress.decided(feed.match):
            return None
        group = (progress.advancing if feed.side == WIN else progress.losing)[feed.match]
        seats.extend(group)
        seats.extend([None] * (bracket.half - len(group)))
    return seats


@dataclass(frozen=True)
class RoundPlan:
    """The next round: tables to play (match id, players) and the walkovers decided with it."""

    tables: tuple[tuple[str, tuple[int, ...]], ...]
    walkovers: dict[str, tuple[int, ...]]

    @property
    def byes(self) -> list[int]:
        """Players let through without a game this round."""
        return [p for players in self.walkovers.values() for p in players]


def plan_round(
    bracket: Bracket,
    seeded: Sequence[int],
    played: Mapping[str, Sequence[int]],
    walkovers: Mapping[str, Sequence[int]],
    *,
    dropped: Collection[int] = (),
    in_play: Collection[str] = (),
) -> RoundPlan:
    """Every table that can be played now. A table with no more than half its seats filled by
    players still in (``dropped`` are out) is a walkover, decided here (its players go on in seed
    order), which may make more tables ready."""
    decided: dict[str, Sequence[int]] = dict(walkovers)
    rank = {p: i for i, p in enumerate(seeded)}
    while True:
        progress = resolve(bracket, seeded, played, decided)
        tables: list[tuple[str, tuple[int, ...]]] = []
        new = False
        for match in bracket.matches:
            if match.id not in progress.seated or progress.decided(match.id) or match.id in in_play:
                continue
            if match.id == "F2" and progress.reset is not True:
                continue
            present = tuple(p for p in progress.seated[match.id] if p not in dropped)
            if len(present) > bracket.half:
                tables.append((match.id, present))
            else:
                decided[match.id] = tuple(sorted(present, key=rank.__getitem__))
                new = True
        if not new:
            return RoundPlan(tuple(tables), {m: tuple(p) for m, p in decided.items() if m not in walkovers})


def finishing_order(
    seated: Sequence[int], places: Sequence[int], points: Sequence[int], seeded: Sequence[int]
) -> list[int]:
    """A table's players best first: by place, then game points, then the better seed."""
    rank = {p: i for i, p in enumerate(seeded)}
    order = sorted(range(len(seated)), key=lambda s: (places[s], -points[s], rank.get(seated[s], len(rank))))
    return [seated[s] for s in order]


def placements(bracket: Bracket, seeded: Sequence[int], progress: Progress) -> list[int]:
    """Everyone best first: the last final's order, then by how late each went out (their last
    table, the place they had there), then by seed."""
    stage = {m.id: i for i, m in enumerate(bracket.matches)}
    rank = {p: i for i, p in enumerate(seeded)}
    last_final = "F2" if progress.reset else "F1"
    final_order = progress.played.get(last_final) or progress.walkovers.get(last_final) or ()
    first_final = progress.played.get("F1", ())
    exit_of: dict[int, tuple[int, int]] = {}
    for match_id, order in [*progress.played.items(), *progress.walkovers.items()]:
        for place, player in enumerate(order):
            if player not in exit_of or stage[match_id] > exit_of[player][0]:
                exit_of[player] = (stage[match_id], place)

    def key(player: int) -> tuple[int, int, int, int]:
        if player in final_order:
            return (0, list(final_order).index(player), 0, rank[player])
        if player in first_final:
            return (1, first_final.index(player), 0, rank[player])
        at, place = exit_of.get(player, (-1, 0))
        return (2, -at, place, rank[player])

    return sorted(seeded, key=key)


def losses(progress: Progress) -> dict[int, int]:
    """How many times each player finished in the bottom half of a table played."""
    counted: dict[int, int] = {}
    for order in progress.losing.values():
        for player in order:
            counted[player] = counted.get(player, 0) + 1
    return counted
