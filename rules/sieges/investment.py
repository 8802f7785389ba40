"""The beginning of a siege (E-37, SG-DAY-0; docs/design/sieges.md): the defender withdrew
behind the walls at Phase 4, so the place is invested instead of fought for, its
provisions rolled (SG-PROV-1/2/3), and the besiegers and the garrison stand on the hex
(E-32). Also the SiegeState a SiegeBegan event starts, and the armies' moves the siege's
beginning and end make (rules.sieges.turn sends the besiegers back through it).
"""

from __future__ import annotations

from rules import modules
from rules.core.dice import Dice, Roll
from rules.core.events import ArmyMoved, BattleWon, Event
from rules.core.ruleset import table
from rules.core.state import BattleState, Coord, Decision, DefenderKind, World
from rules.sieges.events import SiegeBegan
from rules.sieges.state import (
    Place,
    SiegeState,
    place_of,
    wall_damage_left,
    withdraw_problem,
)
from rules.sieges.tables import MOUTHS_TOP


def wall_stages(world: World, place: Place) -> int:
    """SG-BOMB-1: D results that demolish the wall (P for a fortress, S for a City)."""
    rs = world.ruleset
    return {
        Place.GREAT_FORTRESS: rs.siege_wall_stages_great_fortress,
        Place.FORTRESS: rs.siege_wall_stages_fortress,
        Place.CITY: rs.siege_wall_stages_city,
    }[place]


def provisions_roll(
    world: World, garrison_points: int, hex_: Coord, dice: Dice
) -> tuple[int, int, int, tuple[Roll, ...]]:
    """SG-PROV-1/2/3: 3D10 days of food (a castle), the modifier for the garrison's
    mouths (one per ``siege_points_per_mouth`` points), never fewer than 2 days. Returns
    the provisions, the modifier, the mouths and the rolls."""
    rs = world.ruleset
    count = rs.siege_provisions_dice
    rolls = tuple(
        dice.roll(10, f"SG-PROV-1 provisions d10 ({n} of {count}) at {hex_}")
        for n in range(1, count + 1)
    )
    mouths = min(MOUTHS_TOP, garrison_points // rs.siege_points_per_mouth)
    modifier = table(rs, "siege-provisions").lookup(mouths)
    total = sum(r.result for r in rolls) + modifier
    return max(rs.siege_provisions_minimum, total), modifier, mouths, rolls


def begin_siege(world: World, battle: BattleState, dice: Dice, turn) -> list[Event]:
    """E-37, SG-DAY-0: the defender withdrew behind the walls at Phase 4: no field battle
    (no winner, no experience), the place is invested, its provisions rolled, and the
    besiegers and the garrison stand on the hex (E-32). ``turn`` is rules.turn.final's record
    of the turn so far (its points, positions and used-up patrols). [] when the defender
    did not withdraw, or may not (battles.decisions.services refuses it at Phase 4): then the
    battle is fought."""
    defender = battle.defender
    if defender is None or defender.decision is not Decision.WITHDRAW:
        return []
    hex_ = world.hexes[battle.hex]
    if withdraw_problem(hex_, battle.defender_kind, battle.attacker.kingdom_id) is not None:
        return []
    place = place_of(hex_)
    armies = defender.army_ids
    garrison = sum(turn.points[a] for a in armies) if armies else defender.points
    provisions, modifier, mouths, rolls = provisions_roll(world, garrison, battle.hex, dice)
    rs = world.ruleset
    races = modules.provisions(world, battle)  # e.g. the peoples' starvation rules (NR-ARMY)
    provisions = max(rs.siege_provisions_minimum, provisions + races)
    began = SiegeBegan(
        rule="E-37 SG-DAY-0 SG-PROV-1 SG-PROV-2 SG-PROV-3" + (" NR-ARMY" if races else ""),
        rolls=rolls,
        battle_key=battle.key,
        hex=battle.hex,
        place=place.value,
        besieger_kingdom_id=battle.attacker.kingdom_id,
        besieger_army_ids=battle.attacker.army_ids,
        origins=tuple((a, turn.positions.get(a)) for a in battle.attacker.army_ids),
        defender_kind=battle.defender_kind,
        garrison_kingdom_id=defender.kingdom_id,
        garrison_neutral_kingdom_id=defender.neutral_kingdom_id,
        garrison_army_ids=armies,
        garrison_points=0 if armies else defender.points,
        provisions=provisions,
        provisions_modifier=modifier,
        mouths=mouths,
        wall_damage=wall_damage_left(world, battle.hex),
        wall_stages=wall_stages(world, place),
        camp_ready_day=rs.siege_build_days,
        neutral_conquest=battle.neutral_conquest.value if battle.neutral_conquest else None,
    )
    moves = move_armies(turn, (*battle.attacker.army_ids, *armies), battle.hex, "E-32 E-37")
    turn.used_up.update(armies)  # behind the walls: it defends nothing else this turn
    won = BattleWon(rule="E-37", battle_key=battle.key, hex=battle.hex, winner=None)
    return [began, *moves, won]


def siege_from_began(key: int, e: SiegeBegan, turn: int) -> SiegeState:
    """The SiegeState a SiegeBegan event starts (the pipeline and the scenarios)."""
    return SiegeState(
        key=key,
        hex=tuple(e.hex),
        place=Place(e.place),
        besieger_kingdom_id=e.besieger_kingdom_id,
        besieger_army_ids=tuple(e.besieger_army_ids),
        defender_kind=DefenderKind(e.defender_kind),
        started_turn=turn,
        garrison_kingdom_id=e.garrison_kingdom_id,
        garrison_neutral_kingdom_id=e.garrison_neutral_kingdom_id,
        garrison_army_ids=tuple(e.garrison_army_ids),
        garrison_points=e.garrison_points,
        origins=tuple((a, tuple(c) if c else None) for a, c in e.origins),
        battle_key=e.battle_key,
        provisions=e.provisions,
        provisions_rolled=e.provisions,
        wall_damage=e.wall_damage,
        wall_stages=e.wall_stages,
        camp_ready_day=e.camp_ready_day,
        neutral_conquest=e.neutral_conquest,
    )


def move_armies(turn, army_ids, hex_: Coord, rule: str) -> list[ArmyMoved]:
    moves = []
    for army_id in army_ids:
        if turn.positions.get(army_id) != hex_:
            turn.positions[army_id] = hex_
            moves.append(ArmyMoved(rule=rule, army_id=army_id, hex=hex_))
    return moves
