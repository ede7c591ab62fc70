"""inbound_mail: hash of the fresh text (the same text again is a loop)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 15:40:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.add_column(sa.Column('text_hash', sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.drop_column('text_hash')
