"""What the bracket picture shows (render/bracket.py), built from a tournament's bracket. Pure.

Double elimination: every table of the fixed bracket, round by round (winners', losers', the
finals), with the players known so far; tables left empty by byes are not shown. Single
elimination: the rounds stored, then the rounds to come as empty tables.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import ENGLISH, _
from bot.tournaments import double_elimination as double
from render.bracket import OUT, WENT_ON, BracketRound, BracketSeat, BracketTable, BracketView


def _seat(player: int, names: Mapping[int, str], seeds: Mapping[int, int], outcome: str) -> BracketSeat:
    return BracketSeat(names.get(player, "?"), seeds.get(player), outcome)


def _round_title(bracket: double.Bracket, match: double.Match, language: str) -> str:
    if match.bracket == double.WINNERS:
        if match.round == bracket.winners_rounds and match.round > 1:
            return _(language, "Winners' final")
        return _(language, "Winners' round {number}", number=match.round)
    if match.bracket == double.LOSERS:
        if match.round == bracket.losers_rounds:
            return _(language, "Losers' final")
        return _(language, "Losers' round {number}", number=match.round)
    return _(language, "Grand final") if match.round == 1 else _(language, "Reset final")


def _table_label(number: int, language: str) -> str:
    return _(language, "Table {number}", number=number)


def double_view(
    title: str,
    status: str,
    bracket: double.Bracket,
    seeded: Sequence[int],
    progress: double.Progress,
    names: Mapping[int, str],
    in_play: Collection[str] = (),
    language: str = ENGLISH,
) -> BracketView:
    """The double elimination as far as it is known, its headings in ``language``."""
    seeds = {player: index for index, player in enumerate(seeded, start=1)}
    slots = bracket.slots(seeded)
    rounds: dict[str, list[BracketTable]] = {}
    for match in bracket.matches:
        if match.id == "F2" and not progress.reset:
            continue
        known = _known(bracket, match, slots, progress)
        decided = progress.decided(match.id)
        if decided and match.id in progress.walkovers and not progress.walkovers[match.id]:
            continue  # nobody came to this table
        if not known and any(_empty_feed(f, progress) for f in match.feeds):
            continue  # a table the byes emptied
        went_on = set(progress.advancing.get(match.id, ()))
        out = set(progress.losing.get(match.id, ()))
        seated = tuple(
            _seat(p, names, seeds, WENT_ON if p in went_on else OUT if p in out else "")
            for p in (progress.seated.get(match.id) or known)
        )
        if match.id in progress.played:
            state = "played"
        elif match.id in progress.walkovers:
            state = "bye"
        else:
            state = "playing" if match.id in in_play else "waiting"
        rounds.setdefault(_round_title(bracket, match, language), []).append(
            BracketTable(_table_label(match.index, language), seated, bracket.table_size, state)
        )
    return BracketView(title, status, tuple(BracketRound(t, tuple(tables)) for t, tables in rounds.items() if tables))


def _known(
    bracket: double.Bracket, match: double.Match, slots: Sequence[int | None], progress: double.Progress
) -> list[int]:
    """The players known to sit at a table so far (from the halves already decided)."""
    if not match.feeds:
        start = (match.index - 1) * bracket.table_size
        return [p for p in slots[start : start + bracket.table_size] if p is not None]
    known: list[int] = []
    for feed in match.feeds:
        group = progress.advancing if feed.side == double.WIN else progress.losing
        known.extend(group.get(feed.match, ()))
    return known


def _empty_feed(feed: double.Feed, progress: double.Progress) -> bool:
    """A half decided with nobody in it (byes all the way)."""
    group = progress.advancing if feed.side == double.WIN else progress.losing
    return progress.decided(feed.match) and not group.get(feed.match)


@dataclass(frozen=True)
class SingleTable:
    """One pairing of a single elimination round: its two slots, its state and who went on."""

    players: tuple[int | None, int | None]
    state: str  # waiting, playing, played, bye
    winner: int | None = None


def single_view(
    title: str,
    status: str,
    rounds: Sequence[Sequence[SingleTable]],
    total_rounds: int,
    names: Mapping[int, str],
    seeds: Mapping[int, int],
    language: str = ENGLISH,
) -> BracketView:
    """The rounds played or playing, then the rounds to come (empty tables, halving), its headings
    in ``language``."""
    shown: list[BracketRound] = []
    for number, tables in enumerate(rounds, start=1):
        cards = []
        for index, table in enumerate(tables, start=1):
            present = [p for p in table.players if p is not None]
            if not present:
                continue
            seats = tuple(
                _seat(
                    p,
                    names,
                    seeds,
                    WENT_ON if table.winner == p else OUT if table.winner is not None else "",
                )
                for p in present
            )
            cards.append(BracketTable(_table_label(index, language), seats, 2, table.state))
        shown.append(BracketRound(_single_title(number, total_rounds, language), tuple(cards)))
    count = len(rounds[-1]) if rounds else 1 << total_rounds
    for number in range(len(rounds) + 1, total_rounds + 1):
        count = max(1, count // 2)
        empty = tuple(BracketTable(_table_label(i, language), (), 2, "waiting") for i in range(1, count + 1))
        shown.append(BracketRound(_single_title(number, total_rounds, language), empty))
    return BracketView(title, status, tuple(shown))


def _single_title(number: int, total: int, language: str) -> str:
    if number == total:
        return _(language, "Final")
    if number == total - 1:
        return _(language, "Semi-finals")
    return _(language, "Round {number}", number=number)
