"""bounded retries (tries, next try, failed), games keyed by what created them,
worker heartbeats, the SMTP circuit breaker, Mailgun webhook tokens seen

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 15:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('move_requests', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attempts', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('next_try_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('last_error', sa.Text(), nullable=True))
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_try_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.add_column(sa.Column('attempts', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('next_try_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('creation_key', sa.String(length=255), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_creation_key'), ['creation_key'], unique=True)
    op.create_table(
        'worker_heartbeats',
        sa.Column('name', sa.String(length=200), nullable=False),
        sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('beat_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('name'),
    )
    op.create_table(
        'circuit_breakers',
        sa.Column('name', sa.String(length=32), nullable=False),
        sa.Column('open_until', sa.DateTime(timezone=True), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('last_error', sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint('name'),
    )
    op.create_table(
        'webhook_tokens',
        sa.Column('token', sa.String(length=128), nullable=False),
        sa.Column('seen_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('token'),
    )
    op.create_index(op.f('ix_webhook_tokens_seen_at'), 'webhook_tokens', ['seen_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_webhook_tokens_seen_at'), table_name='webhook_tokens')
    op.drop_table('webhook_tokens')
    op.drop_table('circuit_breakers')
    op.drop_table('worker_heartbeats')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_creation_key'))
        batch_op.drop_column('creation_key')
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.drop_column('next_try_at')
        batch_op.drop_column('attempts')
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.drop_column('next_try_at')
    with op.batch_alter_table('move_requests', schema=None) as batch_op:
        batch_op.drop_column('last_error')
        batch_op.drop_column('next_try_at')
        batch_op.drop_column('attempts')
