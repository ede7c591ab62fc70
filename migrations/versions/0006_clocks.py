"""clocks: game_clocks, seat_clocks, clock_events

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 16:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'game_clocks',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('host', sa.Integer(), nullable=True),
        sa.Column('per_turn', sa.Integer(), nullable=True),
        sa.Column('bank', sa.Integer(), nullable=False),
        sa.Column('on_timeout', sa.String(length=8), nullable=False),
        sa.Column('replace_after', sa.Integer(), nullable=False),
        sa.Column('bot', sa.String(length=32), nullable=False),
        sa.Column('reminders', sa.JSON(), nullable=False),
        sa.Column('vacation_budget', sa.Integer(), nullable=False),
        sa.Column('turn', sa.Integer(), nullable=False),
        sa.Column('turn_seat', sa.Integer(), nullable=True),
        sa.Column('turn_started', sa.DateTime(timezone=True), nullable=True),
        sa.Column('due', sa.DateTime(timezone=True), nullable=True),
        sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
        sa.Column('leave_until', sa.DateTime(timezone=True), nullable=True),
        sa.Column('paused_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('paused_left', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )
    op.create_index(op.f('ix_game_clocks_deadline'), 'game_clocks', ['deadline'], unique=False)
    op.create_table(
        'seat_clocks',
        sa.Column('seat_id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('bank_left', sa.Integer(), nullable=False),
        sa.Column('timeouts', sa.Integer(), nullable=False),
        sa.Column('vacation_used', sa.Integer(), nullable=False),
        sa.Column('time_zone', sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['seat_id'], ['seats.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('seat_id'),
    )
    op.create_index(op.f('ix_seat_clocks_game_id'), 'seat_clocks', ['game_id'], unique=False)
    op.create_table(
        'clock_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=160), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('turn', sa.Integer(), nullable=False),
        sa.Column('detail', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('key'),
    )
    op.create_index(op.f('ix_clock_events_game_id'), 'clock_events', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_clock_events_game_id'), table_name='clock_events')
    op.drop_table('clock_events')
    op.drop_index(op.f('ix_seat_clocks_game_id'), table_name='seat_clocks')
    op.drop_table('seat_clocks')
    op.drop_index(op.f('ix_game_clocks_deadline'), table_name='game_clocks')
    op.drop_table('game_clocks')
