"""Fixtures of the Harvest rule tests."""

import pytest

from tests.engine.harvest.builder import plain, started


@pytest.fixture
def state():
    """A solo game about to place its first Wheelbarrow, the farmer with no
    Character, Farmhouse or resources: each test gives what it needs."""
    return plain(started(seats=1, seed=3))
