"""``python benchmarks/profiled_bot.py OUT``: ``python -m bot`` under cProfile, stats written to OUT on SIGTERM.

Only the load benchmark's ``--profile`` launches it; the bot itself knows nothing of it. It counts the
event loop thread's CPU time, not wall time: on a busy machine wall time would charge the moments the
process waited for a core to whatever call it happened to be in (typically a system call). SIGHUP
forgets what was counted so far: the load benchmark sends it when the play starts, so the profile
holds the play alone, as its CPU figures do (not the start, the sync and the tables' opening).

Run as a file, not with ``-m``, and importing nothing of ``benchmarks``: ``--compare`` starts an
older tree's bot through it, with that tree alone on the path.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time


def profiled(out: str) -> int:
    from bot.__main__ import main  # the tree on the path: this one's, or an older one's

    profile = cProfile.Profile(time.thread_time)

    def stop(*_: object) -> None:
        raise KeyboardInterrupt  # bot.__main__ treats it as a normal stop

    def forget(*_: object) -> None:
        profile.clear()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, forget)
    profile.enable()
    try:
        return main([])
    finally:
        profile.disable()
        profile.dump_stats(out)


if __name__ == "__main__":
    sys.exit(profiled(sys.argv[1]))
