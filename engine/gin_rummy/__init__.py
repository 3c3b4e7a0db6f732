"""Gin Rummy: the rules (:mod:`.rules`), the meld solver (:mod:`.melds`) and computer players.

>>> min_deadwood(["As", "2s", "3s", "7h", "7d", "7c", "Kh", "Qh", "Jh", "5d"])
5
"""

from engine.gin_rummy.melds import Melding, best_melds, min_deadwood
from engine.gin_rummy.rules import GinRummy, GinRummyState, GinRummyView, HandResult

__all__ = ["GinRummy", "GinRummyState", "GinRummyView", "HandResult", "Melding", "best_melds", "min_deadwood"]
