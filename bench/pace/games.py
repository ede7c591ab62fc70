"""How long games take by mail, and how often each farmer is waited for:
whole games played through the real use cases (in-process service on SQLite,
the inline queue, the service's clock moved forward to each answer), by
four farmers who answer each mail that asks them after a delay drawn from a
log-normal distribution (median 6 h, 10 % over 24 h) and have one habit:

* ``link``: open the turn mail's link and play the whole turn on the seat
  page (one wait a turn, however many steps);
* ``reply``: reply by mail with what the mail offers: a whole turn chained
  on one line (``take b2, place 1 0``) where turn mails offer whole turns,
  one step where they offer single steps (the baseline); a step that
  leaves the turn going brings a "your turn continues" mail, answered
  after another delay;
* ``plan``: reply as ``reply`` does, with a ``next:`` line of the greedy
  bot's two best next turns, each whole (worked out on a board dealt from
  what the farmer sees, the others played by the greedy bot), among those
  whose first move names a tile the farmer sees (not one the dealt board
  drew in a column taken empty), so a turn can be played from the plan
  without a wait.

Every farmer chooses their moves as the greedy bot does. ``--baseline``
also plays each setup with whole turns, chains and plans switched off
(``Config.whole_turns``, ``Config.plans``), so one run shows before and
after. One JSON object per setup (game, habit): per farmer the turns, the
round trips (answers after a wait), the mails received and sent, the turns
played from plans; the game's duration in days (median and 90th percentile
over ``--games`` games); and with ``--baseline`` the same with
``baseline_`` before each figure.

    python -m bench pace.games [--games 5] [--seed 1] [--baseline]
                               [--game sunfield --game harvest] [--habit link --habit reply --habit plan]
"""

from __future__ import annotations

import heapq
import itertools
import math
import os
import statistics
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import emit, parser

SHORT = ["--games", "1", "--game", "harvest", "--habit", "plan", "--baseline"]

GAMES = {"sunfield": {"advanced": True}, "harvest": {}}
HABITS = ("link", "reply", "plan")
FARMERS = ("Ann", "Bob", "Cat", "Dan")
#: the answer delay: log-normal with a median of 6 hours and 10 % over 24 hours
MEDIAN_HOURS = 6.0
SIGMA = math.log(24 / MEDIAN_HOURS) / 1.2816
#: no game should need more answers than this (a bound, so the bench always ends)
MAX_ANSWERS = 4000


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=5, help="games per setup (default %(default)s)")
    arguments.add_argument("--seed", type=int, default=1, help="seeds the games and the delays (default %(default)s)")
    arguments.add_argument("--baseline", action="store_true",
                           help="also play every setup with whole turns, chains and plans off")
    arguments.add_argument("--game", action="append", choices=sorted(GAMES), help="the games (default: both)")
    arguments.add_argument("--habit", action="append", choices=HABITS, help="the habits (default: all three)")
    args = arguments.parse_args(argv)
    for kind in args.game or sorted(GAMES, reverse=True):
        for habit in args.habit or HABITS:
            figures = {"game": kind, "farmers": len(FARMERS), "habit": habit, "games": args.games}
            figures.update(_setup(kind, habit, args.games, args.seed, plans=True))
            if args.baseline:
                base = _setup(kind, habit, args.games, args.seed, plans=False)
                figures.update({f"baseline_{key}": value for key, value in base.items()})
            emit(figures)


def _setup(kind: str, habit: str, games: int, seed: int, *, plans: bool) -> dict:
    played = [_one_game(kind, habit, seed * 1000 + index, plans=plans) for index in range(games)]
    per = {key: round(statistics.mean(p[key] for p in played), 2)
           for key in ("turns_per_farmer", "round_trips_per_farmer", "mails_per_farmer", "mails_sent_per_farmer",
                       "turns_from_plans")}
    durations = sorted(p["days"] for p in played)
    per["duration_days_median"] = round(statistics.median(durations), 1)
    per["duration_days_p90"] = round(durations[min(len(durations) - 1, int(len(durations) * 0.9))], 1)
    return per


def _one_game(kind: str, habit: str, seed: int, *, plans: bool) -> dict:
    from engine import get_game
    from engine.core import Rng
    from service.core import wall_time
    from service.core.config import load_config
    from service.core.services import Services
    from service.storage.migrate import upgrade
    from service.usecases import creation
    from service.wiring import inline_queue

    rules = get_game(kind)
    with tempfile.TemporaryDirectory() as folder:
        offset_file = Path(folder) / "clock-offset"
        os.environ[wall_time.ENVIRONMENT_VARIABLE] = str(offset_file)
        try:
            config = load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000",
                                  "MAIL_DOMAIN": "farmpost.test"}, plans=plans, whole_turns=plans)
            svc = Services.from_config(config)
            svc.queue = inline_queue(svc, send_mail=False)  # the mails are written, counted, not composed
            upgrade(svc.db)
            start = datetime(2027, 1, 4, 9, 0, tzinfo=UTC)
            wall_time.travel_to(offset_file, start)
            farmers = [creation.FarmerSpec(name, f"{name.lower()}@example.org") for name in FARMERS]
            created = creation.create_game(svc, kind, farmers, host=0, seed=seed, options=GAMES[kind])
            for position in range(1, len(farmers)):
                creation.join(svc, created.game_id, position)
            table = _Table(svc, rules, created.game_id, habit, Rng.from_seed(f"pace:{seed}"), offset_file)
            end = table.play(start)
            return table.figures(end - start)
        finally:
            del os.environ[wall_time.ENVIRONMENT_VARIABLE]
            svc.db.dispose()


