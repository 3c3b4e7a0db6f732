"""``python -m benchmarks.profiled_bot OUT``: ``python -m bot`` under cProfile, stats written to OUT on SIGTERM.

Only the load benchmark's ``--profile`` launches it; the bot itself knows nothing of it. It counts the
event loop thread's CPU time, not wall time: on a busy machine wall time would charge the moments the
process waited for a core to whatever call it happened to be in (typically a system call).
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time

from bot.__main__ import main


def profiled(out: str) -> int:
    profile = cProfile.Profile(time.thread_time)

    def stop(*_: object) -> None:
        raise KeyboardInterrupt  # bot.__main__ treats it as a normal stop

    signal.signal(signal.SIGTERM, stop)
    profile.enable()
    try:
        return main([])
    finally:
        profile.disable()
        profile.dump_stats(out)


if __name__ == "__main__":
    sys.exit(profiled(sys.argv[1]))
