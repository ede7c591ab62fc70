"""inbound mail table

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 14:54:35.047028
"""
import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('inbound_mail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('dedupe_key', sa.String(length=255), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=12), nullable=False),
    sa.Column('envelope_to', sa.JSON(), nullable=False),
    sa.Column('sender', sa.String(length=254), nullable=True),
    sa.Column('outcome', sa.String(length=24), nullable=False),
    sa.Column('detail', sa.Text(), nullable=True),
    sa.Column('answer', sa.Text(), nullable=True),
    sa.Column('answered', sa.Boolean(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('request_id', sa.Integer(), nullable=True),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('processed_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('dedupe_key')
    )
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_inbound_mail_outcome'), ['outcome'], unique=False)
        batch_op.create_index(batch_op.f('ix_inbound_mail_sender'), ['sender'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('inbound_mail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inbound_mail_sender'))
        batch_op.drop_index(batch_op.f('ix_inbound_mail_outcome'))

    op.drop_table('inbound_mail')
