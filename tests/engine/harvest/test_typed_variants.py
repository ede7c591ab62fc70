"""What farmers really type, move by move: the wordings of the mails and
pages (the options list prints `plant pumpkin a1 h`, the sentences print
"a1–b1" and "3 Water"), autocorrected dashes, plurals and singulars,
counts, arrows and colons, and targets in any order where the order says
nothing. Each variant must read as exactly the move it means."""

from __future__ import annotations

import pytest

from tests.engine.harvest.builder import crop, game, give, plain, play, started


def placing():
    state = give(plain(started(seats=2, seed=3)), coins=9, wheat=1, fertilizer=2, water=3)
    state["market"]["a"] = "coinpurse"
    return state


def store():
    return play(give(plain(started(seats=1, seed=3)), coins=9, fertilizer=3), "place store 2")


def fields():
    state = plain(started(seats=1, seed=3))
    crop(state, "wheat", "b2")
    crop(state, "strawberry", "d2")
    crop(state, "pumpkin", "a3", "b3")
    return play(give(state, coins=1, water=4, fertilizer=3, pumpkin=1, wheat=1, bush=1), "place fields 3")


def workshop():
    return play(give(plain(started(seats=1, seed=3)), coins=9), "place workshop 2")


def trading():
    state = give(plain(started(seats=2, seed=3)), wheat=2, strawberry=1, fertilizer=2, water=3)
    return play(state, "place trading 2")


def trading_paid():
    return play(trading(), "pay wheat")


def bonus():
    return play(plain(started(seats=1, seed=3)), "place fields 1")


def sunrise():
    state = play(game.setup(1, {}, 4), "keep character 1", "keep farmhouse 1")
    state["sunrise"]["display"] = [2, 5, 7]
    return state


STATES = {"placing": placing, "store": store, "fields": fields, "workshop": workshop, "trading": trading,
          "trading_paid": trading_paid, "bonus": bonus, "sunrise": sunrise}

