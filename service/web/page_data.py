"""Read-only questions the pages ask. Nothing here changes anything, which is
what lets GET and HEAD requests (and mail scanners) open every link safely."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

from sqlalchemy import select

import boards
from boards import notation_help as told_notation
from boards.game_phrases import progress as progress_said
from boards.game_phrases import refusal, say
from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES
from engine.core import MoveError
from mail.sentence import N_
from service.core.errors import NotFound
from service.core.game_kinds import rules_for
from service.core.links import BadMoveLink, ForgedLink, MoveToken, token_key
from service.core.services import Services
from service.core.wall_time import now
from service.game import plans
from service.game.accounts import account_lines
from service.game.clocks import describe as describe_clock
from service.game.clocks import seat_time
from service.notify.changes import away_text, outcome_words, typed_words
from service.ops.delivery import seat_mails
from service.storage.lookup import current_turn, live_log, load_game, seat_of
from service.storage.models import Game, MoveLogEntry, MoveRequest, Seat, as_utc
from service.usecases.rematch import origin_link, rematch_link
from service.web import language, page_cache


class ClosedToSpectators(ForgedLink):
    """A valid spectator link of a game the host has closed to spectators."""


@dataclass
class SeatAccess:
    """A game and one of its seats, reached through a valid signed link."""

    game: Game
    seat: Seat
    log: list[MoveLogEntry]


def open_seat(svc: Services, game_id: int, position: int, token: str, purpose: str = "seat") -> tuple[SeatAccess, dict]:
    """Check a link of ``purpose``; returns the game as it is now and the payload."""
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        seat = seat_of(game, position)
        payload = svc.links.check(purpose, token, game_id=game_id, seat=position, seat_secret=seat.secret)
        language.for_seat(seat, purpose)  # the seat's pages speak its farmer's language
        return SeatAccess(game, seat, live_log(session, game_id)), payload


def seat_plan(svc: Services, game: Game, seat: Seat) -> dict | None:
    """The farmer's plan still waiting, as their page shows it (no query without one)."""
    if not seat.planned:
        return None
    with svc.db.transaction() as session:
        return plans.shown(plans.waiting_plan(session, game, seat), game, seat.language)


def seat_secret(svc: Services, game_id: int, position: int, token: str) -> str:
    """Check a seat link reading only the seat's secret: what a button's POST
    and the page of a move being applied need (not the game nor its log)."""
    with svc.db.transaction() as session:
        secret = session.scalar(select(Seat.secret).where(Seat.game_id == game_id, Seat.position == position))
    if secret is None:
        raise NotFound(N_("Game #%(id)s has no seat %(seat)s."), id=game_id, seat=position)
    svc.links.check("seat", token, game_id=game_id, seat=position, seat_secret=secret)
    return secret


def seat_request(svc: Services, game_id: int, position: int, token: str,
                 request_id: int) -> tuple[str, MoveRequest, float]:
    """Check a seat link as :func:`seat_secret` does and read one of the
    seat's move requests (another seat's is not found) in the same
    transaction: the seat's secret, the request, and how many seconds it
    has waited so far. The page of a move being applied and its status
    (asked a few times a second) ask nothing else."""
    with svc.db.transaction() as session:
        secret, words = session.execute(select(Seat.secret, Seat.language).where(
            Seat.game_id == game_id, Seat.position == position)).first() or (None, None)
        request = session.get(MoveRequest, request_id) if secret is not None else None
    if secret is None:
        raise NotFound(N_("Game #%(id)s has no seat %(seat)s."), id=game_id, seat=position)
    svc.links.check("seat", token, game_id=game_id, seat=position, seat_secret=secret)
    language.use(words)  # the page of a move being applied speaks the seat's language
    if request is None or request.game_id != game_id or request.seat != position:
        raise NotFound(N_("There is no such move request #%(id)s."), id=request_id)
    return secret, request, (now() - as_utc(request.created_at)).total_seconds()


def request_texts(svc: Services, game_id: int, codes) -> list[str]:
    """The moves of a request as the farmer reads them (``take 3 from the
    barn``), not their codes (``take:b:3``); a code the game cannot read
    stays as it is."""
    with svc.db.transaction() as session:
        kind = session.scalar(select(Game.kind).where(Game.id == game_id))
    rules = rules_for(kind)
    typed = typed_words(rules, language.current().language) or str
    texts = []
    for code in codes or ():
        try:
            texts.append(typed(rules.text(rules.from_code(code))))
        except (MoveError, ValueError, KeyError, IndexError, TypeError):
            texts.append(code)
    return texts


