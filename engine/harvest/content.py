"""Everything Harvest's summary leaves to the designer, as data.

The rules (:mod:`engine.harvest.turns`, :mod:`engine.harvest.rules`) read these tables and nothing else
knows a number of the game. docs/rules/harvest.md explains each choice.

Effects are small dicts read by the rules:

* an *income* ``{"coins": 1, "fertilizer": 1, "water": 2, "points": 1,
  "seeds": {"wheat": 1}, "fill": True, "bucket": 1, "berry": True,
  "closed": 1}`` is something a farmer gains at once (``fill`` fills the
  bucket, ``bucket`` upgrades it, ``berry`` fills one empty Blueberry Bush,
  ``closed`` lets one Wheelbarrow go to a closed space this round; the
  sunrise tiles' PERKS last until sunset);
* a *grant* ``{"action": "plant", ...}`` gives one action of a Town area;
* an *end* effect ``{"per": "...", "every": n, "points": p}`` scores points at
  game end.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- the game

ROUNDS = 4
WHEELBARROWS = 4  # per farmer, every round, at every player count
FERTILIZER_MAX = 9

# --------------------------------------------------------------------------- the farm

#: The farm grid: columns a-f left to right, rows 1-4 top to bottom.
COLUMNS = "abcdef"
ROWS = 4
#: Every farm board is the same single-sided board; these cells start under Forest.
FORESTS = ("e1", "f1", "f2", "a4", "b4", "f4")

# --------------------------------------------------------------------------- crops

#: The four seeds in upgrade order (Trading Post: Wheat -> Strawberry ->
#: Blueberry Bush -> Pumpkin). "bush" is the Blueberry Bush seed.
SEEDS = ("wheat", "strawberry", "bush", "pumpkin")

CROP_NAMES = {"wheat": "Wheat", "strawberry": "Strawberry", "bush": "Blueberry Bush",
              "pumpkin": "Pumpkin", "blueberry": "Blueberry"}

#: price: coins at the General Store; plant: Fertilizer to plant; tend: Water to
#: tend; shape: "single" (one cell) or "domino" (two cells, h or v);
#: sprouts: new tiles per Tend; harvest: what each harvested tile gives.
CROPS = {
    "wheat": {"price": 1, "plant": 1, "tend": 1, "shape": "single", "sprouts": 1,
              "harvest": {"points": 1, "fertilizer": 1}},
    "strawberry": {"price": 2, "plant": 1, "tend": 2, "shape": "single", "sprouts": 2,
                   "harvest": {"points": 1}},
    "bush": {"price": 3, "plant": 1, "tend": 1, "shape": "single", "sprouts": 0,
             "harvest": {"points": 4}},  # the Blueberry on it; the Bush stays
    "pumpkin": {"price": 4, "plant": 2, "tend": 2, "shape": "domino", "sprouts": 1,
                "harvest": {"points": 6}},
}

#: End of game: points per Blueberry Bush (filled or not) and per unharvested crop.
BUSH_POINTS = 2
UNHARVESTED_POINTS = 1
COINS_PER_POINT = 2

# --------------------------------------------------------------------------- the bucket

#: Capacity of the water bucket at each level; farmers start at level 0, full.
BUCKET_LEVELS = (3, 4, 5, 6, 7, 8)

# --------------------------------------------------------------------------- starting resources

START = {"coins": 5, "fertilizer": 4, "seeds": {"wheat": 1, "strawberry": 1}}

# --------------------------------------------------------------------------- the Town board

#: Every action space. ``min_seats``: the space is on the board from that
#: many farmers up. ``infinite``: any number of Wheelbarrows may share it.
#: ``cost``: "round" (coins equal to the round) or a number of coins.
#: ``bonus``: the Fields 1-space also gives a Water or a Fertilizer.
#: ``entry``: the Trading Post costs 1 seed or 2 Fertilizer or 3 Water.
SPACES = (
    {"area": "store", "label": 3, "actions": 3, "min_seats": 4},
    {"area": "store", "label": 2, "actions": 2, "min_seats": 1},
    {"area": "store", "label": 1, "actions": 1, "min_seats": 1, "infinite": True},
    {"area": "fields", "label": 3, "actions": 3, "min_seats": 1, "cost": "round"},
    {"area": "fields", "label": 2, "actions": 2, "min_seats": 3, "cost": 1},
    {"area": "fields", "label": 1, "actions": 1, "min_seats": 1, "infinite": True, "bonus": True},
    {"area": "workshop", "label": 2, "actions": 2, "min_seats": 1},
    {"area": "workshop", "label": 1, "actions": 1, "min_seats": 1, "infinite": True},
    {"area": "trading", "label": 2, "actions": 2, "min_seats": 2, "entry": True},
    {"area": "trading", "label": 1, "actions": 1, "min_seats": 1, "infinite": True, "entry": True},
    {"area": "market", "label": "a", "actions": 1, "min_seats": 1},
    {"area": "market", "label": "b", "actions": 1, "min_seats": 1},
    {"area": "market", "label": "c", "actions": 1, "min_seats": 1},
)

AREA_NAMES = {"store": "General Store", "fields": "Fields", "workshop": "Workshop",
              "market": "Farmer's Market", "trading": "Trading Post"}

#: Trading Post entry: what a farmer may hand over (one of them).
TRADING_ENTRY = {"seed": 1, "fertilizer": 2, "water": 3}

#: Workshop prices.
BUCKET_UPGRADE_COST = 1
FOREST_CLEAR_COST = 2
FILL_BUCKET_COST = 1

# --------------------------------------------------------------------------- Forest dice

#: Two Forest dice are rolled when a Forest is cleared at the Workshop; each
#: face is an income.
FOREST_DICE = 2
FOREST_DIE = (
    {"coins": 1},
    {"coins": 2},
    {"fertilizer": 1},
    {"water": 2},
    {"seeds": {"wheat": 1}},
    {"points": 1},
)

# --------------------------------------------------------------------------- sunrise tiles

#: ``order`` is the tile's number: lower numbers pick and place first but earn
#: less ``income``. Every tile also has an ``ability`` (see PERKS and
#: SUNRISE_CHOICES), applied right after its income; ``text`` says both to a
#: farmer. ``solo_block``: in a solo game Gairy's Wheelbarrow closes that space
#: for the round in which you hold the tile.
SUNRISE_TILES = {
    1: {"name": "Rooster's Crow", "income": {"fertilizer": 1}, "ability": {"closed": 1},
        "text": "1 Fertilizer; one Wheelbarrow may go to a closed space this round",
        "solo_block": "store 2"},
    2: {"name": "Morning Dew", "income": {"coins": 1}, "ability": {"fill": True},
        "text": "1 coin; fill your water bucket to the top", "solo_block": "fields 3"},
    3: {"name": "Dawn Chorus", "income": {"coins": 2}, "ability": {"bucket": 1},
        "text": "2 coins; your bucket goes one step up (the Water stays)", "solo_block": "workshop 2"},
    4: {"name": "Early Market", "income": {"coins": 2}, "ability": {"market_free": 1},
        "text": "2 coins; your first Farmer's Market tile with a cost is free this round",
        "solo_block": "market a"},
    5: {"name": "First Light", "income": {"coins": 2}, "ability": {"seedup": 1},
        "text": "2 coins; you may upgrade one seed for free", "solo_block": "market b"},
    6: {"name": "Golden Hour", "income": {"coins": 3}, "ability": {"build_discount": 2},
        "text": "3 coins; buildings cost you 2 coins less this round", "solo_block": "market c"},
    7: {"name": "Late Riser", "income": {"coins": 3}, "ability": {"trading_free": 1},
        "text": "3 coins; your first Trading Post visit this round needs no entry", "solo_block": "fields 3"},
    8: {"name": "Lie-in", "income": {"coins": 4}, "ability": {"free_planting": 1},
        "text": "4 coins; planting costs you no Fertilizer this round", "solo_block": "workshop 2"},
}
#: Ability keys that last until sunset, kept in the farmer's ``perks``.
#: Passes are used up: ``market_free`` (the next market tile that has a cost
#: is taken without paying it), ``trading_free`` (the next Trading Post visit
#: skips its entry). Discounts apply to every use: ``build_discount`` (coins
#: off each building), ``free_planting`` (planting needs no Fertilizer).
PASSES = ("market_free", "trading_free")
DISCOUNTS = ("build_discount", "free_planting")
PERKS = PASSES + DISCOUNTS
#: Ability keys that ask the farmer for a decision at sunrise, after every
#: sunrise income: ``seedup`` (upgrade one seed, Wheat -> Strawberry ->
#: Blueberry Bush -> Pumpkin, no coin, or decline with ``done``).
SUNRISE_CHOICES = ("seedup",)
#: How many sunrise tiles are in play: one per farmer plus this many on display.
SUNRISE_DISPLAY_EXTRA = 3

# --------------------------------------------------------------------------- farmhouses

#: Each farmer is dealt two and keeps one. ``sunrise``: income every sunrise;
#: ``start``: added to the starting resources.
FARMHOUSES = {
    "brick": {"name": "Brick Farmhouse", "sunrise": {"coins": 1}},
    "windmill": {"name": "Windmill Cottage", "sunrise": {"fertilizer": 1}},
    "wellhouse": {"name": "Well House", "sunrise": {"water": 2}},
    "granary": {"name": "Granary Lodge", "sunrise": {"seeds": {"wheat": 1}}},
    "orchard": {"name": "Orchard House", "sunrise": {"berry": True}, "start": {"seeds": {"bush": 1}}},
    "lakeside": {"name": "Lakeside House", "sunrise": {"fill": True}},
    "hilltop": {"name": "Hilltop Manor", "sunrise": {}, "start": {"coins": 3}},
    "stone": {"name": "Stone Cottage", "sunrise": {}, "start": {"bucket": 2}},
}

# --------------------------------------------------------------------------- characters

#: Each farmer is dealt two and keeps one. ``sunrise``: income every sunrise;
#: ``modifier``: a standing rule change read by the rules (see rules.py).
CHARACTERS = {
    "agronomist": {"name": "The Agronomist", "text": "Planting Wheat costs no Fertilizer.",
                   "modifier": {"free_plant": "wheat"}},
    "berrypicker": {"name": "The Berry Picker", "text": "Tending Strawberries costs 1 Water less.",
                    "modifier": {"tend_discount": "strawberry"}},
    "carpenter": {"name": "The Carpenter", "text": "Buildings cost 1 coin less.",
                  "modifier": {"build_discount": 1}},
    "lumberjack": {"name": "The Lumberjack", "text": "Clearing a Forest at the Workshop costs 1 coin.",
                   "modifier": {"clear_cost": 1}},
    "merchant": {"name": "The Merchant", "text": "Upgrading a seed at the Trading Post gives 2 coins.",
                 "modifier": {"upgrade_coins": 2}},
    "earlyriser": {"name": "The Early Riser",
                   "text": "At sunrise: one Wheelbarrow may go to a closed space this round.",
                   "sunrise": {"closed": 1}},
    "pumpkinqueen": {"name": "The Pumpkin Queen", "text": "Each Pumpkin harvested gives 1 coin more.",
                     "modifier": {"harvest_coins": "pumpkin"}},
    "diviner": {"name": "The Water Diviner", "text": "At sunrise: gain 1 Water.",
                "sunrise": {"water": 1}},
    "composter": {"name": "The Composter", "text": "Each Strawberry harvested gives 1 Fertilizer.",
                  "modifier": {"harvest_fertilizer": "strawberry"}},
    "forager": {"name": "The Forager",
                "text": "Clearing a Forest at the Trading Post still rolls one Forest die.",
                "modifier": {"trading_dice": 1}},
}

# --------------------------------------------------------------------------- buildings

#: The Workshop's buildings: ``cost`` in coins when first shown, ``points``
#: scored at game end, ``sunrise`` income, ``harvest`` bonus per harvested
#: tile of a crop, ``build`` income when built, ``modifier`` standing rule
#: changes, ``end`` effect. Every building covers a 2x2 block of the farm.
BUILDINGS = {
    "silo": {"name": "Silo", "cost": 4, "points": 2, "sunrise": {"fertilizer": 1},
             "end": {"per": "fertilizer", "every": 3, "points": 1}},
    "watertower": {"name": "Water Tower", "cost": 4, "points": 2, "sunrise": {"fill": True}},
    "greenhouse": {"name": "Greenhouse", "cost": 5, "points": 2,
                   "modifier": {"adjacent_tend_free": True},
                   "end": {"per": "adjacent_crop", "every": 1, "points": 1}},
    "barn": {"name": "Barn", "cost": 3, "points": 2, "end": {"per": "seed", "every": 2, "points": 1}},
    "beehive": {"name": "Beehive", "cost": 4, "points": 1,
                "harvest": {"strawberry": {"points": 1}, "bush": {"points": 1}}},
    "cellar": {"name": "Pumpkin Cellar", "cost": 6, "points": 3,
               "end": {"per": "pumpkin", "every": 1, "points": 2}},
    "windmill": {"name": "Windmill", "cost": 5, "points": 3, "harvest": {"wheat": {"coins": 1}}},
    "farmstand": {"name": "Farm Stand", "cost": 3, "points": 1, "sunrise": {"coins": 1}},
    "well": {"name": "Well", "cost": 3, "points": 1, "build": {"bucket": 2, "fill": True}},
    "compost": {"name": "Compost Heap", "cost": 2, "points": 1, "harvest": {"strawberry": {"fertilizer": 1}}},
    "coop": {"name": "Chicken Coop", "cost": 4, "points": 2, "sunrise": {"fertilizer": 1, "coins": 1}},
    "toolshed": {"name": "Tool Shed", "cost": 3, "points": 2, "modifier": {"clear_discount": 1}},
    "cottage": {"name": "Guest Cottage", "cost": 7, "points": 4,
                "end": {"per": "building", "every": 1, "points": 1}},
    "hall": {"name": "Market Hall", "cost": 6, "points": 2, "end": {"per": "coin", "every": 3, "points": 1}},
}
#: Buildings on offer at the Workshop at once.
BUILDING_DISPLAY = 4
#: At sunset every building on offer costs this much less; then the cheapest
#: on offer (all tied) are discarded and the display is refilled.
BUILDING_SUNSET_DISCOUNT = 1

# --------------------------------------------------------------------------- Farmer's Market

#: Three stacks of four tiles (one per round), each stack shuffled at setup;
#: the top tile of each stack is a one-action space. ``cost``: what the visit
#: costs (an income taken away); ``gain``: income; ``grant``: one action.
MARKET_STACKS = (
    ("seedswap", "fertbulk", "coinpurse", "rainbarrel"),
    ("pumpkinsale", "nursery", "bakesale", "jamstand"),
    ("hiredhand", "irrigation", "lumberbuyer", "builder"),
)
MARKET_TILES = {
    "seedswap": {"name": "Seed Swap", "cost": {"coins": 1},
                 "gain": {"seeds": {"wheat": 1, "strawberry": 1}}},
    "fertbulk": {"name": "Bulk Fertilizer", "cost": {"coins": 1}, "gain": {"fertilizer": 3}},
    "coinpurse": {"name": "Lost Coin Purse", "cost": {}, "gain": {"coins": 3}},
    "rainbarrel": {"name": "Rain Barrel", "cost": {}, "gain": {"bucket": 1, "fill": True}},
    "pumpkinsale": {"name": "Pumpkin Sale", "cost": {"coins": 2}, "gain": {"seeds": {"pumpkin": 1}}},
    "nursery": {"name": "Berry Nursery", "cost": {"coins": 1}, "gain": {"seeds": {"bush": 1}}},
    "bakesale": {"name": "Bake Sale", "cost": {"seeds": {"wheat": 1}}, "gain": {"coins": 3}},
    "jamstand": {"name": "Jam Stand", "cost": {"seeds": {"strawberry": 1}}, "gain": {"points": 3}},
    "hiredhand": {"name": "Hired Hand", "cost": {}, "grant": {"action": "plant"}},
    "irrigation": {"name": "Irrigation", "cost": {}, "grant": {"action": "tend", "free": True}},
    "lumberbuyer": {"name": "Lumber Buyer", "cost": {}, "grant": {"action": "clear", "free": True, "dice": True}},
    "builder": {"name": "Travelling Builder", "cost": {}, "grant": {"action": "build", "discount": 2}},
}

# --------------------------------------------------------------------------- solo

#: Gairy's rating of a solo score: (lowest score, title), best last.
SOLO_RATINGS = (
    (0, "Udderly Disappointing"),
    (35, "Kindergardener"),
    (45, "Jolly Rancher"),
    (55, "Out Standing In Your Field"),
    (65, "Legendairy"),
    (75, "The G.O.A.T."),
)
