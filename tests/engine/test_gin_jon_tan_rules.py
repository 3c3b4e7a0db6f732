"""Gin-jon-tan rules, one scenario per rule of the page (the state is rigged where a rule needs it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import IllegalMove, Move
from engine.gin_jon_tan import GAME, GinJonTanState, GinJonTanView
from engine.gin_jon_tan.cards import FULL_SET, Card, as_card


def new(n: int = 2, seed: int = 1, profiles: Any = None, **options: Any) -> GinJonTanState:
    state = GAME.new_state(n, seed, options, profiles)
    assert isinstance(state, GinJonTanState)
    return state


def put(state: GinJonTanState, seat: int, place: str, cards: list[tuple[str, str, int]]) -> list[str]:
    """Make the first cards of a seat's hand/reserve/pile these cards; their table ids."""
    ids = {"hand": state.hands, "reserve": state.reserves, "pile": state.piles}[place][seat][: len(cards)]
    for cid, card in zip(ids, cards, strict=True):
        owner, index = cid.split(".")
        state.decks[int(owner)][int(index)] = as_card(card).id
    return ids


def keep_all(state: GinJonTanState) -> None:
    for seat in range(state.num_players):
        state.act(seat, "swap:keep")


def activate_first_three(state: GinJonTanState) -> None:
    for seat in range(state.num_players):
        state.act(seat, Move("set_active", tuple(state.hands[seat][:3])))


def drive_to(state: GinJonTanState, phase: str, seed: int = 0) -> None:
    rng = random.Random(seed)
    while state.phase != phase:
        seat = state.waiting_on()[0]
        state.act(seat, state.random_move(seat, rng))


def view(state: GinJonTanState, seat: int | None) -> GinJonTanView:
    result = state.view(seat)
    assert isinstance(result, GinJonTanView)
    return result


# -- deal and decks --------------------------------------------------------------


def test_deal_9_hand_9_reserve_15_pile_from_each_own_deck() -> None:
    state = new(4)
    for seat in range(4):
        assert (len(state.hands[seat]), len(state.reserves[seat]), len(state.piles[seat])) == (9, 9, 15)
        mine = {*state.hands[seat], *state.reserves[seat], *state.piles[seat]}
        assert mine == {f"{seat}.{i}" for i in range(33)}
    every = [card for deck in state.decks for card in deck]
    assert len(set(every)) == 4 * 33  # common deck: no card twice at one table


def test_prizes_need_personal_decks() -> None:
    with pytest.raises(ValueError, match="Prizes need personal decks"):
        new(2, prizes="on")


def personal(seat: int, cards: list[Card]) -> dict[str, Any]:
    return {"deck": [{"item": f"item-{seat}-{i}", "card": c.id} for i, c in enumerate(cards)]}


def test_personal_decks_come_from_profiles_and_computers_get_generated_ones() -> None:
    cards = list(FULL_SET[:33])
    state = new(3, deck="personal", profiles=[personal(0, cards), None, personal(2, cards)])
    assert state.decks[0] == [c.id for c in cards] == state.decks[2]  # two players may own equal cards
    assert state.items[1] == [f"gen:1:{i}" for i in range(33)]
    with pytest.raises(ValueError, match="exactly 33"):
        new(2, deck="personal", profiles=[{"deck": []}, None])


# -- swap, active cards, turn order ------------------------------------------------


def test_swap_is_secret_until_everyone_chose_then_whole_hand_and_reserve_change() -> None:
    state = new(2)
    hand, reserve = list(state.hands[0]), list(state.reserves[0])
    state.act(0, "swap:swap")
    assert state.decided() == (0,) and state.hands[0] == hand
    assert view(state, 1).swapped == ()
    with pytest.raises(IllegalMove):
        state.act(0, "swap:keep")
    state.act(1, "swap:keep")
    assert state.hands[0] == reserve and state.reserves[0] == hand
    assert view(state, 1).swapped == (0,)
    assert state.phase == "activate"


def test_active_cards_are_set_aside_in_secret_and_everyone_at_once() -> None:
    state = new(3)
    keep_all(state)
    picks = tuple(state.hands[0][:3])
    state.act(0, Move("set_active", picks))
    other = view(state, 1)
    assert state.decided() == (0,)
    assert not {h.id for h in other.hand} & set(picks) and other.active == ()
    with pytest.raises(IllegalMove, match="exactly 3"):
        state.act(1, Move("set_active", tuple(state.hands[1][:2])))


