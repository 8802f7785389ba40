"""The flash flood (new-rules.md §5, NR-FLOOD; River column only): the examining army
loses a d6 × ``flood_loss_per_pip`` (100) points (NR-FLOOD-1); at 0 it is destroyed (AMB-02,
E-14). No site remains: the hex stays barren and may be examined again (NR-FLOOD-3,
AMB-24).

The villages downstream (NR-FLOOD-2, AMB-50): a river's source is read from the map as
the works module reads it (rules.modules.works.bridges.river_steps); the hexes downstream
of the flood are the River hexes reached from it along the river, each step farther from
the source. A village is the base game's Town (as the pirates read it); each Town there
rolls a d6 and is sacked (App G, E-39) on ``flood_sack_on`` (5) or more. A Town no
invasion has explored keeps what it hides (E-29): it is not rolled for. A river with no
source has no direction of flow, so nothing lies downstream of it.
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.events import Announcement, Event
from rules.core.hexgrid import neighbours
from rules.core.state import Coord, Feature, World
from rules.modules.losses import lose_points
from rules.modules.roaming import hex_ravaged, ravaged
from rules.modules.wildlands.sites import Examination, Site, handles
from rules.modules.works.bridges import river_steps


@dataclasses.dataclass(frozen=True, kw_only=True)
class FloodDownstream(Announcement):
    """NR-FLOOD-2: a Town downstream of a flash flood rolled; ``sacked`` on 5–6. Public,
    as the sack it may bring (HexRavaged) is."""

    hex: Coord
    source: Coord  # the flooded hex
    sacked: bool


@handles(Site.FLASH_FLOOD, permanent=False)
def flash_flood(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    world, events = _army_losses(world, exam, dice)
    world, swept = _villages(world, exam.hex, dice)
    return world, [*events, *swept]


def _army_losses(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    army = world.armies[exam.army_id]
    roll = dice.d6(f"NR-FLOOD-1 flash flood: army {army.id}'s losses")
    lost = min(army.points, roll.result * world.ruleset.flood_loss_per_pip)
    rule = "NR-FLOOD-1 NR-FLOOD-3"
    return lose_points(world, army.id, lost, rule, (roll,), "NR-FLOOD-1 AMB-02 E-14")


def downstream(world: World, flooded: Coord) -> list[Coord]:
    """AMB-50: the River hexes downstream of ``flooded`` (each step along the river
    farther from its source), nearest first, then in coordinate order."""
    steps = river_steps(world)
    if flooded not in steps:
        return []
    found: set[Coord] = set()
    edge = [flooded]
    while edge:
        edge = [
            n
            for here in edge
            for n in neighbours(here)
            if steps.get(n, -1) > steps[here] and n not in found
        ]
        found.update(edge)
    return sorted(found, key=lambda c: (steps[c], c))


def _villages(world: World, flooded: Coord, dice: Dice) -> tuple[World, list[Event]]:
    """NR-FLOOD-2: each explored Town downstream rolls; on ``flood_sack_on`` it is sacked."""
    hexes = dict(world.hexes)
    events: list[Event] = []
    for coord in downstream(world, flooded):
        h = hexes[coord]
        if h.feature is not Feature.TOWN or not h.explored or h.scouted_only:
            continue
        roll = dice.d6(f"NR-FLOOD-2 the flood reaches the Town at {coord}")
        sacked = roll.result >= world.ruleset.flood_sack_on
        words = "is swept away" if sacked else "holds"
        events.append(
            FloodDownstream(
                rule="NR-FLOOD-2 AMB-50",
                rolls=(roll,),
                hex=coord,
                source=flooded,
                sacked=sacked,
                text=f"A flash flood reaches the Town at {coord}: it {words}.",
            )
        )
        if sacked:
            hexes[coord] = after = ravaged(h)
            events.append(hex_ravaged(h, after, "NR-FLOOD-2 E-39"))
    return dataclasses.replace(world, hexes=hexes), events
