"""The numbers of the works module (new-rules.md §8, bridges; BASE-13, the timber limit)
as ruleset options: ``rules.core.state.Ruleset`` inherits them, so the rules page and the
API edit them like the rulebook's (rules.core.table_options). They live here, not in
rules.modules.works, because the state module that inherits them is imported by the
module registry. docs/design/supplement.md ("Works") says how each is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.table_options import WORKS, option


@dataclass(frozen=True)
class WorksOptions:
    works: int = option(0, "Optional module: bridges (1 on, 0 off)", "NR-BRIDGE E-30", 0, 1, WORKS)
    bridge_headwater_crowns: int = option(
        1, "A bridge near the river's source costs (crowns)", "NR-BRIDGE-1 E-30", 0, 50, WORKS
    )
    bridge_headwater_hexes: int = option(
        4, "Near the source: the river's first (hexes)", "NR-BRIDGE-1 AMB-50", 0, 50, WORKS
    )
    bridge_downstream_crowns: int = option(
        2, "A bridge further downstream costs (crowns)", "NR-BRIDGE-1 E-30", 0, 50, WORKS
    )
    bridge_chasm_crowns: int = option(
        2, "A bridge over a chasm costs (crowns)", "NR-BRIDGE-4 AMB-33", 0, 50, WORKS
    )
    timber_per_forest: int = option(
        1, "Timber limit: bridges a winter for each Forest hex held", "NR-BRIDGE-3 BASE-13",
        0, 20, WORKS,
    )  # fmt: skip
