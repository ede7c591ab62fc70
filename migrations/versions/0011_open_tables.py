"""open tables: games.listing, seats.open, seat_claims

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-30 18:10:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('listing', sa.String(length=8), nullable=True))
        batch.create_index(batch.f('ix_games_listing'), ['listing'], unique=False)
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('open', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        'seat_claims',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=False),
        sa.Column('nonce', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_seat_claims_game_id'), 'seat_claims', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_seat_claims_game_id'), table_name='seat_claims')
    op.drop_table('seat_claims')
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('open')
    with op.batch_alter_table('games') as batch:
        batch.drop_index(batch.f('ix_games_listing'))
        batch.drop_column('listing')
