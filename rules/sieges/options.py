"""The numbers of sieges (E-37, siege-tactical.md §8) and siege trains (new-rules.md §9)
as ruleset options: ``rules.core.state.Ruleset`` inherits them, so the rules page and the API
edit them like the rulebook's (rules.core.table_options). docs/design/sieges.md says how each
is used; the dice tables are in rules.sieges.tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import SIEGE_TRAINS as TRAINS
from rules.core.table_options import SIEGES, option


@dataclass(frozen=True)
class SiegeOptions:
    siege_days_per_turn: int = option(
        7, "Siege days in one campaign turn", "E-37 SG-DAY §12.1", 1, 30, SIEGES
    )
    siege_provisions_dice: int = option(
        3, "Provisions: d10s rolled at the investment (3D10: a castle)", "SG-PROV-1", 1, 10,
        SIEGES,
    )  # fmt: skip
    siege_provisions_minimum: int = option(
        2, "Provisions: never fewer than (days)", "SG-PROV-3", 0, 10, SIEGES
    )
    siege_points_per_mouth: int = option(
        100, "Provisions modifier: one mouth per (garrison points)", "SG-PROV-2", 10, 1000,
        SIEGES,
    )  # fmt: skip
    siege_event_early_days: int = option(
        5, "Events: the siege's first days with a bonus", "SG-EVENT-1", 0, 30, SIEGES
    )
    siege_event_early_bonus: int = option(
        5, "Events: the bonus in those days", "SG-EVENT-1", 0, 20, SIEGES
    )
    siege_blockade_good_percent: int = option(
        200, "Blockade good from besiegers' points at (% of the garrison's)", "SG-BLOCK-1",
        100, 1000, SIEGES,
    )  # fmt: skip
    siege_blockade_average_percent: int = option(
        100, "Blockade average from (% of the garrison's)", "SG-BLOCK-1", 1, 1000, SIEGES
    )
    siege_blockade_average_bonus: int = option(
        4, "Average blockade: on the events roll", "SG-BLOCK-1", 0, 20, SIEGES
    )
    siege_blockade_poor_bonus: int = option(
        8, "Poor blockade: on the events roll", "SG-BLOCK-1", 0, 20, SIEGES
    )
    siege_initiative_bonus: int = option(
        4, "Initiative: the besieger's bonus on his d10", "SG-INIT-1", 0, 10, SIEGES
    )
    siege_hostage_malus: int = option(
        2, "Event 18: the garrison's initiative malus", "SG-EVENT-2 SG-INIT-1", 0, 10, SIEGES
    )
    siege_stolen_days: int = option(
        4, "Event 12: provisions stolen (days)", "SG-EVENT-2", 0, 20, SIEGES
    )
    siege_levy_points: int = option(
        500, "Events 11 and 19: the levy a side gains (points)", "SG-EVENT-2", 0, 5000, SIEGES
    )
    siege_sickness_percent: int = option(
        2, "Events 15 and 8: points lost per pip of the d10 (%)", "SG-EVENT-2", 0, 10, SIEGES
    )
    siege_refugees_per_day: int = option(
        3, "Event 14: refugees (d10) eating one day of food", "SG-EVENT-2 SG-PROV-4", 1, 10,
        SIEGES,
    )  # fmt: skip
    siege_surrender_deadline: int = option(
        10, "Event 7: the garrison surrenders after (days) unless relieved", "SG-EVENT-2", 1,
        60, SIEGES,
    )  # fmt: skip
    siege_gate_bonus: int = option(
        2, "Event 13: the besiegers' modifier in that day's assault", "SG-EVENT-2 Table 23",
        0, 10, SIEGES,
    )  # fmt: skip
    siege_assassin_slays_on: int = option(
        7, "Event 17: the besieging General is struck down on a d10 of", "SG-EVENT-2", 1, 11,
        SIEGES,
    )  # fmt: skip
    siege_assassin_wounds_on: int = option(
        4, "Event 17: … wounded (this turn) on a d10 of", "SG-EVENT-2", 1, 11, SIEGES
    )
    siege_sabotage_on: int = option(
        6, "Event 16: an engine is destroyed on a d10 of", "SG-EVENT-2", 1, 11, SIEGES
    )
    siege_camp_engine_bombard: int = option(
        3, "A camp mangonel bombards with (points)", "SG-BOMB-7 SG-MANG-2", 0, 20, SIEGES
    )
    siege_camp_engine_points: int = option(
        1000, "The camp builds one mangonel per (besiegers' points)", "SG-BUILD-1", 100,
        10000, SIEGES,
    )  # fmt: skip
    siege_build_days: int = option(
        8, "The camp's mangonels are ready on siege day", "SG-BUILD-1 SG-BUILD-4", 1, 60,
        SIEGES,
    )  # fmt: skip
    siege_wall_stages_fortress: int = option(
        4, "A fortress's wall falls after (D results; double stone P)", "SG-BOMB-1", 1, 10,
        SIEGES,
    )  # fmt: skip
    siege_wall_stages_great_fortress: int = option(
        4, "A great fortress's wall falls after (D results)", "SG-BOMB-1", 1, 10, SIEGES
    )
    siege_wall_stages_city: int = option(
        2, "A City's wall falls after (D results; single stone S)", "SG-BOMB-1", 1, 10, SIEGES
    )
    siege_great_fortress_bombard_malus: int = option(
        1, "Bombarding a great fortress: off the d10", "SG-BOMB-5", 0, 5, SIEGES
    )
    siege_repair_days: int = option(
        1, "A C result: days the engines are out (repair)", "SG-REPAIR-1", 0, 10, SIEGES
    )
    siege_camp_rebuild_days: int = option(
        2, "A sortie won by the garrison: days the camp does not bombard", "SG-SORT-8", 0, 10,
        SIEGES,
    )  # fmt: skip
    siege_sortie_engines: int = option(
        1, "A sortie won by the garrison destroys (engines)", "SG-SORT-6", 0, 10, SIEGES
    )
    siege_sortie_garrison_percent: int = option(
        50, "A sortie: the garrison's share in the ratio (%)", "SG-SORT-3", 1, 100, SIEGES
    )
    siege_sortie_camp_percent: int = option(
        33, "A sortie: the camp's share in the ratio (%)", "SG-SORT-2", 1, 100, SIEGES
    )
    siege_supply_sides: int = option(
        6, "Supply sortie: pack animals, a die of (faces)", "SG-SUP-2", 1, 20, SIEGES
    )
    siege_supply_good_percent: int = option(
        33, "… that pass a good blockade (%)", "SG-SUP-2 SG-BLOCK-1", 0, 100, SIEGES
    )
    siege_supply_average_percent: int = option(
        50, "… an average blockade (%)", "SG-SUP-2 SG-BLOCK-1", 0, 100, SIEGES
    )
    siege_supply_poor_percent: int = option(
        100, "… a poor blockade (%)", "SG-SUP-2 SG-BLOCK-1", 0, 100, SIEGES
    )
    siege_negotiation_target: int = option(
        12, "Negotiation: the place surrenders on (d10 + modifiers)", "SG-SURR-2", 1, 30, SIEGES
    )
    siege_negotiation_double: int = option(
        1, "Negotiation: besiegers twice the garrison's points", "SG-SURR-3", 0, 10, SIEGES
    )
    siege_negotiation_triple: int = option(
        2, "Negotiation: … three times (instead)", "SG-SURR-3", 0, 10, SIEGES
    )
    siege_negotiation_damaged: int = option(
        1, "Negotiation: the wall damaged", "SG-SURR-3", 0, 10, SIEGES
    )
    siege_negotiation_breached: int = option(
        2, "Negotiation: the wall breached (instead)", "SG-SURR-3", 0, 10, SIEGES
    )
    siege_negotiation_hungry_days: int = option(
        3, "Negotiation: rations short at (days of food or fewer)", "SG-SURR-3 SG-GAP-5", 0, 30,
        SIEGES,
    )  # fmt: skip
    siege_negotiation_hungry: int = option(
        1, "Negotiation: rations short", "SG-SURR-3 SG-GAP-5", 0, 10, SIEGES
    )
    siege_city_wall_bonus: int = option(
        1, "A City's walls in an assault (garrison, no fortress)", "E-37 Table 23", 0, 5, SIEGES
    )
    siege_wall_repair: int = option(
        1, "Wall damage repaired a turn after a siege (D results)", "§12.5", 0, 10, SIEGES
    )
    siege_estimate_band: int = option(
        5, "The besieger's estimate of the provisions: a band of (days)", "E-37 SG-PROV", 1, 30,
        SIEGES,
    )  # fmt: skip

    # --- Siege trains (new-rules.md §9, E-37; E-31's calendar) ---------------------------
    siege_trains: int = option(
        0, "Optional module: siege trains (1 on, 0 off)", "NR-SIEGE E-37", 0, 1, TRAINS
    )
    siege_engine_value: int = option(
        250, "Each engine's points in a siege or assault", "NR-SIEGE-2", 0, 2000, TRAINS
    )
    siege_engine_bombard: int = option(
        3, "A Stone Thrower or Great Cannon bombards with (points)", "SG-BOMB-7 SG-GAP-4", 0, 20,
        TRAINS,
    )  # fmt: skip
    siege_breach_die_bonus: int = option(
        1, "Each Stone Thrower or Great Cannon on the bombardment d10", "NR-SIEGE-15", 0, 5,
        TRAINS,
    )  # fmt: skip
    siege_breach_cancel: int = option(
        1, "… off the fortification bonus in a one-turn assault", "E-37", 0, 5, TRAINS
    )
    siege_assault_engine_bonus: int = option(
        1, "Each Giant Ram or Siege Tower: assault modifier", "E-37 NR-SIEGE-16 Table 23", 0, 5,
        TRAINS,
    )  # fmt: skip
    siege_engines_per_army: int = option(
        4, "Engines an army may carry", "NR-SIEGE-1 NR-SIEGE-8", 0, 20, TRAINS
    )
    siege_engine_crowns: int = option(
        3, "An engine costs (crowns)", "NR-SIEGE-4 E-30", 0, 50, TRAINS
    )
    convoy_engines: int = option(
        3, "Fewest engines that may travel as a convoy", "NR-SIEGE-11", 1, 20, TRAINS
    )
    convoy_escort_points: int = option(
        500, "A convoy's escort (points)", "NR-SIEGE-11", 0, 3000, TRAINS
    )
    crowns_yearly: int = option(
        3, "Each kingdom's yearly crown income, paid in the winter phase (crowns)",
        "E-30 E-31 NR-GEN-7", 0, 100, TRAINS,
    )  # fmt: skip
    year_turns: int = option(4, "Turns in a campaign year", "E-31", 1, 52, TRAINS)
    winter_turn: int = option(
        4, "The winter turn is this turn of the year (engines are built then)", "E-31", 1, 52,
        TRAINS,
    )  # fmt: skip
    spring_equinox_turn: int = option(
        1, "The spring equinox falls on this turn of the year", "E-31 BASE-03 NR-EQX-1", 1, 52,
        TRAINS,
    )  # fmt: skip
    autumn_equinox_turn: int = option(
        3, "The autumn equinox falls on this turn of the year", "E-31 BASE-03 NR-EQX-1", 1, 52,
        TRAINS,
    )  # fmt: skip
