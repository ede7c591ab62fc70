"""The search bot: it finds the move that clearly wins, plays only legal
moves, is the same from the same seed, and never looks at what its farmer
cannot see (it plans on states made up from its view)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.bots import GreedyBot, SearchBot, make_bot, play
from engine.bots.determinise import SAMPLERS
from engine.core import Rng, clone
from tests.engine import conservation
from tests.engine.sunfield.builder import new_game, set_deck, set_wheelbarrow

#: (game, farmers, options): every way the search bot is benchmarked
SETTINGS = [("sunfield", 2, {}), ("sunfield", 2, {"advanced": True}), ("harvest", 2, {}), ("harvest", 1, {})]
TINY = 4  # iterations: enough to exercise the search, quick enough for tests


def positions(name: str, farmers: int, options: dict, seed: int, every: int = 9) -> list[dict]:
    """Positions of a seeded greedy game, one every ``every`` moves."""
    game = get_game(name)
    codes = play(game, farmers, options, seed, [GreedyBot()] * farmers).codes
    state, out = game.setup(farmers, game.normalize_options(options), seed), []
    for i, code in enumerate(codes):
        if i % every == 0:
            out.append(state)
        state = game.apply(state, game.from_code(code))
    return out


def with_other_hidden_parts(name: str, state: dict) -> dict:
    """The same position for every farmer's eyes, with everything hidden
    rearranged: piles, decks and stacks reversed, another generator."""
    other = clone(state)
    hidden = other["hidden"]
    hidden["rng"] ^= 0x9E3779B97F4A7C15
    if name == "sunfield":
        hidden["deck"].reverse()
        for pile in hidden["piles"].values():
            pile.reverse()
    else:
        hidden["buildings"].reverse()
        for stack in hidden["market"].values():
            stack.reverse()
    return other


class TestClearWin:
    def test_given_the_last_turn_and_one_delivery_that_wins_then_it_delivers_that_client(self):
        """The last turn of the game; farmer 2 trails 2 to 5. Delivering the
        Client worth 6 wins (6 to 5); the Client worth 3 leaves 4 (3 and a
        group of 3 Vegetables); a Field tile leaves 2."""
        state = new_game(seats=2, seed=4)
        state["seat"], state["ending"] = 1, True
        state["clients"] = ["CL19", "CL01", "CL06", "CL11", "CL02"]
        state["medals"] = [[] for _ in state["medals"]]
        state["reputation"] = []
        set_deck(state, ["CL03", "CL04", "CL05"])
        for farmer in state["farmers"]:
            farmer["reputation"] = []
        state["farmers"][0]["medals"] = [3, 1, 1]
        set_wheelbarrow(state, 1, corn=3, carrot=1, eggplant=1, broccoli=1)
        game = get_game("sunfield")
        assert game.score_sheet(state)["total"] == [5, 2]
        assert {"deliver 1", "deliver 2", "take a1"} <= {game.text(m) for m in game.legal_moves(state)}

        move = SearchBot().choose(game, state, Rng.from_seed(1))

        assert game.text(move) == "deliver 1"
        after = game.apply(state, move)
        assert game.is_over(after) and game.ranking(after) == [[1], [0]]


class TestPlaysByTheRules:
    @pytest.mark.parametrize("name, farmers, options", SETTINGS)
    def test_every_move_it_chooses_is_legal_to_the_end_of_a_game(self, name, farmers, options):
        game = get_game(name)
        bots = [SearchBot(iterations=TINY)] + [GreedyBot()] * (farmers - 1)
        state, rng = game.setup(farmers, game.normalize_options(options), 21), Rng.from_seed(21)
        while (seat := game.to_act(state)) is not None:
            move = bots[seat].choose(game, state, rng)
            assert move in game.legal_moves(state)
            state = game.apply(state, move)
        assert game.is_over(state)

    def test_it_is_a_bot_kind_seats_can_be_given(self):
        assert isinstance(make_bot("search"), SearchBot)


class TestDeterminism:
    @pytest.mark.parametrize("name, farmers, options", [SETTINGS[0], SETTINGS[3]])
    def test_the_same_seed_plays_the_same_game(self, name, farmers, options):
        game = get_game(name)

        def codes():
            return play(game, farmers, options, 8, [SearchBot(iterations=2)] * farmers).codes

        assert codes() == codes()

    def test_the_same_position_and_seed_give_the_same_move(self):
        game = get_game("sunfield")
        state = positions("sunfield", 2, {}, 3)[2]
        chosen = {game.code(SearchBot(iterations=30).choose(game, state, Rng.from_seed(s))) for s in range(6)}
        again = {game.code(SearchBot(iterations=30).choose(game, state, Rng.from_seed(s))) for s in range(6)}
        assert chosen == again


class TestHiddenInformation:
    @pytest.mark.parametrize("name, farmers, options", SETTINGS)
    def test_positions_differing_only_in_hidden_parts_get_the_same_move(self, name, farmers, options):
        game = get_game(name)
        for state in positions(name, farmers, options, 5):
            seat = game.to_act(state)
            other = with_other_hidden_parts(name, state)
            assert other != state and game.view(other, seat) == game.view(state, seat)
            bot = SearchBot(iterations=12)
            assert bot.choose(game, state, Rng.from_seed(9)) == bot.choose(game, other, Rng.from_seed(9))

    @pytest.mark.parametrize("name, farmers, options", SETTINGS)
    def test_a_made_up_state_looks_exactly_like_the_view_and_holds_the_whole_box(self, name, farmers, options):
        game = get_game(name)
        rng = Rng.from_seed(3)
        for state in positions(name, farmers, options, 6, every=5):
            seat = game.to_act(state)
            view = game.view(state, seat)
            sample = SAMPLERS[name](view, seat, rng)
            assert game.view(sample, seat) == view
            assert conservation.inventory(name, sample) == conservation.inventory(name, state)
            assert game.legal_moves(sample) == game.legal_moves(state)

    def test_another_farmers_reserved_clients_are_made_up_not_read(self):
        """Farmer 2 reserved a Client face down: the samples give farmer 1's
        search one of the Clients it has not seen, and never reads which."""
        game = get_game("sunfield")
        state = new_game(seats=2, seed=7)
        secret = state["hidden"]["deck"].pop(0)
        state["deck"] -= 1
        state["private"]["1"]["reserved"] = [secret]
        state["farmers"][1]["reserved"] = 1
        samples = [SAMPLERS["sunfield"](game.view(state, 0), 0, Rng.from_seed(s)) for s in range(20)]
        guesses = {s["private"]["1"]["reserved"][0] for s in samples}
        assert len(guesses) > 1 and all(len(s["hidden"]["deck"]) == state["deck"] for s in samples)
