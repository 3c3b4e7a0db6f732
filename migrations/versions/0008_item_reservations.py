"""Items staked at a table are reserved for it until it ends (one table at a time, by the item's
key), and a finished table keeps the lobby its Rematch opened (one rematch per table).

Tables already in play keep going without reservations: their items move at their end as before,
only if their owner still has them.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "item_reservations",
        sa.Column("owned_item_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.BigInteger(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game_key", sa.String(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("reserved_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(["owned_item_id"], ["owned_items.id"]),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("owned_item_id"),
    )
    op.create_index("ix_item_reservations_owner", "item_reservations", ["guild_id", "game_key", "user_id"])
    op.create_index("ix_item_reservations_table", "item_reservations", ["table_id"])
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("rematch_table_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    # Not a batch (which would copy game_tables, refused while other tables' rows point at it):
    # SQLite drops a plain column in place since 3.35.
    op.drop_column("game_tables", "rematch_table_id")
    op.drop_index("ix_item_reservations_table", table_name="item_reservations")
    op.drop_index("ix_item_reservations_owner", table_name="item_reservations")
    op.drop_table("item_reservations")
