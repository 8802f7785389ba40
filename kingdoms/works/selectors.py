"""Reads of the works module's bridges (new-rules.md §8; rules.modules.works): the small
World its rules read (the hexes, the module's state, the ruleset), and what the kingdom
page shows of a kingdom's bridges."""

from __future__ import annotations

from campaign.models import Campaign, Hex
from kingdoms.models import Kingdom
from rules.core.state import HexState, KingdomState, Terrain, World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules.wildlands.sites import hex_key, records
from rules.modules.wildlands.temple_building import ordered as temples_ordered
from rules.modules.wildlands.temple_building import temple_price, temple_problem
from rules.modules.wildlands.temples import TEMPLE
from rules.modules.works.bridges import (
    SPANNED,
    bridge_price,
    bridge_problem,
    ordered,
    state_of,
    timber,
)


def works_world(campaign: Campaign, turn_number: int) -> World:
    """The hexes (terrain and owner), the kingdoms' peoples (a temple's, T-TEMPLE-RACE),
    the modules' state and the ruleset: all the winter works' rules read. Two queries."""
    rows = Hex.objects.filter(campaign=campaign).values_list("q", "r", "terrain", "owner_id")
    hexes = {
        (q, r): HexState(coord=(q, r), terrain=Terrain(terrain), owner=owner)
        for q, r, terrain, owner in rows
    }
    peoples = Kingdom.objects.filter(campaign=campaign).values_list("pk", "name", "race")
    return World(
        turn=turn_number,
        hexes=hexes,
        kingdoms={
            pk: KingdomState(id=pk, name=name, capital=None, race=race)
            for pk, name, race in peoples
        },
        ruleset=campaign.ruleset,
        module_state=campaign.module_state or {},
    )


def bridges_section(kingdom: Kingdom, turn_number: int | None) -> dict | None:
    """What the power tab shows of ``kingdom``'s bridges while the module is on: the
    bridges standing in its hexes, this winter's orders, the timber left and the hexes it
    may bridge now with their prices (the caller checks the viewer sees the kingdom)."""
    campaign = kingdom.campaign
    if not campaign.ruleset.works or turn_number is None:
        return None
    world = works_world(campaign, turn_number)
    mine = {c for c, h in world.hexes.items() if h.owner == kingdom.pk}
    orders = ordered(world, kingdom.pk)
    choices = [
        {"hex": c, "price": bridge_price(world, c)}
        for c in sorted(mine)
        if world.hexes[c].terrain.value in SPANNED and bridge_problem(world, kingdom.pk, c) is None
    ]
    standing = [tuple(b) for b in state_of(world).get("bridges", [])]
    return {
        "standing": sorted(b for b in standing if b in mine),
        "ordered": [{"hex": tuple(o["hex"]), "crowns": o["crowns"]} for o in orders],
        "timber": timber(world, kingdom.pk),
        "winter": is_winter_turn(world.ruleset, turn_number),
        "choices": choices,
    }


def temples_section(kingdom: Kingdom, turn_number: int | None) -> dict | None:
    """What the power tab shows of ``kingdom``'s temple building while the wildlands
    module is on (NR-TEMPLE-1): the temples it holds, this winter's orders and the hexes
    it may build on now with their prices (the caller checks the viewer sees the kingdom)."""
    campaign = kingdom.campaign
    if not campaign.ruleset.wildlands or turn_number is None:
        return None
    world = works_world(campaign, turn_number)
    mine = sorted(c for c, h in world.hexes.items() if h.owner == kingdom.pk)
    held = {c for c in mine if records(world, TEMPLE).get(hex_key(c), {}).get("race")}
    return {
        "standing": sorted(held),
        "ordered": [tuple(o["hex"]) for o in temples_ordered(world, kingdom.pk)],
        "winter": is_winter_turn(world.ruleset, turn_number),
        "choices": [
            {"hex": c, "price": temple_price(world, kingdom.pk, c)}
            for c in mine
            if temple_problem(world, kingdom.pk, c) is None
        ],
    }
