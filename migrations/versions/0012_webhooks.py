"""webhooks: webhooks, webhook_deliveries

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-30 18:15:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('hooked', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table(
        'webhooks',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('scope', sa.String(length=8), nullable=False),
        sa.Column('url', sa.String(length=2000), nullable=False),
        sa.Column('url_hash', sa.String(length=64), nullable=False),
        sa.Column('format', sa.String(length=8), nullable=False),
        sa.Column('secret', sa.String(length=64), nullable=True),
        sa.Column('active', sa.Boolean(), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('last_error', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('disabled_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_webhooks_game_id'), 'webhooks', ['game_id'], unique=False)
    op.create_table(
        'webhook_deliveries',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('event_key', sa.String(length=64), nullable=False),
        sa.Column('url_hash', sa.String(length=64), nullable=False),
        sa.Column('url', sa.String(length=2000), nullable=False),
        sa.Column('format', sa.String(length=8), nullable=False),
        sa.Column('secret', sa.String(length=64), nullable=True),
        sa.Column('event', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=8), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('next_try_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('last_error', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_key', 'url_hash'),
    )
    op.create_index(op.f('ix_webhook_deliveries_game_id'), 'webhook_deliveries', ['game_id'], unique=False)
    op.create_index(op.f('ix_webhook_deliveries_status'), 'webhook_deliveries', ['status'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_webhook_deliveries_status'), table_name='webhook_deliveries')
    op.drop_index(op.f('ix_webhook_deliveries_game_id'), table_name='webhook_deliveries')
    op.drop_table('webhook_deliveries')
    op.drop_index(op.f('ix_webhooks_game_id'), table_name='webhooks')
    op.drop_table('webhooks')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('hooked')
