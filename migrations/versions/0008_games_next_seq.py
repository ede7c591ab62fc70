"""games.next_seq: the seq the next move log entry gets, kept on the game row
so a move need not ask the log for its last seq

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-30 18:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('games', sa.Column('next_seq', sa.Integer(), server_default='0', nullable=False))
    op.execute("UPDATE games SET next_seq = COALESCE("
               "(SELECT MAX(move_log.seq) + 1 FROM move_log WHERE move_log.game_id = games.id), 0)")


def downgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.drop_column('next_seq')
