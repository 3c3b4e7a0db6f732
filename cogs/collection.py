"""``/collection`` and ``/deck``: a person's Gin-jon-tan cards, their active deck, the prizes they won and lost.

Thin, as every cog: bot.collections keeps the rules (first collection, top-ups, the active
deck, picks), bot.store the rows, render.collection draws. Every control is a dynamic item
whose custom_id carries all a click needs, and a deck being built is kept in the database,
so both survive a restart:

* ``col:<user>:<sort>:<page>:<slot>``: a page of someone's collection (posted publicly by /collection;
  its pages and sorts open privately for whoever clicks, so nobody turns the page under the others);
* ``colh:<user>:<page>:<slot>``: a page of the prizes they won and lost (a private message);
* ``dk:<user>:<mode>:<sort>:<page>:<action>``: the private deck screen. Modes: ``v`` view the
  active deck, ``c`` pick cards of the collection, ``p`` see (and unpick) the picks.

Who reads what: the page /collection posts is public, in the server's language; every private
screen (a page opened from it, the prizes, /deck) and every refusal is in the clicker's language.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import collections as gjt
from bot.i18n import ENGLISH, N_, _, drawn_in, n_, number, words
from bot.i18n.choose import public_language, reader_language
from bot.i18n.told import told
from bot.models import OwnedItem
from cogs.answers import tell
from cogs.let_go import lets_go
from cogs.mentions import plain
from cogs.picture_file import picture_file
from engine.gin_jon_tan.cards import Card
from engine.gin_jon_tan.rules import DECK_SIZE
from engine.words import Text
from render.collection import PER_PAGE, CollectionView, ShownCard, collection_picture
from render.gin_jon_tan.cards import colour_word, symbol_word

if TYPE_CHECKING:
    from bot.client import ParlourBot
    from bot.store import Store

SORT_CODES = {"v": "value", "s": "symbol", "c": "colour"}
SORT_LABELS = {"v": N_("By value"), "s": N_("By symbol"), "c": N_("By colour")}
HISTORY_PAGE = 10
COLLECTION_TEMPLATE = re.compile(r"col:(?P<user>\d{1,20}):(?P<sort>[vsc]):(?P<page>\d{1,4}):(?P<slot>[a-z])")
HISTORY_TEMPLATE = re.compile(r"colh:(?P<user>\d{1,20}):(?P<page>\d{1,5}):(?P<slot>[a-z])")
#: The largest id a Discord user (and a database row) can have: a forged larger one names nobody.
MAX_USER_ID = 2**63 - 1
DECK_TEMPLATE = re.compile(
    r"dk:(?P<user>\d{1,20}):(?P<mode>[vcp]):(?P<sort>[vsc]):(?P<page>\d{1,4}):(?P<action>[a-z]{1,4})"
)
BROKEN = N_("That button is broken; use /collection or /deck again.")


def pages_of(count: int) -> int:
    return max(1, -(-count // PER_PAGE))


def page_of(items: Sequence[OwnedItem], page: int) -> tuple[list[OwnedItem], int]:
    """The items of one page (the page number kept within range) and that page."""
    page = max(0, min(page, pages_of(len(items)) - 1))
    return list(items[page * PER_PAGE : (page + 1) * PER_PAGE]), page


async def owner_name(interaction: discord.Interaction, user_id: int, language: str = ENGLISH) -> str:
    if interaction.user.id == user_id:
        return interaction.user.display_name
    if interaction.guild is not None:
        member = interaction.guild.get_member(user_id)
        if member is None:
            try:
                member = await interaction.guild.fetch_member(user_id)
            except discord.HTTPException:
                member = None
        if member is not None:
            return member.display_name
    return _(language, "A player")


def whose(language: str, name: str, after_s: str, otherwise: str, /, **values: Any) -> str:
    """A text about something of ``name``'s, in ``language``: English writes ``Jess' deck`` after an s
    and ``Ann's deck`` otherwise, so each is its own catalog text (``{name}' …``, ``{name}'s …``)."""
    return _(language, after_s if name.endswith("s") else otherwise, name=name, **values)


