"""Gin Rummy rules, hand by hand: each test sets up a table and plays the rule it names."""

import pytest

from engine.core import IllegalMove, Move
from engine.gin_rummy import GAME as GIN_RUMMY
from engine.gin_rummy import GinRummyState
from engine.gin_rummy.cards import full_deck, label


def rig(
    hands: tuple[str, str],
    *,
    pile: str = "",
    stock_top: str = "",
    stock_size: int | None = None,
    turn: int = 0,
    stage: str = "discard",
    dealer: int = 1,
    just_taken: str | None = None,
    **options: int,
) -> GinRummyState:
    """A state with the given hands; the other cards fill the stock (``stock_top`` on top)."""
    state = GIN_RUMMY.new_state(2, 1, options)
    assert isinstance(state, GinRummyState)
    state.hands = [hands[0].split(), hands[1].split()]
    state.pile = pile.split()
    top = stock_top.split()
    used = set(state.hands[0] + state.hands[1] + state.pile + top)
    rest = [c for c in full_deck() if c not in used]
    if stock_size is not None:
        rest = rest[: stock_size - len(top)]
    state.stock = rest + top[::-1]
    state.turn, state.stage, state.dealer, state.just_taken = turn, stage, dealer, just_taken
    state._cache = {}
    return state


def kinds(state: GinRummyState, seat: int) -> dict[str, list[str]]:
    return {d.kind: [o.id for o in d.options] for d in state.decisions_for(seat)}


# A hand of 10 that melds but for 5♦ (5 deadwood), plus a card to discard.
MELDED = "As 2s 3s 7h 7d 7c Kh Qh Jh 5d"
OTHER = "2c 4c 6c 8c Tc 3d 9d Jd 4h 6h"


def test_a_new_game_offers_the_upcard_to_the_non_dealer() -> None:
    state = GIN_RUMMY.new_state(2, 5)
    assert isinstance(state, GinRummyState)
    non_dealer = 1 - state.dealer
    assert state.waiting_on() == (non_dealer,)
    assert kinds(state, non_dealer) == {"upcard": ["take", "pass"]}
    assert [len(h) for h in state.hands] == [10, 10] and len(state.pile) == 1 and len(state.stock) == 31


def test_upcard_passed_by_both_then_the_non_dealer_draws_from_the_stock() -> None:
    state = GIN_RUMMY.new_state(2, 5)
    non_dealer, dealer = 1 - state.dealer, state.dealer
    up, top = state.pile[-1], state.stock[-1]
    state.act(non_dealer, "upcard:pass")
    assert state.waiting_on() == (dealer,) and "upcard" in kinds(state, dealer)
    state.act(dealer, "upcard:pass")
    # No question for the forced draw: the non-dealer now holds 11 and must discard.
    assert state.waiting_on() == (non_dealer,)
    assert top in state.hands[non_dealer] and len(state.hands[non_dealer]) == 11
    assert state.pile == [up]
    passed = state.view(non_dealer).passed
    assert passed[non_dealer] == (up,) and passed[dealer] == (up,)


def test_taking_the_upcard_forbids_discarding_it_the_same_turn() -> None:
    state = GIN_RUMMY.new_state(2, 5)
    seat = 1 - state.dealer
    up = state.pile[-1]
    state.act(seat, "upcard:take")
    assert up in state.hands[seat]
    assert up not in kinds(state, seat)["discard"]
    before = state.to_json()
    with pytest.raises(IllegalMove, match="just took"):
        state.act(seat, f"discard:{up}")
    assert state.to_json() == before
    assert state.view(seat).picked[seat] == (up,)


def test_draw_from_the_discard_pile_then_discard_another() -> None:
    state = rig((MELDED, OTHER), pile="9c 4s", stage="draw")
    assert kinds(state, 0)["draw"] == ["stock", "discard"]
    state.act(0, "draw:discard")
    assert "4s" in state.hands[0] and state.pile == ["9c"]
    assert "4s" not in kinds(state, 0)["discard"]
    # 4♠ extends A-2-3♠: discarding 5♦ is Gin, and the gin discard is offered.
    assert kinds(state, 0)["gin"] == ["5d"]


def test_knock_options_are_the_discards_within_the_knock_card() -> None:
    state = rig((MELDED + " 9c", OTHER), pile="8d", knock_card=10)
    assert set(kinds(state, 0)["knock"]) == {"9c", "5d"}
    labels = {o.id: o.label for d in state.decisions_for(0) if d.kind == "knock" for o in d.options}
    assert labels["9c"] == "9♣ (deadwood 5)" and labels["5d"] == "5♦ (deadwood 9)"
    low = rig((MELDED + " 9c", OTHER), pile="8d", knock_card=5)
    assert kinds(low, 0)["knock"] == ["9c"]
    with pytest.raises(IllegalMove, match="knock with 5 or less"):
        low.act(0, "knock:5d")
    none = rig((MELDED + " 9c", OTHER), pile="8d", knock_card=4)
    assert "knock" not in kinds(none, 0)


def test_knock_scores_the_difference_after_lay_offs() -> None:
    # Seat 2 lays off 4♠ on A-2-3♠ and 7♠ on the three 7s.
    state = rig((MELDED + " 9c", "4s 7s 2c 4c 6c 8c Tc 3d 9d Jd"), pile="8d", target_score=0)
    state.act(0, "knock:9c")
    result = state.view(None).last_hand
    assert result.kind == "knock" and result.knocker == 0 and result.winner == 0
    assert {card for card, _ in result.layoffs} == {"4s", "7s"}
    assert result.deadwood == (5, 2 + 4 + 6 + 8 + 10 + 3 + 9 + 10)
    assert result.points == result.deadwood[1] - 5 and state.scores == [result.points, 0]
    assert result.face_down == "9c"


