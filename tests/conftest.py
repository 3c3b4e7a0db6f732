"""Shared test setup: the test game is registered for every test; the loopback Discord fixtures."""

from engine import registry
from tests.testgame import GAME as HIGH_CARD

registry.register(HIGH_CARD)

pytest_plugins = ["tests.loopback.fixtures"]
