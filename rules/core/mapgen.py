"""Campaign set-up: a seeded map with player kingdoms and hidden neutral kingdoms.

§3 "Campaign set-up": a hex map where every hex has a terrain (A-1.1.1), each player a
small kingdom with a capital (A-1.2.1, Q19: the capital plus up to 3 adjacent hexes),
and neutral kingdoms of 3 hexes placed in secret, each with a Great Fortress capital
(A-1.4.1–4) that counts as a City (E-22).

A GM's new campaign chooses the map's size, its share of sea and its mix of land
(``MapParams``); ``map_params_problem`` keeps those choices within what the generator
places well: every kingdom and every neutral kingdom of the rules' size.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rules import modules
from rules.core import hexgrid
from rules.core.dice import Dice
from rules.core.problems import Phrase, Problem, translatable, words
from rules.core.state import BASE_TERRAINS, Coord, Defence, Feature, Terrain

# Land terrain weights for a playable map; sea is placed separately.
LAND_WEIGHTS = (
    (Terrain.FIELDS, 4),
    (Terrain.RIVER, 2),
    (Terrain.FOREST, 2),
    (Terrain.SWAMP, 1),
    (Terrain.MOUNTAIN, 2),
)
SEA_SHARE = 10  # the sea roll's die: a free hex is sea on a roll up to its share in tenths
NEUTRAL_FEATURES = (Feature.MINE, Feature.WOODS, Feature.TOWN, Feature.ARCANE_RUINS)


# A GM's choice of land: each a name, the words the wizard shows, and the weights.
TERRAIN_MIXES: dict[str, tuple[str, tuple[tuple[Terrain, int], ...]]] = {
    "balanced": (translatable("Balanced: mostly fields, some of everything"), LAND_WEIGHTS),
    "open": (
        translatable("Open country: wide fields and rivers, few mountains"),
        (
            (Terrain.FIELDS, 6),
            (Terrain.RIVER, 3),
            (Terrain.FOREST, 1),
            (Terrain.SWAMP, 1),
            (Terrain.MOUNTAIN, 1),
        ),
    ),
    "wild": (
        translatable("Wild lands: forests, swamps and mountains"),
        (
            (Terrain.FIELDS, 2),
            (Terrain.RIVER, 1),
            (Terrain.FOREST, 3),
            (Terrain.SWAMP, 2),
            (Terrain.MOUNTAIN, 3),
        ),
    ),
}


@dataclass(frozen=True)
class MapParams:
    """What a GM chooses of a generated map. ``radius``: the map is every hex within it
    of the centre, a whole hexagon, so that no hex on its rim stands alone;
    ``sea_tenths``: the share of the free hexes (outside every kingdom) that is sea, in
    tenths; ``players_per_neutral``: one hidden neutral kingdom for so many players (at
    least one)."""

    players: int
    radius: int
    seed: str
    sea_tenths: int = 1
    mix: str = "balanced"
    players_per_neutral: int = 4
    modules: tuple[str, ...] = ()  # the optional modules on, which may place their terrains

    @property
    def neutrals(self) -> int:
        return neutral_count(self.players, self.players_per_neutral)

    @property
    def hexes(self) -> int:
        return hexes_within(self.radius)


PLAYERS = (2, 12)
HEXES_PER_PLAYER = (8, 30)  # about 10 a player; fewer leaves no room to grow
SUGGESTED_HEXES_PER_PLAYER = 10  # about 40 hexes for 4 players
SEA_TENTHS = (0, 4)
PLAYERS_PER_NEUTRAL = (1, 8)


def neutral_count(players: int, players_per_neutral: int) -> int:
    """A-1.4.1: one hidden neutral kingdom for so many players, at least one."""
    return max(1, players // players_per_neutral)


def hexes_within(radius: int) -> int:
    """The hexes of a whole hexagonal map of ``radius``: 1, 7, 19, 37, 61, …"""
    return 3 * radius * (radius + 1) + 1


def radii(players: int) -> list[int]:
    """A-1.0.2: the map radii that give ``players`` room, smallest first."""
    fewest, most = (n * players for n in HEXES_PER_PLAYER)
    return [r for r in range(1, 20) if fewest <= hexes_within(r) <= most]


def suggested_radius(players: int) -> int:
    """A-1.0.2: the radius whose map is nearest the rules' size for ``players``."""
    wanted = SUGGESTED_HEXES_PER_PLAYER * players
    return min(radii(players), key=lambda r: (abs(hexes_within(r) - wanted), r))


