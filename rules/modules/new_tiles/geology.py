"""The winter phase's geology (new-rules.md §2, §12.3 step 5.1; E-31: the winter
turn, after step 6g), faults first, then volcanoes, each in coordinate order:

* NR-FAULT-3–5: each fault quakes on a d6 of ``fault_quake_on`` or less; its hex is
  sacked (E-39: the App G ravage) and every army on it destroyed (E-32: the armies
  standing there); each land neighbour suffers the same on a d6 of ``fault_spread_on``
  or less, one ring only (AMB-36).
* NR-VOLCANO-2–6: each volcano erupts on a d6 of ``volcano_erupts_on`` or less: its hex
  loses its settlement, fortress and watchtower, and its armies, and stays a volcano
  (AMB-37); a d6 gives the lava flows, each a direction die (E-39: 1 = N, then
  clockwise), and each neighbour hit, once however many flows reach it, suffers the
  same. Lava into the sea or off the map does nothing. A volcano found in the wildlands
  (the site record ``volcano``, NR-WVOLC-1, NR-VOLCANO-7) erupts as the tile does.

A hex struck twice in one winter is struck twice: a quake downgrades a City, the next
one takes the Town. What no invasion has explored keeps what it hides (a neutral
kingdom's land, A-1.4.18; a hex only scouted, E-29): the ravage is public news, and it
would tell it.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.events import ArmyDestroyed, ArmyMoved, Event
from rules.core.hexgrid import neighbours
from rules.core.state import Coord, HexState, Terrain, World
from rules.modules.beast import ravaged
from rules.modules.new_tiles.events import GroundShaken, Shock
from rules.modules.roaming import hex_ravaged

# NR-WVOLC-1: the wildlands' volcano records ("q,r" keys), read by their key: the wildlands
# package imports this file to erupt them when the new tiles are off.
FOUND = "wildlands.volcano"
RULES = {
    Shock.QUAKE: "NR-FAULT-3 NR-FAULT-4 E-39",
    Shock.AFTERSHOCK: "NR-FAULT-5 NR-FAULT-4 AMB-36 E-39",
    Shock.ERUPTION: "NR-VOLCANO-2 NR-VOLCANO-3 AMB-37",
    Shock.LAVA: "NR-VOLCANO-4 NR-VOLCANO-5 NR-VOLCANO-6",
}
_WORDS = {
    Shock.QUAKE: "An earthquake shakes",
    Shock.AFTERSHOCK: "The earthquake spreads to",
    Shock.ERUPTION: "The volcano erupts at",
    Shock.LAVA: "Lava pours over",
}


@dataclasses.dataclass
class _Winter:
    """The map as the winter's shocks leave it, and what they did."""

    world: World
    hexes: dict[Coord, HexState]
    positions: dict[int, Coord | None]  # E-32: where each army stands now
    gone: set[int]  # armies destroyed this turn
    events: list[Event] = dataclasses.field(default_factory=list)
    quiet: list[Roll] = dataclasses.field(default_factory=list)  # rolls that struck nothing

    def strike(self, hex_: Coord, shock: Shock, source: Coord, rolls: tuple[Roll, ...]) -> None:
        """One hex struck: the news, its settlement sacked or razed, its armies gone."""
        h = self.hexes[hex_]
        rule = RULES[shock]
        self.events.append(
            GroundShaken(
                rule=rule,
                rolls=rolls,
                hex=hex_,
                shock=shock,
                source=source,
                text=f"{_WORDS[shock]} ({hex_[0]}, {hex_[1]}).",
            )
        )
        volcanic = shock in (Shock.ERUPTION, Shock.LAVA)
        after = barren(h) if volcanic else ravaged(h)
        if after != h and h.explored and not h.scouted_only:
            self.hexes[hex_] = after
            self.events.append(hex_ravaged(h, after, rule))
        for army_id, at in sorted(self.positions.items()):
            if at == hex_ and army_id not in self.gone:
                self.gone.add(army_id)
                self.events.append(ArmyDestroyed(rule=rule, army_id=army_id))


def barren(h: HexState) -> HexState:
    """NR-VOLCANO-3, NR-VOLCANO-5: no settlement, no fortress, no watchtower: barren."""
    return msgspec.structs.replace(h, feature=None, defence=None, watchtower=False)


