"""The repository on both backends: tables, actions, results, leaderboard and stats."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.exc import IntegrityError

from bot.db import Database
from bot.models import ActorKind, TableAction, TableStatus
from bot.store import ActionSave, NewTable, ResultLine, Store, TableNotFound, VersionConflict, WrongStatus
from bot.table import Seat
from bot.table_store import TableStoreAdapter
from bot.tables import Table
from engine import registry

GUILD = 1_234_567_890_123_456_789  # snowflakes use all 64 bits
CHANNEL = 987_654_321_098_765_432
ALICE, BOB, CAROL, DAN = (1_000_000_000_000_000_001 + i for i in range(4))
BIG = 2**63


async def new_table(store: Store, *, guild: int = GUILD, channel: int = CHANNEL, game: str = "high_card"):
    return await store.create_table(
        NewTable(
            guild_id=guild,
            channel_id=channel,
            parent_channel_id=channel - 1,
            game_key=game,
            host_id=ALICE,
            seats=[Seat(ALICE, "Alice"), Seat(None, "Computer 1", computer=True)],
            options={"rounds": 3},
            seed=2**62 + 7,
        )
    )


async def playing_table(store: Store, **kwargs):
    table = await new_table(store, **kwargs)
    await store.start_table(table.id, '{"state": 0}')
    started = await store.load_table(table.id)
    assert started is not None and started.status == "playing" and started.version == 0
    return started


async def finished_game(store: Store, lines: list[ResultLine], *, game: str = "high_card", guild=GUILD):
    table = await playing_table(store, game=game, guild=guild)
    await store.finish_table(table.id, '{"over": true}', lines)
    return table


def line(seat: int, user_id: int | None, name: str, place: int, points: int) -> ResultLine:
    return ResultLine(seat, user_id, name, computer=user_id is None, place=place, points=points)


# --- settings ---------------------------------------------------------------------------------


async def test_settings_default_until_changed_and_keep_other_values(store: Store) -> None:
    defaults = await store.get_settings(GUILD)
    assert (defaults.idle_minutes, defaults.use_threads, defaults.computer_pause_ms) == (5, True, 1500)

    await store.update_settings(GUILD, idle_minutes=2)
    changed = await store.update_settings(GUILD, use_threads=False)
    assert (changed.idle_minutes, changed.use_threads, changed.computer_pause_ms) == (2, False, 1500)

    loaded = await store.get_settings(GUILD)
    assert (loaded.idle_minutes, loaded.use_threads, loaded.computer_pause_ms) == (2, False, 1500)
    assert loaded.updated_at.tzinfo is not None and loaded.updated_at.utcoffset() == timedelta(0)
    assert (await store.get_settings(GUILD + 1)).idle_minutes == 5  # other servers untouched


# --- tables -----------------------------------------------------------------------------------


async def test_a_lobby_round_trips_with_64_bit_ids(store: Store) -> None:
    created = await new_table(store)
    loaded = await store.load_table(created.id)
    assert loaded is not None
    assert (loaded.guild_id, loaded.channel_id, loaded.host_id) == (GUILD, CHANNEL, ALICE)
    assert loaded.seed == 2**62 + 7
    assert loaded.status == TableStatus.LOBBY and loaded.state_json is None and loaded.version == 0
    assert loaded.seats == [Seat(ALICE, "Alice"), Seat(None, "Computer 1", computer=True)]
    assert loaded.options == {"rounds": 3}
    assert loaded.created_at.tzinfo is not None
    assert await store.load_table(created.id + 1000) is None


async def test_update_table_changes_seats_options_and_message(store: Store) -> None:
    table = await new_table(store)
    posted = datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
    await store.update_table(
        table.id,
        seats=[Seat(ALICE, "Alice"), Seat(BOB, "Bob")],
        options={"rounds": 5},
        message_id=CHANNEL + 5,
        now=posted,
    )
    loaded = await store.load_table(table.id)
    assert loaded.seats == [Seat(ALICE, "Alice"), Seat(BOB, "Bob")]
    assert loaded.options == {"rounds": 5}
    assert (loaded.message_id, loaded.message_posted_at) == (CHANNEL + 5, posted)

    await store.update_table(table.id, host_id=BOB)  # message untouched when not given
    loaded = await store.load_table(table.id)
    assert (loaded.host_id, loaded.message_id, loaded.message_posted_at) == (BOB, CHANNEL + 5, posted)
    with pytest.raises(TableNotFound):
        await store.update_table(table.id + 1000, host_id=BOB)


async def test_a_table_starts_once(store: Store) -> None:
    table = await playing_table(store)
    loaded = await store.load_table(table.id)
    assert (loaded.status, loaded.state_json, loaded.version) == (TableStatus.PLAYING, '{"state": 0}', 0)
    with pytest.raises(WrongStatus):
        await store.start_table(table.id, '{"state": "again"}')
    assert (await store.load_table(table.id)).state_json == '{"state": 0}'
    with pytest.raises(TableNotFound):
        await store.start_table(table.id + 1000, '{"state": 0}')


async def test_open_tables_are_those_in_lobby_or_play(store: Store) -> None:
    lobby = await new_table(store)
    playing = await playing_table(store)
    other_guild = await new_table(store, guild=GUILD + 1)
    cancelled = await new_table(store)
    await store.set_status(cancelled.id, TableStatus.CANCELLED)
    closed = await playing_table(store)
    await store.set_status(closed.id, TableStatus.CLOSED)
    await finished_game(store, [line(0, ALICE, "Alice", 1, 3)])

    assert [t.id for t in await store.open_tables()] == [lobby.id, playing.id, other_guild.id]
    assert [t.id for t in await store.open_tables(guild_ids=[GUILD])] == [lobby.id, playing.id]
    assert [t.id for t in await store.tables_in_channel(GUILD, CHANNEL)] == [lobby.id, playing.id]
    assert await store.tables_in_channel(GUILD, CHANNEL + 1) == []


async def test_set_status_only_ends_open_tables(store: Store) -> None:
    table = await playing_table(store)
    ended = await store.set_status(table.id, TableStatus.CANCELLED)
    assert ended.status == TableStatus.CANCELLED
    assert (await store.load_table(table.id)).status == TableStatus.CANCELLED
    with pytest.raises(WrongStatus):
        await store.set_status(table.id, TableStatus.CLOSED)
    with pytest.raises(ValueError):
        await store.set_status(table.id, TableStatus.FINISHED)


# --- actions ----------------------------------------------------------------------------------


async def test_save_action_round_trip(store: Store) -> None:
    table = await playing_table(store)
    at = datetime(2030, 5, 6, 7, 8, 9, tzinfo=UTC)
    saved = await store.save_action(
        ActionSave(table.id, 0, '{"state": 1}', 0, "discard:Kh", ActorKind.PLAYER, ALICE), now=at
    )
    assert saved == 1
    assert await store.save_action(ActionSave(table.id, 1, '{"state": 2}', 1, "pick:3", "computer", None)) == 2

    loaded = await store.load_table(table.id)
    assert (loaded.state_json, loaded.version) == ('{"state": 2}', 2)
    assert loaded.last_action_at == loaded.updated_at
    log = await store.actions_for(table.id)
    assert [(a.version, a.seat, a.move, a.actor, a.user_id) for a in log] == [
        (1, 0, "discard:Kh", "player", ALICE),
        (2, 1, "pick:3", "computer", None),
    ]
    assert log[0].at == at


async def test_a_stale_version_is_refused_and_nothing_is_written(store: Store) -> None:
    table = await playing_table(store)
    await store.save_action(ActionSave(table.id, 0, '{"state": 1}', 0, "discard:Kh", ActorKind.PLAYER, ALICE))
    with pytest.raises(VersionConflict) as caught:
        await store.save_action(ActionSave(table.id, 0, '{"state": "stale"}', 0, "discard:Qs", ActorKind.PLAYER, ALICE))
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    loaded = await store.load_table(table.id)
    assert (loaded.state_json, loaded.version) == ('{"state": 1}', 1)
    assert [a.move for a in await store.actions_for(table.id)] == ["discard:Kh"]


async def test_a_double_click_saves_once(store: Store) -> None:
    table = await playing_table(store)
    outcomes = await asyncio.gather(
        *(store.save_action(ActionSave(table.id, 0, f'{{"click": {i}}}', 0, f"pick:{i}", "player", 1)) for i in (0, 1)),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["VersionConflict", "int"]
    log = await store.actions_for(table.id)
    assert len(log) == 1
    assert (await store.load_table(table.id)).state_json == f'{{"click": {log[0].move[-1]}}}'


async def test_the_log_refuses_two_lines_for_one_version(store: Store, database) -> None:
    table = await playing_table(store)
    await store.save_action(ActionSave(table.id, 0, "{}", 0, "pick:1", "player", ALICE))
    with pytest.raises(IntegrityError):
        async with database.sessions.begin() as session:
            session.add(TableAction(table_id=table.id, version=1, seat=1, move="pick:2", actor="computer"))


async def test_actions_need_a_table_in_play(store: Store) -> None:
    lobby = await new_table(store)
    with pytest.raises(WrongStatus):
        await store.save_action(ActionSave(lobby.id, 0, "{}", 0, "pick:1", "player", ALICE))
    with pytest.raises(TableNotFound):
        await store.save_action(ActionSave(lobby.id + 1000, 0, "{}", 0, "pick:1", "player", ALICE))
    with pytest.raises(ValueError):
        await store.save_action(ActionSave(lobby.id, 0, "{}", 0, "pick:1", "robot", None))
    assert await store.actions_for(lobby.id) == []


async def test_many_actions_save_in_one_go_and_each_refusal_is_its_own(store: Store) -> None:
    moving, stale, finished_soon = [await playing_table(store) for _ in range(3)]
    lobby = await new_table(store)
    await store.save_action(ActionSave(stale.id, 0, '{"state": 1}', 0, "pick:1", "player", ALICE))
    at = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    answers = await store.save_actions(
        [
            ActionSave(moving.id, 0, '{"moved": 1}', 0, "pick:2", "player", ALICE),
            ActionSave(stale.id, 0, '{"stale": 1}', 0, "pick:3", "player", ALICE),
            ActionSave(lobby.id, 0, '{"lobby": 1}', 0, "pick:4", "player", ALICE),
            ActionSave(lobby.id + 1000, 0, "{}", 0, "pick:5", "player", ALICE),
            ActionSave(finished_soon.id, 0, '{"other": 1}', 1, "pick:6", "computer", None),
        ],
        now=at,
    )
    assert answers[0] == 1 and answers[4] == 1
    assert [type(a) for a in answers[1:4]] == [VersionConflict, WrongStatus, TableNotFound]
    loaded = await store.load_table(moving.id)
    assert (loaded.state_json, loaded.version, loaded.last_action_at) == ('{"moved": 1}', 1, at)
    assert [(a.version, a.move, a.actor, a.at) for a in await store.actions_for(moving.id)] == [
        (1, "pick:2", "player", at)
    ]
    assert [(a.version, a.move, a.user_id) for a in await store.actions_for(finished_soon.id)] == [(1, "pick:6", None)]
    untouched = await store.load_table(stale.id)
    assert (untouched.state_json, untouched.version) == ('{"state": 1}', 1)
    assert [a.move for a in await store.actions_for(stale.id)] == ["pick:1"]
    assert await store.actions_for(lobby.id) == []


async def test_a_batch_keeps_which_buttons_still_work_and_what_each_table_message_shows(store: Store) -> None:
    """A move's new valid-from versions are saved; a move without them leaves the old ones (so a
    held button keeps working after a restart); a table message's version only moves forward."""
    changed, kept, shown_only = [await playing_table(store) for _ in range(3)]
    await store.save_action(ActionSave(kept.id, 0, "{}", 0, "pick:1", "player", ALICE, fresh_json="[0, 1]"))
    await store.save_message_versions({shown_only.id: 5})
    answers = await store.save_actions(
        [
            ActionSave(changed.id, 0, '{"a": 1}', 0, "pick:2", "player", ALICE, fresh_json="[1, 1]"),
            ActionSave(kept.id, 1, '{"b": 2}', 1, "pick:3", "computer", None),
        ],
        shown={changed.id: 1, shown_only.id: 3},
    )
    assert answers == [1, 2]
    first, second, third = [await store.load_table(t.id) for t in (changed, kept, shown_only)]
    assert first is not None and second is not None and third is not None
    assert (first.fresh_json, first.message_version) == ("[1, 1]", 1)
    assert (second.fresh_json, second.message_version, second.version) == ("[0, 1]", None, 2)
    assert (third.message_version, third.version) == (5, 0)


