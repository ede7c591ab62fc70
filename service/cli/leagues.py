"""``farmpost league …`` and ``farmpost duplicate …``: leagues and the seed
of the week (docs/leagues.md). Beat moves both on by itself; these commands
create them, sign farmers up, start or close early, and print the standings
and results."""

from __future__ import annotations

import sys

from engine import game_names


def register(subparsers) -> None:
    league = subparsers.add_parser("league", help="leagues: seasons of divisions of tables, on a clock")
    verbs = league.add_subparsers(dest="verb", metavar="VERB", required=True)
    create = verbs.add_parser("create", help="a league and its first season, open for sign-up")
    create.add_argument("name")
    create.add_argument("--game", choices=game_names(), default="harvest", help="the game kind (default harvest)")
    create.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    create.add_argument("--clock", default="3d", help="time for a turn, e.g. 3d or 36h (default 3d)")
    create.add_argument("--replace-after", type=int, default=2,
                        help="timeouts after which the bot keeps a farmer's seat (default 2)")
    create.add_argument("--division-size", type=int, default=8, help="farmers per division (default 8)")
    create.add_argument("--rounds", type=int, default=2, help="tables each farmer plays a season (default 2)")
    create.add_argument("--movers", type=int, default=2, help="farmers up and down between divisions (default 2)")
    create.add_argument("--signup-days", type=int, default=3, help="days the sign-up stays open (default 3)")
    create.add_argument("--organiser", metavar="EMAIL", help="the organiser's address")
    create.set_defaults(func=cmd_league_create)
    signup = verbs.add_parser("signup", help="sign a farmer up for the season whose sign-up is open")
    signup.add_argument("league_id", type=int)
    signup.add_argument("name")
    signup.add_argument("email")
    signup.set_defaults(func=cmd_league_signup)
    start = verbs.add_parser("start", help="close the sign-up and start the season now")
    start.add_argument("league_id", type=int)
    start.set_defaults(func=cmd_league_start)
    show = verbs.add_parser("show", help="print the standings")
    show.add_argument("league_id", type=int)
    show.set_defaults(func=cmd_league_show)

    duplicate = subparsers.add_parser("duplicate", help="the seed of the week: everyone plays the same shuffle")
    verbs = duplicate.add_subparsers(dest="verb", metavar="VERB", required=True)
    create = verbs.add_parser("create", help="this week's event of a game kind")
    create.add_argument("--game", choices=game_names(), default="harvest", help="the game kind (default harvest)")
    create.add_argument("--seats", type=int, default=1, help="farmers at a table; 1: solo (default 1)")
    create.add_argument("--week", help="the week's name (default this ISO week, e.g. 2026-W49)")
    create.add_argument("--days", type=int, default=7, help="days it takes entries (default 7)")
    create.add_argument("--clock", default="1d", help="time for a turn (default 1d)")
    create.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    create.set_defaults(func=cmd_duplicate_create)
    enter = verbs.add_parser("enter", help="enter a farmer")
    enter.add_argument("event_id", type=int)
    enter.add_argument("name")
    enter.add_argument("email")
    enter.set_defaults(func=cmd_duplicate_enter)
    close = verbs.add_parser("close", help="take no more entries (the last table is filled with bots)")
    close.add_argument("event_id", type=int)
    close.set_defaults(func=cmd_duplicate_close)
    show = verbs.add_parser("show", help="print the results")
    show.add_argument("event_id", type=int)
    show.set_defaults(func=cmd_duplicate_show)


def _run(action) -> int:
    from service.core.errors import ServiceError

    try:
        print(action())
    except ServiceError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def _svc():
    from service.cli.commands import services_from_environment

    return services_from_environment()


def cmd_league_create(args) -> int:
    from mail.inbound.clock_words import parse_duration
    from service.cli.commands import parse_options
    from service.usecases.leagues import create_league

    def create() -> str:
        created = create_league(_svc(), args.name, args.game, options=parse_options(args.option),
                                per_turn=int(parse_duration(args.clock)), replace_after=args.replace_after,
                                division_size=args.division_size, rounds=args.rounds, movers=args.movers,
                                signup_days=args.signup_days, organiser_email=args.organiser)
        return (f"league #{created.league_id} created\norganiser's page: {created.organiser_url}\n"
                f"sign-up page: {created.signup_url}")
    return _run(create)


def cmd_league_signup(args) -> int:
    from service.usecases.leagues import sign_up

    return _run(lambda: sign_up(_svc(), args.league_id, args.name, args.email))


def cmd_league_start(args) -> int:
    from service.usecases.leagues import start_now

    return _run(lambda: start_now(_svc(), args.league_id))


def cmd_league_show(args) -> int:
    from service.storage.models import date_text
    from service.usecases.leagues import league_page

    def show() -> str:
        page = league_page(_svc(), args.league_id)
        lines = [f"{page['name']} ({page['title']})"]
        if page["season"]:
            lines.append(f"season {page['season']} ({page['season_status']})")
        for number, division in enumerate(page["divisions"], 1):
            lines.append(f"division {number}:")
            lines += [f"  {place}. {name}: {points} points, {played} tables" for place, name, points, played
                      in division]
        if page["signup"]:
            signup = page["signup"]
            lines.append(f"sign-up for season {signup['number']} until {date_text(signup['starts'])}: "
                         f"{', '.join(signup['names']) or 'nobody yet'}")
        return "\n".join(lines)
    return _run(show)


def cmd_duplicate_create(args) -> int:
    from mail.inbound.clock_words import parse_duration
    from service.cli.commands import parse_options
    from service.usecases.duplicate import create_event, event_url

    def create() -> str:
        svc = _svc()
        event_id = create_event(svc, args.game, args.seats, week=args.week, days=args.days,
                                per_turn=int(parse_duration(args.clock)), options=parse_options(args.option))
        return f"event #{event_id} created; entries at {event_url(svc, event_id)}"
    return _run(create)


def cmd_duplicate_enter(args) -> int:
    from service.usecases.duplicate import enter

    return _run(lambda: enter(_svc(), args.event_id, args.name, args.email))


def cmd_duplicate_close(args) -> int:
    from service.usecases.duplicate import close

    return _run(lambda: close(_svc(), args.event_id))


def cmd_duplicate_show(args) -> int:
    from service.storage.models import date_text
    from service.usecases.duplicate import results

    def show() -> str:
        page = results(_svc(), args.event_id)
        lines = [f"{page['title']}, seed of the week {page['week']} ({page['status']}, {page['entrants']} entrants, "
                 f"closes {date_text(page['closes'])})"]
        if not page["shown"]:
            lines.append("the results show once every game has ended")
        for row in page["rows"]:
            percent = "-" if row["percent"] is None else f"{row['percent']:.0f} %"
            lines.append(f"  {row['place']}. {row['name']} (seat {row['seat'] + 1}): {row['score']}, "
                         f"{row['difference']:+.1f} to the field, {percent}")
        for best in page["best"]:
            lines.append(f"best line in seat {best['seat'] + 1} ({best['name']}, {best['score']}): {best['line']}")
        return "\n".join(lines)
    return _run(show)
