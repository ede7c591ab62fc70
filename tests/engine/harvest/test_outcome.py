"""Every option says what it will do: Harvest's outcomes.

Given a farm, when the farmer looks at an option, then its outcome says what
the rules will do with it (for a placement: what it yields), from what the
farmer can already see."""

from __future__ import annotations

import pytest

from engine.harvest import GAME
from tests.engine.harvest.builder import crop, give, plain, play, started
from tests.engine.outcome_samples import sample_states, with_other_secrets


def outcome(state: dict, text: str) -> str:
    return GAME.outcome(state, GAME.parse(state, state["active"], text))


@pytest.fixture
def state():
    return plain(started())


class TestPlacements:
    def test_a_market_tile_says_its_price_and_what_it_yields(self, state):
        state["market"]["a"] = "fertbulk"  # Bulk Fertilizer: 1 coin for 3 Fertilizer
        give(state, coins=2)
        assert outcome(state, "place market a") == "−1 coin, +3 Fertilizer"

    def test_a_town_space_says_its_price_and_the_actions_it_opens(self, state):
        give(state, coins=1, wheat=1, fertilizer=1, water=1)
        crop(state, "wheat", "b2")
        assert outcome(state, "place fields 3") == "−1 coin, then 3 actions: plant, tend, harvest"

    def test_the_one_action_fields_space_offers_its_bonus_first(self, state):
        assert outcome(state, "place fields 1") == "then a Water or a Fertilizer"


class TestSunrise:
    def test_first_light_says_its_coins_and_the_seed_upgrade_that_follows(self):
        state = GAME.setup(1, {}, 1)
        while state["phase"] == "choose":
            state = GAME.apply(state, GAME.legal_moves(state)[0])
        state = plain(state)
        state["sunrise"]["display"] = sorted({*state["sunrise"]["display"][:2], 5})
        give(state, wheat=1)
        assert outcome(state, "sunrise 5") == "+2 coins, then you may upgrade a seed"


class TestActions:
    def test_a_harvest_says_what_every_crop_yields(self, state):
        crop(state, "wheat", "a1")
        crop(state, "pumpkin", "c1", "d1")
        state = play(give(state, coins=1), "place fields 3")
        # wheat: 1 point and a Fertilizer; pumpkin: 6 points; a coin per kind
        assert outcome(state, "harvest") == "+2 coins, +7 points, +1 Fertilizer, 2 crops harvested, ends the visit"

    def test_planting_says_the_seed_and_fertilizer_spent_and_where(self, state):
        state = play(give(state, coins=1, strawberry=1, fertilizer=1), "place fields 3")
        assert outcome(state, "plant strawberry b2") == "−1 Fertilizer, −1 Strawberry seed, Strawberry on b2"

    def test_clearing_with_dice_says_the_dice_are_rolled_but_not_what_they_give(self, state):
        state = play(give(state, coins=2), "place workshop 2")
        said = outcome(state, "clear forest e1")
        assert said == "−2 coins, Forest on e1 cleared, rolls 2 Forest dice, cannot be undone"
        for rng in range(1, 40):
            state["hidden"]["rng"] = rng * 7919
            assert outcome(state, "clear forest e1") == said


class TestHiddenInformation:
    @pytest.mark.parametrize("seats, seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
    def test_outcomes_do_not_change_when_only_hidden_information_does(self, seats, seed):
        def swap(private):
            return {key: list(reversed(cards)) for key, cards in private.items()}

        for state in sample_states(GAME, seats, {}, seed):
            other = with_other_secrets(state, state["active"], swap)
            for m in GAME.legal_moves(state):
                assert GAME.outcome(state, m) == GAME.outcome(other, m), GAME.text(m)


@pytest.mark.parametrize("seats, seed", [(1, 11), (2, 12), (4, 13)])
def test_every_legal_move_of_sample_states_has_an_outcome(seats, seed):
    for state in sample_states(GAME, seats, {}, seed, every=2):
        for m in GAME.legal_moves(state):
            said = GAME.outcome(state, m)
            assert said and said.strip(), GAME.text(m)
            assert GAME.outcome(state, m) == said  # deterministic, the state untouched