async def test_a_batch_takes_one_action_per_table_and_a_bad_one_writes_nothing(store: Store) -> None:
    table = await playing_table(store)
    other = await playing_table(store)
    with pytest.raises(ValueError):
        await store.save_actions([ActionSave(table.id, 0, "{}", 0, f"pick:{i}", "player", ALICE) for i in (1, 2)])
    with pytest.raises(ValueError):
        await store.save_actions(
            [
                ActionSave(table.id, 0, "{}", 0, "pick:1", "player", ALICE),
                ActionSave(other.id, 0, "{}", 0, "pick:1", "robot", None),
            ]
        )
    assert await store.actions_for(table.id) == [] and (await store.load_table(table.id)).version == 0


async def test_queued_saves_are_committed_before_each_caller_hears_and_one_conflict_spoils_nothing(
    store: Store,
) -> None:
    """The adapter's group commit: many tables at once, each caller gets its own answer."""
    adapter = TableStoreAdapter(store)
    rows = [await playing_table(store) for _ in range(12)]
    tables = [
        Table(
            id=row.id,
            guild_id=GUILD,
            channel_id=CHANNEL,
            game=registry.get("highcard"),
            host_id=ALICE,
            options={},
            seats=[Seat(ALICE, "Alice"), Seat(None, "Computer 1", True)],
            status="playing",
        )
        for row in rows
    ]
    tables[5].version = 3  # out of step with the database: its save must be refused alone

    async def save(table: Table, step: int) -> int:
        await adapter.save_action(table, f'{{"step": {step}}}', 0, f"pick:{step}", "player", ALICE)
        loaded = await store.load_table(table.id)  # saved before the caller is answered
        assert loaded.version == table.version + 1 and loaded.state_json == f'{{"step": {step}}}'
        table.version += 1
        return table.version

    for step in range(3):
        answers = await asyncio.gather(*(save(t, step) for t in tables), return_exceptions=True)
        assert isinstance(answers[5], VersionConflict)
        assert [a for i, a in enumerate(answers) if i != 5] == [step + 1] * 11
    for table in tables[:5] + tables[6:]:
        assert [a.move for a in await store.actions_for(table.id)] == ["pick:0", "pick:1", "pick:2"]
    assert await store.actions_for(tables[5].id) == []


