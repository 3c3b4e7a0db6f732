"""What a table looks like in Discord: the lobby, the table message, a private hand.

Pure builders from a :class:`~bot.tables.Table` to message parts (content, embed,
files, components). Every component is a persistent dynamic item whose custom_id
(cogs.ids) carries the table and the state version, so it keeps working after a
restart. Pictures are rendered off the event loop by the callers (``render_*``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial

import discord

from bot.tables import Table
from cogs import ids
from engine.core import Decision, name_seats
from render import pictures_for as _pictures_for
from render.results import results_picture

#: Discord's limits on components.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100


@dataclass
class MessageParts:
    """Everything one message needs; ``send``/``edit`` helpers spread it into discord.py calls."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None
    mentions: discord.AllowedMentions = field(default_factory=lambda: discord.AllowedMentions(users=True))
    #: The state version these parts show (a hand: its controls carry it).
    version: int | None = None

    def send_kwargs(self) -> dict:
        kwargs: dict = {"content": self.content or None, "files": self.files, "allowed_mentions": self.mentions}
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def edit_kwargs(self) -> dict:
        return {
            "content": self.content or None,
            "embed": self.embed,
            "attachments": self.files,
            "view": self.view,
            "allowed_mentions": self.mentions,
        }


#: A game's render module, looked up once (a game without its own module would otherwise
#: search the import path again on every picture).
pictures_for = cache(_pictures_for)


