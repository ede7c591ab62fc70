"""ratings: ratings, rated_games, public_names (docs/ratings.md)

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


def upgrade() -> None:
    op.create_table(
        'ratings',
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('pool', sa.String(length=64), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('address', 'pool'),
    )
    op.create_index(op.f('ix_ratings_pool'), 'ratings', ['pool'], unique=False)
    op.create_table(
        'rated_games',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('pool', sa.String(length=64), nullable=False),
        sa.Column('changes', sa.JSON(), nullable=False),
        sa.Column('rated_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id'),
    )
    op.create_table(
        'public_names',
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('name_key', sa.String(length=40), nullable=False),
        sa.Column('chosen_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('address'),
        sa.UniqueConstraint('name_key'),
    )


def downgrade() -> None:
    op.drop_table('public_names')
    op.drop_table('rated_games')
    op.drop_index(op.f('ix_ratings_pool'), table_name='ratings')
    op.drop_table('ratings')
