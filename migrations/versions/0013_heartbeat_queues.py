"""heartbeat queues: worker_heartbeats.queues

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30 21:45:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('worker_heartbeats') as batch:
        batch.add_column(sa.Column('queues', sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('worker_heartbeats') as batch:
        batch.drop_column('queues')
