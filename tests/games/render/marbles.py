"""Marbles' pictures are Twenty-One's: the same table and hands."""

from tests.games.render.twenty_one import hand_picture, table_picture

__all__ = ["hand_picture", "table_picture"]
