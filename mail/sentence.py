"""A sentence made where its reader's language is not known: a line of a
mail that cannot be a command, a clock setting refused, a use case's
refusal. It keeps its English message id and parameters; whoever knows the
reader tells it in their language (``sentence.told(t)``, ``t`` a
:class:`boards.i18n.Translator`). ``str()`` is the English sentence, what
logs, the command line and stored rows show.

The message id is marked for extraction where it is written
(``Sentence.of(N_("… %(line)s …"), line=line)``); a parameter may be a
sentence itself, told in the same language.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(msgid: str) -> str:
    """Marks ``msgid`` for extraction, as :func:`boards.i18n.N_` does: here so
    that mail/ marks its sentences without loading boards."""
    return msgid


@dataclass(frozen=True)
class Sentence:
    msgid: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, msgid: str, **params) -> Sentence:
        return cls(msgid, tuple(sorted(params.items())))

    def told(self, t) -> str:
        """The sentence in the language of the translator ``t``."""
        return t.gettext(self.msgid, **self._values(lambda v: v.told(t)))

    def __str__(self) -> str:
        values = self._values(str)
        return self.msgid % values if values else self.msgid

    def _values(self, tell) -> dict:
        return {name: tell(value) if isinstance(value, Sentence) else value for name, value in self.params}


class Refused(ValueError):
    """A ValueError whose message is a :class:`Sentence` for a farmer
    (``str()`` is its English)."""

    def __init__(self, msgid: str, **params):
        self.sentence = Sentence.of(msgid, **params)
        super().__init__(str(self.sentence))


def told(error: Exception, t) -> str:
    """What an error says to a farmer, in ``t``'s language: its sentence when
    it has one (:class:`Refused`, a service error), else its text."""
    sentence = getattr(error, "sentence", None)
    return sentence.told(t) if isinstance(sentence, Sentence) else str(getattr(error, "message", None) or error)


def either(t, items: list[str]) -> str:
    """"a or b or c", in ``t``'s language."""
    said = items[0]
    for item in items[1:]:
        said = t.gettext("%(one)s or %(other)s", one=said, other=item)
    return said


def both(t, names: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy", in ``t``'s language."""
    if len(names) == 1:
        return names[0]
    return t.gettext("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def quoted(t, text: str) -> str:
    """``text`` between the quotation marks of ``t``'s language: “take b2”,
    « prendre b2 », „nimm b2“."""
    # TRANSLATORS: the quotation marks around a command or a move
    return t.gettext("“%(text)s”", text=text)
