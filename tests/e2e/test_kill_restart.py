"""Issue 10: the real bot is killed (SIGKILL) at random moments of whole games and restarted.

The bot runs as its own process (``python -m bot``) on a SQLite file, against the loopback
Discord. Scripted people (tests/e2e/people.py) play a table of every registered game, some
seats given to computers, and finish each game with the buttons they already hold, while the
bot is killed at least 20 times: right after a click's acknowledgement, while a computer is
thinking, and at random moments (tests/e2e/killer.py); after each kill it restarts on the same
database and the same Discord. Then:

- every old hand control that is still a legal move (the person's fresh hand shows the same
  controls, and their last move that reached the game came before it) is accepted;
- no move is lost or applied twice: each accepted click is in the action log exactly once,
  a click whose answer a kill cut off at most once, a refused click not at all; the log's
  versions run 1, 2, 3... for each table;
- a person whose click was lost is told: Discord says "This interaction failed" for a click the
  bot never acknowledged; an acknowledged click must get its answer (after the restart if need be);
- every game finishes, its table message shows the end, and its results are saved once per seat;
- no open hand message lags behind the table message for more than a few seconds (item 4).

The seed is printed; set KILL_SEED to replay a run (and KILL_LOG_LEVEL=INFO for the bot's logs,
kept in pytest's temporary folder as bot-<generation>.log).
"""

from __future__ import annotations

import asyncio
import io
import os
import random
import re
import time
from collections import Counter
from pathlib import Path

from engine import registry
from engine.core import Game
from tests.e2e.killer import ACK, RANDOM, THINKING, BotProcess, Killer, Ledger, Watch
from tests.e2e.people import Click, Person, World, table_number
from tests.loopback.injection import InteractionHandle
from tests.loopback.models import UserSpec
from tests.loopback.recorder import Event
from tests.loopback.server import LoopbackDiscord

#: Kills of each kind per run (at least 20 in all).
QUOTA = {ACK: 8, THINKING: 6, RANDOM: 6}
#: The computers' pause, set by a moderator: long enough to kill the bot while a computer thinks.
PAUSE_MS = 250
#: Rounds at most (a table of every game each): play stops after the first that meets the killer's quotas.
ROUNDS = 6
#: A round (a table of every game) must end within this many seconds: a last guard only (a person
#: whose table does not move for 60 s fails the test first). A Gin-Go hand of 200 moves with 29
#: restarts took 3.5 minutes on a loaded machine.
ROUND_LIMIT = 420.0


async def answer(world: World, handle: InteractionHandle) -> Event:
    """The final answer to a setup interaction (no kills during setup): the callback, or what follows a deferral."""
    first = await handle.answer(timeout=30)
    if first.callback_type not in (5, 6):
        return first
    return await world.watch.until(  # type: ignore[return-value]
        lambda: next((e for e in handle.events if e.kind in ("edit_original", "followup")), None), 30
    )


def leaf_commands(commands: list[dict]) -> list[tuple[str, dict]]:
    """Every command a member can run, as (its path, its leaf)."""
    found: list[tuple[str, dict]] = []

    def walk(path: str, node: dict) -> None:
        subs = [o for o in node.get("options", []) if o["type"] in (1, 2)]
        if not subs:
            found.append((path, node))
        for sub in subs:
            walk(f"{path} {sub['name']}", sub)

    for command in commands:
        walk(command["name"], command)
    return found


async def set_computer_pause(world: World, pause_ms: int) -> None:
    """A moderator sets the computers' pause and turns threads off, with the settings command the bot synced."""
    server = world.server
    commands = leaf_commands(server.commands.get(server.guild.id, []))
    path, leaf = next((p, c) for p, c in commands if p.split()[-1] == "settings")
    names = [o["name"] for o in leaf.get("options", [])]
    pause = next(n for n in names if "pause" in n)
    threads = next(n for n in names if "thread" in n)
    moderator = server.user("moderator", manage_guild=True)
    event = await answer(world, await server.slash(moderator, path, **{pause: pause_ms, threads: False}))
    assert f"{pause_ms} ms" in (event.content or ""), event.content


