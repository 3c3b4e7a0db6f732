"""A player's private hand: their picture, and the controls of every decision they hold.

Small decisions are buttons and select menus that make the move in one click. When the
decisions do not all fit Discord's five rows, or a selection cannot be made with one select
menu (many picks over pages, picks in order), the hand becomes a choice screen: a select of
the seat's decisions, and the selection built across pages, kept with the table as a draft.

A pure builder: from the table, the seat and the picture delivery drew (its moment's view), to
message parts. Every control's custom_id is written by :mod:`cogs.custom_ids`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.i18n import ENGLISH, N_, _
from bot.tables import Draft, Table, TableError
from bot.tables.service import NOT_YOURS_NOW
from cogs.custom_ids import draft_id, move_id, page_id, select_id
from cogs.hand_expiry import header
from cogs.mentions import plain_all
from cogs.message_parts import (
    MAX_BUTTONS_PER_ROW,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
    Controls,
    MessageParts,
)
from cogs.picture_file import picture_file
from cogs.table_pictures import Picture
from cogs.words import said
from engine.core import Decision, Option

#: One component of a hand's controls.
Item = discord.ui.Item[Any]


# -- a private hand -----------------------------------------------------------
def hand_parts(
    table: Table, seat: int, picture: Picture, pages: dict[str, int] | None = None, language: str = ENGLISH
) -> MessageParts:
    """One player's private picture and the controls of their pending decisions (the game's
    prompts and choices in ``language``).

    Both show one moment: the one the picture was drawn at (the table as it was when a worker
    took the drawing), whose version the controls carry."""
    version, view = picture.version, picture.view
    draft = table.draft_of(seat, view.decisions)
    shown = table.names_in(language)
    lines, names = [header(table.game.name, table.id, language)], plain_all(shown)
    if view.outcome is not None:
        lines.append(_(language, "The game is over."))
    elif view.decisions:
        lines += [f"• {said(language, d.prompt, names)}" for d in view.decisions]
    elif seat in view.decided:
        lines.append(_(language, "You have chosen. Waiting for the others."))
    elif view.waiting_on:
        lines.append(_(language, "Waiting for {names}.", names=", ".join(names[s] for s in view.waiting_on)))
    decisions = [_named(d, shown, language) for d in view.decisions]
    screen = Screen(table.id, version, decisions, pages or {}, draft, language)
    lines += screen.summary(names)
    controls = Controls()
    for item in screen.items():
        controls.add_item(item)
    return MessageParts(
        content="\n".join(lines)[:2000],
        files=[picture_file(picture.png, "hand.png")],
        view=controls,
        mentions=discord.AllowedMentions.none(),
        version=version,
    )


def _named(decision: Decision, names: Sequence[str], language: str = ENGLISH) -> Decision:
    """The decision as a person reads it: in their language, with players' names, never "Seat 2".

    What reads the same (a card's name in English, say) is kept as it is, not copied."""
    options = tuple(_named_option(o, names, language) for o in decision.options)
    prompt = said(language, decision.prompt, names)
    if prompt == decision.prompt and all(new is old for new, old in zip(options, decision.options, strict=True)):
        return decision
    return replace(decision, prompt=prompt, options=options)


def _named_option(option: Option, names: Sequence[str], language: str) -> Option:
    label, group = said(language, option.label, names), said(language, option.group, names)
    return option if label == option.label and group == option.group else replace(option, label=label, group=group)


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
    #: The reader's language (the decisions come said in it already).
    language: str = ENGLISH

    def items(self) -> list[Item]:
        rows: list[list[Item]] = []
        small = sum(len(_rows_for(d)) for d in self.decisions) <= MAX_ROWS
        if small and self.draft is None and not any(needs_screen(d) for d in self.decisions):
            several = len(self.decisions) > 1  # each row of buttons then says which decision it answers
            for decision in self.decisions:
                rows.extend(
                    _build_row(self.table_id, self.version, decision, kind, self.pages, several, self.language)
                    for kind in _rows_for(decision)
                )
        elif self.decisions:
            active = self.active
            if len(self.decisions) > 1:
                rows.append([self._decision_menu(active)])
            if needs_screen(active) or (self.draft is not None and active.max_picks > 1):
                rows.extend(self._selection_rows(active))
            else:
                rows.extend(
                    _build_row(self.table_id, self.version, active, kind, self.pages, language=self.language)
                    for kind in _rows_for(active)
                )
        items: list[Item] = []
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
        picked = _(
            self.language,
            "**Picked so far** ({count} of {wanted}): {picks}",
            count=len(labels),
            wanted=wanted,
            picks=shown or _(self.language, "nothing yet"),
        )
        return [picked[:1000]]

    def _decision_menu(self, active: Decision) -> Item:
        options = [
            discord.SelectOption(
                label=d.prompt[:MAX_OPTION_LABEL] or d.kind, value=d.kind, default=d.kind == active.kind
            )
            for d in self.decisions[:MAX_SELECT_OPTIONS]
        ]
        return discord.ui.Select(
            custom_id=draft_id(self.table_id, self.version, "d", active.kind),
            options=options,
            placeholder=_(self.language, "Choose what to do")[:150],
        )

    def _selection_rows(self, decision: Decision) -> list[list[Item]]:
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
            low, high, hint = 1, 1, _(self.language, "Pick the next one (pick a ticked one to unpick it)")
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
            hint = _(self.language, "Pick or unpick on this page ({page}/{pages})", page=page + 1, pages=page_count)
            low, high = 0, len(shown)
        select: discord.ui.Select[Controls] = discord.ui.Select(
            custom_id=draft_id(self.table_id, self.version, "s", decision.kind, page),
            options=options,
            placeholder=hint[:150],
            min_values=low,
            max_values=high,
        )
        rows: list[list[Item]] = [[select]]
        if page_count > 1:
            rows.append(_pager(self.table_id, self.version, decision.kind, page, page_count, self.language))
        ready = decision.min_picks <= len(picks) <= decision.max_picks
        confirm: discord.ui.Button[Controls] = discord.ui.Button(
            label=_(self.language, "Confirm ({count} picked)", count=len(picks))[:80],
            style=discord.ButtonStyle.success,
            disabled=not ready,
            custom_id=draft_id(self.table_id, self.version, "c", decision.kind, page),
        )
        clear: discord.ui.Button[Controls] = discord.ui.Button(
            label=_(self.language, "Clear")[:80],
            style=discord.ButtonStyle.secondary,
            disabled=not picks,
            custom_id=draft_id(self.table_id, self.version, "x", decision.kind, page),
        )
        rows.append([confirm, clear])
        return rows


def toggle_page(table: Table, seat: int, kind: str, page: int, picks: list[str], values: list[str]) -> list[str]:
    """The picks after a choice on one page of the selection screen.

    Ordered decisions pick one at a time: a new pick goes last, a picked one is unpicked.
    Otherwise the page's select says exactly what is picked on that page: picks of other
    pages stay, in their order; new ones go last.
    """
    decision = next((d for d in table.view(seat).decisions if d.kind == kind), None)
    if decision is None:
        raise TableError(NOT_YOURS_NOW)
    if decision.ordered:
        chosen = values[0] if values else None
        if chosen is None:
            return picks
        return [p for p in picks if p != chosen] if chosen in picks else [*picks, chosen]
    on_page = {o.id for o in decision.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]}
    kept = [p for p in picks if p not in on_page or p in values]
    return kept + [v for v in values if v not in picks and v in on_page]


