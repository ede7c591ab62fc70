"""What farmers really type, move by move: the wordings of the mails and
pages (the options list prints `take b2`, the sentences print "(1, -1)" and
"a Carrot"), autocorrected dashes, plurals, counts, arrows and colons, and
targets in any order where the order says nothing. Each variant must read
as exactly the move it means."""

from __future__ import annotations

import pytest

from engine.sunfield import GAME
from tests.engine.sunfield.builder import new_game, pasture, play, set_column, set_plot, set_wheelbarrow, tile


def acting():
    """The first farmer chooses an action: 9 Seeds, a Carrot and a Broccoli."""
    state = new_game()
    state["farmers"][0]["seeds"] = 9
    set_wheelbarrow(state, 0, carrot=1, broccoli=1)
    set_column(state, "b", ["S04", "P07", "C13"], seeds=(1, 0, 0))
    return state


def placing():
    return play(acting(), "take b1")


def putting():
    """A Carrot to put, on the blue Pig tile at (0, 0) or the blue Sheep tile at (2, 0)."""
    state = new_game()
    set_plot(state, 0, {(0, 0): tile("P05"), (2, 0): tile("S02")})
    set_column(state, "a", ["S01", "P17", "C01"])
    state["farmers"][0]["seeds"] = 2
    return play(state, "take a2", "place 1 0")


def delivering():
    state = new_game()
    state["clients"][2] = "CL02"  # blue 4: Corn, Corn, Eggplant, Carrot
    set_wheelbarrow(state, 0, corn=2, eggplant=1, carrot=1)
    return state


def powers():
    """Advanced mode, the token on the last column of A2 + B3: swap, herd
    (A2), move, gain (B3) are open, with 3 Seeds."""
    state = new_game(advanced=True)
    farmer = state["farmers"][0]
    farmer["livestock"] = {"cards": ["A2", "B3"], "position": 5, "used": []}
    farmer["seeds"] = 3
    set_plot(state, 0, {(0, 0): pasture("S01", "sheep"), (1, 0): pasture("C01"), (2, 0): tile("P07", ("carrot",)),
                        (0, -1): tile("P01")})
    return state


def shifting():
    """Advanced mode, B2 reached: shift, sow (B2) and the A1 powers."""
    state = new_game(advanced=True)
    farmer = state["farmers"][0]
    farmer["livestock"] = {"cards": ["A1", "B2"], "position": 4, "used": []}
    farmer["seeds"] = 3
    set_plot(state, 0, {(0, 0): tile("P07", ("carrot",)), (1, 0): tile("P05"), (0, 1): tile("C20")})
    return state


STATES = {"acting": acting, "placing": placing, "putting": putting, "delivering": delivering,
          "powers": powers, "shifting": shifting}

