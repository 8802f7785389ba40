"""Army building: raising, allocations, entitlement slots, Generals (§5.6, E-14, E-21).

Pure rules over plain data; kingdoms.armies.services asks them and writes the answer.

* Each army is allocated 1,000–3,000 points and all allocations together stay within
  Total Support (``rules.kingdoms.support.allocation_problem``), counted by
  ``rules.kingdoms.support.kingdom_support``: a hex looted last turn or under Unrest gives none.
  An allocation changes only when the army is raised or when it Rests (E-14); a cut when
  support has fallen is always allowed, and if the player makes none by Provisional
  Results, the largest allocation is cut (``support_cuts``), even when the loss is
  temporary (the lead's ruling: E-14 as written; the kingdom page warns in advance).
* Entitlements are one pool per kingdom; each slot serves one army a turn. A Rare slot
  may fill a Special choice and a Lord slot a Hero choice (B 2.2.1, E-21: Core is
  unlimited, so Special→Core is moot). The web app stores the counts each army uses;
  the GM judges the lists themselves (B 3.5, the approval flag).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping

import msgspec

from rules.core.events import AllocationCut, ArmyDestroyed, Event
from rules.core.problems import Phrase, Problem
from rules.core.state import ArmyState, Ruleset, World
from rules.kingdoms import support as supporting
from rules.kingdoms.support import SLOTS, Allocation, allocation_problem

SLOT_NAMES = {
    "lord": "Lord",
    "hero": "Hero",
    "special": "Special",
    "rare": "Rare",
    "magic_items": "magic-item points",
}


def kingdom_support(world: World, kingdom_id: int) -> int:
    """A-1.1.4, §5.6: Total Support of a kingdom in ``world``'s turn, as
    rules.kingdoms.support.kingdom_support counts it (orphans count, A-1.3.5; hexes looted last
    turn, under Unrest or Quick-Friendship do not)."""
    ruleset, hexes = world.ruleset, world.hexes.values()
    return supporting.kingdom_support(ruleset, hexes, kingdom_id, world.turn).support


def raise_problem(
    ruleset: Ruleset, support: int, allocations: Iterable[int], points: int
) -> Problem | None:
    """§5.6, E-14: a new army of ``points`` beside the kingdom's ``allocations``."""
    existing = [Allocation(None, a) for a in allocations]
    return allocation_problem(ruleset, support, [*existing, Allocation(None, points)])


def allocation_change_problem(
    ruleset: Ruleset,
    support: int,
    allocations: Mapping[int, int],
    army_id: int,
    new: int,
    *,
    resting: bool,
    raised_this_turn: bool,
) -> Problem | None:
    """E-14: an allocation changes only when the army is raised or Rests; a cut is always
    allowed while the kingdom's allocations exceed its Total Support."""
    if not ruleset.army_minimum <= new <= ruleset.army_maximum:
        return allocation_problem(ruleset, support, [Allocation(army_id, new)])
    over = sum(allocations.values()) > support
    is_cut = new < allocations[army_id]
    if not (resting or raised_this_turn or (over and is_cut)):
        return Problem(
            "E-14",
            "allocation",
            "an allocation changes only when the army is raised or Rests: give it a Rest "
            "order first",
        )
    if over and is_cut:
        return None  # E-14: any cut helps; the rest is cut by default if need be
    changed = {**allocations, army_id: new}
    return allocation_problem(ruleset, support, [Allocation(a, p) for a, p in changed.items()])


