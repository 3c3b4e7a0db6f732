"""Ratings and levels in the database: the update at the end of a game, leaderboards, profiles, the rebuild.

Every function takes the session of its caller, so the rating update joins the transaction
that saves a table's results (a finished game and its ratings are written together, or not
at all). The rating maths is bot/ratings.py's and the level curve bot/levels.py's: this
module only reads and writes rows.

:func:`apply_finished_table` (one game, incremental) and :func:`rebuild` (every game again,
from ``results``) share :func:`_apply`, so both give the same numbers to the last bit.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime, timedelta
from typing import Any, Literal, Protocol

from sqlalchemy import Connection, bindparam, delete, func, insert, or_, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import levels
from bot.models import ActorKind, Result, TableAction, utcnow
from bot.pace_models import TableClock
from bot.prepared import Prepared
from bot.rating_models import PlayerRating, RatingHistory
from bot.ratings import (
    Finish,
    Rating,
    computer_key,
    is_provisional,
    person_key,
    rate,
    rated_players,
    shown,
    strength_of,
    teams_of,
)
from bot.table import level_in_name
from engine.players import DEFAULT_LEVEL

By = Literal["rating", "points", "wins"]
Period = Literal["all", "month", "week"]
#: How far back each period looks (rolling, so a week's board never starts empty on a Monday).
PERIODS: dict[str, timedelta | None] = {"all": None, "month": timedelta(days=30), "week": timedelta(days=7)}
COMPUTER_NAME = "Computer"
#: How many points of rating history a profile's chart gets per game.
CHART_POINTS = 60


class ResultLike(Protocol):
    """One seat's result (bot.store.ResultLine and bot.models.Result both are)."""

    @property
    def seat(self) -> int: ...
    @property
    def user_id(self) -> int | None: ...
    @property
    def name(self) -> str: ...
    @property
    def computer(self) -> bool: ...
    @property
    def place(self) -> int: ...
    @property
    def points(self) -> int: ...


@dataclass(frozen=True)
class SeatChange:
    """What one seat's game did to its standing: for the end-of-game announcement."""

    seat: int
    name: str
    player: str
    computer: bool
    shown_before: int
    shown_after: int
    provisional: bool
    level_before: int
    level_after: int

    @property
    def level_up(self) -> int | None:
        """The new level when this game reached one."""
        return self.level_after if self.level_after > self.level_before else None


def player_of(game_key: str, line: ResultLike) -> str:
    """The rating key of a seat: the person, or the game's computer of the seat's level (one
    rating per level, read from the result's shown name: "Computer 1 (strong)")."""
    if line.computer or line.user_id is None:
        return computer_key(game_key, strength_of(level_in_name(line.name)))
    return person_key(line.user_id)


def computer_name(key: str) -> str:
    """The name a computer's rating row and announcements show: "Computer", "Computer (strong)"."""
    strength = key.rsplit(":", 1)[-1]
    return COMPUTER_NAME if strength == strength_of(DEFAULT_LEVEL) else f"{COMPUTER_NAME} ({strength})"


# -- the update --------------------------------------------------------------------------------


@dataclass
class RatingRow:
    """A ``ratings`` row as the update reads and changes it: a plain record (the update runs at
    every game's end, and an ORM object per row cost more than the rating maths)."""

    guild_id: int
    game_key: str
    player: str
    user_id: int | None
    name: str
    computer: bool
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    points: int = 0
    best: int | None = None
    updated_at: datetime | None = None


