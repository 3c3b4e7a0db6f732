"""A tiny plain discord.py bot (commands.Bot + one cog) used to prove the loopback Discord.

It exercises each way a bot talks to Discord; `/break` deliberately breaks a limit so tests can
see the server refuse it. Failures the bot got back are kept in `LoopbackCog.failures`.
"""

from __future__ import annotations

import asyncio
import io
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from PIL import Image

from tests.loopback.server import LoopbackDiscord, configure_discord_py


def png_bytes(size: int = 8) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


class PingView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Again", custom_id="ping:again", style=discord.ButtonStyle.primary)
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"pressed by {interaction.user.name}")

    @discord.ui.select(
        custom_id="ping:pick",
        max_values=2,
        options=[discord.SelectOption(label=v.upper(), value=v) for v in ("a", "b", "c")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()
        await interaction.followup.send(f"you picked {', '.join(select.values)}", ephemeral=True)
        await interaction.edit_original_response(content="someone picked")


class NameModal(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


table = app_commands.Group(name="parlour", description="Parlour test commands")
table_group = app_commands.Group(name="table", description="Tables", parent=table)


@table_group.command(name="open", description="Echo typed options")
async def table_open(
    interaction: discord.Interaction,
    seats: app_commands.Range[int, 2, 4],
    name: str,
    computer: bool = False,
    who: discord.Member | None = None,
) -> None:
    who_name = who.name if who else "-"
    echo = f"seats={seats!r} name={name!r} computer={computer!r} who={who_name}"
    await interaction.response.send_message(echo, ephemeral=True)


class LoopbackCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.gate = asyncio.Event()
        self.failures: list[discord.HTTPException] = []

    @app_commands.command(description="Buttons and a select")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", view=PingView())

    @app_commands.command(description="Pictures, a channel message and a thread")
    async def picture(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("your picture", file=discord.File(io.BytesIO(png_bytes()), "hand.png"))
        await interaction.edit_original_response(content="table posted")
        message = await interaction.channel.send("the table", file=discord.File(io.BytesIO(png_bytes()), "table.png"))
        await message.create_thread(name="Table 1")

    @app_commands.command(description="Open a modal")
    async def form(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Answer once the test opens the gate")
    async def gated(self, interaction: discord.Interaction, mode: Literal["answer", "followup"]) -> None:
        if mode == "followup":
            await interaction.response.defer()
        await self.gate.wait()
        try:
            if mode == "answer":
                await interaction.response.send_message("late")
            else:
                await interaction.followup.send("much later")
        except discord.HTTPException as error:
            self.failures.append(error)

    @app_commands.command(name="break", description="Break one of Discord's limits")
    async def break_(
        self,
        interaction: discord.Interaction,
        kind: Literal["custom_id", "rows", "options", "content", "double", "file"],
    ) -> None:
        try:
            await self._break(interaction, kind)
        except discord.HTTPException as error:
            self.failures.append(error)
        if not interaction.response.is_done():
            await interaction.response.send_message("that failed", ephemeral=True)

    async def _break(self, interaction: discord.Interaction, kind: str) -> None:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=interaction.channel_id)
        if kind == "custom_id":
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
            await interaction.response.send_message("too long", view=view)
        elif kind == "rows":
            rows = [{"type": 1, "components": [_button(f"b{i}")]} for i in range(6)]
            await interaction.client.http.request(route, json={"content": "rows", "components": rows})
        elif kind == "options":
            options = [{"label": str(i), "value": str(i)} for i in range(26)]
            select = {"type": 3, "custom_id": "s", "options": options}
            rows = [{"type": 1, "components": [select]}]
            await interaction.client.http.request(route, json={"content": "options", "components": rows})
        elif kind == "content":
            await interaction.response.send_message("x" * 2001)
        elif kind == "file":
            await interaction.response.send_message(file=discord.File(io.BytesIO(png_bytes(400)), "big.png"))
        elif kind == "double":
            await interaction.response.send_message("first")
            # A second answer the way discord.py sends every answer, bypassing its own guard.
            adapter = discord.webhook.async_.async_context.get()
            params = discord.webhook.async_.interaction_response_params(4, {"content": "second"})
            await adapter.create_interaction_response(
                interaction.id, interaction.token, session=interaction._session, params=params
            )


def _button(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


class LoopbackBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.cog = LoopbackCog(self)

    async def setup_hook(self) -> None:
        # Persistent, as a bot's buttons must be: a click that reaches the bot before the response
        # that posted the view has been read (the gateway can be quicker than REST) still finds it.
        self.add_view(PingView())
        await self.add_cog(self.cog)
        self.tree.add_command(table)


async def start_test_bot(server: LoopbackDiscord, *, sync: bool = True) -> tuple[LoopbackBot, asyncio.Task]:
    """Start LoopbackBot in-process against the server; wait for READY (and sync commands)."""
    configure_discord_py(server)
    bot = LoopbackBot()
    await bot.login(server.token)
    task = asyncio.create_task(bot.connect(reconnect=False), name="loopback-test-bot")
    await asyncio.wait_for(bot.wait_until_ready(), 5)
    if sync:
        await bot.tree.sync()
    return bot, task


async def stop_test_bot(bot: commands.Bot, task: asyncio.Task) -> None:
    await bot.close()
    await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 5)
