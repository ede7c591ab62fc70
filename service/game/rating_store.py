"""Ratings kept (docs/ratings.md): rating a finished game once, in the
transaction that ends it; the leaderboard of a pool; a farmer's ratings;
and the check that folding every rated game again, in order, gives the
ratings stored.

Once: ``rated_games`` has one row per rated game (unique ``game_id``),
written with the ratings it changed, so game-over work that runs again
finds the row and changes nothing. In order: on PostgreSQL a transaction
that rates takes one advisory lock until it commits (SQLite lets one
writer in at a time anyway), so ratings are folded one game after the
other in the order of ``rated_games.id``, and two games ending at once
never both start from the same rating of a farmer they share.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.orm import Session, selectinload

from service.core.game_kinds import rules_for
from service.core.wall_time import now
from service.game import ratings
from service.storage.models import ClockEvent, Game, PublicName, RatedGame, Rating

#: the advisory lock every rating transaction takes on PostgreSQL ("rate" in ASCII)
LOCK_KEY = 0x72617465


def substituted(session: Session, game_id: int) -> set[int]:
    """The seats of a game that the host handed to a new farmer."""
    return set(session.scalars(select(ClockEvent.seat).where(ClockEvent.game_id == game_id,
                                                             ClockEvent.kind == "substitute")))


def entries_for(session: Session, game: Game) -> tuple[str | None, list[ratings.Entry]]:
    """The pool of a finished game and who is rated in it at which place."""
    pool = ratings.pool_of(game.kind, game.options, len(game.seats))
    if pool is None:
        return None, []
    seats = [{"position": s.position, "name": s.name, "email": s.email, "bot": s.bot, "resigned": s.resigned}
             for s in game.seats]
    return pool, ratings.entries_of(seats, rules_for(game.kind).ranking(game.state), substituted(session, game.id))


def _serialise(session: Session) -> None:
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})


def rate_game(session: Session, game: Game) -> RatedGame | None:
    """Rate a finished game, once: the row that records it (the one written
    before, when this runs again), or None when the game is not rated (solo,
    or no farmer played it through against anyone)."""
    _serialise(session)
    done = session.scalar(select(RatedGame).where(RatedGame.game_id == game.id))
    if done is not None or game.status != "over":
        return done
    pool, entries = entries_for(session, game)
    if not entries:
        return None
    addresses = [entry.address for entry in entries if entry.address]
    rows = {row.address: row for row in session.scalars(
        select(Rating).where(Rating.pool == pool, Rating.address.in_(addresses)))}
    after = ratings.rate(entries, {a: (row.mu, row.sigma) for a, row in rows.items()})
    changes = []
    for entry in entries:
        change = {"position": entry.position, "name": entry.name, "place": entry.place, "address": entry.address,
                  "bot": entry.bot}
        if entry.address:
            row = rows.get(entry.address)
            if row is None:
                row = rows[entry.address] = Rating(address=entry.address, pool=pool, mu=ratings.MU,
                                                   sigma=ratings.SIGMA, games=0)
                session.add(row)
            change.update(before=[row.mu, row.sigma, row.games], after=list(after[entry.address]))
            row.mu, row.sigma = after[entry.address]
            row.games += 1
            row.updated_at = now()
        else:
            change["rating"] = list(ratings.BOT_RATINGS[entry.bot])
        changes.append(change)
    rated = RatedGame(game_id=game.id, pool=pool, changes=changes)
    session.add(rated)
    session.flush()
    return rated


def replay(session: Session) -> dict[tuple[str, str], tuple[float, float, int]]:
    """Every rated game folded again from its game row, in the order they
    were rated: (pool, address) -> (mu, sigma, games). The same as the
    ``ratings`` table, number for number (a test checks it)."""
    folded: dict[tuple[str, str], tuple[float, float, int]] = {}
    game_ids = list(session.scalars(select(RatedGame.game_id).order_by(RatedGame.id)))
    for start in range(0, len(game_ids), 200):
        chunk = game_ids[start:start + 200]
        games = {g.id: g for g in session.scalars(select(Game).where(Game.id.in_(chunk))
                                                  .options(selectinload(Game.seats)))}
        for game_id in chunk:
            pool, entries = entries_for(session, games[game_id])
            current = {e.address: folded[pool, e.address][:2] for e in entries if (pool, e.address) in folded}
            for address, (mu, sigma) in ratings.rate(entries, current).items():
                games_before = folded.get((pool, address), (0, 0, 0))[2]
                folded[pool, address] = (mu, sigma, games_before + 1)
    return folded


def recompute(session: Session) -> int:
    """Replace the ``ratings`` table by :func:`replay` (an operator's repair
    after a change of the model's parameters); returns the ratings written."""
    _serialise(session)
    folded = replay(session)
    session.query(Rating).delete()
    for (pool, address), (mu, sigma, games) in folded.items():
        session.add(Rating(address=address, pool=pool, mu=mu, sigma=sigma, games=games))
    session.flush()
    return len(folded)


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard, or one of a farmer's ratings."""

    pool: str
    title: str
    rating: int
    games: int
    provisional: bool
    name: str | None = None
    place: int | None = None


def _standing(row: Rating, name: str | None = None, place: int | None = None) -> Standing:
    return Standing(row.pool, ratings.pool_title(row.pool), ratings.shown(row.mu), row.games,
                    row.games < ratings.PROVISIONAL_GAMES, name, place)


def leaderboard(session: Session, pool: str, limit: int = 100) -> list[Standing]:
    """The farmers of a pool who chose a public name, best first: the
    established ones by rating, numbered, then the provisional ones."""
    rows = session.execute(
        select(Rating, PublicName.name).join(PublicName, PublicName.address == Rating.address)
        .where(Rating.pool == pool)
        .order_by((Rating.games < ratings.PROVISIONAL_GAMES), Rating.mu.desc(), PublicName.name_key)
        .limit(limit)).all()
    board, place = [], 0
    for row, name in rows:
        established = row.games >= ratings.PROVISIONAL_GAMES
        place += established
        board.append(_standing(row, name, place if established else None))
    return board


def pools(session: Session) -> list[str]:
    """The pools that have a rating, by name."""
    return list(session.scalars(select(Rating.pool).distinct().order_by(Rating.pool)))


def ratings_of(session: Session, address: str) -> list[Standing]:
    """A farmer's rating in every pool they have played a rated game in."""
    rows = session.scalars(select(Rating).where(Rating.address == address.strip().lower()).order_by(Rating.pool))
    return [_standing(row) for row in rows]


def rated_game(session: Session, game_id: int) -> RatedGame | None:
    return session.scalar(select(RatedGame).where(RatedGame.game_id == game_id))


def rated_games(session: Session, game_ids: list[int]) -> dict[int, RatedGame]:
    """The rated games among ``game_ids``, by game id (one query)."""
    if not game_ids:
        return {}
    return {r.game_id: r for r in session.scalars(select(RatedGame).where(RatedGame.game_id.in_(game_ids)))}


def change_in(rated: RatedGame | None, position: int) -> dict | None:
    """What a rated game did to one seat's rating: before, after, provisional, the pool's title."""
    change = next((c for c in (rated.changes if rated else []) if c["position"] == position and c["address"]), None)
    if change is None:
        return None
    return {"before": ratings.shown(change["before"][0]), "after": ratings.shown(change["after"][0]),
            "provisional": change["before"][2] + 1 < ratings.PROVISIONAL_GAMES, "title": ratings.pool_title(rated.pool)}


def report_lines(rated: RatedGame | None) -> list[dict]:
    """The ratings a game changed, for its final report: each farmer's name,
    before and after (bots, whose ratings are fixed, are left out)."""
    if rated is None:
        return []
    return [{"name": c["name"], **change_in(rated, c["position"])} for c in rated.changes if c["address"]]
