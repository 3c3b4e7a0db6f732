"""A game added as docs/adding-a-game.md says (one engine package, one render module, both in
tests/games) is found by a bot process from configuration alone and plays end to end."""

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from render import pictures_for
from tests.e2e.games import whole_game_through_discord
from tests.e2e.harness import Parlour
from tests.games.engine.marbles import GAME as MARBLES
from tests.games.engine.twenty_one import GAME as TWENTY_ONE
from tests.loopback.server import LoopbackDiscord

ROOT = Path(__file__).resolve().parents[2]


def test_a_process_finds_the_added_game_and_its_pictures_from_configuration_alone() -> None:
    probe = (
        "from engine import registry; from render import pictures_for; "
        "game = registry.get('Twenty-One'); print(game.key, pictures_for(game.key).__name__)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PARLOUR_EXTRA_GAMES": "tests.games.engine.twenty_one"}
    done = subprocess.run([sys.executable, "-c", probe], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["twenty_one", "tests.games.render.twenty_one"]


@pytest.fixture
def with_twenty_one() -> Iterator[None]:
    """What PARLOUR_EXTRA_GAMES does in a bot process (tested above), for this test only."""
    registry.register(TWENTY_ONE)
    yield
    registry.unregister(TWENTY_ONE.key)


async def test_the_added_game_plays_a_whole_game_through_discord(
    with_twenty_one: None, loopback: LoopbackDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert pictures_for("twenty_one").__name__ == "tests.games.render.twenty_one"
    parlour = Parlour(loopback, tmp_path / "parlour.db")
    await parlour.start()
    try:
        await whole_game_through_discord(parlour, "twenty_one", monkeypatch, people_count=2, computers=1)
    finally:
        await parlour.stop()


async def test_the_added_game_with_owned_items_plays_a_whole_game_through_discord(
    loopback: LoopbackDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Marbles: an engine package, a render module and the item rules its declaration names."""
    registry.register(MARBLES)
    parlour = Parlour(loopback, tmp_path / "parlour.db")
    bot = await parlour.start()
    try:
        await whole_game_through_discord(parlour, "marbles", monkeypatch, people_count=2, computers=1)
        guild = loopback.guild_of(parlour.channel.id).id
        pouches = [await bot.store.owned_items(guild, loopback.user(name).id, "marbles") for name in ("alice", "bob")]
        assert sum(len(pouch) for pouch in pouches) in (5, 6)  # 3 each; one may be lost to the computer
    finally:
        await parlour.stop()
        registry.unregister(MARBLES.key)
