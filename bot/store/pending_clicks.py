"""Clicks acknowledged before their move was saved: written down, so a restart answers each once.

Written while people wait (a busy bot defers many clicks): one statement each, in one piece, or
riding in a batch of moves (:meth:`bot.store.moves.MovesStore.save_actions`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime

from sqlalchemy import Connection, bindparam, delete, insert
from sqlmodel import col, select

from bot.models import PendingClick, utcnow
from bot.prepared import Prepared
from bot.store.base import StoreBase, columns_but_id


@dataclass
class ClickNote:
    """A click acknowledged before its move was saved, to write down (a ``pending_clicks`` row, see
    :class:`bot.models.PendingClick`): a plain record, for a busy bot writes one for nearly every
    click, and a SQLModel object each cost 2% of its process (py-spy on the High Card load)."""

    table_id: int
    user_id: int
    #: The table's version when the click arrived.
    version: int
    move: str
    application_id: int
    token: str
    at: datetime = field(default_factory=utcnow)
    #: The clicker's language: a restart tells them in it what became of the click.
    language: str | None = None
    #: The row's id once written.
    id: int | None = None


class PendingClicksStore(StoreBase):
    """The ``pending_clicks`` rows."""

    async def add_pending_click(self, click: ClickNote) -> int:
        click.id = await self._in_one_piece(insert_pending_click, click)
        return click.id

    async def drop_pending_click(self, click_id: int) -> None:
        await self._in_one_piece(_delete_pending_click, click_id)

    async def take_pending_clicks(self) -> list[PendingClick]:
        """Every pending click, removed from the database (each is answered once, at start)."""
        async with self._writing() as session:
            rows = list((await session.exec(select(PendingClick).order_by(col(PendingClick.id)))).all())
            for row in rows:
                await session.delete(row)
        return rows


_NOTES = PendingClick.__table__  # type: ignore[attr-defined]
#: The columns a note is given: ClickNote's fields but its id.
_NOTE_COLUMNS = columns_but_id(_NOTES)
assert set(_NOTE_COLUMNS) | {"id"} == {f.name for f in fields(ClickNote)}
_NOTE_LINE = Prepared(insert(_NOTES))
DROP_NOTES = Prepared(delete(_NOTES).where(_NOTES.c.id.in_(bindparam("b_ids", expanding=True))))


def insert_pending_click(connection: Connection, click: ClickNote) -> int:
    """Write one note in the caller's transaction; returns its id."""
    return _NOTE_LINE.insert(connection, {column: getattr(click, column) for column in _NOTE_COLUMNS})


def _delete_pending_click(connection: Connection, click_id: int) -> None:
    DROP_NOTES.run(connection, {"b_ids": [click_id]})
