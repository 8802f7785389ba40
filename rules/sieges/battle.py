"""Table 23 in sieges (E-21, E-37, docs/design/sieges.md "Siege battles"): the lines
rules.battles.battle's registry and the siege-train module add. A siege battle is fought with
its siege marked ``fighting`` in ``world.sieges`` (rules.sieges.siege_battles), which is how these
lines know it; in any other battle they give 0, except the siege trains' lines for
E-37's one-turn assault on a fortified hex.

No import of rules.battles.battle here: rules.battles.battle imports this module for its registry.
"""

from __future__ import annotations

from rules.core.modifiers import Modifier
from rules.core.state import BattleState, DefenderKind, Role, Side, World
from rules.core.tables import fortification_bonus, ratio_bonus
from rules.sieges.state import SiegeBattleKind, SiegeEngineState, SiegeState

BESIEGERS_ATTACK = (SiegeBattleKind.ASSAULT,)


def fighting(world: World, battle: BattleState) -> SiegeState | None:
    """The siege whose battle this is, if any."""
    return next((s for s in world.sieges if s.fighting is not None and s.hex == battle.hex), None)


def besiegers_role(siege: SiegeState) -> Role:
    return Role.ATTACKER if siege.fighting in BESIEGERS_ATTACK else Role.DEFENDER


def engines_with(world: World, army_ids: tuple[int, ...]) -> list[SiegeEngineState]:
    """NR-SIEGE-8: the engines that travel with these armies (module on), once ready."""
    if not world.ruleset.siege_trains:
        return []
    return [
        e
        for e in world.siege_engines
        if e.army_id is not None and e.army_id in army_ids and is_ready(world, e)
    ]


def is_ready(world: World, engine: SiegeEngineState) -> bool:
    """NR-SIEGE-4, E-31: an engine ordered in the winter turn is built in its winter
    phase, after the turn's battles and siege days: it neither fights nor can be taken
    before the next turn."""
    return engine.built_turn is None or engine.built_turn < world.turn


def one_turn_assault(world: World, battle: BattleState) -> bool:
    """E-37: a battle against the defender of a fortified hex that is not a siege's: the
    core's assault resolved in one turn."""
    if fighting(world, battle) is not None or battle.defender is None:
        return False
    if battle.defender_kind in (DefenderKind.INVADER, DefenderKind.ROAMING):
        return False
    return world.hexes[battle.hex].defence is not None


def _points(side: Side, points: dict[int, int]) -> int:
    """As rules.battles.battle.side_points: the armies' current points, or a neutral's own."""
    return sum(points[a] for a in side.army_ids) if side.army_ids else side.points


def _side(battle: BattleState, role: Role) -> Side:
    return battle.attacker if role is Role.ATTACKER else battle.defender


def _strengths(world: World, battle: BattleState, points: dict[int, int]) -> dict[Role, int]:
    """Each side's points for Table 23's ratio in this battle: levies (events 11, 19), a
    sortie's shares (SG-SORT-2/3), engines' points (NR-SIEGE-2: in an assault, a siege's
    or E-37's one-turn one, never in the field)."""
    value = world.ruleset.siege_engine_value
    strength = {role: _points(_side(battle, role), points) for role in Role}
    siege = fighting(world, battle)
    if siege is None:
        if one_turn_assault(world, battle):
            engines = engines_with(world, battle.attacker.army_ids)
            strength[Role.ATTACKER] += value * len(engines)
        return strength
    camp = besiegers_role(siege)
    other = Role.DEFENDER if camp is Role.ATTACKER else Role.ATTACKER
    strength[camp] += siege.besieger_levies
    if siege.fighting is not SiegeBattleKind.RELIEF:
        strength[other] += siege.garrison_levies
    if siege.fighting is SiegeBattleKind.ASSAULT:
        strength[camp] += value * len(engines_with(world, siege.besieger_army_ids))
    if siege.fighting is SiegeBattleKind.SORTIE:
        strength[other] = strength[other] * world.ruleset.siege_sortie_garrison_percent // 100
        strength[camp] = strength[camp] * world.ruleset.siege_sortie_camp_percent // 100
    return strength