def map_params_problem(params: MapParams) -> Problem | None:
    """A-1.0.2, A-1.4.2: a map the generator cannot lay out as the rules ask."""
    low, high = PLAYERS
    if not low <= params.players <= high:
        return Problem(
            "A-1.0.1", "players", "a campaign has {low} to {high} players", low=low, high=high
        )
    if params.radius not in radii(params.players):
        fits = words(
            Phrase("{radius} ({hexes} hexes)", radius=r, hexes=hexes_within(r))
            for r in radii(params.players)
        )
        return Problem(
            "A-1.0.2",
            "radius",
            "a map for {players} players has a radius of {fits}, not {radius} ({hexes} hexes)",
            players=params.players,
            fits=fits,
            radius=params.radius,
            hexes=params.hexes,
        )
    if not SEA_TENTHS[0] <= params.sea_tenths <= SEA_TENTHS[1]:
        return Problem(
            "A-1.1.1", "sea_tenths", "the sea takes at most {tenths}0%", tenths=SEA_TENTHS[1]
        )
    if params.mix not in TERRAIN_MIXES:
        return Problem("A-1.1.1", "mix", "'{mix}' is not a mix of land", mix=params.mix)
    low, high = PLAYERS_PER_NEUTRAL
    if not low <= params.players_per_neutral <= high:
        return Problem(
            "A-1.4.1",
            "players_per_neutral",
            "one neutral kingdom for {low} to {high} players",
            low=low,
            high=high,
        )
    return None


def generate_from(params: MapParams) -> MapPlan:
    """The map a GM's choices give: the same choices and seed, the same map. The modules
    he switched on then place their own terrains on the free hexes (rules.modules), with
    dice of their own, so the map under them is the one they would have without."""
    plan = generate_map(
        hexes=params.hexes,
        players=params.players,
        neutrals=params.neutrals,
        dice=Dice(f"map:{params.seed}"),
        sea_tenths=params.sea_tenths,
        land=TERRAIN_MIXES[params.mix][1],
    )
    taken = {c for kingdom in [*plan.kingdoms, *plan.neutrals] for c in kingdom.hexes}
    dice = Dice(f"map:{params.seed}:modules")
    modules.place_tiles(params.modules, plan.terrain, taken, dice)
    sites = modules.spare_capitals(params.modules, plan.terrain, taken)
    plan.neutrals.extend(_independents(sites, plan.terrain, taken, dice))
    return plan


def _independents(
    sites: list[Coord], terrain: dict[Coord, Terrain], taken: set[Coord], dice: Dice
) -> list[NeutralPlan]:
    """NR-INDEP-1, E-40: each spare capital site with room for it (two free land hexes
    beside it, none of the three touching a kingdom) holds an independent kingdom, a
    neutral kingdom like the others (A-1.4.2–4); its race is rolled at the first Phase 1
    (rules.modules.peoples). ``taken`` grows with each."""
    plans = []
    for capital in sites:
        free = [n for n in hexgrid.neighbours(capital) if _room(n, terrain, taken)]
        if not _room(capital, terrain, taken) or len(free) < 2:
            continue
        members = [capital, *free[:2]]
        plans.append(_neutral_plan(capital, members, dice))
        taken |= set(members)
    return plans


def _room(cell: Coord, terrain: dict[Coord, Terrain], taken: set[Coord]) -> bool:
    """A free land hex touching no kingdom's hex."""
    around = {cell, *hexgrid.neighbours(cell)}
    return cell in terrain and terrain[cell] is not Terrain.SEA and not around & taken


@dataclass
class KingdomPlan:
    capital: Coord
    hexes: list[Coord]
    # A map drawn or taken from another campaign keeps its names; a generated one leaves
    # them to the set-up (campaign.campaigns.setup)
    name: str = ""
    colour: str = ""


@dataclass
class NeutralPlan:
    capital: Coord
    hexes: list[Coord]
    features: dict[Coord, Feature] = field(default_factory=dict)
    name: str = ""
    race: str = ""
    # The capital's, as the set-up checks read it: set-up builds a Great Fortress,
    # which a GM drawing the map may take away
    defence: Defence | None = Defence.GREAT_FORTRESS


@dataclass
class MapPlan:
    terrain: dict[Coord, Terrain]
    kingdoms: list[KingdomPlan]
    neutrals: list[NeutralPlan]