def _apply(
    rows: dict[str, RatingRow],
    *,
    table_id: int,
    guild_id: int,
    game_key: str,
    results: Sequence[ResultLike],
    finished_at: datetime,
    plays: Mapping[int, SeatPlay] | None = None,
) -> tuple[list[dict[str, Any]], list[SeatChange]]:
    """Rate one finished table over ``rows`` (the players' rows, changed and added in place); the
    ``rating_history`` rows it writes (by column) and each rated seat's change. ``plays``: the
    seats played in part (:func:`partial_play`)."""
    lines, players, finish = _finish_of(game_key, results, plays)
    before = {key: Rating(row.mu, row.sigma, row.games, row.wins) for key, row in rows.items() if key in players}
    after = rate(finish, before)
    history: list[dict[str, Any]] = []
    changes: list[SeatChange] = []
    for line, key in zip(lines, players, strict=True):
        if key not in after:  # seated more than once: its rating stays (bot/ratings.py)
            continue
        row = rows.get(key)
        if row is None:
            row = rows[key] = _fresh_row(guild_id, game_key, key, line)
        old_shown, old_points = shown(Rating(row.mu, row.sigma)), row.points
        new = after[key]
        row.mu, row.sigma, row.games, row.wins = new.mu, new.sigma, new.games, new.wins
        row.points = old_points + levels.lifetime_points([line.points])
        row.best = line.points if row.best is None else max(row.best, line.points)
        row.name = _name_of(key, row.computer, line)
        row.updated_at = finished_at
        history.append(
            {
                "table_id": table_id,
                "guild_id": guild_id,
                "game_key": game_key,
                "player": key,
                "user_id": row.user_id,
                "seat": line.seat,
                "players": len(lines),
                "place": line.place,
                "points": line.points,
                "mu": new.mu,
                "sigma": new.sigma,
                "shown_before": old_shown,
                "shown_after": shown(new),
                "games": new.games,
                "lifetime_points": row.points,
                "finished_at": finished_at,
            }
        )
        changes.append(_seat_change(history[-1]))
    return history, changes


def _seat_change(line: Mapping[Any, Any]) -> SeatChange:
    """What one table did to one rated seat, from its ``rating_history`` row (by column): the same
    whether the table's save computed it just now or the announcement reads it back later."""
    user_id, game_key, points = line["user_id"], line["game_key"], line["lifetime_points"]
    return SeatChange(
        seat=line["seat"],
        name=computer_name(line["player"]) if user_id is None else f"<@{user_id}>",
        player=line["player"],
        computer=user_id is None,
        shown_before=line["shown_before"],
        shown_after=line["shown_after"],
        provisional=is_provisional(Rating(line["mu"], line["sigma"], games=line["games"])),
        level_before=levels.level(game_key, points - levels.lifetime_points([line["points"]]), line["games"] - 1),
        level_after=levels.level(game_key, points, line["games"]),
    )


def _finish_of(
    game_key: str, results: Sequence[ResultLike], plays: Mapping[int, SeatPlay] | None = None
) -> tuple[list[ResultLike], tuple[str, ...], Finish]:
    """One finished table's lines by seat, their players' rating keys, and the finish they rate
    (``plays``: the seats played in part, see :func:`partial_play`: a seat a computer took over
    from a person at a turn-based table is that person's)."""
    lines = [_played_by(line, (plays or {}).get(line.seat)) for line in sorted(results, key=lambda line: line.seat)]
    players = tuple(player_of(game_key, line) for line in lines)
    weights = tuple(plays[line.seat].share if line.seat in plays else 1.0 for line in lines) if plays else ()
    return lines, players, Finish(players, tuple(line.place for line in lines), teams_of(game_key, len(lines)), weights)


# -- partial play ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPlay:
    """A seat the computer played some of at a turn-based table: the person whose seat it was, and
    the share of its decisions they made themselves."""

    user_id: int | None
    share: float


@dataclass(frozen=True)
class _Line:
    """A result line as rated (a seat a computer took over, rated for its person)."""

    seat: int
    user_id: int | None
    name: str
    computer: bool
    place: int
    points: int


def _played_by(line: ResultLike, play: SeatPlay | None) -> ResultLike:
    """The line rated for a seat: a computer's that took over a person's seat is the person's."""
    if play is None or not line.computer or play.user_id is None:
        return line
    name = line.name.split(" (computer")[0]  # "Ann (computer, normal)": the seat's person is Ann
    return _Line(line.seat, play.user_id, name, False, line.place, line.points)


