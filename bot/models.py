"""The database tables (SQLModel) and the column types they need (the shared ones in :mod:`bot.columns`).

Discord snowflakes are 64-bit (BigInteger). Times are aware UTC datetimes on both backends.
Scores are exact integers of any size (Gin-jon-tan passes 2^63), stored as text by
:class:`BigScore` and summed in Python. A schema change here needs a migration
(see bot/db.py).
"""

from __future__ import annotations

import json
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import BigInteger, Dialect, Index, Text, UniqueConstraint
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

from bot.columns import BigId as BigId  # the shared column types, as every table module knew them here
from bot.columns import UTCDateTime as UTCDateTime
from bot.columns import utcnow as utcnow
from bot.seat import Seat


class BigScore(TypeDecorator[int]):
    """An exact Python int of any size, stored as its decimal text.

    >>> BigScore().process_bind_param(2**70, None), BigScore().process_result_value("-12", None)
    ('1180591620717411303424', -12)
    """

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect | None) -> str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"a score is an int, not {type(value).__name__}")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Dialect | None) -> int | None:
        return None if value is None else int(value)


class TableStatus(StrEnum):
    """Where a table is in its life: the one status of a table, stored and held (:class:`bot.table.Table`)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"  # ended by the host or a moderator
    CLOSED = "closed"  # closed without results (no action for too long)


OPEN_STATUSES = (TableStatus.LOBBY, TableStatus.PLAYING)


class ActorKind(StrEnum):
    """Who made an action, as its log line says (a person acting is :class:`bot.actor.Actor`)."""

    PLAYER = "player"
    COMPUTER = "computer"  # a computer seat
    IDLE = "idle"  # the computer played for an idle player
    AUTO = "auto"  # a person's only possible move, made for them
    TIMEOUT = "timeout"  # the computer played for a person whose turn-based clock ran out (issue 45)


class GuildSettingsRow(SQLModel, table=True):
    """A server's stored settings (read as :class:`bot.table.GuildSettings`); absent rows mean the defaults."""

    __tablename__ = "guild_settings"

    guild_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    idle_minutes: int = 5
    use_threads: bool = True
    computer_pause_ms: int = 1500
    #: The language of the server's public messages (``/settings language``); None: its Discord language.
    language: str | None = Field(default=None, max_length=16)
    #: Cards drawn in four colours (clubs green, diamonds blue) so suits differ by colour too.
    four_colour: bool = False
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class GameTable(SQLModel, table=True):
    """A table from lobby to end. ``version`` counts the actions applied to ``state_json``."""

    __tablename__ = "game_tables"
    __table_args__ = (
        Index("ix_game_tables_status", "status"),
        Index("ix_game_tables_guild_channel", "guild_id", "channel_id"),
    )

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    channel_id: int = Field(sa_type=BigInteger)  # the thread, when one was made
    parent_channel_id: int = Field(sa_type=BigInteger)
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    message_posted_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: The state version the table message last showed (NULL: not shown since the game started);
    #: a table whose message is behind ``version`` is drawn again at start.
    message_version: int | None = None
    game_key: str
    host_id: int = Field(sa_type=BigInteger)
    options_json: str = Field(default="{}", sa_type=Text)
    seats_json: str = Field(default="[]", sa_type=Text)
    status: str = TableStatus.LOBBY.value
    state_json: str | None = Field(default=None, sa_type=Text)
    version: int = 0
    #: Per seat, the oldest state version whose controls still work for it (JSON list; NULL: all current).
    fresh_json: str | None = Field(default=None, sa_type=Text)
    #: Per seat, the selection a person is building on the choice screen (JSON object; NULL: none).
    drafts_json: str | None = Field(default=None, sa_type=Text)
    seed: int = Field(sa_type=BigInteger)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    last_action_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: The lobby its Rematch opened (a finished table has one rematch at most).
    rematch_table_id: int | None = Field(default=None, sa_type=BigInteger)

    @property
    def seats(self) -> list[Seat]:
        """The seats as stored (``seats_json``), as the table service holds them."""
        return [Seat.from_dict(seat) for seat in json.loads(self.seats_json)]

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = json.loads(self.options_json)
        return options