def _pager(table_id: int, version: int, kind: str, page: int, page_count: int, language: str = ENGLISH) -> list[Item]:
    """Previous and Next: turn the page of a decision's choices (nothing is saved)."""
    return [
        _page_button(table_id, version, kind, max(page - 1, 0), _(language, "◀ Previous"), disabled=page == 0),
        _page_button(
            table_id,
            version,
            kind,
            min(page + 1, page_count - 1),
            _(language, "Next ▶ ({page}/{pages})", page=page + 1, pages=page_count),
            disabled=page == page_count - 1,
        ),
    ]


def _page_button(table_id: int, version: int, kind: str, page: int, label: str, disabled: bool) -> Item:
    return discord.ui.Button(
        label=label[:80] or "-", disabled=disabled, custom_id=page_id(table_id, version, kind, page)
    )


def _move_button(table_id: int, version: int, move: str, label: str) -> Item:
    """One move, whole: a single pick, or "none" for a decision that allows no picks."""
    return discord.ui.Button(
        label=label[:80] or "-", style=discord.ButtonStyle.primary, custom_id=move_id(table_id, version, move)
    )


def _rows_for(decision: Decision) -> list[str]:
    """Which rows a decision needs: 'buttons', or 'select' (+ 'pages' when over 25 options, after
    'loose' buttons for its ungrouped options, which no page then hides)."""
    if decision.max_picks == 1 and decision.min_picks == 1 and len(decision.options) <= MAX_BUTTONS_PER_ROW:
        return ["buttons"]
    rows = ["loose"] if _loose(decision) else []
    rows.append("select")
    if len(_paged(decision)) > MAX_SELECT_OPTIONS:
        rows.append("pages")
    if decision.min_picks == 0:
        rows.append("none")
    return rows