_ACTIONS = TableAction.__table__  # type: ignore[attr-defined]
_CLOCKS = TableClock.__table__  # type: ignore[attr-defined]
#: The decisions a person made, the computer made for them after a time-out, and a computer made.
_PARTIAL_ACTORS = (ActorKind.PLAYER.value, ActorKind.TIMEOUT.value, ActorKind.COMPUTER.value)
#: Per seat of one table, how many decisions each kind of actor made (and the person's id).
_SEAT_MOVES = Prepared(
    core_select(_ACTIONS.c.seat, _ACTIONS.c.actor, func.max(_ACTIONS.c.user_id), func.count())
    .where(_ACTIONS.c.table_id == bindparam("b_table"), _ACTIONS.c.actor.in_(bindparam("b_actors", expanding=True)))
    .group_by(_ACTIONS.c.seat, _ACTIONS.c.actor)
)
#: Whether one table was turn-based (its clocks' row says a pace other than live).
_TURN_BASED = Prepared(
    core_select(_CLOCKS.c.table_id).where(_CLOCKS.c.table_id == bindparam("b_table"), _CLOCKS.c.pace != "live")
)


def partial_play(counts: Iterable[tuple[int, str, int | None, int]], turn_based: bool) -> dict[int, SeatPlay]:
    """The seats of one table its person played in part, from ``(seat, actor, user id, count)`` of its
    log: the computer made some of their moves after their turn-based clock ran out, or (at a
    turn-based table) took their seat over. Seats played whole are left out; a move made for a
    person because it was their only one counts for neither side.

    >>> partial_play([(0, "player", 7, 9), (0, "timeout", None, 3), (1, "player", 8, 12)], True)
    {0: SeatPlay(user_id=7, share=0.75)}
    >>> partial_play([(1, "player", 8, 2), (1, "computer", None, 6)], True)  # taken over after 2 moves
    {1: SeatPlay(user_id=8, share=0.25)}
    >>> partial_play([(1, "player", 8, 2), (1, "computer", None, 6)], False)  # a live table: the computer's
    {}
    """
    own: dict[int, int] = defaultdict(int)
    missed: dict[int, int] = defaultdict(int)
    computer: dict[int, int] = defaultdict(int)
    person: dict[int, int | None] = {}
    for seat, actor, user_id, count in counts:
        if actor == ActorKind.TIMEOUT.value:
            missed[seat] += count
        elif actor == ActorKind.PLAYER.value:
            own[seat] += count
            person[seat] = user_id
        elif actor == ActorKind.COMPUTER.value:
            computer[seat] += count
    found = {}
    for seat in sorted({*missed, *computer}):
        taken = computer[seat] if turn_based and own[seat] else 0  # a person's seat a computer took over
        if missed[seat] or taken:
            found[seat] = SeatPlay(person.get(seat), own[seat] / (own[seat] + missed[seat] + taken))
    return found


def _table_plays(connection: Connection, table_id: int) -> dict[int, SeatPlay]:
    """:func:`partial_play` of one table, read in the transaction that saves its results."""
    counts = _SEAT_MOVES.rows(connection, {"b_table": table_id, "b_actors": list(_PARTIAL_ACTORS)})
    kinds: dict[int, set[str]] = defaultdict(set)
    for seat, actor, _, _ in counts:
        kinds[seat].add(actor)
    taken_over = any({ActorKind.PLAYER.value, ActorKind.COMPUTER.value} <= actors for actors in kinds.values())
    turn_based = taken_over and bool(_TURN_BASED.rows(connection, {"b_table": table_id}))
    return partial_play(counts, turn_based)


def _fresh_row(guild_id: int, game_key: str, key: str, line: ResultLike) -> RatingRow:
    """The row of a player's first rated game, at the model's default rating."""
    computer = key.startswith("computer:")
    fresh = Rating()
    return RatingRow(
        guild_id=guild_id,
        game_key=game_key,
        player=key,
        user_id=None if computer else line.user_id,
        name=_name_of(key, computer, line),
        computer=computer,
        mu=fresh.mu,
        sigma=fresh.sigma,
    )


def _name_of(key: str, computer: bool, line: ResultLike) -> str:
    return computer_name(key) if computer else line.name


#: The columns a game changes in a player's row.
_CHANGED = ("name", "mu", "sigma", "games", "wins", "points", "best", "updated_at")