def rig_reserves(state: GinJonTanState, cards: dict[int, list[tuple[str, str, int]]]) -> None:
    for seat, reserve in cards.items():
        put(state, seat, "reserve", reserve)


@pytest.mark.parametrize(
    ("card0", "card1", "first"),
    [
        (("Sun", "White", 3), ("Fire", "White", 3), 0),  # 27 against 3: higher value starts
        (("Sun", "White", 3), ("Fire", "Orange", 3), 1),  # 27 each: Orange beats White
        (("Path", "White", 9), ("Sun", "White", 3), 0),  # 27 each, both White: number 9 beats 3
    ],
)
def test_turn_order_by_value_then_colour_then_number(card0: Any, card1: Any, first: int) -> None:
    state = new(2)
    keep_all(state)
    rig_reserves(state, {0: [card0] * 9, 1: [card1] * 9})
    activate_first_three(state)
    assert state.turn_order[0] == first
    assert len(state.turned[0]) == len(state.turned[1]) == 1


def test_equal_turned_cards_turn_another_card() -> None:
    state = new(3, seed=5)
    keep_all(state)
    rig_reserves(
        state,
        {
            0: [("Fire", "White", 3)] * 9,
            1: [("Water", "White", 3)] * 8 + [("Water", "White", 4)],
            2: [("Sun", "Violet", 33)] * 9,
        },
    )
    activate_first_three(state)
    assert state.turn_order == [2, 1, 0]
    assert len(state.turned[2]) == 1
    assert len(state.turned[0]) == len(state.turned[1]) >= 1
    assert state.card(state.turned[1][-1]) == Card("Water", "White", 4)


def test_all_equal_to_the_last_card_falls_back_to_seat_order() -> None:
    state = new(2)
    keep_all(state)
    rig_reserves(state, {0: [("Fire", "White", 3)] * 9, 1: [("Water", "White", 3)] * 9})
    activate_first_three(state)
    assert state.turn_order == [0, 1] and len(state.turned[0]) == 9


def test_every_player_duels_every_other_in_turn_order() -> None:
    state = new(3)
    keep_all(state)
    rig_reserves(state, {0: [("Fire", "White", 1)] * 9, 1: [("Sun", "Violet", 33)] * 9, 2: [("Moon", "Red", 5)] * 9})
    activate_first_three(state)
    assert state.turn_order == [1, 2, 0]
    assert state.schedule() == [(1, 2), (1, 0), (2, 1), (2, 0), (0, 1), (0, 2)]  # n(n−1) = 6


# -- a duel ------------------------------------------------------------------------


def duel_setup(n: int = 2, **options: Any) -> GinJonTanState:
    """Seat 0 starts (a Violet reserve); each seat's first three hand cards become active."""
    state = new(n, **options)
    keep_all(state)
    rig_reserves(state, {0: [("Supernova", "Violet", 33)] * 9, **{s: [("Fire", "White", 1)] * 9 for s in range(1, n)}})
    return state


def test_clash_must_be_chosen_scores_both_values_and_two_passes_end_the_duel() -> None:
    state = duel_setup()
    a = put(state, 0, "hand", [("Water", "White", 1), ("Fire", "White", 1), ("Sun", "White", 1)])
    b = put(state, 1, "hand", [("Fire", "White", 2), ("Path", "White", 2), ("Night", "White", 2)])
    activate_first_three(state)
    assert state.turn_order == [0, 1]
    # Both unfolded (public) and drew 3: hands are back to 9.
    assert len(state.hands[0]) == len(state.hands[1]) == 9
    assert {c.held.id for c in view(state, None).duel.cards} == {*a, *b}
    clash = state.decisions_for(0)[0]
    assert clash.kind == "clash"
    assert {o.id for o in clash.options} == {f"{a[0]}-{b[0]}", f"{a[0]}-{b[1]}", f"{a[2]}-{b[2]}", f"{a[1]}-{b[2]}"}
    state.act(0, f"clash:{a[0]}-{b[0]}")  # Water quenches Fire: 1 + 2
    assert state.scores[0] == 3
    assert view(state, 1).last_clash.sentence == "Water quenches Fire"
    # Seat 1 beats nothing (it passes); seat 0 has two clashes left with Night.
    state.act(0, f"clash:{a[2]}-{b[2]}")  # Sun repels Night: 9 + 2
    assert state.scores[0] == 14
    # Fire against Path is no clash: two passes end the duel. Spent to piles, unspent to reserves.
    assert state.duel["ended"]
    assert a[0] in state.piles[0] and a[2] in state.piles[0] and a[1] in state.reserves[0]
    assert b[0] in state.piles[1] and b[2] in state.piles[1] and b[1] in state.reserves[1]
    # The starter may exchange up to 3 cards, as many each way, then sets aside 3 new active cards.
    exchange = state.decisions_for(0)[0]
    assert (exchange.kind, exchange.min_picks, exchange.max_picks) == ("exchange", 0, 6)
    with pytest.raises(IllegalMove, match="as many"):
        state.act(0, Move("exchange", (state.hands[0][0],)))
    out, back = state.hands[0][0], state.reserves[0][0]
    state.act(0, Move("exchange", (out, back)))
    assert out in state.reserves[0] and back in state.hands[0]
    again = state.decisions_for(0)[0]
    assert (again.kind, again.min_picks) == ("set_active", 3)


