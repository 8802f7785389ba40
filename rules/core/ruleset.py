"""House rules: every editable table and numbered option of a campaign, as data.

A campaign stores only the GM's overrides, as JSON: ``{"options": {"patrol_radius": 2},
"tables": {"table-7-fields": "1-3 empty\\n4-5 town\\n6 arcane_ruins"}}``.
``ruleset_from_overrides`` turns them into a ``Ruleset`` over the rulebook defaults and
refuses anything that would break the engine: an unknown name, a value out of range,
bands out of order, a table with a gap or an overlap in its dice range. The engine
reads tables only through ``table`` and options only from the ``Ruleset``, so an edit
takes effect at the next resolution.

Options are one number each (rules.core.table_options holds the tables' numbers); a table
with rows is text, one row a line: the die tables (``1-4 empty``; the last band of an
open-ended table as ``5+ massacre``) and Table 6's entitlements (``city: hero 1, rare 1``).
Every option and table belongs to a block of the rules page (``describe``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from rules import modules
from rules.battles import postbattle_tables, tabletop_tables
from rules.core import table_options as groups
from rules.core import tables
from rules.core.dicetable import DiceTable
from rules.core.state import Feature, Ruleset, Strategy, Terrain
from rules.core.tables import SLOTS, BattleResult, SlotTable
from rules.sieges import tables as siege_tables


class RulesetError(ValueError):
    """An override the engine cannot use; ``key`` names the option or table. A band out of
    order also names the option ``key`` may not fall below (``below``, whose value is
    ``limit``; ``strictly``: nor equal it), so that a page can say it in its own words."""

    def __init__(
        self, key: str, message: str, *, below: str = "", limit: int = 0, strictly: bool = False
    ):
        super().__init__(message)
        self.key = key
        self.message = message
        self.below, self.limit, self.strictly = below, limit, strictly


@dataclass(frozen=True)
class TableSpec:
    default: DiceTable | SlotTable
    parse: Callable[[str], Hashable]  # a row's result as the GM writes it → engine value
    show: Callable[[Hashable], str]  # and back
    group: str = ""  # the block of the rules page (rules.core.table_options)
    or_more: bool = False  # the last row reads "N or more": written "5+ massacre"
    check: Callable[[DiceTable], str | None] | None = None  # a further rule of the table


def _choice(values: Mapping[str, Hashable], what: str) -> Callable[[str], Hashable]:
    def parse(text: str) -> Hashable:
        if text not in values:
            raise ValueError(f"'{text}' is not {what}: use one of {', '.join(values)}")
        return values[text]

    return parse


def _whole(text: str) -> int | None:
    """The number ``text`` writes in digits, or None: ``str.isdigit`` also takes "²",
    which ``int`` refuses, as it refuses thousands of digits."""
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _points(text: str) -> int:
    points = _whole(text)
    if points is None or points % 250:
        raise ValueError(f"'{text}' is not a number of points in steps of 250")
    return points


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


def _draw_first(outcome: DiceTable) -> str | None:
    """Table 25: D 0 is a tie, which has no winner, so its band is the draw (E-10); a
    draw band may reach further (a house rule: close battles are draws), no other may
    be a draw."""
    for low, _, result in outcome.rows:
        if (low == 0) != (result is BattleResult.DRAW):
            return (
                f"{outcome.title}: the band from D 0 must be the draw (a tie has no "
                "winner), and only that band"
            )
    return None


_YES_NO_CHOICE = _choice(_YES_NO, "yes or no")

TABLES: dict[str, TableSpec] = {
    # §5.3 edicts: read with rules.kingdoms.edicts; faces 0 ("0 or less") to 6 ("6+")
    "table-3": TableSpec(
        tables.TABLE_3_RISKS,
        _choice({r.value: r for r in tables.EdictRisk}, "a Table 3 result"),
        _show,
        groups.TABLE_3,
    ),
    "table-6-entitlements": TableSpec(tables.TABLE_6_ENTITLEMENTS, int, str, groups.TABLE_6),
    **{
        f"table-7-{terrain.value}": TableSpec(
            tables.TABLE_7_EXPLORATION[terrain],
            _choice(_FEATURES, "a major feature"),
            _show,
            groups.TABLE_7,
        )
        for terrain in tables.TABLE_7_EXPLORATION
    },
    "minor-feature-check": TableSpec(
        tables.MINOR_FEATURE_CHECK, _YES_NO_CHOICE, _show, groups.TABLE_17
    ),
    "table-17": TableSpec(
        tables.TABLE_17_MINOR_FEATURES, _choice(_MINOR, "a minor feature"), _show, groups.TABLE_17
    ),
    "defender-feature": TableSpec(tables.FEATURE_DEFENDER, _points, _show, groups.NEUTRAL_ARMIES),
    "defender-mega-feature": TableSpec(
        tables.MEGA_FEATURE_DEFENDER, _points, _show, groups.NEUTRAL_ARMIES
    ),
    "table-8": TableSpec(
        tables.TABLE_8_SCOUTING, _choice(_SCOUT_LEVELS, "a scouting result"), _show, groups.TABLE_8
    ),
    # §5.6 diplomacy and Table 11: read with rules.kingdoms.diplomacy
    "diplomacy-incite": TableSpec(tables.DIPLOMACY_INCITE, _YES_NO_CHOICE, _show, groups.DIPLOMACY),
    "diplomacy-incite-allied": TableSpec(
        tables.DIPLOMACY_INCITE_ALLIED, _YES_NO_CHOICE, _show, groups.DIPLOMACY
    ),
    "diplomacy-ally": TableSpec(tables.DIPLOMACY_ALLY, _YES_NO_CHOICE, _show, groups.DIPLOMACY),
    "diplomacy-deactivate": TableSpec(
        tables.DIPLOMACY_DEACTIVATE, _YES_NO_CHOICE, _show, groups.DIPLOMACY
    ),
    "table-11": TableSpec(
        tables.TABLE_11_PACIFY,
        _choice({r.value: r for r in tables.PacifyResult}, "a Table 11 result"),
        _show,
        groups.TABLE_11,
    ),
    "neutral-strategy": TableSpec(
        tables.NEUTRAL_STRATEGY, _choice(_STRATEGIES, "a strategy"), _show, groups.TABLE_24
    ),
    # §5.7: looked up with D from 0, its last band open-ended
    "table-25": TableSpec(
        tables.TABLE_25_OUTCOME,
        _choice({r.value: r for r in BattleResult}, "a Table 25 result"),
        _show,
        groups.TABLE_25,
        or_more=True,
        check=_draw_first,
    ),
}

# §5.8–5.9 post-battle tables (rules.battles.postbattle_tables): Table 13 read on the modified d6
# with 0 as "0 or less" and 6 as "6+", the others on a plain d6
_PB = postbattle_tables
TABLES.update(
    {
        "table-13": TableSpec(
            _PB.TABLE_13_RECOVERY,
            _choice({r.value: r for r in _PB.Recovery}, "a Table 13 result"),
            _show,
            groups.TABLE_13,
        ),
        "table-14": TableSpec(
            _PB.TABLE_14_INJURY,
            _choice({i.value: i for i in _PB.Injury}, "a Table 14 result"),
            _show,
            groups.TABLE_14,
        ),
        "table-18": TableSpec(
            _PB.TABLE_18_ADVANCEMENT,
            _choice({t.value: t for t in _PB.SkillTable}, "a skill table"),
            _show,
            groups.TABLE_18,
        ),
        **{
            _PB.SKILL_TABLE_KEYS[kind]: TableSpec(
                default,
                _choice({s: s for s in _PB.SKILLS[kind]}, f"a {kind.value} skill"),
                _show,
                groups.TABLE_18,
            )
            for kind, default in _PB.SKILL_TABLES.items()
        },
    }
)


def _piece(text: str) -> str:
    """A tabletop terrain piece (Tables 26–30): free text, one line, at most 80 letters."""
    if len(text) > 80:
        raise ValueError(f"'{text[:20]}…' is too long for a terrain piece (80 letters at most)")
    return text


# §5.11 Tables 26–30 (rules.battles.tabletop_tables): the piece each d6 puts on the table
TABLES.update(
    (key, TableSpec(default, _piece, str, groups.TABLETOP))
    for key, default in tabletop_tables.TERRAIN_TABLES.values()
)

OPTIONS = {f.name: f for f in dataclasses.fields(Ruleset) if f.name != "tables"}

TABLES.update(
    (
        key,
        TableSpec(
            default,
            _choice(words, "a result of this table"),
            _show,
            OPTIONS[module.option].metadata["table"],
        ),
    )
    for module in modules.REGISTRY
    for key, (default, words) in module.tables.items()
)  # the optional modules' tables (rules.modules), editable whether the module is on or not

TABLES.update(
    (key, TableSpec(spec.default, spec.parse, spec.show, siege_tables.GROUP, spec.or_more))
    for key, spec in siege_tables.TABLES.items()
)  # E-37: the siege's events, provisions and bombardment (rules.sieges.tables)


def table(ruleset: Ruleset, key: str) -> DiceTable | SlotTable:
    """The table in force: the GM's version if he changed it, else the rulebook's."""
    return ruleset.tables.get(key) or TABLES[key].default


def exploration_table(ruleset: Ruleset, terrain: Terrain) -> DiceTable:
    """A-1.0.5, Table 7: the column of the hex's (primary) terrain (E-34)."""
    return table(ruleset, f"table-7-{tables.table_7_column(ruleset, terrain).value}")


