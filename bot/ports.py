"""What the table service needs of the database and tells the Discord layer (two Protocols)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.models import TableStatus
from bot.table import Change, GuildSettings, Prize, Table
from engine.core import Outcome


class TableStore(Protocol):
    """What the service needs of the database (bot.store provides it)."""

    async def create_table(self, table: Table) -> int: ...
    async def save_lobby(self, table: Table) -> None: ...
    async def save_action(
        self,
        table: Table,
        new_state_json: str,
        seat: int,
        move: str,
        actor: str,
        user_id: int | None,
        outcome: Outcome | None = None,
        fresh_from: Sequence[int] | None = None,
    ) -> Sequence[Prize] | None:
        """Save the new state, its log line and each seat's valid-from version (and, with an
        outcome, the results and the items it moves) in one transaction; at the end, what moved."""
        ...

    async def save_start(
        self, table: Table, state_json: str, profiles: Sequence[dict[str, Any] | None] | None = None
    ) -> None:
        """Start the game; the items its profiles put at stake are reserved for it (a person's items
        in play at another table: TableError, nothing saved)."""
        ...

    async def staked_at(self, table: Table, user_id: int) -> int | None:
        """The table where a person's items are in play, when ``table`` would stake them too."""
        ...

    async def create_rematch(self, finished_id: int, table: Table) -> tuple[int, bool]:
        """Open ``table`` as the finished table's one rematch: its id and True, or the id of the
        rematch opened before and False (nothing made)."""
        ...

    async def save_drafts(self, table: Table) -> None: ...
    async def top_up(self, table: Table) -> list[str]:
        """Before a deal (a game that uses profiles), each person's items topped up as the game's
        rules want; the sentences that tell the table."""
        ...

    async def profiles(self, table: Table) -> list[dict[str, Any] | None]:
        """Each seat's profile (for a game that declares uses_profiles)."""
        ...

    async def set_status(self, table: Table, status: TableStatus) -> None: ...
    async def save_message(self, table: Table) -> None: ...
    async def save_message_version(self, table: Table, version: int) -> None:
        """The table message shows state ``version`` now."""
        ...

    async def open_tables(self) -> list[Table]: ...
    async def unshown_finished_tables(self) -> list[Table]:
        """Finished tables whose message does not show the end yet."""
        ...

    async def load_table(self, table_id: int) -> Table | None: ...
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...


class Presenter(Protocol):
    """How the service tells the Discord layer about changes it made by itself."""

    async def moved(self, change: Change, *, note: str | None = None) -> None:
        """A move was saved (or a seat handed to the computer, or a restart found the table message
        behind): deliver it from its Change, with ``note`` on the table message."""
        ...

    async def table_changed(self, table: Table, note: str | None = None) -> None:
        """The table changed without a move (closed, its clocks, its channel): draw it again."""
        ...

    async def remind(self, table: Table, seats: Sequence[int]) -> None: ...