_RATINGS = PlayerRating.__table__  # type: ignore[attr-defined]
_HISTORY = RatingHistory.__table__  # type: ignore[attr-defined]
#: The rows of one game's players, locked in one order (the key's), so two games locking the same
#: players never wait on each other in a circle. Its columns are :class:`RatingRow`'s.
_LOCK_RATINGS = Prepared(
    core_select(*(_RATINGS.c[f.name] for f in fields(RatingRow)))
    .where(
        _RATINGS.c.guild_id == bindparam("b_guild"),
        _RATINGS.c.game_key == bindparam("b_game"),
        _RATINGS.c.player.in_(bindparam("b_players", expanding=True)),
    )
    .order_by(_RATINGS.c.player)
    .with_for_update()
)
#: One player's row after a game (by its key).
_UPDATE_RATING = Prepared(
    update(_RATINGS)
    .where(
        _RATINGS.c.guild_id == bindparam("b_guild"),
        _RATINGS.c.game_key == bindparam("b_game"),
        _RATINGS.c.player == bindparam("b_player"),
    )
    .values({name: bindparam(name) for name in _CHANGED})
)
_HISTORY_LINE = Prepared(insert(_HISTORY))
#: The fresh rows a game needs, unless another transaction just added them (per dialect).
_NEW_ROWS = {
    "sqlite": Prepared(sqlite_insert(_RATINGS).on_conflict_do_nothing()),
    "postgresql": Prepared(postgresql_insert(_RATINGS).on_conflict_do_nothing()),
}


def apply_finished_table(
    connection: Connection,
    *,
    table_id: int,
    guild_id: int,
    game_key: str,
    results: Sequence[ResultLike],
    finished_at: datetime | None = None,
) -> list[SeatChange]:
    """Update the ratings, levels and history for one finished table, in the caller's transaction.

    Returns each rated seat's change (ratings before and after, level before and after) for
    the end-of-game announcement. Plain (not async) Core statements, each compiled once: the
    store runs them in one piece, on SQLite's writes connection (bot.sqlite_writes), or through
    ``AsyncConnection.run_sync`` (bot/store.py).
    """
    finished_at = finished_at or utcnow()
    plays = _table_plays(connection, table_id)
    _ensure_rows(connection, guild_id=guild_id, game_key=game_key, results=results, plays=plays)
    keys = sorted({player_of(game_key, line) for line in results})
    found = _LOCK_RATINGS.rows(connection, {"b_guild": guild_id, "b_game": game_key, "b_players": keys})
    rows = {row.player: row for row in (RatingRow(*values) for values in found)}
    history, changes = _apply(
        rows,
        table_id=table_id,
        guild_id=guild_id,
        game_key=game_key,
        results=results,
        finished_at=finished_at,
        plays=plays,
    )
    if history:
        changed = [rows[line["player"]] for line in history]
        updated = _UPDATE_RATING.run(
            connection,
            [{"b_guild": guild_id, "b_game": game_key, "b_player": row.player, **_changed(row)} for row in changed],
        )
        if updated not in (-1, len(changed)):  # _ensure_rows made them: only a broken database gets here
            raise RuntimeError(f"{len(changed)} ratings were to change, {updated} did")
        _HISTORY_LINE.run(connection, history)
    return changes


def _changed(row: RatingRow) -> dict[str, Any]:
    return {name: getattr(row, name) for name in _CHANGED}


def _ensure_rows(
    connection: Connection,
    *,
    guild_id: int,
    game_key: str,
    results: Sequence[ResultLike],
    plays: Mapping[int, SeatPlay] | None = None,
) -> None:
    """Insert the fresh rating row of every player this game rates who has none yet, unless another
    transaction just did (INSERT … ON CONFLICT DO NOTHING).

    Two processes (or two tables of one process) finishing a first game of the same player at
    once would otherwise both insert the row, and one game's results would fail with it. A row
    at the default rating rates exactly as a missing one (bot/ratings.py), so the update that
    follows locks and changes existing rows only.
    """
    lines, players, finish = _finish_of(game_key, results, plays)
    rated = rated_players(finish)
    fresh = {key: _fresh_row(guild_id, game_key, key, line) for key, line in zip(players, lines, strict=True)}
    now = utcnow()
    values = [{**asdict(row), "updated_at": now} for key, row in sorted(fresh.items()) if key in rated]
    if values:
        _NEW_ROWS[connection.dialect.name].run(connection, values)


