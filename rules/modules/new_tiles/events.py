"""What the new tiles announce (new-rules.md §2–3). Each is an ``Announcement``: public
when it happens to the map (a quake, an eruption, a bridge found), the army's owner's
alone when it happens to one of his armies (a crossing, a hazard, an army aground).
rules/turn/visibility.py routes them all as announcements; campaign/chronicle/modules/
new_tiles.py tells them in the reader's language."""

from __future__ import annotations

import dataclasses
from enum import StrEnum

from rules.core.events import Announcement
from rules.core.state import Coord


class Hazard(StrEnum):
    """T-NAVHAZ's results (NR-NAV-1)."""

    WRECKED = "wrecked"
    AGROUND = "aground"
    OVERBOARD = "overboard"
    JETTISONED = "jettisoned"
    CLEAR = "clear"


class Barred(StrEnum):
    """Why an invasion cannot be made as ordered."""

    ISLAND = "island"  # NR-ISLAND-4: only across the sea
    ROCKY_COAST = "rocky_coast"  # NR-RCOAST-2: never from or across the sea
    FAULT = "fault"  # NR-FAULT-2: out of a fault only on the side it was entered


class Shock(StrEnum):
    """What the winter phase's geology does to a hex (NR-FAULT-3–5, NR-VOLCANO-2–5)."""

    QUAKE = "quake"  # the fault's own hex
    AFTERSHOCK = "aftershock"  # a neighbour the quake spreads to
    ERUPTION = "eruption"  # the volcano's own hex
    LAVA = "lava"  # a neighbour a lava flow reaches


@dataclasses.dataclass(frozen=True, kw_only=True)
class InvasionBarred(Announcement):
    """NR-ISLAND-4, NR-RCOAST-2, NR-FAULT-2 at step 3e: the invasion is called off; its
    army stays where it stands. For the invader alone."""

    army_id: int
    hex: Coord
    why: Barred


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChasmCrossed(Announcement):
    """NR-CHASM-2, AMB-34 at step 3e: an army invading a chasm without a bridge rolls for
    an accident, and loses ``points_lost`` in one. For its owner alone."""

    army_id: int
    hex: Coord
    accident: bool
    points_lost: int = 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class HazardMet(Announcement):
    """NR-PROM-1, NR-SAND-2, NR-NAV-1: an invasion whose crossing touches a rocky
    promontory or sandbanks rolls on T-NAVHAZ. For the invader alone."""

    army_id: int
    hex: Coord
    result: Hazard
    points_lost: int = 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class AgroundRolled(Announcement):
    """NR-NAV-2, NR-NAV-3: an army aground gets off (``refloated``), stays aground and
    takes no order this turn, or is lost at the winter phase (``lost``). For its owner."""

    army_id: int
    refloated: bool = False
    lost: bool = False


@dataclasses.dataclass(frozen=True, kw_only=True)
class GroundShaken(Announcement):
    """NR-FAULT-3–5, NR-VOLCANO-2–5 in the winter phase: a hex a quake or the lava
    strikes, and the armies it destroyed there (their kingdoms learn it from
    ArmyDestroyed). Public: the map shows it."""

    hex: Coord
    shock: Shock
    source: Coord  # the fault or the volcano


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChasmBridgeFound(Announcement):
    """NR-CHASM-4, NR-CHASM-5: whether a City found on a chasm has a bridge. Public, as
    the exploration is (A-1.0.9)."""

    hex: Coord
    bridge: bool


NEWS = (InvasionBarred, ChasmCrossed, HazardMet, AgroundRolled, GroundShaken, ChasmBridgeFound)
"""Every event of the module: announcements that change no row themselves."""