def card_label(language: str, card: Card) -> str:
    """A card's name as its face says it: ``Violet Space ship 33`` in the reader's words."""
    said = words(language)
    return _(
        language,
        "{colour} {symbol} {number}",
        colour=colour_word(card.colour, said),
        symbol=symbol_word(card.symbol, said),
        number=card.number,
    )


async def draw(view: CollectionView, language: str) -> discord.File:
    picture = await asyncio.to_thread(drawn_in, language, collection_picture, view)
    return picture_file(picture, "collection.png")


async def answer(interaction: discord.Interaction, *, edit: bool, ephemeral: bool, **message: Any) -> None:
    """Send the screen, or edit the message whose control was used."""
    mentions = discord.AllowedMentions.none()
    file = message.pop("file", None)
    if edit:
        files = [file] if isinstance(file, discord.File) else []
        await interaction.response.edit_message(attachments=files, allowed_mentions=mentions, **message)
    elif isinstance(file, discord.File):
        await interaction.response.send_message(file=file, ephemeral=ephemeral, allowed_mentions=mentions, **message)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, allowed_mentions=mentions, **message)
    if isinstance(view := message.get("view"), discord.ui.View):
        view.stop()  # its clicks come through the dynamic items: no view kept listening for 15 minutes


def bot_of(interaction: discord.Interaction) -> ParlourBot:
    return interaction.client  # type: ignore[return-value]