# -- components ---------------------------------------------------------------
class ParlourButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.BUTTON_TEMPLATE):
    """Every Parlour button; the custom_id says what it does (cogs.ids)."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label[:MAX_BUTTON_LABEL], style=style, custom_id=custom_id, disabled=disabled),
            row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> ParlourButton:
        return cls(item.custom_id or "", item.label or "", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = interaction.client.get_cog("Tables")  # type: ignore[union-attr]
        await handler.on_button(interaction, ids.parse_button(self.custom_id[3:]))


class ParlourSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT_TEMPLATE):
    """Every Parlour select menu: the picked values are option ids of one decision."""

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder[:150] or None,
                min_values=min_values,
                max_values=max_values,
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match) -> ParlourSelect:
        return cls(item.custom_id or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
        handler = interaction.client.get_cog("Tables")  # type: ignore[union-attr]
        await handler.on_select(interaction, ids.parse_select(self.custom_id[3:]), values)


def _button(action: str, table_id: int, label: str, style: discord.ButtonStyle, row: int) -> ParlourButton:
    return ParlourButton(ids.table_button(action, table_id), label, style, row=row)


# -- the lobby ----------------------------------------------------------------
def lobby_parts(table: Table, note: str = "") -> MessageParts:
    game = table.game
    seats = "\n".join(
        f"{i + 1}. {'🤖 ' + s.name if s.computer else f'<@{s.user_id}>'}"
        + (" (host)" if s.user_id == table.host_id else "")
        for i, s in enumerate(table.seats)
    )
    embed = discord.Embed(
        title=f"{game.name}: table #{table.id}",
        description=f"{game.summary}\n\nSeats ({len(table.seats)}/{game.max_players}, "
        f"{game.min_players} needed):\n{seats}",
        colour=discord.Colour.dark_green(),
    )
    if table.options:
        described = {o.name: o.description for o in game.options}
        embed.add_field(
            name="Options", value="\n".join(f"{described.get(k, k)}: **{v}**" for k, v in table.options.items())
        )
    embed.set_footer(text=note or "Join, add computers, and the host presses Start.")
    view = discord.ui.View(timeout=None)
    view.add_item(_button("join", table.id, "Join", discord.ButtonStyle.primary, 0))
    view.add_item(_button("leave", table.id, "Leave", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("add_computer", table.id, "Add computer", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("remove_computer", table.id, "Remove computer", discord.ButtonStyle.secondary, 0))
    view.add_item(_button("options", table.id, "Options", discord.ButtonStyle.secondary, 1))
    view.add_item(_button("start", table.id, "Start", discord.ButtonStyle.success, 1))
    view.add_item(_button("cancel", table.id, "Cancel", discord.ButtonStyle.danger, 1))
    return MessageParts(embed=embed, view=view, mentions=discord.AllowedMentions.none())


def closed_lobby_parts(table: Table, reason: str) -> MessageParts:
    embed = discord.Embed(title=f"{table.game.name}: table #{table.id}", description=reason)
    return MessageParts(embed=embed, view=discord.ui.View(timeout=None), mentions=discord.AllowedMentions.none())


# -- pictures -----------------------------------------------------------------
async def drawn_once(table: Table, kind: str, seat: int | None, draw: Callable[[], bytes]) -> bytes:
    """A picture of the table as it is now, drawn off the event loop once and then reused.

    The table message, a refreshed hand and Show my hand often want the same picture of the
    same moment: it is keyed by what it shows (kind, state version, seat, names), and
    concurrent askers share one drawing. Pictures of older versions are dropped.
    """
    key = (kind, table.version, seat, tuple(table.names))
    drawing = table.pictures.get(key)
    if drawing is None:
        drawing = table.pictures[key] = asyncio.ensure_future(asyncio.to_thread(draw))
    try:
        return await asyncio.shield(drawing)
    except Exception:
        table.pictures.pop(key, None)  # a failed drawing is not kept: the next ask tries again
        raise
    finally:
        for old in [k for k in table.pictures if k[1] < table.version]:
            del table.pictures[old]


# -- the table message --------------------------------------------------------
def _who(table: Table, seat: int) -> str:
    s = table.seats[seat]
    return s.name if s.computer else f"<@{s.user_id}>"


#: How many of the latest public events the table message repeats (a computer may move right after you).
RECENT_EVENTS = 3


def table_text(table: Table, note: str | None = None) -> str:
    """The words of the table message: what just happened and whose turn it is."""
    assert table.state is not None
    lines = [f"**{table.game.name}** · table #{table.id}"]
    view = table.state.view(None)
    if note:
        lines.append(note)
    lines += [name_seats(event, table.names) for event in view.events[-RECENT_EVENTS:]]
    outcome = view.outcome
    if outcome is not None:
        winners = " and ".join(table.seats[s].name for s in outcome.winners)
        lines.append(f"Game over ({outcome.reason}). {winners} {'win' if len(outcome.winners) > 1 else 'wins'}!")
    elif table.status != "playing":
        lines.append("This table is closed.")
    elif view.waiting_on:
        waiting = ", ".join(_who(table, s) for s in view.waiting_on)
        decided = ", ".join(table.seats[s].name for s in view.decided)
        lines.append(f"Waiting on: {waiting}" + (f" (already chosen: {decided})" if decided else ""))
    return "\n".join(lines)[:2000]


async def table_parts(table: Table, note: str | None = None) -> MessageParts:
    """The public table message: the picture everyone sees, and Show my hand (or Rematch)."""
    assert table.state is not None
    spectator = table.state.view(None)
    pictures = pictures_for(table.game.key)
    names = table.names
    picture = await drawn_once(table, "table", None, partial(pictures.table_picture, spectator, names=names))
    files = [discord.File(io.BytesIO(picture), filename="table.png")]
    view = discord.ui.View(timeout=None)
    if spectator.outcome is not None:
        draw = partial(results_picture, spectator.outcome, names=names, game_name=table.game.name)
        results = await drawn_once(table, "results", None, draw)
        files.insert(0, discord.File(io.BytesIO(results), filename="results.png"))
        view.add_item(_button("rematch", table.id, "Rematch", discord.ButtonStyle.success, 0))
    elif table.status == "playing":
        view.add_item(_button("hand", table.id, "Show my hand", discord.ButtonStyle.primary, 0))
    mentions = discord.AllowedMentions(users=[discord.Object(table.seats[s].user_id) for s in table.waiting_people()])
    return MessageParts(content=table_text(table, note), files=files, view=view, mentions=mentions)


# -- a private hand -----------------------------------------------------------
async def hand_parts(table: Table, seat: int, pages: dict[str, int] | None = None) -> MessageParts:
    """One player's private picture and the controls of their pending decisions."""
    assert table.state is not None
    version, view = table.version, table.state.view(seat)  # one moment: the picture and controls agree
    draw = partial(pictures_for(table.game.key).hand_picture, view, names=table.names)
    picture = await drawn_once(table, "hand", seat, draw)
    lines = [f"**{table.game.name}** · table #{table.id} · your hand"]
    if view.outcome is not None:
        lines.append("The game is over.")
    elif view.decisions:
        lines += [f"• {name_seats(d.prompt, table.names)}" for d in view.decisions]
    elif seat in view.decided:
        lines.append("You have chosen. Waiting for the others.")
    elif view.waiting_on:
        lines.append("Waiting for " + ", ".join(table.seats[s].name for s in view.waiting_on) + ".")
    controls = discord.ui.View(timeout=None)
    for item in decision_items(table.id, version, list(view.decisions), pages or {}):
        controls.add_item(item)
    return MessageParts(
        content="\n".join(lines)[:2000],
        files=[discord.File(io.BytesIO(picture), filename="hand.png")],
        view=controls,
        mentions=discord.AllowedMentions.none(),
        version=version,
    )


