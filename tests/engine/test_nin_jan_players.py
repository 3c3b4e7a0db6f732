"""Nin Jan computer players: sensible choices in clear situations, always legal."""

from __future__ import annotations

from engine.core import Move
from engine.nin_jan import GAME as NIN_JAN
from engine.nin_jan import GreedyPlayer, NinJanPlayer, RandomPlayer
from tests.engine.test_nin_jan import deal, play_all


def test_the_default_player_is_the_game_s_computer_player() -> None:
    assert isinstance(NIN_JAN.computer_player(3), NinJanPlayer)
    assert NIN_JAN.baselines == {"random": RandomPlayer, "greedy": GreedyPlayer}


def test_it_takes_the_pile_worth_more_to_it() -> None:
    state = deal(["2S", "9S 8S", "-5S"], ["1R 2R", "1P 2P"])
    play_all(state, ["1R", "1P"])
    # The 1 Paper resolves first (Paper beats Rock) and, beating no Scissors, is put on pile 1.
    assert state.decisions()[0].kind == "place"
    state.act(1, "place:p1")
    view = state.view(0)
    assert view.decisions[0].kind == "take"
    for player in (NinJanPlayer(1), GreedyPlayer(1)):
        assert player.choose(view) == Move("take", ("p2",))


def test_it_puts_a_card_where_the_next_player_cannot_profit() -> None:
    # Seat 0's -4 Paper beats nothing; seat 1's -5 Scissors resolves next and takes the
    # richest Paper-topped pile. On pile 2 or 3 the -4 would leave the 9 Paper for seat 1;
    # on pile 1 it spoils it: seat 1 then wins 5 points, not 9.
    state = deal(["9P", "3S", "4S"], ["-4P 1R", "-5S 1P"])
    play_all(state, ["-4P", "-5S"])
    view = state.view(0)
    assert view.decisions[0].kind == "place"
    assert NinJanPlayer(1).choose(view) == Move("place", ("p1",))
    state.act(0, "place:p1")
    assert state.scores() == [0, 5]


def test_it_plays_the_card_that_wins_a_rich_pile_first() -> None:
    # A 10 Rock resolves first whatever the others play and wins the 9+8 Scissors pile.
    state = deal(["9S 8S", "1P", "2R"], ["10R -6P 1S", "5P 6P 7P", "-1S -2S -3S"])
    view = state.view(0)
    assert NinJanPlayer(7).choose(view) == Move("play", ("10R",))
    assert GreedyPlayer(7).choose(view) == Move("play", ("10R",))


def test_it_dumps_a_negative_card_when_nothing_is_worth_taking() -> None:
    # Every pile is worth little and the 10 Paper would only take a 1 Rock: keep it.
    state = deal(["1R", "1S", "1P"], ["10P -6R 5R", "2P 3P 4P", "2S 3S 4S"])
    card = NinJanPlayer(3).choose(state.view(0))
    assert card != Move("play", ("10P",))


def test_play_off_signs_are_legal() -> None:
    state = deal(["5S", "5P", "1R"], ["6R", "6S", "-3S"])
    state.round = 9
    play_all(state, ["6R", "6S", "-3S"])
    state.act(2, "place:p1")
    for seat in (0, 1):
        move = NinJanPlayer(seat).choose(state.view(seat))
        assert move.kind == "sign" and move.picks[0] in {"R", "P", "S"}
        state.act(seat, move)