def test_a_single_possible_clash_is_made_at_once_and_a_defender_without_actives_chooses() -> None:
    state = duel_setup(3)
    put(state, 0, "hand", [("Water", "White", 1), ("Bonus", "White", 1), ("Bonus", "White", 2)])
    put(state, 1, "hand", [("Fire", "White", 2), ("Bonus", "White", 3), ("Bonus", "White", 4)])
    put(state, 2, "hand", [("Bonus", "White", 5), ("Bonus", "White", 6), ("Bonus", "White", 7)])
    activate_first_three(state)
    assert state.turn_order == [0, 1, 2]
    # Duel 1, 0 against 1: Water quenches Fire is the only clash, made without asking; then two passes.
    assert state.scores == [3, 0, 0]
    assert state.decisions_for(0)[0].kind == "exchange"
    state.act(0, "exchange:")
    state.act(0, Move("set_active", tuple(state.hands[0][:3])))
    while state.duel_no < 2:  # duel 2: 0 against 2
        decision = state.waiting_on()[0], state.decisions()[0]
        seat, d = decision
        picks = (d.options[0].id,) if d.kind in ("clash", "declare") else tuple(o.id for o in d.options[: d.min_picks])
        state.act(seat, Move(d.kind, picks))
    # Duel 3, 1 against 0: seat 1 was a defender and has no active cards: it chooses 3 from its hand now.
    assert state.schedule()[2] == (1, 0)
    choose = state.decisions_for(1)[0]
    assert (choose.kind, choose.min_picks, choose.simultaneous) == ("set_active", 3, False)
    assert "no active cards" in choose.prompt


def test_universal_is_declared_and_acts_as_that_symbol() -> None:
    state = duel_setup()
    u = put(state, 0, "hand", [("Universal", "Red", 2), ("Bonus", "White", 1), ("Bonus", "White", 2)])[0]
    fire = put(state, 1, "hand", [("Fire", "White", 5), ("Bonus", "White", 3), ("Bonus", "White", 4)])[0]
    activate_first_three(state)
    declare = state.decisions_for(0)[0]
    assert declare.kind == "declare" and len(declare.options) == 26
    state.act(0, "declare:Wa")
    # Water beats Fire and is the only clash: made at once. v(Universal Red 2) = 99 × 2 × 3.
    assert state.scores[0] == 594 + 5
    clash = view(state, 1).last_clash
    assert clash.winner.id == u and clash.loser.id == fire
    assert clash.sentence == "Water quenches Fire" and clash.winner_as == "Water"


@pytest.mark.parametrize(("option", "emptied"), [("all", {1, 2}), ("opponent", {1})])
def test_black_hole_empties_reserves_into_draw_piles(option: str, emptied: set[int]) -> None:
    state = duel_setup(3, black_hole=option)
    put(state, 0, "hand", [("Black hole", "White", 1), ("Bonus", "White", 1), ("Bonus", "White", 2)])
    for seat in (1, 2):
        put(state, seat, "hand", [("Bonus", "White", 3), ("Bonus", "White", 4), ("Bonus", "White", 5)])
    activate_first_three(state)
    assert state.turn_order[0] == 0 and state.duel["defender"] == 1
    clash = state.decisions_for(0)[0]
    assert clash.kind == "clash" and len(clash.options) == 3  # a Black hole beats every card
    state.act(0, Move("clash", (clash.options[0].id,)))
    assert view(state, None).last_clash.black_hole
    # The Black hole is spent; Bonuses beat nothing: the duel is over, seat 1's two unspent cards went back.
    assert state.duel["ended"]
    unspent = [c for s, c in state.duel["cards"] if s == 1 and c not in state.duel["spent"]]
    assert state.reserves[1] == unspent and len(unspent) == 2
    assert (state.reserves[2] == []) == (2 in emptied)
    assert len(state.reserves[2]) == (0 if 2 in emptied else 9)
    assert sorted(c for pile in state.piles for c in pile) == sorted(
        c for c, (place, _) in state.where().items() if place == "pile"
    )


