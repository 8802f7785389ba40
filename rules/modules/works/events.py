"""What the works module tells (rules.turn.visibility routes each)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Announcement
from rules.core.state import Coord


@dataclass(frozen=True, kw_only=True)
class BridgeBuilt(Announcement):
    """NR-BRIDGE-1: a kingdom's bridge stands on ``hex`` from this winter phase, paid
    ``crowns`` when it was ordered. Public: everyone sees a bridge on the map."""

    kingdom_id: int
    hex: Coord
    crowns: int
