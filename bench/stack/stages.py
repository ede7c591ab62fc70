"""Not a bench: where the turns' time went, for ``bench.stack.throughput``,
read from the rows' own timestamps on PostgreSQL."""

from __future__ import annotations

import statistics

import sqlalchemy as sa


def stage_times(connection) -> dict:
    """Where a turn's time goes, from the rows' own timestamps (p50 and p99
    in ms over the last minute): a move request from stored to applied, a
    turn mail from queued to claimed (composed) and to sent."""
    def percentiles(sql: str) -> list:
        row = connection.execute(sa.text(
            f"SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t), percentile_cont(0.99) WITHIN GROUP (ORDER BY t)"
            f" FROM ({sql}) s")).one()
        return [round(v * 1000, 1) if v is not None else None for v in row]

    recent = "created_at > (SELECT max(created_at) FROM {table}) - interval '60 seconds'"
    return {
        "move_request_applied_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM processed_at - created_at) t FROM move_requests WHERE processed_at IS NOT NULL"
            " AND " + recent.format(table="move_requests")),
        "turn_mail_composed_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM claimed_at - created_at) t FROM outgoing_mail WHERE kind = 'turn'"
            " AND claimed_at IS NOT NULL AND " + recent.format(table="outgoing_mail")),
        "turn_mail_sent_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM sent_at - created_at) t FROM outgoing_mail WHERE kind = 'turn'"
            " AND sent_at IS NOT NULL AND " + recent.format(table="outgoing_mail")),
    }


def where_slow_mails_waited(connection, timed: list[tuple[float, str]], stamps: list[tuple[str, float]]) -> dict:
    """Where the slowest 5% of the timed turn mails spent their time, beside
    all of them (medians in ms): from the submit to the farmer's move request
    (the web; for a reply, also the moves queue and reading the mail), the
    request waiting in the moves queue until applied, from applied to the
    mail's row (the bots' moves after it), the row to its claim (the mail
    queue and composing), the claim to sent (the SMTP handoff) and sent to
    the sink."""
    rows = {m: r for m, *r in connection.execute(sa.text(
        "SELECT m.message_id, EXTRACT(EPOCH FROM r.created_at), EXTRACT(EPOCH FROM r.processed_at),"
        " EXTRACT(EPOCH FROM m.created_at), EXTRACT(EPOCH FROM m.claimed_at), EXTRACT(EPOCH FROM m.sent_at)"
        " FROM outgoing_mail m CROSS JOIN LATERAL (SELECT created_at, processed_at FROM move_requests q"
        "  WHERE q.game_id = m.game_id AND q.source <> 'bot' AND q.created_at <= m.created_at"
        "  ORDER BY q.created_at DESC LIMIT 1) r WHERE m.message_id = ANY(:ids)"),
        {"ids": [m for m, _ in stamps]}).all()}
    parts = []
    for (latency, how), (message_id, arrived) in zip(timed, stamps):
        if None in rows.get(message_id, [None]):  # at the sink, not yet marked sent when the window closed
            continue
        requested, applied, created, claimed, sent = (float(v) for v in rows[message_id])
        submitted = arrived - latency
        parts.append((latency, requested - submitted, applied - requested, created - applied, claimed - created,
                      sent - claimed, arrived - sent, how))
    parts.sort()

    def medians(chosen):
        return {name: round(statistics.median(p[i] for p in chosen) * 1000, 1) for i, name in
                enumerate(("latency", "to_request", "moves_queue", "to_row", "mail_queue", "smtp", "to_sink"))} \
            if chosen else {}
    return {"all": medians(parts), **{f"by_{how}": medians([p for p in parts if p[-1] == how]) for how in ("link", "mail")},
            "slowest_5pc": medians(parts[-max(1, len(parts) // 20):])}


