"""Tabletop battles (A-2.5, E-24, P-C5, P-C6, §5.11 Tables 26–30): the battle ticket's
terrain and board, and the report the players bring back from the table.

* E-24: a battle is played on the tabletop only if every side opts in at Phase 4 (the
  GM for a neutral side: a neutral defender, a neutral kingdom, an incited army, the
  Beast); otherwise it is abstract. A tabletop battle is resolved at Final Results from
  its confirmed report (``TabletopReport``, rules.battles.battle); one that was not reported and
  confirmed by its report deadline is resolved abstract there, with the strategies on
  file (Hold when missing). The GM may extend the deadline instead.
* P-C5: the board is 6'×4' up to 3,000 points a side, 8'×4' above (``board_size``); the
  terrain comes from Tables 26–30 (``roll_terrain``); a victory-points margin of 900 or
  more, or the GM's ruling, is a Massacre for Table 12 (``normalized``).
* P-C6: the report gives the result, the casualties per unit (destroyed or fled, with
  their points), the characters removed, the enemy characters each one killed, and a
  text. ``report_problem`` checks it against the battle (``BattleFacts``).

Rulings (campaign-rules.md leaves them open):
* Q21: a tabletop draw has no winner: the defender keeps the hex; E-10's "loser or draw"
  rows of Table 12 apply, no Table 16 roll, no "won" XP.
* a unit's points are lost at the battle (so a patrol fighting again this turn carries
  the loss, P-C4) and come back if it recovers on Table 12, after the turn's battles
  (§3 6c);
* a neutral side keeps no unit list (Q15): its losses are one number of points, which
  a neutral feature defender that holds its hex keeps (semi-permanence, §5.5); a
  neutral kingdom's army is a constant (E-06);
* Table 15's "killed an enemy character": the kills of one side's characters are at most
  the characters the other side had removed;
* dice rolled at the table may be entered for Table 12 (each unit) and Table 13 (each
  removed character): the server logs them as "rolled at the table" and rolls no die
  for them; it rolls everything else (Tables 14, 16, 18–22) from the turn's seed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rules.battles.postbattle import UnitLoss
from rules.battles.postbattle_tables import UnitFate
from rules.battles.tabletop_tables import (
    DEFENCE_PIECES,
    MINOR_FEATURE_PIECES,
    ONCE_A_BATTLE,
    TERRAIN_TABLES,
    WATCHTOWER_PIECE,
)
from rules.core.dice import Dice
from rules.core.problems import Problem, words
from rules.core.ruleset import table
from rules.core.state import Defence, Role, Ruleset, Terrain
from rules.core.tables import BattleResult, MinorFeature, table_7_column


class TabletopResult(StrEnum):
    """P-C5: what a tabletop battle's report says; Massacre counts for Table 12."""

    VICTORY = "victory"
    MASSACRE = "massacre"
    DRAW = "draw"


FOUGHT_RESULTS = frozenset({*BattleResult, *TabletopResult})
"""A battle's stored result when it was fought (abstract or tabletop): no retreat, no
lost cause (A-1.4.19–20)."""


@dataclass(frozen=True)
class RemovedCharacter:
    """P-C6: a character removed as a casualty; Table 13 rolled at the table, if so."""

    character_id: int
    table_roll: int | None = None


@dataclass(frozen=True)
class TabletopReport:
    """P-C5, P-C6: a tabletop battle as its confirmed report gives it."""

    winner: Role | None  # None: a draw (Q21)
    massacre: bool = False  # the loser was massacred (P-C5: the VP margin or the GM)
    vp_margin: int | None = None
    units: tuple[UnitLoss, ...] = ()  # Table 12: every unit destroyed or fled
    removed: tuple[RemovedCharacter, ...] = ()  # Table 13
    kills: tuple[tuple[int, int], ...] = ()  # Table 15: (character id, enemies he killed)
    neutral_losses: int = 0  # a neutral side's points lost (it lists no units, Q15)

    @property
    def result(self) -> TabletopResult:
        if self.winner is None:
            return TabletopResult.DRAW
        return TabletopResult.MASSACRE if self.massacre else TabletopResult.VICTORY

    def recovery_rolls(self) -> tuple[tuple[int, int], ...]:
        """Table 13 rolled at the table: (character id, d6)."""
        return tuple((r.character_id, r.table_roll) for r in self.removed if r.table_roll)


