"""Bots that pick legal moves, for any game that implements the contract.

``BOTS`` names every kind a seat can be given (empty seats, the service's
timeouts, self-play): random, greedy and search. Bots are deterministic:
their choices come from an :class:`~engine.core.Rng` seeded by the caller,
never from the clock.

    simple.py       RandomBot, GreedyBot, standing()
    search.py       SearchBot: information-set Monte Carlo tree search
    determinise.py  full states made up from one farmer's view
    playing.py      play(): one self-play game
"""

from engine.bots.playing import PlayedGame, play
from engine.bots.search import SearchBot
from engine.bots.simple import Bot, GreedyBot, RandomBot, standing

BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot, SearchBot)}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "PlayedGame", "RandomBot", "SearchBot", "make_bot", "play", "standing"]
