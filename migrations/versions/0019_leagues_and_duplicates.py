"""leagues and duplicate farming: leagues, league_seasons, league_entries, league_tables,
duplicate_events, duplicate_entries (docs/leagues.md)

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02 01:50:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'duplicate_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=32), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('seats', sa.Integer(), nullable=False),
        sa.Column('week', sa.String(length=16), nullable=False),
        sa.Column('seed', sa.BigInteger(), nullable=False),
        sa.Column('per_turn', sa.Integer(), nullable=False),
        sa.Column('status', sa.String(length=8), nullable=False),
        sa.Column('closes_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('kind', 'seats', 'week')
    )
    op.create_index(op.f('ix_duplicate_events_status'), 'duplicate_events', ['status'], unique=False)
    op.create_table(
        'leagues',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('kind', sa.String(length=32), nullable=False),
        sa.Column('options', sa.JSON(), nullable=False),
        sa.Column('per_turn', sa.Integer(), nullable=False),
        sa.Column('replace_after', sa.Integer(), nullable=False),
        sa.Column('division_size', sa.Integer(), nullable=False),
        sa.Column('rounds', sa.Integer(), nullable=False),
        sa.Column('movers', sa.Integer(), nullable=False),
        sa.Column('signup_days', sa.Integer(), nullable=False),
        sa.Column('organiser_email', sa.String(length=254), nullable=True),
        sa.Column('secret', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id')
    )
    op.create_table(
        'duplicate_entries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=False),
        sa.Column('table_no', sa.Integer(), nullable=True),
        sa.Column('seat', sa.Integer(), nullable=True),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('secret', sa.String(length=64), nullable=False),
        sa.Column('language', sa.String(length=8), server_default='en', nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['duplicate_events.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'email')
    )
    op.create_index(op.f('ix_duplicate_entries_event_id'), 'duplicate_entries', ['event_id'], unique=False)
    op.create_table(
        'league_seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('league_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('status', sa.String(length=8), nullable=False),
        sa.Column('starts_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['league_id'], ['leagues.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('league_id', 'number')
    )
    op.create_index(op.f('ix_league_seasons_league_id'), 'league_seasons', ['league_id'], unique=False)
    op.create_index(op.f('ix_league_seasons_status'), 'league_seasons', ['status'], unique=False)
    op.create_table(
        'league_entries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=False),
        sa.Column('standing_before', sa.Integer(), nullable=False),
        sa.Column('division', sa.Integer(), nullable=True),
        sa.Column('quarters', sa.Integer(), nullable=False),
        sa.Column('wins', sa.Integer(), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('played', sa.Integer(), nullable=False),
        sa.Column('secret', sa.String(length=64), nullable=False),
        sa.Column('language', sa.String(length=8), server_default='en', nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('season_id', 'email')
    )
    op.create_index(op.f('ix_league_entries_season_id'), 'league_entries', ['season_id'], unique=False)
    op.create_table(
        'league_tables',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('season_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('division', sa.Integer(), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('entries', sa.JSON(), nullable=False),
        sa.Column('counted_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['season_id'], ['league_seasons.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id'),
        sa.UniqueConstraint('season_id', 'number')
    )
    op.create_index(op.f('ix_league_tables_counted_at'), 'league_tables', ['counted_at'], unique=False)
    op.create_index(op.f('ix_league_tables_season_id'), 'league_tables', ['season_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_league_tables_season_id'), table_name='league_tables')
    op.drop_index(op.f('ix_league_tables_counted_at'), table_name='league_tables')
    op.drop_table('league_tables')
    op.drop_index(op.f('ix_league_entries_season_id'), table_name='league_entries')
    op.drop_table('league_entries')
    op.drop_index(op.f('ix_league_seasons_status'), table_name='league_seasons')
    op.drop_index(op.f('ix_league_seasons_league_id'), table_name='league_seasons')
    op.drop_table('league_seasons')
    op.drop_index(op.f('ix_duplicate_entries_event_id'), table_name='duplicate_entries')
    op.drop_table('duplicate_entries')
    op.drop_table('leagues')
    op.drop_index(op.f('ix_duplicate_events_status'), table_name='duplicate_events')
    op.drop_table('duplicate_events')
