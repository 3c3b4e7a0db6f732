"""Every row of a hand's controls says what it does (issue 44, item 6): with several decisions on
screen each button names its action; a paged menu's ungrouped choice ("Draw from the stock") is a
button on every page; no internal id reaches a person."""

from __future__ import annotations

import discord

from cogs.hand_ui import Screen
from engine.core import Decision, Option


def shown(decisions: list[Decision], pages: dict[str, int] | None = None) -> list[list[str]]:
    """The controls as a person sees them, row by row: button labels, or a menu's placeholder and options."""
    rows: dict[int, list[str]] = {}
    for item in Screen(1, 3, decisions, pages or {}, None).items():
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Button):
            text = [str(inner.label)]
        else:
            assert isinstance(inner, discord.ui.Select)
            text = [f"menu: {inner.placeholder}", *(o.label for o in inner.options)]
        rows.setdefault(inner.row or 0, []).extend(text)
    return [rows[r] for r in sorted(rows)]


def cards(*labels: str, group: str = "") -> tuple[Option, ...]:
    return tuple(Option(label.lower(), label, group) for label in labels)


def test_a_discard_row_under_the_meld_and_hit_menus_says_discard() -> None:
    meld = Decision(0, "meld", "Meld: pick 3 or more cards.", cards("5♣", "5♦", "5♥", group="Your cards"), 3, 3)
    hit = Decision(0, "hit", "Hit: pick cards and a meld.", cards("4♠", "4♣ 4♦ 4♥"), 2, 2)
    discard = Decision(0, "discard", "Discard a card to end your turn.", cards("4♦", "5♦", "7♦", "10♦", "Joker"))
    rows = shown([meld, hit, discard])
    assert rows[-1] == ["Discard 4♦", "Discard 5♦", "Discard 7♦", "Discard 10♦", "Discard Joker"]
    alone = shown([discard])  # alone, the hand's one line ("Discard a card…") heads the row
    assert alone == [["4♦", "5♦", "7♦", "10♦", "Joker"]]


def test_tet_gows_follow_and_pass_rows_are_told_apart() -> None:
    follow = Decision(0, "follow", "Follow with 1 Inter above Tier 3.", cards("Forest", "Chance Meeting"))
    passing = Decision(0, "pass", "Pass: throw away 2 cards face down.", cards("Diplomat", "Savage", "Castle"), 2, 2)
    rows = shown([follow, passing])
    assert rows[0] == ["Follow Forest", "Follow Chance Meeting"]
    assert rows[1][0].startswith("menu: Pass: throw away 2 cards")


def test_labels_that_say_their_action_are_left_alone() -> None:
    swap = Decision(0, "swap", "Swap your whole hand with your whole reserve?", cards("Swap hand and reserve"))
    reveal = Decision(0, "reveal", "Evaluation: reveal your hand…", cards("Reveal my hand"))
    kat = Decision(0, "kat_oh", "…or say Kat oh! and give up this round.", cards("Kat oh!"))
    assert shown([swap, reveal, kat]) == [["Swap hand and reserve"], ["Reveal my hand"], ["Kat oh!"]]


def test_draw_from_the_stock_is_on_every_page_of_a_paged_menu() -> None:
    takes = tuple(Option(f"c{i}", f"Take card {i}", "Discard pile") for i in range(30))
    draw = Decision(
        0,
        "draw",
        "Draw from the stock, or take from the discard pile.",
        (Option("stock", "Draw from the stock"), *takes),
    )
    for page in (0, 1):
        rows = shown([draw], {"draw": page})
        assert rows[0] == ["Draw from the stock"]
        assert "Draw from the stock" not in rows[1]
        assert rows[2][-1].startswith("Next ▶")
    assert len(shown([draw], {"draw": 0})[1]) - 1 + len(shown([draw], {"draw": 1})[1]) - 1 == 30  # every take, once
