"""ratings: ratings, rated_games, public_names; games.min_in_time and the
"still in?" of seat_claims (docs/ratings.md, docs/open_tables.md)

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
    op.add_column('games', sa.Column('min_in_time', sa.Integer(), nullable=True))
    op.add_column('seat_claims', sa.Column('still_in_due', sa.DateTime(timezone=True), nullable=True))
    op.add_column('seat_claims', sa.Column('still_in_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('seat_claims', sa.Column('lapsed_at', sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f('ix_seat_claims_still_in_due'), 'seat_claims', ['still_in_due'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_seat_claims_still_in_due'), table_name='seat_claims')
    with op.batch_alter_table('seat_claims') as batch:
        batch.drop_column('lapsed_at')
        batch.drop_column('still_in_at')
        batch.drop_column('still_in_due')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('min_in_time')
    op.drop_table('public_names')
    op.drop_table('rated_games')
    op.drop_index(op.f('ix_ratings_pool'), table_name='ratings')
    op.drop_table('ratings')