VARIANTS = [
    # --- take: the options list prints "take b2"; rows by number or by animal
    ("acting", "take b2", "take b2"), ("acting", "Take B2", "take b2"), ("acting", "take b 2", "take b2"),
    ("acting", "take 2b", "take b2"), ("acting", "b2", "take b2"), ("acting", "B2.", "take b2"),
    ("acting", "take the tile at b2", "take b2"), ("acting", "take b pig", "take b2"),
    ("acting", "take the pig tile in column b", "take b2"), ("acting", "grab b2", "take b2"),
    ("acting", "take b-2", "take b2"), ("acting", "take b:2", "take b2"), ("acting", "take:b:2", "take b2"),
    ("acting", "take (b, 2)", "take b2"), ("acting", "take column b row 2", "take b2"),
    ("acting", "take b3", "take b3"), ("acting", "take b cow", "take b3"), ("acting", "take the cow tile b",
                                                                             "take b3"),
    ("acting", "take b1", "take b1"), ("acting", "take sheep b", "take b1"), ("acting", "Take b1 please",
                                                                             "take b1"),
    ("acting", "take c1", "take c1"), ("acting", "take a1!", "take a1"),
    # --- exchange and buy: plurals, counts, arrows and colons
    ("acting", "exchange carrot corn", "exchange carrot corn"),
    ("acting", "exchange carrot for corn", "exchange carrot corn"),
    ("acting", "exchange a carrot for a corn", "exchange carrot corn"),
    ("acting", "exchange carrot -> corn", "exchange carrot corn"),
    ("acting", "exchange carrot → corn", "exchange carrot corn"),
    ("acting", "exchange carrot: corn", "exchange carrot corn"),
    ("acting", "exchange 1 carrot for 1 corn", "exchange carrot corn"),
    ("acting", "exchange carrots corns", "exchange carrot corn"),
    ("acting", "swap carrot for corn", "exchange carrot corn"),
    ("acting", "change carrot to maize", "exchange carrot corn"),
    ("acting", "ex car co", "exchange carrot corn"),
    ("acting", "exchange:carrot:corn", "exchange carrot corn"),
    ("acting", "exchange broccoli eggplant", "exchange broccoli eggplant"),
    ("acting", "exchange brocoli for an aubergine", "exchange broccoli eggplant"),
    ("acting", "buy corn", "buy corn"), ("acting", "buy 1 corn", "buy corn"), ("acting", "buy a corn", "buy corn"),
    ("acting", "buy one corn", "buy corn"), ("acting", "buy corns", "buy corn"), ("acting", "Buy Corn.", "buy corn"),
    ("acting", "buy maize", "buy corn"), ("acting", "purchase 1 corn", "buy corn"), ("acting", "buy:corn", "buy corn"),
    ("acting", "buy 1 x corn", "buy corn"), ("acting", "buy corn x1", "buy corn"),
    ("acting", "buy an eggplant", "buy eggplant"), ("acting", "buy 1 eggplants", "buy eggplant"),
    ("acting", "buy broccolis", "buy broccoli"), ("acting", "buy 1 carrot", "buy carrot"),
    # --- place: the sentences print "(1, -1)"; autocorrect turns "-" into dashes and minus signs
    ("placing", "place 1 -1", "place 1 -1"), ("placing", "place 1 –1", "place 1 -1"),
    ("placing", "place 1 —1", "place 1 -1"), ("placing", "place 1 −1", "place 1 -1"),
    ("placing", "place (1, -1)", "place 1 -1"), ("placing", "place (1, –1)", "place 1 -1"),
    ("placing", "place at (1, -1)", "place 1 -1"), ("placing", "place 1,-1", "place 1 -1"),
    ("placing", "place 1, -1", "place 1 -1"), ("placing", "place x=1 y=-1", "place 1 -1"),
    ("placing", "place x 1 y -1", "place 1 -1"), ("placing", "place 1 / -1", "place 1 -1"),
    ("placing", "place 1:-1", "place 1 -1"), ("placing", "place:1:-1", "place 1 -1"),
    ("placing", "(1, -1)", "place 1 -1"), ("placing", "1 -1", "place 1 -1"), ("placing", "put 1 -1", "place 1 -1"),
    ("placing", "lay it at 1 -1", "place 1 -1"), ("placing", "place the tile at 1 -1", "place 1 -1"),
    ("placing", "place +1 -1", "place 1 -1"), ("placing", "Place 1 -1.", "place 1 -1"),
    ("placing", "place -2 0", "place -2 0"), ("placing", "place –2 0", "place -2 0"),
    ("placing", "place (−2, 0)", "place -2 0"), ("placing", "place 0 1", "place 0 1"),
    ("placing", "place 0, 1", "place 0 1"),
    # --- put: "put carrot 0 0"; the Vegetable may come last
    ("putting", "put carrot 0 0", "put carrot 0 0"), ("putting", "put a carrot on 0 0", "put carrot 0 0"),
    ("putting", "put the carrot on (0, 0)", "put carrot 0 0"), ("putting", "put carrot at 0,0", "put carrot 0 0"),
    ("putting", "carrot 0 0", "put carrot 0 0"), ("putting", "put 0 0 carrot", "put carrot 0 0"),
    ("putting", "put carrot -> 0 0", "put carrot 0 0"), ("putting", "put carrots 0 0", "put carrot 0 0"),
    ("putting", "place carrot 2 0", "put carrot 2 0"), ("putting", "put carrot on (2, 0)", "put carrot 2 0"),
    ("putting", "put carrot 2:0", "put carrot 2 0"), ("putting", "put:carrot:2:0", "put carrot 2 0"),
    # --- deliver
    ("delivering", "deliver 3", "deliver 3"), ("delivering", "Deliver client 3", "deliver 3"),
    ("delivering", "deliver the client on space 3", "deliver 3"), ("delivering", "deliver #3", "deliver 3"),
    ("delivering", "serve 3", "deliver 3"), ("delivering", "deliver:3", "deliver 3"),
    ("delivering", "deliver", "deliver 3"), ("delivering", "fulfil client 3", "deliver 3"),
    # --- end
    ("delivering", "deliver 3", "deliver 3"),
    # --- powers: as the options print them, and as the sentences say them
    ("powers", "swap 0 0 cow", "swap 0 0 cow"), ("powers", "swap cow 0 0", "swap 0 0 cow"),
    ("powers", "swap the sheep at (0, 0) for a cow", "swap 0 0 cow"), ("powers", "swap 0,0 -> cow", "swap 0 0 cow"),
    ("powers", "swap 0 0 pig", "swap 0 0 pig"), ("powers", "swap (0, 0) pigs", "swap 0 0 pig"),
    ("powers", "herd 0 0 to 1 0", "herd 0 0 to 1 0"), ("powers", "herd 0 0 -> 1 0", "herd 0 0 to 1 0"),
    ("powers", "herd (0, 0) → (1, 0)", "herd 0 0 to 1 0"), ("powers", "herd 0,0 to 1,0", "herd 0 0 to 1 0"),
    ("powers", "move the sheep from (0, 0) to (1, 0)", "herd 0 0 to 1 0"), ("powers", "herd 0:0 -> 1:0", "herd 0 0 to 1 0"),
    ("powers", "herd 0 0 – 1 0", "herd 0 0 to 1 0"),
    ("powers", "move 2 0 to 1 -1", "move 2 0 to 1 -1"), ("powers", "move (2, 0) to (1, -1)", "move 2 0 to 1 -1"),
    ("powers", "move 2,0 -> 1,-1", "move 2 0 to 1 -1"), ("powers", "move the tile at 2 0 to 1 −1", "move 2 0 to 1 -1"),
    ("powers", "move 0 -1 to 1 -1", "move 0 -1 to 1 -1"), ("powers", "move (0, –1) → (1, –1)", "move 0 -1 to 1 -1"),
    ("powers", "gain corn", "gain corn"), ("powers", "gain 1 corn", "gain corn"), ("powers", "gain a maize", "gain corn"),
    ("shifting", "shift carrot 0 0 to 1 0", "shift carrot 0 0 to 1 0"),
    ("shifting", "shift a carrot from (0, 0) to (1, 0)", "shift carrot 0 0 to 1 0"),
    ("shifting", "move the carrot from 0 0 to 1 0", "shift carrot 0 0 to 1 0"),
    ("shifting", "shift carrot 0,0 -> 1,0", "shift carrot 0 0 to 1 0"),
    ("shifting", "shift 0 0 -> 1 0 carrot", "shift carrot 0 0 to 1 0"),
    ("shifting", "sow corn 0 1", "sow corn 0 1"), ("shifting", "sow a corn on (0, 1)", "sow corn 0 1"),
    ("shifting", "plant maize 0 1", "sow corn 0 1"), ("shifting", "sow 0 1 corn", "sow corn 0 1"),
    ("shifting", "sow 1 corn on 0,1", "sow corn 0 1"),
    # --- copied from the sentences, which name each tile by colour and face
    ("putting", "put a carrot on the blue pig tile at (0, 0)", "put carrot 0 0"),
    ("putting", "put a Carrot on the blue Sheep tile at (2, 0)", "put carrot 2 0"),
    ("powers", "move the green pig tile at (2, 0) to (1, -1)", "move 2 0 to 1 -1"),
    ("powers", "herd the sheep from (0, 0) to the blue Cow pasture at (1, 0)", "herd 0 0 to 1 0"),
    ("shifting", "sow a corn on the yellow cow tile at (0, 1)", "sow corn 0 1"),
    ("shifting", "draw", "draw"), ("shifting", "Draw.", "draw"),
    ("shifting", "reserve 2", "reserve 2"), ("shifting", "reserve client 2", "reserve 2"),
    ("shifting", "reserve #2", "reserve 2"),
]


@pytest.mark.parametrize("where,typed,meant", VARIANTS, ids=[f"{w}: {t}" for w, t, _ in VARIANTS])
def test_a_typed_variant_reads_as_the_move_it_means(where, typed, meant):
    state = STATES[where]()
    assert GAME.text(GAME.parse(state, state["seat"], typed)) == meant


def test_there_are_at_least_a_hundred_variants():
    assert len({(w, t) for w, t, _ in VARIANTS}) >= 100