# --- results ----------------------------------------------------------------------------------


async def test_finishing_writes_results_once(store: Store) -> None:
    table = await playing_table(store)
    lines = [line(0, ALICE, "Alice", 1, 10), line(1, None, "Computer 1", 2, -3)]
    finished = await store.finish_table(table.id, '{"over": true}', lines)
    assert finished.status == TableStatus.FINISHED
    with pytest.raises(WrongStatus):
        await store.finish_table(table.id, '{"over": true}', lines)
    loaded = await store.load_table(table.id)
    assert (loaded.status, loaded.state_json) == (TableStatus.FINISHED, '{"over": true}')
    results = await store.results_for(table.id)
    assert [(r.seat, r.user_id, r.computer, r.place, r.points, r.guild_id) for r in results] == [
        (0, ALICE, False, 1, 10, GUILD),
        (1, None, True, 2, -3, GUILD),
    ]


async def test_the_last_action_can_finish_the_table_in_the_same_transaction(store: Store) -> None:
    table = await playing_table(store)
    lines = [line(0, ALICE, "Alice", 1, 4), line(1, None, "Computer 1", 2, 0)]
    await store.save_action(ActionSave(table.id, 0, '{"over": true}', 0, "pick:9", "player", ALICE), results=lines)
    loaded = await store.load_table(table.id)
    assert (loaded.status, loaded.version, loaded.state_json) == (TableStatus.FINISHED, 1, '{"over": true}')
    assert len(await store.results_for(table.id)) == 2
    assert len(await store.actions_for(table.id)) == 1


