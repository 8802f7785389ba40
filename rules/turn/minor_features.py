"""Table 17's campaign effects (§5.10 [DESIGN PROPOSAL], E-07, E-21), each value a ruleset
option (rules.core.table_options, the Table 17 block; the Monument's in Table 1's).

* Old road: a patrol based on it has radius 2 (``patrol_radius``, read by rules.turn.orders).
* Ford or bridge: +1 on Table 23 when invading from it (a line of rules.battles.battle's registry).
* Ancient ruins: +1 on Table 8 rolls aimed at the hex or made from it, "from" being the
  scout's origin (E-07): ``ruins_modifiers``, read by rules.turn.scouting.
* Shrine: +1 on Table 13 rolls for armies fighting in the hex: a line of Table 13's
  registry (rules.battles.recovery), which the post-battle recovery rolls read.
* Bandit lair: the owner rolls a d6 each turn at the start of Provisional Results; on a
  1 the hex is under Unrest (Table 3, rules.kingdoms.edicts) for 1 turn, this one
  (``bandit_lairs``).
* Monument: +0.5 in Table 1, only with the ruleset's optional rule on
  (``monument_halves``, read by rules.turn.power).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import msgspec

from rules.core.dice import Dice
from rules.core.events import BanditLairRolled, Event
from rules.core.state import Coord, HexState, Ruleset, World
from rules.core.tables import MinorFeature


def patrol_radius(world: World, base: Coord) -> int:
    """Table 5, Q13, Table 17: a patrol's radius: 1, or 2 from an Old road (never less
    than the ruleset's radius, should a house rule make that the larger)."""
    radius = world.ruleset.patrol_radius
    if _has(world, base, MinorFeature.OLD_ROAD):
        return max(radius, world.ruleset.old_road_patrol_radius)
    return radius


def ruins_modifiers(world: World, target: Coord, origin: Coord | None) -> list[tuple[str, int]]:
    """Table 17 Ancient ruins, Table 8, E-07: +1 on a scouting roll aimed at ruins and +1
    on one made from ruins (the order's origin): each hex gives its own +1."""
    value = world.ruleset.ruins_scouting
    found = []
    if _has(world, target, MinorFeature.ANCIENT_RUINS):
        found.append(("aimed at Ancient ruins (Table 17)", value))
    if origin is not None and origin != target and _has(world, origin, MinorFeature.ANCIENT_RUINS):
        found.append(("from Ancient ruins (Table 17, E-07)", value))
    return found


def _has(world: World, coord: Coord, minor: MinorFeature) -> bool:
    hex_ = world.hexes.get(coord)
    return hex_ is not None and hex_.minor_feature == minor


def bandit_lairs(world: World, dice: Dice) -> tuple[World, list[Event]]:
    """Table 17 Bandit lair, Table 3: at the start of Provisional Results, the owner of
    each hex with a Bandit lair rolls a d6 (hexes in coordinate order); on a 1 the hex is
    under Unrest for 1 turn, this one, with Unrest's effects (rules.kingdoms.edicts.idle: no
    power, industry, Support or Entitlements). An Unrest already running goes on without
    a gap and is never shortened. Unowned lairs roll nothing."""
    rules = world.ruleset
    hexes = dict(world.hexes)
    events: list[Event] = []
    for coord in sorted(c for c, h in world.hexes.items() if h.owner is not None):
        hex_ = hexes[coord]
        if hex_.minor_feature != MinorFeature.BANDIT_LAIR:
            continue
        roll = dice.d6(f"Table 17 bandit lair at {coord}")
        unrest = roll.result <= rules.bandit_lair_unrest_on
        if unrest:
            hex_ = hexes[coord] = with_unrest(hex_, world.turn, rules.bandit_lair_unrest_turns)
        events.append(
            BanditLairRolled(
                rule="Table 17 Table 3 §5.10",
                rolls=(roll,),
                kingdom_id=hex_.owner,
                hex=coord,
                unrest=unrest,
                unrest_from=hex_.unrest_from if unrest else None,
                unrest_until=hex_.unrest_until if unrest else None,
            )
        )
    return dataclasses.replace(world, hexes=hexes), events


def with_unrest(hex_: HexState, turn: int, turns: int) -> HexState:
    """Unrest from ``turn`` for ``turns`` turns, joined to one already running."""
    running = hex_.unrest_from is not None and hex_.unrest_until is not None
    running = (
        running and hex_.unrest_from <= turn <= hex_.unrest_until
    )  # rules.kingdoms.edicts' test
    start = hex_.unrest_from if running else turn
    end = max(turn + turns - 1, hex_.unrest_until or 0)
    return msgspec.structs.replace(hex_, unrest_from=start, unrest_until=end)


def monument_halves(ruleset: Ruleset, minor_features: Iterable[str | None]) -> int:
    """Table 17 Monument, Table 1 (optional, off by default): +0.5 for each scoring hex
    with a Monument, in half-points."""
    if not ruleset.monument_scores:
        return 0
    return ruleset.score_monument * sum(m == MinorFeature.MONUMENT for m in minor_features)
