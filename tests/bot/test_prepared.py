"""Prepared statements (bot.prepared) run on SQLite's cursor do what SQLAlchemy does with them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Integer,
    MetaData,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from bot.models import UTCDateTime
from bot.prepared import Prepared

metadata = MetaData()
things = Table(
    "things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False, unique=True),
    Column("count", Integer, nullable=False),
    Column("shiny", Boolean, nullable=False),
    Column("at", UTCDateTime, nullable=True),
    Column("tally", Integer, nullable=False, default=0),
)
NEW = Prepared(insert(things))
BUMP = Prepared(
    update(things).where(things.c.name == bindparam("b_name")).values(count=things.c.count + 1, at=bindparam("b_at"))
)
FOUND = Prepared(
    select(things.c.id, things.c.name, things.c.shiny, things.c.at)
    .where(things.c.id.in_(bindparam("b_ids", expanding=True)), things.c.count >= bindparam("b_least"))
    .order_by(things.c.id)
)
DROP = Prepared(delete(things).where(things.c.id.in_(bindparam("b_ids", expanding=True))))
NOON = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


def thing(name: str, count: int = 0, shiny: bool = False, at: datetime | None = NOON) -> dict[str, object]:
    return {"name": name, "count": count, "shiny": shiny, "at": at, "tally": 0}


class Database:
    """A SQLite file, and how many statements went through SQLAlchemy's ``Connection.execute``."""

    def __init__(self, path: Path, listened: bool, monkeypatch: pytest.MonkeyPatch) -> None:
        self.engine: Engine = create_engine(f"sqlite:///{path}")
        metadata.create_all(self.engine)
        if listened:  # a listener on the statements: they go through SQLAlchemy
            event.listen(self.engine, "before_cursor_execute", lambda *args: None)
        self.through_sqlalchemy = 0
        execute = Connection.execute

        def counted(connection: Connection, *args: Any, **kwargs: Any) -> Any:
            self.through_sqlalchemy += 1
            return execute(connection, *args, **kwargs)

        monkeypatch.setattr(Connection, "execute", counted)

    def driver_ran(self) -> bool:
        return self.through_sqlalchemy == 0

    def everything(self) -> list[tuple[object, ...]]:
        counted = self.through_sqlalchemy
        with self.engine.connect() as connection:
            rows = [tuple(row) for row in connection.execute(select(things).order_by(things.c.id))]
        self.through_sqlalchemy = counted  # the check's own reading does not count
        return rows


@pytest.fixture(params=[False, True], ids=["driver", "sqlalchemy"])
def database(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    found = Database(tmp_path / "prepared.db", request.param, monkeypatch)
    yield found
    assert found.driver_ran() is not request.param
    found.engine.dispose()


def play(connection: Connection) -> list[object]:
    """Every kind of use; what each answered."""
    answers: list[object] = []
    answers.append(NEW.insert(connection, thing("ace", shiny=True)))
    answers.append(NEW.run(connection, [thing("two", count=2), thing("three", count=3, at=None)]))
    answers.append(BUMP.run(connection, {"b_name": "two", "b_at": NOON + timedelta(minutes=1)}))
    answers.append(BUMP.run(connection, [{"b_name": "ace", "b_at": NOON}, {"b_name": "nobody", "b_at": NOON}]))
    answers.append(FOUND.rows(connection, {"b_ids": [1, 2], "b_least": 1}))
    answers.append(FOUND.rows(connection, {"b_ids": [1, 3], "b_least": 2}))  # the ace has 1
    answers.append(FOUND.rows(connection, {"b_ids": [], "b_least": 0}))
    answers.append(FOUND.rows(connection, {"b_ids": [3, 1, 2], "b_least": 0}))  # written as an IN of four
    answers.append(DROP.run(connection, {"b_ids": [1, 3]}))
    answers.append(DROP.run(connection, {"b_ids": []}))
    answers.append(NEW.run(connection, []))  # no rows: nothing, not an INSERT of defaults
    return answers


def test_the_driver_answers_and_writes_what_sqlalchemy_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = []
    for listened in (False, True):
        database = Database(tmp_path / f"{listened}.db", listened, monkeypatch)
        with database.engine.begin() as connection:
            answers = play(connection)
        results.append((answers, database.everything()))
        assert database.driver_ran() is not listened
        database.engine.dispose()
    driver, sqlalchemy = results
    assert driver == sqlalchemy
    answers, rows = driver
    assert answers[:4] == [1, 2, 1, 1]
    # Values come back as SQLAlchemy gives them: booleans, aware datetimes.
    assert answers[4] == [(1, "ace", True, NOON), (2, "two", False, NOON + timedelta(minutes=1))]
    assert answers[5] == [(3, "three", False, None)] and answers[6] == []
    assert [row[0] for row in answers[7]] == [1, 2, 3]
    assert answers[8:] == [2, 0, 0]
    assert rows == [(2, "two", 3, False, NOON + timedelta(minutes=1), 0)]


def test_a_failed_statement_is_sqlalchemys_error_and_leaves_nothing(database: Database) -> None:
    with database.engine.begin() as connection:
        NEW.insert(connection, thing("ace"))
    with pytest.raises(IntegrityError), database.engine.begin() as connection:
        NEW.run(connection, [thing("two"), thing("ace")])  # the second breaks the names' uniqueness
    assert [row[1] for row in database.everything()] == ["ace"]


def test_a_column_left_to_a_python_default_is_refused_on_the_driver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = Database(tmp_path / "prepared.db", False, monkeypatch)
    given = thing("ace")
    del given["tally"]  # SQLAlchemy would fill it in: the driver cannot
    with pytest.raises(ValueError, match="tally"), database.engine.begin() as connection:
        NEW.insert(connection, given)
    assert database.everything() == []
    database.engine.dispose()
