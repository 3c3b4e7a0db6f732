"""Every word a picture draws is in its reader's language: drawn in the pseudo-language (which marks
every catalog text ⟦like this⟧), a picture holds no English word outside the marks but the names
(people's, the games') and card labels.

The text a picture draws is caught where all of it passes (:func:`render.text.recording`), as asked
for (before an ellipsis cut it), in the order drawn: a sentence wrapped over lines is read whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

import pytest

from bot.i18n import PSEUDO, SHIPPED, words
from bot.i18n.pseudo import unmarked
from engine import registry
from engine.gin_jon_tan.cards import FULL_SET
from engine.words import Words
from render import bidi, pictures_for
from render.bracket import (
    OUT,
    WENT_ON,
    BracketRound,
    BracketSeat,
    BracketTable,
    BracketView,
    bracket_picture,
    page_count,
)
from render.collection import CollectionView, ShownCard, collection_picture
from render.leaderboard import LeaderboardView, LeaderRow, leaderboard_picture
from render.profile import GameCard, ProfileView, RecentLine, SeasonTrophy, profile_picture
from render.replay import ReplaySource, step_picture
from render.season import SeasonLine, SeasonView, season_picture
from render.standings import StandingLine, StandingsView, podium_picture, standings_picture
from render.text import ELLIPSIS, Drawn, clean, recording
from tests.render.test_pictures_for_phones import TRANSLATED, assert_fits, pictures
from tests.render.test_replay import finished_game

PSEUDO_WORDS = words(PSEUDO)
#: What a game draws as it is: Gin-Go's Joker badge and call,
#: Gin-jon-tan's calls.
CARD_LABELS = {
    "gin_go": ["Jk", "GIN!"],
    "gin_jon_tan": ["Kat oh!", "Gin jon tan!"],
}


def english_left(drawn: Iterable[Drawn], names: Iterable[str] = ()) -> list[str]:
    """The Latin words a picture drew outside the pseudo-language's marks (names allowed)."""
    return unmarked(["\n".join(_closed(line.asked or line.content) for line in drawn)], allowed=names)


def _closed(line: str) -> str:
    """A marked text cut with an ellipsis (a card's name too long for it) is still marked."""
    if line.endswith("…") and line.count("⟦") > line.count("⟧"):
        return line[:-1] + "⟧"
    return line


def test_english_drawn_outside_the_catalog_is_found() -> None:
    """The check can fail: a line drawn in plain English is reported, word by word."""
    found = english_left([Drawn("⟦Hàñd⟧ 3", 14, 480, False), Drawn("stock 31", 14, 480, False)], ["Ann"])
    assert found == ["stock"]


@pytest.mark.parametrize("key", TRANSLATED)
def test_a_games_pictures_draw_every_word_in_the_readers_language(key: str) -> None:
    game = registry.get(key)
    checked = 0
    for label, _, drawn, names in pictures(game, PSEUDO_WORDS, (0, 8)):
        assert english_left(drawn, [*names, *CARD_LABELS.get(key, [])]) == [], label
        checked += 1
    assert checked >= 6


# -- the pictures other than a game's ----------------------------------------------------------------------
#: Words the callers put in a view (titles, periods, dates, labels): already in the reader's language,
#: as the callers pass them; here pseudo-language marked, so the check sees only what render adds.
CALLERS = "⟦Gin Rummy · season 2026 Q4⟧", "⟦Ranked by rating gained⟧", "⟦12 games · 5 wins⟧"