def defender_table(ruleset: Ruleset, feature: Feature) -> DiceTable:
    """A-1.5.2: the size band depends on whether the feature is a mega-feature."""
    return table(ruleset, "defender-mega-feature" if feature.is_mega else "defender-feature")


def rows_to_text(key: str, edited: DiceTable | SlotTable) -> str:
    """A table as the GM edits it: one row a line, ``low-high result`` (``5+ result`` for
    the open last band), or for Table 6's entitlements ``row: slot count, …``."""
    spec = TABLES[key]
    if isinstance(edited, SlotTable):
        return "\n".join(_slot_line(row, slots) for row, slots in edited.rows)
    lines = []
    for low, high, result in edited.rows:
        if spec.or_more and high == edited.sides:
            faces = f"{low}+"
        else:
            faces = f"{low}-{high}" if low != high else f"{low}"
        lines.append(f"{faces} {spec.show(result)}")
    return "\n".join(lines)


def rows_from_text(key: str, text: str) -> DiceTable | SlotTable:
    """Parse and validate a GM's table; RulesetError names the line at fault."""
    spec = TABLES[key]
    if isinstance(spec.default, SlotTable):
        return _slots_from_text(key, spec.default, text)
    rows = []
    for number, line in enumerate(text.strip().splitlines(), start=1):
        rows.append(_row(key, spec, number, line.strip()))
    edited = dataclasses.replace(spec.default, rows=tuple(rows))
    top = max((high for _, high, _ in rows), default=edited.sides)
    if spec.or_more and top < edited.sides:
        last = max(rows, key=lambda row: row[1])
        raise RulesetError(
            key,
            f"{edited.title}: the last band has no end: write it as "
            f"'{last[0]}+ {spec.show(last[2])}'",
        )
    try:
        edited.validate()
    except ValueError as problem:
        raise RulesetError(key, str(problem)) from None
    problem = spec.check(edited) if spec.check else None
    if problem:
        raise RulesetError(key, problem)
    return edited