def _loose(decision: Decision) -> list[Option]:
    """A paged one-pick menu's options outside every group ("Draw from the stock" among the discard
    pile's cards): shown as buttons of their own, on every page, not on page 1 of the menu only."""
    if decision.max_picks != 1 or len(decision.options) <= MAX_SELECT_OPTIONS:
        return []
    loose = [o for o in decision.options if not o.group]
    return loose if 0 < len(loose) <= MAX_BUTTONS_PER_ROW and len(loose) < len(decision.options) else []


def _paged(decision: Decision) -> Sequence[Option]:
    """The options a decision's select menu pages through (all but its loose ones)."""
    loose = {o.id for o in _loose(decision)}
    return [o for o in decision.options if o.id not in loose] if loose else decision.options


#: What a decision's kind does, as its buttons name it ("Discard 4♦"); a kind not listed is named
#: from its id ("lay_off": "Lay off").
ACTIONS = {
    "arrange_suits": N_("Arrange suits"),
    "ask": N_("Ask"),
    "big_gin": N_("Big gin"),
    "capture_joker": N_("Capture joker"),
    "clash": N_("Clash"),
    "declare": N_("Declare"),
    "discard": N_("Discard"),
    "draw": N_("Draw"),
    "exchange": N_("Exchange"),
    "follow": N_("Follow"),
    "gin": N_("Gin"),
    "give": N_("Give"),
    "hit": N_("Hit"),
    "knock": N_("Knock"),
    "lead": N_("Lead"),
    "meld": N_("Meld"),
    "name_joker": N_("Name joker"),
    "pass": N_("Pass"),
    "place": N_("Place"),
    "play": N_("Play"),
    "reveal": N_("Reveal"),
    "set_active": N_("Set active"),
    "setup_mode": N_("Setup mode"),
    "sign": N_("Sign"),
    "swap": N_("Swap"),
    "take": N_("Take"),
    "trim": N_("Trim"),
    "undercut": N_("Undercut"),
    "undo": N_("Undo"),
    "upcard": N_("Upcard"),
}


def action_title(kind: str, language: str = ENGLISH) -> str:
    """What a decision of ``kind`` does, in ``language`` ("Discard", "Lay off")."""
    title = kind.replace("_", " ").capitalize()
    return _(language, ACTIONS[kind]) if kind in ACTIONS else title


def _action_label(title: str, label: str, language: str = ENGLISH) -> str:
    """A button that says what it does: "Discard 4♦" (unless its label already starts with the action)."""
    if label.lower().startswith(title.split()[0].lower()):
        return label
    if " " not in title:
        return _(language, "{action} {option}", action=title, option=label)
    return _(language, "{action}: {option}", action=title, option=label)


def _build_row(
    table_id: int,
    version: int,
    decision: Decision,
    kind: str,
    pages: dict[str, int],
    several: bool = False,
    language: str = ENGLISH,
) -> list[Item]:
    """One row of a decision's controls. ``several``: other decisions are on screen too, so each
    button names its action ("Discard 4♦", not a bare "4♦" under the Meld and Hit menus)."""
    title = action_title(decision.kind, language)
    if kind in ("buttons", "loose"):
        buttons = decision.options if kind == "buttons" else _loose(decision)
        return [
            _move_button(
                table_id,
                version,
                f"{decision.kind}:{o.id}",
                _action_label(title, o.label, language)
                if several
                else o.label
                if len(decision.options) > 1 or o.label.lower() != title.lower()
                else title,
            )
            for o in buttons
        ]
    paged = _paged(decision)
    page_count = (len(paged) + MAX_SELECT_OPTIONS - 1) // MAX_SELECT_OPTIONS
    page = min(max(pages.get(decision.kind, 0), 0), page_count - 1)
    if kind == "pages":
        return _pager(table_id, version, decision.kind, page, page_count, language)
    if kind == "none":
        return [_move_button(table_id, version, f"{decision.kind}:", _(language, "{action}: none", action=title))]
    shown = paged[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
    options = [
        discord.SelectOption(label=o.label[:MAX_OPTION_LABEL], value=o.id, description=o.group[:100] or None)
        for o in shown
    ]
    low = max(1, min(decision.min_picks, len(shown)))
    high = max(low, min(decision.max_picks, len(shown)))
    picks = (
        ""
        if high == 1
        else _(language, " (pick {count})", count=low)
        if low == high
        else _(language, " (pick {low} to {high})", low=low, high=high)
    )
    return [
        discord.ui.Select(
            custom_id=select_id(table_id, version, decision.kind, page),
            options=options,
            placeholder=f"{decision.prompt}{picks}"[:150],
            min_values=low,
            max_values=high,
        )
    ]
