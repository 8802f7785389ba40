"""One battle from its Phase 4 choices to its winner (A-2.4, A-2.5, §5.7 Tables 23–25).

``points`` maps every player army id to its current points. ``resolve_battle`` lowers it
in place as losses are taken, so a patrol that fights several invasions in one turn
carries its losses from one battle to the next (P-C4). Neutral sides have no army ids:
their strength is ``Side.points``.
"""

from __future__ import annotations

from rules import modules
from rules.battles.postbattle import tabletop_experience
from rules.battles.recovery import recovery_modifiers
from rules.core.dice import Dice, Roll
from rules.core.events import (
    ArmyLosses,
    BattleFought,
    BattleWon,
    CharacterFell,
    DefenderLosses,
    Event,
    ExperienceGained,
    Retreated,
    TabletopBattleFought,
    TabletopTurnedAbstract,
)
from rules.core.modifiers import Modifier
from rules.core.ruleset import table
from rules.core.state import (
    BattleState,
    CharacterState,
    Decision,
    DefenderKind,
    Role,
    Ruleset,
    Side,
    Strategy,
    World,
)
from rules.core.tables import (
    BattleResult,
    MinorFeature,
    battle_result,
    falls_on,
    fortification_bonus,
    loss_percent,
    points_lost,
    ratio_bonus,
    strategy_bonus,
)
from rules.sieges.battle import SIEGE_MODIFIERS

UNOPPOSED_RULES = {DefenderKind.UNDEFENDED: "A-1.0.6", DefenderKind.LOST_CAUSE: "P-C2"}
ENEMY = {Role.ATTACKER: Role.DEFENDER, Role.DEFENDER: Role.ATTACKER}


def resolve_battle(
    world: World, battle: BattleState, dice: Dice, points: dict[int, int]
) -> list[Event]:
    """Resolve ``battle``: unopposed, by retreat (A-2.4), from its tabletop report
    (A-2.5, rules.battles.tabletop) or abstract (§5.7; E-24: a tabletop battle not reported)."""
    if battle.defender is None:
        # P-C2: no battle, no experience.
        rule = UNOPPOSED_RULES[battle.defender_kind]
        return [BattleWon(rule=rule, battle_key=battle.key, hex=battle.hex, winner=Role.ATTACKER)]
    retreating = [
        role
        for role in Role
        if decision(_side(battle, role), world.ruleset, roaming=_roaming(battle, role))
        is Decision.RETREAT
    ]
    if retreating:
        return _retreat(world, battle, retreating)
    if battle.report is not None:
        return _tabletop(world, battle, points)  # P-C5, P-C6
    if battle.tabletop:  # E-24: no confirmed report by the deadline
        late = TabletopTurnedAbstract(rule="E-24 A-2.5", battle_key=battle.key, hex=battle.hex)
        return [late, *_fight(world, battle, dice, points)]
    return _fight(world, battle, dice, points)


def decision(side: Side, ruleset: Ruleset, *, roaming: bool = False) -> Decision:
    """A-2.4, Q6: neutral armies always fight, unless the ruleset lets the GM retreat
    them; a roaming force (the Beast, invading or in its lair) never retreats (E-12;
    battles.decisions.services refuses it too); a player's missing answer is Fight (Q7)."""
    if side.kingdom_id is not None:
        return side.decision
    if roaming:
        return Decision.FIGHT
    return Decision.FIGHT if ruleset.neutrals_always_fight else side.decision


def _roaming(battle: BattleState, role: Role) -> bool:
    """E-12, App G: the side is a roaming force: the Beast attacking a hex it entered,
    or defending its lair (DefenderKind.ROAMING)."""
    if role is Role.DEFENDER:
        return battle.defender_kind is DefenderKind.ROAMING
    return modules.is_roaming(battle.attacker)


def side_points(side: Side, points: dict[int, int]) -> int:
    """A side's current strength: its armies' points (E-28), or a neutral's own."""
    return sum(points[a] for a in side.army_ids) if side.army_ids else side.points


def characters(world: World, side: Side) -> list[CharacterState]:
    """The characters with the side's armies, by id; for a neutral kingdom's army (A-1.4.8,
    defending or incited), its General (A-1.4.10–11, E-20). Only those who may fight this
    turn: not dead, retired or Shaken (Tables 13–14, E-03; rules.battles.postbattle)."""
    return [c for c in world.roster.on(side) if c.fights(world.turn)]


