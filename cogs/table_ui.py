"""What a table looks like in Discord: the lobby, the table message, a private hand.

Pure builders from a :class:`~bot.tables.Table` to message parts (content, embed,
files, components). Every component is a persistent dynamic item whose custom_id
(cogs.ids) carries the table and the state version, so it keeps working after a
restart. Pictures are rendered off the event loop by the callers (``render_*``).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import discord

from bot.tables import Draft, Table, TableError
from cogs import clicks
from cogs.words import game_over
from engine.core import Decision, GameOption, name_seats
from render import pictures_for as _pictures_for
from render.results import results_picture

#: Discord's limits on components.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100
#: The custom_id of a table's options form is OPTIONS_FORM + table id; its fields, OPTION_FIELD + option name.
OPTIONS_FORM = "po:"
OPTION_FIELD = "option:"


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
def _button(action: str, table_id: int, label: str, style: discord.ButtonStyle, row: int) -> clicks.TableAction:
    item = clicks.TableAction(action, table_id, label, style)
    item.row = row
    return item


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
    lines = [f"**{table.game.name}** · table #{table.id}"]
    view = table.view(None)
    if note:
        lines.append(note)
    lines += [name_seats(event, table.names) for event in view.events[-RECENT_EVENTS:]]
    outcome = view.outcome
    if outcome is not None:
        lines.append(game_over(outcome, table.names))
    elif table.status != "playing":
        lines.append("This table is closed.")
    elif view.waiting_on:
        waiting = ", ".join(_who(table, s) for s in view.waiting_on)
        decided = ", ".join(table.seats[s].name for s in view.decided)
        lines.append(f"Waiting on: {waiting}" + (f" (already chosen: {decided})" if decided else ""))
    return "\n".join(lines)[:2000]


async def table_parts(table: Table, note: str | None = None) -> MessageParts:
    """The public table message: the picture everyone sees, and Show my hand (or Rematch)."""
    spectator = table.view(None)
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
    version, view = table.version, table.view(seat)  # one moment: the picture and controls agree
    draft = _draft(table, seat, view.decisions)
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
    screen = Screen(table.id, version, list(view.decisions), pages or {}, draft)
    lines += screen.summary(table.names)
    controls = discord.ui.View(timeout=None)
    for item in screen.items():
        controls.add_item(item)
    return MessageParts(
        content="\n".join(lines)[:2000],
        files=[discord.File(io.BytesIO(picture), filename="hand.png")],
        view=controls,
        mentions=discord.AllowedMentions.none(),
        version=version,
    )


def _draft(table: Table, seat: int, decisions: Sequence[Decision]) -> Draft | None:
    draft = table.drafts.get(seat)
    if draft is None or draft.version < table.fresh_from.get(seat, 0) or draft.kind not in {d.kind for d in decisions}:
        return None
    return draft


def needs_screen(decision: Decision) -> bool:
    """A selection one select menu cannot make: picks kept in order, or many picks over several pages."""
    return decision.ordered or (decision.max_picks > 1 and len(decision.options) > MAX_SELECT_OPTIONS)


@dataclass
class Screen:
    """The controls of one hand: every decision at once when they fit Discord's five rows;
    otherwise a select of the decisions and the chosen one alone, a selection being built
    across pages (pick, unpick, see the picks, confirm) when one select cannot make it.
    No decision is ever left out."""

    table_id: int
    version: int
    decisions: list[Decision]
    pages: dict[str, int]
    draft: Draft | None

    def items(self) -> list[discord.ui.Item]:
        rows: list[list[discord.ui.Item]] = []
        small = sum(len(_rows_for(d)) for d in self.decisions) <= MAX_ROWS
        if small and self.draft is None and not any(needs_screen(d) for d in self.decisions):
            for decision in self.decisions:
                rows.extend(
                    _build_row(self.table_id, self.version, decision, kind, self.pages) for kind in _rows_for(decision)
                )
        elif self.decisions:
            active = self.active
            if len(self.decisions) > 1:
                rows.append([self._decision_menu(active)])
            if needs_screen(active) or (self.draft is not None and active.max_picks > 1):
                rows.extend(self._selection_rows(active))
            else:
                rows.extend(
                    _build_row(self.table_id, self.version, active, kind, self.pages) for kind in _rows_for(active)
                )
        items: list[discord.ui.Item] = []
        for index, row in enumerate(rows[:MAX_ROWS]):
            for item in row:
                item.row = index
                items.append(item)
        return items

    @property
    def active(self) -> Decision:
        kind = self.draft.kind if self.draft is not None else None
        return next((d for d in self.decisions if d.kind == kind), self.decisions[0])

    @property
    def picks(self) -> tuple[str, ...]:
        return self.draft.picks if self.draft is not None and self.draft.kind == self.active.kind else ()

    def summary(self, names: Sequence[str]) -> list[str]:
        """The selection so far, in words (only when one is being built)."""
        if not self.decisions or not (needs_screen(self.active) or self.picks):
            return []
        decision = self.active
        labels = [o.label for p in self.picks if (o := decision.option(p)) is not None]
        wanted = (
            f"{decision.min_picks}"
            if decision.min_picks == decision.max_picks
            else f"{decision.min_picks}–{decision.max_picks}"
        )
        shown = ", ".join(f"{i + 1}. {label}" if decision.ordered else label for i, label in enumerate(labels))
        return [f"**Picked so far** ({len(labels)} of {wanted}): {shown or 'nothing yet'}"[:1000]]

    def _decision_menu(self, active: Decision) -> discord.ui.Item:
        options = [
            discord.SelectOption(
                label=d.prompt[:MAX_OPTION_LABEL] or d.kind, value=d.kind, default=d.kind == active.kind
            )
            for d in self.decisions[:MAX_SELECT_OPTIONS]
        ]
        select = discord.ui.Select(
            custom_id=clicks.DraftClick.make_id(self.table_id, self.version, "d", active.kind),
            options=options,
            placeholder="Choose what to do",
        )
        return clicks.DraftClick(self.table_id, self.version, "d", active.kind, 0, select)

    def _selection_rows(self, decision: Decision) -> list[list[discord.ui.Item]]:
        page_count = max(1, -(-len(decision.options) // MAX_SELECT_OPTIONS))
        page = min(max(self.pages.get(decision.kind, 0), 0), page_count - 1)
        shown = decision.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
        picks = self.picks
        if decision.ordered:  # one pick at a time, so the order is the player's
            options = [
                discord.SelectOption(
                    label=(f"{picks.index(o.id) + 1}. ✓ " if o.id in picks else "") + o.label[:90],
                    value=o.id,
                    description=o.group[:100] or None,
                )
                for o in shown
            ]
            low, high, hint = 1, 1, "Pick the next one (pick a ticked one to unpick it)"
        else:
            options = [
                discord.SelectOption(
                    label=o.label[:MAX_OPTION_LABEL],
                    value=o.id,
                    description=o.group[:100] or None,
                    default=o.id in picks,
                )
                for o in shown
            ]
            low, high, hint = 0, len(shown), f"Pick or unpick on this page ({page + 1}/{page_count})"
        select = discord.ui.Select(
            custom_id=clicks.DraftClick.make_id(self.table_id, self.version, "s", decision.kind, page),
            options=options,
            placeholder=hint[:150],
            min_values=low,
            max_values=high,
        )
        rows: list[list[discord.ui.Item]] = [
            [clicks.DraftClick(self.table_id, self.version, "s", decision.kind, page, select)]
        ]
        if page_count > 1:
            rows.append(_pager(self.table_id, self.version, decision.kind, page, page_count))
        ready = decision.min_picks <= len(picks) <= decision.max_picks
        confirm = discord.ui.Button(
            label=f"Confirm ({len(picks)} picked)",
            style=discord.ButtonStyle.success,
            disabled=not ready,
            custom_id=clicks.DraftClick.make_id(self.table_id, self.version, "c", decision.kind, page),
        )
        clear = discord.ui.Button(
            label="Clear",
            style=discord.ButtonStyle.secondary,
            disabled=not picks,
            custom_id=clicks.DraftClick.make_id(self.table_id, self.version, "x", decision.kind, page),
        )
        rows.append(
            [
                clicks.DraftClick(self.table_id, self.version, "c", decision.kind, page, confirm),
                clicks.DraftClick(self.table_id, self.version, "x", decision.kind, page, clear),
            ]
        )
        return rows


def toggle_page(table: Table, seat: int, kind: str, page: int, picks: list[str], values: list[str]) -> list[str]:
    """The picks after a choice on one page of the selection screen.

    Ordered decisions pick one at a time: a new pick goes last, a picked one is unpicked.
    Otherwise the page's select says exactly what is picked on that page: picks of other
    pages stay, in their order; new ones go last.
    """
    decision = next((d for d in table.view(seat).decisions if d.kind == kind), None)
    if decision is None:
        raise TableError("That choice is not yours to make now; press Show my hand again.")
    if decision.ordered:
        chosen = values[0] if values else None
        if chosen is None:
            return picks
        return [p for p in picks if p != chosen] if chosen in picks else [*picks, chosen]
    on_page = {o.id for o in decision.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]}
    kept = [p for p in picks if p not in on_page or p in values]
    return kept + [v for v in values if v not in picks and v in on_page]


def _pager(table_id: int, version: int, kind: str, page: int, page_count: int) -> list[discord.ui.Item]:
    return [
        clicks.PageButton(table_id, version, kind, max(page - 1, 0), "◀ Previous", disabled=page == 0),
        clicks.PageButton(
            table_id,
            version,
            kind,
            min(page + 1, page_count - 1),
            f"Next ▶ ({page + 1}/{page_count})",
            disabled=page == page_count - 1,
        ),
    ]


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
            clicks.MoveButton(
                table_id,
                version,
                f"{decision.kind}:{o.id}",
                o.label if len(decision.options) > 1 or o.label.lower() != title.lower() else title,
            )
            for o in decision.options
        ]
    page_count = (len(decision.options) + MAX_SELECT_OPTIONS - 1) // MAX_SELECT_OPTIONS
    page = min(max(pages.get(decision.kind, 0), 0), page_count - 1)
    if kind == "pages":
        return _pager(table_id, version, decision.kind, page, page_count)
    if kind == "none":
        return [clicks.MoveButton(table_id, version, f"{decision.kind}:", f"{title}: none")]
    shown = decision.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
    options = [
        discord.SelectOption(label=o.label[:MAX_OPTION_LABEL], value=o.id, description=o.group[:100] or None)
        for o in shown
    ]
    low = max(1, min(decision.min_picks, len(shown)))
    high = max(low, min(decision.max_picks, len(shown)))
    picks = "" if high == 1 else f" (pick {low})" if low == high else f" (pick {low} to {high})"
    return [
        clicks.DecisionSelect(
            table_id,
            version,
            decision.kind,
            page,
            options=options,
            placeholder=f"{decision.prompt}{picks}"[:150],
            min_values=low,
            max_values=high,
        )
    ]


def options_form(table: Table) -> discord.ui.Modal:
    """The host's options form: a select menu per option with a few values, a text field for
    a wide number range. Its custom_id carries the table.

    The form is answered statelessly (cogs.tables), so a form opened before a restart of the
    bot still works when it is submitted.
    """
    form = discord.ui.Modal(title=f"{table.game.name} options"[:45], custom_id=f"{OPTIONS_FORM}{table.id}")
    for option in table.game.options[:5]:
        current = table.options[option.name]
        custom_id = f"{OPTION_FIELD}{option.name}"[:100]
        values = _option_values(option)
        if values is not None:
            select: discord.ui.Select = discord.ui.Select(
                custom_id=custom_id,
                options=[discord.SelectOption(label=str(v), value=str(v), default=v == current) for v in values],
            )
            form.add_item(discord.ui.Label(text=option.description[:45], component=select))
        else:
            form.add_item(
                discord.ui.Label(
                    text=option.description[:45],
                    description=f"A whole number from {option.minimum} to {option.maximum}."[:100],
                    component=discord.ui.TextInput(default=str(current), max_length=40, custom_id=custom_id),
                )
            )
    return form


def _option_values(option: GameOption) -> list[Any] | None:
    """The values a select menu offers for an option, or None when a text field fits better."""
    if option.choices:
        return list(option.choices)[:MAX_SELECT_OPTIONS]
    if (
        option.minimum is not None
        and option.maximum is not None
        and option.maximum - option.minimum < MAX_SELECT_OPTIONS
    ):
        return list(range(option.minimum, option.maximum + 1))
    return None