async def test_scores_past_2_to_the_63_are_exact(store: Store) -> None:
    huge = 3 * BIG + 12345  # would overflow BIGINT and round in a float
    lines = [line(0, ALICE, "Alice", 1, huge), line(1, BOB, "Bob", 2, -(2**70) - 1)]
    table = await finished_game(store, lines)
    assert [r.points for r in await store.results_for(table.id)] == [huge, -(2**70) - 1]
    await finished_game(store, [line(0, ALICE, "Alice", 1, huge + 1), line(1, BOB, "Bob", 2, 1)])

    board = await store.leaderboard(GUILD, "high_card")
    alice, bob = board.rows
    assert (alice.user_id, alice.points, alice.best) == (ALICE, 2 * huge + 1, huge + 1)
    assert (bob.user_id, bob.points, bob.best) == (BOB, -(2**70), 1)
    assert float(alice.points) != alice.points  # beyond what a float keeps


# --- leaderboard and stats --------------------------------------------------------------------


async def test_leaderboard_ranks_by_wins_then_points_and_pages(store: Store) -> None:
    # Bob: 2 wins; Alice: 1 win, 50 points; Carol: 1 win, 20 points; Dan: 0 wins; computers unranked.
    await finished_game(store, [line(0, BOB, "Bob", 1, 5), line(1, ALICE, "Alice", 2, 40)])
    await finished_game(store, [line(0, BOB, "Bobby", 1, 5), line(1, None, "Computer 1", 2, 1)])
    await finished_game(store, [line(0, ALICE, "Alice", 1, 10), line(1, CAROL, "Carol", 2, 0)])
    await finished_game(store, [line(0, CAROL, "Carol", 1, 20), line(1, DAN, "Dan", 2, 99)])
    await finished_game(store, [line(0, DAN, "Dan", 1, 1)], game="other_game")  # another game
    await finished_game(store, [line(0, DAN, "Dan", 1, 1)], guild=GUILD + 1)  # another server

    first = await store.leaderboard(GUILD, "high_card", page=0, page_size=3)
    assert [(r.name, r.games, r.wins, r.points, r.best) for r in first.rows] == [
        ("Bobby", 2, 2, 10, 5),  # the latest name
        ("Alice", 2, 1, 50, 40),
        ("Carol", 2, 1, 20, 20),
    ]
    assert (first.page, first.pages, first.players, first.first_rank) == (0, 2, 4, 1)
    second = await store.leaderboard(GUILD, "high_card", page=1, page_size=3)
    assert [(r.user_id, r.wins, r.points) for r in second.rows] == [(DAN, 0, 99)]
    assert second.first_rank == 4
    assert (await store.leaderboard(GUILD, "high_card", page=2, page_size=3)).rows == []
    empty = await store.leaderboard(GUILD, "nothing_played")
    assert (empty.rows, empty.pages, empty.players) == ([], 1, 0)


