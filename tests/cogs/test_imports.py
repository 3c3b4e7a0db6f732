"""The Discord side imports one way: every module of cogs/ and bot/ imports alone, and no two of
them import each other (directly or round a loop).

A loop of imports works only while each side reaches the other through a module attribute at
call time, and the first import decides which half of the loop is there yet: that is how
``import cogs.table_ui`` once failed unless cogs.clicks was imported first.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs")

#: The ORM rows import each other so that one import of bot.models gives the whole schema: a loop
#: among those four files only (bot.models imports the others at its end). Its owner is the schema;
#: nothing on the Discord side may join it.
SCHEMA_LOOP = frozenset({"bot.models", "bot.pace_models", "bot.season_models", "bot.tournaments.models"})


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of bot/ and cogs/, by its dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block: read by type checkers, never run."""
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imported(path: Path, known: set[str]) -> set[str]:
    """The project modules a file imports when it runs (at its top or inside a function)."""
    names: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if _type_checking_only(node):
            return
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)  # `from cogs import clicks`
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    mine = module_name(path)
    return {name for name in names if name in known and name != mine}


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imported(path, set(found)) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import loops: each strongly connected group of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def test_the_loop_finder_finds_a_loop() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_the_imports_that_run() -> None:
    graph = import_graph()
    assert "cogs.custom_ids" in graph["cogs.clicks"]  # from cogs.custom_ids import ...
    assert "bot.workers.scheduler" in graph["bot.client"]  # from bot.workers import scheduler
    assert "bot.client" not in graph["cogs.clicks"]  # only under TYPE_CHECKING there


def test_no_import_loop_among_bot_and_cogs() -> None:
    loops = [loop for loop in cycles(import_graph()) if not set(loop) <= SCHEMA_LOOP]
    assert loops == [], f"modules that import each other: {loops}"


def test_the_bot_imports_no_cog() -> None:
    """bot/ owns the process: the cogs are loaded as extensions, never imported by it."""
    graph = import_graph()
    reaching = {name: sorted(n for n in imports if n.startswith("cogs")) for name, imports in graph.items()}
    assert {name: cogs for name, cogs in reaching.items() if name.startswith("bot") and cogs} == {}


#: Imports each module given on the command line in a fresh child process of its own (a fork of an
#: interpreter that has imported only the libraries and the game packages, engine/ and render/,
#: which never import bot/ or cogs/), as many at once as there are cores: one failure line per module.
ALONE = """
import importlib, os, sys, traceback
import discord, discord.ext.commands, sqlalchemy, sqlmodel, PIL.Image, babel.numbers  # shared, not under test
import engine.registry, render  # pure layers below the Discord side: shared too
engine.registry.all_games()
failed, running, names = [], {}, sys.argv[1:]
while names or running:
    while names and len(running) < (os.cpu_count() or 1):
        name = names.pop(0)
        pid = os.fork()
        if pid == 0:
            try:
                importlib.import_module(name)
            except BaseException:
                print(name, traceback.format_exc().strip().splitlines()[-1], flush=True)
                os._exit(1)
            os._exit(0)
        running[pid] = name
    pid, status = os.wait()
    if status:
        failed.append(running[pid])
    del running[pid]
print("FAILED", *sorted(failed))
"""


def test_every_module_imports_alone() -> None:
    names = sorted(name for name in modules() if name not in ("bot.__main__",))
    done = subprocess.run(
        [sys.executable, "-c", ALONE, *names], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "FAILED", done.stdout