async def rebuild(session: AsyncSession, guild_id: int | None = None) -> int:
    """Recompute every rating, level and history row from ``results`` (one server, or all).

    Tables are replayed in the order they finished (then by id), exactly as the incremental
    update saw them. Returns how many tables were rated. Runs in the caller's transaction.
    """
    ratings_delete = delete(PlayerRating)
    history_delete = delete(RatingHistory)
    query = select(Result)
    if guild_id is not None:
        ratings_delete = ratings_delete.where(col(PlayerRating.guild_id) == guild_id)
        history_delete = history_delete.where(col(RatingHistory.guild_id) == guild_id)
        query = query.where(Result.guild_id == guild_id)
    await session.exec(history_delete)
    await session.exec(ratings_delete)
    results = (
        await session.exec(query.order_by(col(Result.finished_at), col(Result.table_id), col(Result.seat)))
    ).all()
    tables: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        tables[result.table_id].append(result)
    partial, turn_based = await _partial_tables(session)
    books: dict[tuple[int, str], dict[str, RatingRow]] = defaultdict(dict)
    for table_id, lines in tables.items():
        first = lines[0]
        history, _ = _apply(
            books[(first.guild_id, first.game_key)],
            table_id=table_id,
            guild_id=first.guild_id,
            game_key=first.game_key,
            results=lines,
            finished_at=first.finished_at,
            plays=partial_play(partial.get(table_id, ()), table_id in turn_based),
        )
        session.add_all(RatingHistory(**line) for line in history)
    for book in books.values():
        session.add_all(PlayerRating(**asdict(row)) for row in book.values())
    return len(tables)


async def _partial_tables(session: AsyncSession) -> tuple[dict[int, list[tuple[int, str, int | None, int]]], set[int]]:
    """The seats' decision counts (as :func:`partial_play` takes them) of every table that was
    turn-based or where the computer moved after a time-out, and which tables were turn-based."""
    turn_based = core_select(_CLOCKS.c.table_id).where(_CLOCKS.c.pace != "live")
    timed_out = core_select(_ACTIONS.c.table_id).where(_ACTIONS.c.actor == ActorKind.TIMEOUT.value)
    statement = (
        core_select(_ACTIONS.c.table_id, _ACTIONS.c.seat, _ACTIONS.c.actor, func.max(_ACTIONS.c.user_id), func.count())
        .where(
            or_(_ACTIONS.c.table_id.in_(turn_based), _ACTIONS.c.table_id.in_(timed_out)),
            _ACTIONS.c.actor.in_(_PARTIAL_ACTORS),
        )
        .group_by(_ACTIONS.c.table_id, _ACTIONS.c.seat, _ACTIONS.c.actor)
    )
    connection = await session.connection()
    found: dict[int, list[tuple[int, str, int | None, int]]] = defaultdict(list)
    for table_id, seat, actor, user_id, count in (await connection.execute(statement)).all():
        found[table_id].append((seat, actor, user_id, count))
    return found, set((await connection.execute(turn_based)).scalars())


async def table_changes(session: AsyncSession, table_id: int) -> list[SeatChange]:
    """What one finished table did to each rated seat, read back from its history rows (each
    holds the player's games and lifetime points through that table)."""
    history = RatingHistory.__table__  # type: ignore[attr-defined]
    statement = core_select(history).where(history.c.table_id == table_id).order_by(history.c.seat)
    rows = (await (await session.connection()).execute(statement)).all()
    return [_seat_change(row._mapping) for row in rows]


async def needs_rebuild(session: AsyncSession) -> bool:
    """True when results exist but no ratings do (a database from before migration 0004)."""
    has_results = (await session.exec(select(Result.id).limit(1))).first() is not None
    has_ratings = (await session.exec(select(PlayerRating.player).limit(1))).first() is not None
    return has_results and not has_ratings


# -- leaderboards ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardRow:
    """One line of a leaderboard."""

    rank: int
    player: str
    user_id: int | None
    name: str
    computer: bool
    rating: int
    provisional: bool
    games: int
    wins: int
    points: int
    level: int


@dataclass(frozen=True)
class Board:
    """One page of a leaderboard, and the asking player's own row when it is not on the page."""

    game_key: str
    by: str
    period: str
    rows: list[BoardRow]
    page: int  # 0-based
    pages: int  # at least 1
    players: int  # ranked players in all pages
    own: BoardRow | None