def board(svc: Services, access: SeatAccess, highlight=()) -> dict:
    """The seat's view drawn for the web, or the plain facts when the game
    has no board rendering."""
    game, seat, caches = access.game, access.seat, page_cache.of(svc)

    def before() -> dict | None:
        return caches.previous_view(game, seat.position, access.log) if boards.has_board(game.kind) else None

    return board_fragments(svc, game, seat.position, highlight, before)


def board_fragments(svc: Services, game: Game, position: int | None, highlight, before) -> dict:
    """``position``'s board (None: the public one): the drawing, rendered
    once per state version and seat, outlining what changed since the view
    ``before()`` gives; the board in words, once per outlined moves too
    (:mod:`service.web.page_cache`); and the game's progress. Both are kept
    per language: the page's (its reader's) words."""
    rules = rules_for(game.kind)
    names = [s.name for s in game.seats]
    caches = page_cache.of(svc)
    words = language.current().language
    # a table still waiting for farmers: its board says who is awaited, not who is to act
    waiting = tuple(s.name for s in game.seats if s.joined_at is None) if game.status == "inviting" else ()
    view = cache(lambda: {**rules.view(game.state, position), **({"waiting_for": list(waiting)} if waiting else {})})
    key = (game.id, game.version, position, tuple(names))
    return {
        "html": caches.boards.get_or_render(*key, ("words", tuple(highlight), waiting, words),
                                            lambda: boards.web_html(game.kind, view(), position, names, highlight,
                                                                           words)),
        "drawing": caches.boards.get_or_render(*key, ("drawing", waiting, words),
                                               lambda: caches.drawing_html(game.kind, view(), position, names, before(),
                                                                           words)),
        "progress": progress_said(rules, game.state, language.current()),
    }


def seat_page(svc: Services, access: SeatAccess, highlight: list[str] | None = None, *,
              with_options: bool = True) -> dict:
    """Everything the seat page shows; ``highlight``: the move codes to mark on
    the board (default: every option of the farmer's turn). ``with_options``
    False: a page that does not list the options (a move link's Confirm
    page) skips working out what each would do."""
    game, seat = access.game, access.seat
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state) if game.status == "active" else None
    my_turn = to_act == seat.position and not seat.resigned and seat.bot is None
    offered = page_choices(svc, game, seat.position) if my_turn and with_options else None
    options = offered["steps"] if offered else []
    turn = current_turn(access.log)
    names = {s.position: s.name for s in game.seats}
    page = {
        "game": game,
        "seat": seat,
        "title": f"{rules.title} #{game.id}",
        "rules": rules,
        "to_act": names.get(to_act) if to_act is not None else None,
        "to_act_position": to_act,
        #: "away until" dates by seat position (None: not away)
        "away": {s.position: away_text(s, language.current(), reader=seat) for s in game.seats},
        "bounced_on": seat_time(seat.bouncing_since, seat, language.current()) if seat.bouncing_since else None,
        #: the last mails sent to this farmer and what became of each (service/ops/delivery.py)
        "mails": [{**mail, "at": seat_time(mail["at"], seat, language.current())}
                  for mail in seat_mails(svc, seat, t=language.current())],
        "my_turn": my_turn,
        "options": options,
        "choices": offered,
        "can_undo": my_turn and bool(turn) and turn[-1].seat == seat.position and not turn[-1].revealed,
        #: the last move is the farmer's own but drew on hidden information: say why undo is not offered
        "undo_blocked": my_turn and bool(turn) and turn[-1].seat == seat.position and turn[-1].revealed,
        "log": [{**line, "source": e.source, "at": e.created_at, "mine": e.seat == seat.position}
                for e, line in zip(access.log, told_log(svc, game, access.log, seat.position))],
        "board": board(svc, access, highlight=[o["code"] for o in options] if highlight is None else highlight),
        "waiting_for": [s.name for s in game.seats if s.joined_at is None],
        #: the notation's examples and the plans' in the farmer's words, their meanings in the page's language
        "notation_help": (notation := told_notation.notation_help(rules, language.current())),
        "plan_examples": told_notation.plan_examples(rules, language.current()),
        #: a whole turn typed on one line, for the mail help (None: chains are off)
        "chain_example": _chain_example(notation, offered) if svc.config.whole_turns else None,
    }
    seat_url = svc.links.seat_url(game.id, seat.position, seat.secret)
    page.update({
        "seat_url": seat_url,
        #: the seat link's path: the page's buttons post below it, whichever link led here
        "seat_path": urlsplit(seat_url).path,
        "prefs_url": svc.links.prefs_url(game.id, seat.position, seat.secret),
        "clock": describe_clock(game, seat),
        "is_host": game.clock is not None and game.clock.host == seat.position,
        #: the spectator link, shown to everyone at the table while the host lets people watch
        "watch_url": svc.links.watch_url(game.id, game.watch_secret) if game.watchable and game.watch_secret else None,
    })
    page["plan"] = seat_plan(svc, game, seat)
    page["plans_on"] = svc.config.plans and game.status == "active" and seat.bot is None
    page.update(final_result(game))
    page["rematch_of"] = origin_link(svc, game, seat.position)
    if game.status == "over":
        page["rematch"] = rematch_link(svc, game.id, seat.position)
    page["record_url"] = svc.links.record_url(seat.email, seat.language) if seat.email else None
    return page


