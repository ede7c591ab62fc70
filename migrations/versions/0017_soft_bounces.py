"""soft bounces: soft_bounces

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-01 23:40:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'soft_bounces',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_soft_bounces_address'), 'soft_bounces', ['address'], unique=False)
    op.create_index(op.f('ix_soft_bounces_received_at'), 'soft_bounces', ['received_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_soft_bounces_received_at'), table_name='soft_bounces')
    op.drop_index(op.f('ix_soft_bounces_address'), table_name='soft_bounces')
    op.drop_table('soft_bounces')
