"""The new tiles' switch and numbers (new-rules.md §2–3; docs/design/supplement.md, "New
tiles"), inherited by ``rules.core.state.Ruleset`` so that the rules page and the API edit
them like the rulebook's (rules.core.table_options). Each AMB- reading Warpost takes is an
option here, its default the supplement's suggested one.

A tile's Table 7 column (E-33, E-34) is a number: 1 Fields, 2 River, 3 Forest, 4 Swamp,
5 Mountain (rules.core.tables.TABLE_7_COLUMNS); Tables 26–30 read the same column.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import NEW_TILES, option

FIELDS, RIVER, MOUNTAIN = 1, 2, 5  # rules.core.tables.TABLE_7_COLUMNS, counted from 1
TILE_COLUMNS = (
    "delta", "chasm", "rocky_promontory", "coastal_island", "rocky_coast", "fault", "volcano",
    "plateau",
)  # fmt: skip
"""The tiles with a column option, ``<tile>_column`` (sandbanks are sea, never explored)."""
_COLUMN = "E-33 E-34 AMB-06"


def _column(default: int, tile: str, rule: str):
    return option(default, f"{tile} explores on Table 7's column", f"{rule} {_COLUMN}", 1, 5,
                  NEW_TILES)  # fmt: skip


@dataclass(frozen=True)
class NewTilesOptions:
    new_tiles: int = option(
        0, "Optional module: new tiles and navigation hazards (1 on, 0 off)",
        "NR-DELTA NR-CHASM NR-PROM NR-ISLAND NR-RCOAST NR-FAULT NR-VOLCANO NR-SAND "
        "NR-PLATEAU NR-NAV", 0, 1, NEW_TILES,
    )  # fmt: skip
    # E-34: what each tile counts as, for Table 7 and Tables 26–30
    delta_column: int = _column(RIVER, "A delta", "NR-DELTA-1")
    chasm_column: int = _column(FIELDS, "A chasm", "NR-CHASM-1")
    rocky_promontory_column: int = _column(FIELDS, "A rocky promontory", "NR-PROM")
    coastal_island_column: int = _column(FIELDS, "A coastal island", "NR-ISLAND-1")
    rocky_coast_column: int = _column(MOUNTAIN, "A rocky coast", "NR-RCOAST-1")
    fault_column: int = _column(FIELDS, "A fault", "NR-FAULT")
    volcano_column: int = _column(MOUNTAIN, "A volcano", "NR-VOLCANO-1")
    plateau_column: int = _column(MOUNTAIN, "A plateau", "NR-PLATEAU-1")
    # NR-DELTA-4: a City found on a delta is rolled again, at most this many times
    delta_city_rerolls: int = option(
        10, "A City found on a delta is rolled again (at most, times)", "NR-DELTA-4 E-33", 0,
        20, NEW_TILES,
    )  # fmt: skip
    # NR-DELTA-5, NR-CHASM-7, E-30: paid in the winter phase while crowns are kept
    delta_crowns: int = option(
        3, "A settlement on a delta pays yearly (crowns)", "NR-DELTA-5 E-30", 0, 20, NEW_TILES
    )
    chasm_toll: int = option(
        1, "A bridged chasm's toll, yearly (crowns)", "NR-CHASM-7 E-30", 0, 20, NEW_TILES
    )
    # NR-CHASM-2, BASE-06, AMB-34: Warpost has no route table; its reading is a d6
    chasm_accident_on: int = option(
        1, "Crossing a chasm: an accident on a d6 of at most", "NR-CHASM-2 AMB-34", 0, 6,
        NEW_TILES,
    )  # fmt: skip
    chasm_accident_loss: int = option(
        100, "An accident costs the army a d6 times (points)", "NR-CHASM-2", 0, 1000, NEW_TILES
    )
    chasm_bridge_spares_roll: int = option(
        1, "A bridge spares the crossing roll (1 yes, 0 no)", "AMB-34", 0, 1, NEW_TILES
    )
    chasm_city_bridge_on: int = option(
        4, "A City found on a chasm has a bridge on a d6 of", "NR-CHASM-4", 1, 7, NEW_TILES
    )
    # NR-CHASM-6, NR-ISLAND-3, NR-PLATEAU-3, AMB-35, E-36: on a side's Table 23 total
    tile_modifiers_burden_attacker: int = option(
        1, "The tiles' strategy modifiers go on the attacker (1) or the defender (0)",
        "AMB-35 E-36", 0, 1, NEW_TILES,
    )  # fmt: skip
    chasm_strategy: int = option(
        -1, "A battle on a chasm: the attacker's strategy modifier", "NR-CHASM-6 AMB-35 E-36",
        -6, 6, NEW_TILES,
    )  # fmt: skip
    coastal_island_strategy: int = option(
        -2, "A battle on a coastal island: the attacker's strategy modifier",
        "NR-ISLAND-3 AMB-35 E-36", -6, 6, NEW_TILES,
    )  # fmt: skip
    plateau_strategy: int = option(
        -1, "A battle on a plateau: the attacker's strategy modifier",
        "NR-PLATEAU-3 AMB-35 E-36", -6, 6, NEW_TILES,
    )  # fmt: skip
    # NR-FAULT-2, AMB-36: the rift's line, which splits a fault hex's edges three a side
    fault_rift: int = option(
        0, "A fault's rift runs (0 west–east, 1 and 2 turned a sixth clockwise each)",
        "NR-FAULT-2 AMB-36", 0, 2, NEW_TILES,
    )  # fmt: skip
    # NR-FAULT-3–5, NR-VOLCANO-2–5, E-31: the winter phase's geology
    fault_quake_on: int = option(
        1, "Each winter a fault quakes on a d6 of at most", "NR-FAULT-3", 0, 6, NEW_TILES
    )
    fault_spread_on: int = option(
        3, "A quake spreads to each neighbour on a d6 of at most", "NR-FAULT-5 AMB-36", 0, 6,
        NEW_TILES,
    )  # fmt: skip
    volcano_erupts_on: int = option(
        1, "Each winter a volcano erupts on a d6 of at most", "NR-VOLCANO-2", 0, 6, NEW_TILES
    )
    # T-NAVHAZ rows 2 and 3: each army aboard loses a d6 times this
    hazard_loss: int = option(
        100, "A navigation hazard costs each army a d6 times (points)", "T-NAVHAZ NR-NAV-1",
        0, 1000, NEW_TILES,
    )  # fmt: skip
    aground_refloats_on: int = option(
        4, "An army aground gets off on a d6 of", "NR-NAV-2", 1, 7, NEW_TILES
    )
    aground_lost_in_winter: int = option(
        1, "An army still aground at the winter phase is lost (1 yes, 0 no)", "NR-NAV-3 AMB-05",
        0, 1, NEW_TILES,
    )  # fmt: skip