def winter_geology(world: World, events: list[Event], dice: Dice) -> tuple[list[Event], list[Roll]]:
    """The winter phase's quakes and eruptions (see the module's docstring), after the
    turn's ``events``: the armies stand where they moved (E-32), and those destroyed
    already are gone. Returns the events and the rolls that struck nothing."""
    return _shake(world, events, dice, _tiles(world, Terrain.FAULT), volcanoes(world))


def found_eruptions(
    world: World, events: list[Event], dice: Dice
) -> tuple[list[Event], list[Roll]]:
    """NR-WVOLC-1, NR-VOLCANO-7: the eruptions of the volcanoes found in the wildlands
    alone, for a campaign that plays the wildlands without the new tiles (whose
    ``winter_geology`` erupts them otherwise)."""
    return _shake(world, events, dice, [], found_volcanoes(world))


def _shake(
    world: World, events: list[Event], dice: Dice, faults: list[Coord], fires: list[Coord]
) -> tuple[list[Event], list[Roll]]:
    positions = {a.id: a.position for a in world.armies.values()}
    gone = set()
    for e in events:
        if isinstance(e, ArmyMoved) and e.army_id in positions:
            positions[e.army_id] = e.hex
        elif isinstance(e, ArmyDestroyed):
            gone.add(e.army_id)
    winter = _Winter(world, dict(world.hexes), positions, gone)
    for coord in faults:
        _quake(winter, coord, dice)
    for coord in fires:
        _eruption(winter, coord, dice)
    return winter.events, winter.quiet


def _tiles(world: World, terrain: Terrain) -> list[Coord]:
    return sorted(c for c, h in world.hexes.items() if h.terrain is terrain)


def found_volcanoes(world: World) -> list[Coord]:
    """NR-VOLCANO-7, NR-WVOLC-1: the volcanoes found in the wildlands (their site
    records, read by key), in coordinate order."""
    found = world.module_state.get(FOUND, {})
    sites = ((int(q), int(r)) for q, r in (k.split(",") for k in found))
    return sorted(c for c in sites if c in world.hexes)


def volcanoes(world: World) -> list[Coord]:
    """NR-VOLCANO-2, NR-VOLCANO-7: the volcano tiles and the volcanoes found in the
    wildlands, each once, in coordinate order."""
    return sorted(set(_tiles(world, Terrain.VOLCANO)) | set(found_volcanoes(world)))


def _land(world: World, coord: Coord) -> bool:
    return coord in world.hexes and not world.hexes[coord].terrain.is_sea


def _quake(winter: _Winter, fault: Coord, dice: Dice) -> None:
    rules = winter.world.ruleset
    roll = dice.d6(f"NR-FAULT-3 earthquake at {fault}")
    if roll.result > rules.fault_quake_on:
        winter.quiet.append(roll)
        return
    winter.strike(fault, Shock.QUAKE, fault, (roll,))
    for near in neighbours(fault):
        if not _land(winter.world, near):
            continue
        spread = dice.d6(f"NR-FAULT-5 the earthquake spreads to {near}")
        if spread.result <= rules.fault_spread_on:
            winter.strike(near, Shock.AFTERSHOCK, fault, (spread,))
        else:
            winter.quiet.append(spread)


def _eruption(winter: _Winter, volcano: Coord, dice: Dice) -> None:
    roll = dice.d6(f"NR-VOLCANO-2 eruption at {volcano}")
    if roll.result > winter.world.ruleset.volcano_erupts_on:
        winter.quiet.append(roll)
        return
    flows = dice.d6(f"NR-VOLCANO-4 lava flows at {volcano}")
    directions = [
        dice.d6(f"NR-VOLCANO-4 direction of lava flow {n + 1} at {volcano}")
        for n in range(flows.result)
    ]
    winter.strike(volcano, Shock.ERUPTION, volcano, (roll, flows, *directions))
    around = neighbours(volcano)  # E-39: in direction order, 1 = N
    for direction in sorted({d.result for d in directions}):
        hit = around[direction - 1]
        if _land(winter.world, hit):  # NR-VOLCANO-6, AMB-37: sea or off the map, nothing
            winter.strike(hit, Shock.LAVA, volcano, ())