def other_pictures(said: Words) -> Iterator[tuple[str, bytes, list[Drawn], list[str]]]:
    """Every picture that is not a game's table or hand: leaderboard, profile, season, standings,
    podium, bracket, collection and a replay's hands, each drawn in ``said`` with what it shows."""
    players = ["Ann", "Бори́с", "陈嘉", "Ελένη"]
    rows = tuple(
        LeaderRow(i + 1, players[i % 4], 1800 - 40 * i, i > 2, 40 - i, 20 - i, 9, 10 ** (2 + 4 * i)) for i in range(6)
    )
    own = LeaderRow(37, "Zoë", 912, True, 4, 1, 2, 300, you=True)
    for by in ("rating", "points", "wins"):
        board = LeaderboardView("Gin Rummy", by, "⟦all time⟧", rows, 0, 4, 38, own)
        yield from _drawn(f"leaderboard by {by}", lambda b=board: leaderboard_picture(b, words=said), [*players, "Zoë"])
    yield from _drawn(
        "leaderboard empty",
        lambda: leaderboard_picture(LeaderboardView("Nin Jan", "rating", "⟦x⟧", (), 0, 1, 0), words=said),
        [],
    )
    games = (
        GameCard("Gin Rummy", 1523, False, 12, 0.45, 40, 23, 412, tuple(range(700, 1524, 20))),
        GameCard("Gin-jon-tan", 820, True, 16, 0.02, 3, 1, 70 * 10**40, (700, 760, 820)),
        GameCard("Nin Jan", 640, True, 1, 0.0, 1, 0, -3, (700,)),
    )
    recent = tuple(RecentLine("Gin Rummy", place, 4, 10 * place, 12 - 9 * place, "⟦3 Jun⟧") for place in (1, 2, 3, 4))
    trophies = tuple(SeasonTrophy("Tet-Gow", f"2026 Q{q}", q % 3 + 1) for q in range(1, 9))
    for label, view in (
        ("profile", ProfileView("Ann", games, recent, trophies)),
        ("profile new", ProfileView("Ann", (), ())),
    ):
        yield from _drawn(label, lambda v=view: profile_picture(v, words=said), ["Ann"])
    lines = tuple(SeasonLine(i + 1, players[i % 4], f"+{100 - i}", CALLERS[2]) for i in range(14))
    for label, season in (("season", lines), ("season empty", ())):
        view = SeasonView(CALLERS[0], CALLERS[1], season)
        yield from _drawn(label, lambda v=view: season_picture(v, words=said), players)
    standing = tuple(
        StandingLine(i + 1, players[i % 4], str(30 - 3 * i), 100 - i, "12", 1 if i == 3 else 0, 3, i == 5)
        for i in range(22)
    )
    standings = StandingsView("⟦Nin Jan tournament #4⟧", "⟦Final standings⟧", "⟦the rule⟧", standing)
    yield from _drawn("standings", lambda: standings_picture(standings, words=said), players)
    yield from _drawn("podium", lambda: podium_picture(standings, words=said), players)
    tables = tuple(
        BracketTable(f"⟦Table {i}⟧", (BracketSeat("Ann", 1, WENT_ON), BracketSeat("Ελένη", 8, OUT)), 2, state)
        for i, state in enumerate(("played", "playing", "waiting", "bye"), 1)
    )
    bracket = BracketView(
        "⟦Gin Rummy #3⟧", "⟦After round 2⟧", tuple(BracketRound(f"⟦Round {r}⟧", tables) for r in range(1, 9))
    )
    for shown in range(page_count(bracket)):
        yield from _drawn(f"bracket page {shown + 1}", lambda p=shown: bracket_picture(bracket, p, words=said), players)
    cards = tuple(ShownCard(card, i % 3 == 0) for i, card in enumerate(FULL_SET[::97][:12]))
    for label, sort in (
        ("collection", "value"),
        ("collection by symbol", "symbol"),
        ("collection by colour", "colour"),
    ):
        view = CollectionView("⟦Ada's collection⟧", cards, 41_234, 1, 3, sort, "⟦in the active deck⟧", 4)
        yield from _drawn(label, lambda v=view: collection_picture(v, words=said), [])
    empty = CollectionView("⟦Ada's collection⟧", (), 0, 0, 1, "value", "⟦picked⟧", 0)
    yield from _drawn("collection empty", lambda: collection_picture(empty, words=said), [])
    game = registry.get("nin_jan")
    source = ReplaySource.from_final_state(finished_game(game, 3, 4).to_json())
    yield from _drawn("replay hands", lambda: step_picture(source, players[:3], 2, hands=True, words=said), players)
    for key in TRANSLATED:  # the reference pictures of /rules, drawn afresh (not from their cache)
        rules = getattr(pictures_for(key), "rules_picture", None)
        if rules is not None:
            yield from _drawn(f"{key} rules", lambda r=rules: r.__wrapped__(said), [])


def _drawn(
    label: str, draw: Callable[[], bytes], names: list[str]
) -> Iterator[tuple[str, bytes, list[Drawn], list[str]]]:
    with recording() as drawn:
        data = draw()
    yield label, data, drawn, names


def test_every_other_picture_draws_every_word_in_the_readers_language() -> None:
    checked = 0
    for label, _, drawn, names in other_pictures(PSEUDO_WORDS):
        assert english_left(drawn, [*names, "Gin Rummy"]) == [], label
        checked += 1
    assert checked >= 18  # with the three games' reference pictures of /rules


@pytest.mark.parametrize("language", SHIPPED)
def test_every_other_picture_still_fits_in_every_language(language: str) -> None:
    for label, data, drawn, _ in other_pictures(words(language)):
        assert_fits(f"{language} {label}", data, drawn)