async def open_table(world: World, game: Game, people: list[UserSpec], computers: int) -> int:
    """/play, Join, Add computer, Options (the shortest game), Start, all by what the buttons say."""
    server = world.server
    host = people[0]
    play = next(c for p, c in leaf_commands(server.commands[server.guild.id]) if p == "play")
    option = next(o for o in play["options"] if any(ch["name"] == game.name for ch in o.get("choices", [])))
    value = next(ch["value"] for ch in option["choices"] if ch["name"] == game.name)
    opened = await answer(world, await server.slash(host, "play", **{option["name"]: value}))
    number = table_number(opened.content or "")
    assert number is not None, opened.content
    await world.watch.until(lambda: world.table_message(number), 30)

    async def press(user: UserSpec, label: str) -> InteractionHandle:
        lobby = world.table_message(number)
        assert lobby is not None
        handle = await server.click(user, lobby, label=label)
        if label != "Options":
            event = await answer(world, handle)
            assert not (event.ephemeral and event.kind == "followup"), f"{label}: {event.content}"
        return handle

    for guest in people[1:]:
        await press(guest, "Join")
    for _ in range(computers):
        await press(host, "Add computer")
    if game.options:
        handle = await press(host, "Options")
        modal = await handle.modal(timeout=30)
        shortest = shortest_game(modal)
        if shortest:
            event = await answer(world, await server.submit_modal(host, handle, shortest))
            assert "Options saved" in str(event.embeds), event.content
    await press(host, "Start")
    return number


#: Options form fields that say how long a game lasts (read by their labels, as a host would).
LENGTH = re.compile(r"points to win|hands before|rounds|games in", re.IGNORECASE)


def shortest_game(modal: dict) -> dict[str, str]:
    """The values a host in a hurry fills in: the fewest points to win, hands, rounds or games offered."""
    values: dict[str, str] = {}
    for row in modal.get("components", []):
        field = row.get("component") or {}
        if not field or not LENGTH.search(str(row.get("label", ""))):
            continue
        if field.get("type") == 3:  # a select menu: its smallest number
            numbers = [o["value"] for o in field.get("options", []) if str(o["value"]).isdigit()]
            if numbers:
                values[field["custom_id"]] = min(numbers, key=int)
        elif found := re.search(r"from (\d+)", str(row.get("description", ""))):
            values[field["custom_id"]] = found[1]
    return values


def seat_mix(game: Game, rng: random.Random) -> tuple[int, int]:
    """(people, computers) for a table: one or two people, at least one computer, one of the two
    smallest counts the game allows (a long game at four seats would not end in CI's time)."""
    counts = sorted(n for n in (game.player_counts or range(game.min_players, game.max_players + 1)) if n <= 4)
    total = rng.choice(counts[:2])
    people = min(rng.choice([1, 2]), total - 1)  # a computer at every table: two random people may never end
    return people, total - people


