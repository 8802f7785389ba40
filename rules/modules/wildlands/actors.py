"""What the wilds' peoples and beasts share (new-rules.md §5): their
news, and the points they take from an army or give it.

Their sites: cultists (rules.modules.wildlands.cultists), brigands and monsters
(brigands), the creature lair (lairs), northern raiders (raiders), the black tower
(black_tower), the Chaos horde and the wyvern, which roam (roamers).

An army's points change outside a battle as Table 31's do (E-12): ``ArmyWeakened`` for a
loss, never below 0, and at 0 the army is destroyed with its baggage (AMB-02, E-14);
``ArmyStrengthened`` for a gain. Both are for the army's owner and the GM alone; the news
(``WildsNews``) says what everyone, or the finder alone, learns.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice, Roll
from rules.core.events import (
    Announcement,
    ArmyDestroyed,
    BattleDeclared,
    Event,
    ModuleStateChanged,
)
from rules.core.state import Coord, Order, OrderKind, World
from rules.modules.losses import lose_points
from rules.modules.roaming import attacks_army
from rules.modules.wildlands.points import ArmyStrengthened
from rules.modules.wildlands.sites import Site, hex_key, key_of, records


@dataclasses.dataclass(frozen=True, kw_only=True)
class WildsNews(Announcement):
    """new-rules.md §5: what a people or a beast of the wilds did. ``site`` is the T-WILD
    result (rules.modules.wildlands.sites.Site), ``what`` what happened (the narrator's
    key); ``hex``, ``army_id`` and ``points`` where they apply. With ``kingdom_ids`` it is
    for those kingdoms alone (and the GM)."""

    site: str
    what: str
    hex: Coord | None = None
    army_id: int | None = None
    points: int | None = None


def rolled(dice: Dice, count: int, sides: int, purpose: str) -> tuple[int, tuple[Roll, ...]]:
    """NR-GEN-1: ``count`` dice of ``sides`` faces, each on the record; their sum."""
    rolls = tuple(dice.roll(sides, purpose) for _ in range(count))
    return sum(r.result for r in rolls), rolls


def d3(dice: Dice, purpose: str) -> tuple[int, Roll]:
    """NR-GEN-2: a d6 halved, rounded up."""
    roll = dice.d6(f"{purpose} (d3)")
    return (roll.result + 1) // 2, roll


def weakened(
    world: World, army_id: int, points: int, rule: str, rolls: tuple[Roll, ...] = ()
) -> tuple[World, list[Event]]:
    """The army loses ``points`` (never below 0); at 0 it is destroyed (AMB-02, E-14)."""
    lost = min(points, world.armies[army_id].points)
    return lose_points(world, army_id, lost, rule, rolls, f"{rule} AMB-02 E-14")


def destroyed(
    world: World, army_id: int, rule: str, events: list[Event] | None = None
) -> tuple[World, list[Event]]:
    """The army is gone (T-MONSTER 1, NR-WYVERN-1, AMB-02)."""
    armies = {k: v for k, v in world.armies.items() if k != army_id}
    gone = ArmyDestroyed(rule=rule, army_id=army_id)
    return dataclasses.replace(world, armies=armies), [*(events or []), gone]


def strengthened(
    world: World, army_id: int, points: int, rule: str, rolls: tuple[Roll, ...] = ()
) -> tuple[World, list[Event]]:
    """``points`` join the army; its allocation grows to hold them (E-14)."""
    army = world.armies[army_id]
    total = army.points + points
    grown = msgspec.structs.replace(army, points=total, allocation=max(army.allocation, total))
    event = ArmyStrengthened(
        rule=rule,
        rolls=rolls,
        army_id=army_id,
        kingdom_id=army.kingdom_id,
        points_gained=points,
        points_left=total,
    )
    return dataclasses.replace(world, armies={**world.armies, army_id: grown}), [event]


def still_standing(world: World, orders: list[Order]) -> list[Order]:
    """The orders of the armies that still exist."""
    return [o for o in orders if o.army_id in world.armies]


def at(hex_: Coord) -> str:
    return f"({hex_[0]}, {hex_[1]})"


def entering(world: World, orders: list[Order], site: Site) -> list[Order]:
    """The invasions of a hex that holds ``site``, in army order: Warpost has no free
    movement, so an army "enters" a hex by invading it (E-32), and the site's rule for
    those who enter applies at the start of Provisional Results, before the battle."""
    held = records(world, site)
    return sorted(
        (o for o in orders if o.kind is OrderKind.INVADE and hex_key(o.target) in held),
        key=lambda o: o.army_id,
    )


def state_key(site: Site, part: str) -> str:
    """The key of a site kind's own state beside its records (a roaming force, this
    turn's fights): ``"wildlands.<kind>.<part>"``, so that nothing reads it as sites."""
    return f"{key_of(site)}.{part}"


def own_state(world: World, key: str) -> dict[str, dict]:
    """The state under ``key``, by item (a copy the caller may change)."""
    return {k: dict(v) for k, v in world.module_state.get(key, {}).items()}


def with_state(
    world: World, key: str, state: dict[str, dict], rule: str
) -> tuple[World, ModuleStateChanged]:
    """The world with ``state`` under ``key``, and the event that stores it."""
    world = dataclasses.replace(world, module_state={**world.module_state, key: state})
    return world, ModuleStateChanged(rule=rule, module=key, state=state)


def falls_upon(world: World, army_id: int, hex_: Coord, points: int, rule: str) -> BattleDeclared:
    """AMB-27, AMB-30: a foe of ``points`` attacks the army at ``hex_`` at once: a
    roaming force against the army as against a patrol it meets (E-12), which may fight
    or retreat; the foe takes no hex."""
    return attacks_army(world.armies[army_id], hex_, points, f"{rule} E-12")
