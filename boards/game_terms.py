"""The names of the games' elements, marked for the `game` catalog: what
boards and answers show of a Vegetable, an Animal, a colour, a crop, a
Building, a Character, a Farmhouse or a tile, by its English name
(engine/*/content.py), in the reader's language (docs/i18n.md, Glossary).

The engine names things in English and never translates (it stays pure);
:func:`name` is where an English name becomes the reader's, and
tests/i18n/test_glossary.py checks that every name of the games' content is
here and translated as the glossary says.
"""

from __future__ import annotations

from boards.i18n import N_, Translator

#: Sunfield Farm: Vegetables, Animals, the colours of tiles and Clients
SUNFIELD = (
    N_("Broccoli"), N_("Carrot"), N_("Eggplant"), N_("Corn"), N_("Sheep"), N_("Pig"), N_("Cow"),
    N_("blue"), N_("brown"), N_("green"), N_("yellow"), N_("red"),
)

#: Harvest: crops, areas and the names of its cards and tiles
HARVEST = (
    N_("Wheat"), N_("Strawberry"), N_("Blueberry Bush"), N_("Pumpkin"), N_("Blueberry"), N_("Forest"),
    N_("General Store"), N_("Fields"), N_("Workshop"), N_("Farmer's Market"), N_("Trading Post"),
    # buildings
    N_("Silo"), N_("Water Tower"), N_("Greenhouse"), N_("Barn"), N_("Beehive"), N_("Pumpkin Cellar"), N_("Windmill"),
    N_("Farm Stand"), N_("Well"), N_("Compost Heap"), N_("Chicken Coop"), N_("Tool Shed"), N_("Guest Cottage"),
    N_("Market Hall"),
    # characters
    N_("The Agronomist"), N_("The Berry Picker"), N_("The Carpenter"), N_("The Lumberjack"), N_("The Merchant"),
    N_("The Early Riser"), N_("The Pumpkin Queen"), N_("The Water Diviner"), N_("The Composter"), N_("The Forager"),
    # farmhouses
    N_("Brick Farmhouse"), N_("Windmill Cottage"), N_("Well House"), N_("Granary Lodge"), N_("Orchard House"),
    N_("Lakeside House"), N_("Hilltop Manor"), N_("Stone Cottage"),
    # sunrise tiles
    N_("Rooster's Crow"), N_("Morning Dew"), N_("Dawn Chorus"), N_("Early Market"), N_("First Light"),
    N_("Golden Hour"), N_("Late Riser"), N_("Lie-in"),
    # Farmer's Market tiles
    N_("Seed Swap"), N_("Bulk Fertilizer"), N_("Lost Coin Purse"), N_("Rain Barrel"), N_("Pumpkin Sale"),
    N_("Berry Nursery"), N_("Bake Sale"), N_("Jam Stand"), N_("Hired Hand"), N_("Irrigation"), N_("Lumber Buyer"),
    N_("Travelling Builder"),
    # solo ratings
    N_("Udderly Disappointing"), N_("Kindergardener"), N_("Jolly Rancher"), N_("Out Standing In Your Field"),
    N_("Legendairy"), N_("The G.O.A.T."),
)


#: Harvest: what its Characters and sunrise tiles do (engine/harvest/content.py, their "text")
HARVEST_TEXTS = (
    N_("Planting Wheat costs no Fertilizer."), N_("Tending Strawberries costs 1 Water less."),
    N_("Buildings cost 1 coin less."), N_("Clearing a Forest at the Workshop costs 1 coin."),
    N_("Upgrading a seed at the Trading Post gives 2 coins."),
    N_("At sunrise: one Wheelbarrow may go to a closed space this round."),
    N_("Each Pumpkin harvested gives 1 coin more."), N_("At sunrise: gain 1 Water."),
    N_("Each Strawberry harvested gives 1 Fertilizer."),
    N_("Clearing a Forest at the Trading Post still rolls one Forest die."),
    N_("1 Fertilizer; one Wheelbarrow may go to a closed space this round"),
    N_("1 coin; fill your water bucket to the top"), N_("2 coins; your bucket goes one step up (the Water stays)"),
    N_("2 coins; your first Farmer's Market tile with a cost is free this round"),
    N_("2 coins; you may upgrade one seed for free"), N_("3 coins; buildings cost you 2 coins less this round"),
    N_("3 coins; your first Trading Post visit this round needs no entry"),
    N_("4 coins; planting costs you no Fertilizer this round"),
)

#: the score sheets' lines and tie-breaks (engine/*/scoring.py), by their English labels
SCORE_LINES = (
    N_("Clients"), N_("3 Clients of one colour"), N_("3 Clients of one value"), N_("Medals"), N_("Reputation tiles"),
    N_("Wheelbarrow Vegetables (1 per 3)"), N_("Largest empty Pasture rectangle"), N_("Seeds"),
    N_("Harvests and market"), N_("Building end effects"), N_("Building points"), N_("Unharvested crops"),
    N_("Blueberry Bushes"), N_("Coins (1 per 2)"), N_("Leftover resources"),
)
#: how the engine words a solo game's rating among a score sheet's notes (engine/harvest/scoring.py)
RATING_NOTE = "Gairy's rating: "


def note(t: Translator, english: str) -> str:
    """A score sheet's note ("Gairy's rating: Jolly Rancher") in ``t``'s language."""
    if english.startswith(RATING_NOTE):
        return t.gettext("Gairy's rating: %(rating)s", rating=t.gettext(english[len(RATING_NOTE):]))
    return t.gettext(english)


def name(t: Translator, english: str) -> str:
    """An element's English name (``"Carrot"``, ``"Water Tower"``) in ``t``'s language."""
    return t.gettext(english)
