"""Tiny hand-built worlds for the pure rules tests.

A map is axial rows: row r is the r-th line, q the token's place in it. A token is a
terrain letter and an owner: F fields, R river, W forest (woods), S swamp, M mountain,
~ sea; a digit is the owning kingdom, "." nobody. "F1 ~. F." is (0, 0) Fields of
kingdom 1, (1, 0) sea, (2, 0) unowned Fields.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.events import (
    ArmyMoved,
    ArmyRested,
    BanditLairRolled,
    DefenderRecovered,
    Event,
    HexExplored,
    HexExploredByScouts,
    NeutralKingdomDiscovered,
)
from rules.core.state import (
    ArmyState,
    CharacterState,
    Coord,
    Defender,
    HexState,
    KingdomState,
    Ruleset,
    Terrain,
    World,
)

TERRAIN = {
    "F": Terrain.FIELDS,
    "R": Terrain.RIVER,
    "W": Terrain.FOREST,
    "S": Terrain.SWAMP,
    "M": Terrain.MOUNTAIN,
    "~": Terrain.SEA,
}


def parse_map(rows: str) -> dict[Coord, HexState]:
    hexes = {}
    for r, line in enumerate(rows.strip().splitlines()):
        for q, token in enumerate(line.split()):
            owner = None if token[1] == "." else int(token[1])
            hexes[(q, r)] = HexState(
                coord=(q, r), terrain=TERRAIN[token[0]], owner=owner, explored=owner is not None
            )
    return hexes


def build(
    rows: str,
    *,
    turn: int = 1,
    armies: tuple[ArmyState, ...] = (),
    characters: tuple[CharacterState, ...] = (),
    hexes: dict[Coord, dict] | None = None,
    capitals: dict[int, Coord] | None = None,
    ruleset: Ruleset | None = None,
) -> World:
    """A World from a map; ``hexes`` overrides fields per hex, ``capitals`` per kingdom
    (default: the kingdom's lowest hex)."""
    grid = parse_map(rows)
    for coord, changes in (hexes or {}).items():
        grid[coord] = msgspec.structs.replace(grid[coord], **changes)
    owners = sorted({h.owner for h in grid.values() if h.owner is not None})
    capitals = capitals or {}
    kingdoms = {
        k: KingdomState(
            id=k,
            name=f"K{k}",
            capital=capitals.get(k, min(c for c, h in grid.items() if h.owner == k)),
        )
        for k in owners
    }
    return World(
        turn=turn,
        hexes=grid,
        kingdoms=kingdoms,
        armies={a.id: a for a in armies},
        characters={c.id: c for c in characters},
        ruleset=ruleset or Ruleset(),
    )


def army(
    army_id: int,
    kingdom_id: int,
    points: int = 2000,
    position: Coord | None = None,
    *,
    allocation: int | None = None,
    rested: bool = False,
    race: str = "",
) -> ArmyState:
    """An army; its allocation is its points (at least 1,000) unless given (E-14)."""
    return ArmyState(
        id=army_id,
        kingdom_id=kingdom_id,
        name=f"Army {army_id}",
        points=points,
        allocation=allocation if allocation is not None else max(points, 1000),
        position=position,
        rested=rested,
        race=race,  # NR-ALLY (rules.modules.peoples)
    )


def character(character_id: int, kingdom_id: int, army_id: int, **skills) -> CharacterState:
    return CharacterState(
        id=character_id,
        name=f"Hero {character_id}",
        kingdom_id=kingdom_id,
        army_id=army_id,
        **skills,
    )


def apply_provisional(world: World, events: list[Event]) -> World:
    """What the pipeline writes back between Provisional and Final: explored hexes, army
    positions, rested armies (E-14, E-01), regrown defenders (E-09) and the neutral
    kingdoms each kingdom learned (A-1.4.20, Table 8), a Bandit lair's Unrest (Table 17)."""
    hexes = dict(world.hexes)
    armies = dict(world.armies)
    known = dict(world.known_neutrals)
    for e in events:
        if isinstance(e, (HexExplored, HexExploredByScouts)):
            defender = (
                Defender(points=e.defender_points, original_points=e.defender_points)
                if e.defender_points and getattr(e, "neutral_kingdom_id", None) is None
                else None
            )
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex],
                explored=True,
                scouted_only=isinstance(e, HexExploredByScouts),  # §5.4, E-29
                feature=e.feature,
                minor_feature=e.minor_feature,
                defender=defender,
            )
        if isinstance(e, ArmyMoved):
            armies[e.army_id] = msgspec.structs.replace(armies[e.army_id], position=e.hex)
        if isinstance(e, ArmyRested):
            armies[e.army_id] = msgspec.structs.replace(
                armies[e.army_id], points=e.points, rested=True
            )
        if isinstance(e, DefenderRecovered):
            defender = dataclasses.replace(hexes[e.hex].defender, points=e.points)
            hexes[e.hex] = msgspec.structs.replace(hexes[e.hex], defender=defender)
        if isinstance(e, NeutralKingdomDiscovered):
            known[e.kingdom_id] = known.get(e.kingdom_id, frozenset()) | {e.neutral_kingdom_id}
        if isinstance(e, BanditLairRolled) and e.unrest:  # Table 17
            hexes[e.hex] = msgspec.structs.replace(
                hexes[e.hex], unrest_from=e.unrest_from, unrest_until=e.unrest_until
            )
    return dataclasses.replace(world, hexes=hexes, armies=armies, known_neutrals=known)


def of_type(events: list[Event], cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]
