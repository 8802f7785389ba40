"""Convoys (NR-SIEGE-11, NR-SIEGE-1): three engines or more travelling without their
army under a 500-point escort. Warpost's reading (docs/design/supplement.md, "Siege
trains"): a convoy is an army of its own, its escort's points taken from the army that
sends it off, carrying the engines; it moves, is supported and is captured as any army
is, and is exempt from E-14's floor (below it an army may only Rest).
"""

from __future__ import annotations

from dataclasses import replace

import msgspec

from rules.core.problems import Problem
from rules.core.state import ArmyState, World


def is_convoy(world: World, army_id: int) -> bool:
    """NR-SIEGE-11: an army of at least the escort's points carrying a convoy's engines
    (only with the siege trains module on)."""
    rules = world.ruleset
    army = world.armies.get(army_id)
    if not rules.siege_trains or army is None or army.points < rules.convoy_escort_points:
        return False
    carried = sum(1 for e in world.siege_engines if e.army_id == army_id)
    return carried >= rules.convoy_engines


def convoy_problem(world: World, army_id: int, engine_ids: tuple[int, ...]) -> Problem | None:
    """Why army ``army_id`` may not send ``engine_ids`` off as a convoy; None if it may."""
    rules = world.ruleset
    if not rules.siege_trains:
        return Problem("NR-SIEGE", "army", "siege trains are not used in this campaign")
    army = world.armies[army_id]
    own = {e.id for e in world.siege_engines if e.army_id == army_id}
    if not set(engine_ids) <= own:
        return Problem(
            "NR-SIEGE-11", "engines", "{army} does not carry those engines", army=army.name
        )
    if len(set(engine_ids)) < rules.convoy_engines:
        return Problem(
            "NR-SIEGE-11", "engines", "a convoy carries {count} engines or more",
            count=rules.convoy_engines,
        )  # fmt: skip
    if army.points <= rules.convoy_escort_points:
        return Problem(
            "NR-SIEGE-11",
            "army",
            "{army} has not the {escort} points of a convoy's escort to spare",
            army=army.name,
            escort=rules.convoy_escort_points,
        )
    return None


def form_convoy(
    world: World, army_id: int, engine_ids: tuple[int, ...], convoy_id: int, name: str
) -> World:
    """NR-SIEGE-11: the world with ``engine_ids`` moved to a new army ``convoy_id`` on the
    army's hex, its escort's points (and allocation) taken from the army. The caller has
    checked ``convoy_problem``."""
    escort = world.ruleset.convoy_escort_points
    army = world.armies[army_id]
    convoy = ArmyState(
        id=convoy_id, kingdom_id=army.kingdom_id, name=name, points=escort,
        allocation=escort, position=army.position, race=army.race,
    )  # fmt: skip
    left = msgspec.structs.replace(
        army, points=army.points - escort, allocation=army.allocation - escort
    )
    engines = tuple(
        replace(e, army_id=convoy_id) if e.id in engine_ids else e for e in world.siege_engines
    )
    return replace(
        world, armies={**world.armies, army_id: left, convoy_id: convoy}, siege_engines=engines
    )
