"""Bridges (new-rules.md §8, NR-BRIDGE; docs/design/supplement.md, "Works").

A kingdom orders a bridge over one of its River hexes (or a chasm, where the new-tiles
module plays one) while its winter turn takes orders, paying its price from the crown
ledger then (E-30, as a siege engine); the bridge stands from that turn's winter phase
(E-31, §12.3 step 5.6: rules.modules.works.winter_works). A Fault never takes one
(NR-BRIDGE-4). Each winter a kingdom may order as many bridges as its Forest hexes
times ``timber_per_forest`` (the timber limit, NR-BRIDGE-3, BASE-13).

The price (NR-BRIDGE-1, AMB-50): Warpost's rivers are River hexes, not ordered paths, so
a river's source is read from the map: a River hex with at most one River neighbour and no
Sea neighbour (the end of a river away from the sea). A River hex fewer than
``bridge_headwater_hexes`` steps along River hexes from a source is near it
(``bridge_headwater_crowns``); any other, further downstream, costs
``bridge_downstream_crowns``, and so does every hex of a river with no such end (a river
running from sea to sea). A chasm bridge costs ``bridge_chasm_crowns`` (AMB-33).

Terrain is read by its value ("chasm", "fault"), so these functions work whether or not the
campaign's terrain has those tiles.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from rules.core.hexgrid import neighbours
from rules.core.problems import Problem
from rules.core.state import Coord, Terrain, World
from rules.kingdoms.crowns import is_winter_turn

OPTION = "works"
CHASM = "chasm"  # the new-tiles module's terrain (NR-CHASM), read by value
FAULT = "fault"  # NR-FAULT-1: never bridged
SPANNED = (Terrain.RIVER.value, CHASM)
FOUND_WITH_CITIES = "new_tiles"  # NR-CHASM-4: the new-tiles module's bridges found with a City


def state_of(world: World) -> dict:
    """The module's state: ``bridges`` built ([q, r] each) and this winter's ``ordered``
    ones ({kingdom_id, hex, crowns, turn} each), written by the order service."""
    return dict(world.module_state.get(OPTION, {}))


def bridges_standing(module_state: Mapping[str, dict] | None) -> frozenset[Coord]:
    """NR-BRIDGE-2: the hexes a bridge stands on: built by a kingdom, or found with a City
    on a chasm (NR-CHASM-4, the new-tiles module's state when it is played). Reads both
    modules' states by name, so it answers whether or not either is on."""
    states = module_state or {}
    return frozenset(
        (q, r)
        for module in (OPTION, FOUND_WITH_CITIES)
        for q, r in states.get(module, {}).get("bridges", [])
    )


def has_bridge(world: World, hex_: Coord) -> bool:
    """NR-BRIDGE-2: a bridge stands on ``hex_`` (bridges_standing)."""
    return tuple(hex_) in bridges_standing(world.module_state)


def _terrain(world: World, hex_: Coord) -> str:
    return world.hexes[hex_].terrain.value


def _is_river(world: World, hex_: Coord) -> bool:
    return hex_ in world.hexes and _terrain(world, hex_) == Terrain.RIVER.value


def _is_source(world: World, hex_: Coord) -> bool:
    around = [c for c in neighbours(hex_) if c in world.hexes]
    rivers = sum(1 for c in around if _is_river(world, c))
    seas = sum(1 for c in around if _terrain(world, c) == Terrain.SEA.value)
    return rivers <= 1 and seas == 0


def river_steps(world: World) -> dict[Coord, int]:
    """AMB-50: each River hex's steps along River hexes from its river's nearest source
    (0 at a source); a river without one is left out."""
    sources = [c for c in world.hexes if _is_river(world, c) and _is_source(world, c)]
    steps = {c: 0 for c in sources}
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for nxt in neighbours(here):
            if _is_river(world, nxt) and nxt not in steps:
                steps[nxt] = steps[here] + 1
                queue.append(nxt)
    return steps


def steps_from_source(world: World, hex_: Coord) -> int | None:
    """AMB-50: how many steps along River hexes ``hex_`` lies from its river's nearest
    source (0 at a source), or None for a river without one."""
    return river_steps(world).get(hex_)


def bridge_price(world: World, hex_: Coord) -> int:
    """NR-BRIDGE-1, NR-BRIDGE-4, AMB-33, AMB-50: the crowns a bridge over ``hex_`` costs."""
    rules = world.ruleset
    if _terrain(world, hex_) == CHASM:
        return rules.bridge_chasm_crowns
    steps = steps_from_source(world, hex_)
    if steps is not None and steps < rules.bridge_headwater_hexes:
        return rules.bridge_headwater_crowns
    return rules.bridge_downstream_crowns


def timber(world: World, kingdom_id: int) -> int:
    """BASE-13, NR-BRIDGE-3: the bridges ``kingdom_id`` may order this winter."""
    forests = sum(
        1 for h in world.hexes.values() if h.owner == kingdom_id and h.terrain is Terrain.FOREST
    )
    return forests * world.ruleset.timber_per_forest


def ordered(world: World, kingdom_id: int | None = None) -> list[dict]:
    """This turn's bridge orders (of ``kingdom_id`` alone when given); older ones were
    built at their winter phase."""
    return [
        o
        for o in state_of(world).get("ordered", [])
        if o["turn"] == world.turn and kingdom_id in (None, o["kingdom_id"])
    ]


def bridge_ordered(world: World, kingdom_id: int, hex_: Coord) -> tuple[dict, dict]:
    """A bridge over ``hex_`` ordered by ``kingdom_id`` this turn (``bridge_problem`` allows
    it): the order, priced, and the module's state with it (earlier winters' orders, all
    built, dropped)."""
    order = {
        "kingdom_id": kingdom_id,
        "hex": list(hex_),
        "crowns": bridge_price(world, hex_),
        "turn": world.turn,
    }
    state = state_of(world)
    return order, {**state, "ordered": [*ordered(world), order]}


def bridge_problem(world: World, kingdom_id: int, hex_: Coord) -> Problem | None:
    """NR-BRIDGE-1, NR-BRIDGE-3, NR-BRIDGE-4: why ``kingdom_id`` may not order a bridge over
    ``hex_`` now (its crowns aside: rules.kingdoms.crowns.spend_problem); None if it may."""
    rules = world.ruleset
    if not is_winter_turn(rules, world.turn):
        return Problem(
            "NR-BRIDGE-1 E-31",
            "hex",
            "bridges are built in the winter turn (turn {winter} of each {year}-turn year)",
            winter=rules.winter_turn,
            year=rules.year_turns,
        )
    here = world.hexes.get(hex_)
    if here is None or here.owner != kingdom_id:
        return Problem("NR-BRIDGE-1", "hex", "{hex} is not a hex of your kingdom", hex=hex_)
    if here.terrain.value == FAULT:
        return Problem("NR-BRIDGE-4", "hex", "no bridge may span a fault")
    if here.terrain.value not in SPANNED:
        return Problem("NR-BRIDGE-1", "hex", "a bridge spans a river or a chasm")
    if has_bridge(world, hex_) or any(o["hex"] == list(hex_) for o in ordered(world)):
        return Problem("NR-BRIDGE-1", "hex", "{hex} has a bridge already", hex=hex_)
    limit = timber(world, kingdom_id)
    if len(ordered(world, kingdom_id)) >= limit:
        return Problem(
            "NR-BRIDGE-3 BASE-13",
            "hex",
            "the timber runs out: your Forest hexes allow {limit} this winter",
            limit=limit,
        )
    return None
