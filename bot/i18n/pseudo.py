"""Finding English that did not go through the catalog, with the pseudo-language (``en_XA``).

Build a screen in :data:`~bot.i18n.languages.PSEUDO`: every translated text comes out between
⟦ ⟧. :func:`unmarked` then lists the words left outside the marks — English built without the
catalog — except the names that stay as they are (the games', the bot's, people's)::

    assert unmarked(screen_texts(help_embed(tree, PSEUDO))) == []
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from bot.i18n.commands import proper_names

#: A marked text with nothing marked inside it (marked texts nest: a template around a summary).
_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
#: A word of two letters or more in the Latin alphabet: what English left unmarked looks like.
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


def screen_texts(screen: discord.Embed | dict[str, Any] | str) -> list[str]:
    """Every text a person reads on a screen: an embed, a message payload (content, embeds,
    components' labels and placeholders), or a plain string."""
    if isinstance(screen, str):
        return [screen]
    if isinstance(screen, discord.Embed):
        screen = {"embeds": [screen.to_dict()]}
    texts = [screen.get("content") or ""]
    for embed in screen.get("embeds", []):
        texts += [embed.get("title", ""), embed.get("description", "")]
        texts += [embed.get("footer", {}).get("text", ""), embed.get("author", {}).get("name", "")]
        for field in embed.get("fields", []):
            texts += [field.get("name", ""), field.get("value", "")]
    texts += list(_component_texts(screen.get("components", [])))
    return [text for text in texts if text]


def _component_texts(components: Iterable[dict[str, Any]]) -> Iterable[str]:
    for component in components:
        for key in ("label", "placeholder", "content", "description"):
            if component.get(key):
                yield component[key]
        yield from _component_texts(component.get("components", []))
        yield from _component_texts(component.get("options", []))


def unmarked(texts: Iterable[str], allowed: Iterable[str] = ()) -> list[str]:
    """The words outside ⟦ ⟧ in ``texts``: English that did not go through the catalog.

    ``allowed``: more names that stay as they are (people's names on the screen).
    """
    keep = sorted({*proper_names(), *allowed}, key=len, reverse=True)
    found = []
    for text in texts:
        while _INNERMOST.search(text):
            text = _INNERMOST.sub(" ", text)
        for name in keep:
            text = text.replace(name, " ")
        found += _WORD.findall(text)
    return found