def told_log(svc: Services, game: Game, log: list[MoveLogEntry], position: int | None) -> list[dict]:
    """The live ``log`` told to the farmer at ``position`` (None: a
    spectator) in the page's language: in another than English each move's
    sentence is made again from its position (the game replayed once per
    version, seat and language: :mod:`service.web.page_cache`) and its typed
    text written in the language's words."""
    words = language.current().language
    if words not in LANGUAGES or words == DEFAULT_LANGUAGE:
        return account_lines(game, log, position)

    def told() -> list[dict]:
        typed = typed_words(rules_for(game.kind), words) or str
        return [{**line, "text": typed(line["text"])}
                for line in account_lines(game, log, position, language=words, log=log)]

    return page_cache.of(svc).boards.get_or_render(game.id, game.version, position, (), ("log", words), told)


def _chain_example(notation: list[tuple[str, str]], offered: dict | None) -> str:
    """The page's example of steps chained on a line: the best whole turn
    offered now, else the game's first two notation examples (as the page
    shows them)."""
    if offered and offered["whole"]:
        return offered["whole"][0]["line"]
    examples = [example for example, _ in notation[:2]]
    return ", ".join(examples)


def page_choices(svc: Services, game: Game, position: int) -> dict:
    """What the page's buttons offer (:mod:`service.notify.choices`): whole
    turns when ``Config.whole_turns``, and each legal move, folded by
    outcome and grouped, with its typed form, its code(s) and what it will
    do. (The turn mail's options also carry a signed link each; the page
    posts the codes instead.) Worked out once per state version and seat
    (a reload, a stale link's page: :mod:`service.web.page_cache`)."""
    from boards.i18n import translator
    from service.notify.choices import choices

    whole = svc.config.whole_turns
    rules = rules_for(game.kind)
    language = seat_of(game, position).language
    return page_cache.of(svc).boards.get_or_render(
        game.id, game.version, position, (), ("choices", whole, language),
        lambda: choices(rules, game.state, whole=whole, words=outcome_words(rules, translator(language)),
                        typed=typed_words(rules, language)))


def final_result(game: Game) -> dict:
    """The score sheet and ranking of a game that is over (nothing before)."""
    if game.status != "over":
        return {}
    rules = rules_for(game.kind)
    names = {s.position: s.name for s in game.seats}
    sheet = rules.score_sheet(game.state)
    return {"score_sheet": sheet,
            "ranking": [{"names": [names[p] for p in group], "points": sheet["total"][group[0]]}
                        for group in rules.ranking(game.state)]}


def whole_log(svc: Services, game_id: int) -> list[MoveLogEntry]:
    """Every log entry of the game, undone ones too, in order."""
    with svc.db.transaction() as session:
        return list(session.scalars(select(MoveLogEntry).where(MoveLogEntry.game_id == game_id)
                                    .order_by(MoveLogEntry.seq)))


def open_watch(svc: Services, game_id: int, token: str) -> tuple[Game, list[MoveLogEntry]]:
    """The game behind a valid spectator link, while its host lets people
    watch, with its live log."""
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        svc.links.check_watch(token, game_id=game_id, watch_secret=game.watch_secret)
        if not game.watchable:
            raise ClosedToSpectators(N_("The host has closed this game to spectators."))
        return game, live_log(session, game_id)


