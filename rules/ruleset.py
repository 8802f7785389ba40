"""House rules: every editable table and numbered option of a campaign, as data.

A campaign stores only the GM's overrides, as JSON: ``{"options": {"patrol_radius": 2},
"tables": {"table-7-fields": "1-3 empty\\n4-5 town\\n6 arcane_ruins"}}``.
``ruleset_from_overrides`` turns them into a ``Ruleset`` over the rulebook defaults and
refuses anything that would break the engine: an unknown name, a value out of range,
a table with a gap or an overlap in its dice range. The engine reads tables only
through ``table``, so an edited table takes effect at the next resolution.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from rules import modules, tables
from rules.dicetable import DiceTable
from rules.state import Feature, Ruleset, Strategy, Terrain


class RulesetError(ValueError):
    """An override the engine cannot use; ``key`` names the option or table."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key
        self.message = message


@dataclass(frozen=True)
class TableSpec:
    default: DiceTable
    parse: Callable[[str], Hashable]  # a row's result as the GM writes it → engine value
    show: Callable[[Hashable], str]  # and back


def _choice(values: Mapping[str, Hashable], what: str) -> Callable[[str], Hashable]:
    def parse(text: str) -> Hashable:
        if text not in values:
            raise ValueError(f"'{text}' is not {what}: use one of {', '.join(values)}")
        return values[text]

    return parse


def _points(text: str) -> int:
    if not text.isdigit() or int(text) % 250:
        raise ValueError(f"'{text}' is not a number of points in steps of 250")
    return int(text)


def _show(value: Hashable) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


_FEATURES = {"empty": None, **{f.value: f for f in Feature}}
_MINOR = {m.value: m for m in tables.MinorFeature}
_STRATEGIES = {s.value: s for s in Strategy}
_YES_NO = {"yes": True, "no": False}
_SCOUT_LEVELS = {level.value: level for level in tables.ScoutLevel}

TABLES: dict[str, TableSpec] = {
    **{
        f"table-7-{terrain.value}": TableSpec(
            tables.TABLE_7_EXPLORATION[terrain], _choice(_FEATURES, "a major feature"), _show
        )
        for terrain in tables.TABLE_7_EXPLORATION
    },
    "minor-feature-check": TableSpec(
        tables.MINOR_FEATURE_CHECK, _choice(_YES_NO, "yes or no"), _show
    ),
    "table-17": TableSpec(
        tables.TABLE_17_MINOR_FEATURES, _choice(_MINOR, "a minor feature"), _show
    ),
    "defender-feature": TableSpec(tables.FEATURE_DEFENDER, _points, _show),
    "defender-mega-feature": TableSpec(tables.MEGA_FEATURE_DEFENDER, _points, _show),
    "table-8": TableSpec(
        tables.TABLE_8_SCOUTING, _choice(_SCOUT_LEVELS, "a scouting result"), _show
    ),
    "neutral-strategy": TableSpec(
        tables.NEUTRAL_STRATEGY, _choice(_STRATEGIES, "a strategy"), _show
    ),
    # §5.3 edicts (issue 3): read with rules.edicts; faces 0 ("0 or less") to 6 ("6+")
    "table-3": TableSpec(
        tables.TABLE_3_RISKS,
        _choice({r.value: r for r in tables.EdictRisk}, "a Table 3 result"),
        _show,
    ),
    # §5.6 diplomacy and Table 11 (issue 3): read with rules.diplomacy
    "diplomacy-incite": TableSpec(tables.DIPLOMACY_INCITE, _choice(_YES_NO, "yes or no"), _show),
    "diplomacy-incite-allied": TableSpec(
        tables.DIPLOMACY_INCITE_ALLIED, _choice(_YES_NO, "yes or no"), _show
    ),
    "diplomacy-ally": TableSpec(tables.DIPLOMACY_ALLY, _choice(_YES_NO, "yes or no"), _show),
    "diplomacy-deactivate": TableSpec(
        tables.DIPLOMACY_DEACTIVATE, _choice(_YES_NO, "yes or no"), _show
    ),
    "table-11": TableSpec(
        tables.TABLE_11_PACIFY,
        _choice({r.value: r for r in tables.PacifyResult}, "a Table 11 result"),
        _show,
    ),
}
TABLES.update(
    (key, TableSpec(default, _choice(words, "a result of this table"), _show))
    for key, (default, words) in modules.tables().items()
)  # the optional modules' tables (rules.modules), editable whether the module is on or not

OPTIONS = {f.name: f for f in dataclasses.fields(Ruleset) if f.name != "tables"}


def table(ruleset: Ruleset, key: str) -> DiceTable:
    """The table in force: the GM's version if he changed it, else the rulebook's."""
    return ruleset.tables.get(key) or TABLES[key].default


def exploration_table(ruleset: Ruleset, terrain: Terrain) -> DiceTable:
    """A-1.0.5, Table 7: the column of the hex's (primary) terrain."""
    return table(ruleset, f"table-7-{terrain.value}")