class _Table:
    """One game's farmers: the mails each is owed an answer to, answered in
    the order of their (simulated) answering times."""

    def __init__(self, svc, rules, game_id: int, habit: str, rng, offset_file: Path):
        self.svc, self.rules, self.game_id, self.habit, self.rng = svc, rules, game_id, habit, rng
        self.offset_file = offset_file
        self.seen_mail = 0
        self.answers = [0] * len(FARMERS)
        self.queue: list[tuple[datetime, int, int, int]] = []  # (when, order, seat, mail id)
        self.order = itertools.count()
        self.message_ids = itertools.count(1)

    # --- the loop --------------------------------------------------------------

    def play(self, start: datetime) -> datetime:
        from service.core import wall_time

        self._new_mails(start)
        moment = start
        while self.queue and sum(self.answers) < MAX_ANSWERS:
            moment, _, seat, mail_id = heapq.heappop(self.queue)
            wall_time.travel_to(self.offset_file, moment)
            if self._answer(seat, mail_id):
                self.answers[seat] += 1
            if self._game().status == "over":
                return moment
            self._new_mails(moment)
        raise RuntimeError(f"game {self.game_id} did not end ({sum(self.answers)} answers)")

    def _delay(self) -> timedelta:
        """A log-normal answer delay (Box-Muller on the game's own generator)."""
        u1, u2 = (self.rng.below(1 << 30) + 1) / (1 << 30), self.rng.below(1 << 30) / (1 << 30)
        normal = math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)
        return timedelta(hours=MEDIAN_HOURS * math.exp(SIGMA * normal))

    def _new_mails(self, moment: datetime) -> None:
        """The turn mails written since the last look, each owed an answer."""
        from sqlalchemy import select

        from service.storage.models import OutgoingMail, Seat

        with self.svc.db.transaction() as session:
            rows = session.execute(select(OutgoingMail.id, Seat.position).join(Seat, Seat.id == OutgoingMail.seat_id)
                                   .where(OutgoingMail.id > self.seen_mail, OutgoingMail.game_id == self.game_id,
                                          OutgoingMail.kind == "turn").order_by(OutgoingMail.id)).all()
            self.seen_mail = session.scalar(select(OutgoingMail.id).order_by(OutgoingMail.id.desc()).limit(1)) or 0
        for mail_id, position in rows:
            heapq.heappush(self.queue, (moment + self._delay(), next(self.order), position, mail_id))

    def _game(self):
        from sqlalchemy.orm import selectinload

        from service.storage.models import Game

        with self.svc.db.transaction() as session:
            return session.get(Game, self.game_id, options=[selectinload(Game.seats)])

    # --- one answer ---------------------------------------------------------------

    def _answer(self, seat: int, mail_id: int) -> bool:
        """The farmer answers a turn mail; False when it asks nothing any more
        (the turn was played from a plan, or it is no longer theirs)."""
        game = self._game()
        if game.status != "active" or self.rules.to_act(game.state) != seat:
            return False
        if self._newer_turn_mail(seat, mail_id):
            return False  # a newer mail of the same turn is the one answered
        if self.habit == "link":
            self._play_on_page(game, seat)
        else:
            self._reply(game, seat)
        return True

    def _newer_turn_mail(self, seat: int, mail_id: int) -> bool:
        return any(s == seat and m > mail_id for _, _, s, m in self.queue)

    def _steps(self, state: dict, seat: int, *, whole: bool) -> tuple[list[str], dict]:
        """The greedy choices of the farmer's turn from ``state`` (one step,
        or every step to the end of the turn: past a step that reveals
        hidden information too, as a farmer who writes "take a3, place 1 -1"
        places the tile they took whatever the market's new tiles are), and
        the state after them."""
        texts = []
        while self.rules.to_act(state) == seat:
            move = _greedy(self.rules, state, seat)[0]
            texts.append(self.rules.text(move))
            state = self.rules.apply(state, move)
            if not whole:
                break
        return texts, state

    def _play_on_page(self, game, seat: int) -> None:
        """The link of the mail, then the seat page's buttons to the turn's end."""
        from service.usecases import playing

        while True:
            game = self._game()
            if game.status != "active" or self.rules.to_act(game.state) != seat:
                return
            move = _greedy(self.rules, game.state, seat)[0]
            request_id = playing.submit_move(self.svc, self.game_id, seat, [self.rules.code(move)],
                                             source="web", base_version=game.version)
            assert playing.wait_for(self.svc, request_id, 0).status == "applied"

    def _reply(self, game, seat: int) -> None:
        from service.inbound.receive import receive

        planning = self.habit == "plan" and self.svc.config.plans
        whole = self.svc.config.whole_turns  # the mail offers whole turns: the answer is one, chained on a line
        texts, after = self._steps(game.state, seat, whole=whole)
        lines = [", ".join(texts)] if whole else list(texts)
        if planning:
            plan = self._plan(after, seat)
            if plan:
                lines.append(plan)
        farmer = game.seats[seat]
        raw = (f"From: {farmer.name} <{farmer.email}>\r\nTo: play+{farmer.reply_key}@farmpost.test\r\n"
               f"Subject: Re: your turn\r\nMessage-ID: <pace-{self.game_id}-{next(self.message_ids)}@example.org>\r\n"
               "Content-Type: text/plain; charset=utf-8\r\n\r\n" + "\n".join(lines) + "\r\n").encode()
        receive(self.svc, raw, source="ingest")

    def _plan(self, after: dict, seat: int) -> str | None:
        """``next:`` with the greedy bot's two best next turns, on a board
        dealt from what the farmer will see after their answer, the others'
        turns played by the greedy bot in between."""
        from engine.bots.determinise import SAMPLERS
        from engine.core import Rng
        from mail.inbound.plans import MAX_STEPS

        rng = Rng.from_seed(f"plan:{self.game_id}:{seat}:{sum(self.answers)}")
        state = SAMPLERS[self.rules.name](self.rules.view(after, seat), seat, rng)
        left = self.rules.to_act(state) != seat  # past the farmer's own turn, then the others'
        for _ in range(400):
            to_act = self.rules.to_act(state)
            if to_act is None:
                return None
            if to_act == seat and left:
                break
            left = left or to_act != seat
            state = self.rules.apply(state, _greedy(self.rules, state, to_act)[0])
        else:
            return None
        # a farmer writes only what they see: a turn whose first move names a
        # tile of the dealt board they never saw (a column drawn anew on it) is
        # not one of theirs; the plan would name a guess, which the service
        # rightly never plays (docs/plans.md)
        seen = self.rules.view(self._game().state, seat)
        alternatives = []
        for first in _greedy(self.rules, state, seat):
            named = self.rules.names(state, first)
            if named and named != self.rules.names(seen, first):
                continue
            # the whole turn, past a step that draws new tiles, as the plan's answer asks
            # ("Write whole turns"): the service plays each step while what it names is what they saw
            more, _ = self._steps(self.rules.apply(state, first), seat, whole=True)
            alternatives.append(", ".join([self.rules.text(first), *more][:MAX_STEPS]))
            if len(alternatives) == 2:
                break
        return "next: " + " | ".join(alternatives) if alternatives else None

    # --- figures ------------------------------------------------------------------

    def figures(self, duration: timedelta) -> dict:
        from sqlalchemy import func, select

        from service.storage.models import InboundMail, MoveLogEntry, OutgoingMail, Seat

        with self.svc.db.transaction() as session:
            log = session.execute(select(MoveLogEntry.seat, MoveLogEntry.source).where(
                MoveLogEntry.game_id == self.game_id, MoveLogEntry.undone.is_(False))
                .order_by(MoveLogEntry.seq)).all()
            # a held confirmation told by the farmer's next mail instead never goes ("merged")
            mails = session.scalar(select(func.count()).select_from(OutgoingMail).join(
                Seat, Seat.id == OutgoingMail.seat_id).where(OutgoingMail.game_id == self.game_id,
                                                             OutgoingMail.status != "merged"))
            sent = session.scalar(select(func.count()).select_from(InboundMail))
        turns, planned, last = [0] * len(FARMERS), 0, None
        for seat, source in log:
            if seat != last:
                turns[seat] += 1
                planned += source == "plan"
            last = seat
        count = len(FARMERS)
        return {"turns_per_farmer": sum(turns) / count, "round_trips_per_farmer": sum(self.answers) / count,
                "mails_per_farmer": mails / count, "mails_sent_per_farmer": sent / count,
                "turns_from_plans": planned / count,
                "days": duration.total_seconds() / 86400}


def _greedy(rules, state: dict, seat: int) -> list:
    """The legal moves, best first by the greedy bot's measure (the farmer's
    standing after the move); ties in the game's order."""
    from engine.bots.simple import standing

    moves = rules.legal_moves(state)
    if len(moves) == 1:
        return moves
    return sorted(moves, key=lambda m: -standing(rules, rules.apply_legal(state, m), seat))

