"""languages: seats, spectators and seat claims each have a language

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02 02:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None

TABLES = ('seats', 'spectators', 'seat_claims')


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('language', sa.String(length=8), server_default='en', nullable=False))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column('language')
