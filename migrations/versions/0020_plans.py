"""plans: plans, seats.planned, seats.plan_news

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02 02:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'plans',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=8), nullable=False),
        sa.Column('alternatives', sa.JSON(), nullable=False),
        sa.Column('stops', sa.JSON(), nullable=False),
        sa.Column('text', sa.Text(), nullable=False),
        sa.Column('view', sa.JSON(), nullable=False),
        sa.Column('made_version', sa.Integer(), nullable=False),
        sa.Column('made_seq', sa.Integer(), nullable=False),
        sa.Column('progress', sa.String(length=80), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('played', sa.Integer(), server_default='0', nullable=False),
        sa.Column('note', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_plans_game_id'), 'plans', ['game_id'], unique=False)
    op.create_index(op.f('ix_plans_status'), 'plans', ['status'], unique=False)
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('planned', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch.add_column(sa.Column('plan_news', sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('plan_news')
        batch.drop_column('planned')
    op.drop_index(op.f('ix_plans_status'), table_name='plans')
    op.drop_index(op.f('ix_plans_game_id'), table_name='plans')
    op.drop_table('plans')
