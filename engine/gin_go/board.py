"""The 4×13 Gin-Go board: squares, each side's coordinates, chips with bumping, and the link.

A square is one int, ``(y - 1) * 4 + (x - 1)``, with columns x = 1..4 west to east
and rows y = 1..13 south to north, as side A (south, side 0) sees the board. Side B
(north, side 1) reads it the other way round: its row r (A=1 … K=13) is y = 14 − r
and its suit position p (1..4, left to right from its seat) is x = 5 − p.
"""

from __future__ import annotations

from collections import deque

from engine.gin_go.cards import RANK_LABELS, rank_of, suit_of

COLUMNS = 4
ROWS = 13
SQUARES = COLUMNS * ROWS


def square(x: int, y: int) -> int:
    return (y - 1) * COLUMNS + (x - 1)


def xy(sq: int) -> tuple[int, int]:
    """The (x, y) of a square, both 1-based."""
    return sq % COLUMNS + 1, sq // COLUMNS + 1


def square_of(side: int, suit_row: list[str] | tuple[str, ...], card: str) -> int:
    """Where ``side`` places its chip for a natural card, given its suit row (left to right)."""
    position = suit_row.index(suit_of(card)) + 1
    rank = rank_of(card)
    if side == 0:
        return square(position, rank)
    return square(COLUMNS + 1 - position, ROWS + 1 - rank)


def column_suits(side: int, suit_row: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The suit of each board column x = 1..4 for ``side``."""
    return tuple(suit_row) if side == 0 else tuple(reversed(suit_row))


def row_labels(side: int) -> tuple[str, ...]:
    """The rank label of each board row y = 1..13 for ``side``: "A" … "K" from its own end."""
    return RANK_LABELS if side == 0 else tuple(reversed(RANK_LABELS))


def a_row(side: int) -> int:
    """The board row y of ``side``'s A row."""
    return 1 if side == 0 else ROWS


def neighbours(sq: int, orthogonal_only: bool) -> list[int]:
    return _ORTHO[sq] if orthogonal_only else _ALL[sq]


def _build(diagonal: bool) -> list[list[int]]:
    table = []
    for sq in range(SQUARES):
        x, y = xy(sq)
        found = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or (not diagonal and dx and dy):
                    continue
                if 1 <= x + dx <= COLUMNS and 1 <= y + dy <= ROWS:
                    found.append(square(x + dx, y + dy))
        table.append(found)
    return table


_ORTHO = _build(False)
_ALL = _build(True)


def link_path(board: list[int | None] | tuple[int | None, ...], side: int, orthogonal_only: bool) -> list[int] | None:
    """A shortest chain of ``side``'s chips from its A row to its K row, or None.

    Both sides' A and K rows are the board's two end rows (y = 1 and y = 13), so the
    search is the same for both: breadth first from row 1 to row 13.
    """
    start = [square(x, 1) for x in range(1, COLUMNS + 1) if board[square(x, 1)] == side]
    parent: dict[int, int | None] = {sq: None for sq in start}
    queue = deque(start)
    while queue:
        sq = queue.popleft()
        if sq >= SQUARES - COLUMNS:
            path = [sq]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            path.reverse()
            return path if side == 0 else path[::-1]
        for nxt in neighbours(sq, orthogonal_only):
            if nxt not in parent and board[nxt] == side:
                parent[nxt] = sq
                queue.append(nxt)
    return None