def normalized(ruleset: Ruleset, report: TabletopReport) -> TabletopReport:
    """P-C5: a winner's margin of ``massacre_vp_margin`` VP or more is a Massacre."""
    big = report.vp_margin is not None and report.vp_margin >= ruleset.massacre_vp_margin
    if report.winner is not None and big and not report.massacre:
        return dataclasses.replace(report, massacre=True)
    return report


# --- Checking a report against its battle ----------------------------------------------


@dataclass(frozen=True)
class SideFacts:
    """What a report may name on one side: its armies (id → name, current points), its
    characters (id → name), and whether it is neutral (no unit list, Q15)."""

    role: Role
    points: int
    armies: Mapping[int, tuple[str, int]] = field(default_factory=dict)
    characters: Mapping[int, str] = field(default_factory=dict)
    neutral: bool = False


def report_problem(
    ruleset: Ruleset, sides: Iterable[SideFacts], report: TabletopReport, *, gm: bool = False
) -> Problem | None:
    """Why ``report`` cannot stand for this battle, or None (P-C5, P-C6, Q21). Only the
    GM may rule a Massacre below the VP margin (P-C5)."""
    sides = {side.role: side for side in sides}
    if report.winner is not None and report.winner not in sides:
        return Problem("P-C6", "winner", "Name the attacker, the defender, or a draw.")
    if report.vp_margin is not None and report.vp_margin < 0:
        return Problem("P-C5", "vp_margin", "A victory-points margin is not negative.")
    if report.massacre and report.winner is None:
        return Problem("P-C5 Q21", "massacre", "A draw has no loser to massacre.")
    margin = ruleset.massacre_vp_margin
    if report.massacre and not gm and (report.vp_margin or 0) < margin:
        return Problem(
            "P-C5",
            "massacre",
            "A Massacre needs a margin of {margin:,} VP or more; below it only the GM rules one.",
            margin=margin,
        )
    return (
        _units_problem(sides, report)
        or _neutral_problem(sides, report)
        or _characters_problem(sides, report)
    )


def _units_problem(sides: dict[Role, SideFacts], report: TabletopReport) -> Problem | None:
    armies = {army_id: facts for side in sides.values() for army_id, facts in side.armies.items()}
    lost: dict[int, int] = {}
    for number, unit in enumerate(report.units, start=1):
        if unit.army_id not in armies:
            return Problem(
                "P-C6",
                "casualties",
                "Casualty {number}: that army is not in this battle.",
                number=number,
            )
        if not unit.unit.strip() or len(unit.unit) > 100:
            return Problem(
                "P-C6",
                "casualties",
                "Casualty {number}: name the unit (100 letters at most).",
                number=number,
            )
        if not isinstance(unit.fate, UnitFate):
            return Problem(
                "P-C6",
                "casualties",
                "Casualty {number}: a unit was destroyed or fled.",
                number=number,
            )
        if unit.points < 1:
            return Problem(
                "P-C6", "casualties", "Casualty {number}: give the unit's points.", number=number
            )
        if unit.table_roll is not None and not 1 <= unit.table_roll <= 6:
            return Problem(
                "P-C6", "casualties", "Casualty {number}: a d6 shows 1 to 6.", number=number
            )
        lost[unit.army_id] = lost.get(unit.army_id, 0) + unit.points
    for army_id, points in lost.items():
        name, has = armies[army_id]
        if points > has:
            return Problem(
                "P-C6",
                "casualties",
                "{name} lost {points:,} points of units but has only {has:,}.",
                name=name,
                points=points,
                has=has,
            )
    return None


