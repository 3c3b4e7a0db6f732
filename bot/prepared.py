"""Core statements compiled once, then run on SQLite's own cursor.

A busy bot saves its moves in batches of a few statements of a few rows each (``bot.store``).
On SQLite, SQLAlchemy's work around each statement (its cache key, its parameters, an execution
context, a result) cost more than SQLite's own work: half of a batch's CPU, and a tenth of the
bot's process under ``python -m benchmarks.load`` (docs/scale.md). A :class:`Prepared` statement
is the same Core statement, compiled for SQLite once for each shape its parameters take (the
columns an INSERT is given, the length of an ``IN`` list rounded up to a power of two) and run
with ``sqlite3``'s ``execute`` or ``executemany``: each value goes through its column type's bind
processor and each returned value through its result processor, as SQLAlchemy would, and an
error of the driver is raised as SQLAlchemy's (``IntegrityError``, ``OperationalError``), as
callers expect.

Everywhere else it runs through ``Connection.execute`` as any statement does: on PostgreSQL, on
SQLite through aiosqlite, and whenever something listens to the engine's statements (a test that
fails one, a tracer), so that the listeners see every statement. The statement is written once;
only the way it runs differs.

Only statements that need nothing more of SQLAlchemy are prepared: an INSERT is given every
column that a Python-side default would fill (it raises ValueError otherwise).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Delete, Insert, Select, Update
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import BindParameter
from sqlalchemy.sql.visitors import cloned_traverse

Parameters = Mapping[str, Any]
Statement = Select[Any] | Insert | Update | Delete
Convert = Callable[[Any], Any]

#: SQLite's dialect with named parameters (``:name``): sqlite3 takes each row as a mapping.
_DIALECT = SQLiteDialect_pysqlite(paramstyle="named")


@dataclass(frozen=True)
class _Form:
    """One compiled shape of a statement: its SQL, and what its values need on the way."""

    sql: str
    #: The parameters whose values are converted first (a datetime to SQLite's text).
    converters: tuple[tuple[str, Convert], ...]
    #: Expanding parameters (``IN`` lists): their name, and the names their items take.
    expanded: tuple[tuple[str, tuple[str, ...]], ...]
    #: The values written into the statement itself (the 1 of ``version + 1``), converted.
    fixed: Mapping[str, Any]
    #: Per returned column, its result processor (None: the value as SQLite gives it).
    results: tuple[Convert | None, ...]

    def row(self, parameters: Parameters) -> dict[str, Any]:
        """The driver's parameters for one row."""
        row = {**self.fixed, **parameters}
        for name, convert in self.converters:
            value = row[name]
            row[name] = [convert(item) for item in value] if isinstance(value, list | tuple) else convert(value)
        for name, items in self.expanded:
            values = list(row.pop(name))
            values += values[-1:] * (len(items) - len(values))  # an IN is the same with an item twice
            row.update(zip(items, values, strict=True))
        return row

    def read(self, found: tuple[Any, ...]) -> tuple[Any, ...]:
        """One returned row, its values processed."""
        if not any(self.results):
            return found
        pairs = zip(self.results, found, strict=True)
        return tuple(value if convert is None else convert(value) for convert, value in pairs)


