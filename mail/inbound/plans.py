"""Read a plan line of a reply: what a farmer asks to be played for them.

Two kinds, one shape (text in, a :class:`PlanText` out; no game, no database):

* ``next: take b2, place 1 0 | take c1, place 0 -1``: the farmer's next
  turn, as alternatives in order of preference; when the turn comes, the
  first one still possible is played, once (:data:`NEXT`).
* ``plan: store > fields 3 > market; stop if Seeds < 3``: every turn of
  the farmer for the rest of the round, each time the first alternative
  still possible, until a stop condition holds or the round ends
  (:data:`ROUND`).

Alternatives are separated by ``|`` or ``>`` (either, in either kind); the
steps of one alternative by ``,``, ``;`` or ``then``, and each step is a
move as the farmer would type it alone (the game reads it when the turn
comes, in the position it is played in). Stop conditions follow ``stop if``
(or ``stop when``), joined by ``or``: a name of something the farmer counts
(``Seeds``, ``coins``, ``score``), a comparison (``<``, ``<=``, ``>``,
``>=``, ``=``) and a whole number. ``cancel plan`` (:func:`is_cancel`)
removes the plan. Each word has its French and German spellings too
(``prochain:``, ``nächster:``; ``puis``, ``dann``; ``arrêter si``,
``stopp wenn``; ``ou``, ``oder``; ``annuler plan``, ``Plan löschen``), and
a line that cannot be a plan is refused with a sentence of the ``answers``
catalog (:class:`PlanError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mail.sentence import N_, Refused

#: the kinds of :class:`PlanText`
NEXT, ROUND = "next", "round"

#: a plan line: its word and the rest
_PLAN = re.compile(r"^\s*(next(?:\s+turn)?|prochain(?:\s+tour)?|n(?:ä|ae?)chste[rs]?(?:\s+zug)?|plan)\s*:\s*(.*?)\s*$",
                   re.IGNORECASE | re.DOTALL)
_CANCEL = re.compile(r"^\s*(?:(?:cancel|drop|delete|remove|clear|no)\s+(?:my\s+|the\s+)?plan"
                     r"|(?:annuler|supprimer|effacer)\s+(?:mon\s+|le\s+)?plan|pas\s+de\s+plan"
                     r"|(?:mein(?:en)?\s+|den\s+)?plan\s+(?:l(?:ö|oe?)schen|abbrechen|streichen)"
                     r"|(?:l(?:ö|oe?)sche|streiche)\s+(?:meinen\s+|den\s+)?plan|kein\s+plan)\s*[.!]?\s*$",
                     re.IGNORECASE)
_STOP = re.compile(r"(?:^|[;,]|\s)\s*(?:stop(?:p|pe)?|arr(?:ê|e)ter?|halte?)\s+(?:if|when|si|quand|wenn|falls)\s+(.*)$",
                   re.IGNORECASE | re.DOTALL)
_CONDITION = re.compile(r"^\s*([a-z][a-z ]*?)\s*(<=|>=|=<|=>|<|>|==|=)\s*(-?\d{1,6})\s*$", re.IGNORECASE)
_ALTERNATIVES = re.compile(r"\s*(?:\||(?<![-=<])>(?!=)|\bor else\b|\bsinon\b|\bsonst\b)\s*", re.IGNORECASE)
_STEPS = re.compile(r"\s*(?:,|;|\bthen\b|\bpuis\b|\bdann\b)\s*", re.IGNORECASE)
#: the turn mail lists an option as "take b3 → costs 2 Seeds": a step copied whole loses its outcome
_OUTCOME = re.compile(r"\s*(?:→|->)\s.*$")

#: the most alternatives and steps a plan may hold (a plan is read at every turn it may play)
MAX_ALTERNATIVES = 6
MAX_STEPS = 12


class PlanError(Refused):
    """A plan line that cannot be read: a sentence for the farmer (``str()`` its English)."""


@dataclass(frozen=True)
class Stop:
    """``stop if <name> <op> <value>``: ``name`` as typed, lower case, and
    the comparison normalised to one of ``<``, ``<=``, ``>``, ``>=``, ``=``."""

    name: str
    op: str
    value: int

    def holds(self, amount: int) -> bool:
        return {"<": amount < self.value, "<=": amount <= self.value, ">": amount > self.value,
                ">=": amount >= self.value, "=": amount == self.value}[self.op]

    @property
    def text(self) -> str:
        return f"{self.name} {self.op} {self.value}"


@dataclass(frozen=True)
class PlanText:
    """A plan as the farmer wrote it: its kind, the alternatives (each a
    tuple of steps, move texts) in order of preference, and the stop
    conditions (any one of them stops the plan)."""

    kind: str
    alternatives: tuple[tuple[str, ...], ...]
    stops: tuple[Stop, ...] = ()

    @property
    def text(self) -> str:
        """The plan written back in its canonical form."""
        word = "next" if self.kind == NEXT else "plan"
        body = (" | " if self.kind == NEXT else " > ").join(", ".join(steps) for steps in self.alternatives)
        stops = f"; stop if {' or '.join(s.text for s in self.stops)}" if self.stops else ""
        return f"{word}: {body}{stops}"


def is_plan_line(line: str) -> bool:
    """Whether ``line`` starts as a plan (``next:`` or ``plan:``)."""
    return bool(_PLAN.match(line))


def is_cancel(line: str) -> bool:
    """``cancel plan`` (also ``drop plan``, ``no plan``, ``cancel my plan``)."""
    return bool(_CANCEL.match(line))


def read_plan(line: str) -> PlanText:
    """The plan of a ``next:`` or ``plan:`` line; raises :class:`PlanError`."""
    match = _PLAN.match(line)
    if not match:
        raise PlanError(N_("a plan starts with “next:” or “plan:”, e.g. “next: take b2, place 1 0 | take c1”"))
    kind = ROUND if match.group(1).lower() == "plan" else NEXT
    body, stops = _split_stops(match.group(2))
    if kind == NEXT and stops:
        raise PlanError(N_("a plan for the next turn plays once, so it has no “stop if”; "
                           "for the rest of the round write “plan: …; stop if …”"))
    alternatives = tuple(_steps(part) for part in _ALTERNATIVES.split(body) if part.strip(" ,;"))
    alternatives = tuple(steps for steps in alternatives if steps)
    if not alternatives:
        raise PlanError(N_("write the moves after “%(word)s:”, e.g. “next: take b2, place 1 0”"),
                        word=match.group(1).lower())
    if len(alternatives) > MAX_ALTERNATIVES:
        raise PlanError(N_("a plan holds at most %(most)s alternatives"), most=MAX_ALTERNATIVES)
    if any(len(steps) > MAX_STEPS for steps in alternatives):
        raise PlanError(N_("an alternative of a plan holds at most %(most)s moves"), most=MAX_STEPS)
    return PlanText(kind, alternatives, stops)


def _split_stops(body: str) -> tuple[str, tuple[Stop, ...]]:
    found = _STOP.search(body)
    if not found:
        return body, ()
    stops = []
    for part in re.split(r"\s+(?:or|ou|oder)\s+|\s*[;,]\s*", found.group(1).strip().rstrip(".!")):
        if not part.strip():
            continue
        condition = _CONDITION.match(part)
        if not condition:
            raise PlanError(N_("“stop if %(condition)s” is not a condition: write a name, a comparison and a "
                               "number, e.g. “stop if Seeds < 3”"), condition=part.strip())
        op = {"=<": "<=", "=>": ">=", "==": "="}.get(condition.group(2), condition.group(2))
        stops.append(Stop(" ".join(condition.group(1).lower().split()), op, int(condition.group(3))))
    return body[:found.start()], tuple(stops)


def _steps(alternative: str) -> tuple[str, ...]:
    steps = (_OUTCOME.sub("", step).strip(" .!") for step in _STEPS.split(alternative))
    return tuple(" ".join(step.split()) for step in steps if step)
