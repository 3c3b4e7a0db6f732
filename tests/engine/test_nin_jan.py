"""Nin Jan rules: the deal, the seed's worked example, tie orders, must-take, play-off."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core import IllegalMove, Move
from engine.nin_jan import GAME as NIN_JAN
from engine.nin_jan import Card, NinJanState, resolution_order
from engine.nin_jan.rules import full_deck


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    return [c(t) for t in text.split()]


def deal(piles: list[str], hands: list[str], seed: int = 1) -> NinJanState:
    """A state with these piles (bottom first) and hands; the rest of the deck is set aside."""
    state = NIN_JAN.new_state(len(hands), seed)
    assert isinstance(state, NinJanState)
    state.piles = [cards(p) for p in piles]
    state.hands = [cards(h) for h in hands]
    used = {card for group in state.piles + state.hands for card in group}
    assert len(used) == sum(len(g) for g in state.piles + state.hands), "a card is dealt twice"
    state.set_aside = [card for card in full_deck() if card not in used]
    return state


def play_all(state: NinJanState, picks: list[str]) -> None:
    for seat, pick in enumerate(picks):
        state.act(seat, Move("play", (pick,)))


def test_registered_with_its_facts() -> None:
    assert registry.get("Nin Jan") is NIN_JAN
    assert registry.get("nin_jan") is NIN_JAN
    assert (NIN_JAN.min_players, NIN_JAN.max_players) == (2, 5)
    assert set(NIN_JAN.baselines) == {"random", "greedy"}
    with pytest.raises(ValueError, match="2 to 5"):
        NIN_JAN.new_state(6, 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal(players: int) -> None:
    state = NIN_JAN.new_state(players, 42)
    assert isinstance(state, NinJanState)
    assert len(full_deck()) == len(set(full_deck())) == 48
    assert [len(p) for p in state.piles] == [1, 1, 1]
    assert [len(h) for h in state.hands] == [9] * players
    assert len(state.set_aside) == 48 - 3 - 9 * players
    assert state.phase == "choose" and state.round == 1
    assert state.waiting_on() == tuple(range(players))
    assert all(d.kind == "play" and d.simultaneous for d in state.decisions())
    assert NIN_JAN.new_state(players, 42).to_json() == state.to_json()


# The seed's example round, whose pictures were lost. What the text fixes: the
# piles are a Scissors pile, a 2-card pile with a Rock on top and an 8 Rock; the
# cards played are 7 Paper, 3 Paper, 3 Rock, -4 Rock, -6 Scissors. The 7 Paper can
# take either Rock pile and takes the richer third; the 3 Paper takes the other
# Rock pile (both cards); the 3 Rock takes the Scissors; the -4 Rock beats nothing
# and is put on a pile; the -6 Scissors then beats "the Paper card" - so the -4
# Rock went on the 7 Paper, leaving one Paper on top. The hidden values we choose:
# pile 1 is a 6 Scissors, pile 2 is -2 Paper under 4 Rock (worth 2 < 8).
EXAMPLE_PILES = ["6S", "-2P 4R", "8R"]
#: One example card per seat, seats in a different order than the resolution's.
EXAMPLE_PLAYS = ["-4R", "7P", "-6S", "3R", "3P"]


def example_state() -> NinJanState:
    """The example's piles; each hand is its example card and up to 8 other cards.

    The example is mid-game (pile 2 already holds two cards), so the 48 cards do not
    stretch to full hands: the last seat holds one card fewer, which changes nothing here.
    """
    fixed = set(cards(" ".join(EXAMPLE_PILES + EXAMPLE_PLAYS)))
    rest = [card.id for card in full_deck() if card not in fixed]
    hands = [" ".join([play, *rest[8 * seat : 8 * seat + 8]]) for seat, play in enumerate(EXAMPLE_PLAYS)]
    return deal(EXAMPLE_PILES, hands)


def test_the_seed_example_round_plays_out_exactly() -> None:
    state = example_state()
    play_all(state, EXAMPLE_PLAYS)
    view = state.view(None)
    assert [(r.seat, r.card.id) for r in view.revealed] == [(1, "7P"), (4, "3P"), (3, "3R"), (0, "-4R"), (2, "-6S")]
    # The 7 Paper beats both Rock piles: a real choice, so its player is asked.
    (decision,) = state.decisions()
    assert (decision.seat, decision.kind) == (1, "take")
    assert [o.id for o in decision.options] == ["p2", "p3"]
    assert view.resolving == 0 and view.waiting_on == (1,)
    state.act(1, "take:p3")
    # The 3 Paper (one Rock pile left) and the 3 Rock (one Scissors pile) resolve by themselves;
    # the -4 Rock beats nothing and its player chooses where to put it.
    (decision,) = state.decisions()
    assert (decision.seat, decision.kind) == (0, "place")
    assert [o.id for o in decision.options] == ["p1", "p2", "p3"]
    assert [[x.id for x in p] for p in state.piles] == [["3R"], ["3P"], ["7P"]]
    state.act(0, "place:p3")
    # The -6 Scissors beats the one Paper on top (pile 2) and takes it by itself.
    assert [[x.id for x in p] for p in state.piles] == [["3R"], ["-6S"], ["7P", "-4R"]]
    assert [[x.id for x in w] for w in state.won] == [[], ["8R"], ["3P"], ["6S"], ["-2P", "4R"]]
    assert state.scores() == [0, 8, 3, 6, 2]
    view = state.view(None)
    assert [(r.action, r.pile) for r in view.revealed] == [
        ("take", 2),
        ("take", 1),
        ("take", 0),
        ("place", 2),
        ("take", 1),
    ]
    assert state.phase == "choose" and state.round == 2
    assert state.waiting_on() == (0, 1, 2, 3, 4)
    assert "Seat 2's 7 Paper takes pile 3 (8 Rock: 8 points)." in state.events
    assert "Seat 1 puts -4 Rock on pile 3." in state.events


@pytest.mark.parametrize(
    ("plays", "order"),
    [
        (["4P", "4S"], ["4S", "4P"]),  # Scissors beats Paper
        (["3R", "3P"], ["3P", "3R"]),  # Paper beats Rock
        (["5S", "5R"], ["5R", "5S"]),  # Rock beats Scissors
        (["2P", "2S", "2R"], ["2R", "2S", "2P"]),  # three: Rock, Scissors, Paper
        (["2S", "2P", "2R"], ["2R", "2S", "2P"]),
        (["-1P", "10S", "-1R", "7R"], ["10S", "7R", "-1P", "-1R"]),
    ],
)
def test_tie_orders(plays: list[str], order: list[str]) -> None:
    resolved = resolution_order(list(enumerate(cards(" ".join(plays)))))
    assert [card.id for _, card in resolved] == order


def test_three_way_tie_resolves_in_order_at_the_table() -> None:
    # The 2 Rock takes the Scissors pile, the 2 Scissors the Paper pile; then the 2 Paper
    # beats two Rock tops (the 6 Rock and the new 2 Rock pile) and its player chooses.
    state = deal(["6S", "6P", "6R"], ["2P 9R", "2S 9P", "2R 9S"])
    play_all(state, ["2P", "2S", "2R"])
    (decision,) = state.decisions()
    assert (decision.seat, [o.id for o in decision.options]) == (0, ["p1", "p3"])
    state.act(0, "take:p3")
    assert [(r.seat, r.card.id, r.action, r.pile) for r in state.reveals] == [
        (2, "2R", "take", 0),
        (1, "2S", "take", 1),
        (0, "2P", "take", 2),
    ]
    assert state.scores() == [6, 6, 6]


def test_a_card_that_beats_one_pile_must_take_it_even_when_it_is_negative() -> None:
    state = deal(["-6S -5S", "9R", "10R"], ["1R 2R", "1P 2P"])
    play_all(state, ["1R", "1P"])
    # 1 Paper first (Paper beats Rock): two Rock piles, so a choice.
    assert state.decisions()[0].kind == "take"
    with pytest.raises(IllegalMove):
        state.act(1, "place:p1")
    state.act(1, "take:p3")
    # 1 Rock beats only the Scissors pile (worth -11) and must take it; no one is asked.
    assert state.scores() == [-11, 10]
    assert state.phase == "choose"


def test_a_take_offers_only_the_beatable_piles() -> None:
    state = deal(["5S", "6R", "7S"], ["1R 2R", "1P 2P"])
    play_all(state, ["1R", "1P"])  # 1 Paper resolves first and takes the only Rock pile itself
    assert state.won[1] == [c("6R")]
    (decision,) = state.decisions()
    assert decision.seat == 0 and decision.kind == "take"
    assert [o.id for o in decision.options] == ["p1", "p3"]
    assert decision.options[0].label == "Pile 1: 5 Scissors on top, 1 card, worth 5"
    with pytest.raises(IllegalMove, match="not available"):
        state.act(0, "take:p2")
    state.act(0, "take:p3")
    assert state.scores() == [7, 6]


def test_choices_are_secret_until_everyone_has_chosen() -> None:
    state = NIN_JAN.new_state(3, 5)
    assert isinstance(state, NinJanState)
    secret = state.hands[1][4]
    state.act(1, Move("play", (secret.id,)))
    assert state.decided() == (1,) and state.waiting_on() == (0, 2)
    for seat in (None, 0, 2):
        view = state.view(seat)
        assert view.decided == (1,)
        assert secret not in view.hand and view.revealed == ()
        assert secret.label not in " ".join(view.events)
    assert secret in state.view(1).hand  # still in the hand until the reveal
    with pytest.raises(IllegalMove, match="not your turn"):
        state.act(1, Move("play", (state.hands[1][0].id,)))
    state.act(0, Move("play", (state.hands[0][0].id,)))
    state.act(2, Move("play", (state.hands[2][0].id,)))
    assert secret in [r.card for r in state.view(None).revealed]
    assert state.view(1).hand_sizes == (8, 8, 8)


def test_a_card_not_in_hand_cannot_be_played_and_nothing_changes() -> None:
    state = NIN_JAN.new_state(2, 3)
    assert isinstance(state, NinJanState)
    other = state.hands[1][0]
    before = state.to_json()
    with pytest.raises(IllegalMove, match="not available"):
        state.act(0, Move("play", (other.id,)))
    assert state.to_json() == before


def test_json_round_trip_in_every_phase() -> None:
    state = example_state()
    play_all(state, EXAMPLE_PLAYS)
    assert state.phase == "resolve"
    assert NIN_JAN.load(state.to_json()).to_json() == state.to_json()
    assert NIN_JAN.load(state.to_json()).view(3) == state.view(3)


def last_round(scores_equal: bool) -> NinJanState:
    """Round 9 of a 3-player game: seats 0 and 1 take piles worth the same, seat 2 less."""
    state = deal(["5S", "5P", "1R"], ["6R", "6S", "-3S"])
    state.round = 9
    if not scores_equal:
        state.won[0] = [c("10R")]
        state.set_aside.remove(c("10R"))
    play_all(state, ["6R", "6S", "-3S"])
    state.act(2, "place:p1")  # the -3 Scissors beats no top (6 Rock, 6 Scissors, 1 Rock)
    return state


def test_a_clear_winner_ends_the_game() -> None:
    state = last_round(scores_equal=False)
    assert state.scores() == [15, 5, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.places == (1, 2, 3) and outcome.termination == "highest_score"
    assert outcome.reason == "Seat 1 scored the most points after 9 rounds"
    assert state.decisions() == []


def test_the_play_off_repeats_until_one_sign_beats_the_other() -> None:
    state = last_round(scores_equal=True)
    assert state.scores() == [5, 5, 0]
    assert state.phase == "playoff" and state.outcome() is None
    assert state.waiting_on() == (0, 1)
    assert all(d.kind == "sign" and d.simultaneous for d in state.decisions())
    state.act(0, "sign:R")
    assert state.decided() == (0,)
    assert state.view(1).playoff_rounds == ()  # seat 0's sign stays secret
    state.act(1, "sign:R")
    assert state.phase == "playoff" and len(state.view(None).playoff_rounds) == 1
    state.act(1, "sign:P")
    state.act(0, "sign:S")  # Scissors beats Paper
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.points == (5, 5, 0)
    assert outcome.places == (1, 2, 3)
    assert outcome.winners == (0,)
    assert state.events[-1] == "Play-off: Seat 1 throws Scissors, Seat 2 throws Paper: Seat 1 wins the game."


def test_a_three_way_play_off_knocks_out_the_beaten_signs() -> None:
    state = deal(["5S", "5P", "5R"], ["6R", "6S", "6P"])
    state.round = 9
    play_all(state, ["6R", "6S", "6P"])
    state.act(2, "take:p3")  # the 6 Paper beats the 6 Rock just put down and the 5 Rock
    assert state.scores() == [5, 5, 5] and state.playoff_seats == [0, 1, 2]
    for seat, sign in enumerate("RPS"):  # all three signs: again
        state.act(seat, f"sign:{sign}")
    assert state.playoff_seats == [0, 1, 2]
    for seat, sign in enumerate("RRS"):  # Rock beats Scissors: seat 2 is out
        state.act(seat, f"sign:{sign}")
    assert state.playoff_seats == [0, 1] and state.waiting_on() == (0, 1)
    state.act(0, "sign:P")
    state.act(1, "sign:S")
    outcome = state.outcome()
    assert outcome is not None and outcome.places == (2, 1, 3)