def blank_map(radius: int) -> MapPlan:
    """A map for the GM to draw on: a whole hexagon of ``radius``, all Fields, with no
    kingdom yet."""
    cells = spiral(hexes_within(radius))
    return MapPlan(terrain=dict.fromkeys(cells, Terrain.FIELDS), kingdoms=[], neutrals=[])


def spiral(count: int) -> list[Coord]:
    """The ``count`` hexes closest to (0, 0), ring by ring: a roughly round map."""
    cells: list[Coord] = [(0, 0)]
    radius = 0
    while len(cells) < count:
        radius += 1
        cells.extend(hexgrid.ring((0, 0), radius))
    return cells[:count]


def generate_map(
    *,
    hexes: int,
    players: int,
    neutrals: int,
    dice: Dice,
    sea_tenths: int = 1,
    land: tuple[tuple[Terrain, int], ...] = LAND_WEIGHTS,
) -> MapPlan:
    """A-1.0.2: about 40 hexes for 4 players; every terrain of A-1.1.1 appears."""
    cells = spiral(hexes)
    terrain = {cell: _land(dice, cell, land) for cell in cells}
    capitals = _spread(cells, players, dice)
    kingdoms = _kingdoms(capitals, terrain, dice)
    taken = {cell for kingdom in kingdoms for cell in kingdom.hexes}
    neutral_plans = _neutrals(cells, neutrals, taken, terrain, dice)
    taken |= {cell for plan in neutral_plans for cell in plan.hexes}
    _add_sea(cells, taken, terrain, dice, sea_tenths)
    for kingdom in kingdoms:
        terrain[kingdom.capital] = Terrain.RIVER  # a capital counts as a City (E-22)
    _ensure_every_terrain(cells, taken, terrain)
    return MapPlan(terrain=terrain, kingdoms=kingdoms, neutrals=neutral_plans)


def _land(dice: Dice, cell: Coord, weights: tuple[tuple[Terrain, int], ...]) -> Terrain:
    total = sum(weight for _, weight in weights)
    pick = dice.roll(total, f"map terrain at {cell}").result
    for kind, weight in weights:
        if pick <= weight:
            return kind
        pick -= weight
    raise AssertionError("weights exhausted")


