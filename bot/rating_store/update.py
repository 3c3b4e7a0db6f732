"""The rating update at a game's end: each rated seat's rating, level and history row, in the caller's transaction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Connection, bindparam, insert, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import levels
from bot.models import utcnow
from bot.prepared import Prepared
from bot.rating_models import PlayerRating, RatingHistory
from bot.rating_store.partial_play import SeatPlay, table_plays
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

__all__ = [
    "COMPUTER_NAME",
    "RatingRow",
    "ResultLike",
    "SeatChange",
    "apply_finished_table",
    "computer_name",
    "player_of",
    "rate_table",
    "seat_change",
    "table_changes",
]

COMPUTER_NAME = "Computer"


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


def rate_table(
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
    seats played in part (:func:`~bot.rating_store.partial_play.partial_play`)."""
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
        changes.append(seat_change(history[-1]))
    return history, changes


def seat_change(line: Mapping[Any, Any]) -> SeatChange:
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
    (``plays``: the seats played in part, see :func:`~bot.rating_store.partial_play.partial_play`:
    a seat a computer took over from a person at a turn-based table is that person's)."""
    lines = [_played_by(line, (plays or {}).get(line.seat)) for line in sorted(results, key=lambda line: line.seat)]
    players = tuple(player_of(game_key, line) for line in lines)
    weights = tuple(plays[line.seat].share if line.seat in plays else 1.0 for line in lines) if plays else ()
    return lines, players, Finish(players, tuple(line.place for line in lines), teams_of(game_key, len(lines)), weights)


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
    plays = table_plays(connection, table_id)
    _ensure_rows(connection, guild_id=guild_id, game_key=game_key, results=results, plays=plays)
    keys = sorted({player_of(game_key, line) for line in results})
    found = _LOCK_RATINGS.rows(connection, {"b_guild": guild_id, "b_game": game_key, "b_players": keys})
    rows = {row.player: row for row in (RatingRow(*values) for values in found)}
    history, changes = rate_table(
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


async def table_changes(session: AsyncSession, table_id: int) -> list[SeatChange]:
    """What one finished table did to each rated seat, read back from its history rows (each
    holds the player's games and lifetime points through that table)."""
    history = RatingHistory.__table__  # type: ignore[attr-defined]
    statement = core_select(history).where(history.c.table_id == table_id).order_by(history.c.seat)
    rows = (await (await session.connection()).execute(statement)).all()
    return [seat_change(row._mapping) for row in rows]
