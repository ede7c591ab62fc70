"""Golden playthroughs: full seeded bot games written out as transcripts.

A transcript is the game's parameters, every move (seat, code, typed text and
the sentence the other farmers read), the final score sheet and ranking. The
test replays each stored transcript and plays it again with the same bots: any
change in the rules' behaviour shows up as a diff to review.

Regenerate after an intended rules change, and review the diff:

    .venv/bin/python -m tests.engine.golden
"""

from __future__ import annotations

import json
from pathlib import Path

from engine import get_game
from engine.bots import make_bot, play

FOLDER = Path(__file__).with_name("golden")

PLAYTHROUGHS = [
    # (game, players, advanced, seed, bot)
    ("sunfield", 2, False, 11, "greedy"),
    ("sunfield", 4, False, 12, "random"),
    ("sunfield", 3, True, 13, "greedy"),
    ("sunfield", 4, True, 14, "greedy"),
    ("harvest", 1, False, 21, "greedy"),
    ("harvest", 2, False, 22, "random"),
    ("harvest", 4, False, 23, "greedy"),
]


def filename(name: str, players: int, advanced: bool, seed: int, bot: str) -> str:
    mode = "-advanced" if advanced else ""
    return f"{name}-{players}p{mode}-seed{seed}-{bot}.json"


def transcript(name: str, players: int, advanced: bool, seed: int, bot: str) -> str:
    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    played = play(game, players, options, seed, [make_bot(bot) for _ in range(players)])
    state = game.setup(players, played.options, seed)
    moves = []
    for seat, code in zip(played.actors, played.codes):
        move = game.from_code(code)
        moves.append({"seat": seat, "code": code, "text": game.text(move), "says": game.describe(state, move)})
        state = game.apply(state, move)
    head = {"game": name, "players": players, "options": played.options, "seed": seed, "bot": bot}
    tail = {"score_sheet": game.score_sheet(state), "ranking": game.ranking(state)}
    lines = ["{", f'"head": {json.dumps(head, sort_keys=True)},', '"moves": [']
    lines += [json.dumps(m, ensure_ascii=False) + ("," if i < len(moves) - 1 else "") for i, m in enumerate(moves)]
    lines += ["],", f'"end": {json.dumps(tail, sort_keys=True, ensure_ascii=False)}', "}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for params in PLAYTHROUGHS:
        path = FOLDER / filename(*params)
        path.write_text(transcript(*params), encoding="utf-8")
        print("wrote", path)


if __name__ == "__main__":
    main()
