"""``/leaderboard``, ``/profile`` and ``/replay``: standings and replays as pictures.

Thin, as every cog: read from bot.rating_store and bot.store, turn the rows into the
pictures' views, draw off the event loop, present. Buttons are persistent dynamic items
whose custom_id carries everything a click needs, so they work after a restart:

* ``lb:<game>:<by>:<period>:<page>``: a leaderboard page (the clicker's own row is added);
* ``rp:<table>:<step>:<hands>:<slot>``: one step of a replay. A click on the public replay opens
  the steps privately; a click on a private step edits it in place;
* ``rpj:<table>:<hands>``: jump to a hand or round of a replay (cogs.replay_steps).

Who reads what: a leaderboard, a profile and a replay are public, in the server's language; a
replay's steps (opened privately) and every refusal are in the clicker's language.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import rating_store, seasons
from bot.i18n import ENGLISH, N_, _, drawn_in, n_, number, words
from bot.i18n.choose import public_language, reader_language
from bot.i18n.told import short_day, told
from bot.replays import ReplayError, Replays
from cogs.acting import actor_of
from cogs.answers import tell
from cogs.let_go import lets_go
from cogs.mentions import plain
from cogs.message_parts import Controls
from cogs.picture_file import picture_file
from cogs.replay_steps import JUMP_TEMPLATE, jump_menu, move_word
from engine import registry
from render.leaderboard import LeaderboardView, LeaderRow, leaderboard_picture
from render.profile import GameCard, ProfileView, RecentLine, SeasonTrophy, profile_picture
from render.replay import Names, ReplaySource, chapters, names_at, replay_gif, shows_hands, step_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

PAGE_SIZE = 10
PERIOD_WORDS = {"all": N_("all time"), "month": N_("past 30 days"), "week": N_("past 7 days")}
#: Nobody on a board yet, by period.
EMPTY_BOARD = {
    "all": N_("No one has finished a game of {game} here yet."),
    "month": N_("No one has finished a game of {game} here in the past 30 days yet."),
    "week": N_("No one has finished a game of {game} here in the past 7 days yet."),
}
BY_CODES = {"r": "rating", "p": "points", "w": "wins"}
PERIOD_CODES = {"a": "all", "m": "month", "w": "week"}
LEADERBOARD_TEMPLATE = re.compile(r"lb:(?P<game>[a-z0-9_]{1,40}):(?P<by>[rpw]):(?P<period>[amw]):(?P<page>\d{1,4})")
REPLAY_TEMPLATE = re.compile(r"rp:(?P<table>\d{1,18}):(?P<step>\d{1,6}):(?P<hands>[01]):(?P<slot>[a-z])")


def game_name(key: str) -> str:
    try:
        return registry.get(key).name
    except KeyError:
        return key.replace("_", " ").title()


def leaderboard_id(game: str, by: str, period: str, page: int) -> str:
    return f"lb:{game}:{by[0]}:{period[0]}:{page}"


def replay_id(table_id: int, step: int, hands: bool, slot: str = "a") -> str:
    """A replay step's custom_id; ``slot`` keeps two buttons to the same step apart (Discord wants unique ids)."""
    return f"rp:{table_id}:{step}:{int(hands)}:{slot}"


