"""Sunfield Farm: the rules engine (rulebook: seeds/000, decisions: docs/rules/sunfield.md)."""

from engine.sunfield.game import Sunfield

GAME = Sunfield()

__all__ = ["GAME", "Sunfield"]
