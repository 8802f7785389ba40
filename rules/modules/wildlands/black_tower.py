"""The black tower (new-rules.md §5, NR-BTOWER-1/2; AMB-01, AMB-31): a permanent site.

Warpost keeps no army's magic items (BASE-25), so the tower takes the abstract
alternative (NR-BTOWER-2, AMB-31): the army that examines the hex loses (d6 − 1) × 100
points. The tower stays, and strikes alike every army that enters the hex later: in
Warpost, every army that invades it (E-32), at the start of Provisional Results, before
its battle.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event
from rules.core.state import Order, World
from rules.modules import Module, Start, register
from rules.modules.wildlands.actors import WildsNews, at, entering, still_standing, weakened
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    handles,
    hex_key,
    records,
    with_records,
)

RULE = "NR-BTOWER-2 AMB-31"


@handles(Site.BLACK_TOWER, permanent=True)
def discover(world: World, found: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-BTOWER-2: the finder is drained; the tower stays (AMB-31, unless the ruleset
    reads it as a one-off)."""
    stored: list[Event] = []
    if world.ruleset.black_tower_stays:
        towers = records(world, Site.BLACK_TOWER)
        towers[hex_key(found.hex)] = {"found_by": found.kingdom_id, "turn": world.turn}
        world, kept = with_records(world, Site.BLACK_TOWER, towers, "NR-BTOWER AMB-31")
        stored.append(kept)
    world, drained = _drain(world, found.army_id, found.kingdom_id, found.hex, dice)
    return world, [*stored, *drained]


def _drain(world: World, army_id: int, kingdom_id: int, hex_, dice: Dice):
    """(d6 − 1) × 100 points lost (AMB-01)."""
    roll = dice.d6(f"NR-BTOWER-2 the black tower drains army {army_id}")
    points = (roll.result - 1) * world.ruleset.black_tower_points
    news = WildsNews(
        rule=RULE,
        rolls=(roll,),
        site=Site.BLACK_TOWER.value,
        what="drained",
        hex=hex_,
        army_id=army_id,
        points=points,
        kingdom_ids=(kingdom_id,),
        text=f"The black tower at {at(hex_)} drains the army's magic: {points} points lost.",
    )
    if not points:
        return world, [news]
    world, lost = weakened(world, army_id, points, RULE)
    return world, [news, *lost]


def phase_one(world: World, orders: list[Order], dice: Dice):
    """AMB-31: each army invading a black tower's hex is drained before its battle."""
    events: list[Event] = []
    for order in entering(world, orders, Site.BLACK_TOWER):
        army = world.armies[order.army_id]
        world, drained = _drain(world, army.id, army.kingdom_id, order.target, dice)
        events += drained
    return world, still_standing(world, orders), events


MODULE = register(Module(option=OPTION, phase_one=phase_one, starts_at=Start.MOVEMENT))
