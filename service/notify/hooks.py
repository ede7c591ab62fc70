"""Webhook events (docs/webhooks.md), written as delivery rows in the
transaction of the change they tell of: one row per URL and event whoever
registered it; the worker sends them afterwards (service/webhooks/delivery.py),
so a move never waits for a receiver. Only public information goes out:
whose turn it is, the game's progress, the final ranking."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.core.game_kinds import rules_for
from service.core.wall_time import now
from service.jobs.work import Work
from service.storage.models import Game, Webhook, WebhookDelivery


def turn_changed(session: Session, game: Game, to_act: int, work: Work) -> None:
    """The seat to act changed: the game's hooks and the new farmer's own."""
    if not game.hooked:
        return
    hooks = [h for h in _active(session, game.id) if h.scope == "game" or h.position == to_act]
    _queue(session, game, f"g{game.id}:v{game.version}:turn", turn_event(game, to_act), hooks, work)


def game_over(session: Session, game: Game, work: Work) -> None:
    if not game.hooked:
        return
    _queue(session, game, f"g{game.id}:over", over_event(game), _active(session, game.id), work)


def turn_event(game: Game, to_act: int) -> dict:
    seat = game.seats[to_act]
    return {"event": "turn_changed", **_game_facts(game),
            "turn": {"position": to_act, "name": seat.name, "bot": seat.bot is not None}}


def over_event(game: Game) -> dict:
    rules = rules_for(game.kind)
    total = rules.score_sheet(game.state)["total"]
    ranking, place = [], 1
    for group in rules.ranking(game.state):
        ranking.append({"place": place, "names": [game.seats[p].name for p in group], "points": total[group[0]]})
        place += len(group)
    return {"event": "game_over", **_game_facts(game),
            "result": {"ranking": ranking, "resigned": [s.name for s in game.seats if s.resigned]}}


def _game_facts(game: Game) -> dict:
    rules = rules_for(game.kind)
    return {"game": {"id": game.id, "kind": game.kind, "title": rules.title, "progress": rules.progress(game.state)},
            "version": game.version, "at": now().strftime("%Y-%m-%dT%H:%M:%SZ")}


def _active(session: Session, game_id: int) -> list[Webhook]:
    return list(session.scalars(select(Webhook).where(Webhook.game_id == game_id, Webhook.active.is_(True))
                                .order_by(Webhook.id)))


def _queue(session: Session, game: Game, key: str, event: dict, hooks: list[Webhook], work: Work) -> None:
    """One delivery per URL (the first hook that registered it gives the
    format and secret); none twice for the same event."""
    if not hooks:
        return
    done = set(session.scalars(select(WebhookDelivery.url_hash).where(WebhookDelivery.event_key == key)))
    for hook in hooks:
        if hook.url_hash in done:
            continue
        done.add(hook.url_hash)
        delivery = WebhookDelivery(game_id=game.id, event_key=key, url_hash=hook.url_hash, url=hook.url,
                                   format=hook.format, secret=hook.secret, event=event, status="pending", attempts=0)
        session.add(delivery)
        work.webhooks.append(delivery)