def watch_page(svc: Services, game: Game, log: list[MoveLogEntry]) -> dict:
    """The spectator page: the public view only (``Game.view(state, None)``),
    its board kept as the public board of this version (seat None)."""
    rules = rules_for(game.kind)
    names = [s.name for s in game.seats]
    to_act = rules.to_act(game.state) if game.status == "active" else None
    return {
        "game": game,
        "title": f"{rules.title} #{game.id}",
        "to_act": names[to_act] if to_act is not None else None,
        "waiting_for": [s.name for s in game.seats if s.joined_at is None],
        "log": told_log(svc, game, log, None),
        "board": board_fragments(svc, game, None, (), lambda: None),
        **final_result(game),
    }


def move_link(svc: Services, game_id: int, position: int, token: str) -> tuple[SeatAccess, MoveToken, dict]:
    """What a move link leads to now: ``state`` is one of ready (show the move
    and a Confirm button), done, pending, rejected, stale, over."""
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        seat = seat_of(game, position)
        move_token = svc.links.check_move(token, game_id=game_id, seat=position, seat_secret=seat.secret)
        request = session.scalar(select(MoveRequest).where(MoveRequest.dedupe_key == token_key(token)))
        access = SeatAccess(game, seat, live_log(session, game_id))
    language.for_seat(seat, "move")  # a move link's page speaks its seat's language, as the seat page does
    rules = rules_for(game.kind)
    typed = typed_words(rules, seat.language) or str
    texts = []
    for code in move_token.codes:
        try:
            texts.append(typed(rules.text(rules.from_code(code))))
        except Exception:  # a signed code this game cannot read: shown as it is
            texts.append(code)
    info = {"texts": texts, "request": request, "reason": request.result if request else None,
            "state": link_state(request, game.status, game.version, move_token)}
    if info["state"] == "ready":
        info["outcomes"] = outcomes(rules, game.state, move_token.codes)
    return access, move_token, info


def confirming(svc: Services, game_id: int, position: int, token: str) -> tuple[str, MoveToken, MoveRequest | None, str]:
    """What confirming a move link does now, read without the seats, the log
    or the board (the POST's question): the link's state as :func:`move_link`
    says it, the token, its request if there is one, and the seat's secret."""
    with svc.db.transaction() as session:
        row = session.execute(
            select(Game.kind, Game.status, Game.version, Game.state, Seat.secret).join(Seat, Seat.game_id == Game.id)
            .where(Game.id == game_id, Seat.position == position)
        ).one_or_none()
        if row is None:
            raise NotFound(N_("Game #%(id)s has no seat %(seat)s."), id=game_id, seat=position)
        move_token = svc.links.check_move(token, game_id=game_id, seat=position, seat_secret=row.secret)
        request = session.scalar(select(MoveRequest).where(MoveRequest.dedupe_key == token_key(token)))
    state = link_state(request, row.status, row.version, move_token)
    if state == "ready":
        outcomes(rules_for(row.kind), row.state, move_token.codes)  # a move it cannot read: 400, as on the page
    return state, move_token, request, row.secret


def link_state(request: MoveRequest | None, status: str, version: int, move_token: MoveToken) -> str:
    """ready, done, pending, rejected, stale, failed or over."""
    if request is not None:
        return {"applied": "done", "pending": "pending"}.get(request.status, request.status)
    if status == "over":
        return "over"
    return "stale" if move_token.version != version else "ready"


def outcomes(rules, state: dict, codes: list[str]) -> list[str]:
    """What each move of a link will do, each from the position the moves
    before it leave (a move that cannot be played says so). A signed code
    the game cannot read makes the link unusable: a clear 400, not a 500."""
    out = []
    for code in codes:
        try:
            move = rules.from_code(code)
        except MoveError:
            raise BadMoveLink(N_("This link's move “%(code)s” cannot be read."), code=code) from None
        try:
            out.append(say(rules.outcome_phrase(state, move), language.current()))
            state = rules.apply(state, move)
        except MoveError as error:
            out.append(language.gettext("not possible now: %(why)s", why=refusal(error, language.current())))
            break
        except Exception:  # a code the game's functions choke on is a broken link, not a server error
            raise BadMoveLink(N_("This link's move “%(code)s” cannot be read."), code=code) from None
    return out
