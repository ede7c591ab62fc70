"""Split the fresh text of a reply into commands.

One command per line, or several on a line separated by ";", or steps
chained on a line (``take b2, place 1 0``, ``take b2 then place 1 0``: see
:mod:`mail.inbound.chains`). Greetings
("Hi", "Hello Anna,") are skipped; a sign-off in any of seven languages
("Thanks!", "Cheers, Bob", "Liebe Grüße", "Bien à vous", "Un saludo",
"Met vriendelijke groet", "Sent from my iPhone") or the sender's own name on
a line ends the commands, since what follows it is a name or a signature
(:mod:`mail.inbound.signoffs`). On a command line, a greeting before it
("Hi, take b2."), a word such as "ok" before it, politeness after it ("take
b2 thanks") and emoji or other symbols ("take b2 👍") are not part of the
command; a ``say`` keeps its message as written. The non-move commands are
recognised here, in English, French and German (:mod:`mail.inbound.command_words`;
the questions about the board too: ``market``, ``my plot``, ``clients``,
``scores``, ``what changed``), (``games`` and ``my games`` also at new@, and the farmer's
own ``sign up`` and ``public name``: :mod:`mail.inbound.farmer_words`; ``rematch`` and
``play again`` in replies), the clock commands too, read to a
:class:`ClockCommand` (``more time 2d``, ``pause clock``, ``resume clock``,
``time zone Europe/Berlin`` in replies; a setting line such as ``clock 36h``
or ``on timeout: pause`` at new@); every other line is a move, handed to the
game's ``parse()`` (the engine's contract), which knows the notation, aliases
and typo suggestions.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from engine import game_names
from mail.inbound import command_words as words_of
from mail.inbound.chains import split_chain
from mail.inbound.clock_words import SETTING_NAMES, parse_duration
from mail.inbound.farmer_words import PUBLIC_NAME, read_farmer_command
from mail.inbound.plans import PlanError, PlanText, is_cancel, is_plan_line, read_plan
from mail.inbound.signoffs import BARE_SIGN_OFF, GREETING, GREETING_PREFIX, LEADING, SIGN_OFF, TRAILING, is_name
from mail.sentence import N_, Refused, Sentence

#: kinds of :class:`Command`
MOVE, BOARD, MOVES, PREVIEW, UNDO, RESIGN, SAY, VACATION, STOP, NEW, GAMES, REMATCH, CLOCK, PLAN, CANCEL_PLAN = (
    "move", "board", "moves", "preview", "undo", "resign", "say", "vacation", "stop", "new", "games", "rematch",
    "clock", "plan", "cancel plan",
)  # fmt: skip

#: the board asked about in words: the market, my Plot (or farm), the Clients, the scores, what changed
MARKET, PLOT, CLIENTS, SCORES, CHANGES = "market", "plot", "clients", "scores", "changes"
ASKING = (MARKET, PLOT, CLIENTS, SCORES, CHANGES)

#: the language of the farmer's mails and pages: ``language fr``, ``langue
#: fr``, ``Sprache de`` (the language named as :func:`boards.i18n.language_from_word`
#: reads it: ``français``, ``Deutsch``, ``English``...)
LANGUAGE = "language"
_LANGUAGE_VERBS = ("language", "langue", "sprache", "lang")

#: what a :class:`ClockCommand` asks for
MORE_TIME, PAUSE_CLOCK, RESUME_CLOCK, TIME_ZONE, CLOCK_SETTING = (
    "more time", "pause clock", "resume clock", "time zone", "setting",
)  # fmt: skip

#: the longest vacation one command asks for (it can be asked for again)
MAX_VACATION_DAYS = 30

_BULLET = re.compile(r"^(?:[-*•]\s+|\d{1,2}[.)]\s+)")


@dataclass(frozen=True)
class ClockCommand:
    """A clock command, read: ``what`` it asks for (:data:`MORE_TIME` with
    ``seconds``, :data:`PAUSE_CLOCK`, :data:`RESUME_CLOCK`, :data:`TIME_ZONE`
    with the ``zone`` as typed, which the service checks) or, at new@, one
    :data:`CLOCK_SETTING` line: ``setting`` (one of
    :data:`~mail.inbound.clock_words.SETTING_NAMES`) and its ``value`` as
    typed, which the service reads with the mail's other settings."""

    what: str
    seconds: int = 0
    zone: str = ""
    setting: str = ""
    value: str = ""