def _neutral_problem(sides: dict[Role, SideFacts], report: TabletopReport) -> Problem | None:
    if not report.neutral_losses:
        return None
    neutral = next((side for side in sides.values() if side.neutral), None)
    if neutral is None:
        return Problem("Q15", "neutral_losses", "Only a neutral side's losses are one number.")
    if not 0 < report.neutral_losses <= neutral.points:
        return Problem(
            "Q15",
            "neutral_losses",
            "The neutral side had {points:,} points to lose.",
            points=neutral.points,
        )
    return None


def _characters_problem(sides: dict[Role, SideFacts], report: TabletopReport) -> Problem | None:
    side_of = {c: side.role for side in sides.values() for c in side.characters}
    removed = [r.character_id for r in report.removed]
    if len(set(removed)) != len(removed):
        return Problem("P-C6", "removed", "Each character is removed once.")
    for entry in report.removed:
        if entry.character_id not in side_of:
            return Problem("P-C6", "removed", "A character removed is not in this battle.")
        if entry.table_roll is not None and not 1 <= entry.table_roll <= 6:
            return Problem("P-C6", "removed", "A d6 shows 1 to 6.")
    kills: dict[Role, int] = {}
    for character_id, count in report.kills:
        if character_id not in side_of:
            return Problem("P-C6", "kills", "A killer is not in this battle.")
        if count < 1:
            return Problem("P-C6", "kills", "Give the enemy characters he killed, 1 or more.")
        kills[side_of[character_id]] = kills.get(side_of[character_id], 0) + count
    for role, count in kills.items():
        fallen = sum(1 for c in removed if side_of[c] is not role)
        if count > fallen:
            return Problem(
                "Table 15",
                "kills",
                "The {role}'s characters killed {count} but only {fallen} of the "
                "enemy's were removed.",
                role=role.value,
                count=count,
                fallen=fallen,
            )
    return None


# --- The ticket: terrain and board (P-C5, §5.11) ----------------------------------------


@dataclass(frozen=True)
class TerrainPiece:
    """One piece for the table: from Tables 26–30 with its d6, or a feature's piece."""

    source: str  # "Table 29", "Table 17 Shrine", "App B Fortress"
    piece: str
    roll: int | None = None

    def to_dict(self) -> dict:
        return {"source": self.source, "piece": self.piece, "roll": self.roll}


def roll_terrain(
    ruleset: Ruleset,
    dice: Dice,
    *,
    terrain: Terrain,
    secondary: Iterable[Terrain] = (),
    minor_feature: str | None = None,
    defence: Defence | None = None,
    watchtower: bool = False,
) -> list[TerrainPiece]:
    """§5.11: d3 + 2 rolls on the table of the hex's terrain, a second River re-rolled;
    one roll on the table of each secondary terrain (Q16); one piece for the minor
    feature (Table 17) and one for each defensive feature (App B). Every die is logged
    in ``dice``."""
    pieces: list[TerrainPiece] = []
    count = dice.roll(
        ruleset.terrain_pieces_die,
        f"§5.11 number of terrain pieces (d{ruleset.terrain_pieces_die})",
    )
    primary = table_7_column(ruleset, terrain)  # E-34: a supplement tile's column
    rolls = [primary] * (count.result + ruleset.terrain_pieces_added)
    rolls += [t for t in secondary if t in TERRAIN_TABLES]
    for each in rolls:
        piece = _piece(ruleset, dice, each, pieces)
        if piece is not None:
            pieces.append(piece)
    if minor_feature in {m.value for m in MinorFeature}:
        feature = MinorFeature(minor_feature)
        words = feature.value.replace("_", " ").capitalize()
        pieces.append(TerrainPiece(f"Table 17 {words}", MINOR_FEATURE_PIECES[feature]))
    if defence is not None:
        words = defence.value.replace("_", " ").capitalize()
        pieces.append(TerrainPiece(f"App B {words}", DEFENCE_PIECES[defence]))
    if watchtower:
        pieces.append(TerrainPiece("App B Watchtower", WATCHTOWER_PIECE))
    return pieces


