"""The collector's policy: what survives a full collection is not walked again, and a sweep frees
the loops left among frozen objects (bot.collector)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot.collector import FreezeSurvivors


class Node:
    other: Node | None = None


@pytest.fixture
def policy() -> Iterator[FreezeSurvivors]:
    """The policy installed over a test process with everything frozen (as the bot's startup is)."""
    gc.collect()
    gc.freeze()
    policy = FreezeSurvivors(regrowth=1.5)
    policy.install()
    try:
        yield policy
    finally:
        policy.uninstall()
        gc.unfreeze()
        gc.collect()


def test_what_survives_a_full_collection_is_frozen(policy: FreezeSurvivors) -> None:
    before = gc.get_freeze_count()
    kept = [[index] for index in range(2_000)]
    gc.collect()
    assert gc.get_freeze_count() >= before + len(kept)
    assert policy.sweeps == 0


def test_a_frozen_object_is_still_freed_when_its_last_reference_goes(policy: FreezeSurvivors) -> None:
    node = Node()
    probe = weakref.ref(node)
    gc.collect()  # frozen now
    del node
    assert probe() is None


def test_a_loop_among_frozen_objects_waits_for_the_sweep(policy: FreezeSurvivors) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    probe = weakref.ref(first)
    gc.collect()  # the loop is alive: frozen
    del first, second
    gc.collect()  # an ordinary full collection does not walk frozen objects
    assert probe() is not None and policy.sweeps == 0

    policy.baseline = gc.get_freeze_count() // 2  # as if the frozen objects had doubled since the last sweep
    gc.collect()
    assert probe() is None
    assert policy.sweeps == 1
    assert policy.baseline == gc.get_freeze_count()  # all alive frozen again: growth is measured from here


def test_installing_twice_adds_one_callback(policy: FreezeSurvivors) -> None:
    policy.install()
    assert gc.callbacks.count(policy._after_collection) == 1
