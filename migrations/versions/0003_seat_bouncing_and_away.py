"""seat: bouncing address, vacation

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 15:45:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bouncing_since', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('away_until', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('turn_held', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index(batch_op.f('ix_seats_away_until'), ['away_until'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_away_until'))
        batch_op.drop_column('turn_held')
        batch_op.drop_column('away_until')
        batch_op.drop_column('bouncing_since')