def slots_problem(pool: Mapping[str, int], used: Iterable[Mapping[str, int]]) -> Problem | None:
    """§5.6, B 2.2.1, E-21: the slots the kingdom's armies declare, together, against
    its entitlements pool; a Rare slot may fill a Special choice, a Lord a Hero. The
    problem is the slot's field (``lord``, ``hero``, …), or ``slots`` for one unknown."""
    total = {slot: 0 for slot in SLOTS}
    for counts in used:
        for slot, count in counts.items():
            if slot not in total:
                return Problem(
                    "§5.6",
                    "slots",
                    "'{slot}' is not an entitlement: use {slots}",
                    slot=slot,
                    slots=", ".join(SLOTS),
                )
            if not isinstance(count, int) or count < 0:
                return Problem(
                    "§5.6",
                    slot,
                    "{slot_name} slots are counted in whole numbers from 0",
                    slot_name=SLOT_NAMES[slot],
                )
            total[slot] += count
    spare_lords = pool["lord"] - total["lord"]
    spare_rares = pool["rare"] - total["rare"]
    checks = (
        ("lord", total["lord"], pool["lord"], ""),
        ("rare", total["rare"], pool["rare"], ""),
        (
            "hero",
            total["hero"],
            pool["hero"] + max(spare_lords, 0),
            Phrase(" and spare Lord slots"),
        ),
        (
            "special",
            total["special"],
            pool["special"] + max(spare_rares, 0),
            Phrase(" and spare Rare slots"),
        ),
        ("magic_items", total["magic_items"], pool["magic_items"], ""),
    )
    for slot, want, have, how in checks:
        if want > have:
            return Problem(
                "§5.6 E-21",
                slot,
                "your armies would use {want} {slot_name} slot(s) this turn but your "
                "kingdom's pool{how} give(s) {have}",
                want=want,
                slot_name=SLOT_NAMES[slot],
                how=how,
                have=have,
            )
    return None


def support_cuts(world: World) -> tuple[World, list[Event]]:
    """E-14, §5.6: a kingdom whose allocations exceed its Total Support in this turn (a
    hex looted last turn or under Unrest gives none: ``kingdom_support``) has the
    largest cut (ties: the newest army), down to 1,000 at most, again until they fit;
    the points follow the allocation down. If every army is at 1,000 and they still do not fit,
    the newest army is disbanded (an app ruling: E-14 says no more). Returns the world
    with the cuts applied, so that Rest rebuilds to the new allocations."""
    armies = dict(world.armies)
    smallest = world.ruleset.army_minimum
    events: list[Event] = []
    # Each kingdom's hexes and armies sorted out once: asked of the whole map kingdom by
    # kingdom, a 100,000-hex world with 1,000 kingdoms took seconds
    hexes_of: dict[int, list] = defaultdict(list)
    for hex_ in world.hexes.values():
        hexes_of[hex_.owner].append(hex_)
    armies_of: dict[int, list[ArmyState]] = defaultdict(list)
    for army in armies.values():
        armies_of[army.kingdom_id].append(army)
    for kingdom in sorted(world.kingdoms.values(), key=lambda k: k.id):
        if kingdom.eliminated:
            continue
        support = supporting.kingdom_support(
            world.ruleset, hexes_of[kingdom.id], kingdom.id, world.turn
        ).support
        own = {a.id: a for a in armies_of[kingdom.id]}
        before = {a.id: a.allocation for a in own.values()}
        while own and sum(a.allocation for a in own.values()) > support:
            excess = sum(a.allocation for a in own.values()) - support
            largest = max(own.values(), key=lambda a: (a.allocation, a.id))
            if largest.allocation <= smallest:
                del own[largest.id], armies[largest.id]
                events.append(ArmyDestroyed(rule="E-14", army_id=largest.id))
                continue
            allocation = max(smallest, largest.allocation - excess)
            own[largest.id] = _cut_to(largest, allocation)
        for army_id, army in own.items():
            if army.allocation != before[army_id]:
                armies[army_id] = army
                events.append(
                    AllocationCut(
                        rule="E-14 §5.6",
                        army_id=army_id,
                        kingdom_id=kingdom.id,
                        allocation_before=before[army_id],
                        allocation=army.allocation,
                        points=army.points,
                    )
                )
    events.sort(key=lambda e: (isinstance(e, ArmyDestroyed), e.army_id))
    return dataclasses.replace(world, armies=armies), events


def _cut_to(army: ArmyState, allocation: int) -> ArmyState:
    return msgspec.structs.replace(army, allocation=allocation, points=min(army.points, allocation))


def with_support_cuts(world: World, orders: list) -> tuple[World, list, list[Event]]:
    """E-14 at the start of Provisional Results: the default cuts (``support_cuts``),
    and the orders of any army it disbanded dropped. The pipeline runs it before
    rules.turn.provisional; the pure rules tests' hand-built worlds, which ignore support,
    do not."""
    world, events = support_cuts(world)
    return world, [o for o in orders if o.army_id in world.armies], events