def test_after_all_duels_active_cards_go_back_to_hand_then_exchange_up_to_9() -> None:
    state = new(2, seed=3)
    drive_to(state, "exchange")
    assert all(not a for a in state.actives)
    decision = state.decisions_for(0)[0]
    each = min(9, len(state.hands[0]), len(state.reserves[0]))
    assert (decision.kind, decision.max_picks, decision.simultaneous) == ("exchange", 2 * each, True)


def test_reserve_back_to_9_surplus_chosen_short_filled() -> None:
    state = new(2, seed=3)
    drive_to(state, "exchange")
    state.reserves[0] += state.piles[0][:2]
    state.piles[0] = state.piles[0][2:]
    state.piles[1] += state.reserves[1][5:]
    state.reserves[1] = state.reserves[1][:5]
    for seat in (0, 1):
        state.act(seat, "exchange:")
    assert state.phase == "trim"
    trim = state.decisions_for(0)[0]
    assert (trim.kind, trim.min_picks, trim.max_picks) == (
        "trim",
        len(state.reserves[0]) - 9,
        len(state.reserves[0]) - 9,
    )
    assert len(state.reserves[1]) == 9  # filled from the draw pile
    surplus = tuple(state.reserves[0][: trim.min_picks])
    state.act(0, Move("trim", surplus))
    assert len(state.reserves[0]) == 9 and set(surplus) <= set(state.piles[0])
    assert state.phase == "combine"


# -- combination round ------------------------------------------------------------


def test_gin_jon_tan_by_everyone_in_a_row_ends_the_round() -> None:
    state = new(3, seed=4)
    drive_to(state, "combine")
    for seat in state.turn_order:
        assert state.phase == "combine"
        state.act(seat, "gin:gin")
    assert state.phase == "evaluate"


def test_a_satisfied_player_may_only_say_gin_until_asked() -> None:
    state = new(2, seed=4)
    drive_to(state, "combine")
    first, second = state.turn_order
    state.act(first, "gin:gin")
    # Second asks first for 2 cards of the hand: gives 2, takes 2 at random; first's Gin is lifted.
    state.act(second, f"ask:{first + 1}h")
    given = tuple(state.hands[second][:2])
    before = set(state.hands[first])
    state.act(second, Move("give", given))
    assert set(given) <= set(state.hands[first]) and len(state.hands[first]) == len(before)
    assert len(set(state.hands[second]) & before) == 2
    assert first not in state.satisfied
    kinds = {d.kind for d in state.decisions_for(first)}
    assert {"gin", "exchange"} <= kinds
    state.act(first, "gin:gin")
    assert state.decisions_for(second) and {d.kind for d in state.decisions_for(first)} == set()
    state.act(second, "gin:gin")  # two gins in a row: the round ends
    assert state.phase == "evaluate"


def test_the_combination_round_lasts_at_most_3_cycles() -> None:
    state = new(2, seed=4)
    drive_to(state, "combine")
    turns = 0
    while state.phase == "combine":
        seat = state.turn_order[state.combination_turn % 2]
        exchange = next(d for d in state.decisions_for(seat) if d.kind == "exchange")
        hand = [o.id for o in exchange.options if o.group == "Hand"]
        reserve = [o.id for o in exchange.options if o.group == "Reserve"]
        state.act(seat, Move("exchange", (hand[0], reserve[0])))
        turns += 1
    assert turns == 6


# -- evaluation --------------------------------------------------------------------


def to_evaluation(n: int, hands: dict[int, list[tuple[str, str, int]]], seed: int = 4) -> GinJonTanState:
    state = new(n, seed=seed)
    drive_to(state, "combine")
    while state.phase == "combine":
        state.act(state.turn_order[state.combination_turn % n], "gin:gin")
    for seat, cards in hands.items():
        state.hands[seat] = state.hands[seat][: len(cards)]
        put(state, seat, "hand", cards)
    return state


