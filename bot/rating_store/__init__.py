"""Ratings and levels in the database: the update at the end of a game, leaderboards, profiles, the rebuild.

Every function takes the session of its caller, so the rating update joins the transaction
that saves a table's results (a finished game and its ratings are written together, or not
at all). The rating maths is bot/ratings.py's and the level curve bot/levels.py's: this
package only reads and writes rows. One module per job:

- :mod:`bot.rating_store.update`: :func:`apply_finished_table`, one game's update, and the
  changes it made, read back (:func:`table_changes`).
- :mod:`bot.rating_store.partial_play`: the seats a person played only in part (the computer
  moved for them after a time-out, or took their seat over).
- :mod:`bot.rating_store.rebuild`: :func:`rebuild`, every game again from ``results``; it shares
  :func:`~bot.rating_store.update.rate_table` with the update, so both give the same numbers to
  the last bit.
- :mod:`bot.rating_store.leaderboards` and :mod:`bot.rating_store.profiles`: what people read.
- ``python -m bot.rating_store`` (:mod:`bot.rating_store.__main__`): the rebuild command.
"""

from __future__ import annotations

from bot.rating_store.leaderboards import PERIODS, Board, BoardRow, By, Period, leaderboard
from bot.rating_store.partial_play import SeatPlay, partial_play
from bot.rating_store.profiles import CHART_POINTS, GameStanding, Profile, RecentResult, level_of, levels_of, profile
from bot.rating_store.rebuild import needs_rebuild, rebuild, rebuild_database
from bot.rating_store.update import (
    COMPUTER_NAME,
    RatingRow,
    ResultLike,
    SeatChange,
    apply_finished_table,
    computer_name,
    player_of,
    table_changes,
)

__all__ = [
    "CHART_POINTS",
    "COMPUTER_NAME",
    "PERIODS",
    "Board",
    "BoardRow",
    "By",
    "GameStanding",
    "Period",
    "Profile",
    "RatingRow",
    "RecentResult",
    "ResultLike",
    "SeatChange",
    "SeatPlay",
    "apply_finished_table",
    "computer_name",
    "leaderboard",
    "level_of",
    "levels_of",
    "needs_rebuild",
    "partial_play",
    "player_of",
    "profile",
    "rebuild",
    "rebuild_database",
    "table_changes",
]
