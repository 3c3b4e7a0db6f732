"""Tournament templates: an organiser saves a tournament's settings under a name, per server, and
starts the next one from it (``/tournament create template:<name>``).

A template keeps what makes a tournament the same from week to week: the game and its options,
the format, rounds, table size, scoring, round timer, check-in window and late entry. Names are
unique per server (case-insensitive: saved lower-cased); saving under a name again replaces it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import utcnow
from bot.tournaments.checks import TournamentError
from bot.tournaments.models import Tournament, TournamentTemplate
from engine.words import Text

#: Templates per server, and the longest name.
MAX_TEMPLATES = 25
MAX_NAME = 40


@dataclass(frozen=True)
class TemplateSettings:
    """What a template keeps (the arguments of the service's ``create``, and check-in and late entry)."""

    game_key: str
    format: str
    rounds: int
    table_size: int
    scoring: str
    round_minutes: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    checkin_minutes: int | None = None
    late_entry_until: int | None = None

    @classmethod
    def of(cls, tournament: Tournament) -> TemplateSettings:
        return cls(
            game_key=tournament.game_key,
            format=tournament.format,
            rounds=tournament.rounds,
            table_size=tournament.table_size,
            scoring=tournament.scoring,
            round_minutes=tournament.round_minutes,
            options=tournament.options,
            checkin_minutes=tournament.checkin_minutes,
            late_entry_until=tournament.late_entry_until,
        )

    def summary(self, game_name: str) -> str:
        """One line for the list: "Gin Rummy · swiss · 3 rounds · tables of 2"."""
        parts = [game_name, self.format.replace("_", " "), f"{self.rounds} rounds", f"tables of {self.table_size}"]
        if self.checkin_minutes:
            parts.append(f"check-in {self.checkin_minutes} min")
        return " · ".join(parts)


def clean_name(name: str) -> str:
    """A template's name as kept: spaces tidied, lower case.

    >>> clean_name("  Friday   Night ")
    'friday night'
    """
    cleaned = " ".join(name.split()).lower()
    if not cleaned:
        raise TournamentError(Text("Give the template a name."))
    if len(cleaned) > MAX_NAME:
        raise TournamentError(Text("A template's name is at most {most} characters.", most=MAX_NAME))
    return cleaned


class Templates:
    """Saved settings per server."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions

    async def save(self, guild_id: int, name: str, tournament: Tournament, saved_by: int) -> str:
        """Save (or replace) a template from a tournament of this server; returns the name as saved."""
        if tournament.guild_id != guild_id:
            raise TournamentError(Text("There is no tournament #{number} in this server.", number=tournament.id))
        name = clean_name(name)
        settings = json.dumps(asdict(TemplateSettings.of(tournament)))
        async with self.sessions() as session:
            existing = await self._find(session, guild_id, name)
            if existing is not None:
                existing.settings_json, existing.saved_by, existing.updated_at = settings, saved_by, utcnow()
                session.add(existing)
            else:
                if len(await self._all(session, guild_id)) >= MAX_TEMPLATES:
                    raise TournamentError(
                        Text("A server keeps at most {most} templates; delete one first.", most=MAX_TEMPLATES)
                    )
                session.add(TournamentTemplate(guild_id=guild_id, name=name, settings_json=settings, saved_by=saved_by))
            try:
                await session.commit()
            except IntegrityError:  # saved at the same moment by someone else: theirs stands
                raise TournamentError(
                    Text("The template {name} was just saved by someone else.", name=repr(name))
                ) from None
        return name

    async def get(self, guild_id: int, name: str) -> TemplateSettings:
        async with self.sessions() as session:
            found = await self._find(session, guild_id, clean_name(name))
        if found is None:
            raise TournamentError(
                Text("There is no template called {name}; see /tournament template list.", name=repr(clean_name(name)))
            )
        return TemplateSettings(**json.loads(found.settings_json))

    async def saved(self, guild_id: int) -> list[tuple[str, TemplateSettings]]:
        async with self.sessions() as session:
            rows = await self._all(session, guild_id)
        return [(row.name, TemplateSettings(**json.loads(row.settings_json))) for row in rows]

    async def delete(self, guild_id: int, name: str) -> None:
        async with self.sessions() as session:
            result = await session.exec(
                delete(TournamentTemplate).where(
                    col(TournamentTemplate.guild_id) == guild_id, col(TournamentTemplate.name) == clean_name(name)
                )
            )
            await session.commit()
        if result.rowcount == 0:
            raise TournamentError(Text("There is no template called {name}.", name=repr(clean_name(name))))

    async def _find(self, session: AsyncSession, guild_id: int, name: str) -> TournamentTemplate | None:
        found = await session.exec(
            select(TournamentTemplate).where(TournamentTemplate.guild_id == guild_id, TournamentTemplate.name == name)
        )
        return found.first()

    async def _all(self, session: AsyncSession, guild_id: int) -> list[TournamentTemplate]:
        found = await session.exec(
            select(TournamentTemplate)
            .where(TournamentTemplate.guild_id == guild_id)
            .order_by(col(TournamentTemplate.name))
        )
        return list(found.all())