def defender_table(ruleset: Ruleset, feature: Feature) -> DiceTable:
    """A-1.5.2: the size band depends on whether the feature is a mega-feature."""
    return table(ruleset, "defender-mega-feature" if feature.is_mega else "defender-feature")


def rows_to_text(key: str, dice_table: DiceTable) -> str:
    """A table as the GM edits it: one row a line, ``low-high result``."""
    show = TABLES[key].show
    return "\n".join(
        f"{low}-{high} {show(result)}" if low != high else f"{low} {show(result)}"
        for low, high, result in dice_table.rows
    )


def rows_from_text(key: str, text: str) -> DiceTable:
    """Parse and validate a GM's table; RulesetError names the line at fault."""
    spec = TABLES[key]
    rows = []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        rows.append(_row(key, spec, number, line.strip()))
    edited = dataclasses.replace(spec.default, rows=tuple(rows))
    try:
        edited.validate()
    except ValueError as problem:
        raise RulesetError(key, str(problem)) from None
    return edited


def _row(key: str, spec: TableSpec, number: int, line: str) -> tuple[int, int, Hashable]:
    title = spec.default.title
    faces, _, result = line.partition(" ")
    low, _, high = faces.partition("-")
    if not (low.isdigit() and (high.isdigit() or not high) and result.strip()):
        raise RulesetError(key, f"{title}, line {number}: write it as '1-4 result' or '5 result'")
    try:
        value = spec.parse(result.strip())
    except ValueError as problem:
        raise RulesetError(key, f"{title}, line {number}: {problem}") from None
    return int(low), int(high or low), value


def ruleset_from_overrides(overrides: Mapping) -> Ruleset:
    """The campaign's ruleset: the rulebook defaults with the GM's overrides, validated."""
    options = overrides.get("options", {}) or {}
    edited_tables = overrides.get("tables", {}) or {}
    for name in options:
        if name not in OPTIONS:
            raise RulesetError(name, f"'{name}' is not an option of the ruleset")
    for key in edited_tables:
        if key not in TABLES:
            raise RulesetError(key, f"'{key}' is not a table of the ruleset")
    values = {name: _option(name, value) for name, value in options.items()}
    parsed = {key: rows_from_text(key, text) for key, text in edited_tables.items()}
    return Ruleset(**values, tables=parsed)


def _option(name: str, value) -> int:
    low, high = OPTIONS[name].metadata["range"]
    label = OPTIONS[name].metadata["label"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(name, f"{label} must be a whole number")
    if not low <= value <= high:
        raise RulesetError(name, f"{label} must be between {low:,} and {high:,}, not {value:,}")
    return value


def ruleset_changes(before: Ruleset, after: Ruleset) -> list[str]:
    """What a GM's edit changed, in words for the public announcement."""
    changes = [
        f"{field.metadata['label']}: {getattr(before, name)} → {getattr(after, name)}"
        for name, field in OPTIONS.items()
        if getattr(before, name) != getattr(after, name)
    ]
    changes += [
        f"{TABLES[key].default.title} changed"
        for key in TABLES
        if table(before, key) != table(after, key)
    ]
    return changes


@dataclass(frozen=True)
class OptionLine:
    name: str
    label: str
    rule: str
    value: int
    default: int
    low: int
    high: int


@dataclass(frozen=True)
class TableLine:
    key: str
    title: str
    rule: str
    text: str  # the rows in force, as the GM edits them
    changed: bool


def describe(ruleset: Ruleset) -> tuple[list[OptionLine], list[TableLine]]:
    """The ruleset in force, option by option and table by table, for the rules page."""
    default = Ruleset()
    options = [
        OptionLine(
            name, field.metadata["label"], field.metadata["rule"], getattr(ruleset, name),
            getattr(default, name), *field.metadata["range"],
        )
        for name, field in OPTIONS.items()
    ]  # fmt: skip
    lines = [
        TableLine(
            key, spec.default.title, spec.default.rule, rows_to_text(key, table(ruleset, key)),
            table(ruleset, key) != spec.default,
        )
        for key, spec in TABLES.items()
    ]  # fmt: skip
    return options, lines


def overrides_from_form(options: Mapping[str, str], table_texts: Mapping[str, str]) -> dict:
    """A GM's rules form as overrides: only what differs from the rulebook is kept, so a
    later fix of a default reaches every campaign that did not change it."""
    default = Ruleset()
    changed_options = {}
    for name, text in options.items():
        if not text.strip().lstrip("-").isdigit():
            label = OPTIONS[name].metadata["label"] if name in OPTIONS else name
            raise RulesetError(name, f"{label} must be a whole number")
        if int(text) != getattr(default, name, None):
            changed_options[name] = int(text)
    changed_tables = {
        key: text.strip()
        for key, text in table_texts.items()
        if key not in TABLES or text.strip() != rows_to_text(key, TABLES[key].default)
    }
    return {"options": changed_options, "tables": changed_tables}
