"""Edicts: looting and razing (§5.3 Tables 2–4, A-1.3.2, E-09, E-13, E-22, E-26).

A player gives edicts with his orders (Table 2): Loot or Raze one of his own, non-orphan
hexes, never his capital, one edict a hex. They are resolved after step 6b (E-26): an
edict whose hex changed hands this turn is void. Each other one rolls Table 3 (a d6 with
modifiers: Revolt, Unrest or nothing) and gains Table 4's power, credited at step 6g
with the income; a Raze removes or downgrades the structure it names (E-26).

A hex keeps its history in four turn numbers (``HexState.looted_turn``, ``edict_turn``,
``unrest_from``, ``unrest_until``), from which ``idle`` and ``looted_in`` answer what
Table 1, Table 9 and §5.6 ask: a hex looted last turn or under Unrest gives no power,
industry, Support or Entitlements; a hex looted this turn scores 0 in Table 1.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from typing import NamedTuple, Protocol

import msgspec

from rules.core.dice import Dice
from rules.core.events import EdictResolved, EdictVoid, Event, HexRevolted
from rules.core.problems import Problem
from rules.core.ruleset import defender_table, table
from rules.core.state import (
    Coord,
    Defence,
    Defender,
    Edict,
    EdictKind,
    HexState,
    Order,
    Ruleset,
    Structure,
    World,
)
from rules.core.tables import TABLE_4_FORTIFICATION_RAZED, TABLE_4_MEGA_DOWNGRADE, EdictRisk
from rules.turn.orders import covering_patrol, patrol_bases


class History(Protocol):
    """What ``idle`` and ``looted_in`` read: a HexState, or a campaign.Hex row."""

    looted_turn: int | None
    unrest_from: int | None
    unrest_until: int | None


class HexHistory(NamedTuple):
    """A hex's history as plain numbers, for readers that hold database rows."""

    looted_turn: int | None = None
    unrest_from: int | None = None
    unrest_until: int | None = None


def under_unrest(hex_: History, turn: int) -> bool:
    """Table 3 Unrest: the hex is under Unrest during ``turn``."""
    start, end = hex_.unrest_from, hex_.unrest_until
    return start is not None and end is not None and start <= turn <= end


def idle(hex_: History, turn: int) -> bool:
    """Table 9, §5.3, §5.6: a hex looted last turn, or under Unrest, gives no power, no
    industry, no Support and no Entitlements in ``turn``."""
    return hex_.looted_turn == turn - 1 or under_unrest(hex_, turn)


def looted_in(hex_: History, turn: int) -> bool:
    """Table 1 (Source A): a hex looted in ``turn`` scores 0 for that turn."""
    return hex_.looted_turn == turn


# --- Table 2: which edicts may be given --------------------------------------------


STRUCTURE_WORDS = {
    Structure.FEATURE: "major feature",
    Structure.FORTRESS: "fortress",
    Structure.GREAT_FORTRESS: "great fortress",
    Structure.WATCHTOWER: "watchtower",
}


def holds(hex_: HexState, structure: Structure) -> bool:
    """Whether the hex holds the structure a Raze names (E-26)."""
    if structure is Structure.FEATURE:
        return hex_.feature is not None
    if structure is Structure.WATCHTOWER:
        return hex_.watchtower
    return hex_.defence is not None and hex_.defence.value == structure.value


