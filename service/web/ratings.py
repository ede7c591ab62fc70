"""The public leaderboards, one page per pool (docs/ratings.md): only the
farmers who chose a public name, under that name, never an address."""

from __future__ import annotations

from flask import Blueprint, render_template

from boards.i18n import N_
from service.core.errors import NotFound
from service.core.game_kinds import available_games
from service.game import rating_store, ratings
from service.web import language, services

blueprint = Blueprint("ratings", __name__)


def known_pools() -> list[str]:
    """Every pool a game could be rated in: each kind, and each kind with one of its on/off options."""
    pools = []
    for rules in available_games():
        pools.append(rules.name)
        pools += [f"{rules.name}+{option.key}" for option in rules.options if isinstance(option.default, bool)]
    return pools


@blueprint.get("/ratings")
def index():
    t = language.current()
    pools = [(pool, ratings.pool_title(pool, t)) for pool in known_pools()]
    return render_template("web/ratings_index.html", pools=pools, title=t.gettext("Leaderboards"),
                           provisional_games=ratings.PROVISIONAL_GAMES)


@blueprint.get("/ratings/<pool>")
def leaderboard(pool: str):
    if pool not in known_pools():
        raise NotFound(N_("There is no leaderboard called “%(pool)s”."), pool=pool)
    with services().db.transaction() as session:
        board = rating_store.leaderboard(session, pool)
    t = language.current()
    title = ratings.pool_title(pool, t)
    return render_template("web/ratings.html", pool=pool, pool_title=title, board=board,
                           title=t.gettext("Leaderboard: %(pool)s", pool=title), provisional_games=ratings.PROVISIONAL_GAMES,
                           bots={name: ratings.shown(mu) for name, (mu, _) in ratings.BOT_RATINGS.items()})
