"""Ordering a siege engine (NR-SIEGE-4/5/8, E-37, E-31): where and when an army may add
one to its train. The order is the winter-turn service
battles.sieges.services.siege_engine_build, which pays the price from the crown ledger
(E-30); the engine is ready from that turn's winter phase (rules.sieges.battle.is_ready).
"""

from __future__ import annotations

from rules.core.problems import Problem
from rules.core.state import Feature, Terrain, World
from rules.kingdoms.crowns import is_winter_turn


def built_and_held(world: World, kingdom_id: int) -> int:
    """NR-SIEGE-5, AMB-38 as Warpost reads it: the engines ``kingdom_id`` built and still
    holds; one it captured used none of its timber."""
    return sum(1 for e in world.siege_engines if e.kingdom_id == kingdom_id and not e.captured)


def forest_hexes(world: World, kingdom_id: int) -> int:
    return sum(
        1 for h in world.hexes.values() if h.owner == kingdom_id and h.terrain is Terrain.FOREST
    )


def build_problem(world: World, army_id: int) -> Problem | None:
    """Why army ``army_id`` may not order an engine now (its crowns aside:
    rules.kingdoms.crowns.spend_problem); None if it may."""
    rules = world.ruleset
    if not is_winter_turn(rules, world.turn):
        return Problem(
            "NR-SIEGE-4 E-31",
            "kind",
            "engines are built in the winter turn (turn {winter} of each {year}-turn year)",
            winter=rules.winter_turn,
            year=rules.year_turns,
        )
    army = world.armies[army_id]
    where = world.hexes.get(army.position) if army.position is not None else None
    fortified = where is not None and (where.feature is Feature.CITY or where.defence)
    if not fortified or where.owner != army.kingdom_id:
        return Problem(
            "NR-SIEGE-4", "army", "{army} must stand in a City or fortress of your kingdom",
            army=army.name,
        )  # fmt: skip
    carried = sum(1 for e in world.siege_engines if e.army_id == army_id)
    if carried >= rules.siege_engines_per_army:
        return Problem(
            "NR-SIEGE-8", "army", "{army} carries {count} engines already",
            army=army.name, count=carried,
        )  # fmt: skip
    forests = forest_hexes(world, army.kingdom_id)
    if built_and_held(world, army.kingdom_id) >= forests:
        return Problem(
            "NR-SIEGE-5 AMB-38",
            "kind",
            "no more engines than Forest hexes owned ({forests}): the timber runs out",
            forests=forests,
        )
    return None
