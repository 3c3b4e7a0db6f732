"""What a seat of Gin-Go may decide now: the set-up choices, the draw, melds, hits, Joker names, the discard."""

from __future__ import annotations

import random

from engine.core import Decision, IllegalMove, Move, Option
from engine.gin_go.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, label, labels, sorted_cards
from engine.gin_go.deal import GinGoDeal
from engine.gin_go.melds import namings
from engine.gin_go.options import SETUP_MODES
from engine.gin_go.pickup import OWE_LAY_OFF, USE_TAKEN, hits_now, melds_now, pickup_is_usable
from engine.words import Text

__all__ = ["GinGoDecisions"]


class GinGoDecisions(GinGoDeal):
    """Gin-Go's pending decisions and the legal moves that answer them."""

    # -- decisions --------------------------------------------------------------
    def decided(self) -> tuple[int, ...]:
        if self.stage != "arrange":
            return ()
        arrangers = self._arrangers()
        return tuple(sorted(arrangers[int(side)] for side in self.secret))

    def decisions(self) -> list[Decision]:
        seat = self.turn
        stage = self.stage
        if stage == "over":
            return []
        if stage == "setup_mode":
            chooser = self.setup["chooser"]
            return [
                Decision(
                    chooser,
                    "setup_mode",
                    Text("A Joker showed before the fourth suit: choose the suit-row set-up."),
                    tuple(Option(key, name) for key, name in SETUP_MODES.items()),
                )
            ]
        if stage == "arrange":
            return [
                Decision(
                    arranger,
                    "arrange_suits",
                    Text("Secrecy: pick the four suits in the order of your suit row, left to right from your seat."),
                    tuple(
                        Option(s, Text("{symbol} {suit}", symbol=SUIT_SYMBOLS[s], suit=SUIT_NAMES[s])) for s in SUITS
                    ),
                    min_picks=4,
                    max_picks=4,
                    simultaneous=True,
                    ordered=True,
                )
                for side, arranger in sorted(self._arrangers().items())
                if str(side) not in self.secret
            ]
        if stage == "draw":
            options = [Option("stock", Text("Draw from the stock"))] if self.draw_pile else []
            for i in self.legal_takes(seat):
                card = self.discard[i]
                above = len(self.discard) - 1 - i
                if above:
                    take = Text("Take {card} and the {count} above it", card=label(card), count=above)
                else:
                    take = Text("Take {card}", card=label(card))
                options.append(Option(card, take, Text("Discard pile")))
            prompt = Text("Draw from the stock, or take from the discard pile.")
            return [Decision(seat, "draw", prompt, tuple(options))]
        if stage == "name_joker":
            return [self._name_decision()]
        if stage == "capture_joker":
            return [
                Decision(
                    seat,
                    "capture_joker",
                    Text("You captured a Joker: lay it off on a meld and name it."),
                    tuple(
                        Option(f"{m}-{c}", Text("As {card} on {meld}", card=label(c), meld=self._meld_text(m)))
                        for m, c in self._capture_options()
                    ),
                )
            ]
        found = []
        meld = self._meld_decision(seat)
        if meld:
            found.append(meld)
        hit = self._hit_decision(seat)
        if hit:
            found.append(hit)
        if stage == USE_TAKEN:
            undo = (Option("undo", Text("Undo")),)
            found.append(Decision(seat, "undo", Text("Put the cards back on the discard pile."), undo))
        elif stage != OWE_LAY_OFF:
            hand = sorted_cards(self.hands[seat])
            found.append(
                Decision(
                    seat, "discard", Text("Discard a card to end your turn."), tuple(Option(c, label(c)) for c in hand)
                )
            )
        return found

    def meld_candidates(self, seat: int) -> list[tuple[str, ...]]:
        """New melds the seat can lay down now (one per shape); after a pick-up, with the chosen card."""
        key = f"melds{seat}"
        if key not in self._cache:
            self._cache[key] = melds_now(self.stage, self.hands[seat], self.table_names(), self.taken)
        return list(self._cache[key])

    def hit_candidates(self, seat: int) -> list[tuple[str, tuple[str, ...]]]:
        """(meld id, cards) lay-offs the seat can make now (one per shape)."""
        key = f"hits{seat}"
        if key not in self._cache:
            hand = self.hands[seat]
            self._cache[key] = hits_now(self.stage, hand, self.table_melds(), self.table_names(), self.taken)
        return list(self._cache[key])

    def owed_cards(self, seat: int) -> list[str]:
        """After a lay-off that held one taken card: the taken cards still in hand, one of which must follow."""
        return [c for c in self.taken if c in self.hands[seat]] if self.stage == OWE_LAY_OFF else []

    def _meld_decision(self, seat: int) -> Decision | None:
        groups = self.meld_candidates(seat)
        if not groups:
            return None
        cards = sorted_cards({c for g in groups for c in g})
        hand = self.hands[seat]
        prompt = Text("Meld: pick 3 or more cards (a run of one suit, or a set of one rank).")
        if self.stage == USE_TAKEN:
            prompt = Text("Meld with {card}: pick it and the cards to meld it with.", card=label(self.taken[0]))
        return Decision(
            seat,
            "meld",
            prompt,
            tuple(Option(c, label(c), Text("Your cards")) for c in cards),
            min_picks=3,
            max_picks=len(hand) - 1,
        )

    def _hit_decision(self, seat: int) -> Decision | None:
        hits = self.hit_candidates(seat)
        if not hits:
            return None
        cards = sorted_cards({c for _, g in hits for c in g})
        targets = [m for m in self.melds if any(mid == m["id"] for mid, _ in hits)]
        prompt = Text("Hit: pick cards from your hand and one meld to lay them off on.")
        if self.stage == USE_TAKEN:
            prompt = Text(
                "Lay off {card}: pick it and one meld; one more card you took must be laid off this turn, now or next.",
                card=label(self.taken[0]),
            )
        elif self.stage == OWE_LAY_OFF:
            prompt = Text(
                "Lay off one more card you took ({cards}): pick it and one meld.", cards=labels(self.owed_cards(seat))
            )
        options = [Option(c, label(c), Text("Your cards")) for c in cards]
        options += [Option(m["id"], self._meld_text(m["id"]), Text("Melds on the table")) for m in targets]
        return Decision(seat, "hit", prompt, tuple(options), min_picks=2, max_picks=len(cards) + 1)

    def _name_decision(self) -> Decision:
        pending = self.pending
        assert pending is not None
        index = len(pending["named"])
        names = sorted_cards(dict.fromkeys(n[1][index] for n in pending["namings"]))
        options = [Option(name, Text("Joker as {card}", card=label(name))) for name in names]
        back = Text("Take the meld back") if pending["action"] == "meld" else Text("Take the hit back")
        options.append(Option("cancel", back))
        if index:
            prompt = Text("Name the second Joker: which card does it stand for?")
        else:
            prompt = Text("Name the Joker: which card does it stand for?")
        return Decision(self.turn, "name_joker", prompt, tuple(options))

    def _capture_options(self) -> list[tuple[str, str]]:
        names = self.table_names()
        found = []
        for meld in self.melds:
            ids = [name for _, name in meld["entries"]]
            for _, (name,) in namings(["Jk"], names, ids, meld["kind"]):
                found.append((meld["id"], name))
        return found

    def legal_takes(self, seat: int) -> list[int]:
        """Discard-pile positions the seat may take from: the chosen card has a legal use at once."""
        key = f"takes{seat}"
        if key not in self._cache:
            names = self.table_names()
            melds = self.table_melds()
            found = []
            for i in range(len(self.discard)):
                taken = self.discard[i:]
                if pickup_is_usable([*self.hands[seat], *taken], melds, names, taken):
                    found.append(i)
            self._cache[key] = found
        return list(self._cache[key])

    # -- legal moves ------------------------------------------------------------
    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random legal move that leans towards melding, so random hands end."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove(Text("It is not your turn."))
        plays = [m for m in moves if m.kind in ("meld", "hit")]
        if plays and rng.random() < 0.9:
            return rng.choice(plays)
        if self.stage == "draw" and rng.random() < 0.8:
            return Move("draw", ("stock",)) if self.draw_pile else rng.choice(moves)
        if self.stage == "name_joker" and rng.random() < 0.9:
            return rng.choice([m for m in moves if m.picks != ("cancel",)] or moves)
        return rng.choice(moves)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every single-pick move, and the melds and hits of every shape (not every Joker choice)."""
        moves: list[Move] = []
        for decision in self.decisions_for(seat):
            if decision.kind == "meld":
                moves.extend(Move("meld", g) for g in self.meld_candidates(seat))
            elif decision.kind == "hit":
                moves.extend(Move("hit", (*g, mid)) for mid, g in self.hit_candidates(seat))
            elif decision.kind == "arrange_suits":
                moves.append(Move("arrange_suits", tuple(SUITS)))
            else:
                moves.extend(Move(decision.kind, (o.id,)) for o in decision.options)
        return moves
