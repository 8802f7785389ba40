"""Optional module: works (new-rules.md §8, bridges; option ``works``).

A kingdom orders bridges over its River hexes (and chasms, where the new-tiles module
plays them) in the winter turn, paying their crowns then
(kingdoms.works.services.bridge_order); they stand from that turn's winter phase
(E-31, §12.3 step 5.6), built here. ``bridges.has_bridge`` answers any module that
asks whether a hex is bridged (NR-BRIDGE-2; the chasm's crossing, NR-CHASM-2). The
prices, the river's source and the timber limit: rules.modules.works.bridges.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.state import World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules import End, Module, register
from rules.modules.works.bridges import OPTION, ordered, state_of
from rules.modules.works.events import BridgeBuilt


def winter_works(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """E-31, §12.3 step 5.6: the winter turn's ordered bridges stand, in the order they
    were ordered; a bridge ordered is built even if its hex changed hands in the turn
    (it was paid for, and a bridge is no one's army)."""
    orders = ordered(world)
    if not is_winter_turn(world.ruleset, world.turn) or not orders:
        return []
    state = state_of(world)
    built = [*state.get("bridges", []), *(o["hex"] for o in orders)]
    news: list[Event] = [
        BridgeBuilt(
            rule="NR-BRIDGE-1 E-31",
            kingdom_id=o["kingdom_id"],
            hex=tuple(o["hex"]),
            crowns=o["crowns"],
            text=f"A bridge now spans {tuple(o['hex'])}.",
        )
        for o in orders
    ]
    changed = ModuleStateChanged(
        rule="NR-BRIDGE-1", module=OPTION, state={**state, "bridges": built, "ordered": []}
    )
    return [*news, changed]


MODULE = register(
    Module(
        option=OPTION,
        end_of_turn=winter_works,
        ends_at=End.CONSTRUCTION,
        crowns=True,  # NR-BRIDGE-1: a bridge costs crowns (E-30, rules.kingdoms.crowns)
    )
)
