"""A tournament's progress read from what is stored: its history and standings, the next round's
pairing, and its brackets. Reads only: the service (bot/tournaments/service.py) writes what this
plans, through the repository."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.tournaments import arena, pairing
from bot.tournaments import double_elimination as double
from bot.tournaments.bracket_view import SingleTable
from bot.tournaments.models import (
    Entrant,
    Tournament,
    TournamentRound,
    TournamentStatus,
    TournamentTable,
    TournamentTableStatus,
)
from bot.tournaments.pairing import ARENA, DOUBLE_ELIMINATION, ELIMINATION, ROUND_ROBIN, History, RoundPlan
from bot.tournaments.repository import TournamentRepository
from bot.tournaments.standings import Row, TableResult, rule_text, standings
from engine import registry


@dataclass(frozen=True)
class Plan:
    """The next round: its tables (and byes), and what the round row keeps of the bracket."""

    round: RoundPlan
    #: Elimination: the bracket's slots; double elimination: its tables' match ids and the walkovers.
    slots: list[int | None] | dict[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.slots is None:
            object.__setattr__(self, "slots", [])


@dataclass(frozen=True)
class DoubleProgress:
    """A double elimination as stored: its bracket, seeds (best first), progress and tables in play."""

    bracket: double.Bracket
    seeded: list[int]
    progress: double.Progress
    in_play: set[str]


class TournamentProgress:
    """Reads a tournament's progress through its repository."""

    def __init__(self, repository: TournamentRepository) -> None:
        self.repository = repository

    async def _round(self, tournament_id: int, number: int) -> TournamentRound | None:
        return await self.repository.round(tournament_id, number) if number >= 1 else None

    async def next_plan(self, tournament: Tournament, number: int) -> Plan | None:
        """Round ``number``'s pairing from what is stored, or None when the tournament is over."""
        if number > tournament.rounds:
            return None
        entrants = await self.repository.entrants(tournament.id or 0)
        if tournament.format == DOUBLE_ELIMINATION:
            return await self._double_plan(tournament, entrants)
        if tournament.format == ARENA:
            if number > 1:
                return None  # the Arena is one long round
            game = registry.get(tournament.game_key)
            sizes = pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams))
            free = [e.id or 0 for e in seed_order(entrants) if e.dropped_after is None]
            seated = arena.seat_free(free, {}, {}, table_sizes=sizes, preferred=tournament.table_size)
            return Plan(RoundPlan(seated.tables))
        active = [e.id or 0 for e in entrants if e.dropped_after is None]
        game = registry.get(tournament.game_key)
        if len(active) < min(pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams))):
            return None
        history, results, byes = await self.history(tournament)
        if tournament.format == ELIMINATION:
            slots = await self._elimination_slots(tournament, number, entrants)
            if sum(1 for s in slots if s is not None) < 2:
                return None
            return Plan(pairing.elimination_round(slots), slots)
        if tournament.format == ROUND_ROBIN:
            if tournament.table_size > 2:
                return Plan(RoundPlan((tuple(active),)))
            everyone = [e.id or 0 for e in entrants if e.dropped_after != 0]  # no-shows never had a place
            plan = pairing.round_robin_round(everyone, number - 1)
            return Plan(_without(plan, set(active)))
        rows = self.rows(tournament, entrants, results, byes)
        order = [row.entrant for row in rows if row.entrant in set(active)]
        scores = {row.entrant: row.points for row in rows}
        sizes = pairing.mixable_sizes(game.allowed_counts, tournament.table_size, bool(game.teams))
        plan = pairing.swiss_round(
            order,
            table_sizes=sizes,
            preferred=tournament.table_size,
            history=history,
            scores=scores,
            seed=tournament.seed + number,
        )
        return Plan(plan)

    async def _double_plan(self, tournament: Tournament, entrants: Sequence[Entrant]) -> Plan | None:
        """The next tables of the double elimination, with the walkovers decided now (saved with the round)."""
        seeded, bracket, played, walkovers, in_play = await self.double_state(tournament, entrants)
        dropped = {e.id or 0 for e in entrants if e.dropped_after is not None}
        plan = double.plan_round(bracket, seeded, played, walkovers, dropped=dropped, in_play=in_play)
        if not plan.tables:
            return None
        tables = tuple(players for _, players in plan.tables)
        slots = {"tables": [match_id for match_id, _ in plan.tables], "walkovers": plan.walkovers}
        return Plan(RoundPlan(tables, tuple(plan.byes)), slots)

    async def double_state(
        self, tournament: Tournament, entrants: Sequence[Entrant]
    ) -> tuple[list[int], double.Bracket, dict[str, list[int]], dict[str, Sequence[int]], set[str]]:
        """The bracket and what is stored of it: tables played (finishing order), walkovers, tables in play."""
        seeded = [e.id or 0 for e in seed_order(entrants) if e.dropped_after != 0]
        bracket = double.build(len(seeded), tournament.table_size)
        rounds = await self.repository.rounds(tournament.id or 0)
        tables = await self.repository.all_tables(tournament.id or 0)
        by_round: dict[tuple[int, int], TournamentTable] = {(t.round_id, t.number): t for t in tables}
        played: dict[str, list[int]] = {}
        walkovers: dict[str, Sequence[int]] = {}
        in_play: set[str] = set()
        for round_ in sorted(rounds, key=lambda r: r.number):
            stored = json.loads(round_.slots_json)
            if not isinstance(stored, dict):
                continue
            walkovers.update(stored.get("walkovers", {}))
            for number, match_id in enumerate(stored.get("tables", []), start=1):
                table = by_round.get((round_.id or 0, number))
                if table is None:
                    continue
                if table.status == TournamentTableStatus.FINISHED and table.places_json and table.points_json:
                    places = json.loads(table.places_json)
                    points = [int(p) for p in json.loads(table.points_json)]
                    played[match_id] = double.finishing_order(table.entrants, places, points, seeded)
                elif table.status == TournamentTableStatus.VOID:  # closed without results: the better seeds go on
                    played[match_id] = sorted(table.entrants, key=seeded.index)
                else:
                    in_play.add(match_id)
        return seeded, bracket, played, walkovers, in_play

    async def double_progress(self, tournament: Tournament) -> DoubleProgress:
        """The double elimination so far (for its picture and standings), with walkovers due now decided."""
        entrants = await self.repository.entrants(tournament.id or 0)
        seeded, bracket, played, walkovers, in_play = await self.double_state(tournament, entrants)
        dropped = {e.id or 0 for e in entrants if e.dropped_after is not None}
        if tournament.status in (TournamentStatus.FINAL, TournamentStatus.FINISHED):
            due = double.plan_round(bracket, seeded, played, walkovers, dropped=dropped, in_play=in_play)
            walkovers = {**walkovers, **due.walkovers}
        return DoubleProgress(bracket, seeded, double.resolve(bracket, seeded, played, walkovers), in_play)

    async def single_bracket(self, tournament: Tournament) -> list[list[SingleTable]]:
        """A single elimination's rounds as stored: each pairing, its state and who went on."""
        tournament_id = tournament.id or 0
        entrants = await self.repository.entrants(tournament_id)
        seed_rank = {e.id: i for i, e in enumerate(seed_order(entrants))}
        found: list[list[SingleTable]] = []
        for number in range(1, tournament.current_round + 1):
            round_ = await self._round(tournament_id, number)
            if round_ is None:
                break
            slots: list[int | None] = json.loads(round_.slots_json)
            tables = await self.repository.tables(round_.id or 0)
            pairs: list[SingleTable] = []
            for i in range(0, len(slots) - 1, 2):
                a, b = slots[i], slots[i + 1]
                present = [p for p in (a, b) if p is not None]
                if len(present) < 2:
                    pairs.append(SingleTable((a, b), "bye", present[0] if present else None))
                    continue
                table = next((t for t in tables if set(t.entrants) == set(present)), None)
                if table is None or table.status in (TournamentTableStatus.PLANNED, TournamentTableStatus.PLAYING):
                    pairs.append(SingleTable((a, b), "playing"))
                else:
                    pairs.append(SingleTable((a, b), "played", _table_winner(table, seed_rank)))
            found.append(pairs)
        return found

    async def _elimination_slots(
        self, tournament: Tournament, number: int, entrants: Sequence[Entrant]
    ) -> list[int | None]:
        active = {e.id for e in entrants if e.dropped_after is None}
        if number == 1:
            seeded = sorted(entrants, key=lambda e: (-e.rating, e.id or 0))
            return pairing.elimination_first_slots([e.id or 0 for e in seeded if e.id in active])
        previous = await self._round(tournament.id or 0, number - 1)
        assert previous is not None
        slots: list[int | None] = json.loads(previous.slots_json)
        tables = await self.repository.tables(previous.id or 0)
        seed_rank = {e.id: i for i, e in enumerate(sorted(entrants, key=lambda e: (-e.rating, e.id or 0)))}
        winners: list[int | None] = []
        for i in range(0, len(slots), 2):
            pair = [s for s in slots[i : i + 2] if s is not None]
            winner: int | None = pair[0] if len(pair) == 1 else None
            if len(pair) == 2:
                table = next(t for t in tables if set(t.entrants) == set(pair))
                winner = _table_winner(table, seed_rank)
            winners.append(winner if winner in active else None)
        return winners

    async def history(self, tournament: Tournament) -> tuple[History, list[TableResult], list[tuple[int, int]]]:
        history = History()
        results: list[TableResult] = []
        byes: list[tuple[int, int]] = []
        rounds = await self.repository.rounds(tournament.id or 0)
        # In the order they were seated (an Arena's streaks follow it).
        tables = await self.repository.all_tables(tournament.id or 0)
        number_of = {r.id: r.number for r in rounds}
        for round_ in rounds:
            for entrant in round_.byes:
                history.add_bye(entrant)
                byes.append((round_.number, entrant))
        for table in tables:
            history.add_table(table.entrants)
            if table.status == TournamentTableStatus.FINISHED and table.places_json and table.points_json:
                results.append(
                    TableResult(
                        number_of[table.round_id],
                        tuple(table.entrants),
                        tuple(json.loads(table.places_json)),
                        tuple(int(p) for p in json.loads(table.points_json)),
                    )
                )
        return history, results, byes

    @staticmethod
    def rows(
        tournament: Tournament,
        entrants: Sequence[Entrant],
        results: list[TableResult],
        byes: list[tuple[int, int]],
    ) -> list[Row]:
        entrants = [e for e in entrants if e.dropped_after != 0]  # no-shows never played
        seeded = seed_order(entrants)
        return standings(
            {e.id or 0: e.name for e in entrants},
            results,
            byes,
            scoring=tournament.scoring,
            table_size=tournament.table_size,
            dropped={e.id or 0 for e in entrants if e.dropped_after is not None},
            seed_order=[e.id or 0 for e in seeded],
        )

    async def standings(self, tournament: Tournament) -> tuple[list[Row], str]:
        """The standings, best first, and the scoring rule in words."""
        entrants = await self.repository.entrants(tournament.id or 0)
        _, results, byes = await self.history(tournament)
        rows = self.rows(tournament, entrants, results, byes)
        if tournament.format == ARENA:
            active = [e for e in entrants if e.dropped_after != 0]
            rows = arena.arena_standings(
                {e.id or 0: e.name for e in active},
                results,
                scoring=tournament.scoring,
                dropped={e.id or 0 for e in active if e.dropped_after is not None},
                seed_order=[e.id or 0 for e in seed_order(active)],
            )
            return rows, arena.arena_rule(tournament.scoring, tournament.table_size)
        if tournament.format == DOUBLE_ELIMINATION and tournament.status != TournamentStatus.SIGNUP:
            state = await self.double_progress(tournament)
            placed = double.placements(state.bracket, state.seeded, state.progress)
            rank = {entrant: i for i, entrant in enumerate(placed)}
            rows.sort(key=lambda row: rank.get(row.entrant, len(rank)))
            for place, row in enumerate(rows, start=1):
                row.place = place
            return rows, double.RULE
        return rows, rule_text(tournament.scoring, tournament.table_size)


def seed_order(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Best seed first: the highest rating, then who signed up first."""
    return sorted(entrants, key=lambda e: (-e.rating, e.id or 0))


def _without(plan: RoundPlan, active: set[int]) -> RoundPlan:
    """A round robin round without the players who dropped: their opponents have a bye."""
    tables: list[tuple[int, ...]] = []
    byes = [p for p in plan.byes if p in active]
    for table in plan.tables:
        kept = tuple(p for p in table if p in active)
        if len(kept) == len(table):
            tables.append(kept)
        else:
            byes.extend(kept)
    return RoundPlan(tuple(tables), tuple(byes))


def _table_winner(table: TournamentTable, seed_rank: Mapping[int | None, int]) -> int:
    """Who goes through: the best place, then the most game points, then the better seed."""
    seated = table.entrants
    if table.status != TournamentTableStatus.FINISHED or not table.places_json or not table.points_json:
        return min(seated, key=lambda e: seed_rank.get(e, 0))
    places = json.loads(table.places_json)
    points = [int(p) for p in json.loads(table.points_json)]
    best = min(range(len(seated)), key=lambda s: (places[s], -points[s], seed_rank.get(seated[s], 0)))
    return seated[best]
