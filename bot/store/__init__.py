"""The repository: every read and write the table service makes, one transaction each.

The store speaks in plain values (ids, JSON text, seats) and returns the SQLModel rows of
bot.models, detached and readable. Game rules never live here; the JSON it keeps is the
engine's own (``GameState.to_json``). One module per job, each a part of :class:`Store`:

- :mod:`bot.store.tables`: lobbies opened, changed, started, cancelled; tables read back.
- :mod:`bot.store.moves`: each move saved with an optimistic version check, alone or in batches.
- :mod:`bot.store.results`: a game's end (result rows, ratings).
- :mod:`bot.store.items`: owned items, their reservations and the transfers at a game's end.
- :mod:`bot.store.standings`: leaderboards, /stats, levels.
- :mod:`bot.store.settings`: a server's settings.
- :mod:`bot.store.pending_clicks`: clicks acknowledged before their move was saved.
- :mod:`bot.store.base` (the shared sessions and transactions), :mod:`bot.store.errors`.
"""

from __future__ import annotations

from bot.store.errors import ItemsGone, ItemsStaked, StoreError, TableNotFound, VersionConflict, WrongStatus
from bot.store.items import Filled, ItemsStore, Stake, TransferLine
from bot.store.moves import ActionSave, MovesStore
from bot.store.pending_clicks import ClickNote, PendingClicksStore
from bot.store.results import ResultLine, ResultsStore
from bot.store.settings import SettingsStore
from bot.store.standings import LeaderboardPage, Standing, StandingsStore
from bot.store.tables import NewTable, TablesStore

__all__ = [
    "ActionSave",
    "ClickNote",
    "Filled",
    "ItemsGone",
    "ItemsStaked",
    "LeaderboardPage",
    "NewTable",
    "ResultLine",
    "Stake",
    "Standing",
    "Store",
    "StoreError",
    "TableNotFound",
    "TransferLine",
    "VersionConflict",
    "WrongStatus",
]


class Store(TablesStore, MovesStore, ResultsStore, ItemsStore, StandingsStore, SettingsStore, PendingClicksStore):
    """The whole repository over an async session maker (``bot.db.Database.sessions``): every part above."""
