"""first tables: games, seats, move log, inbox, outbox, invitations, mailbox

Revision ID: 0001
Revises:
Create Date: 2026-11-29 14:31:46.707277
"""
import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('mailbox',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_id', sa.String(length=255), nullable=False),
    sa.Column('mail_from', sa.String(length=254), nullable=False),
    sa.Column('to_addr', sa.String(length=254), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('message_id')
    )
    with op.batch_alter_table('mailbox', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_mailbox_to_addr'), ['to_addr'], unique=False)

    op.create_table('move_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=8), nullable=False),
    sa.Column('codes', sa.JSON(), nullable=False),
    sa.Column('source', sa.String(length=8), nullable=False),
    sa.Column('base_version', sa.Integer(), nullable=True),
    sa.Column('dedupe_key', sa.String(length=255), nullable=True),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('result', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('processed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('dedupe_key')
    )
    with op.batch_alter_table('move_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_move_requests_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_move_requests_status'), ['status'], unique=False)

    op.create_table('seats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=True),
    sa.Column('secret', sa.String(length=64), nullable=False),
    sa.Column('reply_key', sa.String(length=64), nullable=False),
    sa.Column('preferences', sa.JSON(), nullable=False),
    sa.Column('bot', sa.String(length=32), nullable=True),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('resigned', sa.Boolean(), nullable=False),
    sa.Column('thread_root', sa.String(length=255), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'position'),
    sa.UniqueConstraint('reply_key')
    )
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seats_game_id'), ['game_id'], unique=False)

    op.create_table('invitations',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat_id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('accepted_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['seat_id'], ['seats.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('seat_id')
    )
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invitations_game_id'), ['game_id'], unique=False)

    op.create_table('move_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=200), nullable=False),
    sa.Column('text', sa.String(length=200), nullable=False),
    sa.Column('description', sa.String(length=400), nullable=False),
    sa.Column('source', sa.String(length=8), nullable=False),
    sa.Column('request_id', sa.Integer(), nullable=True),
    sa.Column('revealed', sa.Boolean(), nullable=False),
    sa.Column('undone', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['request_id'], ['move_requests.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seq')
    )
    with op.batch_alter_table('move_log', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_move_log_game_id'), ['game_id'], unique=False)

    op.create_table('outgoing_mail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_id', sa.String(length=255), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('seat_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('to_addr', sa.String(length=254), nullable=False),
    sa.Column('subject', sa.String(length=255), nullable=False),
    sa.Column('context', sa.JSON(), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=True),
    sa.Column('status', sa.String(length=8), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['seat_id'], ['seats.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('message_id')
    )
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_outgoing_mail_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_outgoing_mail_status'), ['status'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_outgoing_mail_status'))
        batch_op.drop_index(batch_op.f('ix_outgoing_mail_game_id'))

    op.drop_table('outgoing_mail')
    with op.batch_alter_table('move_log', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_move_log_game_id'))

    op.drop_table('move_log')
    with op.batch_alter_table('invitations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invitations_game_id'))

    op.drop_table('invitations')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_game_id'))

    op.drop_table('seats')
    with op.batch_alter_table('move_requests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_move_requests_status'))
        batch_op.drop_index(batch_op.f('ix_move_requests_game_id'))

    op.drop_table('move_requests')
    with op.batch_alter_table('mailbox', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_mailbox_to_addr'))

    op.drop_table('mailbox')
    op.drop_table('games')
