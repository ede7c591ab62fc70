"""The rating model (docs/ratings.md): which pool a finished game is rated
in, who in it is rated at which place, and the update itself, with
openskill's Plackett-Luce model (a free-for-all of any number of farmers,
ties allowed). Pure: plain values in, plain values out; the storage of
ratings is :mod:`service.game.rating_store`.

The scale is set so that a new farmer starts at 1500 and the greedy bot
sits there for good: the three bots play with fixed ratings, which enter
every update as the opponents they are and never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from service.core.game_kinds import rules_for

#: a new farmer's rating and its uncertainty; openskill's own defaults
#: (25, 25/3, beta = sigma/2, tau = sigma/100) times 60
MU, SIGMA = 1500.0, 500.0
BETA, TAU = SIGMA / 2, SIGMA / 100
#: rated games after which a rating is no longer provisional
PROVISIONAL_GAMES = 5
#: the bots' fixed ratings (mu, sigma): greedy at the centre of the scale,
#: the others placed by how often they beat it (docs/ratings.md)
BOT_RATINGS = {"random": (550.0, 80.0), "greedy": (1500.0, 80.0), "search": (2150.0, 80.0)}


@cache
def model():
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


def pool_of(kind: str, options: dict, seats: int) -> str | None:
    """The pool a game is rated in: its kind, and every option that is not
    at its default (``sunfield+advanced``). None for a solo game: it keeps
    the game's own scale (Gairy's in Harvest) and a personal best."""
    if seats < 2:
        return None
    rules = rules_for(kind)
    changed = [option for option in rules.options if options.get(option.key, option.default) != option.default]
    return kind + "".join(f"+{o.key}" if isinstance(o.default, bool) else f"+{o.key}={options[o.key]}"
                          for o in changed)


def pool_title(pool: str, t=None) -> str:
    """"Sunfield Farm, Advanced mode" for ``sunfield+advanced``; its
    option's words in the language of the translator ``t`` (English
    without one)."""
    kind, *keys = pool.split("+")
    rules = rules_for(kind)
    labels = {option.key: t.gettext(option.short or option.label) if t else option.short or option.label
              for option in rules.options}
    return ", ".join([rules.title or kind, *(labels.get(key.split("=")[0], key) for key in keys)])


@dataclass(frozen=True)
class Entry:
    """One seat of a rated game: a farmer (``address``) or a bot (``bot``),
    and its place (0 first; equal places are a tie)."""

    position: int
    name: str
    place: int
    address: str | None = None
    bot: str | None = None


def entries_of(seats: list[dict], ranking: list[list[int]], substituted: set[int]) -> list[Entry]:
    """Who is rated at which place. ``seats``: position, name, email, bot,
    resigned of each seat. A farmer who resigned, or whose seat the clock
    gave to a bot for good, is placed last (tied with any other); a seat that
    was handed to a substitute is left out (it was not played through by
    one farmer); so is an address that holds two seats. A bot is in at its
    place with its fixed rating. Empty when fewer than two are left or no
    farmer is among them."""
    place = {position: index for index, group in enumerate(ranking) for position in group}
    last = len(ranking)
    addresses = [(s["email"] or "").strip().lower() for s in seats]
    entries = []
    for seat, address in zip(seats, addresses, strict=True):
        if seat["position"] in substituted:
            continue
        if address:
            if addresses.count(address) > 1:
                continue
            gone = seat["resigned"] or seat["bot"] is not None
            entries.append(Entry(seat["position"], seat["name"], last if gone else place[seat["position"]],
                                 address=address))
        elif seat["bot"] in BOT_RATINGS:
            entries.append(Entry(seat["position"], seat["name"], place[seat["position"]], bot=seat["bot"]))
    if len(entries) < 2 or not any(entry.address for entry in entries):
        return []
    return entries


def rate(entries: list[Entry], current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The farmers' new (mu, sigma) after one game. ``current`` holds the
    farmers' ratings before it (a farmer missing from it is new). The bots
    take part with their fixed ratings; what the model would make of them
    is dropped."""
    m = model()
    teams = []
    for entry in entries:
        mu, sigma = BOT_RATINGS[entry.bot] if entry.bot else current.get(entry.address, (MU, SIGMA))
        teams.append([m.rating(mu=mu, sigma=sigma)])
    rated = m.rate(teams, ranks=[entry.place for entry in entries])
    return {entry.address: (team[0].mu, team[0].sigma)
            for entry, team in zip(entries, rated, strict=True) if entry.address}


def shown(mu: float) -> int:
    """A rating as farmers read it: a whole number."""
    return round(mu)
