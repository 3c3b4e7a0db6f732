"""``python -m bot check``: what is wrong with this installation, one line each, changing nothing.

It reads the settings as the bot does, opens the database read-only (it never creates or
migrates it), says whether its migrations are current and which processes serve its shards,
loads the games, checks that Pillow can shape Arabic and Indic names, and, given a token, asks
Discord who the bot is and which servers it is in (with the invite link when it is in none).
Exit status 0 when nothing needs fixing, 2 otherwise. Safe while the bot runs.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from sqlalchemy import Row

from bot.commands import CommandsError, bot_guilds, invite_link, servers, with_discord
from bot.db import DatabaseError, migration_state, open_read_only
from bot.leases import LEASE_SECONDS, LEASES, holder_gone
from bot.models import utcnow
from bot.settings import Settings, SettingsError, load_settings


@dataclass
class Report:
    """The lines of a check: each one sentence, marked ok or a problem."""

    lines: list[str] = field(default_factory=list)
    problems: int = 0

    def ok(self, sentence: str) -> None:
        self.lines.append(f"ok       {sentence}")

    def note(self, sentence: str) -> None:
        self.lines.append(f"note     {sentence}")

    def problem(self, sentence: str) -> None:
        self.problems += 1
        self.lines.append(f"PROBLEM  {sentence}")


async def run_check(env_file: str | Path = ".env") -> Report:
    report = Report()
    where = Path(env_file).resolve()
    try:
        settings = load_settings(env_file=env_file, require_token=False)
    except SettingsError as error:
        report.problem(str(error))
        return report
    read = f"{str(where)!r} and the environment" if where.is_file() else f"the environment; there is no {where}"
    report.ok(f"The settings are valid (read from {read}).")
    await _database(settings, report)
    _games(settings, report)
    _pictures(report)
    if settings.discord_token:
        await _discord(settings, report)
    else:
        report.problem(f"DISCORD_TOKEN is not set, so Discord was not asked: paste the bot's token into {where}.")
    return report


async def _database(settings: Settings, report: Report) -> None:
    try:
        engine = await open_read_only(settings.database_url)
    except DatabaseError as error:
        report.problem(str(error))
        return
    try:
        shown = engine.url.render_as_string(hide_password=True)
        async with engine.connect() as connection:
            current, head = await connection.run_sync(migration_state)
            report.ok(f"The database answers ({shown}).")
            if current is None:
                report.note("The database has no Parlour tables yet: the bot creates them when it first starts.")
                return
            if current == head:
                report.ok(f"The database's migrations are current ({current}).")
            elif current.isdigit() and head is not None and head.isdigit() and int(current) < int(head):
                report.note(
                    f"The database is at migration {current} and this code at {head}: the bot upgrades it when it "
                    "starts (back it up first)."
                )
            else:
                report.problem(
                    f"The database is at migration {current}, which this code ({head}) does not know: it was "
                    "upgraded by a newer Parlour, so run that version."
                )
                return
            if head is not None and current == head:
                rows = (await connection.execute(LEASES.select().order_by(LEASES.c.shard_id))).all()
                _shards(rows, report)
    finally:
        await engine.dispose()


def _shards(rows: Sequence[Row[Any]], report: Report) -> None:
    now = utcnow()
    live = [r for r in rows if (now - r.heartbeat_at).total_seconds() < LEASE_SECONDS and not holder_gone(r.holder)]
    if not live:
        report.ok("No process serves this database now.")
        return
    for row in live:
        host, pid = row.holder.split(":")[:2]
        ago = round((now - row.heartbeat_at).total_seconds())
        report.ok(f"Shard {row.shard_id} of {row.shard_count} is served by process {pid} on {host} ({ago} s ago).")


def _games(settings: Settings, report: Report) -> None:
    os.environ["PARLOUR_EXTRA_GAMES"] = ",".join(settings.extra_games)
    from engine import registry

    try:
        games = registry.all_games()
    except Exception as error:
        report.problem(f"PARLOUR_EXTRA_GAMES names a module that does not load ({error}): fix or remove it.")
        return
    report.ok(f"{len(games)} games: {', '.join(g.name for g in games)}.")


def _pictures(report: Report) -> None:
    from PIL import features

    if features.check("raqm"):
        report.ok("Pillow shapes Arabic and Indic names (raqm).")
    else:
        report.problem(
            "Pillow has no raqm, so Arabic and Indic names draw unjoined: install libraqm0 and libfribidi0 "
            "(apt-get install libraqm0 libfribidi0) and restart the bot."
        )


async def _discord(settings: Settings, report: Report) -> None:
    async def ask(client: discord.Client) -> None:
        guilds = await bot_guilds(client)
        who = f"{client.user} (application {client.application_id})"
        if not guilds:
            report.problem(
                f"Discord knows the bot as {who}, in no server: invite it with {invite_link(client.application_id)}."
            )
            return
        names = ", ".join(g.name for g in guilds[:10]) + (", …" if len(guilds) > 10 else "")
        report.ok(f"Discord knows the bot as {who}, in {servers(len(guilds))}: {names}.")
        if settings.dev_guild_id and all(g.id != settings.dev_guild_id for g in guilds):
            report.problem(
                f"DEV_GUILD_ID {settings.dev_guild_id} is not one of the bot's servers: copy a server's id "
                "(right-click the server icon → Copy Server ID, not a channel), or leave it empty."
            )

    try:
        await with_discord(settings, ask)
    except CommandsError as error:
        report.problem(str(error))
