"""The pace of answers: when most of the last clicks were not ready within DEFER_AFTER, the next
one is deferred at once; once answers are quick again, clicks are answered in one response."""

from cogs.answers import DEFER_AFTER, Pace


def test_a_bot_behind_defers_at_once_and_notices_when_it_has_caught_up() -> None:
    pace = Pace()
    assert not pace.behind()
    for _ in range(3):
        pace.answered(DEFER_AFTER + 1)
    assert not pace.behind()  # a few slow answers are not overload
    for _ in range(10):
        pace.answered(DEFER_AFTER + 1)
    assert pace.behind()
    for _ in range(10):
        pace.answered(0.2)  # answered after a deferral at once, but ready quickly
    assert not pace.behind()