async def play_round(world: World, rng: random.Random, round_no: int) -> list[tuple[int, Game, int]]:
    """A table of every registered game, played to the end by its people; returns (table, game, seats)."""
    tables: list[tuple[int, Game, int]] = []
    people: list[Person] = []
    for game in registry.all_games():
        humans, computers = seat_mix(game, rng)
        users = [world.server.user(f"{game.key}-{round_no}-{i}") for i in range(humans)]
        number = await open_table(world, game, users, computers)
        tables.append((number, game, humans + computers))
        people += [Person(world, u, number, game, computers > 0, rng.randrange(2**32)) for u in users]
    killing = asyncio.create_task(world.killer.run()) if world.killer and not world.killer.satisfied() else None
    playing = [asyncio.create_task(p.play(), name=p.user.name) for p in people]
    try:
        done, waiting = await asyncio.wait(playing, timeout=ROUND_LIMIT, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()  # a person's finding is raised here
        if waiting:
            if killing is not None:
                killing.cancel()  # no kill while the bot says where it waits
            raise AssertionError(
                f"round {round_no} did not end in {ROUND_LIMIT} s:\n{stuck(world, people)}\n"
                f"where the people wait:\n{task_stacks(waiting)}\n{await world.bot.stacks()}"
            )
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        if killing is not None:
            killing.cancel()
            await asyncio.gather(killing, return_exceptions=True)
        if world.killer:
            world.killer.stand_down()
    await world.bot.running()
    return tables


def task_stacks(tasks: set[asyncio.Task[None]]) -> str:
    """Where each unfinished person's coroutine waits."""
    out = io.StringIO()
    for task in tasks:
        out.write(f"-- {task.get_name()}\n")
        task.print_stack(limit=15, file=out)
    return out.getvalue()


def stuck(world: World, people: list[Person]) -> str:
    """Where each unfinished person stands (for a round that did not end)."""
    lines = [f"{f.kind}: {f.person} #{f.table}: {f.detail[:3000]}" for f in world.findings]
    lines.append(f"slow gateway sends: {world.bot.slow_sends}")
    lines.append(f"refused by Discord: {[str(e) for e in world.server.recorder.errors]}")
    for person in people:
        if person.finished:
            continue
        table = world.table_message(person.number)
        last = person.clicks[-1] if person.clicks else None
        lines.append(
            f"{person.user.name} at #{person.number}: table says {table and table.content[-120:]!r}; database waits "
            f"on {world.ledger.waiting_on(person.number)}; last click {last and (last.what, last.outcome)}"
        )
    return "\n".join(lines)


def told(world: World, click: Click) -> bool:
    """Was the person told what came of the click? Never acknowledged: Discord said it failed."""
    state = click.handle.state
    if state.callback_type is None:
        return True
    if state.callback_type in (5, 6):
        return any(e.kind in ("edit_original", "followup") for e in click.handle.events)
    return True


async def test_kill_the_bot_at_random_moments_of_whole_games(loopback: LoopbackDiscord, tmp_path: Path) -> None:
    seed = int(os.environ.get("KILL_SEED") or random.randrange(1_000_000))
    print(f"\nkill-restart seed {seed} (KILL_SEED={seed} replays it)")
    rng = random.Random(seed)
    started = time.monotonic()
    watch = Watch(loopback)
    bot = BotProcess(loopback, tmp_path, watch)
    ledger = Ledger(bot.database)
    await bot.start()
    killer = Killer(bot, ledger, random.Random(rng.random()), dict(QUOTA), PAUSE_MS / 1000)
    world = World(loopback, watch, bot, killer, ledger)
    # A move made from a hand message shown before a restart is rare (a person must hold one as
    # the bot dies): the kills go on until there was one.
    killer.goal = lambda: any(c.what == "move" and c.old and c.across_restart for c in world.clicks)
    try:
        await set_computer_pause(world, PAUSE_MS)
        tables: list[tuple[int, Game, int]] = []
        for round_no in range(1, ROUNDS + 1):
            tables += await play_round(world, rng, round_no)
            if killer.satisfied():
                break
        await asyncio.sleep(1.0)  # late answers and the last table edits
    finally:
        await bot.stop()
    logs = bot.logs()

    kinds = Counter(k.kind for k in bot.kills)
    moves = [c for c in world.clicks if c.what == "move"]
    outcomes = Counter(c.outcome for c in moves)
    old = [c for c in moves if c.old]
    across = [c for c in old if c.across_restart]
    down = [bot.up_at[g + 1] - killed for g, killed in bot.killed_at.items() if g + 1 in bot.up_at]
    print(
        f"{len(tables)} games ({', '.join(sorted(f'{g.key} ({n})' for _, g, n in tables))}), {len(bot.kills)} kills "
        f"({', '.join(f'{n} {k}' for k, n in kinds.items())}), {bot.generation - 1} restarts "
        f"(down {sum(down) / max(len(down), 1):.1f} s on average, at most {max(down, default=0):.1f} s), "
        f"{time.monotonic() - started:.0f} s in all"
    )
    print(
        f"{len(world.clicks)} clicks: {len(moves)} moves {dict(outcomes)}, "
        f"{sum(c.what == 'hand' for c in world.clicks)} Show my hand; {len(old)} moves on an old hand message, "
        f"{len(across)} of them shown before a restart ({sum(c.outcome == 'accepted' for c in across)} accepted)"
    )
    refusals = Counter(c.sentence for c in moves if c.outcome == "refused")
    picks = sum(c.what == "pick" for c in world.clicks)
    print(f"{picks} clicks on the choice screen; refusals: {dict(refusals.most_common(6))}")
    for finding in world.findings:
        print(f"FOUND {finding.kind}: {finding.person} at table #{finding.table}: {finding.detail}")

    problems: list[str] = []
    # Every game ran to its end, with its results saved once per seat, its log in order.
    for number, game, seats in tables:
        row = ledger.table(number)
        versions = ledger.versions(number)
        if row["status"] != "finished":
            problems.append(f"table #{number} ({game.key}) is {row['status']}, not finished")
        if versions != list(range(1, len(versions) + 1)) or row["version"] != len(versions):
            problems.append(f"table #{number} ({game.key}): log versions {versions}, table at {row['version']}")
        if ledger.result_seats(number) != list(range(seats)):
            problems.append(f"table #{number} ({game.key}): result rows for seats {ledger.result_seats(number)}")
    # No move lost or applied twice: what each click added to the person's moves in the log.
    by_person: dict[tuple[int, int], list[Click]] = {}
    for click in moves:
        by_person.setdefault((click.table, click.user_id), []).append(click)
    for (number, user_id), clicks in by_person.items():
        final = ledger.player_moves(number, user_id)
        for click, after in zip(clicks, [c.moves_before for c in clicks[1:]] + [final], strict=True):
            added = after - click.moves_before
            allowed = {"accepted": {1}, "saved": {1}, "refused": {0}}.get(click.outcome, {0, 1})
            if added not in allowed:
                problems.append(f"{click.person}'s {click.outcome} move at table #{number} added {added} log lines")
    # A lost click is told: never acknowledged (Discord says so), or answered after the restart.
    for click in world.clicks:
        if not told(world, click):
            problems.append(
                f"{click.person}'s {click.what} click at table #{click.table} was acknowledged, then the bot was "
                f"killed and nobody ever told them what came of it"
            )
        if click.handle.state.callback_type is None:
            killed = bot.killed_at.get(click.generation)
            if killed is None or killed - click.injected_at > loopback.answer_deadline:
                up_for = click.injected_at - bot.up_at[click.generation]
                problems.append(
                    f"{click.person}'s {click.what} click at table #{click.table} was not acknowledged within "
                    f"{loopback.answer_deadline} s by a live bot (generation {click.generation}, up for {up_for:.1f} s "
                    f"at the click, {click.handle.state.attempts} late attempts"
                    + (f", killed {killed - click.injected_at:.1f} s after it)" if killed else ", never killed)")
                )
    problems += [f"{f.kind}: {f.person} at table #{f.table}: {f.detail}" for f in world.findings]
    problems += [f"{k} kills: {kinds[k]} (wanted {n})" for k, n in QUOTA.items() if kinds[k] < n]
    if not across:
        problems.append("no move was made with a hand message shown before a restart")
    problems += [
        f"bot generation {g} logged a traceback:\n{log[-2000:]}" for g, log in logs.items() if "Traceback" in log
    ]
    # Interactions a killed bot never acknowledged: the person saw "This interaction failed" (told, above).
    for state in loopback.unanswered():
        if any(c.handle.state is state for c in world.clicks):
            loopback.interactions.pop(state.id)
    problems += [f"Discord refused: {error}" for error in loopback.recorder.take_errors()]
    assert not problems, "\n".join(problems)