@dataclass(frozen=True)
class Command:
    """One thing a farmer asked for. ``line`` is exactly what they typed."""

    kind: str
    line: str
    text: str = ""  # the move (move, preview), the message (say), the language code (language)
    days: int = 0  # vacation
    confirmed: bool = False  # resign yes
    game: str = ""  # new
    invitees: tuple[str, ...] = ()  # new
    clock: ClockCommand | None = None  # clock
    chain: str = ""  # a step chained on a line with others: that whole line, as typed
    plan: PlanText | None = None  # plan (mail.inbound.plans)
    language: str = ""  # sign up, public name: the language of the words typed ("" for a name removed in English)


@dataclass(frozen=True)
class LineError:
    """A line that looks like a command but cannot be one; ``why`` is for
    the farmer (told in their language by the service; ``reason`` is its
    English). ``kind``: :data:`CLOCK` for a clock command that cannot be
    done as written (``more time soon``), which is answered while the rest
    of the mail is still done."""

    line: str
    why: Sentence
    kind: str = ""

    @property
    def reason(self) -> str:
        return str(self.why)


@dataclass(frozen=True)
class Commands:
    commands: tuple[Command, ...] = ()
    errors: tuple[LineError, ...] = field(default=())
    cut: bool = False  # more lines than ``max_lines`` were left: those were not read

    @property
    def moves(self) -> tuple[Command, ...]:
        return tuple(c for c in self.commands if c.kind == MOVE)


def split_commands(text: str, *, new_game: bool = False, sender_name: str = "",
                   max_lines: int | None = None, chains: bool = True) -> Commands:
    """The commands in the fresh text of a reply (``new_game``: a mail to
    new@; ``sender_name``: the From display name, which ends the commands;
    ``max_lines``: at most this many lines are considered as commands, the
    rest is not read and the result says so; ``chains``: a line may chain
    steps, ``take b2, place 1 0``, read as one command each, in order)."""
    commands: list[Command] = []
    errors: list[LineError] = []
    considered = 0
    for raw_line in text.splitlines():
        line = plain_spaces(raw_line).strip()
        if not line or line.startswith(">") or not re.search(r"\w", line):
            continue
        if max_lines is not None and considered >= max_lines:
            return Commands(tuple(commands), tuple(errors), cut=True)
        considered += 1
        if SIGN_OFF.match(line) or is_name(line, sender_name):
            break
        greeting_alone = GREETING.match(line) and not GREETING_PREFIX.match(line)
        if greeting_alone and not commands and (len(line.split()) <= 3 or line[-1] in ",!:."):
            continue  # "Hi Anna," but not "Hi all, take b2", whose command is kept
        if not new_game and is_plan_line(line):  # a plan's own ";" and "," are part of it
            result = _read_plan(line)
            (errors if isinstance(result, LineError) else commands).append(result)
            continue
        for piece, chain in _pieces(line, new_game=new_game, chains=chains):
            piece = _clean(piece)
            if not piece or not re.search(r"\w", piece):
                continue
            if chain and BARE_SIGN_OFF.match(piece):
                break  # "take b2, thanks": the rest of the line is politeness
            result = _read(piece, new_game=new_game)
            if chain and isinstance(result, Command):
                result = replace(result, chain=chain)
            (errors if isinstance(result, LineError) else commands).append(result)
    return Commands(tuple(commands), tuple(errors))


def _read_plan(line: str) -> Command | LineError:
    try:
        return Command(PLAN, line, plan=read_plan(_BULLET.sub("", line.strip())))
    except PlanError as error:
        return LineError(line, error.sentence)


def _pieces(line: str, *, new_game: bool, chains: bool) -> list[tuple[str, str]]:
    """The commands of one line, each with the piece of the line it was
    chained in ("" when it stands alone): split on ";" and, in a reply that
    may chain steps (``chains``), at each joint where a new command begins
    (:func:`mail.inbound.chains.split_chain`); a ``say`` or ``preview`` keeps
    the rest of its piece, and a mail to new@ is split on ";" only (its
    lists of addresses are joined by "," and "and")."""
    pieces = line.split(";")
    if new_game or not chains:
        return [(piece, "") for piece in pieces]
    steps: list[tuple[str, str]] = []
    for piece in pieces:
        cleaned = _clean(piece)
        if cleaned[:4].lower() in ("say", "say ") or cleaned.lower().startswith("preview "):
            steps.append((cleaned, ""))
            continue
        chained = split_chain(_without_outcome(cleaned))  # an option copied with its "→ outcome"
        steps += [(step, cleaned if len(chained) > 1 else "") for step in chained]
    return steps