async def test_stats_give_one_line_per_game(store: Store) -> None:
    await finished_game(store, [line(0, DAN, "Dan", 1, BIG), line(1, ALICE, "Alice", 2, 3)])
    await finished_game(store, [line(0, ALICE, "Alice", 1, 7), line(1, DAN, "Dan", 2, BIG + 1)])
    await finished_game(store, [line(0, DAN, "Dan", 3, -2)], game="gin_rummy")
    await finished_game(store, [line(0, DAN, "Dan", 1, 1000)], guild=GUILD + 1)

    stats = await store.stats(GUILD, DAN)
    assert [(s.game_key, s.games, s.wins, s.points, s.best) for s in stats] == [
        ("gin_rummy", 1, 0, -2, -2),
        ("high_card", 2, 1, 2 * BIG + 1, BIG + 1),
    ]
    assert await store.stats(GUILD, CAROL) == []


async def test_a_server_without_settings_gets_the_configured_computer_pause(database: Database) -> None:
    store = Store(database.sessions, default_computer_pause_ms=250)
    assert (await store.get_settings(77)).computer_pause_ms == 250
    saved = await store.update_settings(77, idle_minutes=9)  # the first save keeps the default pause
    assert (saved.idle_minutes, saved.computer_pause_ms) == (9, 250)
    assert (await store.update_settings(77, computer_pause_ms=0)).computer_pause_ms == 0
