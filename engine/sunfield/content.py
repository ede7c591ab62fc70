"""Sunfield Farm content: every tile, card and count of the box, as data.

The rulebook gives the counts but not the faces; the faces below are designed
to agree with every number and worked example of the rulebook (see
docs/rules/sunfield.md, "Content"). Rules code reads this module and never
hard-codes a face.

Reading of a Field tile: the Vegetables printed on its Vegetable face are at
once its Vegetable *spaces* (what must be filled before it is harvested) and
what a farmer *gains* when placing it in their Plot (the rulebook: "take from
the reserve the Vegetables shown on this new Field tile"). A Sheep tile shows 1
Vegetable, a Pig tile 2, a Cow tile 3.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from engine.phrases import N_

VEGETABLES = ("broccoli", "carrot", "eggplant", "corn")
ANIMALS = ("sheep", "pig", "cow")
TILE_COLOURS = ("blue", "brown", "green", "yellow")
CLIENT_COLOURS = ("blue", "green", "red", "yellow")

#: the three market rows, top to bottom; row n holds the tiles of ANIMALS[n-1]
ROWS = ANIMALS
#: the three market columns, left to right
COLUMNS = ("a", "b", "c")

# --------------------------------------------------------------------------- the box

#: the general reserve at the start of a game, before setup takes from it
SUPPLY = {
    "broccoli": 15,
    "carrot": 15,
    "eggplant": 15,
    "corn": 15,
    "sheep": 15,
    "pig": 15,
    "cow": 15,
    "seeds": 40,
    "medal3": 25,
    "medal1": 5,
}

#: points per validated Reputation tile (Céline's two tiles score 10)
REPUTATION_POINTS = 5
#: what the farmer spends to exchange / add a Wheelbarrow Vegetable
EXCHANGE_COST = 3
BUY_COST = 5
#: Medal won by a Sheep + Pig + Cow trio
TRIO_MEDAL = 3
#: end-of-game bonuses
SAME_COLOUR_BONUS = 3
SAME_VALUE_BONUS = 3
SET_SIZE = 3  # clients of one colour / one value, and Wheelbarrow vegetables per point
PASTURE_POINTS_PER_TILE = 2

#: cards and tiles put back in the box by number of farmers (per pile)
REMOVED_CLIENTS = {2: 6, 3: 3, 4: 0}
REMOVED_TILES_PER_PILE = {2: 8, 3: 4, 4: 0}
#: Seeds of each farmer at setup, in turn order from the first farmer
STARTING_SEEDS = (1, 2, 3, 4)
REPUTATION_ON_BOARD = 4

#: Medals below each of the 5 Client spaces at setup, highest first: a
#: delivery takes the highest one left. The 5 Medals worth 1 of the box are
#: exactly one per space.
CLIENT_SPACE_MEDALS = ((3, 1),) * 5


class FieldTile(NamedTuple):
    id: str
    animal: str  # sheep / pig / cow: its pile, and the Animal of its Pasture face
    colour: str
    vegetables: tuple[str, ...]  # its Vegetable spaces = what placing it gains


class StartingSet(NamedTuple):
    tiles: tuple[FieldTile, FieldTile, FieldTile]  # Sheep, Pig, Cow (Pig in the middle)
    #: the two pre-placed Vegetables: (tile index in the set, space index)
    preplaced: tuple[tuple[int, int], tuple[int, int]]


class Client(NamedTuple):
    id: str
    colour: str
    value: int
    vegetables: tuple[str, ...]


class ReputationTile(NamedTuple):
    id: str
    colours: tuple[str, str]  # two Clients of these colours (may be the same colour)
    value: int  # and a Client worth this many prestige points


class Column(NamedTuple):
    """A column of a Livestock card: the two Animals that advance the Farmer
    token onto it, and the power it offers from then on."""

    needs: tuple[str, str]
    power: str
    pile: str | None = None  # the draw pile of a "draw" power


class LivestockCard(NamedTuple):
    id: str
    side: str  # "A" (left half of the landscape) or "B" (right half)
    columns: tuple[Column, ...]


# --------------------------------------------------------------------------- Field tiles

#: 20 Sheep, 20 Pig and 20 Cow tiles of the market. Each colour has 5 of each
#: kind; each Vegetable appears 5 / 10 / 15 times on Sheep / Pig / Cow tiles
#: (the Cow tiles are the 20 distinct trios of Vegetables). Rulebook examples:
#: C13 (two Carrots and a Corn) and C03 (an Eggplant and two Broccoli) for
#: Cyrille, C07 (brown: Broccoli, Carrot, Corn) for Céline, P02 (Broccoli,
#: Carrot) for Yoann's harvest.
MARKET_TILES = (
    FieldTile('S01', 'sheep', 'blue', ('broccoli',)),
    FieldTile('S02', 'sheep', 'blue', ('carrot',)),
    FieldTile('S03', 'sheep', 'blue', ('eggplant',)),
    FieldTile('S04', 'sheep', 'blue', ('corn',)),
    FieldTile('S05', 'sheep', 'blue', ('broccoli',)),
    FieldTile('S06', 'sheep', 'brown', ('carrot',)),
    FieldTile('S07', 'sheep', 'brown', ('eggplant',)),
    FieldTile('S08', 'sheep', 'brown', ('corn',)),
    FieldTile('S09', 'sheep', 'brown', ('broccoli',)),
    FieldTile('S10', 'sheep', 'brown', ('carrot',)),
    FieldTile('S11', 'sheep', 'green', ('eggplant',)),
    FieldTile('S12', 'sheep', 'green', ('corn',)),
    FieldTile('S13', 'sheep', 'green', ('broccoli',)),
    FieldTile('S14', 'sheep', 'green', ('carrot',)),
    FieldTile('S15', 'sheep', 'green', ('eggplant',)),
    FieldTile('S16', 'sheep', 'yellow', ('corn',)),
    FieldTile('S17', 'sheep', 'yellow', ('broccoli',)),
    FieldTile('S18', 'sheep', 'yellow', ('carrot',)),
    FieldTile('S19', 'sheep', 'yellow', ('eggplant',)),
    FieldTile('S20', 'sheep', 'yellow', ('corn',)),
    FieldTile('P01', 'pig', 'blue', ('broccoli', 'broccoli')),
    FieldTile('P02', 'pig', 'brown', ('broccoli', 'carrot')),
    FieldTile('P03', 'pig', 'green', ('broccoli', 'eggplant')),
    FieldTile('P04', 'pig', 'yellow', ('broccoli', 'corn')),
    FieldTile('P05', 'pig', 'blue', ('carrot', 'carrot')),
    FieldTile('P06', 'pig', 'brown', ('carrot', 'eggplant')),
    FieldTile('P07', 'pig', 'green', ('carrot', 'corn')),
    FieldTile('P08', 'pig', 'yellow', ('eggplant', 'eggplant')),
    FieldTile('P09', 'pig', 'blue', ('eggplant', 'corn')),
    FieldTile('P10', 'pig', 'brown', ('corn', 'corn')),
    FieldTile('P11', 'pig', 'green', ('broccoli', 'broccoli')),
    FieldTile('P12', 'pig', 'yellow', ('broccoli', 'carrot')),
    FieldTile('P13', 'pig', 'blue', ('broccoli', 'eggplant')),
    FieldTile('P14', 'pig', 'brown', ('broccoli', 'corn')),
    FieldTile('P15', 'pig', 'green', ('carrot', 'carrot')),
    FieldTile('P16', 'pig', 'yellow', ('carrot', 'eggplant')),
    FieldTile('P17', 'pig', 'blue', ('carrot', 'corn')),
    FieldTile('P18', 'pig', 'brown', ('eggplant', 'eggplant')),
    FieldTile('P19', 'pig', 'green', ('eggplant', 'corn')),
    FieldTile('P20', 'pig', 'yellow', ('corn', 'corn')),
    FieldTile('C01', 'cow', 'blue', ('broccoli', 'broccoli', 'broccoli')),
    FieldTile('C02', 'cow', 'brown', ('broccoli', 'broccoli', 'carrot')),
    FieldTile('C03', 'cow', 'green', ('broccoli', 'broccoli', 'eggplant')),
    FieldTile('C04', 'cow', 'yellow', ('broccoli', 'broccoli', 'corn')),
    FieldTile('C05', 'cow', 'yellow', ('broccoli', 'carrot', 'carrot')),
    FieldTile('C06', 'cow', 'green', ('broccoli', 'carrot', 'eggplant')),
    FieldTile('C07', 'cow', 'brown', ('broccoli', 'carrot', 'corn')),
    FieldTile('C08', 'cow', 'blue', ('broccoli', 'eggplant', 'eggplant')),
    FieldTile('C09', 'cow', 'green', ('broccoli', 'eggplant', 'corn')),
    FieldTile('C10', 'cow', 'yellow', ('broccoli', 'corn', 'corn')),
    FieldTile('C11', 'cow', 'blue', ('carrot', 'carrot', 'carrot')),
    FieldTile('C12', 'cow', 'brown', ('carrot', 'carrot', 'eggplant')),
    FieldTile('C13', 'cow', 'yellow', ('carrot', 'carrot', 'corn')),
    FieldTile('C14', 'cow', 'blue', ('carrot', 'eggplant', 'eggplant')),
    FieldTile('C15', 'cow', 'brown', ('carrot', 'eggplant', 'corn')),
    FieldTile('C16', 'cow', 'green', ('carrot', 'corn', 'corn')),
    FieldTile('C17', 'cow', 'blue', ('eggplant', 'eggplant', 'eggplant')),
    FieldTile('C18', 'cow', 'brown', ('eggplant', 'eggplant', 'corn')),
    FieldTile('C19', 'cow', 'green', ('eggplant', 'corn', 'corn')),
    FieldTile('C20', 'cow', 'yellow', ('corn', 'corn', 'corn')),
)


def _starting_set(n: int) -> StartingSet:
    """Set ``n`` (1-4): the same shape for everyone, turned one Vegetable and
    one colour further per set, so no set is better than another."""
    veg = [VEGETABLES[(n - 1 + i) % 4] for i in range(6)]
    col = [TILE_COLOURS[(n - 1 + i) % 4] for i in range(3)]
    tiles = (
        FieldTile(f"H{n}S", "sheep", col[0], (veg[0],)),
        FieldTile(f"H{n}P", "pig", col[1], (veg[1], veg[2])),
        FieldTile(f"H{n}C", "cow", col[2], (veg[3], veg[4], veg[5])),
    )
    return StartingSet(tiles, ((1, 0), (2, 0)))


#: the 4 starting sets of 3 tiles ("H" for home); farmer n gets set n
STARTING_SETS = tuple(_starting_set(n) for n in range(1, 5))
#: where the starting tiles lie in the Plot: Sheep, Pig (middle), Cow
STARTING_POSITIONS = ((-1, 0), (0, 0), (1, 0))

TILES = {t.id: t for t in MARKET_TILES} | {t.id: t for s in STARTING_SETS for t in s.tiles}

# --------------------------------------------------------------------------- Clients

#: 20 Clients, 5 per colour; values 3-6, 5 of each value; a Client worth N
#: asks for N Vegetables. CL02 is the rulebook's blue Client worth 4.
CLIENTS = {c.id: c for c in (
    Client("CL01", "blue", 3, ("carrot", "broccoli", "eggplant")),
    Client("CL02", "blue", 4, ("corn", "corn", "eggplant", "carrot")),
    Client("CL03", "blue", 5, ("broccoli", "broccoli", "carrot", "corn", "eggplant")),
    Client("CL04", "blue", 5, ("eggplant", "eggplant", "corn", "carrot", "carrot")),
    Client("CL05", "blue", 6, ("broccoli", "broccoli", "carrot", "corn", "corn", "eggplant")),
    Client("CL06", "green", 3, ("broccoli", "broccoli", "corn")),
    Client("CL07", "green", 3, ("carrot", "eggplant", "corn")),
    Client("CL08", "green", 4, ("broccoli", "carrot", "carrot", "eggplant")),
    Client("CL09", "green", 5, ("corn", "corn", "broccoli", "eggplant", "eggplant")),
    Client("CL10", "green", 6, ("carrot", "carrot", "broccoli", "broccoli", "corn", "eggplant")),
    Client("CL11", "red", 3, ("eggplant", "eggplant", "carrot")),
    Client("CL12", "red", 4, ("broccoli", "corn", "corn", "carrot")),
    Client("CL13", "red", 4, ("eggplant", "broccoli", "broccoli", "carrot")),
    Client("CL14", "red", 5, ("carrot", "carrot", "corn", "broccoli", "eggplant")),
    Client("CL15", "red", 6, ("eggplant", "eggplant", "corn", "corn", "broccoli", "carrot")),
    Client("CL16", "yellow", 3, ("corn", "carrot", "carrot")),
    Client("CL17", "yellow", 4, ("eggplant", "corn", "broccoli", "broccoli")),
    Client("CL18", "yellow", 5, ("broccoli", "carrot", "eggplant", "eggplant", "corn")),
    Client("CL19", "yellow", 6, ("corn", "corn", "corn", "carrot", "eggplant", "broccoli")),
    Client("CL20", "yellow", 6, ("broccoli", "broccoli", "carrot", "eggplant", "eggplant", "corn")),
)}

# --------------------------------------------------------------------------- Reputation tiles

#: 10 Reputation tiles; R01 is the rulebook's "two blue Clients and a Client
#: worth 3".
REPUTATION_TILES = {r.id: r for r in (
    ReputationTile("R01", ("blue", "blue"), 3),
    ReputationTile("R02", ("green", "green"), 4),
    ReputationTile("R03", ("red", "red"), 5),
    ReputationTile("R04", ("yellow", "yellow"), 6),
    ReputationTile("R05", ("blue", "green"), 5),
    ReputationTile("R06", ("red", "yellow"), 3),
    ReputationTile("R07", ("blue", "red"), 6),
    ReputationTile("R08", ("green", "yellow"), 4),
    ReputationTile("R09", ("green", "red"), 3),
    ReputationTile("R10", ("blue", "yellow"), 6),
)}

# --------------------------------------------------------------------------- Livestock cards

#: the powers, by the word a farmer types to use them
POWERS = {
    "draw": N_("Take the top tile of the card's draw pile and place it Vegetable face up (no Vegetables gained)"),
    "reserve": N_("Reserve a visible Client face down; only you may deliver it (never with a Medal)"),
    "swap": N_("Exchange an Animal on one of your Pastures for another Animal from the reserve"),
    "herd": N_("Move an Animal of your Plot to another empty Pasture"),
    "trade": N_("Exchange a Wheelbarrow Vegetable for another Vegetable from the reserve"),
    "gain": N_("Take a Vegetable of your choice from the reserve into your Wheelbarrow"),
    "pick": N_("Take a Vegetable from one of your Field tiles into your Wheelbarrow"),
    "shift": N_("Move a Vegetable from one of your Field tiles to a matching free space of another"),
    "sow": N_("Place a Vegetable of your choice from the reserve on a matching free space of your Field tiles"),
    "move": N_("Move one of your Field tiles next to another; the Plot must stay in one piece"),
}

#: Livestock A cards hold the starting column and columns 1-2, B cards columns
#: 3-4 and the last column (trio -> Medal 3). Every power appears twice in the
#: box, never twice in one landscape (A powers and B powers are disjoint).
#: A01 is the rulebook's example: two Sheep, then a Cow and a Pig.
START = Column((), "")
LAST = Column(("sheep", "pig", "cow"), "")
LIVESTOCK_CARDS = {c.id: c for c in (
    LivestockCard("A1", "A", (START, Column(("sheep", "sheep"), "draw", "sheep"), Column(("cow", "pig"), "reserve"))),
    LivestockCard("A2", "A", (START, Column(("pig", "pig"), "swap"), Column(("sheep", "cow"), "herd"))),
    LivestockCard("A3", "A", (START, Column(("cow", "cow"), "trade"), Column(("sheep", "pig"), "draw", "cow"))),
    LivestockCard("A4", "A", (START, Column(("sheep", "pig"), "reserve"), Column(("cow", "cow"), "swap"))),
    LivestockCard("A5", "A", (START, Column(("pig", "cow"), "herd"), Column(("sheep", "sheep"), "trade"))),
    LivestockCard("B1", "B", (Column(("pig", "pig"), "gain"), Column(("sheep", "cow"), "pick"), LAST)),
    LivestockCard("B2", "B", (Column(("sheep", "sheep"), "shift"), Column(("pig", "cow"), "sow"), LAST)),
    LivestockCard("B3", "B", (Column(("cow", "cow"), "move"), Column(("sheep", "pig"), "gain"), LAST)),
    LivestockCard("B4", "B", (Column(("sheep", "cow"), "pick"), Column(("pig", "pig"), "shift"), LAST)),
    LivestockCard("B5", "B", (Column(("pig", "sheep"), "sow"), Column(("cow", "cow"), "move"), LAST)),
)}
#: index of the last column of a landscape (A + B)
LAST_COLUMN = 5


@cache
def landscape(card_a: str, card_b: str) -> tuple[Column, ...]:
    """The six columns of a farmer's landscape: start, 1-4, last."""
    return LIVESTOCK_CARDS[card_a].columns + LIVESTOCK_CARDS[card_b].columns
