"""Phase 3 step 3d, scouting: Table 5 Scout and Table 8 (§5.4, E-07, E-16, E-29, E-32).

Orders reach this step already validated (rules.turn.orders). Each Scout order rolls a d6 on
Table 8, in army-id order so that one seed always gives the same events. What the scouts
learn is private to their kingdom (E-29). A scouted hex that nobody explored yet is
explored now, with the Table 7 rolls an invasion would make (rules.turn.exploration), but its
contents stay secret, even from a scout who learned only part of them, until the hex is
invaded (§5.4): ``scouted_world`` hands the invasions of step 3e a world where the hex is
explored, so that they reveal what was rolled and roll nothing again.

A scouting army stays where it stands (E-32), covers nothing and fights no battle: only
Patrol orders cover hexes and only Invade orders start battles (Table 5).
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice
from rules.core.events import (
    Event,
    HexExploredByScouts,
    HexScouted,
    NeutralKingdomDiscovered,
    ScoutsSeen,
)
from rules.core.hexgrid import adjacent, distance, terrain_map
from rules.core.ruleset import table
from rules.core.state import ArmyState, Coord, Defender, HexState, Order, OrderKind, World
from rules.core.tables import ScoutLevel
from rules.turn.exploration import explore_hex
from rules.turn.minor_features import ruins_modifiers
from rules.turn.orders import Patrol, covering_patrol, order_origin, own_hexes, patrol_bases


def resolve_scouting(world: World, orders: list[Order], dice: Dice) -> list[Event]:
    """§3 step 3d: every Scout order's Table 8 roll and what it reveals.

    Events, per order: HexScouted (to the scout), then on a 1 ScoutsSeen (to a player
    owner), otherwise HexExploredByScouts (GM only) if the hex was unexplored, and on a
    6+ in a neutral kingdom's hex NeutralKingdomDiscovered.
    """
    events: list[Event] = []
    hexes = dict(world.hexes)  # a second scout of the same hex finds it explored
    patrols = patrol_bases(world, orders)
    scouts = sorted((o for o in orders if o.kind is OrderKind.SCOUT), key=lambda o: o.army_id)
    for order in scouts:
        events += _scout(world, hexes, world.armies[order.army_id], order, patrols, dice)
    return events


def scouted_world(world: World, events: list[Event]) -> World:
    """The world after step 3d: hexes explored by scouting are explored, secretly."""
    explored = [e for e in events if isinstance(e, HexExploredByScouts)]
    if not explored:
        return world
    hexes = dict(world.hexes)
    for e in explored:
        defender = None
        if e.defender_points is not None:
            defender = Defender(points=e.defender_points, original_points=e.defender_points)
        hexes[e.hex] = msgspec.structs.replace(
            hexes[e.hex],
            explored=True,
            scouted_only=True,
            feature=e.feature,
            minor_feature=e.minor_feature,
            defender=defender,
        )
    return dataclasses.replace(world, hexes=hexes)


def table_8_modifiers(
    world: World,
    kingdom_id: int,
    target: Coord,
    origin: Coord | None = None,
    army_id: int | None = None,
) -> list[tuple[str, int]]:
    """Table 8's modifiers, each with its words: +1 if the target is adjacent to the
    kingdom (E-16 adjacency, orphan hexes included: they are the kingdom's), +1 if the
    player owns a watchtower within 1 hex of the target (Table 8's wording, E-07), +1
    for a Scoutmaster in the scouting army ``army_id`` (Table 21), and Table 17's
    Ancient ruins: +1 aimed at them, +1 from them (the ``origin``, E-07;
    rules.turn.minor_features).
    """
    own = own_hexes(world, kingdom_id)
    modifiers = []
    if adjacent(target, terrain_map(world.hexes)) & own:
        modifiers.append(("adjacent to the kingdom (E-16)", world.ruleset.scout_adjacent))
    if any(world.hexes[cell].watchtower and distance(cell, target) <= 1 for cell in own):
        modifiers.append(("own watchtower within 1 hex (E-07)", world.ruleset.scout_watchtower))
    if army_id is not None and _has_scoutmaster(world, army_id):
        words = "Scoutmaster in the scouting army (Table 21)"
        modifiers.append((words, world.ruleset.scout_scoutmaster))
    return modifiers + ruins_modifiers(world, target, origin)


def _has_scoutmaster(world: World, army_id: int) -> bool:
    """Table 8, Table 21: a character with the army has the Command skill Scoutmaster;
    one dead, retired or Shaken is not with it (Tables 13-14, E-03). Several count once:
    Table 8 asks for "a" Scoutmaster."""
    return any(
        "scoutmaster" in c.skills and c.fights(world.turn) for c in world.roster.with_army(army_id)
    )


def _scout(
    world: World,
    hexes: dict[Coord, HexState],
    army: ArmyState,
    order: Order,
    patrols: list[Patrol],
    dice: Dice,
) -> list[Event]:
    target = order.target
    origin = order.origin or order_origin(world, army.kingdom_id, OrderKind.SCOUT, target)
    roll = dice.d6(f"Table 8 scouting at {target} by army {army.id}")
    modifiers = table_8_modifiers(world, army.kingdom_id, target, origin, army.id)
    total = roll.result + sum(value for _, value in modifiers)
    # A d6 table: a total above 6 reads as "6+", and none falls below 1.
    level = table(world.ruleset, "table-8").lookup(min(6, max(1, total)))
    hex_ = hexes[target]
    events: list[Event] = []
    if level is not ScoutLevel.LOST and _unexplored(hex_):
        hex_, rolls = explore_hex(hex_, world.ruleset, dice)
        hex_ = hexes[target] = msgspec.structs.replace(hex_, scouted_only=True)
        events.append(
            HexExploredByScouts(
                rule="§5.4 Table 7 E-08 E-29",
                rolls=rolls,
                hex=target,
                feature=hex_.feature,
                minor_feature=hex_.minor_feature,
                defender_points=hex_.defender.points if hex_.defender else None,
            )
        )
    facts = scouting_facts(world, hex_, level, patrols)
    found = hex_.neutral_kingdom if level is ScoutLevel.EVERYTHING else None
    events.append(
        HexScouted(
            rule="Table 5 Table 8 E-07",
            rolls=(roll,),
            army_id=army.id,
            kingdom_id=army.kingdom_id,
            hex=target,
            origin=origin,
            level=level,
            total=total,
            modifiers=tuple(f"{value:+d} {words}" for words, value in modifiers),
            facts=facts,
            neutral_kingdom_id=found,
        )
    )
    if level is ScoutLevel.LOST and hex_.owner is not None:
        events.append(ScoutsSeen(rule="Table 8", hex=target, kingdom_id=hex_.owner))
    if found is not None:
        events.append(
            NeutralKingdomDiscovered(
                rule="Table 8 A-1.4.19 Q22", kingdom_id=army.kingdom_id, neutral_kingdom_id=found
            )
        )
    return events


def _unexplored(hex_: HexState) -> bool:
    """Only a hex that an invasion would explore with Table 7: a neutral kingdom's hexes
    were set at map creation (§5.5) and a player's are known (A-1.0.9)."""
    return not hex_.explored and hex_.owner is None and hex_.neutral_kingdom is None


def scouting_facts(world: World, hex_: HexState, level: ScoutLevel, patrols: list[Patrol]) -> dict:
    """Table 8: what a result of ``level`` tells of ``hex_``, and nothing more.

    2–3: major feature and neutral kingdom, yes or no. 4–5 adds the feature, the minor
    feature and, for a hex without an owner, the defender's size to the nearest 500
    (``defender_about``), for a player's hex whether a patrol covers it. 6+ adds the exact
    defender and race, the defensive features, a player hex's covering patrol size and a
    neutral kingdom's extent and capital.
    """
    if level is ScoutLevel.LOST:
        return {}
    facts: dict = {
        "major_feature": hex_.feature is not None,
        "neutral_kingdom": hex_.neutral_kingdom is not None,
    }
    if level.rank < ScoutLevel.REPORT.rank:
        return facts
    facts["feature"] = hex_.feature.value if hex_.feature else None
    facts["minor_feature"] = str(hex_.minor_feature) if hex_.minor_feature else None
    points, race = _defender(world, hex_)
    patrol = covering_patrol(world, hex_.coord, patrols) if hex_.owner is not None else None
    if hex_.owner is None:
        facts["defender_about"] = _rounded(points, world.ruleset.scout_round_to)
    else:
        facts["patrolled"] = patrol is not None
    if level is not ScoutLevel.EVERYTHING:
        return facts
    if hex_.owner is None:
        facts["defender_points"] = points
        facts["defender_race"] = race
    else:
        facts["patrol_points"] = patrol.points if patrol else None
    facts["defence"] = hex_.defence.value if hex_.defence else None
    facts["watchtower"] = hex_.watchtower
    neutral = world.neutral_kingdoms.get(hex_.neutral_kingdom)
    if neutral is not None:
        facts["capital"] = list(neutral.capital)
        facts["extent"] = [
            list(cell) for cell, h in sorted(world.hexes.items()) if h.neutral_kingdom == neutral.id
        ]
    return facts


def _defender(world: World, hex_: HexState) -> tuple[int | None, str | None]:
    """The points and race that would stand against an invasion of an unowned hex: a
    neutral kingdom's constant army (E-06) or the feature's neutral army (A-1.5.1)."""
    if hex_.neutral_kingdom is not None:
        neutral = world.neutral_kingdoms.get(hex_.neutral_kingdom)
        race = neutral.race if neutral is not None else ""
        return world.ruleset.neutral_kingdom_defending_points, race or None
    if hex_.defender is None or hex_.defender.points <= 0:
        return None, None
    return hex_.defender.points, hex_.defender.race or None


def _rounded(points: int | None, step: int) -> int | None:
    """Table 8 4–5: to the nearest ``step`` (500), halves up; a standing defender is at
    least one step."""
    if not points:
        return None
    return max(step, (points + step // 2) // step * step)