def siege_ratio(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """Table 23's ratio line as the siege counts the sides (``_strengths``), less the
    core line's own value: the difference is this line."""
    if fighting(world, battle) is None and not (
        one_turn_assault(world, battle) and engines_with(world, battle.attacker.army_ids)
    ):
        return 0
    enemy = Role.DEFENDER if role is Role.ATTACKER else Role.ATTACKER
    plain = ratio_bonus(
        world.ruleset, _points(_side(battle, role), points), _points(_side(battle, enemy), points)
    )
    strength = _strengths(world, battle, points)
    return ratio_bonus(world.ruleset, strength[role], strength[enemy]) - plain


def siege_walls(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """SG-BREACH, E-37: in an assault, a breached wall cancels the garrison's fortress or
    great fortress bonus; an unbreached City without a fortress gives its walls' bonus."""
    siege = fighting(world, battle)
    if siege is None or siege.fighting is not SiegeBattleKind.ASSAULT or role is Role.ATTACKER:
        return 0
    defence = world.hexes[battle.hex].defence
    if siege.breached:
        return -fortification_bonus(world.ruleset, defence)
    return world.ruleset.siege_city_wall_bonus if defence is None else 0


def siege_gate(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """SG-EVENT-2 (13): a spy opened the gate: the besiegers' assault that day."""
    siege = fighting(world, battle)
    if siege is None or not siege.gate_open or role is not Role.ATTACKER:
        return 0
    return world.ruleset.siege_gate_bonus if siege.fighting is SiegeBattleKind.ASSAULT else 0


def assault_engines(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """E-37 (NR-SIEGE-16): each Giant Ram or Siege Tower +1 to the attacker of an
    assault, a siege's or the one-turn one."""
    siege = fighting(world, battle)
    assault = one_turn_assault(world, battle) or (
        siege is not None and siege.fighting is SiegeBattleKind.ASSAULT
    )
    if not assault or role is not Role.ATTACKER:
        return 0
    rams = [e for e in engines_with(world, battle.attacker.army_ids) if not e.kind.breaches]
    return world.ruleset.siege_assault_engine_bonus * len(rams)


def breaching_engines(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """E-37: in the one-turn assault each Stone Thrower or Great Cannon cancels a point of
    the defender's fortification bonus (in a siege they bombard instead, SG-BOMB)."""
    if role is not Role.DEFENDER or not one_turn_assault(world, battle):
        return 0
    breaching = [e for e in engines_with(world, battle.attacker.army_ids) if e.kind.breaches]
    bonus = fortification_bonus(world.ruleset, world.hexes[battle.hex].defence)
    return -min(bonus, world.ruleset.siege_breach_cancel * len(breaching))


SIEGE_MODIFIERS = (
    Modifier(
        "Siege: the ratio with the levies, a sortie's shares ({siege_sortie_garrison_percent}% "
        "of the garrison, {siege_sortie_camp_percent}% of the camp) and siege engines' "
        "{siege_engine_value} points in an assault",
        "E-37 SG-SORT-2 SG-SORT-3 SG-EVENT-2 NR-SIEGE-2",
        siege_ratio,
    ),
    Modifier(
        "Siege assault: a City's walls {siege_city_wall_bonus:+d}; a breached wall loses the "
        "fortification bonus (garrison)",
        "E-37 SG-BREACH SG-BOMB-1",
        siege_walls,
    ),
    Modifier(
        "Siege assault through a gate a spy opened {siege_gate_bonus:+d} (besiegers)",
        "SG-EVENT-2",
        siege_gate,
    ),
)
"""E-21: the siege's lines of Table 23's registry (rules.battles.battle)."""
