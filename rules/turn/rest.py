"""Rest and Reorganise (Table 5, E-01, E-14, Q7).

An army that Rests, or has no order at all (Q7), is rebuilt to its allocation and gets
the rested flag. The flag is for its next battle: that battle's Table 12 rolls get +1
(post-battle makes them), and fighting it clears the flag, an abstract battle too (E-01).
A retreat, an undefended hex or a lost cause is no battle (A-2.4, A-1.0.6, P-C2), so the
flag waits for the next one.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules import modules
from rules.core.events import ArmyRested, BattleFought, Event, RestFlagUsed
from rules.core.state import BattleState, Order, OrderKind, World
from rules.sieges.state import locked_army_ids


def resting_armies(world: World, orders: Iterable[Order]) -> dict[int, bool]:
    """Every army that rests this turn, by id, with whether it was ordered to (Q7: an
    army without an order rests). Armies of eliminated kingdoms are gone (E-27)."""
    kinds = {order.army_id: order.kind for order in orders}
    resting = {}
    besieging = locked_army_ids(world)  # E-37: an army in a siege does not rest
    besieging |= frozenset(modules.held(world))  # nor one a module holds (a fleet at sea)
    for army in sorted(world.armies.values(), key=lambda a: a.id):
        kingdom = world.kingdoms.get(army.kingdom_id)
        if (kingdom is not None and kingdom.eliminated) or army.id in besieging:
            continue
        if army.id not in kinds:
            resting[army.id] = False
        elif kinds[army.id] is OrderKind.REST:
            resting[army.id] = True
    return resting


def resolve_rest(world: World, orders: Iterable[Order]) -> list[ArmyRested]:
    """Table 5 Rest / Reorganise, E-14, E-01, Q7: each resting army's points go back to
    its allocation, and it is flagged for its next battle."""
    events = []
    for army_id, ordered in resting_armies(world, orders).items():
        army = world.armies[army_id]
        events.append(
            ArmyRested(
                rule="Table 5 E-14 E-01" if ordered else "Q7 Table 5 E-14 E-01",
                army_id=army.id,
                points_regained=army.allocation - army.points,
                points=army.allocation,
                ordered=ordered,
            )
        )
    return events


def rest_flags_used(
    battle: BattleState, events: Iterable[Event], rested: set[int]
) -> list[RestFlagUsed]:
    """E-01: a battle fought (``BattleFought`` among its ``events``) uses and clears the
    flag of every rested army in it; ``rested`` is updated, so that a patrol fighting
    again the same turn has no flag left."""
    if not any(isinstance(e, BattleFought) for e in events):
        return []
    armies = [*battle.attacker.army_ids, *(battle.defender.army_ids if battle.defender else ())]
    used = sorted(a for a in armies if a in rested)
    rested.difference_update(used)
    return [RestFlagUsed(rule="E-01", battle_key=battle.key, army_id=a) for a in used]
