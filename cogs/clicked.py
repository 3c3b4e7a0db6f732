"""The component discord.py hands to a dynamic item's ``from_custom_id``, read safely.

discord.py rebuilds the clicked component from the message. A click forged with a button's
custom_id on another kind of component (a select menu has no label or style) must still be
decoded, so that it is refused like any other stale or foreign click instead of raising.
"""

from __future__ import annotations

from typing import Any

import discord


def label_of(item: discord.ui.Item[Any]) -> str:
    """The clicked button's label ("" when it has none)."""
    return str(getattr(item, "label", None) or "")


def style_of(item: discord.ui.Item[Any]) -> discord.ButtonStyle:
    """The clicked button's style (secondary when it has none)."""
    style = getattr(item, "style", None)
    return style if isinstance(style, discord.ButtonStyle) else discord.ButtonStyle.secondary


def custom_id_of(item: discord.ui.Item[Any]) -> str:
    """The clicked component's custom_id ("" when it has none)."""
    return str(getattr(item, "custom_id", None) or "")
