"""Optional module: wildlands (new-rules.md §4–5, option ``wildlands``). An army that
begins its turn on a barren hex of its own kingdom may spend the turn examining it
(NR-WILD-2, E-32: the Examine order, rules.modules.wildlands.examine); T-WILD says what
it finds, and the handler registered for that result (rules.modules.wildlands.sites)
resolves it.

Every file of this package is imported here, so a site's file registers its handler and
its own ``Module`` hooks by being in the package; nothing needs to name it. The undead
horde's is imported first: its hordes move before any army's burdens strike (§12.3).
"""

from __future__ import annotations

import importlib
import pkgutil

from rules.modules import End, Module, register
from rules.modules.wildlands import holdings, treasure, undead_horde  # noqa: F401
from rules.modules.wildlands.examine import TABLES, examine_all
from rules.modules.wildlands.sites import OPTION

MODULE = register(
    Module(
        option=OPTION,
        order_results=examine_all,
        after_battle=treasure.after_battle,  # NR-TREASURE-3
        end_of_turn=treasure.end_of_turn,
        ends_at=End.TURN_RESULTS,  # NR-TREASURE-2: banked at the capital
        crown_income=holdings.crown_income,  # the sites' yearly crowns (E-31)
        tables=TABLES,
        crowns=True,  # E-30: its sites pay crowns (rules.kingdoms.crowns)
    )
)

for _found in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_found.name}")