def why_illegal(world: World, edict: Edict, others: Iterable[Edict] = ()) -> Problem | None:
    """Table 2, Table 4, A-1.3.2, E-26: the reason ``edict`` may not be given, or None;
    the problem's field is the form's (hex, kind, structure).

    ``others`` are the turn's edicts given before this one (not this one itself), for
    one edict per hex. Orphan flags are those computed at the end of the previous turn
    (A-1.3.3, Q14)."""
    coord = edict.hex
    hex_ = world.hexes.get(coord)
    if hex_ is None:
        return Problem("Table 2", "hex", "{coord} is not on the map", coord=coord)
    if hex_.owner != edict.kingdom_id:
        return Problem(
            "Table 2",
            "hex",
            "{coord} is not your hex: edicts are given to your own hexes",
            coord=coord,
        )
    if hex_.orphan:
        return Problem(
            "A-1.3.2",
            "hex",
            "{coord} is an orphan hex: it can be neither looted nor razed",
            coord=coord,
        )
    kingdom = world.kingdoms.get(edict.kingdom_id)
    if kingdom is not None and kingdom.capital == coord:
        return Problem(
            "Table 4",
            "hex",
            "{coord} is your capital: it can be neither looted nor razed",
            coord=coord,
        )
    for other in others:
        if other.hex == coord:
            return Problem(
                "Table 2",
                "hex",
                "{coord} already has an edict this turn ({edict}): a hex receives one edict a turn",
                coord=coord,
                edict=other.kind.value,
            )
    if edict.kind is EdictKind.LOOT:
        if edict.structure is not None:
            return Problem(
                "E-26",
                "structure",
                "only a Raze names a structure; a Loot takes no structure",
            )
        if hex_.looted_turn == world.turn - 1:
            return Problem(
                "Table 2",
                "kind",
                "{coord} was looted last turn: it cannot be looted again this turn",
                coord=coord,
            )
        return None
    return _raze_problem(hex_, edict.structure)


def _raze_problem(hex_: HexState, structure: Structure | None) -> Problem | None:
    """Table 2 Raze, E-26: the hex holds the major feature, fortress, great fortress or
    watchtower the Raze names."""
    if structure is None:
        return Problem(
            "E-26",
            "structure",
            "a Raze names the structure it destroys: feature, fortress, great_fortress or "
            "watchtower",
        )
    if holds(hex_, structure):
        return None
    missing = STRUCTURE_WORDS[structure]
    if structure in (Structure.FORTRESS, Structure.GREAT_FORTRESS) and hex_.defence is not None:
        return Problem(
            "Table 2 E-26",
            "structure",
            "{coord} has no {missing} to raze; it has a {present}",
            coord=hex_.coord,
            missing=missing,
            present=STRUCTURE_WORDS[Structure(hex_.defence.value)],
        )
    return Problem(
        "Table 2 E-26",
        "structure",
        "{coord} has no {missing} to raze",
        coord=hex_.coord,
        missing=missing,
    )


# --- Table 4: power gained and the structure razed ---------------------------------


def edict_power(ruleset: Ruleset, hex_: HexState, edict: Edict) -> int:
    """Table 4, E-22, E-26: a Loot gains 1, 2 or 3 by the hex's feature (none, major,
    mega); a Raze gains by the row of the structure it names: 3 or 4 for a feature, 1
    (the first row) for a fortress, a great fortress or a watchtower. The values are the
    ruleset's (rules.core.table_options)."""
    feature = hex_.feature
    if edict.kind is EdictKind.LOOT:
        if feature is None:
            return ruleset.loot_power_plain
        return ruleset.loot_power_mega if feature.is_mega else ruleset.loot_power_major
    if edict.structure is Structure.FEATURE:  # a Raze names a feature only where one is
        return ruleset.raze_power_mega if feature.is_mega else ruleset.raze_power_major
    return ruleset.raze_power_fortification


def razed(hex_: HexState, structure: Structure) -> tuple[HexState, str, str | None]:
    """Table 4: the hex after the Raze, with the structure before and after it (None:
    removed). A mega-feature is downgraded (City → Town, Deep Mine → Mine, Deep Woods
    → Woods), any other feature removed; a fortress or watchtower removed; a great
    fortress becomes a fortress."""
    if structure is Structure.FEATURE:
        after = TABLE_4_MEGA_DOWNGRADE.get(hex_.feature)
        return msgspec.structs.replace(hex_, feature=after), hex_.feature.value, _value(after)
    if structure is Structure.WATCHTOWER:
        return msgspec.structs.replace(hex_, watchtower=False), structure.value, None
    defence: Defence | None = TABLE_4_FORTIFICATION_RAZED[hex_.defence]
    return msgspec.structs.replace(hex_, defence=defence), hex_.defence.value, _value(defence)


