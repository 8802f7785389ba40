"""The rule tables as data, each with the rule ID of its source (Q24: original numbers).

Everything here is a DESIGN PROPOSAL of campaign-rules.md §5 unless marked Source A, so
it is kept as data a GM may later edit; ``DiceTable.validate`` checks an
edited table before it is used.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.dicetable import DiceTable, d6
from rules.core.state import Defence, Feature, Ruleset, Strategy, Terrain

# --- Table 7: exploration (A-1.0.5, §5.5) -------------------------------------------

_EMPTY = None
TABLE_7_EXPLORATION: dict[Terrain, DiceTable] = {
    Terrain.FIELDS: d6(
        "Table 7 (Fields)", "A-1.0.5 §5.5",
        (1, 4, _EMPTY), (5, 5, Feature.TOWN), (6, 6, Feature.ARCANE_RUINS),
    ),
    Terrain.RIVER: d6(
        "Table 7 (River)", "A-1.0.5 §5.5",
        (1, 2, _EMPTY), (3, 5, Feature.TOWN), (6, 6, Feature.CITY),
    ),
    Terrain.FOREST: d6(
        "Table 7 (Forest)", "A-1.0.5 §5.5",
        (1, 2, _EMPTY), (3, 5, Feature.WOODS), (6, 6, Feature.DEEP_WOODS),
    ),
    Terrain.SWAMP: d6(
        "Table 7 (Swamp)", "A-1.0.5 §5.5",
        (1, 2, _EMPTY), (3, 4, Feature.ARCANE_RUINS), (5, 6, Feature.WIZARD_TOWER),
    ),
    Terrain.MOUNTAIN: d6(
        "Table 7 (Mountain)", "A-1.0.5 §5.5",
        (1, 2, _EMPTY), (3, 5, Feature.MINE), (6, 6, Feature.DEEP_MINE),
    ),
}  # fmt: skip

TABLE_7_COLUMNS = (Terrain.FIELDS, Terrain.RIVER, Terrain.FOREST, Terrain.SWAMP, Terrain.MOUNTAIN)
"""Table 7's columns, numbered from 1 in a supplement tile's option (rules.tiles.options)."""


def table_7_column(ruleset: Ruleset, terrain: Terrain) -> Terrain:
    """E-33, E-34: the column a hex explores on, and Tables 26–30 read: its own terrain's,
    or for a supplement tile the one the ruleset gives it (``<tile>_column``)."""
    if terrain in TABLE_7_EXPLORATION or terrain.is_sea:
        return terrain
    return TABLE_7_COLUMNS[getattr(ruleset, f"{terrain.value}_column") - 1]


# --- Table 6: entitlements (§5.5, §5.6, E-22) ---------------------------------------

SLOTS = ("lord", "hero", "special", "rare", "magic_items")
KINGDOM_POOL = "kingdom"
"""Table 6's row of the kingdom's own base pool (E-22: the kingdom's, not the capital's)."""


@dataclass(frozen=True)
class SlotTable:
    """Table 6's entitlements: for the kingdom's base pool (row ``kingdom``) and each
    major feature, the slots it adds to the kingdom's pool. Not a die table: the GM edits
    it as one line a row, ``city: hero 1, special 1, rare 1`` (rules.core.ruleset)."""

    title: str
    rule: str
    rows: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # (row, ((slot, count), ...))

    def slots(self, row: str) -> dict[str, int]:
        return dict(dict(self.rows).get(row, ()))


TABLE_6_ENTITLEMENTS = SlotTable(
    "Table 6 (Entitlements)", "Table 6 §5.6 E-22",
    (
        (KINGDOM_POOL, (("lord", 1), ("hero", 2), ("special", 2), ("magic_items", 100))),
        (Feature.TOWN.value, (("special", 1),)),
        (Feature.CITY.value, (("hero", 1), ("special", 1), ("rare", 1))),
        (Feature.MINE.value, (("special", 1),)),
        (Feature.DEEP_MINE.value, (("special", 1), ("rare", 1))),
        (Feature.WOODS.value, (("special", 1),)),
        (Feature.DEEP_WOODS.value, (("special", 1), ("rare", 1))),
        (Feature.ARCANE_RUINS.value, (("magic_items", 50),)),
        (Feature.WIZARD_TOWER.value, (("hero", 1),)),  # a wizard only (B 3.5, the GM's check)
    ),
)  # fmt: skip

# --- Minor features (§5.5, E-08; Table 17, §5.10) -----------------------------------

MINOR_FEATURE_CHECK = d6("Minor feature check", "§5.5 E-08", (1, 4, False), (5, 6, True))
"""E-08: rolled for every explored hex outside the neutral kingdoms, Empty ones too."""


class MinorFeature(StrEnum):
    """Table 17 minor terrain features (stored in HexState.minor_feature)."""

    OLD_ROAD = "old_road"
    FORD = "ford"
    ANCIENT_RUINS = "ancient_ruins"
    SHRINE = "shrine"
    BANDIT_LAIR = "bandit_lair"
    MONUMENT = "monument"


TABLE_17_MINOR_FEATURES = d6(
    "Table 17 (Minor features)", "§5.10",
    (1, 1, MinorFeature.OLD_ROAD), (2, 2, MinorFeature.FORD),
    (3, 3, MinorFeature.ANCIENT_RUINS), (4, 4, MinorFeature.SHRINE),
    (5, 5, MinorFeature.BANDIT_LAIR), (6, 6, MinorFeature.MONUMENT),
)  # fmt: skip

# --- Neutral defender sizes (A-1.0.7, A-1.5.2, §5.5) --------------------------------

FEATURE_DEFENDER = d6(
    "Neutral defender (Feature)", "A-1.5.2 §5.5",
    (1, 2, 500), (3, 4, 1000), (5, 5, 1500), (6, 6, 2000),
)  # fmt: skip
MEGA_FEATURE_DEFENDER = d6(
    "Neutral defender (Mega-feature)", "A-1.5.2 §5.5",
    (1, 2, 1000), (3, 4, 1500), (5, 5, 2000), (6, 6, 2500),
)  # fmt: skip


# --- Table 8: scouting (§5.4, E-07, E-29) ------------------------------------------


class ScoutLevel(StrEnum):
    """What a Table 8 result tells the scout, worst first; each level includes the last."""

    LOST = "lost"  # 1: scouts lost, nothing learned; the owner is told "scouts were seen"
    GLIMPSE = "glimpse"  # 2–3: major feature yes/no, neutral kingdom yes/no
    REPORT = "report"  # 4–5: feature, minor feature, defender to the nearest 500, patrol yes/no
    EVERYTHING = "everything"  # 6+: exact defender and race, a neutral kingdom's extent

    @property
    def rank(self) -> int:
        return _SCOUT_LEVEL_RANK[self]


_SCOUT_LEVEL_RANK = {level: rank for rank, level in enumerate(ScoutLevel)}

TABLE_8_SCOUTING = d6(
    "Table 8 (Scouting)", "§5.4 Table 8",
    (1, 1, ScoutLevel.LOST), (2, 3, ScoutLevel.GLIMPSE),
    (4, 5, ScoutLevel.REPORT), (6, 6, ScoutLevel.EVERYTHING),
)  # fmt: skip
"""The modified d6 is read with 6 as "6+" and never below 1 (the table is a d6 table);
its modifiers and the 4–5's rounding are ruleset options (rules.core.table_options)."""


