"""The garbage collector for a process that keeps a thousand tables for hours: what survives a
full collection is frozen, and only what came since is walked by the next.

Python frees an object when its last reference goes; its collector is only for loops of
references. A full collection walks every object the collector tracks, and stands the event loop
still meanwhile: at 1,000 tables under load a full collection ran every 3 s and took 100–300 ms
(some 220,000 objects: the tables, their pictures and open hands, the clicks under way), about
half of the collector's time, and the collector was about a seventh of the process's CPU.

What survives a full collection is mostly what lives for minutes: walking it every 3 s finds
nothing new. So after each full collection its survivors are frozen (``gc.freeze``): the next
full collections walk only what was promoted since. Frozen objects are still freed the moment
their last reference goes; only a loop of references among them waits, so when the frozen objects
have grown by half since the last sweep, the next full collection is a sweep: everything is
unfrozen first, walked once and frozen again. Parlour's own loops, and discord.py's for every
click and sent message, are broken where they are made (``cogs.let_go``), so little waits.

>>> policy = FreezeSurvivors(regrowth=1.5)
>>> policy.sweep_due(frozen=140, baseline=100), policy.sweep_due(frozen=151, baseline=100)
(False, True)
"""

from __future__ import annotations

import gc
import logging
from typing import Any

log = logging.getLogger(__name__)


class FreezeSurvivors:
    """Freeze what survives each full collection; sweep when the frozen objects have grown by
    ``regrowth`` since the last sweep (or since :meth:`install`)."""

    def __init__(self, regrowth: float = 1.5) -> None:
        self.regrowth = regrowth
        #: Frozen objects after the last sweep: the measure of growth.
        self.baseline = 0
        self.sweeps = 0
        self._sweeping = False

    def sweep_due(self, frozen: int, baseline: int) -> bool:
        return frozen > baseline * self.regrowth

    def install(self) -> None:
        """From now on (the startup objects frozen already, say: they are the first baseline)."""
        self.baseline = max(gc.get_freeze_count(), 1)
        if self._after_collection not in gc.callbacks:
            gc.callbacks.append(self._after_collection)

    def uninstall(self) -> None:
        if self._after_collection in gc.callbacks:
            gc.callbacks.remove(self._after_collection)

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        """gc's callback: before a full collection, maybe unfreeze all (a sweep); after it, freeze."""
        if info["generation"] != 2:
            return
        if phase == "start":
            self._sweeping = self.sweep_due(gc.get_freeze_count(), self.baseline)
            if self._sweeping:
                gc.unfreeze()  # this collection walks everything once
            return
        gc.freeze()
        if self._sweeping:
            self._sweeping = False
            self.sweeps += 1
            self.baseline = max(gc.get_freeze_count(), 1)
            log.info("Swept the frozen objects: %d kept, %d freed", self.baseline, info.get("collected", 0))


#: The bot process's policy (installed by bot.app once the startup objects are frozen).
policy = FreezeSurvivors()
