"""A modifier of a table, wherever the rules define it (E-21): one registry a table
(Table 23's in rules.battles.battle, Table 13's in rules.battles.recovery), which the engine
applies and
the rules page lists."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from string import Formatter

from rules.core.state import Ruleset

OPTIONS = frozenset(f.name for f in fields(Ruleset))
"""The ruleset's options a modifier's name may give the value of, in braces."""


@dataclass(frozen=True)
class Modifier:
    """One modifier of a table, wherever the rules define it (E-21): what the rules page
    calls it (``name``, with the ruleset's values in braces: ``words`` fills them in),
    the rule IDs it comes from, and its value: for Table 23, for one side of a battle
    (world, battle, role, points); for Table 13, for one character of a battle (world,
    battle, character id)."""

    name: str
    rule: str
    value: Callable[..., int]

    def words(self, ruleset: Ruleset) -> str:
        """The name with the values in force, e.g. "Home ground +1 (defender)". Only the
        options it names are read: a fallen character's Table 13 lines are worded one by
        one, and the ruleset has hundreds."""
        named = {name for _, name, _, _ in Formatter().parse(self.name) if name in OPTIONS}
        return self.name.format_map({name: getattr(ruleset, name) for name in named})
