"""The rule tables as data, each with the rule ID of its source (Q24: original numbers).

Everything here is a DESIGN PROPOSAL of campaign-rules.md §5 unless marked Source A, so
it is kept as data a GM may later edit (issue 3); ``DiceTable.validate`` checks an
edited table before it is used.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from rules.dicetable import DiceTable, d6
from rules.state import Defence, Feature, Strategy, Terrain

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
"""The modified d6 is read with 6 as "6+" and never below 1 (the table is a d6 table)."""
TABLE_8_ADJACENT = 1  # the target is adjacent to the kingdom (E-16 adjacency)
TABLE_8_WATCHTOWER = 1  # the player owns a watchtower within 1 hex of the target (E-07)
TABLE_8_ROUND_TO = 500  # a 4–5 gives the defender's size to the nearest 500 points


# --- Table 23: basic strategy modifier (§5.7) ---------------------------------------

TABLE_23_RATIO: tuple[tuple[Fraction, int], ...] = (
    (Fraction(3), 3),
    (Fraction(2), 2),
    (Fraction(3, 2), 1),
)
"""Own points against the enemy's, highest threshold first; only the best line counts."""
TABLE_23_DEFENCE = {Defence.FORTRESS: 1, Defence.GREAT_FORTRESS: 2}  # never both
TABLE_23_GRAND_MARSHAL = 1
TABLE_23_TACTICIAN = 1
TABLE_23_HOME_GROUND = 1
TABLE_23_FORD = 1  # Table 17 Ford or bridge in the invasion's origin (E-07, E-21)


def ratio_bonus(own: int, enemy: int) -> int:
    """Table 23: +3 at 3:1, +2 at 2:1, +1 at 1.5:1 (exact fractions, no float edges)."""
    for threshold, bonus in TABLE_23_RATIO:
        if own >= threshold * enemy:
            return bonus
    return 0


# --- Table 24: battle strategy (§5.7) -----------------------------------------------

TABLE_24_BEATS = {
    Strategy.ASSAULT: Strategy.OUTFLANK,
    Strategy.OUTFLANK: Strategy.HOLD,
    Strategy.HOLD: Strategy.ASSAULT,
}
TABLE_24_MATCH_UP_BONUS = 2


def strategy_bonus(own: Strategy, enemy: Strategy) -> int:
    """Table 24: +2 to the strategy that beats the other's in the cycle."""
    return TABLE_24_MATCH_UP_BONUS if TABLE_24_BEATS[own] is enemy else 0


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


TABLE_25_OUTCOME: tuple[tuple[int, BattleResult], ...] = (
    (5, BattleResult.MASSACRE),
    (3, BattleResult.SOLID),
    (1, BattleResult.MARGINAL),
    (0, BattleResult.DRAW),
)
"""The lowest D of each band, highest first; D has no upper bound, so not a DiceTable."""


def battle_result(difference: int) -> BattleResult:
    """Table 25: D = 0 draw, 1–2 marginal, 3–4 solid, 5+ massacre."""
    for lowest, result in TABLE_25_OUTCOME:
        if difference >= lowest:
            return result
    raise ValueError(f"Table 25: a difference cannot be negative ({difference})")


# --- Troop losses (§5.7, E-10) ------------------------------------------------------

TROOP_LOSSES: dict[BattleResult, tuple[int, int]] = {
    BattleResult.DRAW: (20, 20),  # E-10: no winner, no loser
    BattleResult.MARGINAL: (15, 30),
    BattleResult.SOLID: (10, 40),
    BattleResult.MASSACRE: (5, 60),
}
"""Percent of points lost: (winner, loser); a draw's pair is (each side, each side)."""
ASSAULT_LOSSES = 10
OUTFLANK_LOSSES = 10
HOLD_LOSSES = -10
MINIMUM_LOSSES = 5  # Hold's floor; E-10 keeps it as a harmless guard
LOSSES_ROUND_TO = 5


def loss_percent(result: BattleResult, won: bool | None, own: Strategy, enemy: Strategy) -> int:
    """§5.7 troop losses after the Table 24 effects; ``won`` is None for a draw.

    Each Assault choice adds 10 to both sides, so two Assaults add 20 (each strategy's
    effect applies). E-10: a draw takes no Outflank or Hold adjustment.
    """
    winner, loser = TROOP_LOSSES[result]
    percent = loser if won is False else winner
    percent += ASSAULT_LOSSES * [own, enemy].count(Strategy.ASSAULT)
    if won is False and enemy is Strategy.OUTFLANK:
        percent += OUTFLANK_LOSSES
    if won is False and own is Strategy.HOLD:
        percent = max(MINIMUM_LOSSES, percent + HOLD_LOSSES)
    return percent


def points_lost(points: int, percent: int) -> int:
    """§5.7: a percentage of the points, rounded UP to the nearest 5, never above them."""
    step = LOSSES_ROUND_TO
    return min(points, -(-points * percent // (100 * step)) * step)


# --- Fallen characters (§5.7, E-10) -------------------------------------------------

FALLS_ON_WINNER = 1
FALLS_ON_LOSER = 2  # E-10: a draw uses this row too
FALLS_ON_MASSACRED = 3


def falls_on(won: bool | None, result: BattleResult) -> int:
    """§5.7: the highest d6 on which a character of this side falls."""
    if won:
        return FALLS_ON_WINNER
    if won is False and result is BattleResult.MASSACRE:
        return FALLS_ON_MASSACRED
    return FALLS_ON_LOSER


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
"""Read on the modified d6 with 0 as "0 or less" and 6 as "6+"."""
TABLE_3_RAZE = -1
TABLE_3_RECENT_EDICT = -1  # the hex was looted or razed in either of the two previous turns
TABLE_3_RECENT_TURNS = 2
TABLE_3_FORTIFIED = 1  # the hex holds a fortress or a great fortress
TABLE_3_PATROLLED = 1  # one of the player's patrols covers the hex this turn
UNREST_TURNS = 2  # Unrest lasts the next 2 turns
REVOLT_DEFENDER = 500  # the rebels of a hex without a major feature (E-09)

TABLE_4_LOOT_POWER = {"no_feature": 1, "major": 2, "mega": 3}
"""Table 4: power for looting, by the hex's row (E-22: a City, even a captured capital)."""
TABLE_4_RAZE_POWER = {"fortification": 1, "major": 3, "mega": 4}
"""Table 4 and E-26: power for razing, by the row of the structure named: a feature's
own row, the first row (1) for a fortress, a great fortress or a watchtower."""
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
