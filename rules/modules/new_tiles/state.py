"""The module's own state, ``World.module_state["new_tiles"]`` (rules.modules): the
chasms with a bridge (``bridges``, NR-CHASM-4), the chasm Cities already looked at for
one (``looked``), the armies aground (``aground: {army_ids}``, NR-NAV-2) and those
standing on a fault they entered (``entered: [{army_id, hex, side}]``, NR-FAULT-2).
Coordinates are ``[q, r]`` lists (JSON); army ids sit under ``army_id(s)`` keys, which
an export's import renumbers (campaign.transfer.document.PAYLOAD)."""

from __future__ import annotations

from rules.core.state import World

OPTION = "new_tiles"


def state_of(world: World) -> dict:
    return dict(world.module_state.get(OPTION, {}))


def aground(state: dict) -> list[int]:
    """NR-NAV-2: the armies aground."""
    return list((state.get("aground") or {}).get("army_ids", []))


def with_aground(state: dict, army_ids) -> dict:
    return {**state, "aground": {"army_ids": sorted(army_ids)}}
