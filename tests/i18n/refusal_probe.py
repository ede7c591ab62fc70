"""Not a test: refused moves of both games, found by trying lines and
codes in positions along games played at random, one example per reason
(its English text), for tests/i18n/test_refusals.py."""

from __future__ import annotations

from functools import cache

from engine import get_game
from engine.core import MoveError
from tests.engine.walk import random_positions

#: (seats, options, seed) of the games walked
SETUPS = {"sunfield": [(2, {"advanced": False}, 3), (3, {"advanced": True}, 5), (2, {"advanced": True}, 8)],
          "harvest": [(2, {}, 3), (1, {}, 4), (3, {}, 9)]}

#: lines no legal move is typed as: bad words, numbers, places, shapes
ODD_LINES = ["", "x" * 301, "zzz", "flarp", "take q9", "take b9", "take b2 b3", "take 3 corn", "buy 3 corn", "deliver 9",
             "deliver reserved", "exchange carrot carrot", "place 9 9", "put corn 9 9", "move 0 0 to 9 9", "fields 9",
             "plant wheat", "build well z9", "build silo a1", "build silo d4", "build", "pumpkin", "keep farmer",
             "keep character 9", "garder figur", "upgrade pumpkin", "tend strawberry a1", "sunrise 99", "place store 9",
             "pay 5 water", "harvest", "keep"]


@cache
def refusals(game_name: str) -> dict[str, tuple[MoveError, dict, int]]:
    """Reason text -> (the error, the position, the seat that was refused)."""
    rules = get_game(game_name)
    positions = [state for seats, options, seed in SETUPS[game_name]
                 for state in random_positions(rules, seats, options, seed, 400)]
    legal = {m for state in positions[::7] for m in rules.legal_moves(state)}
    texts = sorted({rules.text(m) for m in legal})
    codes = sorted({rules.code(m) for m in legal})
    lines = texts + sorted({t.split()[0] for t in texts}) + ODD_LINES
    found: dict[str, tuple[MoveError, dict, int]] = {}
    for state in positions[::9]:
        seat = rules.to_act(state)
        for who in {seat, (seat + 1) % state["seats"]}:
            for line in lines:
                try:
                    rules.parse(state, who, line)
                except MoveError as error:
                    found.setdefault(error.phrase.text, (error, state, who))
        for code in codes:
            try:
                rules.apply(state, rules.from_code(code))
            except MoveError as error:
                found.setdefault(error.phrase.text, (error, state, seat))
    return found
