"""Not a bench: the games ``bench.stack.throughput`` finds when its window
opens: finished games stored in bulk, and games played to one move before
their end whose last moves it submits in the window."""

from __future__ import annotations

import threading

import sqlalchemy as sa


def insert_finished_games(engine, count: int) -> None:
    """``count`` finished games in a few bulk statements."""
    with engine.begin() as c:
        first = c.execute(sa.text("SELECT COALESCE(MAX(id), 0) + 1 FROM games")).scalar()
        c.execute(sa.text(
            "INSERT INTO games (id, kind, options, seed, status, version, next_seq, state, created_at, updated_at)"
            " SELECT g, 'sunfield', '{\"advanced\": true}', g, 'over', 80, 80, '{}', now(), now()"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g"), {"a": first, "b": first + count - 1})
        c.execute(sa.text("SELECT setval(pg_get_serial_sequence('games', 'id'), :b)"), {"b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO seats (game_id, position, name, email, secret, reply_key, preferences, resigned, turn_held)"
            " SELECT g, p, 'Farmer ' || p, 'f' || g || '-' || p || '@example.org', md5(g || ':' || p),"
            " md5('reply' || g || ':' || p), '{}', false, false"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(0, 3) p"), {"a": first, "b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO move_log (game_id, seq, seat, code, text, description, source, revealed, undone, created_at)"
            " SELECT g, s, s % 4, 'take:a1', 'take a1', 'took Field tile a1', 'link', false, false, now()"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(0, 79) s"), {"a": first, "b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO outgoing_mail (message_id, game_id, kind, to_addr, subject, context, status, attempts,"
            " created_at, sent_at)"
            " SELECT '<' || g || '.' || n || '@bench>', g, 'turn', 'f' || g || '@example.org', 'your turn',"
            " '{}', 'sent', 0, now(), now() FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(1, 10) n"),
            {"a": first, "b": first + count - 1})
        c.execute(sa.text("ANALYZE"))


def games_at_their_last_move(config, count: int) -> list[tuple[int, int, str, int]]:
    """``count`` two-farmer Sunfield games played here, before the stack
    starts, to one move before their end, each farmer playing the first
    option; their mails are marked sent (nobody reads them). Returns each
    game's (id, seat to act, the move that ends it, version): submitted in
    the window, that move ends the game through the stack as a farmer's
    last move does (the final mails with the report, the last turn's mails)."""
    from bench.stack.scratch import RecordingQueue
    from service.core.game_kinds import rules_for
    from service.core.services import Services
    from service.storage.models import Game, OutgoingMail
    from service.usecases.creation import FarmerSpec, create_game, join
    from service.usecases.playing import apply_move_request, submit_move

    queue = RecordingQueue()
    svc = Services.from_config(config, queue)
    rules, last = rules_for("sunfield"), []
    try:
        for n in range(count):
            created = create_game(svc, "sunfield", [FarmerSpec("Eve", f"end{n}-eve@example.org"),
                                                    FarmerSpec("Fay", f"end{n}-fay@example.org")],
                                  options={"advanced": True}, host=0, seed=5000 + n)
            join(svc, created.game_id, 1)
            while True:
                with svc.db.transaction() as session:
                    game = session.get(Game, created.game_id)
                    state, version = game.state, game.version
                seat, move = rules.to_act(state), rules.legal_moves(state)[0]
                if rules.is_over(rules.apply(state, move)):
                    last.append((created.game_id, seat, rules.code(move), version))
                    break
                submit_move(svc, created.game_id, seat, [rules.code(move)], source="link", base_version=version)
                while queue.jobs:
                    kind, ident = queue.jobs.popleft()
                    if kind == "request":
                        apply_move_request(svc, ident)
        with svc.db.transaction() as session:
            session.execute(sa.update(OutgoingMail).where(OutgoingMail.status == "pending")
                            .values(status="sent", sent_at=sa.func.now()))
    finally:
        svc.db.dispose()
    return last


def end_games(svc, last: list[tuple[int, int, str, int]], every: float, stop: threading.Event) -> None:
    """Submit one game's last move every ``every`` seconds, as the web does."""
    from service.usecases.playing import submit_move

    for game_id, seat, code, version in last:
        if stop.wait(every):
            return
        submit_move(svc, game_id, seat, [code], source="web", base_version=version)


