"""confirmation told: whether a seat's farmer has been told how a turn mailed in is confirmed

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02 17:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('confirmation_told', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('confirmation_told')