def test_undercut_including_a_tie() -> None:
    # Seat 1 holds three melds and 5 deadwood: knocking with 5 against 5 is an undercut.
    defender = "2c 3c 4c 9d 9h 9s Tc Jc Qc 5h"
    state = rig((MELDED + " Kc", defender), pile="8d", target_score=0, undercut_bonus=25)
    state.act(0, "knock:Kc")
    result = state.view(None).last_hand
    assert result.kind == "undercut" and result.winner == 1
    assert result.deadwood == (5, 5) and result.points == 25
    assert state.scores == [0, 25]
    lower = rig((MELDED + " Kc", "2c 3c 4c 9d 9h 9s Tc Jc Qc Ah"), pile="8d", target_score=0)
    lower.act(0, "knock:Kc")
    assert lower.view(None).last_hand.points == 5 - 1 + 25


def test_gin_scores_25_plus_deadwood_and_allows_no_lay_offs() -> None:
    # 4♠ would extend A-2-3♠, but after Gin nothing is laid off.
    melded = "As 2s 3s 7h 7d 7c Kh Qh Jh 4s 9c"
    state = rig((melded, "5s 2c 4c 6c 8c Tc 3d 9d Jd 4h"), pile="8d", target_score=0)
    assert kinds(state, 0)["gin"] == ["9c"]
    state.act(0, "gin:9c")
    result = state.view(None).last_hand
    assert result.kind == "gin" and result.layoffs == ()
    assert result.points == 25 + 5 + 2 + 4 + 6 + 8 + 10 + 3 + 9 + 10 + 4


def test_big_gin_scores_31_plus_deadwood() -> None:
    eleven = "As 2s 3s 4s 7h 7d 7c Kh Qh Jh Th"
    state = rig((eleven, OTHER), pile="8d", target_score=0)
    assert kinds(state, 0)["big_gin"] == ["declare"]
    state.act(0, "big_gin:declare")
    result = state.view(None).last_hand
    assert result.kind == "big_gin" and result.face_down is None
    assert result.points == 31 + 2 + 4 + 6 + 8 + 10 + 3 + 9 + 10 + 4 + 6


def test_two_card_stock_ends_the_hand_in_a_draw_with_the_same_dealer() -> None:
    state = rig((MELDED + " 9c", OTHER), pile="8d", stock_size=2, dealer=1)
    hand_number = state.hand_number
    state.act(0, "discard:9c")
    assert state.view(None).last_hand.kind == "draw"
    assert state.scores == [0, 0] and state.dealer == 1
    assert state.hand_number == hand_number + 1 and state.phase == "upcard"
    # With three cards left the hand goes on.
    going = rig((MELDED + " 9c", OTHER), pile="8d", stock_size=3)
    going.act(0, "discard:9c")
    assert going.phase == "draw" and going.turn == 1


def test_the_dealer_alternates_after_a_scored_hand() -> None:
    state = rig((MELDED + " 9c", OTHER), pile="8d", dealer=1)
    state.act(0, "knock:9c")
    assert state.dealer == 0 and state.waiting_on() == (1,) and state.phase == "upcard"


def test_game_line_and_shutout_bonuses() -> None:
    state = rig((MELDED + " 9c", OTHER), pile="8d", target_score=50)
    state.scores = [40, 30]
    state.hands_won = [2, 1]
    state.act(0, "knock:9c")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    hand = state.view(None).last_hand.points
    assert outcome.points == (40 + hand + 100 + 25 * 3, 30)
    shutout = rig((MELDED + " 9c", OTHER), pile="8d", target_score=50)
    shutout.scores, shutout.hands_won = [40, 0], [2, 0]
    shutout.act(0, "knock:9c")
    assert shutout.outcome().points[0] == 40 + hand + 200 + 25 * 3
    assert shutout.view(None).final.game_bonus == 200


def test_a_target_of_zero_is_a_single_hand() -> None:
    state = rig((MELDED + " 9c", OTHER), pile="8d", target_score=0)
    state.act(0, "knock:9c")
    assert state.is_over and state.decisions() == [] and state.phase == "over"
    with pytest.raises(IllegalMove, match="over"):
        state.act(1, "draw:stock")


def test_views_never_show_the_other_hand_or_the_stock() -> None:
    state = GIN_RUMMY.new_state(2, 9)
    for seat in (0, 1):
        view = state.view(seat)
        assert set(view.hand) == set(state.hands[seat])
        secret = set(state.hands[1 - seat]) | set(state.stock)
        assert not secret & set(repr(view).replace("'", " ").replace(",", " ").split())
    spectator = state.view(None)
    assert spectator.hand == () and spectator.decisions == () and spectator.deadwood is None


def test_options_are_validated() -> None:
    assert GIN_RUMMY.validate_options() == {"knock_card": 10, "undercut_bonus": 25, "target_score": 100}
    with pytest.raises(ValueError, match="between 0 and 10"):
        GIN_RUMMY.new_state(2, 1, {"knock_card": 11})
    with pytest.raises(ValueError, match="exactly 2"):
        GIN_RUMMY.new_state(3, 1)


def test_a_move_of_another_kind_is_refused_with_what_to_do_now() -> None:
    """A person holding an old button (Knock while the upcard is offered) is told what the game
    waits for, and the game is unchanged."""
    state = GIN_RUMMY.new_state(2, 5)
    non_dealer = 1 - state.dealer
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.act(non_dealer, Move("knock", (state.hands[non_dealer][0],)))
    sentence = refused.value.args[0]
    up = label(state.pile[-1])
    assert sentence == f"You can't do that now: Take the upcard {up}, or pass?"
    assert state.to_json() == before
