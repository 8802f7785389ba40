"""The post-battle dice tables as data (§5.8 Tables 13–14, §5.9 Tables 18–22).

Each is a GM-editable table of the ruleset (rules.core.ruleset.TABLES); the engine reads the
version in force through ``rules.core.ruleset.table``. Their numbers (Table 12's thresholds,
Table 13's modifiers, Table 16's rolls, the XP totals of Table 18, the caps) are ruleset
options (rules.core.table_options). The engine that rolls them is rules.battles.postbattle and
rules.battles.advancement.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core.dicetable import DiceTable, d6


class UnitFate(StrEnum):
    """Table 12: how a unit left the tabletop battle (the report says)."""

    FLED = "fled"
    DESTROYED = "destroyed"


class Recovery(StrEnum):
    """Table 13 results."""

    DEAD = "dead"
    INJURED = "injured"
    FULL = "full_recovery"


TABLE_13_RECOVERY = DiceTable(
    "Table 13 (Character recovery)", "§5.8 Table 13 E-02", 6,
    ((0, 0, Recovery.DEAD), (1, 2, Recovery.INJURED), (3, 6, Recovery.FULL)),
    lowest=0,
)  # fmt: skip
"""Read on the modified d6 with 0 as "0 or less" and 6 as "6+"."""


class Injury(StrEnum):
    """Table 14 results."""

    GRIEVOUS_WOUND = "grievous_wound"
    LEG_WOUND = "leg_wound"
    ARM_WOUND = "arm_wound"
    HEAD_WOUND = "head_wound"
    EYE_WOUND = "eye_wound"
    SHAKEN = "shaken"


INJURY_STAT = {
    Injury.GRIEVOUS_WOUND: "w",
    Injury.LEG_WOUND: "m",
    Injury.ARM_WOUND: "ws",
    Injury.HEAD_WOUND: "i",
    Injury.EYE_WOUND: "bs",
}
"""The stat each wound lowers (Table 14); Shaken lowers none."""

TABLE_14_INJURY = d6(
    "Table 14 (Injury)", "§5.8 Table 14 E-03",
    (1, 1, Injury.GRIEVOUS_WOUND), (2, 2, Injury.LEG_WOUND), (3, 3, Injury.ARM_WOUND),
    (4, 4, Injury.HEAD_WOUND), (5, 5, Injury.EYE_WOUND), (6, 6, Injury.SHAKEN),
)  # fmt: skip


class SkillTable(StrEnum):
    """Table 18 results: the skill table to roll on."""

    FIGHTING = "fighting"  # Table 19
    SHOOTING = "shooting"  # Table 20
    COMMAND = "command"  # Table 21
    MAGIC = "magic"  # Table 22, wizards only


FALLBACK_ORDER = (SkillTable.FIGHTING, SkillTable.COMMAND, SkillTable.SHOOTING, SkillTable.MAGIC)
"""E-11: a table with no result left sends the advance to the next of this order."""

TABLE_18_ADVANCEMENT = d6(
    "Table 18 (Advancement)", "§5.9 Table 18 E-11",
    (1, 2, SkillTable.FIGHTING), (3, 3, SkillTable.SHOOTING), (4, 5, SkillTable.COMMAND),
    (6, 6, SkillTable.MAGIC),
)  # fmt: skip

STAT_SKILLS = {
    "ws": "ws", "s": "s", "i": "i", "a": "a", "hardened": "t", "bs": "bs", "ld": "ld",
}  # fmt: skip
"""Skills that raise a stat by 1 (stored as deltas on the Character, E-11)."""

SKILLS: dict[SkillTable, tuple[str, ...]] = {
    SkillTable.FIGHTING: ("ws", "s", "i", "a", "duellist", "hardened"),
    SkillTable.SHOOTING: ("bs", "quick_shot", "marksman", "eagle_eye", "volley_leader"),
    SkillTable.COMMAND: (
        "ld", "inspiring", "tactician", "drillmaster", "scoutmaster", "born_leader",
    ),
    SkillTable.MAGIC: (
        "wizard_level", "spell_known", "spell_bonus", "channeller", "lore_master",
        "arcane_resilience",
    ),
}  # fmt: skip
"""Each table's results, as the GM writes them in an edited table."""

SKILL_WORDS = {
    "ws": "+1 WS", "s": "+1 S", "i": "+1 I", "a": "+1 A",
    "duellist": "Duellist (re-roll failed to-hit rolls in challenges)",
    "hardened": "Hardened (+1 T)",
    "bs": "+1 BS", "quick_shot": "Quick shot (no penalty for moving and shooting)",
    "marksman": "Marksman (ignores the long-range penalty)",
    "eagle_eye": "Eagle eye (+6\" range to his missile weapon)",
    "volley_leader": "Volley leader (his unit re-rolls to-hit 1s when shooting)",
    "ld": "+1 Ld", "inspiring": "Inspiring (+3\" Leadership radius as General)",
    "tactician": "Tactician (+1 on Table 23)",
    "drillmaster": "Drillmaster (+1 on his army's Table 12 rolls)",
    "scoutmaster": "Scoutmaster (+1 on his army's Table 8 rolls)",
    "born_leader": "Born leader (+1 Generalship)",
    "wizard_level": "+1 wizard level", "spell_known": "+1 spell known",
    "spell_bonus": "+1 to cast one chosen spell", "channeller": "Channeller (+1 power die)",
    "lore_master": "Lore master (chooses his spells)",
    "arcane_resilience": "Arcane resilience (+1 on Table 13)",
}  # fmt: skip

SKILL_TABLES: dict[SkillTable, DiceTable] = {
    SkillTable.FIGHTING: d6(
        "Table 19 (Fighting skills)", "§5.9 Table 19 E-11",
        (1, 1, "ws"), (2, 2, "s"), (3, 3, "i"), (4, 4, "a"), (5, 5, "duellist"),
        (6, 6, "hardened"),
    ),
    SkillTable.SHOOTING: d6(
        "Table 20 (Shooting skills)", "§5.9 Table 20 E-11",
        (1, 1, "bs"), (2, 2, "quick_shot"), (3, 3, "marksman"), (4, 4, "eagle_eye"),
        (5, 5, "volley_leader"), (6, 6, "bs"),
    ),
    SkillTable.COMMAND: d6(
        "Table 21 (Command skills)", "§5.9 Table 21 E-11",
        (1, 1, "ld"), (2, 2, "inspiring"), (3, 3, "tactician"), (4, 4, "drillmaster"),
        (5, 5, "scoutmaster"), (6, 6, "born_leader"),
    ),
    SkillTable.MAGIC: d6(
        "Table 22 (Magic skills)", "§5.9 Table 22 E-11",
        (1, 1, "wizard_level"), (2, 2, "spell_known"), (3, 3, "spell_bonus"),
        (4, 4, "channeller"), (5, 5, "lore_master"), (6, 6, "arcane_resilience"),
    ),
}  # fmt: skip
"""E-11: each row is one result that can be taken once (Table 20's two "+1 BS" rows
allow +2 BS in all)."""

SKILL_TABLE_KEYS = {
    SkillTable.FIGHTING: "table-19",
    SkillTable.SHOOTING: "table-20",
    SkillTable.COMMAND: "table-21",
    SkillTable.MAGIC: "table-22",
}