class TableAction(SQLModel, table=True):
    """One applied action: the log line that goes with state ``version``."""

    __tablename__ = "table_actions"
    __table_args__ = (UniqueConstraint("table_id", "version", name="uq_table_actions_table_version"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    version: int
    seat: int
    move: str = Field(sa_type=Text)  # engine Move text, e.g. "discard:Kh"
    actor: str
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Result(SQLModel, table=True):
    """One seat's result in a finished table."""

    __tablename__ = "results"
    __table_args__ = (
        Index("ix_results_guild_game", "guild_id", "game_key"),
        Index("ix_results_guild_user", "guild_id", "user_id"),
    )

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    seat: int
    user_id: int | None = Field(default=None, sa_type=BigInteger)  # None for computers
    name: str
    computer: bool = False
    place: int
    points: int = Field(sa_type=BigScore)
    finished_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PendingClick(SQLModel, table=True):
    """A click acknowledged before its move was saved (a slow save): kept so that the person is
    told what became of it if the bot stops before answering (an interaction token lives 15 minutes)."""

    __tablename__ = "pending_clicks"

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    user_id: int = Field(sa_type=BigInteger)
    #: The table's version when the click arrived: the move is saved if the action after it is this click's.
    version: int
    move: str = Field(sa_type=Text)
    application_id: int = Field(sa_type=BigInteger)
    token: str = Field(sa_type=Text)
    at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: The clicker's language (their Discord's): what became of the click is told in it.
    language: str | None = None


class OwnedItem(SQLModel, table=True):
    """One owned item (a card of a collection) with its own identity: two players may own equal cards.

    ``id`` is the item id the engine sees (``str(id)`` in a profile); ``kind`` is the game's
    own id of what the item is (a card id); the bot never reads it. A transfer moves the row
    to its new owner, so every move of an item can be traced (``item_transfers``). A missing
    ``user_id`` is the house: an item lost to a computer seat (see docs/profiles.md).
    """

    __tablename__ = "owned_items"
    __table_args__ = (Index("ix_owned_items_owner", "guild_id", "game_key", "user_id"),)

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    kind: str = Field(sa_type=Text)
    #: How the item came into being: "first" (a first collection), "top-up", "house" (won from a computer seat).
    origin: str
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: When its owner got it, and the table whose prize gave it to them (None: granted).
    acquired_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    acquired_table_id: int | None = Field(default=None, sa_type=BigInteger)

    @property
    def item(self) -> str:
        """The item id the engine sees."""
        return str(self.id)


class ItemOwner(SQLModel, table=True):
    """A person's holding in one game of one server: the row their item changes lock, their chosen
    items (Gin-jon-tan's active deck) and the choice they are building (a draft), as JSON lists of
    item ids. NULL chosen items mean the game's default choice."""

    __tablename__ = "item_owners"

    guild_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    game_key: str = Field(primary_key=True)
    chosen_json: str | None = Field(default=None, sa_type=Text)
    draft_json: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ItemTransfer(SQLModel, table=True):
    """One item moved at the end of a game: the log line, written with the results.

    ``(table_id, position)`` is unique, so a transfer can never be applied twice. ``item`` is the
    engine's item id; ``owned_item_id`` the row that moved (or was made, when the house gives).
    A missing user is a computer seat (the house); ``moved`` is False when nothing could move
    (see docs/profiles.md).
    """

    __tablename__ = "item_transfers"
    __table_args__ = (
        UniqueConstraint("table_id", "position", name="uq_item_transfers_table_position"),
        Index("ix_item_transfers_guild_game", "guild_id", "game_key"),
    )

    id: int | None = Field(default=None, sa_type=BigId, primary_key=True)
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    position: int
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    item: str = Field(sa_type=Text)
    owned_item_id: int | None = Field(default=None, sa_type=BigInteger, foreign_key="owned_items.id")
    kind: str | None = Field(default=None, sa_type=Text)
    from_user_id: int | None = Field(default=None, sa_type=BigInteger)
    to_user_id: int | None = Field(default=None, sa_type=BigInteger)
    moved: bool = True
    at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class ItemReservation(SQLModel, table=True):
    """An owned item dealt into a game that may move it (a prize at stake): reserved for that table
    until it ends. The item is the primary key, so the database itself refuses to stake one item
    at two tables; the reservation goes in the transaction that starts the game and goes away in
    the one that ends it (finished, cancelled or closed), with the items it moved."""

    __tablename__ = "item_reservations"
    __table_args__ = (
        Index("ix_item_reservations_owner", "guild_id", "game_key", "user_id"),
        Index("ix_item_reservations_table", "table_id"),
    )

    owned_item_id: int = Field(
        sa_type=BigInteger, primary_key=True, foreign_key="owned_items.id", sa_column_kwargs={"autoincrement": False}
    )
    table_id: int = Field(sa_type=BigInteger, foreign_key="game_tables.id")
    guild_id: int = Field(sa_type=BigInteger)
    game_key: str
    user_id: int = Field(sa_type=BigInteger)
    reserved_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


# The tournament and season tables live with them, and the tables of turn-based play (issue 45)
# with it; imported here so that one import of bot.models gives the whole schema (migrations, the
# schema check).
import bot.pace_models  # noqa: E402
import bot.season_models  # noqa: E402
import bot.tournaments.models  # noqa: E402, F401


class ShardLease(SQLModel, table=True):
    """A process's claim on one gateway shard; its heartbeat renews it, and an old heartbeat frees it.

    ``holder`` is ``host:pid:random`` (bot.leases), so a claim left by a process that is gone
    from this host can be taken at once, and one from another host once its heartbeat is old.
    """

    __tablename__ = "shard_leases"

    shard_id: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    holder: str
    shard_count: int
    heartbeat_at: datetime = Field(sa_type=UTCDateTime)


class BotState(SQLModel, table=True):
    """What the bot as a whole last ran with (its SHARD_COUNT, the DEV_GUILD_ID its commands went to)."""

    __tablename__ = "bot_state"

    key: str = Field(primary_key=True)
    value: str
