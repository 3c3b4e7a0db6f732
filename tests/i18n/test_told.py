"""A service's sentence said in its reader's language (bot.i18n.told): its template through the
catalog, its whole numbers grouped the language's way, spans, days and lists from CLDR; English
reads exactly as it did before the sentences moved into the catalog."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot import collections as gjt
from bot import seasons
from bot.i18n import PSEUDO, _
from bot.i18n.pseudo import unmarked
from bot.i18n.told import Whole, listed, long_day, short_day, signed, span, told
from bot.replays import not_replayable
from bot.server_settings import IDLE_MINUTES, SettingsError
from engine.words import Text


def test_a_settings_refusal_reads_as_before_in_english_and_groups_its_figures_in_german() -> None:
    with pytest.raises(SettingsError) as refused:
        IDLE_MINUTES.check(5000)
    assert str(refused.value) == "idle_minutes must be a whole number from 1 to 1,440 minutes."
    assert told("en", refused.value.text) == str(refused.value)
    german = told("de", refused.value.text)
    assert "1.440" in german and german != str(refused.value)
    assert unmarked([told(PSEUDO, refused.value.text)]) == []


def test_a_plural_a_nested_text_and_a_table_number() -> None:
    note = gjt.top_up_note(4)
    assert note == "4 new cards were added to reach 33." and gjt.top_up_note(0) == ""
    assert told("ru", note) == "Добавлены 4 новые карты, чтобы их стало 33."  # Russian's "few"
    assert told("ru", gjt.top_up_note(5)).startswith("Добавлено 5 новых карт")  # and its "many"
    playing = not_replayable(1234, "playing", True)
    assert playing == "Table 1234 is still being played; it can be replayed once its game is over."
    assert "1234" in told("fr", playing) and "1 234" not in told("fr", playing)  # a number names a table
    outer = Text(
        "{inner} {count}", inner=Text("Some of those cards are no longer yours; pick again."), count=Whole(2000)
    )
    assert told("es", outer) == "Algunas de esas cartas ya no son tuyas; vuelve a elegir. 2.000"


def test_an_empty_sentence_stays_empty_and_one_the_catalog_does_not_know_is_said_as_it_is() -> None:
    assert told("ja", "") == ""  # never the catalog's header (gettext's answer for "")
    assert told("ja", "Something nobody marked.") == "Something nobody marked."
    assert told("ja", "No table is waiting on you.") == _("ja", "No table is waiting on you.")


def test_spans_days_and_lists_keep_english_as_it_was_and_follow_each_language() -> None:
    assert span("en", timedelta(days=2, hours=4, minutes=3)) == "2 d 4 h"
    assert span("en", timedelta(seconds=20)) == "less than a minute"
    assert span("ja", timedelta(hours=5, minutes=20)) == "5 時間 20 分"
    assert span("fr", timedelta(seconds=20)) == "moins d'une minute"
    day = datetime(2026, 6, 3, tzinfo=UTC)
    assert (short_day("en", day), long_day("en", day)) == ("3 Jun", "3 Jun 2026")
    assert (short_day("de", day), short_day("ja", day)) == ("3. Juni", "6月3日")
    assert listed("en", ["1", "2", "3"], "or") == "1, 2 or 3" and listed("de", ["A", "B", "C"]) == "A, B und C"
    assert (signed("en", 1200), signed("en", -5), signed("de", 1200)) == ("+1,200", "-5", "+1.200")
    assert unmarked([span(PSEUDO, timedelta(days=1)), short_day(PSEUDO, day), listed(PSEUDO, ["A", "B"])]) == []


@pytest.mark.parametrize(
    ("months", "english", "japanese"),
    [
        (3, "2026 Q2", "2026年 第2四半期"),
        (6, "2026 H1", "2026年 1期"),
        (1, "Jun 2026", "2026年6月"),
        (12, "2026", "2026"),
    ],
)
def test_a_season_is_named_in_each_language_and_as_saved_in_english(months: int, english: str, japanese: str) -> None:
    season = seasons.season_of(datetime(2026, 6, 3, tzinfo=UTC), months)
    assert season.label == english == seasons.season_name("en", season)
    assert seasons.season_name("ja", season) == japanese
