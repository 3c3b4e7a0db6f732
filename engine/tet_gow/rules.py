"""Tet-Gow, the rules (see shared/rules/tet-gow.md): read it like the rulebook.

A round: the leader plays face up one or more cards of one Tier (X cards). Each
other player in seat order either *follows* — X cards face up with exactly the
lead's Set mix, all in one Tier, stronger than every face-up play so far — or
*passes* X cards face down; passed cards leave the game unseen by anyone. The
strongest face-up play takes X tricks and leads next. The round that empties the
hands is the last: whoever wins it wins the game, but only with at least 2 tricks
(so in that round a player may follow only if their tricks plus X reach 2).
Score: 1 per trick, +5 for the game winner; a match adds up several games.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from engine.core import (
    Decision,
    GameOption,
    GameState,
    IllegalMove,
    Move,
    Option,
    Outcome,
    View,
    places_from_points,
    seat_list,
)
from engine.marks import N_
from engine.tet_gow.deck import CARDS, SETS, deck, describe_mix, names, set_mix, sort_cards, tier_of
from engine.words import Text

OPTIONS = (
    GameOption("games", N_("Games in the match"), 1, minimum=1, maximum=10, label=N_("Games")),
    GameOption(
        "classic_lead_limit",
        N_("Classic lead limit: at most 4 cards, at most 1 Cycle"),
        "off",
        ("off", "on"),
        label=N_("Classic lead limit"),
        meanings=(
            N_("no limit: any number of cards of one Tier"),
            N_("a lead has at most 4 cards and at most 1 Cycle card"),
        ),
    ),
)
WIN_BONUS = 5
#: The classic lead limit: at most this many cards, and at most this many Cycle cards.
CLASSIC_MAX_CARDS = 4
CLASSIC_MAX_CYCLE = 1


@dataclass(frozen=True)
class Play:
    """One player's turn in a round: face-up cards, or a face-down pass (a count only)."""

    seat: int
    #: The cards, face up; always empty for a pass.
    cards: tuple[str, ...]
    count: int
    face_up: bool

    @property
    def tier(self) -> int | None:
        return tier_of(self.cards[0]) if self.cards else None


@dataclass(frozen=True)
class TetGowView(View):
    #: This seat's hand, strongest first (empty for spectators).
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    #: The seat to play now, or None when the match is over.
    turn: int | None
    round_no: int
    game_no: int
    games: int
    #: This round's plays in order; passes carry no cards.
    plays: tuple[Play, ...]
    #: X, the size of this round's lead (0 before the lead).
    lead_size: int
    #: The Tier every follow must beat (None before the lead).
    best_tier: int | None
    #: True when this round empties the hands (the 2-trick rule applies).
    final_round: bool
    tricks: tuple[int, ...]
    #: Match points from finished games.
    scores: tuple[int, ...]
    #: The previous round's plays and winner, for the table picture.
    last_plays: tuple[Play, ...]
    last_winner: int | None
    #: Every card played face up this game (the public record players remember).
    seen: tuple[str, ...]
    #: Points of each finished game, one tuple per game.
    game_results: tuple[tuple[int, ...], ...]
    classic_limit: bool
    #: This game's finished rounds, oldest first, as anyone saw them (passes as counts): who
    #: passed where they might have followed is public, and a computer player reads it here.
    rounds: tuple[tuple[Play, ...], ...] = ()
    #: The cards this seat passed face down this game: it saw them go (empty for spectators).
    own_passes: tuple[str, ...] = ()


