"""Draw the README's example pictures again: ``python docs/pictures/make.py`` (from the project root).

Each is a seeded computer game: Gin Rummy's hand and Nin Jan's results and Tet-Gow's table as
``python -m bot demo`` draws them (seed 1), and a four-player Gin-Go table mid-game with names in
several scripts, at the first moment a Joker lies in a meld (so its badge and legend show).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bot.demo import run_demo
from engine import registry
from render import pictures_for

HERE = Path(__file__).resolve().parent
GIN_GO_NAMES = ["José Ñúñez", "王小明", "Ελένη", "🎲 Dicey ✨"]


def gin_go_table() -> bytes:
    game = registry.get("gin_go")
    state = game.new_state(4, 3)
    computers = [game.computer_player(seat) for seat in range(4)]
    while not state.is_over:
        view = state.view(None)
        if view.phase == "play" and view.hand_number >= 2 and any("Jk" in c for m in view.melds for c in m.cards):
            break
        seat = state.waiting_on()[0]
        state.act(seat, computers[seat].choose(state.view(seat)))
    return bytes(pictures_for("gin_go").table_picture(state.view(None), names=GIN_GO_NAMES))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        run_demo(out, seed=1, games=[registry.get(key) for key in ("gin_rummy", "nin_jan", "tet_gow")])
        (HERE / "gin-rummy-hand.png").write_bytes((out / "gin_rummy" / "2-middle-hand-Computer1.png").read_bytes())
        (HERE / "nin-jan-results.png").write_bytes((out / "nin_jan" / "4-results.png").read_bytes())
        (HERE / "tet-gow-table.png").write_bytes((out / "tet_gow" / "2-middle-table.png").read_bytes())
    (HERE / "gin-go-table.png").write_bytes(gin_go_table())


if __name__ == "__main__":
    main()