def _value(member) -> str | None:
    return member.value if member is not None else None


# --- Table 3: the risks ---------------------------------------------------------------


def table_3_modifiers(world: World, edict: Edict, covered: bool) -> list[tuple[str, int]]:
    """Table 3's modifiers, on the hex as it stood before the edict: −1 for a Raze, −1
    if it was looted or razed in either of the two previous turns, +1 with a fortress or
    great fortress, +1 if one of the player's patrols covers it this turn (``covered``)."""
    hex_ = world.hexes[edict.hex]
    rules = world.ruleset
    modifiers = []
    if edict.kind is EdictKind.RAZE:
        modifiers.append(("Raze", rules.risk_raze))
    recent = rules.risk_recent_turns
    if hex_.edict_turn is not None and world.turn - recent <= hex_.edict_turn < world.turn:
        words = "in the last two turns" if recent == 2 else f"in the last {recent} turn(s)"
        modifiers.append((f"looted or razed {words}", rules.risk_recent_edict))
    if hex_.defence is not None:
        modifiers.append(
            (f"a {STRUCTURE_WORDS[Structure(hex_.defence.value)]}", rules.risk_fortified)
        )
    if covered:
        modifiers.append(("covered by a patrol", rules.risk_patrolled))
    return modifiers


def table_3_result(world: World, total: int) -> EdictRisk:
    """Table 3 (the GM's version, key ``table-3``), read with its lowest face as "or
    less" and its highest as "or more"."""
    risks = table(world.ruleset, "table-3")
    return risks.lookup(min(risks.sides, max(risks.lowest, total)))


# --- Resolution after step 6b (E-26) ---------------------------------------------------


def resolve_edicts(
    world: World, edicts: Iterable[Edict], orders: Iterable[Order], dice: Dice
) -> tuple[World, list[Event]]:
    """E-26: the turn's edicts, after step 6b (``world`` has this turn's conquests), in
    hex order. Returns the world with their effects, for steps 6d–7: structures razed,
    the hexes' history, Unrest, and the hexes that revolted, whose orphans step 6f then
    recomputes. ``orders`` are the turn's orders: their patrols give Table 3's +1."""
    patrols = patrol_bases(world, orders)
    hexes = dict(world.hexes)
    events: list[Event] = []
    for edict in sorted(edicts, key=lambda e: (e.hex, e.kingdom_id)):
        void = _void_reason(world, edict)
        if void is not None:
            events.append(
                EdictVoid(
                    rule="E-26",
                    kingdom_id=edict.kingdom_id,
                    hex=edict.hex,
                    edict=edict.kind,
                    structure=edict.structure,
                    reason=void,
                )
            )
            continue
        covered = covering_patrol(world, edict.hex, patrols) is not None
        hexes[edict.hex], carried_out = _carry_out(world, edict, covered, dice)
        events += carried_out
    return dataclasses.replace(world, hexes=hexes), events


def _void_reason(world: World, edict: Edict) -> str | None:
    """E-26: the hex changed hands this turn (or no longer holds what the Raze names)."""
    hex_ = world.hexes.get(edict.hex)
    if hex_ is None or hex_.owner != edict.kingdom_id:
        return f"{edict.hex} changed hands this turn: the edict is void (E-26)"
    problem = why_illegal(world, edict)
    return f"{problem.message}: the edict is void" if problem else None