PAIR_6 = [("Water", "White", 1), ("Water", "White", 2)]  # 6
PAIR_10 = [("Water", "White", 1), ("Water", "White", 4)]  # 10
PAIR_14 = [("Water", "White", 3), ("Water", "White", 4)]  # 14


def test_ranking_adds_the_first_and_subtracts_1x_2x() -> None:
    state = to_evaluation(3, {0: PAIR_6, 1: PAIR_10, 2: PAIR_14})
    start = list(state.scores)
    for seat in state.turn_order:
        state.act(seat, "reveal:reveal")
    deltas = [state.scores[s] - start[s] for s in range(3)]
    assert deltas == [-2 * 6, -1 * 10, 14]


def test_equal_values_share_the_better_place() -> None:
    state = to_evaluation(3, {0: PAIR_10, 1: PAIR_10, 2: PAIR_6})
    start = list(state.scores)
    for seat in state.turn_order:
        state.act(seat, "reveal:reveal")
    assert [state.scores[s] - start[s] for s in range(3)] == [10, 10, -2 * 6]
    places = {e.seat: e.place for e in view(state, None).evaluation}
    assert places == {0: 1, 1: 1, 2: 3}


def test_kat_oh_keeps_the_score_and_shows_nothing() -> None:
    state = to_evaluation(2, {0: PAIR_14, 1: PAIR_6})
    start = list(state.scores)
    for seat in state.turn_order:
        state.act(seat, "kat_oh:kat_oh" if seat == 0 else "reveal:reveal")
    assert state.scores[0] == start[0]
    assert state.scores[1] == start[1] + 6  # alone in the ranking: first
    entry = next(e for e in view(state, None).evaluation if e.seat == 0)
    assert entry.action == "kat_oh" and entry.cards == () and entry.evaluation is None


def test_a_revealed_defeat_goes_back_to_the_rounds_starting_score() -> None:
    state = to_evaluation(2, {0: [*PAIR_14, ("Defeat", "Red", 3)], 1: PAIR_6})
    state.scores[0] += 1000  # duel points of this round
    start = state.round_start[0]
    for seat in state.turn_order:
        state.act(seat, "reveal:reveal")
    assert state.scores[0] == start
    entry = next(e for e in view(state, None).evaluation if e.seat == 0)
    assert entry.defeat and entry.place is None


def test_rounds_option_and_final_places() -> None:
    for rounds in (3, 6):
        state = new(2, seed=8, rounds=rounds)
        drive_to(state, "over")
        assert state.round_no == rounds
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.points == tuple(state.scores)
        assert sorted(outcome.places) == sorted(1 + sum(o > p for o in outcome.points) for p in outcome.points)


# -- prizes -------------------------------------------------------------------------


def prize_game(scores: list[int], seed: int = 2) -> GinJonTanState:
    n = len(scores)
    rng = random.Random(seed)
    profiles = [personal(s, rng.sample(FULL_SET, 33)) for s in range(n)]
    state = new(n, seed=seed, deck="personal", prizes="on", profiles=profiles)
    state.scores = list(scores)
    state._finish()
    return state


def test_prizes_winner_3_from_each_second_2_third_1() -> None:
    state = prize_game([50, 40, 30, 20])  # places 1, 2, 3, 4
    outcome = state.outcome()
    assert outcome is not None
    moved: dict[tuple[int, int], int] = {}
    for t in outcome.transfers:
        moved[(t.from_seat, t.to_seat)] = moved.get((t.from_seat, t.to_seat), 0) + 1
        assert t.item in state.items[t.from_seat]
    assert moved == {(1, 0): 3, (2, 0): 3, (3, 0): 3, (2, 1): 2, (3, 1): 2, (3, 2): 1}
    assert len({t.item for t in outcome.transfers}) == len(outcome.transfers)


def test_prizes_with_a_shared_place_take_nothing_from_each_other() -> None:
    state = prize_game([50, 50, 30])  # places 1, 1, 3
    outcome = state.outcome()
    assert outcome is not None
    pairs = sorted((t.from_seat, t.to_seat) for t in outcome.transfers)
    assert pairs == [(2, 0)] * 3 + [(2, 1)] * 3


def test_prizes_are_deterministic() -> None:
    assert prize_game([1, 2, 3]).outcome() == prize_game([1, 2, 3]).outcome()
