"""The tabletop terrain tables as data (§5.11 Tables 26–30), with the tabletop effects of
the minor and defensive features (§5.10 Table 17, Appendix B).

Tables 26–30 are GM-editable tables of the ruleset (rules.core.ruleset.TABLES, keys
``table-26`` … ``table-30``); their results are free text, the piece the players put on
the table. The number of pieces (d3 + 2), the board sizes and the Massacre margin are
ruleset options (rules.core.table_options, the "Tabletop battles" block). rules.battles.tabletop
rolls them.
"""

from __future__ import annotations

from rules.core.dicetable import DiceTable, d6
from rules.core.state import Defence, Terrain
from rules.core.tables import MinorFeature

RULE = "§5.11 P-C5"

TABLE_26_RIVER = d6(
    "Table 26 (River terrain)", RULE,
    (1, 1, "River across the table (1 ford or bridge)"), (2, 2, "Marsh (difficult)"),
    (3, 3, "Wood"), (4, 4, "Farm or mill building"), (5, 5, "Hedge or low wall"),
    (6, 6, "Hill"),
)  # fmt: skip
TABLE_27_MOUNTAIN = d6(
    "Table 27 (Mountain terrain)", RULE,
    (1, 1, "Impassable rocks"), (2, 2, "Steep hill"), (3, 3, "Hill"),
    (4, 4, "Scree (difficult)"), (5, 5, "Ruined tower (building)"), (6, 6, "Hill"),
)  # fmt: skip
TABLE_28_SWAMP = d6(
    "Table 28 (Swamp terrain)", RULE,
    (1, 1, "Marsh (difficult)"), (2, 2, "Marsh (difficult)"), (3, 3, "Pool (impassable)"),
    (4, 4, "Wood"), (5, 5, "Ruins"), (6, 6, "Hill"),
)  # fmt: skip
TABLE_29_FOREST = d6(
    "Table 29 (Forest terrain)", RULE,
    (1, 1, "Wood"), (2, 2, "Wood"), (3, 3, "Wood"), (4, 4, "Hill"),
    (5, 5, "Clearing with a building"), (6, 6, "Stream (shallow, difficult)"),
)  # fmt: skip
TABLE_30_FIELD = d6(
    "Table 30 (Field terrain)", RULE,
    (1, 1, "Hill"), (2, 2, "Wood"), (3, 3, "Farm building"), (4, 4, "Hedge or low wall"),
    (5, 5, "Cultivated field (no effect)"), (6, 6, "Road"),
)  # fmt: skip

TERRAIN_TABLES: dict[Terrain, tuple[str, DiceTable]] = {
    Terrain.RIVER: ("table-26", TABLE_26_RIVER),
    Terrain.MOUNTAIN: ("table-27", TABLE_27_MOUNTAIN),
    Terrain.SWAMP: ("table-28", TABLE_28_SWAMP),
    Terrain.FOREST: ("table-29", TABLE_29_FOREST),
    Terrain.FIELDS: ("table-30", TABLE_30_FIELD),
}
"""The table of each land terrain, by its ruleset key (Q24: the original numbers)."""

ONCE_A_BATTLE = "River"
"""§5.11: "Re-roll a second 'River' result": a piece whose text starts with this word
is placed once a battle at most."""

MINOR_FEATURE_PIECES: dict[MinorFeature, str] = {
    MinorFeature.OLD_ROAD: "A road across the table",
    MinorFeature.FORD: "A ford or bridge on the river",
    MinorFeature.ANCIENT_RUINS: "Ruins (cover)",
    MinorFeature.SHRINE: "A shrine (building)",
    MinorFeature.BANDIT_LAIR: "A hill or wood with a hidden objective",
    MinorFeature.MONUMENT: "A statue or monolith (impassable)",
}
"""Table 17's tabletop column (§5.10): the one piece a hex's minor feature adds."""

DEFENCE_PIECES: dict[Defence, str] = {
    Defence.FORTRESS: "The defender deploys with a fortified building or wall section",
    Defence.GREAT_FORTRESS: "The defender may use the WFB siege rules, or two fortified pieces",
}
"""Appendix B's tabletop column for a fortress or a great fortress."""

WATCHTOWER_PIECE = "The defender may place one tower or building in his deployment zone"
"""Appendix B's tabletop column for a watchtower."""