def _carry_out(
    world: World, edict: Edict, covered: bool, dice: Dice
) -> tuple[HexState, list[Event]]:
    """Table 4's effect and power, then Table 3's roll and its consequence."""
    hex_ = world.hexes[edict.hex]
    turn = world.turn
    power = edict_power(world.ruleset, hex_, edict)
    before = after = None
    changed = hex_
    if edict.kind is EdictKind.RAZE:
        changed, before, after = razed(hex_, edict.structure)
    roll = dice.d6(f"Table 3 risks of the {edict.kind.value} at {edict.hex}")
    modifiers = table_3_modifiers(world, edict, covered)
    total = roll.result + sum(value for _, value in modifiers)
    result = table_3_result(world, total)
    changed = msgspec.structs.replace(
        changed,
        edict_turn=turn,
        looted_turn=turn if edict.kind is EdictKind.LOOT else hex_.looted_turn,
    )
    if result is EdictRisk.UNREST:
        changed = _unrest(changed, turn, world.ruleset.unrest_turns)
    events: list[Event] = [
        EdictResolved(
            rule="Table 2 Table 3 Table 4 E-26",
            rolls=(roll,),
            kingdom_id=edict.kingdom_id,
            hex=edict.hex,
            edict=edict.kind,
            structure=edict.structure,
            total=total,
            modifiers=tuple(f"{value:+d} {words}" for words, value in modifiers),
            result=result,
            power=power,
            structure_before=before,
            structure_after=after,
            unrest_from=changed.unrest_from if result is EdictRisk.UNREST else None,
            unrest_until=changed.unrest_until if result is EdictRisk.UNREST else None,
        )
    ]
    if result is EdictRisk.REVOLT:
        changed, revolted = revolt(world, changed, edict.kingdom_id, dice)
        events.append(revolted)
    return changed, events


def _unrest(hex_: HexState, turn: int, turns: int) -> HexState:
    """Table 3 Unrest: the next ``turns`` turns (2). An Unrest still running this turn
    goes on without a gap (its first turn is kept)."""
    start = hex_.unrest_from if under_unrest(hex_, turn) else turn + 1
    end = max(turn + turns, hex_.unrest_until or 0)
    return msgspec.structs.replace(hex_, unrest_from=start, unrest_until=end)


def revolt(
    world: World, hex_: HexState, kingdom_id: int, dice: Dice
) -> tuple[HexState, HexRevolted]:
    """Table 3 Revolt, E-09: the hex becomes unowned and explored, its feature (after a
    Raze) stays, and rebels hold it: 500 points, or rolled on the defender table of its
    feature. They stay although an empty hex is undefended (E-09, A-1.0.6). The wildlands'
    hostile cultists break a settlement away the same way (T-CULT, E-40)."""
    rolls = ()
    points = world.ruleset.revolt_defender_points
    if hex_.feature is not None:
        sizes = defender_table(world.ruleset, hex_.feature)
        roll = dice.d6(f"{sizes.title} size of the rebels at {hex_.coord} (Table 3 E-09)")
        rolls, points = (roll,), sizes.lookup(roll.result)
    revolted = msgspec.structs.replace(
        hex_,
        owner=None,
        explored=True,
        scouted_only=False,
        orphan=False,
        defender=Defender(points=points, original_points=points),
    )
    event = HexRevolted(
        rule="Table 3 E-09",
        rolls=rolls,
        hex=hex_.coord,
        kingdom_id=kingdom_id,
        feature=hex_.feature,
        defender_points=points,
    )
    return revolted, event


def edict_power_this_turn(events: Iterable[Event]) -> dict[int, int]:
    """E-13: the power each kingdom gained from edicts this turn: credited at step 6g,
    left out of Table 1 if the campaign ends at this turn's end roll."""
    power: dict[int, int] = defaultdict(int)
    for event in events:
        if isinstance(event, EdictResolved):
            power[event.kingdom_id] += event.power
    return dict(power)


def revolted_hexes(events: Iterable[Event]) -> set[Coord]:
    """Table 3 Revolt: the hexes that left their kingdom this turn."""
    return {event.hex for event in events if isinstance(event, HexRevolted)}
