"""The numbers of the wildlands module (new-rules.md §4–5, rules.modules.wildlands) as
ruleset options: ``rules.core.state.Ruleset`` inherits them, so the rules page and the API
edit them like the rulebook's (rules.core.table_options). T-WILD itself is an editable table
of the module (``t-wild-<column>``).

They live here, not in rules.modules.wildlands: that package imports the state, and the
state needs these fields to build ``Ruleset`` (as the siege trains' in rules.sieges.options).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import WILDLANDS, option

# AMB-06, E-33: the T-WILD columns, as the column options name them
PLAIN, COAST, RIVER, MOUNTAIN = 1, 2, 3, 4
COLUMN_NAMES = {PLAIN: "plain", COAST: "coast", RIVER: "river", MOUNTAIN: "mountain"}


@dataclass(frozen=True)
class WildlandsOptions:
    wildlands: int = option(
        0, "Optional module: wildlands, the Examine order (1 on, 0 off)", "NR-WILD-2 E-32",
        0, 1, WILDLANDS,
    )  # fmt: skip
    # AMB-06, E-33: the terrains T-WILD has no column for (1 Plain, 2 Coast, 3 River,
    # 4 Mountain); Fields next to the sea roll on Coast unless the GM says otherwise
    wild_column_forest: int = option(
        PLAIN, "T-WILD column of a Forest hex (1 Plain, 2 Coast, 3 River, 4 Mountain)",
        "NR-WILD-3 AMB-06 E-33", 1, 4, WILDLANDS,
    )  # fmt: skip
    wild_column_swamp: int = option(
        PLAIN, "T-WILD column of a Swamp hex (1 Plain, 2 Coast, 3 River, 4 Mountain)",
        "NR-WILD-3 AMB-06 E-33", 1, 4, WILDLANDS,
    )  # fmt: skip
    wild_coast_by_sea: int = option(
        1, "Fields next to the sea roll on T-WILD's Coast column (1 yes, 0 Plain)",
        "NR-WILD-3 E-33", 0, 1, WILDLANDS,
    )  # fmt: skip
    # AMB-23, AMB-24: who controls a site, and when its dice are rolled
    wild_site_control: int = option(
        1, "A wildland site is controlled by (1 the hex's owner, 2 the kingdom that found it)",
        "AMB-23 E-33", 1, 2, WILDLANDS,
    )  # fmt: skip
    wild_income_each_winter: int = option(
        1, "A site's crowns are rolled each winter (1; 0: once, when it is found)", "AMB-24",
        0, 1, WILDLANDS,
    )  # fmt: skip
    # new-rules.md §5: the simpler results' numbers
    trading_post_crowns: int = option(
        1, "Trading post: its controller's crowns a year", "NR-TRADE-1 AMB-23", 0, 20, WILDLANDS
    )
    trading_post_settled_crowns: int = option(
        2, "Trading post with a Town or City on its hex: crowns a year", "NR-TRADE-2 E-40",
        0, 20, WILDLANDS,
    )  # fmt: skip
    flood_loss_per_pip: int = option(
        100, "Flash flood: the examining army loses a d6 times (points)", "NR-FLOOD-1", 0, 1000,
        WILDLANDS,
    )  # fmt: skip
    flood_sack_on: int = option(
        5, "Flash flood: a Town downstream is sacked on a d6 of", "NR-FLOOD-2 AMB-50", 1, 7,
        WILDLANDS,
    )  # fmt: skip
    lornalim_bonus: int = option(
        2, "Lornalim forest: crowns a year, a d6 plus", "NR-LORNALIM-1 AMB-24", 0, 20, WILDLANDS
    )
    crystal_die: int = option(
        4, "Crystal forest: crowns a year, a die of (sides)", "NR-CRYSTAL-1 AMB-24", 1, 20,
        WILDLANDS,
    )  # fmt: skip
    tavern_malus: int = option(
        1, "Tavern: crowns a year, a d6 minus", "NR-TAVERN-2 AMB-24", 0, 6, WILDLANDS
    )
    treasure_dice: int = option(
        2, "Treasure: a hoard of so many d6 (crowns)", "NR-TREASURE-1", 1, 10, WILDLANDS
    )
