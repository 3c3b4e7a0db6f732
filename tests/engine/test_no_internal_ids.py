"""No internal id reaches a person (issue 44, item 6): whole games of every game, and every
prompt, choice, heading, event and end a person reads is free of ids such as "Jk1" or "knock_card"."""

from __future__ import annotations

import re

import pytest

from engine import registry

INTERNAL = re.compile(r"\bJk\d\b|\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.key)
def test_no_internal_id_in_what_a_person_reads(game) -> None:  # type: ignore[no-untyped-def]
    found: set[str] = set()
    for seed in range(6):
        players = max(game.min_players, 3 if game.key == "nin_jan" else 2)
        state = game.new_state(players, seed, game.validate_options({}), None)
        for step in range(800):
            spectator = state.view(None)
            found.update(e for e in spectator.events if INTERNAL.search(e))
            if spectator.outcome is not None:
                found.update([spectator.outcome.reason] if INTERNAL.search(spectator.outcome.reason) else [])
                break
            seat = next((s for s in range(players) if state.view(s).decisions), None)
            if seat is None:
                break
            for decision in state.view(seat).decisions:
                texts = [decision.prompt, *(o.label for o in decision.options), *(o.group for o in decision.options)]
                found.update(t for t in texts if INTERNAL.search(t))
            state.act(seat, game.computer_player(step).choose(state.view(seat)))
    assert not found