class TetGowState(GameState):
    """One match of Tet-Gow: one or more games, each dealt afresh."""

    # -- dealing ------------------------------------------------------------
    def _setup(self) -> None:
        self.game_no = 0
        self.scores = [0] * self.num_players
        self.game_results: list[list[int]] = []
        self.game_winners: list[int] = []
        self.last_plays: list[list[Any]] = []
        self.last_winner: int | None = None
        self.finished = False
        self._deal()
        self._auto()

    def _deal(self) -> None:
        """Start the next game: shuffle, deal evenly, pick the first leader at random."""
        cards = deck(self.num_players)
        self.rng.shuffle(cards)
        size = len(cards) // self.num_players
        self.hands = [sort_cards(cards[i * size : (i + 1) * size]) for i in range(self.num_players)]
        self.game_no += 1
        self.round_no = 1
        self.tricks = [0] * self.num_players
        self.passed: list[str] = []  # secret: out of play, in no view, ever
        self.seen: list[str] = []
        self.plays: list[list[Any]] = []  # [seat, cards, face_up]
        self.rounds: list[list[list[Any]]] = []  # this game's finished rounds' plays
        self.leader = self.rng.randrange(self.num_players)
        self.turn: int | None = self.leader
        self.log(
            Text(
                "Game {number}: {count} cards each; {who} leads.",
                number=self.game_no,
                count=size,
                who=f"Seat {self.leader + 1}",
            )
        )

    # -- facts of the current round -----------------------------------------
    @property
    def games(self) -> int:
        return int(self.options["games"])

    @property
    def classic_limit(self) -> bool:
        return bool(self.options["classic_lead_limit"] == "on")

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        return "follow" if self.plays else "lead"

    def lead_cards(self) -> list[str]:
        return list(self.plays[0][1]) if self.plays else []

    def best_tier(self) -> int | None:
        """The strongest (lowest) Tier played face up this round."""
        tiers = [tier_of(cards[0]) for _, cards, up in self.plays if up]
        return min(tiers) if tiers else None

    def is_final_round(self) -> bool:
        """The round that empties every hand (all hands always have the same size)."""
        return bool(self.plays) and not self.hands[self.leader]

    def may_win_final(self, seat: int) -> bool:
        """The 2-trick rule: in the last round, a follow must bring the seat to 2 tricks."""
        return not self.is_final_round() or self.tricks[seat] + len(self.lead_cards()) >= 2

    def legal_follows(self, seat: int) -> list[tuple[str, ...]]:
        """Every legal follow of ``seat``: the lead's Set mix in one stronger Tier."""
        best = self.best_tier()
        if best is None or not self.may_win_final(seat):
            return []
        mix = set_mix(self.lead_cards())
        follows: list[tuple[str, ...]] = []
        for tier in range(1, best):
            by_set = [[c for c in self.hands[seat] if CARDS[c].tier == tier and CARDS[c].set == s] for s in SETS]
            if any(len(cards) < need for cards, need in zip(by_set, mix, strict=True)):
                continue
            choices = [combinations(cards, need) for cards, need in zip(by_set, mix, strict=True)]
            for parts in product(*choices):
                follows.append(tuple(sort_cards(c for part in parts for c in part)))
        return follows

    def check_lead(self, cards: list[str]) -> None:
        """Raise IllegalMove (one sentence) unless ``cards`` is a legal lead."""
        tiers = {tier_of(c) for c in cards}
        if len(tiers) > 1:
            low, high = min(tiers), max(tiers)
            a = next(c for c in cards if tier_of(c) == low)
            b = next(c for c in cards if tier_of(c) == high)
            raise IllegalMove(
                Text(
                    "A lead must be all one Tier: {first} is Tier {low} but {second} is Tier {high}.",
                    first=CARDS[a].name,
                    low=low,
                    second=CARDS[b].name,
                    high=high,
                )
            )
        if self.classic_limit:
            if len(cards) > CLASSIC_MAX_CARDS:
                raise IllegalMove(
                    Text("With the classic lead limit you may lead at most {count} cards.", count=CLASSIC_MAX_CARDS)
                )
            if set_mix(cards)[1] > CLASSIC_MAX_CYCLE:
                raise IllegalMove(Text("With the classic lead limit a lead may hold at most one Cycle card."))

    # -- who decides what ---------------------------------------------------
    def decisions(self) -> list[Decision]:
        if self.finished or self.turn is None:
            return []
        seat = self.turn
        hand = self.hands[seat]
        if not self.plays:
            options = tuple(Option(c, CARDS[c].label, _tier(tier_of(c))) for c in hand)
            prompt = Text("Lead one or more cards of one Tier.")
            if self.classic_limit:
                prompt = Text("Lead 1 to 4 cards of one Tier, at most one of them Cycle.")
            return [Decision(seat, "lead", prompt, options, 1, len(hand))]
        size = len(self.lead_cards())
        found: list[Decision] = []
        follows = self.legal_follows(seat)
        if follows:
            options = tuple(
                Option("".join(f), _plus([CARDS[c].name for c in f]), _tier(tier_of(f[0]))) for f in follows
            )
            mix = describe_mix(set_mix(self.lead_cards()))
            prompt = Text("Follow with {mix} above Tier {tier}.", mix=mix, tier=self.best_tier())
            found.append(Decision(seat, "follow", prompt, options))
        prompt = Text.plural(
            "Pass: throw away {count} card face down.", "Pass: throw away {count} cards face down.", size
        )
        if not self.may_win_final(seat):
            prompt = Text.plural(
                "Pass {count} card: you need 2 tricks to win the last round.",
                "Pass {count} cards: you need 2 tricks to win the last round.",
                size,
            )
        options = tuple(Option(c, CARDS[c].label, _tier(tier_of(c))) for c in hand)
        found.append(Decision(seat, "pass", prompt, options, size, size))
        return found

    def legal_moves(self, seat: int) -> list[Move]:
        """Built directly (no trial copies): leads are the subsets of one Tier."""
        moves: list[Move] = []
        for decision in self.decisions_for(seat):
            if decision.kind == "lead":
                hand = self.hands[seat]
                for tier in sorted({tier_of(c) for c in hand}):
                    group = [c for c in hand if tier_of(c) == tier]
                    for size in range(1, len(group) + 1):
                        for combo in combinations(group, size):
                            if self._lead_error(list(combo)) is None:
                                moves.append(Move("lead", combo))
            elif decision.kind == "follow":
                moves.extend(Move("follow", (o.id,)) for o in decision.options)
            else:
                ids = [o.id for o in decision.options]
                moves.extend(Move("pass", combo) for combo in combinations(ids, decision.min_picks))
        return moves

    def _lead_error(self, cards: list[str]) -> str | None:
        try:
            self.check_lead(cards)
        except IllegalMove as error:
            return str(error)
        return None

    # -- acting -------------------------------------------------------------
    def _apply(self, seat: int, decision: Decision, move: Move) -> None:
        if move.kind == "lead":
            cards = sort_cards(move.picks)
            self.check_lead(cards)
            self._play(seat, cards, face_up=True)
        elif move.kind == "follow":
            option = decision.option(move.picks[0])
            assert option is not None  # check_picks made sure
            cards = [option.id[i : i + 2] for i in range(0, len(option.id), 2)]
            self._play(seat, cards, face_up=True)
        else:
            self._play(seat, list(move.picks), face_up=False)
        self._auto()

    def _play(self, seat: int, cards: list[str], face_up: bool) -> None:
        """Move the cards out of the hand, log the play, and pass the turn on."""
        for card in cards:
            self.hands[seat].remove(card)
        self.plays.append([seat, cards, face_up])
        if not face_up:
            self.passed.extend(cards)
            self.log(
                Text.plural(
                    "{who} passes {count} card face down.",
                    "{who} passes {count} cards face down.",
                    len(cards),
                    who=f"Seat {seat + 1}",
                )
            )
        else:
            self.seen.extend(cards)
            who, shown, tier = f"Seat {seat + 1}", names(cards), tier_of(cards[0])
            if len(self.plays) == 1:
                self.log(Text("{who} leads {cards} (Tier {tier}).", who=who, cards=shown, tier=tier))
            else:
                self.log(Text("{who} follows with {cards} (Tier {tier}).", who=who, cards=shown, tier=tier))
        next_seat = (seat + 1) % self.num_players
        if next_seat == self.leader:
            self._end_round()
        else:
            self.turn = next_seat

    def _end_round(self) -> None:
        """The strongest face-up play (always the last one: each follow beats all before) wins X tricks."""
        size = len(self.lead_cards())
        winner = [seat for seat, _, up in self.plays if up][-1]
        self.tricks[winner] += size
        self.log(
            Text.plural(
                "{who} wins round {round} and {count} trick.",
                "{who} wins round {round} and {count} tricks.",
                size,
                who=f"Seat {winner + 1}",
                round=self.round_no,
            )
        )
        self.last_plays, self.last_winner = self.plays, winner
        self.rounds.append(self.plays)
        self.plays = []
        if self.hands[winner]:
            self.leader = self.turn = winner
            self.round_no += 1
            return
        self._end_game(winner)

    def _end_game(self, winner: int) -> None:
        points = [t + (WIN_BONUS if seat == winner else 0) for seat, t in enumerate(self.tricks)]
        self.game_results.append(points)
        self.game_winners.append(winner)
        self.scores = [a + b for a, b in zip(self.scores, points, strict=True)]
        self.log(self.recap())
        if self.game_no < self.games:
            self._deal()
        else:
            self.finished = True
            self.turn = None

    def _auto(self) -> None:
        """Make every move that is the only legal one: a last single card, a forced pass."""
        while not self.finished:
            seat = self.turn
            assert seat is not None
            hand = self.hands[seat]
            if not self.plays and len(hand) == 1:
                self._play(seat, list(hand), face_up=True)
            elif self.plays and len(hand) == len(self.lead_cards()) and not self.legal_follows(seat):
                self._play(seat, list(hand), face_up=False)
            else:
                return

    # -- ending -------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        places = places_from_points(self.scores)
        first = [seat for seat, place in enumerate(places) if place == 1]
        seats = seat_list(first)
        if self.games == 1 and len(first) == 1:
            template = N_("{seats} took the most points in the game (a trick scores 1, winning a game {bonus})")
        elif self.games == 1:
            template = N_("{seats} share the most points in the game (a trick scores 1, winning a game {bonus})")
        elif len(first) == 1:
            template = N_("{seats} took the most points over {games} games (a trick scores 1, winning a game {bonus})")
        else:
            template = N_("{seats} share the most points over {games} games (a trick scores 1, winning a game {bonus})")
        reason = Text(template, seats=seats, games=self.games, bonus=WIN_BONUS)
        return Outcome(reason, tuple(self.scores), places, termination="highest_score")

    def recap(self) -> str:
        """How the last game of the match ended: its winner and each seat's points from it."""
        if not self.game_results:
            return ""
        points = self.game_results[-1]
        shown = ", ".join(f"Seat {seat + 1} {p}" for seat, p in enumerate(points))
        number = len(self.game_results)
        if len(self.game_winners) < number:  # saved before the winners were kept
            return Text("Game {number} is over; points from it: {points}.", number=number, points=shown)
        winner = self.game_winners[-1]
        return Text(
            "Game {number}: {who} won its last round and the game (+{bonus}); points from it: {points}.",
            number=number,
            who=f"Seat {winner + 1}",
            bonus=WIN_BONUS,
            points=shown,
        )

    # -- what a seat sees ---------------------------------------------------
    def view(self, seat: int | None) -> TetGowView:
        return TetGowView(
            **self.base_view_fields(seat),
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            leader=self.leader,
            turn=self.turn,
            round_no=self.round_no,
            game_no=self.game_no,
            games=self.games,
            plays=_public(self.plays),
            lead_size=len(self.lead_cards()),
            best_tier=self.best_tier(),
            final_round=self.is_final_round(),
            tricks=tuple(self.tricks),
            scores=tuple(self.scores),
            last_plays=_public(self.last_plays),
            last_winner=self.last_winner,
            seen=tuple(self.seen),
            game_results=tuple(tuple(r) for r in self.game_results),
            classic_limit=self.classic_limit,
            rounds=tuple(_public(plays) for plays in self.rounds),
            own_passes=self._own_passes(seat),
        )

    def _own_passes(self, seat: int | None) -> tuple[str, ...]:
        """The cards ``seat`` passed face down this game, in the order it passed them."""
        if seat is None:
            return ()
        return tuple(
            card
            for plays in [*self.rounds, self.plays]
            for who, cards, up in plays
            if who == seat and not up
            for card in cards
        )

    # -- persistence --------------------------------------------------------
    saved_fields = (
        "game_no", "round_no", "scores", "game_results", "hands", "tricks", "passed", "seen",
        "plays", "last_plays", "last_winner", "leader", "turn", "finished", "game_winners", "rounds",
    )  # fmt: skip

    def _load(self, data: dict[str, Any]) -> None:
        # a state saved before the winners, or this game's rounds, were kept
        super()._load({"game_winners": [], "rounds": [], **data})


def _public(plays: list[list[Any]]) -> tuple[Play, ...]:
    """Plays as anyone may see them: a pass keeps its count and loses its cards."""
    return tuple(Play(seat, tuple(cards) if up else (), len(cards), bool(up)) for seat, cards, up in plays)


def _tier(tier: int) -> str:
    """An option's group: its Tier."""
    return Text("Tier {tier}", tier=tier)


def _plus(items: list[str]) -> str:
    """Card names joined by " + " (a follow), each still a Text."""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = Text("{part} + {more}", part=item, more=text)
    return text