def _bot(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


class LeaderboardButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=LEADERBOARD_TEMPLATE):
    """A page of a leaderboard."""

    def __init__(self, game: str, by: str, period: str, page: int, item: discord.ui.Item[Any]) -> None:
        self.game, self.by, self.period, self.page = game, by, period, page
        super().__init__(item)

    @classmethod
    def button(cls, game: str, by: str, period: str, page: int, label: str, disabled: bool) -> LeaderboardButton:
        custom_id = leaderboard_id(game, by, period, page)
        return cls(game, by, period, page, discord.ui.Button(label=label, custom_id=custom_id, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardButton:
        by, period = BY_CODES[match["by"]], PERIOD_CODES[match["period"]]
        return cls(match["game"], by, period, int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_leaderboard(_bot(interaction), interaction, self.game, self.by, self.period, self.page, edit=True)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=REPLAY_TEMPLATE):
    """One step of a replay."""

    def __init__(self, table_id: int, step: int, hands: bool, item: discord.ui.Item[Any]) -> None:
        self.table_id, self.step, self.hands = table_id, step, hands
        super().__init__(item)

    @classmethod
    def button(
        cls, table_id: int, step: int, hands: bool, label: str, *, slot: str = "a", disabled: bool = False
    ) -> ReplayButton:
        custom_id = replay_id(table_id, step, hands, slot)
        return cls(table_id, step, hands, discord.ui.Button(label=label, custom_id=custom_id, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["table"]), int(match["step"]), match["hands"] == "1", item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        await show_step(_bot(interaction), interaction, self.table_id, self.step, self.hands)


class JumpMenu(discord.ui.DynamicItem[discord.ui.Item[Any]], template=JUMP_TEMPLATE):
    """Jump to the start of a hand or round of a replay (its value: the step; cogs.replay_steps)."""

    def __init__(self, table_id: int, hands: bool, item: discord.ui.Item[Any]) -> None:
        self.table_id, self.hands = table_id, hands
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JumpMenu:
        return cls(int(match["table"]), match["hands"] == "1", item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        if not values or not values[0].isdigit():
            broken = _(reader_language(interaction), "That menu is broken; ask for /replay again.")
            await interaction.response.send_message(broken, ephemeral=True)
            return
        await show_step(_bot(interaction), interaction, self.table_id, int(values[0]), self.hands)


async def show_leaderboard(
    bot: ParlourBot, interaction: discord.Interaction, game: str, by: str, period: str, page: int, *, edit: bool
) -> None:
    """A page of a game's leaderboard as a picture, with Previous and Next; ``edit`` answers a page button
    (the public board, in the server's language)."""
    assert interaction.guild is not None
    async with bot.store.sessions() as session:
        board = await rating_store.leaderboard(
            session,
            interaction.guild.id,
            game,
            by=by,  # type: ignore[arg-type]
            period=period,  # type: ignore[arg-type]
            page=page,
            page_size=PAGE_SIZE,
            asking_user_id=interaction.user.id,
        )
    if board.players == 0 and not edit:
        nobody = _(reader_language(interaction), EMPTY_BOARD.get(period, EMPTY_BOARD["all"]), game=game_name(game))
        await interaction.response.send_message(nobody, ephemeral=True)
        return
    language = await public_language(bot.store_adapter, interaction)
    view = leaderboard_view(board, game_name(game), interaction.user.id, language)
    picture = await asyncio.to_thread(drawn_in, language, leaderboard_picture, view)
    buttons = discord.ui.View(timeout=None)
    previous, following = _(language, "◀ Previous"), _(language, "Next ▶")
    back = LeaderboardButton.button(game, by, period, max(0, page - 1), previous, disabled=page <= 0)
    ahead = LeaderboardButton.button(game, by, period, page + 1, following, disabled=page + 1 >= board.pages)
    buttons.add_item(back)
    buttons.add_item(ahead)
    file = picture_file(picture, "leaderboard.png")
    mentions = discord.AllowedMentions.none()
    if edit:
        await interaction.response.edit_message(attachments=[file], view=buttons, allowed_mentions=mentions)
    else:
        await interaction.response.send_message(file=file, view=buttons, allowed_mentions=mentions)


class Standings(commands.Cog):
    """Leaderboards, profiles and replays."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    # -- /leaderboard ----------------------------------------------------------------------
    @app_commands.command(name="leaderboard")
    @app_commands.guild_only()
    @app_commands.describe(
        game="The game", by="Rank by rating, points or wins", period="All time, the past 30 or 7 days"
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=g.name, value=g.key) for g in registry.all_games()][:25],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        by: Literal["rating", "points", "wins"] = "rating",
        period: Literal["all", "month", "week"] = "all",
    ) -> None:
        """This server's best players of a game, as a picture: rank, rating, games, win %, level."""
        await show_leaderboard(self.bot, interaction, game.value, by, period, 0, edit=False)

    # -- /profile --------------------------------------------------------------------------
    @app_commands.command(name="profile")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose profile (yours, if empty)")
    async def profile(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        """A card with each game's rating, level, games, wins, best score, a chart and the last results."""
        assert interaction.guild is not None
        who = user or interaction.user
        async with self.bot.store.sessions() as session:
            found = await rating_store.profile(session, interaction.guild.id, who.id)
            won = await seasons.trophies(session, interaction.guild.id, who.id)
        if found is None:
            nobody = _(
                reader_language(interaction), "{name} has not finished a game here yet.", name=plain(who.display_name)
            )
            await interaction.response.send_message(nobody, ephemeral=True)
            return
        language = await public_language(self.bot.store_adapter, interaction)
        view = profile_view(found, who.display_name, language)
        shown = tuple(SeasonTrophy(game_name(t.game_key), seasons.season_name(language, t), t.place) for t in won)
        view = replace(view, trophies=shown)
        picture = await asyncio.to_thread(drawn_in, language, profile_picture, view)
        await interaction.response.send_message(
            file=picture_file(picture, "profile.png"),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # -- /replay ---------------------------------------------------------------------------
    @app_commands.command(name="replay")
    @app_commands.guild_only()
    @app_commands.describe(table="The number of a finished table")
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1]) -> None:
        """Watch a finished table again, as an animation, then step through it move by move."""
        loaded = await replay_source(self.bot.replays, interaction, table)
        if loaded is None:
            return
        source, names = loaded
        await interaction.response.defer(thinking=True)
        language = await public_language(self.bot.store_adapter, interaction)
        animation = await asyncio.to_thread(drawn_in, language, replay_gif, source, names)
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(ReplayButton.button(table, 0, False, _(language, "Step through ▶")))
        if shows_hands(source):
            every = _(language, "Step through every hand")
            buttons.add_item(ReplayButton.button(table, 0, True, every, slot="h"))
        game = game_name(source.game_key)
        await interaction.followup.send(
            n_(
                language,
                "Table {table}: {game}, {count} move.",
                "Table {table}: {game}, {count} moves.",
                source.steps,
                table=table,
                game=game,
            ),
            file=picture_file(animation, f"table-{table}.gif"),
            view=buttons,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def show_step(bot: ParlourBot, interaction: discord.Interaction, table_id: int, step: int, hands: bool) -> None:
    """One step of a replay: privately (in the clicker's language), as a new message from the public
    replay, in place when stepping."""
    replays = bot.replays
    loaded = await replay_source(replays, interaction, table_id)
    if loaded is None:
        return
    source, names = loaded
    language = reader_language(interaction)
    step = max(0, min(step, source.steps))
    hands = hands and shows_hands(source)
    picture = await asyncio.to_thread(drawn_in, language, step_picture, source, names, step, hands=hands)
    content = step_words(source, names, step, hands, language)
    file = picture_file(picture, f"table-{table_id}-{step}.png")
    buttons = step_buttons(table_id, step, source.steps, hands, shows_hands(source), language)
    kept = replays.chapters.setdefault(table_id, {})
    if language not in kept:
        kept[language] = await asyncio.to_thread(chapters, source, words(language))
    menu = jump_menu(table_id, hands, kept[language], step, language)
    if menu is not None:
        buttons.add_item(menu)
    mentions = discord.AllowedMentions.none()
    message = interaction.message
    if message is not None and message.flags.ephemeral:  # stepping: the private replay moves on
        await interaction.response.edit_message(
            content=content, attachments=[file], view=buttons, allowed_mentions=mentions
        )
    else:  # from the public replay: the steps open privately, so each person steps on their own
        await interaction.response.send_message(
            content, file=file, view=buttons, ephemeral=True, allowed_mentions=mentions
        )
    buttons.stop()  # its clicks come through the dynamic items: no view kept listening for 15 minutes


async def replay_source(
    replays: Replays, interaction: discord.Interaction, table_id: int
) -> tuple[ReplaySource, Names] | None:
    """The replay of a finished table of this server, or None after saying why not (in the asker's language)."""
    try:
        return await replays.get(table_id, actor_of(interaction))
    except ReplayError as error:
        await tell(interaction, told(reader_language(interaction), error.text))
        return None


# -- pure builders ------------------------------------------------------------------------------


def leaderboard_view(
    board: rating_store.Board, name: str, asking_user_id: int, language: str = ENGLISH
) -> LeaderboardView:
    def row(line: rating_store.BoardRow) -> LeaderRow:
        return LeaderRow(
            rank=line.rank,
            name=line.name,
            rating=line.rating,
            provisional=line.provisional,
            games=line.games,
            wins=line.wins,
            level=line.level,
            points=line.points,
            computer=line.computer,
            you=line.user_id == asking_user_id and not line.computer,
        )

    return LeaderboardView(
        game_name=name,
        by=board.by,
        period=_(language, PERIOD_WORDS[board.period]),
        rows=tuple(row(line) for line in board.rows),
        page=board.page,
        pages=board.pages,
        players=board.players,
        own=row(board.own) if board.own else None,
    )


def profile_view(found: rating_store.Profile, display_name: str, language: str = ENGLISH) -> ProfileView:
    cards = tuple(
        GameCard(
            game_name=game_name(g.game_key),
            rating=g.rating,
            provisional=g.provisional,
            level=g.level,
            level_fraction=g.progress.fraction,
            games=g.games,
            wins=g.wins,
            best=g.best,
            chart=g.chart,
        )
        for g in found.games
    )
    recent = tuple(
        RecentLine(game_name(r.game_key), r.place, r.players, r.points, r.change, short_day(language, r.finished_at))
        for r in found.recent
    )
    return ProfileView(name=display_name, games=cards, recent=recent)


def step_words(source: ReplaySource, seating: Names, step: int, hands: bool, language: str = ENGLISH) -> str:
    """What a replay's step shows, in ``language``: ``Move 3 of 40: Ann (discard). Showing the table.``"""
    steps = number(language, source.steps)
    if step == 0:
        if hands:
            return _(language, "The deal: every hand. Move 0 of {steps}.", steps=steps)
        return _(language, "The deal: the table. Move 0 of {steps}.", steps=steps)
    names = names_at(seating, step)
    seat, move = source.moves[step - 1]
    who = names[seat] if 0 <= seat < len(names) else _(language, "Seat {number}", number=seat + 1)
    said = {"step": number(language, step), "steps": steps, "who": who, "move": move_word(language, move)}
    if hands:
        return _(language, "Move {step} of {steps}: {who} ({move}). Showing every hand.", **said)
    return _(language, "Move {step} of {steps}: {who} ({move}). Showing the table.", **said)


def step_buttons(
    table_id: int, step: int, steps: int, hands: bool, may_show_hands: bool, language: str = ENGLISH
) -> Controls:
    view = Controls()  # with the jump menu (a plain select) in it: see cogs.message_parts.Controls
    moves = (
        (N_("⏮ Start"), 0, "s"),
        (N_("◀ Back"), step - 1, "b"),
        (N_("Next ▶"), step + 1, "n"),
        (N_("End ⏭"), steps, "e"),
    )
    for label, target, slot in moves:
        target = max(0, min(steps, target))
        shown = _(language, label)
        view.add_item(ReplayButton.button(table_id, target, hands, shown, slot=slot, disabled=target == step))
    if may_show_hands:
        toggle = _(language, "Show the table") if hands else _(language, "Show every hand")
        view.add_item(ReplayButton.button(table_id, step, not hands, toggle, slot="h"))
    return view


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(LeaderboardButton, ReplayButton, JumpMenu)
    await bot.add_cog(Standings(bot))