# --- Table 23: basic strategy modifier (§5.7) ---------------------------------------


def ratio_lines(ruleset: Ruleset) -> tuple[tuple[int, int], ...]:
    """Table 23's points-ratio lines, (percent of the enemy's points, modifier), highest
    first: 300 % +3, 200 % +2, 150 % +1 by the rulebook."""
    return (
        (ruleset.ratio_high_percent, ruleset.ratio_high_bonus),
        (ruleset.ratio_mid_percent, ruleset.ratio_mid_bonus),
        (ruleset.ratio_low_percent, ruleset.ratio_low_bonus),
    )


def ratio_bonus(ruleset: Ruleset, own: int, enemy: int) -> int:
    """Table 23: the best ratio line the side reaches (+3 at 3:1, +2 at 2:1, +1 at 1.5:1),
    in whole percents, so no float edges."""
    for percent, bonus in ratio_lines(ruleset):
        if own * 100 >= percent * enemy:
            return bonus
    return 0


def fortification_bonus(ruleset: Ruleset, defence: Defence | None) -> int:
    """Table 23, App B: the defender's fortress or great fortress (never both, A-1.1.3)."""
    if defence is Defence.FORTRESS:
        return ruleset.fortress_bonus
    if defence is Defence.GREAT_FORTRESS:
        return ruleset.great_fortress_bonus
    return 0