VARIANTS = [
    # --- place: the options print "place fields 3", the sentences "the Fields (3 actions)"
    ("placing", "place fields 3", "place fields 3"), ("placing", "Place Fields 3", "place fields 3"),
    ("placing", "place: fields 3", "place fields 3"), ("placing", "place -> fields 3", "place fields 3"),
    ("placing", "place:fields:3", "place fields 3"), ("placing", "go to the fields 3", "place fields 3"),
    ("placing", "place a wheelbarrow on the fields 3", "place fields 3"), ("placing", "fields 3", "place fields 3"),
    ("placing", "place field 3", "place fields 3"), ("placing", "place fields three", "place fields 3"),
    ("placing", "place 3 fields", "place fields 3"), ("placing", "send a barrow to fields 3", "place fields 3"),
    ("placing", "place store 2", "place store 2"), ("placing", "place general store 2", "place store 2"),
    ("placing", "visit the General Store 2", "place store 2"), ("placing", "place shop 2", "place store 2"),
    ("placing", "place workshop 1", "place workshop 1"), ("placing", "place workshop -> 1", "place workshop 1"),
    ("placing", "place trading post 2", "place trading 2"), ("placing", "place trading 2", "place trading 2"),
    ("placing", "go to the trading post 1", "place trading 1"), ("placing", "place market a", "place market a"),
    ("placing", "place farmer's market a", "place market a"), ("placing", "place farmers market a", "place market a"),
    ("placing", "place market: a", "place market a"), ("placing", "place market tile a", "place market a"),
    ("placing", "place Market A.", "place market a"), ("placing", "place fields 1", "place fields 1"),
    ("placing", "place fields –1", "place fields 1"),
    # --- the General Store
    ("store", "buy wheat 2", "buy wheat 2"), ("store", "buy 2 wheat", "buy wheat 2"), ("store", "buy 2 wheats", "buy wheat 2"),
    ("store", "buy two wheat seeds", "buy wheat 2"), ("store", "buy wheat x2", "buy wheat 2"),
    ("store", "buy wheat:2", "buy wheat 2"), ("store", "buy:wheat:2", "buy wheat 2"),
    ("store", "buy 1 wheat", "buy wheat 1"), ("store", "buy a wheat seed", "buy wheat 1"), ("store", "buy wheat", "buy wheat 1"),
    ("store", "buy one wheat", "buy wheat 1"), ("store", "buy seeds: 2 wheat", "buy wheat 2"),
    ("store", "buy 1 pumpkin", "buy pumpkin 1"), ("store", "buy pumpkins 2", "buy pumpkin 2"),
    ("store", "buy 1 blueberry bush", "buy bush 1"), ("store", "buy blueberry bushes 2", "buy bush 2"),
    ("store", "buy 2 bushes", "buy bush 2"), ("store", "buy strawberries 3", "buy strawberry 3"),
    ("store", "buy 3 strawberry", "buy strawberry 3"), ("store", "purchase 2 strawberry seeds", "buy strawberry 2"),
    ("store", "gain fertilizer", "gain fertilizer"), ("store", "take fertiliser", "gain fertilizer"),
    ("store", "gain 1 fertilizer", "gain fertilizer"), ("store", "get a fertilizer", "gain fertilizer"),
    ("store", "gain fertilizers", "gain fertilizer"), ("store", "fill bucket", "fill bucket"),
    ("store", "fill the water bucket", "fill bucket"), ("store", "fill", "fill bucket"), ("store", "refill water",
                                                                                          "fill bucket"),
    ("store", "done", "done"), ("store", "Done.", "done"), ("store", "end", "done"), ("store", "pass", "done"),
    # --- the Fields: sentences print "a1–b1" for a Pumpkin's two cells
    ("fields", "plant pumpkin a1 h", "plant pumpkin a1 h"), ("fields", "plant pumpkin a1-b1", "plant pumpkin a1 h"),
    ("fields", "plant pumpkin a1–b1", "plant pumpkin a1 h"), ("fields", "plant pumpkin a1 b1", "plant pumpkin a1 h"),
    ("fields", "plant pumpkin b1-a1", "plant pumpkin a1 h"), ("fields", "plant pumpkin on a1 and b1", "plant pumpkin a1 h"),
    ("fields", "plant pumpkin a1 horizontal", "plant pumpkin a1 h"), ("fields", "plant pumpkins a1h", "plant pumpkin a1 h"),
    ("fields", "plant pumpkin a1-a2", "plant pumpkin a1 v"), ("fields", "plant pumpkin a2 a1", "plant pumpkin a1 v"),
    ("fields", "plant pumpkin a1 v", "plant pumpkin a1 v"), ("fields", "plant pumpkin A1 vertical", "plant pumpkin a1 v"),
    ("fields", "plant:pumpkin:a1:h", "plant pumpkin a1 h"), ("fields", "plant pumpkin -> a1-b1", "plant pumpkin a1 h"),
    ("fields", "plant wheat c1", "plant wheat c1"), ("fields", "plant wheat on c1", "plant wheat c1"),
    ("fields", "plant 1 wheat c1", "plant wheat c1"), ("fields", "plant wheats c1", "plant wheat c1"),
    ("fields", "sow wheat C-1", "plant wheat c1"), ("fields", "plant wheat 1c", "plant wheat c1"),
    ("fields", "plant wheat: c1", "plant wheat c1"), ("fields", "plant wheat -> c1", "plant wheat c1"),
    ("fields", "plant blueberry bush c1", "plant bush c1"), ("fields", "plant bush c1", "plant bush c1"),
    ("fields", "tend wheat b2 b1", "tend wheat b2 b1"), ("fields", "tend b2 b1", "tend wheat b2 b1"),
    ("fields", "tend wheat b2 -> b1", "tend wheat b2 b1"), ("fields", "tend wheat b2: b1", "tend wheat b2 b1"),
    ("fields", "grow wheat b2 b1", "tend wheat b2 b1"), ("fields", "tend the wheat at b2, growing b1", "tend wheat b2 b1"),
    ("fields", "tend strawberry d2 c2 e2", "tend strawberry d2 c2 e2"),
    ("fields", "tend strawberry d2 e2 c2", "tend strawberry d2 c2 e2"),
    ("fields", "tend strawberries d2 -> c2, e2", "tend strawberry d2 c2 e2"),
    ("fields", "tend strawberry d2 e2 and c2", "tend strawberry d2 c2 e2"),
    ("fields", "tend strawberry d2 d1 c2", "tend strawberry d2 d1 c2"),
    ("fields", "tend strawberry d2 c2 d1", "tend strawberry d2 d1 c2"),
    ("fields", "tend pumpkin a3 c3 h", "tend pumpkin a3 c3 h"), ("fields", "tend pumpkin a3 c3-d3", "tend pumpkin a3 c3 h"),
    ("fields", "tend pumpkin b3 c3–d3", "tend pumpkin a3 c3 h"), ("fields", "tend pumpkin a3 d3-c3", "tend pumpkin a3 c3 h"),
    ("fields", "harvest", "harvest"), ("fields", "Harvest.", "harvest"), ("fields", "harvest all", "harvest"),
    ("fields", "harvest everything", "harvest"), ("fields", "reap", "harvest"),
    # --- the Workshop
    ("workshop", "upgrade bucket", "upgrade bucket"), ("workshop", "upgrade the water bucket", "upgrade bucket"),
    ("workshop", "upgrade my bucket", "upgrade bucket"), ("workshop", "clear forest e1", "clear forest e1"),
    ("workshop", "clear e1", "clear forest e1"), ("workshop", "clear the forest on e1", "clear forest e1"),
    ("workshop", "chop e1", "clear forest e1"), ("workshop", "clear forest e-1", "clear forest e1"),
    ("workshop", "clear:forest:e1", "clear forest e1"), ("workshop", "clear forests e1", "clear forest e1"),
    # --- the Trading Post: an entry per action
    ("trading", "pay wheat", "pay wheat"), ("trading", "pay 1 wheat", "pay wheat"), ("trading", "pay a wheat seed", "pay wheat"),
    ("trading", "pay wheat seed", "pay wheat"), ("trading", "pay 1 wheat seed", "pay wheat"),
    ("trading", "pay 2 fertilizer", "pay fertilizer"), ("trading", "pay fertilizer", "pay fertilizer"),
    ("trading", "pay 3 water", "pay water"), ("trading", "pay water", "pay water"), ("trading", "pay: water", "pay water"),
    ("trading", "spend 3 water", "pay water"), ("trading", "pay strawberry", "pay strawberry"),
    ("trading_paid", "upgrade wheat", "upgrade wheat"), ("trading_paid", "upgrade 1 wheat", "upgrade wheat"),
    ("trading_paid", "upgrade a wheat seed", "upgrade wheat"), ("trading_paid", "upgrade wheat -> strawberry", "upgrade wheat"),
    ("trading_paid", "swap wheat for strawberry", "upgrade wheat"), ("trading_paid", "upgrade wheats", "upgrade wheat"),
    # --- bonus and sunrise
    ("bonus", "bonus water", "bonus water"), ("bonus", "take water", "bonus water"), ("bonus", "take 1 water", "bonus water"),
    ("bonus", "bonus: fertilizer", "bonus fertilizer"), ("bonus", "take a fertiliser", "bonus fertilizer"),
    ("sunrise", "sunrise 5", "sunrise 5"), ("sunrise", "take sunrise 5", "sunrise 5"), ("sunrise", "sunrise tile 5", "sunrise 5"),
    ("sunrise", "pick 5", "sunrise 5"), ("sunrise", "sunrise: 5", "sunrise 5"), ("sunrise", "sunrise #5", "sunrise 5"),
    ("sunrise", "sunrise five", "sunrise 5"), ("sunrise", "take tile 7", "sunrise 7"),
]


@pytest.mark.parametrize("where,typed,meant", VARIANTS, ids=[f"{w}: {t}" for w, t, _ in VARIANTS])
def test_a_typed_variant_reads_as_the_move_it_means(where, typed, meant):
    state = STATES[where]()
    assert game.text(game.parse(state, state["active"], typed)) == meant


def test_there_are_at_least_a_hundred_variants():
    assert len({(w, t) for w, t, _ in VARIANTS}) >= 100