def _row(key: str, spec: TableSpec, number: int, line: str) -> tuple[int, int, Hashable]:
    title = spec.default.title
    faces, _, result = line.partition(" ")
    low, _, high = faces.partition("-")
    or_more = not high and low.endswith("+")
    first, last = _whole(low.removesuffix("+") if or_more else low), _whole(high)
    if first is None or (high and last is None) or not result.strip():
        raise RulesetError(
            key,
            f"{title}, line {number}: write it as '1-4 result' or '5 result' ('5+ result': "
            "5 or more)",
        )
    try:
        value = spec.parse(result.strip())
    except ValueError as problem:
        raise RulesetError(key, f"{title}, line {number}: {problem}") from None
    top = spec.default.sides if or_more else (last if high else first)
    return first, top, value


def _slot_line(row: str, slots: tuple[tuple[str, int], ...]) -> str:
    return f"{row}: " + (", ".join(f"{slot} {count}" for slot, count in slots) or "none")


def _slots_from_text(key: str, default: SlotTable, text: str) -> SlotTable:
    """Table 6's entitlements: one line a row, ``city: hero 1, special 1, rare 1`` (or
    ``town: none``); a row left out gives nothing. RulesetError names the line."""
    names = [row for row, _ in default.rows]
    found: dict[str, dict[str, int]] = {}
    for number, line in enumerate(text.strip().splitlines(), start=1):
        where = f"{default.title}, line {number}"
        row, colon, rest = line.strip().partition(":")
        row = row.strip()
        if not colon or row not in names:
            raise RulesetError(key, f"{where}: start it with one of {', '.join(names)} and a colon")
        if row in found:
            raise RulesetError(key, f"{where}: {row} is given twice")
        found[row] = {}
        for item in filter(None, (part.strip() for part in rest.split(","))):
            if item == "none":
                continue
            slot, _, count = item.partition(" ")
            number = _whole(count.strip())
            if slot not in SLOTS or number is None:
                raise RulesetError(
                    key,
                    f"{where}: write each slot as 'hero 1'; the slots are {', '.join(SLOTS)}",
                )
            if slot in found[row]:
                raise RulesetError(key, f"{where}: {slot} is given twice")
            found[row][slot] = number
    rows = tuple(
        (row, tuple((slot, found[row][slot]) for slot in SLOTS if found.get(row, {}).get(slot)))
        for row in names
    )
    return dataclasses.replace(default, rows=rows)


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
    ruleset = Ruleset(**values, tables=parsed)
    _check_bands(ruleset)
    return ruleset


