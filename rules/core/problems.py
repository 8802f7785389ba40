"""What the rules engine answers when it refuses an input: one ``Problem``.

The checks of what players and the GM ask for (``why_illegal``, ``*_problem``) return a
Problem or None (``rules.kingdoms.capitals.fallback_list_problem`` with the index of the entry at
fault). The services raise it as a ``campaign.core.errors.Refused`` with its message and its
field, so a form shows the message next to that field and the API answers with both,
without anyone reading the English to learn which input is at fault.

A Problem's text is a *template* with named placeholders (``"{coord} is not on the map"``)
and the values that fill them, never a finished sentence: the engine knows no language but
English, and the site translates the template (``campaign.core.problems.problem_text``)
before filling it in. ``makemessages`` extracts the templates: the third argument of every
``Problem(...)`` call and the first of every ``Phrase(...)`` are keywords of the
extraction, and a template chosen before the call is marked with :func:`translatable`.
"""

from __future__ import annotations

from collections.abc import Mapping


def translatable(template: str) -> str:
    """Marks an English text of the engine that the site shows, where no ``Problem(...)``
    or ``Phrase(...)`` call holds it (a template chosen before the call, the words of a
    choice the wizard offers), so that ``makemessages`` extracts it (it is one of the
    extraction's keywords); returns it as it is, since the engine itself speaks English.
    The site translates it with gettext where it shows it."""
    return template


def as_sentence(text: str) -> str:
    """A refusal standing alone: capitalised, with a full stop. Most of the engine's
    messages are lower-case clauses, so that a caller may build on them ("Karak: it is
    under a player's protection …")."""
    stop = "" if text.endswith(".") else "."
    return text[:1].upper() + text[1:] + stop


def words(items) -> tuple[str | Phrase, ...]:
    """A list as a Phrase's value ("fields, river, forest"; "3 (37 hexes), 4 (61 hexes)"):
    read as one text, each item (one of the engine's words, or a Phrase) translated by the
    site on its own."""
    return tuple(item if isinstance(item, Phrase) else str(item) for item in items)


def is_list(value: object) -> bool:
    """Whether ``value`` is a list made by :func:`words` (a coordinate is a tuple too, of
    numbers)."""
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(isinstance(item, str | Phrase) for item in value)
    )


def _english(value: object) -> object:
    if isinstance(value, Phrase):
        return value.message
    if is_list(value):
        return ", ".join(str(_english(item)) for item in value)
    return value


def _plain(value: object) -> object:
    if isinstance(value, Phrase):
        return value.plain()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _unplain(value: object) -> object:
    if isinstance(value, Mapping):
        return Phrase.from_plain(value)
    if isinstance(value, list):
        return tuple(_unplain(item) for item in value)
    return value


class Phrase:
    """Words the engine hands to the site to show: an English ``template`` with named
    ``str.format`` placeholders and the ``params`` that fill them. A value may itself be a
    Phrase (a part of the sentence that is translated on its own, "1 player kingdom"), or
    a list of the engine's words (:func:`words`). Two phrases are equal when they say the
    same words."""

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params: object):
        self.template = template
        self.params: Mapping[str, object] = params

    @property
    def message(self) -> str:
        """The words in English, as the API and the engine's own callers read them."""
        return self.template.format_map(
            {name: _english(value) for name, value in self.params.items()}
        )

    def __str__(self) -> str:
        return self.message

    def plain(self) -> dict:
        """The phrase as JSON stores it (an event's payload, a stored prompt): the site
        reads it back with :meth:`from_plain` to say it in the reader's language."""
        return {"template": self.template, "params": {n: _plain(v) for n, v in self.params.items()}}

    @staticmethod
    def from_plain(stored: Mapping) -> Phrase:
        """The phrase :meth:`plain` stored."""
        return Phrase(stored["template"], **{n: _unplain(v) for n, v in stored["params"].items()})

    def _key(self) -> tuple:
        return (self.message,)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self._key()))})"


class Problem(Phrase):
    """Why an input is refused.

    ``rule``: the rule ID (or IDs, as an event's ``rule`` names them) that refuses it.
    ``field``: the input at fault, by the name the forms and the API give it ("target",
    "sea_cover", "hex", "amount", …). The reason is a :class:`Phrase`: ``template`` and
    ``params``, read in English as ``message``."""

    __slots__ = ("rule", "field")

    def __init__(self, rule: str, field: str, template: str, /, **params: object):
        super().__init__(template, **params)
        self.rule = rule
        self.field = field

    @property
    def sentence(self) -> str:
        """The English message standing alone (see :func:`as_sentence`)."""
        return as_sentence(self.message)

    def _key(self) -> tuple:
        return self.rule, self.field, self.message
