"""Wildland sites (new-rules.md §4–5): what an army examining a barren hex finds, and the
registry through which each result's rules join the examination.

An examination (NR-WILD-2) rolls T-WILD in the hex's column (NR-WILD-3, AMB-06) and hands
the result to the handler registered for it here. Each kind of site lives in its own file
of this package and registers with ``handles``; the examination itself knows no site's
rules. A handler answers for its own site from then on through its own ``Module`` hooks
(rules.modules: several ``Module``s may share the ``wildlands`` option).

State: each kind of site keeps its records in ``World.module_state["wildlands.<kind>"]``,
a mapping from ``"q,r"`` to a JSON-able dict, written only by that kind's file (one
writer a key, so two sites' changes in one step never overwrite each other) and changed
with a ``ModuleStateChanged`` event named after the key. ``site_at`` reads every kind's.
A record's kingdom is its ``kingdom_id`` and its army its ``army_id``: the names an
exported campaign renumbers (campaign.transfer). A result that is no place keeps its
own shape under its key (the treasure: a list of hoards by escort).

The examination (rules.modules.wildlands.examine) comes first in the turn, at
Provisional Results after scouting: a handler that moves, weakens or destroys the
examining army does it with the usual events (ArmyWeakened, ArmyDestroyed). Every file
of the package is imported by its ``__init__``, so a new file needs no registration
line. Scenario cases: tests/scenarios/modules/wildlands/, area 17, one letter a
file (A–H the examination and its simpler results; pick the next free letter).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.state import Coord, World

OPTION = "wildlands"


class Site(StrEnum):
    """The results of T-WILD (new-rules.md §4)."""

    NOTHING = "nothing"  # NR-WILD-4
    RUINS_TOMB = "ruins_tomb"  # 5.1
    NECROPOLIS = "necropolis"  # 5.2
    MAGIC_TOWER = "magic_tower"  # 5.3
    MINE = "mine"  # 5.4
    TEMPLE = "temple"  # 5.5
    TRADING_POST = "trading_post"  # 5.6
    VOLCANO = "volcano"  # 5.7
    FLASH_FLOOD = "flash_flood"  # 5.8
    LORNALIM_FOREST = "lornalim_forest"  # 5.9
    CRYSTAL_FOREST = "crystal_forest"  # 5.10
    OAK_FOREST = "oak_forest"  # 5.11
    CULTISTS = "cultists"  # 5.12
    BRIGANDS = "brigands"  # 5.13
    CREATURE_LAIR = "creature_lair"  # 5.14
    NORTHERN_RAIDERS = "northern_raiders"  # 5.15
    CHAOS_HORDE = "chaos_horde"  # 5.16
    TAVERN = "tavern"  # 5.17
    BLACK_TOWER = "black_tower"  # 5.18
    MYSTIC_SPRING = "mystic_spring"  # 5.19
    TREASURE = "treasure"  # 5.20
    WYVERN = "wyvern"  # 5.21


@dataclass(frozen=True)
class Examination:
    """One army's examination of a barren hex this turn (NR-WILD-2)."""

    hex: Coord
    army_id: int
    kingdom_id: int
    column: str  # the T-WILD column the hex rolled in (NR-WILD-3, AMB-06)
    roll: int  # the d100, 1–100 (NR-GEN-3: "00" is 100)


# A handler resolves its result at once: (world, examination, dice) -> (world, events).
# It returns the world with its own state changed (and its ModuleStateChanged among the
# events), so that a later examination in the same step sees the new site.
Discover = Callable[[World, Examination, Dice], tuple[World, list[Event]]]


@dataclass(frozen=True)
class SiteRules:
    site: Site
    discover: Discover
    permanent: bool  # NR-WILD-5: a marker stays and the hex is no longer plain barren


HANDLERS: dict[Site, SiteRules] = {}


