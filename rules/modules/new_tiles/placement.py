"""The new tiles on a generated map (new-rules.md §2; rules.core.mapgen), a small share of
the free hexes, where each makes sense: a delta where a river meets the sea (NR-DELTA-1),
a rocky coast where a mountain does (NR-RCOAST-1), a promontory on fields jutting into
the sea (NR-PROM), sandbanks in the shallows by a coast (NR-SAND), an island on fields
the sea nearly surrounds or in open water (NR-ISLAND-1), a volcano or a plateau among
mountains (NR-VOLCANO-1, NR-PLATEAU-1), a chasm or a fault across fields (NR-CHASM-1,
NR-FAULT; E-34).

Only hexes no kingdom and no neutral kingdom holds change, and never the last hex of a
terrain, so the generator's guarantees (every terrain of A-1.1.1 on the map, the
kingdoms' land, capitals and neutral sites) hold as without the module."""

from __future__ import annotations

from collections import Counter

from rules.core.dice import Dice
from rules.core.hexgrid import neighbours
from rules.core.state import Coord, Terrain

CHANCE = 12  # each candidate hex rolls a d12
SHARE = 2  # a tile comes on a d12 of 1–2: one candidate in six


def place_tiles(terrain: dict[Coord, Terrain], taken: set[Coord], dice: Dice) -> None:
    """Turn a few of the free hexes of ``terrain`` into the new tiles (see the module's
    docstring), in coordinate order, each roll on ``dice``: a d12 of 1–2 places one, the
    face choosing between two tiles that fit alike."""
    count = Counter(terrain.values())
    for cell in sorted(terrain):
        if cell in taken or count[terrain[cell]] <= 1:
            continue
        tiles = _fitting(terrain, cell)
        if not tiles:
            continue
        roll = dice.roll(CHANCE, f"NR new tile at {cell}")
        if roll.result <= SHARE:
            count[terrain[cell]] -= 1
            terrain[cell] = tiles[(roll.result - 1) % len(tiles)]
            count[terrain[cell]] += 1


def _fitting(terrain: dict[Coord, Terrain], cell: Coord) -> tuple[Terrain, ...]:
    """The tiles that fit ``cell`` by its terrain and its neighbours."""
    around = [terrain[n] for n in neighbours(cell) if n in terrain]
    seas = sum(t is Terrain.SEA for t in around)
    kind = terrain[cell]
    if kind is Terrain.SEA and seas == 6:
        return (Terrain.COASTAL_ISLAND,)  # open water all round
    if kind is Terrain.SEA:
        return (Terrain.SANDBANKS,) if seas < len(around) else ()
    if kind is Terrain.RIVER:
        return (Terrain.DELTA,) if seas else ()
    if kind is Terrain.MOUNTAIN:
        return (Terrain.ROCKY_COAST,) if seas else (Terrain.VOLCANO, Terrain.PLATEAU)
    if kind is Terrain.FIELDS and seas >= 4:
        return (Terrain.COASTAL_ISLAND,)  # land the sea nearly surrounds
    if kind is Terrain.FIELDS and seas == 3:
        return (Terrain.ROCKY_PROMONTORY,)  # land jutting out into it
    if kind is Terrain.FIELDS:
        return () if seas else (Terrain.CHASM, Terrain.FAULT)
    return ()
