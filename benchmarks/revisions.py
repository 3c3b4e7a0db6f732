"""Other git revisions of this repository, checked out beside it for a benchmark to run side by side."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def checked_out(revision: str) -> Iterator[Path]:
    """A git revision of this repository in a temporary folder (git worktree), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="parlour-compare-"))
    target = folder / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(target), revision], check=True, capture_output=True
    )
    try:
        yield target
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(target)], check=False, capture_output=True
        )
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def trees(revisions: Iterable[str]) -> Iterator[dict[str, Path]]:
    """This tree ("this tree") and each revision checked out, by label, all removed afterwards."""
    with contextlib.ExitStack() as stack:
        found = {"this tree": ROOT}
        for revision in revisions:
            found[revision] = stack.enter_context(checked_out(revision))
        yield found


def side_by_side_options(doc: str | None, repeat: int = 5) -> argparse.Namespace:
    """The command line of a benchmark run beside other revisions: ``--compare REV`` (repeatable) and
    ``--repeat N``. Its ``--inner`` run (:func:`run_inner`) takes no options and does not come here:
    it may run on an older tree, whose modules are imported, without this function."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--compare", action="append", default=[], metavar="REV")
    parser.add_argument("--repeat", type=int, default=repeat, help=f"runs of each tree in turns (default {repeat})")
    return parser.parse_args()


def run_inner(script: str, source: Path, *arguments: str) -> Any:
    """Run ``script --inner ARGUMENTS`` on the code of ``source`` (this tree or a revision checked
    out); what it printed last, read as JSON."""
    output = subprocess.run(
        [sys.executable, str(Path(script).resolve()), "--inner", *arguments],
        env={**os.environ, "PYTHONPATH": str(source)},
        cwd=source,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output.splitlines()[-1])


def medians_side_by_side(
    script: str, revisions: Iterable[str], repeat: int, title: str, rows: Iterable[str], arguments: Iterable[str] = ()
) -> None:
    """Run ``script --inner ARGUMENTS`` (which prints a figure per row as JSON) on this tree and on
    each revision, taking turns ``repeat`` times, and print each row's median per tree."""
    with trees(revisions) as found:
        runs: dict[str, list[dict[str, float]]] = {label: [] for label in found}
        for _ in range(repeat):
            for label, source in found.items():
                runs[label].append(run_inner(script, source, *arguments))
    print(title)
    print(f"{'':>12} " + " ".join(f"{label:>12}" for label in found))
    for row in rows:
        print(f"{row:>12} " + " ".join(f"{statistics.median(r[row] for r in runs[label]):12.1f}" for label in found))
