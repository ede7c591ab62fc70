"""Harvest: the 4-round worker-placement farm game for 1 to 4 farmers.

See docs/rules/harvest.md for the designed content and every rules decision.
"""

from engine.harvest.game import Harvest

GAME = Harvest()

__all__ = ["GAME", "Harvest"]
