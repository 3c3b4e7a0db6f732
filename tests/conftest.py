"""Shared test setup: the test game is registered for every test; the loopback Discord fixtures."""

import tests.testgame  # noqa: F401  (registers High Card)

pytest_plugins = ["tests.loopback.fixtures"]
