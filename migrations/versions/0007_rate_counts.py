"""rate limits: rate_counts (service/storage/ratelimit.py)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30 18:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'rate_counts',
        sa.Column('bucket', sa.String(length=32), nullable=False),
        sa.Column('key', sa.String(length=255), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('bucket', 'key'),
    )
    op.create_index(op.f('ix_rate_counts_expires_at'), 'rate_counts', ['expires_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_rate_counts_expires_at'), table_name='rate_counts')
    op.drop_table('rate_counts')
