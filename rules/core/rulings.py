"""The GM's rulings (new-rules.md §12.4): what the supplement leaves to the game master.

Where a module meets one of those decisions (AMB-27, BASE-16, BASE-21, BASE-22,
NR-EQX-11), it applies Warpost's default at once, so that a turn never waits, and asks
the GM with a ``RulingAsked``: the question and its choices in plain words, the default
it applied, and a key that names the situation. The GM answers on his console until the
turn's fight-or-retreat deadline; Final Results then find the answers that differ from
the default in ``World.rulings`` (rules.core.state.Ruling) and hand each to the module
that asked (rules.modules.apply_rulings), which undoes or replaces what the default did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.core.events import Announcement, Event
from rules.core.problems import Phrase
from rules.core.state import Coord, Ruling, World


@dataclass(frozen=True, kw_only=True)
class RulingAsked(Event):
    """A question for the GM, with the default the engine applied meanwhile. ``choices``
    are (value, words), the default among them; the question and each choice's words are
    Phrases, which the site says in the GM's language; ``facts`` are what the module
    needs to apply another answer. The GM's alone."""

    key: str
    kind: str
    question: Phrase
    choices: tuple[tuple[str, Phrase], ...]
    default: str
    hex: Coord | None = None
    army_id: int | None = None
    kingdom_id: int | None = None
    facts: Mapping = field(default_factory=dict)

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset(), ()


@dataclass(frozen=True, kw_only=True)
class RulingApplied(Announcement):
    """The GM's answer, applied at Final Results in place of the default: ``text`` says
    what changed, to the kingdoms it touches (``kingdom_ids``) or to everyone, as a Phrase
    the site says in each reader's language."""

    text: Phrase
    key: str
    answer: str


def asked(
    world: World,
    *,
    rule: str,
    kind: str,
    subject: str,
    question: Phrase,
    choices: tuple[tuple[str, Phrase], ...],
    **where,
) -> RulingAsked:
    """The question of ``kind`` about ``subject`` (an army, a hex) this turn; the first
    choice is the default the module applied. Its key is stable: the same situation of
    the same turn asks the same key, so a step run twice asks once."""
    return RulingAsked(
        rule=rule,
        key=f"{kind}:{world.turn}:{subject}",
        kind=kind,
        question=question,
        choices=choices,
        default=choices[0][0],
        **where,
    )


def answered_as(question, answer: str) -> Ruling:
    """The GM's ``answer`` to ``question`` (a RulingAsked, or anything that keeps its
    fields: the Django side's stored prompt), as Final Results read it (World.rulings)."""
    where = question.hex
    return Ruling(
        key=question.key,
        kind=question.kind,
        rule=question.rule,
        answer=answer,
        default=question.default,
        hex=tuple(where) if where is not None else None,
        army_id=question.army_id,
        kingdom_id=question.kingdom_id,
        facts=question.facts,
    )


def told(ruling: Ruling, text: Phrase, kingdom_ids: tuple[int, ...] = ()) -> RulingApplied:
    """What the GM's answer changed, in words."""
    return RulingApplied(
        rule=f"{ruling.rule} new-rules.md §12.4",
        key=ruling.key,
        answer=ruling.answer,
        text=text,
        kingdom_ids=kingdom_ids,
    )