# Options that are bands or bounds: each pair must stay in order, lowest first.
ORDERED: tuple[tuple[str, str, str], ...] = (
    ("ratio_low_percent", "ratio_mid_percent", "Table 23: ratio line 2 must ask more than line 1"),
    ("ratio_mid_percent", "ratio_high_percent", "Table 23: ratio line 3 must ask more than line 2"),
    ("pacify_power_min", "pacify_power_max", "Table 11: the least power is above the most"),
    ("army_minimum", "army_maximum", "Army size: the smallest allocation is above the largest"),
    ("army_maximum", "army_cap_this_turn", "Army size: the cap is below the largest allocation"),
    *(
        (f"advance_xp_{n}", f"advance_xp_{n + 1}", f"Table 18: advance {n + 1} comes before {n}")
        for n in range(1, 7)
    ),
    ("winter_turn", "year_turns", "E-31: the winter turn must fall within the year"),
    ("spring_equinox_turn", "year_turns", "E-31: the spring equinox must fall within the year"),
    ("autumn_equinox_turn", "year_turns", "E-31: the autumn equinox must fall within the year"),
)
_STRICT = {"ratio_low_percent", "ratio_mid_percent"}  # two ratio lines cannot share a threshold


def _check_bands(ruleset: Ruleset) -> None:
    """Bands in order: RulesetError names the upper option of the first pair out of order
    and both values."""
    for lower, upper, words in ORDERED:
        low, high = getattr(ruleset, lower), getattr(ruleset, upper)
        if high < low or (lower in _STRICT and high == low):
            raise RulesetError(
                upper,
                f"{words} ({OPTIONS[lower].metadata['label']}: {low:,}; "
                f"{OPTIONS[upper].metadata['label']}: {high:,})",
                below=lower,
                limit=low,
                strictly=lower in _STRICT,
            )


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
    table: str  # the block of the rules page: the table it belongs to


@dataclass(frozen=True)
class TableLine:
    key: str
    title: str
    rule: str
    text: str  # the rows in force, as the GM edits them
    changed: bool
    table: str  # the block of the rules page


@dataclass(frozen=True)
class Group:
    """One block of the rules page: a table's options and its text tables."""

    name: str
    options: list[OptionLine]
    tables: list[TableLine]


def _order(name: str) -> int:
    return groups.GROUPS.index(name) if name in groups.GROUPS else len(groups.GROUPS)


def describe(ruleset: Ruleset) -> tuple[list[OptionLine], list[TableLine]]:
    """The ruleset in force, option by option and table by table, each with the block of
    the rules page it belongs to, in the rulebook's order."""
    default = Ruleset()
    options = [
        OptionLine(
            name, field.metadata["label"], field.metadata["rule"], getattr(ruleset, name),
            getattr(default, name), *field.metadata["range"], field.metadata["table"],
        )
        for name, field in OPTIONS.items()
    ]  # fmt: skip
    lines = [
        TableLine(
            key, spec.default.title, spec.default.rule, rows_to_text(key, table(ruleset, key)),
            table(ruleset, key) != spec.default, spec.group,
        )
        for key, spec in TABLES.items()
    ]  # fmt: skip
    options.sort(key=lambda line: _order(line.table))
    lines.sort(key=lambda line: _order(line.table))
    return options, lines


def grouped(ruleset: Ruleset) -> list[Group]:
    """``describe`` as the rules page shows it: one block a table, in the rulebook's
    order, so that a player finds "Table 10" in one place."""
    options, lines = describe(ruleset)
    names = sorted({line.table for line in [*options, *lines]}, key=lambda n: (_order(n), n))
    return [
        Group(
            name,
            [line for line in options if line.table == name],
            [line for line in lines if line.table == name],
        )
        for name in names
    ]


def overrides_from_form(options: Mapping[str, str], table_texts: Mapping[str, str]) -> dict:
    """A GM's rules form as overrides: only what differs from the rulebook is kept, so a
    later fix of a default reaches every campaign that did not change it."""
    default = Ruleset()
    changed_options = {}
    for name, text in options.items():
        written = text.strip()
        number = _whole(written.removeprefix("-"))
        if number is None:
            label = OPTIONS[name].metadata["label"] if name in OPTIONS else name
            raise RulesetError(name, f"{label} must be a whole number")
        value = -number if written.startswith("-") else number
        if value != getattr(default, name, None):
            changed_options[name] = value
    changed_tables = {
        key: text.strip()
        for key, text in table_texts.items()
        if key not in TABLES or text.strip() != rows_to_text(key, TABLES[key].default)
    }
    return {"options": changed_options, "tables": changed_tables}
