"""Gin Rummy for two, as /shared/rules/gin-rummy.md describes it. Read it like the rulebook.

A hand: the deal and the upcard offer, then turns of draw-and-discard until someone
knocks, goes Gin or Big Gin, or the stock is down to two cards (a draw). The engine
counts the hand at once — melds and the defender's lay-offs are always optimal —
puts the reveal in :attr:`GinRummyView.last_hand`, and deals the next hand, until a
player reaches the target score.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import (
    Decision,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    places_from_points,
)
from engine.gin_rummy.cards import CARD_BIT, from_mask, full_deck, label, sorted_cards, to_mask
from engine.gin_rummy.melds import arrange_mask, best_lay_off, deadwood_mask
from engine.gin_rummy.view import FinalScore, GinRummyView, HandResult
from engine.marks import N_
from engine.words import Text

__all__ = ["OPTIONS", "FinalScore", "GinRummyState", "GinRummyView", "HandResult"]

OPTIONS = (
    GameOption(
        "knock_card", N_("Most deadwood you may knock with"), 10, minimum=0, maximum=10, label=N_("Knock limit")
    ),
    GameOption("undercut_bonus", N_("Bonus for an undercut"), 25, minimum=0, maximum=100, label=N_("Undercut bonus")),
    GameOption(
        "target_score",
        N_("Points to win the game (0 = a single hand)"),
        100,
        minimum=0,
        maximum=500,
        label=N_("Target score"),
    ),
)

GIN_BONUS = 25
BIG_GIN_BONUS = 31
GAME_BONUS = 100
SHUTOUT_GAME_BONUS = 200
LINE_BONUS = 25
#: A plain discard that leaves this many stock cards (or fewer) ends the hand as a draw.
STOCK_FLOOR = 2


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class GinRummyState(GameState):
    """One moment of a game of Gin Rummy."""

    # -- the deal ---------------------------------------------------------------
    def _setup(self) -> None:
        self._cache: dict[str, Any] = {}
        self.scores = [0, 0]
        self.hands_won = [0, 0]
        self.hand_number = 0
        self.last_hand: dict[str, Any] | None = None
        self.final: dict[str, Any] | None = None
        self.dealer = self.rng.randrange(2)  # cutting for the first deal
        self._deal()

    def _deal(self) -> None:
        deck = full_deck()
        self.rng.shuffle(deck)
        non_dealer = 1 - self.dealer
        self.hands: list[list[str]] = [[], []]
        self.hands[non_dealer] = deck[0:10]
        self.hands[self.dealer] = deck[10:20]
        self.pile = [deck[20]]  # the upcard
        self.stock = deck[21:]  # the top is the end of the list
        self.face_down: str | None = None
        self.turn = non_dealer
        self.stage = "upcard"
        self.upcard_passes = 0
        self.just_taken: str | None = None
        self.picked: list[list[str]] = [[], []]
        self.discarded: list[list[str]] = [[], []]
        self.passed: list[list[str]] = [[], []]
        self.hand_number += 1
        self.log(
            Text(
                "Hand {number}: {dealer} deals; the upcard is {card}.",
                number=self.hand_number,
                dealer=seat_name(self.dealer),
                card=label(self.pile[-1]),
            )
        )

    @property
    def phase(self) -> str:
        return self.stage

    @property
    def knock_card(self) -> int:
        return int(self.options["knock_card"])

    # -- decisions --------------------------------------------------------------
    def discard_deadwoods(self) -> dict[str, int]:
        """For each card the player to discard holds: their deadwood after discarding it."""
        if "dw" not in self._cache:
            mask = to_mask(self.hands[self.turn])
            self._cache["dw"] = {card: deadwood_mask(mask ^ CARD_BIT[card]) for card in self.hands[self.turn]}
        after: dict[str, int] = self._cache["dw"]
        return after

    def decisions(self) -> list[Decision]:
        seat = self.turn
        if self.stage == "over":
            return []
        if self.stage == "upcard":
            up = label(self.pile[-1])
            return [
                Decision(
                    seat,
                    "upcard",
                    Text("Take the upcard {card}, or pass?", card=up),
                    (Option("take", Text("Take {card}", card=up)), Option("pass", Text("Pass"))),
                )
            ]
        if self.stage == "draw":
            options = [Option("stock", Text("Draw from the stock"))]
            if self.pile:
                options.append(Option("discard", Text("Take {card}", card=label(self.pile[-1]))))
            return [Decision(seat, "draw", Text("Draw from the stock or take the discard."), tuple(options))]
        # stage "discard": one plain discard, or a knock / Gin / Big Gin instead.
        after = self.discard_deadwoods()
        allowed = [c for c in sorted_cards(self.hands[seat]) if c != self.just_taken]
        found = [
            Decision(seat, "discard", Text("Discard a card."), tuple(Option(c, label(c)) for c in allowed)),
        ]
        knocks = [c for c in allowed if 0 < after[c] <= self.knock_card]
        if knocks:
            found.append(
                Decision(
                    seat,
                    "knock",
                    Text("Knock: pick your face-down discard."),
                    tuple(
                        Option(c, Text("{card} (deadwood {deadwood})", card=label(c), deadwood=after[c]))
                        for c in knocks
                    ),
                )
            )
        gins = [c for c in allowed if after[c] == 0]
        if gins:
            found.append(
                Decision(
                    seat,
                    "gin",
                    Text("Go Gin: pick your face-down discard."),
                    tuple(Option(c, label(c)) for c in gins),
                )
            )
        if deadwood_mask(to_mask(self.hands[seat])) == 0:
            found.append(
                Decision(seat, "big_gin", Text("All 11 cards meld."), (Option("declare", Text("Declare Big Gin")),))
            )
        return found

    # -- acting -------------------------------------------------------------------
    def act(self, seat: int, move: Move | str) -> None:
        """As :meth:`GameState.act`, with clearer words for the two discards people try."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.stage == "discard" and seat == self.turn and move.kind in ("discard", "knock", "gin"):
            if move.picks == (self.just_taken,):
                raise IllegalMove(Text("You can't discard the card you just took from the discard pile; pick another."))
            card = move.picks[0] if len(move.picks) == 1 else ""
            if move.kind in ("knock", "gin") and card in self.hands[seat]:
                left = self.discard_deadwoods()[card]
                if move.kind == "gin" and left:
                    raise IllegalMove(
                        Text(
                            "Discarding {card} leaves {deadwood} deadwood; Gin needs 0.",
                            card=label(card),
                            deadwood=left,
                        )
                    )
                if move.kind == "knock" and left > self.knock_card:
                    raise IllegalMove(
                        Text(
                            "Discarding {card} leaves {deadwood} deadwood; you may knock with {limit} or less.",
                            card=label(card),
                            deadwood=left,
                            limit=self.knock_card,
                        )
                    )
        super().act(seat, move)

    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        self._cache = {}
        pick = move.picks[0]
        other = 1 - seat
        if move.kind == "upcard":
            up = self.pile[-1]
            if pick == "take":
                self._take_discard(seat, Text("{who} takes the upcard {card}.", who=seat_name(seat), card=label(up)))
                return
            self.passed[seat].append(up)
            self.upcard_passes += 1
            self.log(Text("{who} passes the upcard.", who=seat_name(seat)))
            if self.upcard_passes == 1:
                self.turn = other  # the dealer's turn to take it or pass
            else:
                # Both passed: the non-dealer draws from the stock (no choice, so no question).
                self.turn = 1 - self.dealer
                self._draw_stock(self.turn, note_declined=False)
        elif move.kind == "draw":
            if pick == "discard":
                line = Text("{who} takes {card} from the discard pile.", who=seat_name(seat), card=label(self.pile[-1]))
                self._take_discard(seat, line)
            else:
                self._draw_stock(seat, note_declined=True)
        elif move.kind == "discard":
            self.hands[seat].remove(pick)
            self.pile.append(pick)
            self.discarded[seat].append(pick)
            self.just_taken = None
            self.log(Text("{who} discards {card}.", who=seat_name(seat), card=label(pick)))
            if len(self.stock) <= STOCK_FLOOR:
                self._end_in_draw()
            else:
                self.turn = other
                self.stage = "draw"
        elif move.kind in ("knock", "gin"):
            self.hands[seat].remove(pick)
            self.face_down = pick
            self._end_hand(move.kind, seat)
        elif move.kind == "big_gin":
            self._end_hand("big_gin", seat)

    def _take_discard(self, seat: int, line: Text) -> None:
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.picked[seat].append(card)
        self.just_taken = card
        self.turn = seat
        self.stage = "discard"
        self.log(line)

    def _draw_stock(self, seat: int, note_declined: bool) -> None:
        if note_declined and self.pile:
            self.passed[seat].append(self.pile[-1])
        self.hands[seat].append(self.stock.pop())
        self.just_taken = None
        self.turn = seat
        self.stage = "discard"
        self.log(Text("{who} draws from the stock.", who=seat_name(seat)))

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random legal move, leaning towards ending hands so random games finish.

        Uniformly random discards almost never get down to a knock, so every hand would
        run to a draw. Every kind of move still comes up.
        """
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove(Text("It is not your turn."))
        enders = [m for m in moves if m.kind in ("knock", "gin", "big_gin")]
        if enders and rng.random() < 0.8:
            return rng.choice(enders)
        if self.stage == "discard" and rng.random() < 0.7:
            after = self.discard_deadwoods()
            plain = [m for m in moves if m.kind == "discard"]
            least = min(after[m.picks[0]] for m in plain)
            return rng.choice([m for m in plain if after[m.picks[0]] == least])
        return rng.choice(moves)

    # -- the end of a hand ----------------------------------------------------------
    def _end_in_draw(self) -> None:
        """Two stock cards left after a plain discard: no score, the same dealer deals again."""
        self.last_hand = {
            "number": self.hand_number,
            "kind": "draw",
            "knocker": None,
            "winner": None,
            "points": 0,
            "hands": [],
            "melds": [],
            "deadwood_cards": [],
            "deadwood": [],
            "layoffs": [],
            "face_down": None,
            "scores": list(self.scores),
        }
        self.log(self.recap())
        self._deal()

    def _end_hand(self, kind: str, knocker: int) -> None:
        """Lay down, lay off (after a plain knock only), count, score; then deal or finish."""
        defender = 1 - knocker
        k_mask = to_mask(self.hands[knocker])
        d_mask = to_mask(self.hands[defender])
        k_dw, k_melds, _ = arrange_mask(k_mask)
        laid: list[tuple[int, int]] = []
        if kind == "knock":
            _, laid = best_lay_off(d_mask, k_melds)
            for bit, _ in laid:
                d_mask ^= bit
        d_dw, d_melds, _ = arrange_mask(d_mask)

        if kind == "gin":
            winner, points = knocker, GIN_BONUS + d_dw
        elif kind == "big_gin":
            winner, points = knocker, BIG_GIN_BONUS + d_dw
        elif k_dw < d_dw:
            winner, points = knocker, d_dw - k_dw
        else:  # a tie is an undercut too
            kind = "undercut"
            winner, points = defender, k_dw - d_dw + int(self.options["undercut_bonus"])
        self.scores[winner] += points
        self.hands_won[winner] += 1

        melds: list[list[list[str]]] = [[], []]
        melds[knocker] = [sorted_cards(from_mask(m)) for m in k_melds]
        melds[defender] = [sorted_cards(from_mask(m)) for m in d_melds]
        dead: list[list[str]] = [[], []]
        for seat, mask, seat_melds in ((knocker, k_mask, k_melds), (defender, d_mask, d_melds)):
            for meld in seat_melds:
                mask &= ~meld
            dead[seat] = sorted_cards(from_mask(mask))
        deadwood = [0, 0]
        deadwood[knocker], deadwood[defender] = k_dw, d_dw
        layoffs = [[from_mask(bit)[0], index] for bit, index in laid]
        self.last_hand = {
            "number": self.hand_number,
            "kind": kind,
            "knocker": knocker,
            "winner": winner,
            "points": points,
            "hands": [sorted_cards(h) for h in self.hands],
            "melds": melds,
            "deadwood_cards": dead,
            "deadwood": deadwood,
            "layoffs": layoffs,
            "face_down": self.face_down,
            "scores": list(self.scores),
        }
        self.log(self.recap())
        self.log(
            Text(
                "Score: {first} {first_score}, {second} {second_score}.",
                first=seat_name(0),
                first_score=self.scores[0],
                second=seat_name(1),
                second_score=self.scores[1],
            )
        )
        target = int(self.options["target_score"])
        if target == 0 or self.scores[winner] >= target:
            self._finish(winner)
        else:
            self.dealer = 1 - self.dealer
            self._deal()

    def _finish(self, winner: int) -> None:
        loser = 1 - winner
        game_bonus = SHUTOUT_GAME_BONUS if self.hands_won[loser] == 0 else GAME_BONUS
        line_bonus = LINE_BONUS * self.hands_won[winner]
        totals = list(self.scores)
        totals[winner] += game_bonus + line_bonus
        self.final = {"winner": winner, "game_bonus": game_bonus, "line_bonus": line_bonus, "totals": totals}
        self.stage = "over"
        if self.hands_won[loser] == 0:
            template = N_(
                "{who} wins the game: game bonus {game} (shutout), line bonus {line}; final {first} to {second}."
            )
            line = Text(
                template, who=seat_name(winner), game=game_bonus, line=line_bonus, first=totals[0], second=totals[1]
            )
        else:
            template = N_("{who} wins the game: game bonus {game}, line bonus {line}; final {first} to {second}.")
            line = Text(
                template, who=seat_name(winner), game=game_bonus, line=line_bonus, first=totals[0], second=totals[1]
            )
        self.log(line)

    def outcome(self) -> Outcome | None:
        if self.final is None:
            return None
        totals = tuple(self.final["totals"])
        winner = seat_name(self.final["winner"])
        target = int(self.options["target_score"])
        bonus = Text(
            "game bonus {game}, line bonus {line}", game=self.final["game_bonus"], line=self.final["line_bonus"]
        )
        if target:
            reason = Text(
                "{winner} reached the target of {target} points ({bonus})", winner=winner, target=target, bonus=bonus
            )
        else:
            reason = Text("{winner} won the single hand ({bonus})", winner=winner, bonus=bonus)
        return Outcome(reason, totals, places_from_points(totals), termination="target_score")

    def recap(self) -> str:
        """How the last hand ended: who knocked or went Gin, the deadwood, who scored what."""
        last = self.last_hand
        if last is None:
            return ""
        number, kind = last["number"], last["kind"]
        if kind == "draw":
            return Text(
                "Hand {number} was a draw: the stock ran down to its last two cards with nobody out.", number=number
            )
        knocker, winner, points = last["knocker"], last["winner"], last["points"]
        k, d = seat_name(knocker), seat_name(1 - knocker)
        k_dw, d_dw = last["deadwood"][knocker], last["deadwood"][1 - knocker]
        off = ", ".join(label(c) for c, _ in last["layoffs"])
        if kind == "gin":
            did = Text("{knocker} went Gin; {defender} had {deadwood} deadwood", knocker=k, defender=d, deadwood=d_dw)
        elif kind == "big_gin":
            did = Text(
                "{knocker} declared Big Gin; {defender} had {deadwood} deadwood", knocker=k, defender=d, deadwood=d_dw
            )
        elif off and kind == "undercut":
            template = N_(
                "{knocker} knocked with {own} deadwood; {defender} had {deadwood} after laying off {cards}, an undercut"
            )
            did = Text(template, knocker=k, own=k_dw, defender=d, deadwood=d_dw, cards=off)
        elif off:
            template = N_("{knocker} knocked with {own} deadwood; {defender} had {deadwood} after laying off {cards}")
            did = Text(template, knocker=k, own=k_dw, defender=d, deadwood=d_dw, cards=off)
        elif kind == "undercut":
            template = N_("{knocker} knocked with {own} deadwood; {defender} had {deadwood}, an undercut")
            did = Text(template, knocker=k, own=k_dw, defender=d, deadwood=d_dw)
        else:
            template = N_("{knocker} knocked with {own} deadwood; {defender} had {deadwood}")
            did = Text(template, knocker=k, own=k_dw, defender=d, deadwood=d_dw)
        return Text(
            "Hand {number}: {did}. {winner} scored {points}.",
            number=number,
            did=did,
            winner=seat_name(winner),
            points=points,
        )

    # -- what a seat sees -------------------------------------------------------------
    def view(self, seat: int | None) -> GinRummyView:
        hand: tuple[str, ...] = ()
        melds: tuple[tuple[str, ...], ...] = ()
        dead: tuple[str, ...] = ()
        deadwood = None
        best_discard = None
        if seat is not None and self.stage != "over":
            hand = tuple(sorted_cards(self.hands[seat]))
            mask = to_mask(hand)
            if len(hand) == 11:
                legal = [c for c in hand if c != self.just_taken]
                best_discard = min(legal, key=lambda c: deadwood_mask(mask ^ CARD_BIT[c]))
                mask ^= CARD_BIT[best_discard]
            deadwood, meld_masks, _ = arrange_mask(mask)
            melds = tuple(tuple(sorted_cards(from_mask(m))) for m in meld_masks)
            in_melds = {c for m in melds for c in m}
            dead = tuple(c for c in hand if c not in in_melds)
        return GinRummyView(
            **self.base_view_fields(seat),
            hand=hand,
            melds=melds,
            deadwood_cards=dead,
            deadwood=deadwood,
            best_discard=best_discard,
            just_taken=self.just_taken,
            discard_top=self.pile[-1] if self.pile else None,
            discard_pile=tuple(self.pile),
            stock_size=len(self.stock),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            turn=None if self.stage == "over" else self.turn,
            dealer=self.dealer,
            scores=tuple(self.scores),
            hands_won=tuple(self.hands_won),
            hand_number=self.hand_number,
            picked=tuple(tuple(p) for p in self.picked),
            discarded=tuple(tuple(d) for d in self.discarded),
            passed=tuple(tuple(p) for p in self.passed),
            knock_card=self.knock_card,
            target_score=int(self.options["target_score"]),
            last_hand=HandResult.from_dict(self.last_hand) if self.last_hand else None,
            final=FinalScore(
                self.final["winner"],
                self.final["game_bonus"],
                self.final["line_bonus"],
                tuple(self.final["totals"]),
            )
            if self.final
            else None,
        )

    # -- persistence ---------------------------------------------------------------------
    saved_fields = (
        "hands",
        "stock",
        "pile",
        "face_down",
        "dealer",
        "turn",
        "stage",
        "upcard_passes",
        "just_taken",
        "scores",
        "hands_won",
        "hand_number",
        "picked",
        "discarded",
        "passed",
        "last_hand",
        "final",
    )

    def _load(self, data: dict[str, Any]) -> None:
        super()._load(data)
        self._cache = {}

    def all_cards(self) -> list[str]:
        """Every card the state holds, wherever it is (tests check there are 52, once each)."""
        cards = [*self.hands[0], *self.hands[1], *self.stock, *self.pile]
        if self.face_down is not None:
            cards.append(self.face_down)
        return cards
