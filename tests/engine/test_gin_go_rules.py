"""Gin-Go scenarios: one test (or a few) per rule of /shared/rules/gin-go.md."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalMove
from engine.gin_go import GAME, GinGoState
from engine.gin_go.board import link_path, square, square_of
from engine.gin_go.cards import full_deck
from engine.gin_go.melds import namings

# Seeds whose set-up turns 0, 1 and 2 Jokers before the fourth suit (2 players, Jokers on).
NO_JOKER_SEED, ONE_JOKER_SEED, TWO_JOKER_SEED = 1, 0, 25


def table(players: int = 2, **options: Any) -> GinGoState:
    """A dealt game with Normal suit rows c d h s for both sides, seat 0 to draw, empty board."""
    state = GAME.new_state(players, NO_JOKER_SEED, options)
    assert isinstance(state, GinGoState)
    state.suit_rows = [list("cdhs"), list("cdhs")]
    state.board = [None] * 52
    state.melds = []
    state.turn = 0
    state.stage = "draw"
    state._cache = {}
    return state


def give(state: GinGoState, hands: list[list[str]], discard: list[str], melds: list[list[str]] = ()) -> None:
    """Put exactly these cards in play; every other card goes to the draw pile."""
    state.hands = [list(h) for h in hands]
    state.discard = list(discard)
    state.melds = []
    for i, cards in enumerate(melds):
        kind = "set" if len({c[0] for c in cards}) == 1 else "run"
        state.melds.append({"id": f"m{i + 1}", "owner": 1, "kind": kind, "entries": [[c, c] for c in cards]})
    state.next_meld = len(melds) + 1
    used = {c for h in hands for c in h} | set(discard) | {c for m in melds for c in m}
    state.draw_pile = [c for c in full_deck(state.jokers) if c not in used]
    state._cache = {}


def options(state: GinGoState, kind: str, seat: int = 0) -> list[str]:
    decision = next(d for d in state.decisions_for(seat) if d.kind == kind)
    return [o.id for o in decision.options]


def kinds(state: GinGoState, seat: int = 0) -> set[str]:
    return {d.kind for d in state.decisions_for(seat)}


# -- cards and the deal ------------------------------------------------------------------------


def test_deck_has_54_cards_with_jokers_and_52_without() -> None:
    assert len(table().all_cards()) == 54
    assert len(table(jokers="off").all_cards()) == 52


def test_deal_defaults_to_9_for_two_and_7_for_four_and_starts_one_discard() -> None:
    two = GAME.new_state(2, NO_JOKER_SEED)
    four = GAME.new_state(4, NO_JOKER_SEED)
    assert [len(h) for h in two.hands] == [9, 9]
    assert [len(h) for h in four.hands] == [7, 7, 7, 7]
    assert len(two.discard) == 1 and len(four.discard) == 1
    assert [len(h) for h in GAME.new_state(2, NO_JOKER_SEED, {"cards": 15}).hands] == [15, 15]


def test_deal_options_are_odd_and_four_players_get_at_most_9() -> None:
    with pytest.raises(ValueError):
        GAME.new_state(2, 1, {"cards": 8})
    with pytest.raises(ValueError, match="at most 9"):
        GAME.new_state(4, 1, {"cards": 11})
    with pytest.raises(ValueError):
        GAME.new_state(3, 1)


# -- suit-row set-up ---------------------------------------------------------------------------


def test_normal_setup_lays_out_both_rows_in_the_order_the_suits_appeared() -> None:
    state = GAME.new_state(2, NO_JOKER_SEED)
    assert state.phase == "draw"
    order = state.setup["order"]
    assert state.suit_rows == [order, order]
    view = state.view(None)
    assert view.setup_mode == "normal"
    assert view.column_suits[0] == tuple(order) and view.column_suits[1] == tuple(reversed(order))


def test_one_joker_lets_the_dealer_choose_suit_for_suit() -> None:
    state = GAME.new_state(2, ONE_JOKER_SEED)
    assert state.phase == "setup_mode"
    assert state.waiting_on() == (state.dealer,)
    state.act(state.dealer, "setup_mode:suit_for_suit")
    order = state.setup["order"]
    dealer_side = state.dealer % 2
    assert state.suit_rows[dealer_side] == order
    assert state.suit_rows[1 - dealer_side] == list(reversed(order))
    # The rows mirror: a suit sits in the same board column for both sides.
    view = state.view(0)
    assert view.column_suits[0] == view.column_suits[1]
    assert state.phase == "draw"


def test_second_joker_gives_the_choice_to_the_opponent() -> None:
    state = GAME.new_state(2, TWO_JOKER_SEED)
    assert state.waiting_on() == ((state.dealer + 1) % 2,)


def test_secrecy_rows_are_picked_in_order_and_hidden_until_both_are_in() -> None:
    state = GAME.new_state(2, ONE_JOKER_SEED)
    state.act(state.dealer, "setup_mode:secrecy")
    assert state.phase == "arrange"
    assert state.waiting_on() == (0, 1)
    decision = state.decisions_for(0)[0]
    assert decision.simultaneous and decision.ordered and decision.min_picks == decision.max_picks == 4
    state.act(0, "arrange_suits:s,h,d,c")
    assert state.decided() == (0,)
    for seat in (None, 0, 1):
        assert state.view(seat).suit_rows == (None, None)
    assert "s,h,d,c" not in " ".join(state.view(1).events)
    state.act(1, "arrange_suits:d,c,s,h")
    assert state.suit_rows == [list("shdc"), list("dcsh")]
    assert state.phase == "draw"
    assert state.view(None).suit_rows == (tuple("shdc"), tuple("dcsh"))


# -- the board ---------------------------------------------------------------------------------


def test_each_side_places_a_card_from_its_own_end_and_suit_row() -> None:
    row = list("cdhs")
    assert square_of(0, row, "Ac") == square(1, 1)
    assert square_of(0, row, "Ks") == square(4, 13)
    assert square_of(1, row, "Ac") == square(4, 13)
    assert square_of(1, row, "7h") == square(2, 7)


# -- drawing and taking from the discard pile -------------------------------------------------


def test_take_from_pile_is_offered_only_for_a_card_with_a_legal_use() -> None:
    state = table()
    give(state, [["6h", "7h", "8h", "2c", "Kd"], ["3c", "4c", "5c"]], ["3s", "9h", "4d"])
    # 9h melds with 7h 8h; 3s and 4d have no use.
    assert options(state, "draw") == ["stock", "9h"]
    state.act(0, "draw:9h")
    assert state.hands[0][-2:] == ["9h", "4d"]
    assert kinds(state) == {"meld", "undo"}
    with pytest.raises(IllegalMove, match="must use 9♥"):
        state.act(0, "meld:6h,7h,8h")
    state.act(0, "meld:7h,8h,9h")
    assert state.phase == "play"
    assert state.board[square(3, 7)] == 0 and state.board[square(3, 9)] == 0


def test_undo_puts_the_taken_cards_back_in_order() -> None:
    state = table()
    give(state, [["7h", "8h", "2c", "Kd"], ["3c", "4c", "5c"]], ["3s", "9h", "4d"])
    state.act(0, "draw:9h")
    state.act(0, "undo:undo")
    assert state.discard == ["3s", "9h", "4d"]
    assert sorted(state.hands[0]) == sorted(["7h", "8h", "2c", "Kd"])
    assert state.phase == "draw"


def test_taking_only_to_lay_off_needs_two_taken_cards_laid_off() -> None:
    state = table()
    give(state, [["2c", "9d", "Kd"], ["3c", "4c", "5c"]], ["Ks", "6h", "7h", "Qc"], melds=[["3h", "4h", "5h"]])
    offered = options(state, "draw")
    # 6h (with 7h and Qc above it) can be laid off with 7h; 7h alone would be one card with a gap.
    assert "6h" in offered and "7h" not in offered and "Qc" not in offered
    state.act(0, "draw:6h")
    both = state.copy()
    assert isinstance(both, GinGoState)
    both.act(0, "hit:6h,7h,m1")
    assert [c for c, _ in both.melds[0]["entries"]] == ["3h", "4h", "5h", "6h", "7h"]
    assert both.phase == "play"
    # 6h alone is allowed too, but then 7h must follow before the discard.
    state.act(0, "hit:6h,m1")
    assert state.phase == "lay_off_taken" and kinds(state) == {"hit"}
    with pytest.raises(IllegalMove, match="one more card you took"):
        state.act(0, "discard:2c")
    state.act(0, "hit:7h,m1")
    assert [c for c, _ in state.melds[0]["entries"]] == ["3h", "4h", "5h", "6h", "7h"]
    assert state.phase == "play" and "discard" in kinds(state)


def test_a_lay_off_of_one_taken_card_is_refused_when_no_second_can_follow() -> None:
    state = table()
    give(state, [["Jh", "Qh", "2c", "9d"], ["3c", "4c", "5c"]], ["Ks", "Th", "Qc"], melds=[["7h", "8h", "9h"]])
    state.act(0, "draw:Th")  # for the meld Th Jh Qh
    # Th fits on 7h 8h 9h, but the Qc taken with it can never follow: that lay-off is no use of the pick-up.
    assert all("Th" not in group for _, group in state.hit_candidates(0))
    with pytest.raises(IllegalMove, match="can follow"):
        state.act(0, "hit:Th,m1")
    assert state.phase == "use_taken" and "Th" in state.hands[0]
    state.act(0, "meld:Th,Jh,Qh")
    assert state.phase == "play"


def test_a_pick_up_may_lay_off_its_cards_on_two_melds() -> None:
    # The case: taking 5h with Kc above it, 5h onto 2-3-4h and Kc onto the Kings.
    state = table()
    give(
        state,
        [["2c", "9d", "7s"], ["3c", "4c", "5c"]],
        ["4d", "5h", "Kc"],
        melds=[["2h", "3h", "4h"], ["Kd", "Kh", "Ks"]],
    )
    assert "5h" in options(state, "draw")
    state.act(0, "draw:5h")
    assert {"5h", "m1"} <= set(options(state, "hit"))
    state.act(0, "hit:5h,m1")
    assert state.phase == "lay_off_taken"
    assert options(state, "hit") == ["Kc", "m2"]
    state.act(0, "hit:Kc,m2")
    assert state.phase == "play"
    assert state.board[square(3, 5)] == 0 and state.board[square(1, 13)] == 0
    assert [c for c, _ in state.melds[1]["entries"]] == ["Kc", "Kd", "Kh", "Ks"]


def test_the_card_a_joker_names_is_laid_off_with_another_taken_card() -> None:
    # 9c and 8c on Joker(as 9c) 10c Jc Qc: one lay-off with both taken cards.
    state = table()
    give(state, [["2d", "5s", "Kd"], ["3c", "4c", "5c"]], ["4d", "9c", "8c"], melds=[["Tc", "Jc", "Qc"]])
    state.melds[0]["entries"] = [["Jk1", "9c"], ["Tc", "Tc"], ["Jc", "Jc"], ["Qc", "Qc"]]
    assert "9c" in options(state, "draw")
    state.act(0, "draw:9c")
    assert ("m1", ("8c", "9c")) in state.hit_candidates(0)
    state.act(0, "hit:9c,8c,m1")
    assert state.phase == "play"
    assert [c for c, _ in state.melds[0]["entries"]] == ["8c", "Jk1", "9c", "Tc", "Jc", "Qc"]


def test_an_opening_lay_off_with_a_joker_names_it_so_the_second_card_can_follow() -> None:
    state = table()
    give(state, [["Jk1", "2c", "9d", "Kd"], ["3c", "4c", "5c"]], ["4d", "6h", "8h"], melds=[["3h", "4h", "5h"]])
    state.act(0, "draw:6h")
    # The Joker could be 2h or 7h; only as 7h can the 8h follow, so nothing is asked.
    state.act(0, "hit:6h,Jk1,m1")
    assert state.phase == "lay_off_taken"
    assert ["Jk1", "7h"] in state.melds[0]["entries"]
    state.act(0, "hit:8h,m1")
    assert state.phase == "play"


def test_a_single_top_card_cannot_be_taken_just_to_lay_it_off() -> None:
    state = table()
    give(state, [["2c", "9d", "Kd"], ["3c", "4c", "5c"]], ["6h"], melds=[["3h", "4h", "5h"]])
    assert options(state, "draw") == ["stock"]


# -- melds and hits ----------------------------------------------------------------------------


def test_runs_take_the_ace_low_or_high_but_not_around_the_corner() -> None:
    state = table()
    give(state, [["Qh", "Kh", "Ah", "2h", "3h", "9c"], []], ["4d"])
    state.act(0, "draw:stock")
    with pytest.raises(IllegalMove, match="don't meld"):
        state.act(0, "meld:Kh,Ah,2h")
    state.act(0, "meld:Qh,Kh,Ah")
    assert [c for c, _ in state.melds[0]["entries"]] == ["Qh", "Kh", "Ah"]


def test_a_meld_must_leave_a_card_to_discard() -> None:
    state = table()
    give(state, [["7c", "7d"], []], ["4d", "7h"])
    assert options(state, "draw") == ["stock"]  # taking 7h would leave nothing to discard
    give(state, [["7c", "7d", "7h"], []], ["4d"])
    state.draw_pile.append("7s")
    state.act(0, "draw:stock")
    with pytest.raises(IllegalMove):
        state.act(0, "meld:7c,7d,7h,7s")


def test_hits_go_on_anyones_meld_and_place_chips() -> None:
    state = table()
    give(state, [["6h", "9c", "Kd"], ["2c"]], ["4d"], melds=[["3h", "4h", "5h"]])
    state.act(0, "draw:stock")
    state.act(0, "hit:6h,m1")
    assert state.board[square(3, 6)] == 0
    assert state.melds[0]["owner"] == 1


# -- Jokers ------------------------------------------------------------------------------------


def test_a_joker_is_named_by_the_player() -> None:
    state = table()
    give(state, [["5h", "6h", "Jk1", "9c"], ["2c"]], ["4d"])
    state.act(0, "draw:stock")
    state.act(0, "meld:5h,6h,Jk1")
    assert state.phase == "name_joker"
    assert options(state, "name_joker") == ["4h", "7h", "cancel"]
    state.act(0, "name_joker:7h")
    assert state.melds[0]["entries"][-1] == ["Jk1", "7h"]
    assert state.board[square(3, 7)] == 0


def test_cancel_takes_a_joker_meld_back() -> None:
    state = table()
    give(state, [["5h", "6h", "Jk1", "9c"], ["2c"]], ["4d"])
    state.act(0, "draw:stock")
    state.act(0, "meld:5h,6h,Jk1")
    state.act(0, "name_joker:cancel")
    assert state.phase == "play" and not state.melds and "Jk1" in state.hands[0]


def test_a_joker_may_not_name_a_card_already_on_the_table() -> None:
    state = table()
    give(state, [["7c", "7d", "Jk1", "9c"], ["2c"]], ["4d"], melds=[["6h", "7h", "8h"]])
    state.act(0, "draw:stock")
    # 7h is on the table, so the Joker can only be the 7♠: no question is asked.
    state.act(0, "meld:7c,7d,Jk1")
    assert ["Jk1", "7s"] in state.melds[1]["entries"]
    state = table()
    give(state, [["Ts", "Js", "Jk1", "9c"], ["2c"]], ["4d"], melds=[["9s", "8s", "7s"], ["Qc", "Qd", "Qs"]])
    state.act(0, "draw:stock")
    with pytest.raises(IllegalMove, match="already on the table"):
        state.act(0, "meld:Ts,Js,Jk1")


def test_a_joker_cannot_join_a_closed_set_but_a_real_card_joins_a_joker_set() -> None:
    state = table()
    give(state, [["Jk1", "6s", "9c", "Kd"], ["2c"]], ["4d"], melds=[["6c", "6d", "6h", "6s"]] and [["6c", "6d", "6h"]])
    state.melds[0]["entries"].append(["Jk2", "6s"])
    state.act(0, "draw:stock")
    # The natural 6♠ joins 6♣ 6♦ 6♥ Joker(6♠): the Joker stays.
    state.act(0, "hit:6s,m1")
    assert len(state.melds[0]["entries"]) == 5 and ["Jk2", "6s"] in state.melds[0]["entries"]
    state = table()
    give(state, [["Jk1", "9c", "Kd"], ["2c"]], ["4d"], melds=[["6c", "6d", "6h", "6s"], ["2s", "3s", "4s"]])
    state.act(0, "draw:stock")
    assert "m1" not in options(state, "hit") and "m2" in options(state, "hit")
    with pytest.raises(IllegalMove):
        state.act(0, "hit:Jk1,m1")
    assert namings(["Jk1"], (), ["6c", "6d", "6h", "6s"], "set") == []


def test_the_card_a_joker_names_may_be_laid_off_and_the_joker_stays() -> None:
    state = table()
    give(state, [["5h", "9c", "Kd"], ["2c"]], ["4d"], melds=[["4h", "6h", "7h"]])
    state.melds[0]["entries"] = [["4h", "4h"], ["Jk1", "5h"], ["6h", "6h"], ["7h", "7h"]]
    state.act(0, "draw:stock")
    state.act(0, "hit:5h,m1")
    assert [c for c, _ in state.melds[0]["entries"]].count("Jk1") == 1
    assert len(state.melds[0]["entries"]) == 5


# -- chips and bumping -------------------------------------------------------------------------


def test_a_meld_bumps_opposing_chips_and_keeps_own_ones() -> None:
    state = table()
    give(state, [["7h", "8h", "9h", "Kd"], ["2c"]], ["4d"])
    state.board[square(3, 7)] = 1
    state.board[square(3, 8)] = 0
    state.act(0, "draw:stock")
    state.act(0, "meld:7h,8h,9h")
    assert state.board[square(3, 7)] == 0
    assert state.tally["bumped"] == [0, 1] and state.tally["own"] == [1, 0]
    view = state.view(1)
    assert view.this_turn_bumps == ((square(3, 7), 1),)
    assert set(view.this_turn_chips) == {square(3, 7), square(3, 9)}
    state.act(0, "discard:4d" if "4d" in state.hands[0] else f"discard:{state.hands[0][0]}")
    assert state.view(1).last_turn_bumps == ((square(3, 7), 1),)
    assert state.view(1).this_turn_chips == ()


# -- going out, capture, the end of a hand -----------------------------------------------------


def _chain(state: GinGoState, side: int, column_of_row: list[int]) -> None:
    for y, x in enumerate(column_of_row, start=1):
        state.board[square(x, y)] = side


def go_out(state: GinGoState, seat: int, others: dict[int, list[str]], meld: tuple[str, ...], melds=()) -> None:
    """``seat`` takes the last card of ``meld`` from the pile, melds it, discards its last card: out."""
    hands = [others.get(s, []) for s in range(state.num_players)]
    hands[seat] = [*meld[:-1], "2d"]
    give(state, hands, ["4d", meld[-1]], melds=list(melds))
    state.turn = seat
    state._cache = {}
    state.act(seat, f"draw:{meld[-1]}")
    state.act(seat, f"meld:{','.join(meld)}")
    state.act(seat, "discard:2d")


SPADES = ("9s", "Ts", "Js")  # side A's column 4, side B's column 1
CLUBS = ("9c", "Tc", "Jc")  # side A's column 1, side B's column 4


def test_zigzag_link_wins_when_the_hand_ends() -> None:
    state = table()
    _chain(state, 0, [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1])  # touches only diagonally
    assert link_path(state.board, 0, orthogonal_only=False) is not None
    go_out(state, 0, {1: ["5c", "3d"]}, SPADES)
    assert state.is_over and state.outcome().places == (1, 2)
    assert state.view(None).links[0] is not None
    assert len(state.view(None).links[0]) == 13


def test_orthogonal_only_the_same_chips_make_no_link() -> None:
    state = table(link="orthogonal")
    _chain(state, 0, [1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1])
    assert link_path(state.board, 0, orthogonal_only=True) is None
    go_out(state, 0, {1: ["5h", "3d"]}, SPADES)
    assert not state.is_over and state.hand_number == 2
    assert state.board.count(0) == 13 + 3 + 2  # the board is kept for the new hand
    assert state.view(None).links == (None, None)


def test_both_sides_linked_the_side_that_went_out_wins() -> None:
    state = table()
    _chain(state, 0, [1] * 13)
    _chain(state, 1, [4] * 13)
    go_out(state, 1, {0: ["5h", "3d"]}, CLUBS)
    assert state.outcome().places == (2, 1)
    assert "went out" in state.outcome().reason


def test_going_out_captures_every_card_held_and_places_chips() -> None:
    state = table(4)
    go_out(state, 0, {1: ["2c"], 2: ["5h", "9d"], 3: ["Qc"]}, SPADES)
    # The partner's cards are captured too; each places a chip of side A.
    for card in ("2c", "5h", "9d", "Qc"):
        assert state.board[square_of(0, list("cdhs"), card)] == 0
    assert sorted(state.last_hand["captured"]) == sorted(["2c", "5h", "9d", "Qc"])
    assert state.tally["captured"] == [4, 0]


def test_a_captured_joker_places_a_chip_only_when_it_can_be_laid_off() -> None:
    state = table()
    go_out(state, 0, {1: ["Jk1", "2c"]}, SPADES, melds=[["3h", "4h", "5h"]])
    assert state.phase == "capture_joker"
    assert set(options(state, "capture_joker")) == {"m1-2h", "m1-6h", "m2-8s", "m2-Qs"}
    state.act(0, "capture_joker:m1-6h")
    assert state.board[square(3, 6)] == 0
    assert state.hand_number == 2

    state = table()
    go_out(state, 0, {1: ["Jk1", "2c"]}, ("7c", "7d", "7h", "7s"))  # a closed set takes no Joker
    assert state.hand_number == 2
    assert state.board.count(0) == 4 + 1  # the set and the 2♣, nothing for the Joker


# -- the draw pile runs out, the hand limit ----------------------------------------------------


def test_used_up_draw_pile_is_refilled_from_the_melds() -> None:
    state = table()
    give(state, [["Kd", "9c"], ["2c", "Ts"]], ["4s"], melds=[["3h", "4h", "5h"], ["7c", "7d", "7s"]])
    state.draw_pile = ["8d"]
    board = list(state.board)
    state.act(0, "draw:stock")
    state.act(0, "discard:9c")
    assert sorted(state.draw_pile) == sorted(["3h", "4h", "5h", "7c", "7d", "7s"])
    assert state.melds == [] and state.board == board
    assert "used up" in state.events[-1]


def test_with_no_melds_the_discard_pile_but_its_top_is_shuffled() -> None:
    state = table()
    give(state, [["Kd", "9c"], ["2c", "Ts"]], ["4s", "5s", "6d"])
    state.draw_pile = ["8d"]
    state.act(0, "draw:stock")
    state.act(0, "discard:9c")
    assert state.discard == ["9c"] and sorted(state.draw_pile) == sorted(["4s", "5s", "6d"])


def test_hand_limit_lets_the_chip_count_decide() -> None:
    state = table(hand_limit=1)
    state.board[square(2, 1)] = 1
    go_out(state, 0, {1: ["2c", "3d"]}, SPADES)
    # Seat 1 went out: 3 meld chips and 2 captured against 1.
    assert state.is_over
    assert state.outcome().places == (1, 2) and state.outcome().points == (5, 1)
    assert "hand limit" in state.outcome().reason


def test_hand_limit_with_equal_chips_is_a_draw() -> None:
    state = table(hand_limit=1)
    for x, y in ((1, 13), (2, 13), (3, 13), (1, 12), (2, 12)):
        state.board[square(x, y)] = 1
    go_out(state, 0, {1: ["2c", "3d"]}, SPADES)
    assert state.outcome().places == (1, 1) and state.outcome().points == (5, 5)


# -- what a seat sees --------------------------------------------------------------------------


def test_views_show_no_other_hand_not_even_a_partners() -> None:
    state = GAME.new_state(4, 3)
    while state.phase != "draw":
        seat = state.waiting_on()[0]
        state.act(seat, state.legal_moves(seat)[0])
    before = state.view(0)
    others = [c for seat in (1, 2, 3) for c in state.hands[seat]]
    others.reverse()
    for seat in (1, 2, 3):
        size = len(state.hands[seat])
        state.hands[seat], others = others[:size], others[size:]
    state._cache = {}
    assert state.view(0) == before
    assert state.view(None).hand == ()


def test_view_round_trips_through_json() -> None:
    state = table()
    give(state, [["5h", "6h", "Jk1", "9c"], ["2c"]], ["4d"])
    state.act(0, "draw:stock")
    state.act(0, "meld:5h,6h,Jk1")
    again = GAME.load(state.to_json())
    assert again.view(0) == state.view(0)