def handles(site: Site, *, permanent: bool) -> Callable[[Discover], Discover]:
    """Registers ``discover`` as what an examination does on ``site``."""

    def register(discover: Discover) -> Discover:
        HANDLERS[site] = SiteRules(site, discover, permanent)
        return discover

    return register


def key_of(site: Site) -> str:
    return f"{OPTION}.{site.value}"


def hex_key(hex_: Coord) -> str:
    return f"{hex_[0]},{hex_[1]}"


def records(world: World, site: Site) -> dict[str, dict]:
    """``site``'s records, by ``"q,r"`` (a copy the caller may change)."""
    return {k: dict(v) for k, v in world.module_state.get(key_of(site), {}).items()}


def site_at(world: World, hex_: Coord) -> tuple[Site, dict] | None:
    """The permanent site on ``hex_`` and its record, whatever its kind, or None."""
    key = hex_key(hex_)
    for site in Site:
        record = world.module_state.get(key_of(site), {}).get(key)
        if record is not None:
            return site, dict(record)
    return None


def with_records(
    world: World, site: Site, changed: dict[str, dict], rule: str
) -> tuple[World, ModuleStateChanged]:
    """The world with ``site``'s records replaced by ``changed``, and the event that
    stores them (a record removed returns its hex to barren, NR-WILD-5)."""
    key = key_of(site)
    world = dataclasses.replace(world, module_state={**world.module_state, key: changed})
    return world, ModuleStateChanged(rule=rule, module=key, state=changed)


def place(
    world: World, exam: Examination, site: Site, rule: str, rolls: tuple = (), **more: object
) -> tuple[World, list[Event]]:
    """NR-WILD-5: ``site``'s record on the examined hex, the kingdom that found it and
    when (the map shows it to that kingdom and to the hex's owner: ``knows``), with the
    site's own facts (``more``) and the dice that made them (``rolls``)."""
    changed = records(world, site)
    changed[hex_key(exam.hex)] = {
        "kingdom_id": exam.kingdom_id,
        "army_id": exam.army_id,
        "turn": world.turn,
        **more,
    }
    world, event = with_records(world, site, changed, rule)
    return world, [dataclasses.replace(event, rolls=tuple(rolls))]


BY_FINDER = 2  # the ``wild_site_control`` option's other reading (AMB-23)


def controller(world: World, hex_: Coord, record: Mapping | None = None) -> int | None:
    """AMB-23, E-33: the kingdom that owns the hex controls its site (None: nobody); or,
    with the ``wild_site_control`` option at 2, the kingdom that found it (``record``)."""
    if world.ruleset.wild_site_control == BY_FINDER and record is not None:
        return record.get("kingdom_id")
    h = world.hexes.get(tuple(hex_))
    return h.owner if h is not None else None


def knows(record: dict, owner: int | None, kingdom_id: int | None) -> bool:
    """Who sees a site on the map (besides the GM): the kingdom that found it, and the
    hex's owner, who holds the land it stands on (docs/design/supplement.md)."""
    return kingdom_id is not None and kingdom_id in (record.get("kingdom_id"), owner)


def coord_of(key: str) -> Coord:
    """The hex of a record's ``"q,r"`` key."""
    q, r = key.split(",")
    return int(q), int(r)


def sites_seen(
    module_state: Mapping[str, Mapping],
    owners: Mapping[Coord, int | None],
    kingdom_id: int | None,
    is_gm: bool,
) -> dict[Coord, Site]:
    """The lasting sites (NR-WILD-5) a viewer sees on the map, by hex: the GM all of
    them, a player those ``knows`` lets him (``owners``: each hex's owner)."""
    seen = {}
    for site, rules in HANDLERS.items():
        if not rules.permanent:
            continue
        for key, record in module_state.get(key_of(site), {}).items():
            coord = coord_of(key)
            if is_gm or knows(record, owners.get(coord), kingdom_id):
                seen[coord] = site
    return seen