def _piece(
    ruleset: Ruleset, dice: Dice, terrain: Terrain, placed: list[TerrainPiece]
) -> TerrainPiece | None:
    """One roll on the terrain's table; "a second River" is re-rolled (§5.11), at most
    ten times (a house table of Rivers only would never end)."""
    key, default = TERRAIN_TABLES.get(terrain, (None, None))
    if key is None:
        return None
    chosen = table(ruleset, key)
    number = key.removeprefix("table-")
    for _ in range(11):
        roll = dice.d6(f"Table {number} ({terrain.value}) terrain piece")
        piece = str(chosen.lookup(roll.result))
        river = piece.startswith(ONCE_A_BATTLE)
        if not (river and any(p.piece.startswith(ONCE_A_BATTLE) for p in placed)):
            return TerrainPiece(f"Table {number}", piece, roll.result)
    return None


MAX_SECONDARY_TERRAINS = 3
"""Q16: at most this many secondary terrains a hex. Each adds one roll to the d3 + 2 of
the primary terrain's table (§5.11): three keep the primary the hex's main scenery
(3–5 pieces against at most 3) and a 6'×4' board playable with the feature pieces on
top; four would already name every land terrain but the primary."""


def secondary_terrains_problem(terrain: str, values: Sequence[object]) -> Problem | None:
    """Q16, A-1.1.1 ("one or more" terrain types): why ``values`` cannot be the
    secondary terrains of a hex whose primary terrain is ``terrain``, or None. Each is a
    land terrain with a table of its own (Tables 26–30; a hex is land or sea, A-1.1.2),
    not the primary, listed once, and at most MAX_SECONDARY_TERRAINS of them; a sea hex
    takes none (no battle is fought there, A-1.1.2.1)."""
    where = "secondary_terrains"
    land = words(t.value for t in Terrain if t in TERRAIN_TABLES)
    if values and terrain in {t.value for t in Terrain if t.is_sea}:
        return Problem(
            "A-1.1.2.1",
            "hex",
            "A sea hex takes no secondary terrains: no battle is fought there.",
        )
    seen: set[object] = set()
    for value in values:
        if value == Terrain.SEA:
            return Problem(
                "A-1.1.2",
                where,
                "'sea' cannot be a secondary terrain: a hex is land or sea "
                "and Tables 26–30 have no sea table. Use {land}.",
                land=land,
            )
        if not isinstance(value, str) or value not in {t.value for t in TERRAIN_TABLES}:
            return Problem(
                "A-1.1.1",
                where,
                "'{value}' is not a land terrain: use {land}.",
                value=value,
                land=land,
            )
        if value == terrain:
            return Problem(
                "Q16",
                where,
                "'{value}' is the hex's primary terrain: tick only the others.",
                value=value,
            )
        if value in seen:
            return Problem(
                "Q16",
                where,
                "'{value}' is listed twice: each secondary terrain is one roll.",
                value=value,
            )
        seen.add(value)
    if len(values) > MAX_SECONDARY_TERRAINS:
        return Problem(
            "Q16",
            where,
            "At most {max_secondary_terrains} secondary terrains a hex: {given} given.",
            max_secondary_terrains=MAX_SECONDARY_TERRAINS,
            given=len(values),
        )
    return None


def secondary_terrains_in_order(values: Iterable[str]) -> list[str]:
    """Q16: secondary terrains in A-1.1.1's order, so that the ticket's rolls (one per
    terrain, in list order) do not depend on the order the GM ticked them."""
    wanted = set(values)
    return [t.value for t in Terrain if t.value in wanted]


def board_size(ruleset: Ruleset, points: Iterable[int]) -> tuple[int, int]:
    """P-C5: (width, depth) in feet: 6'×4' up to 3,000 points a side, 8'×4' above."""
    large = any(p > ruleset.board_large_above for p in points)
    width = ruleset.board_large_width_feet if large else ruleset.board_width_feet
    return width, ruleset.board_depth_feet
