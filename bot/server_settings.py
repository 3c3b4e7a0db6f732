"""A server's table settings, checked by the bot: who may change them, and every value's range.

Discord's client enforces a command's ranges, but a modified client or a raw request does not:
every value is checked here, with one sentence when it is out of range, before anything is
saved. Values read back are kept in range too (:func:`in_range`), so that a row saved before
these checks (or written by hand) can never stop the idle sweep. A refusal is a
:class:`~engine.words.Text` (``SettingsError.text``): the edge says it in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.actor import Actor
from bot.i18n import N_
from bot.i18n.choose import AUTO
from bot.i18n.languages import SHIPPED
from bot.i18n.told import Whole
from bot.table import GuildSettings
from engine.words import Text


@dataclass(frozen=True)
class Limit:
    """A setting's whole-number range and how a person reads it."""

    low: int
    high: int
    #: The setting as the command names it.
    name: str
    #: The sentence for a value out of range (its ``{low}`` and ``{high}`` filled in).
    refusal: str

    def check(self, value: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise SettingsError(Text(self.refusal, low=Whole(self.low), high=Whole(self.high)))
        return value

    def clamp(self, value: int) -> int:
        return min(max(value, self.low), self.high)


IDLE_MINUTES = Limit(1, 1440, "idle_minutes", N_("idle_minutes must be a whole number from {low} to {high} minutes."))
COMPUTER_PAUSE_MS = Limit(
    0, 10_000, "computer_pause_ms", N_("computer_pause_ms must be a whole number from {low} to {high} milliseconds.")
)


class SettingsError(Exception):
    """A settings change refused; ``text`` is one sentence for the person (said in their language
    with :func:`bot.i18n.told.told`), and the English sentence is the error's message."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


class SettingsStore(Protocol):
    async def guild_settings(self, guild_id: int) -> GuildSettings: ...
    async def update_settings(self, guild_id: int, **changes: int | bool | str | None) -> GuildSettings: ...


def in_range(settings: GuildSettings) -> GuildSettings:
    """The settings with every value within its range (a stored value out of range is clamped)."""
    return GuildSettings(
        IDLE_MINUTES.clamp(settings.idle_minutes),
        bool(settings.use_threads),
        COMPUTER_PAUSE_MS.clamp(settings.computer_pause_ms),
        settings.language if settings.language in SHIPPED else None,
        bool(settings.four_colour),
    )


class ServerSettings:
    """``/settings``: show or change one server's table settings (Manage Server only)."""

    def __init__(self, store: SettingsStore) -> None:
        self.store = store

    async def show(self, actor: Actor) -> GuildSettings:
        _must_manage(actor)
        return await self.store.guild_settings(actor.guild_id)

    async def change(
        self,
        actor: Actor,
        *,
        idle_minutes: int | None = None,
        use_threads: bool | None = None,
        computer_pause_ms: int | None = None,
        language: str | None = None,
        four_colour: bool | None = None,
    ) -> GuildSettings:
        """Save the given values (others keep theirs), each checked first: nothing is saved if one is wrong.

        ``language`` is one of Parlour's languages, or :data:`bot.i18n.choose.AUTO` to follow the
        server's Discord language again."""
        _must_manage(actor)
        if language is not None and language != AUTO and language not in SHIPPED:
            raise SettingsError(Text("That language is not one Parlour speaks; pick one from the list."))
        if idle_minutes is not None:
            IDLE_MINUTES.check(idle_minutes)
        if computer_pause_ms is not None:
            COMPUTER_PAUSE_MS.check(computer_pause_ms)
        if use_threads is not None and not isinstance(use_threads, bool):
            raise SettingsError(Text("threads must be yes or no."))
        return await self.store.update_settings(
            actor.guild_id,
            idle_minutes=idle_minutes,
            use_threads=use_threads,
            computer_pause_ms=computer_pause_ms,
            # "auto" forgets the override (an empty value): the server's Discord language again.
            language=None if language is None else ("" if language == AUTO else language),
            four_colour=None if four_colour is None else bool(four_colour),
        )


def _must_manage(actor: Actor) -> None:
    if actor.guild_id == 0:
        raise SettingsError(Text("Settings belong to a server; use this in one."))
    if not actor.manage_guild:
        raise SettingsError(Text("Only members with the Manage Server permission can change Parlour's settings."))
