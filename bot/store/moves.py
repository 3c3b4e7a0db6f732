"""Moves: each applied action saved with an optimistic check, one at a time or many in one batch.

:meth:`MovesStore.save_action` writes state ``expected_version + 1`` only if the table is still at
``expected_version``, so two writers (a double click, a second process) cannot both apply a move.
The move that ends a game writes its results (:mod:`bot.store.results`) and moves its items
(:mod:`bot.store.items`) in the same transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Text, bindparam, func, insert, or_, update
from sqlmodel import col, select

from bot import rating_store
from bot.models import ActorKind, TableAction, TableStatus, utcnow
from bot.prepared import Prepared
from bot.store.base import StoreBase, TableKey
from bot.store.errors import StoreError, TableNotFound, VersionConflict, WrongStatus
from bot.store.items import TransferLine, move_items
from bot.store.pending_clicks import DROP_NOTES, ClickNote, insert_pending_click
from bot.store.results import ResultLine, write_results
from bot.store.tables import TABLE_GAME, TABLES


@dataclass(frozen=True)
class ActionSave:
    """One applied action to save (:meth:`MovesStore.save_action`, :meth:`MovesStore.save_actions`)."""

    table_id: int
    expected_version: int
    new_state_json: str
    seat: int
    move: str
    #: Who acted: an :class:`bot.models.ActorKind` value (anything else is refused with ValueError).
    actor: ActorKind | str
    user_id: int | None
    #: Per seat, the oldest version whose controls still work (JSON), or None to leave it unchanged.
    fresh_json: str | None = None


#: Game ends whose standings a store keeps for their announcements (each is taken within moments;
#: one never asked for, a table without a message, is dropped once this many came after it).
KEPT_STANDINGS = 256


class MovesStore(StoreBase):
    """The moves of tables in play: their new state and version, and their ``table_actions`` log lines."""

    async def save_action(
        self,
        save: ActionSave,
        *,
        results: Sequence[ResultLine] | None = None,
        transfers: Sequence[TransferLine] = (),
        now: datetime | None = None,
    ) -> int:
        """Save one applied action in one transaction and return the new version.

        Writes the new state as version ``save.expected_version + 1`` and its action-log line.
        When ``results`` are given the action ended the game: the table is finished, the results
        written and the ``transfers`` made in the same transaction. Raises VersionConflict (nothing
        written) when the table is not at the expected version, WrongStatus when it is not in
        play, TableNotFound when there is no such table.
        """
        ActorKind(save.actor)  # an unknown actor is refused (ValueError) before the database is touched
        version, changes, moved = await self._in_one_piece(_write_action, save, results, transfers, now or utcnow())
        if results is not None:  # committed: kept for the game's announcement
            self._game_ends[save.table_id] = changes
            while len(self._game_ends) > KEPT_STANDINGS:
                del self._game_ends[next(iter(self._game_ends))]
            self._moved[save.table_id] = moved
            while len(self._moved) > KEPT_STANDINGS:
                del self._moved[next(iter(self._moved))]
        return version

    def moved_items(self, table_id: int) -> list[bool] | None:
        """Per transfer of a game this process just finished (its final :meth:`save_action`), whether
        its item moved, as that transaction did it (taken once; None when not kept)."""
        return self._moved.pop(table_id, None)

    async def save_actions(
        self,
        saves: Sequence[ActionSave],
        *,
        shown: Mapping[int, int] | None = None,
        notes: Sequence[ClickNote] = (),
        answered: Collection[int] = (),
        now: datetime | None = None,
    ) -> list[int | StoreError]:
        """Save many actions (of different tables) in one transaction, with table message versions
        and the notes of deferred clicks.

        What a busy bot does instead of one transaction per action: one SELECT locks the tables
        and tells which are still at their expected version, one UPDATE (for all their rows at
        once) moves those, one INSERT writes their log lines, one UPDATE keeps the versions the
        table messages now show (``shown``, as :meth:`save_message_versions`), then the notes of
        clicks deferred (``notes``, as :meth:`add_pending_click`: each gets its id) and answered
        (``answered``, as :meth:`drop_pending_click`), one COMMIT. Each action gets its new
        version, or the StoreError that :meth:`save_action` would raise for it (those wrote
        nothing). A database error fails them all (nothing written), and the caller may retry
        them one by one.
        """
        if len({save.table_id for save in saves}) != len(saves):
            raise ValueError("save_actions takes at most one action per table")
        if not saves and not shown and not notes and not answered:
            return []
        return await self._in_one_piece(_write_actions, saves, shown or {}, now or utcnow(), notes, answered)

    async def save_message_version(self, table_id: int, version: int) -> None:
        """The table message shows state ``version`` now (kept only if newer than what it showed)."""
        await self.save_message_versions({table_id: version})

    async def save_message_versions(self, versions: Mapping[int, int]) -> None:
        """:meth:`save_message_version` for many tables in one statement (a busy bot's table messages)."""
        if versions:
            await self._in_one_piece(_write_actions, [], versions, utcnow())

    async def actions_for(self, table_id: int) -> list[TableAction]:
        """The table's action log in order (for replay and audit)."""
        query = select(TableAction).where(TableAction.table_id == table_id).order_by(col(TableAction.version))
        async with self.sessions() as session:
            return list((await session.exec(query)).all())


def _write_action(
    connection: Connection,
    save: ActionSave,
    results: Sequence[ResultLine] | None,
    transfers: Sequence[TransferLine],
    now: datetime,
) -> tuple[int, list[rating_store.SeatChange], list[bool]]:
    """The statements of :meth:`MovesStore.save_action`: the new state, its log line, and when the
    action ended the game its results, ratings and prizes (Core statements compiled once: a game's
    end is every few moves in a short game). Returns the new version and, at a game's end, what it
    did to each rated seat's standing and which of its transfers moved an item."""
    actor = ActorKind(save.actor).value
    statement = _MOVE if results is None else _FINISHING_MOVE
    if statement.run(connection, _move_parameters(save, now)) != 1:
        raise _refusal(connection, save.table_id, save.expected_version)
    _LOG_LINE.run(connection, _log_line(save, actor, now))
    changes: list[rating_store.SeatChange] = []
    moved: list[bool] = []
    if results is not None:
        [(guild_id, game_key)] = TABLE_GAME.rows(connection, {"b_id": save.table_id})
        finished = TableKey(save.table_id, guild_id, game_key)
        changes = write_results(connection, finished, results, now)
        moved = move_items(connection, finished, transfers, now)
    return save.expected_version + 1, changes, moved


def _write_actions(
    connection: Connection,
    saves: Sequence[ActionSave],
    shown: Mapping[int, int],
    now: datetime,
    notes: Sequence[ClickNote] = (),
    answered: Collection[int] = (),
) -> list[int | StoreError]:
    """The statements of :meth:`Store.save_actions`, on a plain connection inside its transaction
    (a bad actor raises before anything is written).

    Every statement has one shape whatever the batch holds, so it is compiled once (on SQLite, for
    sqlite3's own cursor: bot.prepared) and run for all the batch's rows at once: a statement
    shaped by the batch (a CASE with a branch per table) was compiled again for every batch, and
    that was most of the cost of a save (``python -m benchmarks.store_writes``).
    """
    actors = [ActorKind(s.actor).value for s in saves]
    answers: list[int | StoreError] = []
    if saves:
        found = {
            table_id: (status, version)
            for table_id, status, version in _LOCKTABLES.rows(connection, {"b_ids": [s.table_id for s in saves]})
        }
        answers = [_answer_for(s.table_id, s.expected_version, found.get(s.table_id)) for s in saves]
    moving = [(s, actor) for s, actor, answer in zip(saves, actors, answers, strict=True) if isinstance(answer, int)]
    if moving:
        moved = _MOVE.run(connection, [_move_parameters(s, now) for s, _ in moving])
        if moved not in (-1, len(moving)):  # the rows are locked: only a broken database gets here
            raise RuntimeError(f"{len(moving)} tables were to move, {moved} did")
        _LOG_LINE.run(connection, [_log_line(s, actor, now) for s, actor in moving])
    if shown:
        _SHOWN.run(connection, [{"b_id": table_id, "b_shown": version} for table_id, version in shown.items()])
    for note in notes:
        note.id = insert_pending_click(connection, note)
    if answered:
        DROP_NOTES.run(connection, {"b_ids": list(answered)})
    return answers


def _answer_for(table_id: int, expected_version: int, found: tuple[str, int] | None) -> int | StoreError:
    """The version an action on ``table_id`` at ``expected_version`` makes, or why it cannot be
    saved, given the table's status and version (``found``, None: no such table)."""
    if found is None:
        return TableNotFound(f"There is no table {table_id}.")
    status, version = found
    if status != TableStatus.PLAYING:
        return WrongStatus(f"Table {table_id} is {status}, so no action can be saved.")
    if version != expected_version:
        return VersionConflict(table_id, expected_version, version)
    return expected_version + 1


#: The tables of a batch, locked until it commits (in the order of their ids, so two batches
#: never wait on each other in a circle).
_LOCKTABLES = Prepared(
    select(TABLES.c.id, TABLES.c.status, TABLES.c.version)
    .where(TABLES.c.id.in_(bindparam("b_ids", expanding=True)))
    .order_by(TABLES.c.id)
    .with_for_update()
)
#: One move of one table, if it is still in play at the version the move was made at.
_MOVE_STATEMENT = (
    update(TABLES)
    .where(
        TABLES.c.id == bindparam("b_id"),
        TABLES.c.version == bindparam("b_version"),
        TABLES.c.status == TableStatus.PLAYING,
    )
    .values(
        state_json=bindparam("b_state"),
        fresh_json=func.coalesce(bindparam("b_fresh", type_=Text), TABLES.c.fresh_json),
        version=TABLES.c.version + 1,
        updated_at=bindparam("b_now", type_=TABLES.c.updated_at.type),
        last_action_at=bindparam("b_now", type_=TABLES.c.last_action_at.type),
    )
)
_MOVE = Prepared(_MOVE_STATEMENT)
#: A game's last move: as :data:`_MOVE`, and the table is finished with it.
_FINISHING_MOVE = Prepared(_MOVE_STATEMENT.values(status=TableStatus.FINISHED))
#: The table message shows this version now (kept only if newer than what it showed).
_SHOWN = Prepared(
    update(TABLES)
    .where(
        TABLES.c.id == bindparam("b_id"),
        or_(TABLES.c.message_version.is_(None), TABLES.c.message_version < bindparam("b_shown")),
    )
    .values(message_version=bindparam("b_shown"))
)
_LOG_LINE = Prepared(insert(TableAction.__table__))  # type: ignore[attr-defined]


def _move_parameters(save: ActionSave, now: datetime) -> dict[str, Any]:
    return {
        "b_id": save.table_id,
        "b_version": save.expected_version,
        "b_state": save.new_state_json,
        "b_fresh": save.fresh_json,
        "b_now": now,
    }


def _log_line(save: ActionSave, actor: str, now: datetime) -> dict[str, Any]:
    return {
        "table_id": save.table_id,
        "version": save.expected_version + 1,
        "seat": save.seat,
        "move": save.move,
        "actor": actor,
        "user_id": save.user_id,
        "at": now,
    }


def _refusal(connection: Connection, table_id: int, expected_version: int) -> StoreError:
    """Why an action on ``table_id`` at ``expected_version`` was not saved (read in the same transaction)."""
    row = connection.execute(select(TABLES.c.status, TABLES.c.version).where(TABLES.c.id == table_id)).first()
    answer = _answer_for(table_id, expected_version, None if row is None else (row.status, row.version))
    return answer if isinstance(answer, StoreError) else VersionConflict(table_id, expected_version, expected_version)
