"""Each rating history row keeps the player's rated games and lifetime points through it: the
announcement of a game's end read every earlier row of each of its players (the computer of a
game plays in every table of a server, so that grew with every game a server ever played).

Rows written before are filled in here, in the order tables finished (their ids), as the
announcement counted them.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: Rows filled in per statement.
BATCH = 5000


def upgrade() -> None:
    with op.batch_alter_table("rating_history") as batch:
        batch.add_column(sa.Column("games", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("lifetime_points", sa.Text(), nullable=True))  # exact big integers as text
    bind = op.get_bind()
    found = bind.execute(sa.text("SELECT id, guild_id, game_key, player, points FROM rating_history ORDER BY id"))
    totals: dict[tuple[int, str, str], tuple[int, int]] = {}
    fill = sa.text("UPDATE rating_history SET games = :b_games, lifetime_points = :b_points WHERE id = :b_id")
    rows: list[dict[str, object]] = []
    for row_id, guild_id, game_key, player, points in found.all():
        games, lifetime = totals.get((guild_id, game_key, player), (0, 0))
        games, lifetime = games + 1, lifetime + max(0, int(points))  # negative scores count as 0
        totals[(guild_id, game_key, player)] = (games, lifetime)
        rows.append({"b_id": row_id, "b_games": games, "b_points": str(lifetime)})
        if len(rows) == BATCH:
            bind.execute(fill, rows)
            rows = []
    if rows:
        bind.execute(fill, rows)
    with op.batch_alter_table("rating_history") as batch:
        batch.alter_column("games", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("lifetime_points", existing_type=sa.Text(), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("lifetime_points")
        batch.drop_column("games")
