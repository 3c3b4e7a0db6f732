"""Why the store refused a write: one exception per reason (for logs, not for players)."""

from __future__ import annotations


class StoreError(Exception):
    """A write the database refused; the message says why (for logs, not for players)."""


class TableNotFound(StoreError):
    pass


class VersionConflict(StoreError):
    """The table moved on since the caller read it: reload and decide again."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        message = f"Table {table_id} is at version {actual}, not {expected}: the action was not saved."
        super().__init__(message)
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StoreError):
    """The table is not in a status that allows this change (e.g. an action on a finished table)."""


class ItemsStaked(StoreError):
    """A person's items are reserved for another table still being played (nothing was written)."""

    def __init__(self, user_id: int, table_id: int) -> None:
        super().__init__(f"User {user_id}'s items are staked at table {table_id}.")
        self.user_id = user_id
        self.table_id = table_id


class ItemsGone(StoreError):
    """An item to stake is no longer its person's (it moved since their profile was read)."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"An item of user {user_id} changed hands before the game started.")
        self.user_id = user_id