def decision_items(
    table_id: int, version: int, decisions: list[Decision], pages: dict[str, int]
) -> list[discord.ui.Item]:
    """Buttons for small single-pick decisions, select menus (paged by 25) for the rest.

    Stays within Discord's 5 rows; a decision that does not fit is left for the next
    message (it rarely happens: games hold at most a few decisions at once).
    """
    rows: list[list[discord.ui.Item]] = []
    for decision in decisions:
        needed = _rows_for(decision)
        if len(rows) + len(needed) > MAX_ROWS:
            break
        rows.extend(_build_row(table_id, version, decision, kind, pages) for kind in needed)
    items: list[discord.ui.Item] = []
    for index, row in enumerate(rows):
        for item in row:
            item.row = index
            items.append(item)
    return items


def _rows_for(decision: Decision) -> list[str]:
    """Which rows a decision needs: 'buttons', or 'select' (+ 'pages' when over 25 options)."""
    if decision.max_picks == 1 and decision.min_picks == 1 and len(decision.options) <= MAX_BUTTONS_PER_ROW:
        return ["buttons"]
    rows = ["select"]
    if len(decision.options) > MAX_SELECT_OPTIONS:
        rows.append("pages")
    if decision.min_picks == 0:
        rows.append("none")
    return rows


def _build_row(table_id: int, version: int, decision: Decision, kind: str, pages: dict[str, int]) -> list:
    title = decision.kind.replace("_", " ").capitalize()
    if kind == "buttons":
        return [
            ParlourButton(
                ids.move_button(table_id, version, f"{decision.kind}:{o.id}"),
                o.label if len(decision.options) > 1 or o.label.lower() != title.lower() else title,
                discord.ButtonStyle.primary,
            )
            for o in decision.options
        ]
    page_count = (len(decision.options) + MAX_SELECT_OPTIONS - 1) // MAX_SELECT_OPTIONS
    page = min(max(pages.get(decision.kind, 0), 0), page_count - 1)
    if kind == "pages":
        return [
            ParlourButton(
                ids.page_button(table_id, version, decision.kind, max(page - 1, 0)), "◀ Previous", disabled=page == 0
            ),
            ParlourButton(
                ids.page_button(table_id, version, decision.kind, min(page + 1, page_count - 1)),
                f"Next ▶ ({page + 1}/{page_count})",
                disabled=page == page_count - 1,
            ),
        ]
    if kind == "none":
        return [ParlourButton(ids.move_button(table_id, version, f"{decision.kind}:"), f"{title}: none")]
    shown = decision.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
    options = [
        discord.SelectOption(label=o.label[:MAX_OPTION_LABEL], value=o.id, description=o.group[:100] or None)
        for o in shown
    ]
    low = max(1, min(decision.min_picks, len(shown)))
    high = max(low, min(decision.max_picks, len(shown)))
    picks = "" if high == 1 else f" (pick {low})" if low == high else f" (pick {low} to {high})"
    return [
        ParlourSelect(
            ids.decision_select(table_id, version, decision.kind, page),
            options,
            placeholder=f"{decision.prompt}{picks}",
            min_values=low,
            max_values=high,
        )
    ]