async def leaderboard(
    session: AsyncSession,
    guild_id: int,
    game_key: str,
    *,
    by: By = "rating",
    period: Period = "all",
    page: int = 0,
    page_size: int = 10,
    asking_user_id: int | None = None,
    now: datetime | None = None,
) -> Board:
    """One page of the server's board of a game.

    ``by`` ranks by the shown rating (computers included, so people see where the computer
    stands), by points (lifetime level points) or by wins (people only for both). A period
    counts only the games finished in it (its players are those who played in it), while the
    rating and the level are always the current ones. Equal figures share a rank.
    """
    if by not in ("rating", "points", "wins") or period not in PERIODS:
        raise ValueError(f"unknown leaderboard {by!r} / {period!r}")
    if page < 0 or page_size < 1:
        raise ValueError("page must be >= 0 and page_size >= 1")
    query = select(PlayerRating).where(PlayerRating.guild_id == guild_id, PlayerRating.game_key == game_key)
    ratings = {row.player: row for row in (await session.exec(query)).all()}
    figures: dict[str, tuple[int, int, int]] = {key: (row.games, row.wins, row.points) for key, row in ratings.items()}
    span = PERIODS[period]
    if span is not None:
        since = (now or utcnow()) - span
        recent = select(RatingHistory).where(
            RatingHistory.guild_id == guild_id,
            RatingHistory.game_key == game_key,
            col(RatingHistory.finished_at) >= since,
        )
        figures = _period_figures((await session.exec(recent)).all())
    rows = [
        _board_row(ratings[key], *counts)
        for key, counts in figures.items()
        if key in ratings and (by == "rating" or not ratings[key].computer)
    ]
    ranked = _ranked(rows, by)
    pages = max(1, -(-len(ranked) // page_size))
    shown_rows = ranked[page * page_size : (page + 1) * page_size]
    own = None
    if asking_user_id is not None and all(row.user_id != asking_user_id for row in shown_rows):
        own = next((row for row in ranked if row.user_id == asking_user_id and not row.computer), None)
    return Board(game_key, by, period, shown_rows, page, pages, len(ranked), own)


def _period_figures(history: Iterable[RatingHistory]) -> dict[str, tuple[int, int, int]]:
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    points: dict[str, int] = defaultdict(int)
    for line in history:
        games[line.player] += 1
        wins[line.player] += 1 if line.place == 1 else 0
        points[line.player] += levels.lifetime_points([line.points])
    return {key: (games[key], wins[key], points[key]) for key in games}


def _board_row(row: PlayerRating, games: int, wins: int, points: int) -> BoardRow:
    rating = Rating(row.mu, row.sigma, row.games, row.wins)
    return BoardRow(
        rank=0,
        player=row.player,
        user_id=row.user_id,
        name=row.name,
        computer=row.computer,
        rating=shown(rating),
        provisional=is_provisional(rating),
        games=games,
        wins=wins,
        points=points,
        level=levels.level(row.game_key, row.points, row.games),
    )


def _ranked(rows: list[BoardRow], by: str) -> list[BoardRow]:
    """Sorted best first, each with its competition rank (equal main figures share a rank)."""

    def main(row: BoardRow) -> int:
        return {"rating": row.rating, "points": row.points, "wins": row.wins}[by]

    def order(row: BoardRow) -> tuple[int, int, int, int, str]:
        return (-main(row), -row.rating, -row.wins, -row.games, row.player)

    ordered = sorted(rows, key=order)
    ranked: list[BoardRow] = []
    for index, row in enumerate(ordered):
        tied = index > 0 and main(ordered[index - 1]) == main(row)
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(replace(row, rank=rank))
    return ranked


# -- profiles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStanding:
    """A player's standing in one game, for their profile card."""

    game_key: str
    rating: int
    provisional: bool
    level: int
    progress: levels.Progress
    games: int
    wins: int
    best: int
    points: int
    #: The shown rating before the first game, then after each game (the last CHART_POINTS).
    chart: tuple[int, ...]


@dataclass(frozen=True)
class RecentResult:
    game_key: str
    table_id: int
    place: int
    players: int
    points: int
    change: int  # shown rating after minus before
    finished_at: datetime


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str
    games: list[GameStanding]
    recent: list[RecentResult]


async def profile(session: AsyncSession, guild_id: int, user_id: int, *, recent: int = 5) -> Profile | None:
    """A person's standing in every game they played on this server, and their last results."""
    key = person_key(user_id)
    query = select(PlayerRating).where(PlayerRating.guild_id == guild_id, PlayerRating.player == key)
    rows = sorted((await session.exec(query)).all(), key=lambda row: row.game_key)
    if not rows:
        return None
    lines = (
        await session.exec(
            select(RatingHistory)
            .where(RatingHistory.guild_id == guild_id, RatingHistory.player == key)
            .order_by(col(RatingHistory.finished_at), col(RatingHistory.id))
        )
    ).all()
    by_game: dict[str, list[RatingHistory]] = defaultdict(list)
    for line in lines:
        by_game[line.game_key].append(line)
    standings = []
    for row in rows:
        game_lines = by_game[row.game_key]
        chart = [game_lines[0].shown_before] if game_lines else []
        chart += [line.shown_after for line in game_lines]
        rating = Rating(row.mu, row.sigma, row.games, row.wins)
        standings.append(
            GameStanding(
                game_key=row.game_key,
                rating=shown(rating),
                provisional=is_provisional(rating),
                level=levels.level(row.game_key, row.points, row.games),
                progress=levels.progress(row.game_key, row.points, row.games),
                games=row.games,
                wins=row.wins,
                best=row.best if row.best is not None else 0,
                points=row.points,
                chart=tuple(chart[-CHART_POINTS:]),
            )
        )
    latest = max(rows, key=lambda row: row.updated_at)
    last = [
        RecentResult(
            line.game_key,
            line.table_id,
            line.place,
            line.players,
            line.points,
            line.shown_after - line.shown_before,
            line.finished_at,
        )
        for line in reversed(lines[-recent:])
    ]
    return Profile(user_id=user_id, name=latest.name, games=standings, recent=last)


async def level_of(session: AsyncSession, guild_id: int, game_key: str, user_id: int) -> int:
    """A person's level in a game (1 before their first game): for names in tables."""
    row = await session.get(PlayerRating, (guild_id, game_key, person_key(user_id)))
    return levels.level(game_key, row.points, row.games) if row is not None else 1


async def levels_of(session: AsyncSession, guild_id: int, game_key: str, user_ids: Iterable[int]) -> dict[int, int]:
    """Several people's levels in a game at once (1 before their first game)."""
    wanted = {person_key(user_id): user_id for user_id in user_ids}
    query = select(PlayerRating).where(
        PlayerRating.guild_id == guild_id, PlayerRating.game_key == game_key, col(PlayerRating.player).in_(wanted)
    )
    found = {row.player: levels.level(game_key, row.points, row.games) for row in (await session.exec(query)).all()}
    return {user_id: found.get(key, 1) for key, user_id in wanted.items()}


# -- the rebuild command -----------------------------------------------------------------------


async def rebuild_database(url: str, guild_id: int | None = None) -> int:
    """Open the bot's database at ``url`` (refusing one with no Parlour tables or a running bot: see
    bot.maintenance) and rebuild its ratings in one transaction."""
    from bot.maintenance import open_for_maintenance

    database = await open_for_maintenance(url)
    try:
        async with database.sessions.begin() as session:
            return await rebuild(session, guild_id)
    finally:
        await database.close()


def _main(argv: list[str] | None = None) -> int:
    """``python -m bot.rating_store [--url DATABASE_URL] [--guild ID]``: recompute every rating from the
    results, in the database the bot's settings name (``.env`` and the environment) unless --url says."""
    from bot.maintenance import MaintenanceRefused
    from bot.settings import SettingsError, load_settings

    parser = argparse.ArgumentParser(prog="python -m bot.rating_store", description=_main.__doc__)
    parser.add_argument("--url", default=None, help="a database other than the settings' DATABASE_URL")
    parser.add_argument("--guild", type=int, default=None, help="only this server")
    args = parser.parse_args(argv)
    try:
        environ = {"DATABASE_URL": args.url} if args.url else None
        url = load_settings(environ, require_token=False).database_url
        tables = asyncio.run(rebuild_database(url, args.guild))
    except (SettingsError, MaintenanceRefused) as error:
        print(f"Parlour cannot rebuild the ratings: {error}", file=sys.stderr)
        return 2
    print(f"Rebuilt the ratings of {tables} finished {'table' if tables == 1 else 'tables'}.")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
