"""A game's item rules are found from its declaration (``Game(item_rules=...)``), not by its name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot import collections as gjt
from bot import profiles
from engine import registry


def test_gin_jon_tan_declares_its_item_rules_and_the_others_have_none() -> None:
    assert profiles.item_rules("gin_jon_tan") is gjt.RULES
    for game in registry.all_games():
        if game.key != "gin_jon_tan":
            assert profiles.item_rules(game.key) is None, game.key
            assert profiles.stakes(game.key, {})  # without own rules a profile's items are all at stake


def test_a_renamed_copy_of_a_game_keeps_the_rules_it_declares() -> None:
    copy = replace(registry.get("gin_jon_tan"), key="gin_jon_tan_copy", name="Gin-jon-tan again")
    registry.register(copy)
    try:
        assert profiles.item_rules("gin_jon_tan_copy") is gjt.RULES
    finally:
        registry.unregister(copy.key)


def test_a_game_that_names_a_module_without_rules_fails_loudly() -> None:
    broken = replace(registry.get("nin_jan"), key="nin_jan_items", name="Nin Jan items", item_rules="bot.models")
    registry.register(broken)
    try:
        with pytest.raises(LookupError, match="declares no RULES"):
            profiles.item_rules(broken.key)
    finally:
        registry.unregister(broken.key)
