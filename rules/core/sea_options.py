"""The numbers of the pirates and the open sea (new-rules.md §6–7, the ``the_sea`` module:
rules.modules.the_sea) as ruleset options: ``rules.core.state.Ruleset`` inherits them, so
the rules page and the API edit them like the rulebook's (rules.core.table_options).

They live here rather than in the module's package because ``rules.modules`` imports
``rules.core.state``, which must import its options first. Each AMB- reading the
supplement leaves open is one of them, with Warpost's default (docs/design/supplement.md,
"Pirates and the open sea").
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import THE_SEA, option


@dataclass(frozen=True)
class SeaOptions:
    the_sea: int = option(
        0, "Optional module: pirates and the open sea (1 on, 0 off)", "NR-PIRATE NR-SEA", 0, 1,
        THE_SEA,
    )  # fmt: skip
    sea_merchant_fleet_on: int = option(
        4, "A coastal independent City has ships on a d6 of", "NR-PIRATE-1 BASE-15", 1, 7,
        THE_SEA,
    )  # fmt: skip
    sea_pirates_on: int = option(
        4, "… and its ships are pirates on a d6 of", "NR-PIRATE-1", 1, 7, THE_SEA
    )
    sea_raid_on: int = option(
        4, "Pirates raid an undefended Town on a d6 of", "NR-PIRATE-5", 1, 7, THE_SEA
    )
    sea_engage_pirates: int = option(
        1, "Standing order: ships and patrols engage the pirates that reach them (1 yes, 0 no)",
        "NR-PIRATE-8 AMB-32", 0, 1, THE_SEA,
    )  # fmt: skip
    sea_patrol_ships: int = option(
        1, "A patrol covering a coastal hex has ships there (1 yes, 0 no)", "NR-PIRATE-8", 0, 1,
        THE_SEA,
    )  # fmt: skip
    sea_stop_when_evaded: int = option(
        1, "A pirate that evades an engagement stops all the same (1 yes, 0 no)",
        "NR-PIRATE-9 AMB-32", 0, 1, THE_SEA,
    )  # fmt: skip
    sea_pirate_bonus: int = option(
        1, "Pirates' bonus in a naval battle", "NR-NAVAL-1", 0, 6, THE_SEA
    )
    sea_delta_losses: int = option(
        2, "Naval battle: the loser also loses points from a difference of", "T-NAVAL-DELTA",
        1, 20, THE_SEA,
    )  # fmt: skip
    sea_delta_sink_one: int = option(
        3, "Naval battle: the loser loses a ship from a difference of", "T-NAVAL-DELTA", 1, 20,
        THE_SEA,
    )  # fmt: skip
    sea_delta_sink_all: int = option(
        4, "Naval battle: the loser loses every ship from a difference of", "T-NAVAL-DELTA",
        1, 20, THE_SEA,
    )  # fmt: skip
    sea_naval_losses: int = option(
        50, "Naval battle losses: each army loses a d6 times (points)", "T-NAVAL-DELTA", 0,
        1000, THE_SEA,
    )  # fmt: skip
    sea_berths: int = option(
        3, "Ships an independent City berths in winter", "NR-PIRATE-11", 0, 20, THE_SEA
    )
    sea_crossing_weather: int = option(
        1, "An invasion across a sea hex rolls the ocean weather (1 yes, 0 no)", "NR-SEA-2",
        0, 1, THE_SEA,
    )  # fmt: skip
    sea_storm_losses: int = option(
        100, "Storm losses: each army aboard loses a d6 times (points)", "T-STORM", 0, 1000,
        THE_SEA,
    )  # fmt: skip
    sea_turn_back_on: int = option(
        6, "Becalmed: the fleet turns back on a d6 of", "NR-SEA-3 AMB-05", 1, 7, THE_SEA
    )
    sea_becalmed_lost: int = option(
        1, "A fleet still becalmed at the winter phase is lost (1 yes, 0 no)", "NR-SEA-3", 0, 1,
        THE_SEA,
    )  # fmt: skip
    sea_sails_move_on: int = option(
        4, "Without sails: the fleet makes port on a d6 of", "NR-SEA-5", 1, 7, THE_SEA
    )
