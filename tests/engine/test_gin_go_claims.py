"""Gin-Go's claims (engine.gin_go.claims): the moves a hand picture numbers, read from the seat's
view alone, ranked, each one the rules would take."""

from __future__ import annotations

from engine import registry
from engine.core import Move
from engine.gin_go.claims import SHOWN, claims


def test_claims_are_few_ranked_playable_and_only_for_the_seat_at_its_turn() -> None:
    game = registry.get("gin_go")
    seen = 0
    for seed in range(1, 12):
        state = game.new_state(2, seed)
        computers = [game.computer_player(seat) for seat in range(2)]
        while not state.is_over:
            seat = state.waiting_on()[0]
            view = state.view(seat)
            assert claims(state.view(None)) == [] and claims(state.view(1 - seat)) == []
            found = claims(view)
            assert len(found) <= SHOWN
            ranks = [(-c.new - c.jokers, -c.bumps, -len(c.cards)) for c in found]
            if view.phase != "name_joker":
                assert ranks == sorted(ranks)
            for one in found:
                if view.phase == "play" and one.target is None and not one.jokers:
                    trial = state.copy()
                    trial.act(seat, Move("meld", one.cards))  # the rules take it: no IllegalMove
                    seen += 1
            state.act(seat, computers[seat].choose(view))
    assert seen > 20