def cut_words(drawn: Iterable[Drawn], names: Iterable[str], allowed: re.Pattern[str] | None = None) -> list[str]:
    """The lines drawn cut with an ellipsis where what was lost is not (the end of) a player's name.

    A name is cut by design (it is the reader's own to know); any other word cut loses its meaning.
    A line that ends with a name may lose the end of that name, and nothing else; a text ``allowed``
    matches whole may be cut if the picture draws its first group whole too (:data:`MAY_BE_CUT`)."""
    names = [_plain(name) for name in names]
    drawn = list(drawn)
    whole = {_plain(line.content) for line in drawn}
    found = []
    for line in drawn:
        asked, shown = _plain(clean(line.asked or line.content)), _plain(line.content)
        if shown == asked or asked in names:
            continue
        exempt = allowed.fullmatch(asked) if allowed else None
        if exempt and exempt.group(1) in whole:
            continue
        lost = asked[len(shown.removesuffix(ELLIPSIS).rstrip()) :]
        if not any(asked.endswith(name) and len(lost.strip()) <= len(name) for name in names):
            found.append(f"{asked!r} drawn {shown!r}")
    return found


def _plain(content: str) -> str:
    """Text without the marks that set a name apart (:func:`render.text.isolate`)."""
    return content.replace(bidi.FSI, "").replace(bidi.PDI, "")


def test_a_text_that_may_be_cut_is_drawn_whole_elsewhere() -> None:
    """A strip cut on a card passes only where the picture also draws its Set's name whole."""
    strip = Drawn("Enseig…", 14, 480, False, asked="Enseignes 1")
    allowed = MAY_BE_CUT["fr"]
    assert cut_words([strip], [], allowed) == ["'Enseignes 1' drawn 'Enseig…'"]
    assert cut_words([strip, Drawn("Enseignes", 14, 480, True)], [], allowed) == []


def test_a_cut_word_is_found_and_a_cut_name_is_not() -> None:
    """The check can fail: a label cut is reported; a name cut, alone or ending its line, is not."""
    drawn = [
        Drawn("Stape…", 16, 480, False, asked="Stapel 1"),
        Drawn("Bartholo…", 16, 480, False, asked="Bartholomew"),
        Drawn("with: Bartho…", 16, 480, False, asked="with: Bartholomew"),
        Drawn("Bartholomew · 3 po…", 16, 480, False, asked="Bartholomew · 3 points"),
    ]
    assert cut_words(drawn, ["Bartholomew"]) == [
        "'Stapel 1' drawn 'Stape…'",
        "'Bartholomew · 3 points' drawn 'Bartholomew · 3 po…'",
    ]


#: The texts that may still be cut, by language, and the part of each that the same picture must then
#: draw whole elsewhere. Tet-Gow's card strip names a card's Set and Tier on a 72 px card at the
#: smallest readable size: French "Enseignes 1" (80 px) cannot fit, nor take a second line (the card's
#: name and suits fill the card above it); the picture then shows "Enseignes" whole under the cards,
#: on the strip's colour.
MAY_BE_CUT = {"fr": re.compile(r"(Enseignes) \d")}


@pytest.mark.parametrize("language", ["en", *SHIPPED])
def test_no_word_but_a_name_is_cut_in_any_language(language: str) -> None:
    """Issue 47: words grow in other languages (German, Spanish, Russian…), and a label, sentence or
    card name cut with an ellipsis loses its meaning; every picture of every game, and every other
    picture, draws them whole (over two lines where need be). Only players' names may be cut."""
    said = words(language)
    allowed = MAY_BE_CUT.get(language)
    found = []
    for key in TRANSLATED:
        for label, _, drawn, names in pictures(registry.get(key), said, (0, 8)):
            found += [f"{label}: {cut}" for cut in cut_words(drawn, names, allowed)]
    for label, _, drawn, names in other_pictures(said):
        found += [f"{label}: {cut}" for cut in cut_words(drawn, names, allowed)]
    assert found == [], "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize(
    ("language", "share"), [("en", "50%"), ("fr", "50\u00a0%"), ("tr", "%50"), ("de", "50\u00a0%")]
)
def test_win_shares_are_written_the_readers_way(language: str, share: str) -> None:
    """A win share on the profile and the leaderboard: "%50" in Turkish, "50 %" in French."""
    said = words(language)
    card = GameCard("Gin Rummy", 1523, False, 12, 0.45, 40, 20, 412, (1500, 1523))
    with recording() as drawn:
        profile_picture(ProfileView("Ann", (card,), ()), words=said)
    assert any(share in line.content for line in drawn), [line.content for line in drawn]
    board = LeaderboardView(
        "Gin Rummy", "wins", "all time", (LeaderRow(1, "Ann", 1523, False, 40, 20, 9, 412),), 0, 1, 1
    )
    with recording() as drawn:
        leaderboard_picture(board, words=said)
    assert share in [line.content for line in drawn]
