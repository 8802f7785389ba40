"""The module's own state, ``World.module_state["new_tiles"]`` (rules.modules): the
chasms with a bridge (NR-CHASM-4), the chasm Cities already looked at for one, and the
armies aground (NR-NAV-2). Coordinates are kept as ``[q, r]`` lists (JSON)."""

from __future__ import annotations

from rules.core.state import Coord, World

OPTION = "new_tiles"


def state_of(world: World) -> dict:
    return dict(world.module_state.get(OPTION, {}))


def has_bridge(world: World, hex_: Coord) -> bool:
    return list(hex_) in state_of(world).get("bridges", [])
