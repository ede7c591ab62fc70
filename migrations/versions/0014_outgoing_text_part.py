"""outgoing mail's text part: outgoing_mail.text_part

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 02:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('outgoing_mail') as batch:
        batch.add_column(sa.Column('text_part', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('outgoing_mail') as batch:
        batch.drop_column('text_part')