def _clean(piece: str) -> str:
    """The command in one piece of a line: without a bullet, a greeting or an
    "ok" before it, and (but in a ``say``) without politeness, emoji and
    closing punctuation after it."""
    piece = _BULLET.sub("", piece.strip()).strip()
    piece = unquoted(LEADING.sub("", GREETING_PREFIX.sub("", piece, count=1), count=1))
    if words_of.meaning(piece.split(None, 1)[0] if piece else "") != SAY:
        piece = unquoted(TRAILING.sub("", _without_symbols(piece)).strip().rstrip(".!"))
    return piece.strip().rstrip(".!").strip()


#: characters that take no room: zero-width space, word joiner, byte order
#: mark, Mongolian vowel separator, soft hyphen (the zero-width joiners stay:
#: emoji and scripts need them)
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u2060\ufeff\u180e\u00ad"))
_ODD_SPACES = re.compile(r"[^\S\n\r ]")  # whitespace but the plain space and line ends: no-break, thin, ideographic, tab


def plain_spaces(line: str) -> str:
    """``line`` with every Unicode space (no-break, thin, narrow, ideographic,
    a tab) written as a plain space and zero-width characters left out: a
    command typed or pasted with them ("take\u00a0a2") is the command."""
    return _ODD_SPACES.sub(" ", line.translate(_ZERO_WIDTH))


#: an opening quotation mark and the marks that may close it, in the
#: languages farmers write: “…” “…“ ”…” „…“ „…” ‚…‘ ‘…’ «…» »…« ‹…› 「…」 '…' "…" `…`
_QUOTES = {"“": "”“", "”": "”", "„": "“”", "‚": "‘’", "‘": "’‘", "«": "»", "»": "«»", "‹": "›", "›": "‹›",
           "「": "」", "『": "』", "'": "'", '"': '"', "`": "`", "＂": "＂"}


def unquoted(piece: str) -> str:
    """``piece`` without quotation marks that wrap the whole of it (``“take
    a2”`` is ``take a2``), as often as they do (````take a2````). Marks that
    do not wrap all of it stay (``He said “take a2”``, ``"a" or "b"``)."""
    piece = core = piece.strip()
    marks: set[str] = set()
    while len(core) >= 2 and core[0] in _QUOTES and core[-1] in _QUOTES[core[0]]:
        marks |= {core[0], *_QUOTES[core[0]]}
        core = core[1:-1].strip()
    return piece if any(mark in core for mark in marks) else core


#: emoji parts that are not symbols themselves: variation selectors, the
#: zero-width joiner, the keycap mark, skin tones
_EMOJI_PARTS = {"\ufe0e", "\ufe0f", "\u200d", "\u20e3", *map(chr, range(0x1F3FB, 0x1F400))}


def _without_symbols(text: str) -> str:
    """``text`` without emoji and other pictographic symbols ("👍", "✅", "❤️")."""
    kept = "".join(ch for ch in text if ch not in _EMOJI_PARTS and unicodedata.category(ch) != "So")
    return re.sub(r"\s{2,}", " ", kept).strip()


