"""Shared test setup: the test game is registered for every test."""

import tests.testgame  # noqa: F401  (registers High Card)
