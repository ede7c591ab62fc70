"""spectators: games.watchable and games.watch_secret, the spectators table

Revision ID: 0010
Revises: 0008
Create Date: 2026-11-30 18:20:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('watchable', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('watch_secret', sa.String(length=64), nullable=True))
    op.create_table(
        'spectators',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=False),
        sa.Column('secret', sa.String(length=64), nullable=False),
        sa.Column('asked_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('unsubscribed_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('last_progress', sa.String(length=80), nullable=True),
        sa.Column('last_seq', sa.Integer(), nullable=False, server_default='-1'),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'email'),
    )
    op.create_index(op.f('ix_spectators_game_id'), 'spectators', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_spectators_game_id'), table_name='spectators')
    op.drop_table('spectators')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('watch_secret')
        batch.drop_column('watchable')