def _read(line: str, *, new_game: bool) -> Command | LineError:
    words = line.split(None, 1)
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    kind = words_of.meaning(verb)  # the command's first word, in any of the languages
    if (kind == GAMES and not rest) or words_of.line_is(line, words_of.MY_GAMES):
        return Command(GAMES, line)  # the sender's games, at new@ or in any reply
    if verb.rstrip(":") in _LANGUAGE_VERBS:  # in a reply, or at new@ for the creator's seat and the answer
        return _read_language(line, rest.lstrip(":").strip())
    if farmer := read_farmer_command(line):  # sign up, public name: at new@ or in any reply
        if farmer.name is None and farmer.kind == PUBLIC_NAME:
            from boards.i18n import translator  # not at import: boards' package imports WeasyPrint

            return LineError(line, translator(farmer.language).gettext(
                "write the name after “public name”, e.g. “public name Anna B”, or “public name none” to remove it"))
        return Command(farmer.kind, line, text=farmer.name or "", language=farmer.language)
    if new_game:
        return _read_new(line, kind, rest)
    if (kind == REMATCH and not rest) or words_of.line_is(line, words_of.PLAY_AGAIN):
        return Command(REMATCH, line)
    if kind in (BOARD, MOVES, UNDO, STOP) and not rest:
        return Command(kind, line)
    if is_cancel(line):
        return Command(CANCEL_PLAN, line)
    if asked := words_of.asked(line):
        return Command(asked[0], line)
    if kind == RESIGN:
        if not rest:
            return Command(RESIGN, line)
        if words_of.line_is(rest, words_of.CONFIRM):
            return Command(RESIGN, line, confirmed=True)
        return LineError(line, Sentence.of(N_("to resign, write “resign yes”")))
    if kind == SAY:
        if not rest:
            return LineError(line, Sentence.of(N_("write the message after “say”, e.g. “say good game!”")))
        return Command(SAY, line, text=rest)
    if kind == PREVIEW:
        if not rest:
            return LineError(line, Sentence.of(N_("write the move after “preview”, e.g. “preview take b2”")))
        return Command(PREVIEW, line, text=_without_outcome(rest))
    if kind == VACATION:
        return _read_vacation(line, rest)
    return _read_clock(line) or Command(MOVE, line, text=_without_outcome(line))


#: what a farmer writes to close their turn: "end", "done", "pass",
#: "finish", "end turn", "done for now", "end of my turn"
_CLOSING_END = re.compile(r"(?:end|done|pass|finish(?:ed)?)(?:\s+(?:of\s+)?(?:my\s+)?turn|\s+for\s+now)?"
                          r"|(?:fin|fini|terminé|termine|passe)(?:\s+(?:du\s+|de\s+mon\s+)?tour)?"
                          r"|(?:fertig|ende|passe)(?:\s+(?:für\s+jetzt|mit\s+meinem\s+zug))?",
                          re.IGNORECASE)


def is_closing_end(move: str, move_words=()) -> bool:
    """Whether the move text ``move`` (a :class:`Command`'s ``text``) only
    ends the turn: what a farmer may write at the end of a mail without
    knowing that their turn ends by itself. ``move_words``: the game's
    words (``Game.move_words()``); when given, the first word must be one."""
    text = move.strip().rstrip(".!").strip()
    words = {w.lower() for w in move_words}
    return bool(_CLOSING_END.fullmatch(text)) and (not words or text.split()[0].lower() in words)


#: the turn mail lists each option as "take b3 → costs 2 Seeds"
_OUTCOME = re.compile(r"\s*(?:→|->)\s.*$")


def _without_outcome(move: str) -> str:
    """The move of an option line copied whole from a turn mail, without the
    outcome that follows its arrow."""
    return _OUTCOME.sub("", move) or move


def _read_language(line: str, rest: str) -> Command | LineError:
    """``language <language>``: one of the three, by its code or its name in any of them."""
    from boards.i18n import language_from_word  # not at import: boards' package imports WeasyPrint

    language = language_from_word(rest) if rest else None
    if language is None:
        return LineError(line, Sentence.of(N_("Farmpost speaks English, French and German: write “language en”, "
                                              "“langue fr” or “Sprache de”")))
    return Command(LANGUAGE, line, text=language)


def _read_vacation(line: str, rest: str) -> Command | LineError:
    """``vacation <days>`` (1 to MAX_VACATION_DAYS); ``vacation off`` (days 0) ends it."""
    if words_of.line_is(rest, words_of.VACATION_OFF):
        return Command(VACATION, line, days=0)
    match = re.fullmatch(r"(\d{1,3})(?:\s*(?:days?|jours?|j|tage?n?))?", rest.lower())
    if not match or not 1 <= int(match.group(1)) <= MAX_VACATION_DAYS:
        return LineError(line, Sentence.of(N_("write the number of days, 1 to %(most)s, e.g. “vacation 7”, "
                                              "or “vacation off” when you are back"), most=MAX_VACATION_DAYS))
    return Command(VACATION, line, days=int(match.group(1)))