# --- Table 24: battle strategy (§5.7) -----------------------------------------------

TABLE_24_BEATS = {
    Strategy.ASSAULT: Strategy.OUTFLANK,
    Strategy.OUTFLANK: Strategy.HOLD,
    Strategy.HOLD: Strategy.ASSAULT,
}


def strategy_bonus(ruleset: Ruleset, own: Strategy, enemy: Strategy) -> int:
    """Table 24: the match-up bonus (+2) to the strategy that beats the other's."""
    return ruleset.match_up_bonus if TABLE_24_BEATS[own] is enemy else 0


NEUTRAL_STRATEGY = d6(
    "Neutral strategy", "E-24",
    (1, 2, Strategy.ASSAULT), (3, 4, Strategy.OUTFLANK), (5, 6, Strategy.HOLD),
)  # fmt: skip
"""E-24: the GM's default for neutral armies; a fixed Hold would invite Outflank."""

# --- Table 25: battle outcome by difference D (§5.7) --------------------------------


class BattleResult(StrEnum):
    DRAW = "draw"
    MARGINAL = "marginal"
    SOLID = "solid"
    MASSACRE = "massacre"


TABLE_25_OUTCOME = DiceTable(
    "Table 25 (Battle outcome)", "§5.7 Table 25", 99,
    ((0, 0, BattleResult.DRAW), (1, 2, BattleResult.MARGINAL), (3, 4, BattleResult.SOLID),
     (5, 99, BattleResult.MASSACRE)),
    lowest=0,
)  # fmt: skip
"""Looked up with D, the difference of the totals, from 0; its last band reads "or
more" (``battle_result``), so the GM writes it "5+ massacre" (rules.core.ruleset)."""


def battle_result(outcome: DiceTable, difference: int) -> BattleResult:
    """Table 25 (``outcome``: the table in force): D = 0 draw, 1–2 marginal, 3–4 solid,
    5+ massacre by the rulebook."""
    if difference < 0:
        raise ValueError(f"Table 25: a difference cannot be negative ({difference})")
    return outcome.lookup(min(difference, outcome.sides))


# --- Troop losses (§5.7, E-10) ------------------------------------------------------


def troop_losses(ruleset: Ruleset, result: BattleResult) -> tuple[int, int]:
    """§5.7: percent of points lost, (winner, loser); a draw's pair is (each side, each
    side), E-10: no winner, no loser."""
    return {
        BattleResult.DRAW: (ruleset.losses_draw, ruleset.losses_draw),
        BattleResult.MARGINAL: (ruleset.losses_marginal_winner, ruleset.losses_marginal_loser),
        BattleResult.SOLID: (ruleset.losses_solid_winner, ruleset.losses_solid_loser),
        BattleResult.MASSACRE: (ruleset.losses_massacre_winner, ruleset.losses_massacre_loser),
    }[result]


def loss_percent(
    ruleset: Ruleset, result: BattleResult, won: bool | None, own: Strategy, enemy: Strategy
) -> int:
    """§5.7 troop losses after the Table 24 effects; ``won`` is None for a draw.

    The same choice on both sides has no effect on losses (Table 24's last row, "—"),
    so two Holds, the default (Q7), lose the plain percentage. E-10: a draw takes no
    Outflank or Hold adjustment; Hold's floor (5) is kept as a harmless guard.
    """
    winner, loser = troop_losses(ruleset, result)
    percent = loser if won is False else winner
    if own is enemy:
        return percent
    if Strategy.ASSAULT in (own, enemy):
        percent += ruleset.assault_losses
    if won is False and enemy is Strategy.OUTFLANK:
        percent += ruleset.outflank_losses
    if won is False and own is Strategy.HOLD:
        percent = max(ruleset.losses_minimum, percent + ruleset.hold_losses)
    return max(0, percent)