def basic_strategy_modifier(
    world: World, battle: BattleState, role: Role, points: dict[int, int]
) -> int:
    """Table 23 for one side: the sum of every modifier in ``TABLE_23_MODIFIERS`` and
    those of the optional modules the campaign has on (rules.modules, E-21)."""
    core = sum(modifier.value(world, battle, role, points) for modifier in TABLE_23_MODIFIERS)
    extra = [value for module in modules.active(world) for _, _, value in module.table_23]
    return core + sum(value(world, battle, role, points) for value in extra)


def _ratio(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    own = side_points(_side(battle, role), points)
    return ratio_bonus(world.ruleset, own, side_points(_side(battle, ENEMY[role]), points))


def _general(world: World, battle: BattleState, role: Role) -> CharacterState | None:
    """The side's General: the best one if several armies bring one (E-28)."""
    generals = [c for c in characters(world, _side(battle, role)) if c.is_general]
    return max(generals, key=lambda c: (c.generalship, c.tactician, -c.id), default=None)


def _generalship(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    general = _general(world, battle, role)
    return general.generalship if general else 0


def _tactician(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    general = _general(world, battle, role)
    return world.ruleset.tactician_bonus if general and general.tactician else 0


def _grand_marshal(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    people = characters(world, _side(battle, role))
    return world.ruleset.grand_marshal_bonus if any(c.is_grand_marshal for c in people) else 0


def _fortification(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    if role is not Role.DEFENDER or battle.defender_kind is DefenderKind.INVADER:
        return 0  # P-C3: an invader of a contested hex does not hold its walls
    return fortification_bonus(world.ruleset, world.hexes[battle.hex].defence)


def _home(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    home = role is Role.DEFENDER and _home_ground(world, battle)
    return world.ruleset.home_ground_bonus if home else 0


def _home_ground(world: World, battle: BattleState) -> bool:
    if battle.defender_kind is DefenderKind.PATROL:
        return world.hexes[battle.hex].owner == battle.defender.kingdom_id
    return battle.defender_kind in (
        DefenderKind.NEUTRAL,
        DefenderKind.NEUTRAL_KINGDOM,
        DefenderKind.ROAMING,  # App G: the Beast in its lair
    )


def _ford(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """Table 17, E-07, E-32: the invaders stand on their origin since Provisional
    Results; +1 once if one of them invades from a Ford or bridge (E-28: one side). In
    a contested hex both sides invade (P-C3)."""
    if role is not Role.ATTACKER and battle.defender_kind is not DefenderKind.INVADER:
        return 0
    army_ids = _side(battle, role).army_ids
    origins = {world.armies[a].position for a in army_ids if a in world.armies}
    fords = [c for c in origins if c in world.hexes and world.hexes[c].minor_feature == FORD]
    return world.ruleset.ford_bonus if fords else 0


FORD = MinorFeature.FORD


TABLE_23_MODIFIERS: tuple[Modifier, ...] = (
    Modifier(
        "Points ratio: {ratio_low_percent}% of the enemy's {ratio_low_bonus:+d}, "
        "{ratio_mid_percent}% {ratio_mid_bonus:+d}, {ratio_high_percent}% {ratio_high_bonus:+d}",
        "Table 23",
        _ratio,
    ),
    Modifier("The General's Generalship", "Table 23 Table 16", _generalship),
    Modifier("Tactician on the General {tactician_bonus:+d}", "Table 23 Table 21", _tactician),
    Modifier("Grand Marshal with the army {grand_marshal_bonus:+d}", "Table 23", _grand_marshal),
    Modifier(
        "Fortress {fortress_bonus:+d} or great fortress {great_fortress_bonus:+d} (defender)",
        "Table 23 App B",
        _fortification,
    ),
    Modifier("Home ground {home_ground_bonus:+d} (defender)", "Table 23", _home),
    Modifier(
        "Invading from a Ford or bridge {ford_bonus:+d} (attacker)", "Table 17 E-07 E-21", _ford
    ),
    *SIEGE_MODIFIERS,  # E-37: sieges' lines (rules.sieges.battle)
)
"""E-21: Table 23's one registry. A modifier defined away from the table (Table 17's
Ford or bridge) is a line here too, so it is applied and the rules page can list it."""


def _side(battle: BattleState, role: Role) -> Side:
    return battle.attacker if role is Role.ATTACKER else battle.defender


def _retreat(world: World, battle: BattleState, retreating: list[Role]) -> list[Event]:
    """A-2.4: a retreat always escapes unharmed; the other side wins by default and each
    of its characters gains 1 XP. Both retreating: no winner (Q6, E-15)."""
    key, hex_ = battle.key, battle.hex
    events: list[Event] = [
        Retreated(rule="A-2.4", battle_key=key, hex=hex_, role=role) for role in retreating
    ]
    if len(retreating) == 2:
        events.append(BattleWon(rule="A-2.4 Q6 E-15", battle_key=key, hex=hex_, winner=None))
        return events
    winner = ENEMY[retreating[0]]
    events.append(BattleWon(rule="A-2.4", battle_key=key, hex=hex_, winner=winner, by_default=True))
    events += [
        ExperienceGained(
            rule="A-2.4", battle_key=key, character_id=c.id, xp=world.ruleset.xp_won_by_default
        )
        for c in characters(world, _side(battle, winner))
    ]
    return events


def _fight(world: World, battle: BattleState, dice: Dice, points: dict[int, int]) -> list[Event]:
    """§5.7 abstract resolution, A-2.5: Tables 23–25, troop losses, fallen characters and
    exactly 1 XP per character."""
    rolls: list[Roll] = []
    strategy = {role: _strategy(world, battle, role, dice, rolls) for role in Role}
    totals = {}
    for role in Role:
        roll = dice.d6(f"Table 25 outcome roll, {role.value} in the battle at {battle.hex}")
        rolls.append(roll)
        totals[role] = (
            roll.result
            + basic_strategy_modifier(world, battle, role, points)
            + strategy_bonus(world.ruleset, strategy[role], strategy[ENEMY[role]])
        )
    attacker, defender = totals[Role.ATTACKER], totals[Role.DEFENDER]
    result = battle_result(table(world.ruleset, "table-25"), abs(attacker - defender))
    # E-10: a draw has no winner (D 0 by the rulebook; a house Table 25 may widen it)
    winner = None if result is BattleResult.DRAW else max(Role, key=totals.__getitem__)
    events: list[Event] = [
        BattleFought(
            rule="A-2.5 §5.7 Tables 23–25",
            rolls=tuple(rolls),
            battle_key=battle.key,
            hex=battle.hex,
            attacker_strategy=strategy[Role.ATTACKER],
            defender_strategy=strategy[Role.DEFENDER],
            attacker_total=attacker,
            defender_total=defender,
            result=result.value,
            winner=winner,
        )
    ]
    won = {role: None if winner is None else winner is role for role in Role}
    for role in Role:
        percent = loss_percent(
            world.ruleset, result, won[role], strategy[role], strategy[ENEMY[role]]
        )
        events += _losses(world, battle, role, won[role], percent, points)
    for role in Role:
        events += _characters_after(world, battle, role, won[role], result, dice)
    events.append(
        BattleWon(rule="Table 25 E-10", battle_key=battle.key, hex=battle.hex, winner=winner)
    )
    return events


def _strategy(
    world: World, battle: BattleState, role: Role, dice: Dice, rolls: list[Roll]
) -> Strategy:
    """Table 24: a player's choice, Hold if missing (Q7); a neutral's from a d6 (E-24)."""
    side = _side(battle, role)
    if side.kingdom_id is not None:
        return side.strategy or Strategy.HOLD
    roll = dice.d6(f"E-24 neutral strategy in the battle at {battle.hex}")
    rolls.append(roll)
    return table(world.ruleset, "neutral-strategy").lookup(roll.result)


def _losses(
    world: World,
    battle: BattleState,
    role: Role,
    won: bool | None,
    percent: int,
    points: dict[int, int],
) -> list[Event]:
    """§5.7 troop losses. Each army of a combined force loses the same percentage of its
    own points, which shares the losses in proportion to points (E-28). A neutral
    feature defender that keeps its hex records its losses (semi-permanence, §5.5); a
    neutral kingdom's army is a constant (E-06) and one that lost is gone."""
    side = _side(battle, role)
    events: list[Event] = []
    for army_id in side.army_ids:
        lost = points_lost(world.ruleset, points[army_id], percent)
        points[army_id] -= lost
        events.append(
            ArmyLosses(
                rule="§5.7 troop losses E-10 E-28",
                battle_key=battle.key,
                army_id=army_id,
                points_lost=lost,
                points_left=points[army_id],
            )
        )
    if role is Role.DEFENDER and battle.defender_kind is DefenderKind.NEUTRAL and won is not False:
        lost = points_lost(world.ruleset, side.points, percent)
        events.append(
            DefenderLosses(
                rule="§5.7 troop losses §5.5 semi-permanence",
                battle_key=battle.key,
                hex=battle.hex,
                points_lost=lost,
                points_left=side.points - lost,
            )
        )
    return events


def _characters_after(
    world: World,
    battle: BattleState,
    role: Role,
    won: bool | None,
    result: BattleResult,
    dice: Dice,
) -> list[Event]:
    """§5.7 fallen characters (d6: 1 winner, 1–2 loser or draw E-10, 1–3 massacred) and
    A-2.5's exactly 1 XP each. A character's fall roll goes on CharacterFell when he
    falls, otherwise on his ExperienceGained, so every roll is in some event."""
    threshold = falls_on(world.ruleset, won, result)
    events: list[Event] = []
    for character in characters(world, _side(battle, role)):
        roll = dice.d6(f"§5.7 fallen character {character.name} in the battle at {battle.hex}")
        fell = roll.result <= threshold
        if fell:
            recovery = recovery_modifiers(world, battle, character.id)  # Table 13
            events.append(
                CharacterFell(
                    rule="§5.7 fallen characters E-10",
                    rolls=(roll,),
                    battle_key=battle.key,
                    character_id=character.id,
                    recovery_modifiers=tuple(words for words, _ in recovery),
                )
            )
        events.append(
            ExperienceGained(
                rule="A-2.5",
                rolls=() if fell else (roll,),
                battle_key=battle.key,
                character_id=character.id,
                xp=world.ruleset.xp_abstract_battle,
            )
        )
    return events


def _tabletop(world: World, battle: BattleState, points: dict[int, int]) -> list[Event]:
    """A-2.5, P-C5, P-C6: the battle as its confirmed report gives it (rules.battles.tabletop).
    Each army loses the points of its units destroyed or fled (Table 12 may bring them
    back after the turn's battles); a neutral feature defender that holds its hex keeps
    its losses (§5.5); the characters removed fall (Table 13 at post-battle, no abstract
    −1); Table 15's tabletop lines give the XP, per battle (E-04). A draw has no winner
    (Q21, E-10)."""
    report = battle.report
    key, hex_ = battle.key, battle.hex
    events: list[Event] = [
        TabletopBattleFought(
            rule="A-2.5 P-C5 P-C6 E-24",
            battle_key=key,
            hex=hex_,
            result=report.result.value,
            winner=report.winner,
            vp_margin=report.vp_margin,
        )
    ]
    won = {role: None if report.winner is None else report.winner is role for role in Role}
    for role in Role:
        side = _side(battle, role)
        for army_id in side.army_ids:
            reported = sum(u.points for u in report.units if u.army_id == army_id)
            lost = min(reported, points[army_id])
            if not lost:
                continue
            points[army_id] -= lost
            events.append(
                ArmyLosses(
                    rule="P-C6 Table 12",
                    battle_key=key,
                    army_id=army_id,
                    points_lost=lost,
                    points_left=points[army_id],
                )
            )
        neutral = role is Role.DEFENDER and battle.defender_kind is DefenderKind.NEUTRAL
        if neutral and won[role] is not False and report.neutral_losses:
            lost = min(report.neutral_losses, side.points)
            events.append(
                DefenderLosses(
                    rule="P-C6 §5.5 semi-permanence",
                    battle_key=key,
                    hex=hex_,
                    points_lost=lost,
                    points_left=side.points - lost,
                )
            )
    fighting = {c.id: c for role in Role for c in characters(world, _side(battle, role))}
    for removed in report.removed:
        if removed.character_id in fighting:
            recovery = recovery_modifiers(world, battle, removed.character_id)
            events.append(
                CharacterFell(
                    rule="P-C6 Table 13",
                    battle_key=key,
                    character_id=removed.character_id,
                    recovery_modifiers=tuple(words for words, _ in recovery),
                )
            )
    kills = dict(report.kills)
    for role in Role:
        general = _general(world, battle, role)
        for character in characters(world, _side(battle, role)):
            xp = tabletop_experience(
                world.ruleset,
                won=won[role],
                kills=kills.get(character.id, 0),
                general_of_winner=bool(won[role]) and general is not None
                and general.id == character.id,
            )  # fmt: skip
            events.append(
                ExperienceGained(
                    rule="Table 15 E-04", battle_key=key, character_id=character.id, xp=xp
                )
            )
    events.append(BattleWon(rule="P-C5 Q21 E-10", battle_key=key, hex=hex_, winner=report.winner))
    return events