def _spread(cells: list[Coord], count: int, dice: Dice) -> list[Coord]:
    """Farthest-point sampling: each capital as far as possible from the others, the
    greatest hex breaking ties. A new capital brings nearer only the hexes closer to it
    than the farthest hex left was, so it walks the rings around it out to that distance.
    Each hex is filed under every distance it comes to have (by its rank among the hexes);
    the farthest is the greatest hex still at the greatest distance, which only shrinks,
    so each distance's file is sorted once, when it comes to the top."""
    if count == 0:
        return []
    outer = cells[-max(1, len(cells) // 3) :]
    first = outer[dice.roll(len(outer), "first capital").result - 1]
    chosen = [first]
    ranked = sorted(cells)
    rank = {cell: index for index, cell in enumerate(ranked)}
    nearest = [hexgrid.distance(cell, first) for cell in ranked]
    filed: list[list[int]] = [[] for _ in range(max(nearest) + 1)]
    for index, d in enumerate(nearest):
        filed[d].append(index)
    top, queue = len(filed), []
    while len(chosen) < count:
        while not queue or nearest[queue[-1]] != top:
            if queue:
                queue.pop()  # filed at a distance it no longer has
            else:
                top -= 1
                queue = sorted(filed[top])
        best = ranked[queue[-1]]
        chosen.append(best)
        for step in range(top):
            for cell in hexgrid.ring(best, step):
                index = rank.get(cell)
                if index is not None and nearest[index] > step:
                    nearest[index] = step
                    filed[step].append(index)
    return chosen


def _kingdoms(
    capitals: list[Coord], terrain: dict[Coord, Terrain], dice: Dice
) -> list[KingdomPlan]:
    """Q19: each capital plus 2 or 3 of its neighbours on the map that no other kingdom
    holds: first two each, the capital with the fewest free neighbours choosing first,
    then a third where the die gives one; so capitals close together on a small map
    share what lies between them."""
    sizes = [2 + (dice.d6(f"kingdom size at {capital}").result > 3) for capital in capitals]
    plans = [KingdomPlan(capital=capital, hexes=[capital]) for capital in capitals]
    taken = set(capitals)

    def free(plan: KingdomPlan) -> list[Coord]:
        return [c for c in hexgrid.neighbours(plan.capital) if c in terrain and c not in taken]

    cramped_first = sorted(range(len(plans)), key=lambda i: (len(free(plans[i])), i))
    for plan, wanted in [(plans[i], 2) for i in cramped_first] + list(
        zip(plans, sizes, strict=True)
    ):
        added = free(plan)[: 1 + wanted - len(plan.hexes)]
        plan.hexes.extend(added)
        taken.update(added)
    return plans


def _neutrals(
    cells: list[Coord], count: int, taken: set[Coord], terrain: dict[Coord, Terrain], dice: Dice
) -> list[NeutralPlan]:
    """A-1.4.1–4: 3-hex kingdoms, each with a major feature: away from the players and from
    each other while the map has room, else on any three free hexes side by side."""
    plans = []
    on_map = set(cells)
    blocked = set(taken)  # the players' hexes, the neutral kingdoms' and the hexes around
    touching = taken | {n for t in taken for n in hexgrid.neighbours(t)}
    placed: set[Coord] = set()
    # The players' hexes do not move, so each hex's distance from them is measured once
    radius = max((hexgrid.distance(c, (0, 0)) for c in cells), default=0)
    far = hexgrid.distances_to(taken, radius) if taken else dict.fromkeys(cells, 0)
    apart = _Sites(cells, far, lambda c: c in on_map and c not in blocked and c not in touching)
    anywhere = _Sites(cells, far, lambda c: c in on_map and c not in taken and c not in placed)
    for _ in range(count):
        site = apart.best() or anywhere.best()
        if site is None:
            break
        capital, members = site
        plans.append(_neutral_plan(capital, members, dice))
        placed |= set(members)
        blocked |= set(members) | {n for m in members for n in hexgrid.neighbours(m)}
    return plans


class _Sites:
    """A-1.4.2: the sites for a neutral kingdom among the hexes ``free`` tells, best first:
    the free hex farthest from the players (the greatest hex breaking ties) with two free
    neighbours, and those neighbours. A hex only ever stops being free, so one that cannot
    hold a kingdom never can again: the heap drops it for good."""

    def __init__(self, cells: list[Coord], far: dict[Coord, int], free: Callable[[Coord], bool]):
        self._free = free
        self._heap = [(-far[(q, r)], -q, -r) for q, r in cells]
        heapq.heapify(self._heap)

    def best(self) -> tuple[Coord, list[Coord]] | None:
        while self._heap:
            _, q, r = self._heap[0]
            capital = (-q, -r)
            around = [n for n in hexgrid.neighbours(capital) if self._free(n)]
            if self._free(capital) and len(around) >= 2:
                return capital, [capital, *around[:2]]
            heapq.heappop(self._heap)
        return None


def _add_sea(
    cells: list[Coord],
    taken: set[Coord],
    terrain: dict[Coord, Terrain],
    dice: Dice,
    sea_tenths: int,
) -> None:
    for cell in cells:
        if cell not in taken and dice.roll(SEA_SHARE, f"sea at {cell}").result <= sea_tenths:
            terrain[cell] = Terrain.SEA


def _ensure_every_terrain(
    cells: list[Coord], taken: set[Coord], terrain: dict[Coord, Terrain]
) -> None:
    """A-1.1.1: a demo map shows every terrain; the missing ones replace free hexes of
    a terrain the map has elsewhere too. (The supplement's tiles are the modules' to
    place: ``generate_from``.)"""
    free = [c for c in reversed(cells) if c not in taken]
    for kind in BASE_TERRAINS:
        count = Counter(terrain.values())
        spare = [cell for cell in free if count[terrain[cell]] > 1]
        if kind not in count and spare:
            free.remove(spare[-1])
            terrain[spare[-1]] = kind


def _neutral_plan(capital: Coord, members: list[Coord], dice: Dice) -> NeutralPlan:
    """A neutral kingdom of ``members``: a City capital (A-1.4.3) and a major feature rolled
    for its next hex (A-1.4.4)."""
    feature = NEUTRAL_FEATURES[dice.roll(len(NEUTRAL_FEATURES), "neutral feature").result - 1]
    return NeutralPlan(
        capital=capital, hexes=members, features={capital: Feature.CITY, members[1]: feature}
    )