# -- /collection ---------------------------------------------------------------------------------
class CollectionButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=COLLECTION_TEMPLATE):
    """A page or a sort of someone's collection."""

    def __init__(self, user_id: int, sort: str, page: int, item: discord.ui.Item[Any]) -> None:
        self.user_id, self.sort, self.page = user_id, sort, page
        super().__init__(item)

    @classmethod
    def button(cls, user_id: int, sort: str, page: int, slot: str, label: str, disabled: bool) -> CollectionButton:
        custom_id = collection_id(user_id, sort, page, slot)
        return cls(user_id, sort, page, discord.ui.Button(label=label, custom_id=custom_id, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CollectionButton:
        return cls(int(match["user"]), match["sort"], int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.user_id > MAX_USER_ID:
            await tell(interaction, _(reader_language(interaction), BROKEN))
            return
        # On the public message: a private copy for the clicker; on their private copy: it moves on.
        private = interaction.message is not None and interaction.message.flags.ephemeral
        await show_collection(interaction, self.user_id, self.sort, self.page, edit=private, ephemeral=True)


class HistoryButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=HISTORY_TEMPLATE):
    """A page of the prizes someone won and lost (opened privately from the collection)."""

    def __init__(self, user_id: int, page: int, item: discord.ui.Item[Any]) -> None:
        self.user_id, self.page = user_id, page
        super().__init__(item)

    @classmethod
    def button(cls, user_id: int, page: int, slot: str, label: str, disabled: bool = False) -> HistoryButton:
        custom_id = f"colh:{user_id}:{page}:{slot}"
        return cls(user_id, page, discord.ui.Button(label=label, custom_id=custom_id, disabled=disabled))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryButton:
        return cls(int(match["user"]), int(match["page"]), item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.user_id > MAX_USER_ID:
            await tell(interaction, _(reader_language(interaction), BROKEN))
            return
        message = interaction.message
        edit = message is not None and message.flags.ephemeral
        await show_history(interaction, self.user_id, self.page, edit=edit)


def collection_id(user_id: int, sort: str, page: int, slot: str) -> str:
    return f"col:{user_id}:{sort}:{page}:{slot}"


async def show_collection(
    interaction: discord.Interaction, user_id: int, sort: str, page: int, *, edit: bool, ephemeral: bool = False
) -> None:
    """A page of a collection as a picture, with pages, sorts and the history of prizes (public: in the
    server's language; a private page: in the clicker's)."""
    assert interaction.guild is not None
    store = bot_of(interaction).store
    guild_id = interaction.guild.id
    reader = reader_language(interaction)
    if user_id != interaction.user.id and await store.item_owner(guild_id, user_id, gjt.GAME_KEY) is None:
        name = await owner_name(interaction, user_id, reader)
        await tell(interaction, _(reader, "{name} has no Gin-jon-tan collection here yet.", name=plain(name)))
        return
    language = reader if ephemeral else await public_language(bot_of(interaction).store_adapter, interaction)
    found = await gjt.holding(store, guild_id, user_id)
    items, deck = found.items, found.deck
    in_deck = {row.item for row in deck}
    shown, page = page_of(gjt.sort_items(items, SORT_CODES[sort]), page)
    name = await owner_name(interaction, user_id, language)
    view = CollectionView(
        title=whose(language, name, N_("{name}' collection"), N_("{name}'s collection")),
        cards=tuple(ShownCard(gjt.card_of(row), row.item in in_deck) for row in shown),
        total=len(items),
        page=page,
        pages=pages_of(len(items)),
        sort=SORT_CODES[sort],
        mark_word=_(language, "in the active deck"),
        marked=len(deck),
    )
    controls = discord.ui.View(timeout=None)
    last = view.pages - 1
    back, ahead = _(language, "◀ Previous"), _(language, "Next ▶")
    controls.add_item(CollectionButton.button(user_id, sort, max(0, page - 1), "p", back, page <= 0))
    controls.add_item(CollectionButton.button(user_id, sort, min(last, page + 1), "n", ahead, page >= last))
    for code, label in SORT_LABELS.items():
        controls.add_item(CollectionButton.button(user_id, code, 0, "s", _(language, label), code == sort))
    controls.add_item(HistoryButton.button(user_id, 0, "h", _(language, "Prizes won and lost")))
    owner = plain(name)
    if owner.endswith("s"):
        content = n_(
            language,
            "**{name}' Gin-jon-tan collection**: {count} card, {deck} in the active deck.",
            "**{name}' Gin-jon-tan collection**: {count} cards, {deck} in the active deck.",
            len(items),
            name=owner,
            deck=number(language, len(deck)),
        )
    else:
        content = n_(
            language,
            "**{name}'s Gin-jon-tan collection**: {count} card, {deck} in the active deck.",
            "**{name}'s Gin-jon-tan collection**: {count} cards, {deck} in the active deck.",
            len(items),
            name=owner,
            deck=number(language, len(deck)),
        )
    if found.topped_up:
        content += f"\n{told(language, gjt.top_up_note(found.topped_up))}"
    file = await draw(view, language)
    await answer(interaction, edit=edit, ephemeral=ephemeral, content=content, file=file, view=controls)


async def show_history(interaction: discord.Interaction, user_id: int, page: int, *, edit: bool) -> None:
    """The prizes a person won and lost, newest first, a page of lines (private: the clicker's language)."""
    assert interaction.guild is not None
    store = bot_of(interaction).store
    language = reader_language(interaction)
    page = max(0, page)
    lines, total = await store.item_history(
        interaction.guild.id, user_id, gjt.GAME_KEY, limit=HISTORY_PAGE, offset=page * HISTORY_PAGE
    )
    name = await owner_name(interaction, user_id, language)
    said = [
        _(language, "**Prizes {name} won and lost** ({total} in all)", name=plain(name), total=number(language, total))
    ]
    if not lines:
        said.append(_(language, "None yet: play Gin-jon-tan with personal decks and prizes on."))
    for line in lines:
        card = Card.parse(line.kind) if line.kind else None
        if card is not None:
            what = _(
                language, "**{card}** ({value})", card=card_label(language, card), value=number(language, card.value)
            )
        else:
            what = _(language, "item {item}", item=line.item)
        when = f"<t:{int(line.at.timestamp())}:d>"
        if line.to_user_id == user_id:
            if line.from_user_id is not None:
                giver = f"<@{line.from_user_id}>"
            else:
                giver = _(language, "a computer (the house gives it)")
            said.append(
                _(
                    language,
                    "Won {what} from {giver} · table #{table} · {when}",
                    what=what,
                    giver=giver,
                    table=line.table_id,
                    when=when,
                )
            )
        else:
            if line.to_user_id is not None:
                taker = f"<@{line.to_user_id}>"
            else:
                taker = _(language, "a computer (it goes to the house)")
            said.append(
                _(
                    language,
                    "Lost {what} to {taker} · table #{table} · {when}",
                    what=what,
                    taker=taker,
                    table=line.table_id,
                    when=when,
                )
            )
    pages = max(1, -(-total // HISTORY_PAGE))
    controls = discord.ui.View(timeout=None)
    newer, older = _(language, "◀ Newer"), _(language, "Older ▶")
    controls.add_item(HistoryButton.button(user_id, max(0, page - 1), "p", newer, page <= 0))
    controls.add_item(HistoryButton.button(user_id, min(pages - 1, page + 1), "n", older, page >= pages - 1))
    await answer(interaction, edit=edit, ephemeral=True, content="\n".join(said)[:2000], view=controls)


# -- /deck ---------------------------------------------------------------------------------------
class DeckClick(discord.ui.DynamicItem[discord.ui.Item[Any]], template=DECK_TEMPLATE):
    """A control of the deck screen: a page, a sort, a mode, pick on a page, clear, confirm, cancel."""

    def __init__(self, user_id: int, mode: str, sort: str, page: int, action: str, item: discord.ui.Item[Any]) -> None:
        self.user_id, self.mode, self.sort, self.page, self.action = user_id, mode, sort, page, action
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DeckClick:
        return cls(int(match["user"]), match["mode"], match["sort"], int(match["page"]), match["action"], item)

    @lets_go
    async def callback(self, interaction: discord.Interaction) -> None:
        reader = reader_language(interaction)
        if interaction.guild is None:
            await tell(interaction, _(reader, BROKEN))
            return
        user_id = self.user_id
        if user_id != interaction.user.id:
            await tell(interaction, _(reader, "This deck screen is someone else's: use /deck for yours."))
            return
        store = bot_of(interaction).store
        guild_id = interaction.guild.id
        mode, sort, page, action = self.mode, self.sort, self.page, self.action
        owner = await store.item_owner(guild_id, user_id, gjt.GAME_KEY)
        draft = gjt.chosen_of(owner.draft_json if owner else None)
        note: str = ""  # a service's sentence (a Text) or a fixed one, said below in the reader's language
        if action == "new":  # start from the active deck
            found = await gjt.holding(store, guild_id, user_id)
            await store.save_item_choice(guild_id, user_id, gjt.GAME_KEY, draft=[row.item for row in found.deck])
            note = gjt.top_up_note(found.topped_up)
        elif mode != "v" and draft is None:
            mode, note = "v", N_("That deck was confirmed or cancelled already; here is your active deck.")
        elif action == "sel" and draft is not None:
            got = await gjt.filled(store, guild_id, user_id)
            items, note = got.items, gjt.top_up_note(got.topped_up)
            shown, _page = page_of(screen_items(mode, items, draft, SORT_CODES[sort]), page)
            data: Mapping[str, Any] = interaction.data or {}
            values = [str(v) for v in data.get("values", [])]
            picks = gjt.pick_on_page(draft, [row.item for row in shown], values)
            await store.save_item_choice(guild_id, user_id, gjt.GAME_KEY, draft=picks)
        elif action == "clr":
            await store.save_item_choice(guild_id, user_id, gjt.GAME_KEY, draft=[])
        elif action == "no":
            await store.save_item_choice(guild_id, user_id, gjt.GAME_KEY, draft=None)
            mode, page, note = "v", 0, N_("No change: your active deck is as it was.")
        elif action == "ok" and draft is not None:
            got = await gjt.filled(store, guild_id, user_id)
            problem = gjt.deck_problem(got.items, draft) or await staked_problem(store, draft)
            if problem is not None:
                note = problem
            else:
                await store.save_item_choice(guild_id, user_id, gjt.GAME_KEY, chosen=draft, draft=None)
                mode, page, note = (
                    "v",
                    0,
                    N_("Your new deck is saved: your next game with personal decks deals from it."),
                )
        await show_deck(interaction, user_id, mode, sort, page, edit=True, note=told(reader, note))


async def staked_problem(store: Store, picks: Sequence[str]) -> str | None:
    """Why ``picks`` cannot be the active deck now: some of them are in play at a table (the sentence
    of bot.table.cards_in_play, as a Text to say in the reader's language)."""
    reserved = await store.reservations([int(item) for item in picks if item.isdigit()])
    if not reserved:
        return None
    return Text("Your cards are in play at table #{table}; finish that game first.", table=min(reserved.values()))


def screen_items(mode: str, items: Sequence[OwnedItem], picks: Sequence[str], sort: str) -> list[OwnedItem]:
    """What a deck screen pages through: the collection (``c``), or the picks (``p``), sorted."""
    if mode == "p":
        chosen = set(picks)
        return gjt.sort_items([row for row in items if row.item in chosen], sort)
    return gjt.sort_items(items, sort)


def deck_id(user_id: int, mode: str, sort: str, page: int, action: str) -> str:
    return f"dk:{user_id}:{mode}:{sort}:{page}:{action}"


def deck_button(
    user_id: int, mode: str, sort: str, page: int, action: str, label: str, *, disabled: bool = False, row: int
) -> DeckClick:
    custom_id = deck_id(user_id, mode, sort, page, action)
    style = discord.ButtonStyle.primary if action == "ok" else discord.ButtonStyle.secondary
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=label, custom_id=custom_id, disabled=disabled, style=style, row=row
    )
    return DeckClick(user_id, mode, sort, page, action, button)


async def show_deck(
    interaction: discord.Interaction, user_id: int, mode: str, sort: str, page: int, *, edit: bool, note: str = ""
) -> None:
    """The deck screen: the active deck (``v``), or a new one being picked across pages (``c``, ``p``),
    in the clicker's language (``note``: already in it)."""
    assert interaction.guild is not None
    store = bot_of(interaction).store
    language = reader_language(interaction)
    guild_id = interaction.guild.id
    found = await gjt.holding(store, guild_id, user_id)
    items, deck = found.items, found.deck
    if found.topped_up:
        note = " ".join(filter(None, [told(language, gjt.top_up_note(found.topped_up)), note]))
    owner = await store.item_owner(guild_id, user_id, gjt.GAME_KEY)
    draft = gjt.chosen_of(owner.draft_json if owner else None)
    if mode != "v" and draft is None:
        mode = "v"
    picks = draft or []
    if mode == "v":
        listed = gjt.sort_items(deck, SORT_CODES[sort])
        marked = {row.item for row in deck}
    else:
        listed = screen_items(mode, items, picks, SORT_CODES[sort])
        marked = set(picks)
    shown, page = page_of(listed, page)
    pages = pages_of(len(listed))
    name = interaction.user.display_name
    size = number(language, DECK_SIZE)
    if mode == "v":
        title = whose(language, name, N_("{name}' active deck"), N_("{name}'s active deck"))
        mark_word = _(language, "in the active deck")
        said = [
            n_(
                language,
                "**Your active deck**: {count} card of the {total} in your collection.",
                "**Your active deck**: {count} cards of the {total} in your collection.",
                len(deck),
                total=number(language, len(items)),
            )
        ]
    else:
        part = _(language, "the picks") if mode == "p" else _(language, "the collection")
        title = whose(language, name, N_("{name}' new deck: {part}"), N_("{name}'s new deck: {part}"), part=part)
        mark_word = _(language, "picked")
        said = [
            _(
                language,
                "**Building a deck**: {count} of {size} picked.",
                count=number(language, len(picks)),
                size=size,
            ),
            _(
                language,
                "Pick the cards of this page in the menu (unpick by leaving them out); other pages keep their picks. "
                "Confirm when you have exactly {size}.",
                size=size,
            ),
        ]
    if note:
        said.append(f"**{note}**")
    view = CollectionView(
        title=title,
        cards=tuple(ShownCard(gjt.card_of(row), row.item in marked) for row in shown),
        total=len(listed),
        page=page,
        pages=pages,
        sort=SORT_CODES[sort],
        mark_word=mark_word,
        marked=len(marked),
    )
    controls = discord.ui.View(timeout=None)
    if mode != "v":
        options = [
            discord.SelectOption(
                label=f"#{page * PER_PAGE + i + 1} {card_label(language, gjt.card_of(row))}"[:100],
                value=row.item,
                description=_(language, "value {value}", value=number(language, gjt.card_of(row).value)),
                default=row.item in marked,
            )
            for i, row in enumerate(shown)
        ]
        if options:
            custom_id = deck_id(user_id, mode, sort, page, "sel")
            select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
                custom_id=custom_id,
                options=options,
                min_values=0,
                max_values=len(options),
                placeholder=_(language, "Pick the cards of this page"),
                row=0,
            )
            controls.add_item(DeckClick(user_id, mode, sort, page, "sel", select))
    last = pages - 1
    controls.add_item(deck_button(user_id, mode, sort, max(0, page - 1), "pv", "◀", disabled=page <= 0, row=1))
    controls.add_item(deck_button(user_id, mode, sort, min(last, page + 1), "nx", "▶", disabled=page >= last, row=1))
    for code, label in SORT_LABELS.items():
        controls.add_item(deck_button(user_id, mode, code, 0, "srt", _(language, label), disabled=code == sort, row=1))
    if mode == "v":
        controls.add_item(deck_button(user_id, "c", sort, 0, "new", _(language, "Build a new deck"), row=2))
    else:
        if mode == "p":
            other, label = "c", _(language, "Back to the collection")
        else:
            other, label = "p", _(language, "See the picks ({count})", count=number(language, len(picks)))
        controls.add_item(deck_button(user_id, other, sort, 0, "go", label, row=2))
        controls.add_item(deck_button(user_id, mode, sort, page, "clr", _(language, "Clear"), row=2))
        confirm = _(language, "Confirm")
        controls.add_item(
            deck_button(user_id, mode, sort, page, "ok", confirm, disabled=len(picks) != DECK_SIZE, row=2)
        )
        controls.add_item(deck_button(user_id, mode, sort, page, "no", _(language, "Cancel"), row=2))
    file = await draw(view, language)
    await answer(interaction, edit=edit, ephemeral=True, content="\n".join(said), file=file, view=controls)


class Collections(commands.Cog):
    """Gin-jon-tan collections and decks."""

    def __init__(self, bot: ParlourBot) -> None:
        self.bot = bot

    @app_commands.command(name="collection")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose collection (yours, if empty)", sort="The order of the cards")
    async def collection(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        sort: Literal["value", "symbol", "colour"] = "value",
    ) -> None:
        """Your Gin-jon-tan cards in this server (or someone's), as pictures, and the prizes won and lost."""
        who = user or interaction.user
        await show_collection(interaction, who.id, sort[0], 0, edit=False)

    @app_commands.command(name="deck")
    @app_commands.guild_only()
    async def deck(self, interaction: discord.Interaction) -> None:
        """See your active Gin-jon-tan deck (33 cards of your collection) and build a new one."""
        await show_deck(interaction, interaction.user.id, "v", "v", 0, edit=False)


async def setup(bot: ParlourBot) -> None:
    bot.add_dynamic_items(CollectionButton, HistoryButton, DeckClick)
    await bot.add_cog(Collections(bot))
