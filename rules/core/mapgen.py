"""Campaign set-up: a seeded map with player kingdoms and hidden neutral kingdoms.

§3 "Campaign set-up": a hex map where every hex has a terrain (A-1.1.1), each player a
small kingdom with a capital (A-1.2.1, Q19: the capital plus up to 3 adjacent hexes),
and neutral kingdoms of 3 hexes placed in secret, each with a Great Fortress capital
(A-1.4.1–4) that counts as a City (E-22).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import hexgrid
from rules.core.dice import Dice
from rules.core.state import Coord, Feature, Terrain

# Land terrain weights for a playable map; sea is placed separately.
LAND_WEIGHTS = (
    (Terrain.FIELDS, 4),
    (Terrain.RIVER, 2),
    (Terrain.FOREST, 2),
    (Terrain.SWAMP, 1),
    (Terrain.MOUNTAIN, 2),
)
SEA_SHARE = 10  # one hex in ten is sea
NEUTRAL_FEATURES = (Feature.MINE, Feature.WOODS, Feature.TOWN, Feature.ARCANE_RUINS)


@dataclass
class KingdomPlan:
    capital: Coord
    hexes: list[Coord]


@dataclass
class NeutralPlan:
    capital: Coord
    hexes: list[Coord]
    features: dict[Coord, Feature] = field(default_factory=dict)


@dataclass
class MapPlan:
    terrain: dict[Coord, Terrain]
    kingdoms: list[KingdomPlan]
    neutrals: list[NeutralPlan]


def spiral(count: int) -> list[Coord]:
    """The ``count`` hexes closest to (0, 0), ring by ring: a roughly round map."""
    cells: list[Coord] = [(0, 0)]
    radius = 0
    while len(cells) < count:
        radius += 1
        cells.extend(hexgrid.ring((0, 0), radius))
    return cells[:count]


def generate_map(*, hexes: int, players: int, neutrals: int, dice: Dice) -> MapPlan:
    """A-1.0.2: about 40 hexes for 4 players; every terrain of A-1.1.1 appears."""
    cells = spiral(hexes)
    terrain = {cell: _land(dice, cell) for cell in cells}
    capitals = _spread(cells, players, dice)
    kingdoms = [_kingdom(capital, terrain, dice) for capital in capitals]
    taken = {cell for kingdom in kingdoms for cell in kingdom.hexes}
    neutral_plans = _neutrals(cells, neutrals, taken, terrain, dice)
    taken |= {cell for plan in neutral_plans for cell in plan.hexes}
    _add_sea(cells, taken, terrain, dice)
    for kingdom in kingdoms:
        terrain[kingdom.capital] = Terrain.RIVER  # a capital counts as a City (E-22)
    _ensure_every_terrain(cells, taken, terrain)
    return MapPlan(terrain=terrain, kingdoms=kingdoms, neutrals=neutral_plans)


def _land(dice: Dice, cell: Coord) -> Terrain:
    total = sum(weight for _, weight in LAND_WEIGHTS)
    pick = dice.roll(total, f"map terrain at {cell}").result
    for kind, weight in LAND_WEIGHTS:
        if pick <= weight:
            return kind
        pick -= weight
    raise AssertionError("weights exhausted")


def _spread(cells: list[Coord], count: int, dice: Dice) -> list[Coord]:
    """Farthest-point sampling: each capital as far as possible from the others."""
    if count == 0:
        return []
    outer = cells[-max(1, len(cells) // 3) :]
    first = outer[dice.roll(len(outer), "first capital").result - 1]
    chosen = [first]
    nearest = {cell: hexgrid.distance(cell, first) for cell in cells}
    while len(chosen) < count:
        best = max(cells, key=lambda cell: (nearest[cell], cell))
        chosen.append(best)
        for cell in cells:
            nearest[cell] = min(nearest[cell], hexgrid.distance(cell, best))
    return chosen


def _kingdom(capital: Coord, terrain: dict[Coord, Terrain], dice: Dice) -> KingdomPlan:
    """Q19: the capital plus 2 or 3 of its neighbours on the map."""
    around = [cell for cell in hexgrid.neighbours(capital) if cell in terrain]
    extra = 2 + (dice.d6(f"kingdom size at {capital}").result > 3)
    return KingdomPlan(capital=capital, hexes=[capital, *around[:extra]])


def _neutrals(
    cells: list[Coord], count: int, taken: set[Coord], terrain: dict[Coord, Terrain], dice: Dice
) -> list[NeutralPlan]:
    """A-1.4.1–4: 3-hex kingdoms away from the players, each with a major feature."""
    plans = []
    blocked = set(taken)
    for _ in range(count):
        free = {c for c in cells if c not in blocked and not (set(hexgrid.neighbours(c)) & taken)}
        roomy = [
            c for c in sorted(free) if len([n for n in hexgrid.neighbours(c) if n in free]) >= 2
        ]
        if not roomy:
            break
        capital = max(
            roomy, key=lambda c: (min((hexgrid.distance(c, t) for t in taken), default=0), c)
        )
        members = [capital] + [c for c in hexgrid.neighbours(capital) if c in free][:2]
        feature = NEUTRAL_FEATURES[dice.roll(len(NEUTRAL_FEATURES), "neutral feature").result - 1]
        plans.append(
            NeutralPlan(
                capital=capital,
                hexes=members,
                features={capital: Feature.CITY, members[1]: feature},
            )
        )
        blocked |= set(members) | {n for m in members for n in hexgrid.neighbours(m)}
    return plans


def _add_sea(
    cells: list[Coord], taken: set[Coord], terrain: dict[Coord, Terrain], dice: Dice
) -> None:
    for cell in cells:
        if cell not in taken and dice.roll(SEA_SHARE, f"sea at {cell}").result == 1:
            terrain[cell] = Terrain.SEA


def _ensure_every_terrain(
    cells: list[Coord], taken: set[Coord], terrain: dict[Coord, Terrain]
) -> None:
    """A-1.1.1: a demo map shows every terrain; the missing ones replace free hexes."""
    free = [c for c in reversed(cells) if c not in taken]
    for kind in Terrain:
        if kind not in terrain.values() and free:
            terrain[free.pop()] = kind
