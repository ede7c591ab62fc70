"""outgoing mail's header facts: a row not yet composed holds them as an
``envelope`` in its context (mail/outgoing/envelope.py), not as ``headers``

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-01 23:00:00
"""
from email.header import decode_header, make_header
from email.headerregistry import Address
from email.utils import parseaddr

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None

mails = sa.table('outgoing_mail', sa.column('id', sa.Integer), sa.column('raw', sa.LargeBinary),
                 sa.column('context', sa.JSON))


def _pair(header: str) -> list[str]:
    name, address = parseaddr(header)
    return [str(make_header(decode_header(name))), address]


def _envelope(headers: dict) -> dict:
    unsubscribe, game = headers.get('List-Unsubscribe'), headers.get('X-Farmpost-Game')
    return {'message_id': headers['Message-ID'], 'sender': _pair(headers['From']), 'to': _pair(headers['To']),
            'subject': headers['Subject'], 'auto_submitted': headers.get('Auto-Submitted') or 'auto-generated',
            'reply_to': headers.get('Reply-To'), 'thread': headers.get('In-Reply-To'),
            'list_id': headers.get('List-Id'), 'unsubscribe': unsubscribe.strip('<>') if unsubscribe else None,
            'game_id': int(game) if game else None, 'date': None}


def _address(pair: list[str]) -> str:
    local, _, domain = pair[1].rpartition('@')
    return str(Address(display_name=pair[0], username=local, domain=domain))


def _headers(envelope: dict) -> dict:
    headers = {'Message-ID': envelope['message_id'], 'From': _address(envelope['sender']),
               'To': _address(envelope['to']), 'Reply-To': envelope['reply_to'], 'Subject': envelope['subject'],
               'In-Reply-To': envelope['thread'], 'References': envelope['thread'], 'List-Id': envelope['list_id'],
               'Auto-Submitted': envelope['auto_submitted']}
    if envelope['unsubscribe']:
        headers.update({'List-Unsubscribe': f"<{envelope['unsubscribe']}>",
                        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'})
    if envelope['game_id'] is not None:
        headers['X-Farmpost-Game'] = str(envelope['game_id'])
    return {name: value for name, value in headers.items() if value}


def _convert(old: str, new: str, change) -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.select(mails.c.id, mails.c.context).where(mails.c.raw.is_(None))).all()
    for mail_id, context in rows:
        if old in context:
            kept = {key: value for key, value in context.items() if key != old}
            bind.execute(mails.update().where(mails.c.id == mail_id).values(context={**kept, new: change(context[old])}))


def upgrade() -> None:
    _convert('headers', 'envelope', _envelope)


def downgrade() -> None:
    _convert('envelope', 'headers', _headers)
