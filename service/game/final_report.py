"""The data of the end-game score report (rendered to PDF by boards)."""

from __future__ import annotations

from service.core.game_kinds import rules_for
from service.storage.models import Game, MoveLogEntry


def report_data(game: Game, log: list[MoveLogEntry], ratings: list[dict] | None = None) -> dict:
    """Plain data for ``boards.report_pdf``: the final public board, the score
    sheet, the ranking, each farmer's total at the end of every stage of the
    game (as the engine names them: "round 5"), and the move log."""
    rules = rules_for(game.kind)
    return {
        "game_id": str(game.id),
        "title": f"{rules.title} #{game.id}",
        "names": [seat.name for seat in game.seats],
        "options": game.options,
        "view": rules.view(game.state, None),
        "score_sheet": rules.score_sheet(game.state),
        "ranking": rules.ranking(game.state),
        "rounds": score_by_stage(game, [entry.code for entry in log]),
        "moves": [{"seat": e.seat, "text": e.text, "at": e.created_at.isoformat() if e.created_at else None}
                  for e in log],
        "ratings": ratings or [],
        "started_at": game.created_at.isoformat() if game.created_at else None,
        "finished_at": log[-1].created_at.isoformat() if log and log[-1].created_at else None,
    }


def score_by_stage(game: Game, codes: list[str]) -> list[dict]:
    """Replay the log and note the totals whenever the engine's progress label
    changes (and at the end)."""
    rules = rules_for(game.kind)
    state = rules.setup(len(game.seats), game.options, game.seed)
    stages: list[dict] = []
    label = rules.progress(state)
    for code in codes:
        after = rules.apply(state, rules.from_code(code))
        new_label = rules.progress(after)
        if new_label != label:
            stages.append({"label": label or f"Stage {len(stages) + 1}", "totals": rules.score_sheet(state)["total"]})
            label = new_label
        state = after
    stages.append({"label": "End", "totals": rules.score_sheet(state)["total"]})
    return stages
