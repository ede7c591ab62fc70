"""delivery health: mail_complaints, mail_checks

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01 22:40:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'mail_complaints',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('address', sa.String(length=254), nullable=False),
        sa.Column('feedback_type', sa.String(length=32), nullable=False),
        sa.Column('message_id', sa.String(length=255), nullable=True),
        sa.Column('feedback_id', sa.String(length=255), nullable=True),
        sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('lifted_at', sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_mail_complaints_address'), 'mail_complaints', ['address'], unique=False)
    op.create_index(op.f('ix_mail_complaints_received_at'), 'mail_complaints', ['received_at'], unique=False)
    op.create_table(
        'mail_checks',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('ran_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('passed', sa.Boolean(), nullable=False),
        sa.Column('lines', sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )


def downgrade() -> None:
    op.drop_table('mail_checks')
    op.drop_index(op.f('ix_mail_complaints_received_at'), table_name='mail_complaints')
    op.drop_index(op.f('ix_mail_complaints_address'), table_name='mail_complaints')
    op.drop_table('mail_complaints')