class Prepared:
    """A Core statement run on SQLite's cursor (compiled once per shape), or through SQLAlchemy."""

    def __init__(self, statement: Statement) -> None:
        self.statement = statement
        self._forms: dict[tuple[object, ...], _Form] = {}

    def run(self, connection: Connection, parameters: Parameters | Sequence[Parameters]) -> int:
        """Execute an INSERT, UPDATE or DELETE for one row of parameters, or for each of several;
        the number of rows it changed (none for no rows)."""
        if not isinstance(parameters, Mapping) and not parameters:
            return 0  # SQLAlchemy would run it once without parameters
        if not _on_sqlite3(connection) or not parameters:
            return int(connection.execute(self.statement, parameters).rowcount)
        if isinstance(parameters, Mapping):
            form = self._form(parameters)
            return int(self._driver(connection, form, form.row(parameters)))
        form = self._form(parameters[0])
        return int(self._driver(connection, form, [form.row(row) for row in parameters]))

    def insert(self, connection: Connection, values: Parameters) -> int:
        """Execute an INSERT of one row; the new row's primary key."""
        if not _on_sqlite3(connection):
            key = connection.execute(self.statement, values).inserted_primary_key
            assert key is not None  # an INSERT of one row always reports its primary key
            return int(key[0])
        form = self._form(values)
        return int(self._driver(connection, form, form.row(values), answer="lastrowid"))

    def rows(self, connection: Connection, parameters: Parameters) -> list[tuple[Any, ...]]:
        """Execute a SELECT; its rows as tuples, in the order of its columns."""
        if not _on_sqlite3(connection):
            return [tuple(row) for row in connection.execute(self.statement, parameters)]
        form = self._form(parameters)
        found = self._driver(connection, form, form.row(parameters), answer="rows")
        return [form.read(row) for row in found]

    @staticmethod
    def _driver(
        connection: Connection, form: _Form, rows: dict[str, Any] | list[dict[str, Any]], answer: str = "rowcount"
    ) -> Any:
        """Execute ``form`` for one row or each of several on the driver's connection, inside the
        transaction SQLAlchemy has begun on it; the cursor's rowcount, lastrowid or rows."""
        cursor = connection.connection.driver_connection.cursor()  # type: ignore[union-attr]
        try:
            if isinstance(rows, list):
                cursor.executemany(form.sql, rows)
            else:
                cursor.execute(form.sql, rows)
            return cursor.fetchall() if answer == "rows" else getattr(cursor, answer)
        except sqlite3.Error as error:
            raise DBAPIError.instance(form.sql, None, error, sqlite3.Error) from error
        finally:
            cursor.close()

    def _form(self, parameters: Parameters) -> _Form:
        """The compiled form for parameters of this shape (their names, and their lists' lengths)."""
        shape = tuple(sorted((name, _length(value)) for name, value in parameters.items()))
        form = self._forms.get(shape)
        if form is None:
            form = self._forms[shape] = _compile(self.statement, parameters)
        return form


def _on_sqlite3(connection: Connection) -> bool:
    """The connection is sqlite3's own (bot.sqlite_writes), and nothing listens to its statements."""
    listened = connection._has_events or connection.engine._has_events  # what SQLAlchemy itself asks
    return connection.dialect.driver == "pysqlite" and not listened


def _length(value: object) -> int:
    """The items an ``IN`` of this list is written with (its length rounded up to a power of two,
    the last item repeated: a few forms serve every length), or -1 for a single value."""
    if not isinstance(value, list | tuple):
        return -1
    return 1 << (len(value) - 1).bit_length() if value else 0


def _compile(statement: Statement, parameters: Parameters) -> _Form:
    lists = {name: _length(value) for name, value in parameters.items() if isinstance(value, list | tuple)}
    # With an IN list, the statement is written out whole (render_postcompile), which wants a value
    # for every parameter: each given one gets a stand-in (a list of its length for an IN).
    shaped = cloned_traverse(statement, {}, {"bindparam": partial(_stand_in, parameters)}) if lists else statement
    compiled = shaped.compile(
        dialect=_DIALECT, column_keys=list(parameters), compile_kwargs={"render_postcompile": True}
    )
    assert isinstance(compiled, SQLCompiler)
    if compiled.insert_prefetch or compiled.update_prefetch:
        missing = ", ".join(column.name for column in [*compiled.insert_prefetch, *compiled.update_prefetch])
        raise ValueError(f"a prepared statement is given every column a Python default would fill: {missing}")
    converters: list[tuple[str, Convert]] = []
    fixed: dict[str, Any] = {}
    for name, bind in compiled.binds.items():
        convert = bind.type.dialect_impl(_DIALECT).bind_processor(_DIALECT)
        if name in parameters:
            if convert is not None:
                converters.append((name, convert))
        elif bind.required:
            raise ValueError(f"a value is required for {name}")
        elif not bind.expanding:
            fixed[name] = bind.effective_value if convert is None else convert(bind.effective_value)
    columns = getattr(statement, "selected_columns", ())
    return _Form(
        sql=compiled.string,
        converters=tuple(converters),
        expanded=tuple((name, tuple(f"{name}_{i}" for i in range(1, n + 1))) for name, n in lists.items()),
        fixed=fixed,
        results=tuple(column.type.dialect_impl(_DIALECT).result_processor(_DIALECT, None) for column in columns),
    )


def _stand_in(parameters: Parameters, bind: BindParameter[Any]) -> None:
    """Give a parameter a stand-in value of its shape (a list for an ``IN``)."""
    if bind.key in parameters:
        length = _length(parameters[bind.key])
        bind.value, bind.required = ([None] * length if bind.expanding else None), False