def points_lost(ruleset: Ruleset, points: int, percent: int) -> int:
    """§5.7: a percentage of the points, rounded UP to the nearest 5, never above them."""
    step = ruleset.losses_round_to
    return min(points, -(-points * percent // (100 * step)) * step)


# --- Fallen characters (§5.7, E-10) -------------------------------------------------


def falls_on(ruleset: Ruleset, won: bool | None, result: BattleResult) -> int:
    """§5.7: the highest d6 on which a character of this side falls (1 winner, 1–2 loser
    or draw, E-10, 1–3 massacred)."""
    if won:
        return ruleset.falls_on_winner
    if won is False and result is BattleResult.MASSACRE:
        return ruleset.falls_on_massacred
    return ruleset.falls_on_loser


# --- Tables 3 and 4: edicts, looting and razing (§5.3, E-13, E-26) ------------------


class EdictRisk(StrEnum):
    """Table 3 results (§5.3)."""

    REVOLT = "revolt"  # the hex leaves the kingdom; rebels hold it (E-09)
    UNREST = "unrest"  # no Support, Entitlements, power or industry for 2 turns
    NONE = "none"  # no further consequence


TABLE_3_RISKS = DiceTable(
    "Table 3 (Risks of looting and razing)", "§5.3 Table 3", 6,
    ((0, 0, EdictRisk.REVOLT), (1, 2, EdictRisk.UNREST), (3, 6, EdictRisk.NONE)),
    lowest=0,
)  # fmt: skip
"""Read on the modified d6 with 0 as "0 or less" and 6 as "6+". Its modifiers, the
length of Unrest and the rebels' size are ruleset options (rules.core.table_options), as are
Table 4's power for looting and razing."""

TABLE_4_MEGA_DOWNGRADE = {
    Feature.CITY: Feature.TOWN,
    Feature.DEEP_MINE: Feature.MINE,
    Feature.DEEP_WOODS: Feature.WOODS,
}
"""Table 4: a razed mega-feature is downgraded; any other major feature is removed."""
TABLE_4_FORTIFICATION_RAZED = {Defence.FORTRESS: None, Defence.GREAT_FORTRESS: Defence.FORTRESS}
"""Table 4: a razed fortress is removed, a great fortress becomes a fortress."""


# --- End of the campaign (A-3.0.2) --------------------------------------------------


def end_roll_table(target: int) -> DiceTable:
    """A-3.0.2 [Source A]: a d6 of ``target`` or more (4+ by default) ends the campaign."""
    return d6("End roll", "A-3.0.2", (1, target - 1, False), (target, 6, True))


# --- Diplomacy table and Table 11: pacify neutrals (§5.6, A-1.4.12, E-25, E-09) ------


class PacifyResult(StrEnum):
    """Table 11 results (§5.6)."""

    PROVOKED = "provoked"  # the defender +500, capped at its band maximum (E-09)
    NO_EFFECT = "no_effect"
    WAVERING = "wavering"  # the defender halved, rounded up to 250
    PACIFIED = "pacified"  # the hex joins at the end of the turn if still unowned (E-26)


DIPLOMACY_INCITE = d6("Diplomacy: Incite", "§5.6 A-1.4.12", (1, 3, False), (4, 6, True))
DIPLOMACY_INCITE_ALLIED = d6(
    "Diplomacy: Incite your ally", "§5.6 A-1.4.12", (1, 2, False), (3, 6, True)
)
DIPLOMACY_ALLY = d6("Diplomacy: Ally", "§5.6 A-1.4.12", (1, 4, False), (5, 6, True))
DIPLOMACY_DEACTIVATE = d6("Diplomacy: Deactivate", "§5.6 A-1.4.12", (1, 3, False), (4, 6, True))
"""Rolled on a d6 plus the extra power spent (at most +2), read with 6 as "6+"; a
natural 1 always fails, whatever the table says (§5.6)."""
TABLE_11_PACIFY = d6(
    "Table 11 (Pacify neutrals)", "§5.6 Table 11",
    (1, 1, PacifyResult.PROVOKED), (2, 3, PacifyResult.NO_EFFECT),
    (4, 5, PacifyResult.WAVERING), (6, 6, PacifyResult.PACIFIED),
)  # fmt: skip
"""Rolled on a d6 plus (power spent − 1), read with 6 as "6+"."""

ALL_DICE_TABLES: tuple[DiceTable, ...] = (
    DIPLOMACY_INCITE,
    DIPLOMACY_INCITE_ALLIED,
    DIPLOMACY_ALLY,
    DIPLOMACY_DEACTIVATE,
    TABLE_11_PACIFY,
    *TABLE_7_EXPLORATION.values(),
    MINOR_FEATURE_CHECK,
    TABLE_17_MINOR_FEATURES,
    FEATURE_DEFENDER,
    MEGA_FEATURE_DEFENDER,
    NEUTRAL_STRATEGY,
    TABLE_8_SCOUTING,
    TABLE_3_RISKS,
)