#: the clock commands in English, French and German ("plus de temps 2j", "Uhr anhalten", "fuseau Europe/Paris")
_CLOCK = r"(?:the\s+|l'|l’|la\s+|die\s+)?(?:clock|horloge|pendule|uhr)"
_MORE_TIME = re.compile(r"^(?:more time|extend|give more time|plus de temps|prolonger?|mehr zeit|verlängerne?)"
                        r"(?:\s+(.+))?$", re.IGNORECASE)
_PAUSE = re.compile(rf"^(?:pause|stop|arrêter|arreter|arrête|arrete|mettre en pause)\s+{_CLOCK}$"
                    rf"|^{_CLOCK}\s+(?:anhalten|pausieren|stoppen)$|^(?:pause|pausieren)$|^halte\s+{_CLOCK}\s+an$",
                    re.IGNORECASE)
_RESUME = re.compile(rf"^(?:resume|start|reprendre|reprends|relancer|relance)\s+{_CLOCK}$"
                     rf"|^{_CLOCK}\s+(?:fortsetzen|starten|weiterlaufen lassen)$|^(?:resume|reprendre|fortsetzen)$",
                     re.IGNORECASE)
_ZONE = re.compile(r"^(?:time\s*zone|tz|fuseau(?:\s+horaire)?|zeitzone)\s*:?\s+(\S+)$", re.IGNORECASE)
_SETTING = re.compile(r"^(" + "|".join(n.replace("-", "[- ]") for n in SETTING_NAMES) + r")\s*:?\s+(.+)$",
                      re.IGNORECASE)


def _read_clock(line: str) -> Command | LineError | None:
    """A clock command of a reply (None: the line is none): ``more time``
    with a duration (a day when none is given; also ``extend``, ``give more
    time``), ``pause`` or ``stop`` the clock, ``resume`` or ``start`` it,
    ``time zone`` (or ``tz``) and a zone."""
    said = line.strip().rstrip(".!")
    if match := _MORE_TIME.match(said):
        try:
            seconds = parse_duration(match.group(1) or "1d")
        except Refused as error:
            return LineError(line, error.sentence, kind=CLOCK)
        return Command(CLOCK, line, clock=ClockCommand(MORE_TIME, seconds=seconds))
    if _PAUSE.match(said):
        return Command(CLOCK, line, clock=ClockCommand(PAUSE_CLOCK))
    if _RESUME.match(said):
        return Command(CLOCK, line, clock=ClockCommand(RESUME_CLOCK))
    if match := _ZONE.match(said):
        return Command(CLOCK, line, clock=ClockCommand(TIME_ZONE, zone=match.group(1)))
    return None


_NEW = re.compile(r"^(?:new|nouvelle|nouveau|neu|neues)(?:\s+(?:game|partie|spiel))?\s+(\S+)\s+(?:with|avec|mit)\s+(.+)$",
                  re.IGNORECASE)
_EMAIL = re.compile(r"^[^@\s,;<>]+@[^@\s,;<>]+$")


def _read_new(line: str, kind: str | None, rest: str) -> Command | LineError:
    names = game_names()
    usage = Sentence.of(N_("write “new <game> with alice@example.com, bob@example.com”; games: %(games)s"),
                        games=", ".join(names))
    setting = _SETTING.match(line.strip().rstrip("."))
    if setting:  # a clock line ("clock 36h", "on timeout: pause"), read by the service with the others
        name = setting.group(1).lower().replace(" ", "-")
        return Command(CLOCK, line, clock=ClockCommand(CLOCK_SETTING, setting=name, value=setting.group(2)))
    match = _NEW.match(line)
    if kind != NEW or not match:
        return LineError(line, usage)
    game = match.group(1).lower()
    if game not in names:
        return LineError(line, Sentence.of(N_("unknown game “%(game)s”; games: %(games)s"), game=match.group(1),
                                           games=", ".join(names)))
    words = (w.strip("<>").lower() for w in re.split(r"[,\s]+", match.group(2)))
    invitees = tuple(w for w in words if w and w not in ("and", "&", "und", "et"))
    bad = [a for a in invitees if not _EMAIL.match(a)]
    if bad or not invitees:
        return LineError(line, Sentence.of(N_("not an email address: %(addresses)s; %(usage)s"),
                                           addresses=", ".join(bad) or "(none)", usage=usage))
    return Command(NEW, line, game=game, invitees=tuple(dict.fromkeys(invitees)))
