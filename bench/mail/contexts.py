"""Not a bench: a turn mail's context as the service gives it to the
composer (``service.notify.changes``), for the benches that compose turn mails
(bench.mail.turn_mail, bench.boards.drawing) and a test of the mail's
encoding."""

from __future__ import annotations

from engine import get_game
from mail.outgoing.envelope import Envelope
from service.core.links import Links

#: signs the bench's links as the service does (their length is the real one)
LINKS = Links("bench-secret", "https://farmpost.example", move_max_age=3600, seat_max_age=3600)
SEAT_SECRET = "s" * 22


def turn_context(sample, index: int) -> dict:
    """The context the service gives the composer for the farmer to act
    after ``index`` moves, as ``service.notify.changes`` completes it: every legal
    move with its outcome and its signed link, what the others played since
    the farmer's previous turn, and their view at that turn."""
    game = get_game(sample.game_name)
    state = sample.states[index]
    seat = game.to_act(state)
    last = max(0, index - sample.seats)
    played = [{"farmer": "You" if game.to_act(sample.states[i]) == seat else sample.names[game.to_act(sample.states[i])],
               "text": game.text(game.from_code(sample.codes[i])),
               "description": game.describe(sample.states[i], game.from_code(sample.codes[i]))}
              for i in range(last, index)]
    options = [{"text": game.text(move), "code": game.code(move),
                "url": LINKS.move_url(7, seat, SEAT_SECRET, index, [game.code(move)]),
                "outcome": game.outcome(state, move)} for move in game.legal_moves(state)]
    return mail_context(sample, seat=seat, view=game.view(state, seat), previous_view=game.view(sample.states[last], seat),
                        version=index, progress=game.progress(state), message_id=f"<bench.{index}@farmpost.example>",
                        options=options, account=played, notation_help=[list(pair) for pair in game.notation_help()])


def mail_context(sample, *, seat: int, view: dict, previous_view: dict | None, version: int, progress: str,
                 message_id: str, options: list[dict] | None = None, account: list[dict] | None = None,
                 notation_help: list | None = None) -> dict:
    """A turn mail's context as notify builds it; without ``options``,
    twelve of a typical length, and the links have the length of real
    signed ones."""
    context = {
        "kind": "turn",
        "game": {"id": 7, "kind": sample.game_name, "title": "Bench", "progress": progress,
                 "options": sample.options, "status": "active"},
        "version": version,
        "seat": {"position": seat, "name": sample.names[seat]},
        "farmers": [{"position": i, "name": n, "bot": None, "away_until": None} for i, n in enumerate(sample.names)],
        "view": view,
        "links": {"seat": LINKS.seat_url(7, seat, SEAT_SECRET),
                  "prefs": LINKS.prefs_url(7, seat, SEAT_SECRET)},
        "notation_help": notation_help or [],
        "clock": None,
        "note": None,
        "account": account or [],
        "account_title": "Since your last turn",
        "options": options if options is not None else [
            {"text": f"option {i}", "code": f"o{i}", "url": "https://farmpost.example/m/7/0/" + "y" * 120,
             "outcome": "Sheep tile (Carrot), free, collects 1 Seed"} for i in range(12)],
        "envelope": Envelope(message_id=message_id, sender=("Farmpost", "play@farmpost.example"),
                             to=("", "farmer@example.org"), subject="Bench: your turn").as_data(),
    }
    if previous_view is not None:
        context["previous_view"] = previous_view
    return context
