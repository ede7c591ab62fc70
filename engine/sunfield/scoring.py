"""End-of-game scoring (the score sheet) and the bots' estimate of what a
farmer has built that will score later."""

from __future__ import annotations

from collections import Counter

from engine.core import State
from engine.sunfield import content as C
from engine.sunfield.plot import largest_empty_pasture


def client_points(farmer: dict) -> int:
    return sum(C.CLIENTS[c].value for c in farmer["clients"])


def _has_set(items: list) -> bool:
    """Whether some item appears at least SET_SIZE times."""
    return len(items) >= C.SET_SIZE and any(items.count(item) >= C.SET_SIZE for item in set(items))


def colour_bonus(farmer: dict) -> int:
    """3 points, once, for having 3 Clients of one colour."""
    return C.SAME_COLOUR_BONUS if _has_set([C.CLIENTS[c].colour for c in farmer["clients"]]) else 0


def value_bonus(farmer: dict) -> int:
    """3 points, once, for having 3 Clients of one value."""
    return C.SAME_VALUE_BONUS if _has_set([C.CLIENTS[c].value for c in farmer["clients"]]) else 0


def medal_points(farmer: dict) -> int:
    return sum(farmer["medals"])


def reputation_points(farmer: dict) -> int:
    return C.REPUTATION_POINTS * sum(1 for r in farmer["reputation"] if r["validated"])


def wheelbarrow_points(farmer: dict) -> int:
    """1 point per group of 3 Vegetables, different or not."""
    return sum(farmer["wheelbarrow"].values()) // C.SET_SIZE


def pasture_points(farmer: dict) -> int:
    """Advanced mode: 2 points per tile of the largest empty Pasture rectangle."""
    return C.PASTURE_POINTS_PER_TILE * largest_empty_pasture(farmer["plot"])


LINES = (
    ("clients", "Clients", client_points),
    ("colour_bonus", "3 Clients of one colour", colour_bonus),
    ("value_bonus", "3 Clients of one value", value_bonus),
    ("medals", "Medals", medal_points),
    ("reputation", "Reputation tiles", reputation_points),
    ("wheelbarrow", "Wheelbarrow Vegetables (1 per 3)", wheelbarrow_points),
)
PASTURE_LINE = ("pasture", "Largest empty Pasture rectangle", pasture_points)


def score_sheet(state: State) -> dict:
    lines = LINES + ((PASTURE_LINE,) if state["advanced"] else ())
    farmers = state["farmers"]
    sheet = [{"key": k, "label": label, "points": [points(f) for f in farmers]} for k, label, points in lines]
    return {
        "lines": sheet,
        "total": [sum(line["points"][seat] for line in sheet) for seat in range(len(farmers))],
        "tiebreak": {"label": "Seeds", "values": [f["seeds"] for f in farmers]},
    }


def total_of(state: State, seat: int) -> int:
    """One farmer's total of :func:`score_sheet`, the others not scored."""
    lines = LINES + ((PASTURE_LINE,) if state["advanced"] else ())
    farmer = state["farmers"][seat]
    return sum(points(farmer) for _, _, points in lines)


#: Client -> ((Vegetable, how many), ...) in the card's order, and how many in all
_NEEDS = {client: (tuple(Counter(card.vegetables).items()), len(card.vegetables)) for client, card in C.CLIENTS.items()}


def progress_value(state: State, seat: int) -> float:
    """A cheap guess of the points a farmer's position will still bring:
    Vegetables on tiles (toward harvests), Animals (toward a trio or the
    Livestock track), Wheelbarrow Vegetables toward the visible Clients, Seeds."""
    farmer = state["farmers"][seat]
    value = 0.0
    animals = []
    for tile in farmer["plot"].values():
        if not tile["pasture"]:
            spaces = tile["filled"]
            filled = sum(spaces)
            value += 0.4 * filled + (0.6 if filled and filled == len(spaces) - 1 else 0.0)
        if tile["animal"]:
            animals.append(tile["animal"])
    value += 1.0 * len(set(animals)) + 0.3 * len(animals)
    if farmer["livestock"]:
        value += 1.5 * farmer["livestock"]["position"]
    wheelbarrow = farmer["wheelbarrow"]
    best = 0.0
    for client in state["clients"]:
        if client:
            needs, count = _NEEDS[client]
            have = sum(min(wheelbarrow[v], n) for v, n in needs)
            best = max(best, C.CLIENTS[client].value * have / count)
    value += 0.7 * best + 0.1 * sum(wheelbarrow.values())
    value += 0.15 * farmer["seeds"]
    return value


