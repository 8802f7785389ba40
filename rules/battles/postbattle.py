"""Post-battle bookkeeping, §3 step 6c (A-2.6; §5.8–5.9 Tables 12–16, 18–22).

After the turn's battles, battle by battle in key order, as one step the players can
follow roll by roll: unit recovery (Table 12), character recovery (Table 13) and injury
(Table 14), experience (Table 15), generalship (Table 16), advancement and skills
(Tables 18–22, rules.battles.advancement). Every roll is logged with its purpose; every result
is an event of rules.battles.postbattle_events, private to the character's kingdom (a neutral
kingdom's General: the GM's, E-20).

A battle comes in as an ``Aftermath``: what post-battle needs to know of it. Abstract
battles give theirs from the resolution's own events (``aftermaths_from_events``): the
winner, a Massacre, the fallen (CharacterFell), the XP granted (ExperienceGained: Table
15's one source, exactly 1 in an abstract battle, A-2.5) and the rest flags used
(RestFlagUsed). A tabletop battle gives the same shape from its confirmed report
(rules.battles.tabletop, rules.battles.battle: a TabletopBattleFought, the characters removed as
CharacterFell, the XP of ``tabletop_experience``) plus the report's ``UnitLoss`` lines
for Table 12 and the Table 12 and 13 dice rolled at the table, so the functions below
serve both.

Rulings (campaign-rules.md leaves them open):
* abstract battles roll no Table 12 (§5.7: their losses are final); a win by default
  (A-2.4) is no battle: XP and advancement only, no Table 13 or 16;
* Table 16 is rolled by the side's commanding General (the one Table 23 counted, E-28)
  if he is still standing after Table 13; a draw rolls nothing (E-10), logged;
* a character who died or retired in an earlier battle of the turn (P-C4) has no
  further rolls; the XP of every battle still counts (E-04);
* a Dead or retired General is replaced at once: by the character of his army with the
  most XP, else by a new General (XP 0, Generalship 0, E-11) whom the player renames
  (B 3.3); a Grand Marshall's title passes to the General of the kingdom's oldest
  remaining army (B 3.4, as kingdoms.armies.services.army_disband does).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import msgspec

from rules.battles.advancement import roll_advance, thresholds_crossed
from rules.battles.postbattle_events import (
    CharacterRecoveryRolled,
    CharacterRemoved,
    GeneralAppointed,
    GeneralshipRolled,
    GrandMarshalPassed,
    InjuryTaken,
    UnitRecovered,
)
from rules.battles.postbattle_tables import INJURY_STAT, Injury, Recovery, UnitFate
from rules.battles.recovery import Circumstances, recovery_modifiers, unit_recovery_modifiers
from rules.core.dice import Dice, die_or_table
from rules.core.events import (
    BattleFought,
    BattleWon,
    CharacterFell,
    Event,
    ExperienceGained,
    PatrolTookOver,
    RestFlagUsed,
    TabletopBattleFought,
)
from rules.core.ruleset import table
from rules.core.state import BattleState, CharacterState, Role, Roster, Ruleset, Side, World
from rules.core.tables import BattleResult

ENEMY = {Role.ATTACKER: Role.DEFENDER, Role.DEFENDER: Role.ATTACKER}


@dataclass(frozen=True)
class UnitLoss:
    """Table 12: a unit a tabletop report lists as destroyed or fled off the table, with
    its points (P-C6) and the d6 of its recovery if it was rolled at the table."""

    army_id: int
    unit: str
    fate: UnitFate
    points: int = 0
    table_roll: int | None = None


@dataclass(frozen=True)
class Aftermath:
    """One battle as post-battle needs it (see the module's docstring)."""

    battle: BattleState  # as fought: a patrol that took over defends (P-C4, E-15)
    fought: bool  # False: won by default, no battle
    abstract: bool
    winner: Role | None  # None: a draw (E-10), or both retreated
    massacre: bool = False  # the loser was massacred (Table 25, or the tabletop margin)
    fallen: tuple[int, ...] = ()  # character ids: fallen (§5.7) or removed (tabletop)
    experience: tuple[tuple[int, int], ...] = ()  # (character id, XP), Table 15
    units: tuple[UnitLoss, ...] = ()  # Table 12, tabletop only
    rested: frozenset[int] = frozenset()  # armies whose rest flag this battle used (E-01)
    recovery_rolls: tuple[tuple[int, int], ...] = ()  # Table 13 rolled at the table (tabletop)

    def won(self, role: Role) -> bool | None:
        """E-10: None in a draw (no winner, no loser)."""
        return None if self.winner is None else self.winner is role


def aftermaths_from_events(
    battles: Iterable[BattleState], events: Iterable[Event]
) -> list[Aftermath]:
    """The battles that were decided (a BattleWon), in the order they were fought (the
    order of their BattleWon events: P-C3, P-C4), from their resolution's events; an
    unopposed hex (no defender) has no aftermath."""
    by_key: dict[int, list[Event]] = defaultdict(list)
    decided: list[int] = []
    for event in events:
        key = getattr(event, "battle_key", None)
        if key is not None:
            by_key[key].append(event)
        if isinstance(event, BattleWon) and event.battle_key not in decided:
            decided.append(event.battle_key)
    declared = {battle.key: battle for battle in battles}
    found = []
    for battle in (declared[key] for key in decided if key in declared):
        mine = by_key[battle.key]
        won = next((e for e in mine if isinstance(e, BattleWon)), None)
        if won is None or battle.defender is None:
            continue
        fought = next((e for e in mine if isinstance(e, BattleFought)), None)
        tabletop = isinstance(fought, TabletopBattleFought) and battle.report is not None
        for e in mine:
            if isinstance(e, PatrolTookOver):
                defender = dataclasses.replace(battle.defender, army_ids=(e.army_id,))
                battle = dataclasses.replace(battle, defender=defender)
        found.append(
            Aftermath(
                battle=battle,
                fought=fought is not None,
                abstract=fought is not None and not tabletop,
                winner=won.winner,
                massacre=fought is not None and fought.result == BattleResult.MASSACRE.value,
                units=battle.report.units if tabletop else (),  # Table 12 (P-C6)
                recovery_rolls=battle.report.recovery_rolls() if tabletop else (),
                fallen=tuple(e.character_id for e in mine if isinstance(e, CharacterFell)),
                experience=tuple(
                    (e.character_id, e.xp) for e in mine if isinstance(e, ExperienceGained)
                ),
                rested=frozenset(e.army_id for e in mine if isinstance(e, RestFlagUsed)),
            )
        )
    return found


def resolve_post_battle(
    world: World,
    battles: Iterable[BattleState],
    events: Iterable[Event],
    dice: Dice,
    surgeons: frozenset[int] = frozenset(),
) -> list[Event]:
    """§3 step 6c for the turn's battles resolved in ``events``; ``surgeons`` are the
    kingdoms that hired one this turn (E-02, rules.kingdoms.spending.surgeon_kingdoms)."""
    return post_battle(world, aftermaths_from_events(battles, list(events)), dice, surgeons)


def post_battle(
    world: World,
    aftermaths: Iterable[Aftermath],
    dice: Dice,
    surgeons: frozenset[int] = frozenset(),
) -> list[Event]:
    """Tables 12–16 and 18–22 for each aftermath in turn, with the characters as the
    earlier battles of the turn left them."""
    ledger = Roster(world.characters)
    events: list[Event] = []
    for aftermath in aftermaths:
        events += _one_battle(world, aftermath, dice, surgeons, ledger)
    return events


def _one_battle(
    world: World,
    aftermath: Aftermath,
    dice: Dice,
    surgeons: frozenset[int],
    ledger: Roster,
) -> list[Event]:
    battle = aftermath.battle
    commanders = {role: commanding_general(world, ledger, _side(battle, role)) for role in Role}
    events: list[Event] = list(recover_units(world, aftermath, dice))  # Table 12
    for character_id in aftermath.fallen:  # Tables 13 and 14
        character = ledger.get(character_id)
        if character is not None and character.status == "active":
            events += _recover_character(world, aftermath, character, dice, surgeons, ledger)
    if aftermath.fought:  # Table 16
        for role in Role:
            general = commanders[role] and ledger[commanders[role].id]
            if general is not None and general.status == "active":
                event, ledger[general.id] = roll_generalship(
                    world.ruleset, general, aftermath.won(role), aftermath.massacre, dice,
                    battle_key=battle.key, hex_=battle.hex,
                )  # fmt: skip
                events.append(event)
    for character_id, xp in aftermath.experience:  # Table 15's XP → Tables 18–22
        character = ledger.get(character_id)
        if character is None:
            continue
        before, after = character.xp, character.xp + xp
        character = ledger[character_id] = msgspec.structs.replace(character, xp=after)
        if character.status != "active":
            continue
        for threshold in thresholds_crossed(world.ruleset, before, after):
            event, character = roll_advance(
                world.ruleset, character, threshold, dice,
                battle_key=battle.key, kingdom_id=character.kingdom_id,
            )  # fmt: skip
            ledger[character_id] = character
            events.append(event)
    return events


def _side(battle: BattleState, role: Role) -> Side:
    return battle.attacker if role is Role.ATTACKER else battle.defender


def role_of(battle: BattleState, character: CharacterState) -> Role | None:
    """The side ``character`` fought on: his army's, or his neutral kingdom's (E-20)."""
    for role in Role:
        side = _side(battle, role)
        if character.army_id is not None and character.army_id in side.army_ids:
            return role
        if (
            not side.army_ids
            and side.neutral_kingdom_id is not None
            and character.neutral_kingdom_id == side.neutral_kingdom_id
        ):
            return role
    return None


def commanding_general(world: World, ledger: Roster, side: Side) -> CharacterState | None:
    """Table 16's "army General": the side's General that Table 23 counted, the best if
    several armies bring one (E-28, rules.battles.battle)."""
    generals = [c for c in ledger.on(side) if c.is_general and c.fights(world.turn)]
    return max(generals, key=lambda c: (c.generalship, c.tactician, -c.id), default=None)


# --- Table 12: unit recovery (tabletop battles) -----------------------------------------


def unit_recovery_needed(
    ruleset: Ruleset, won: bool | None, massacred: bool, fate: UnitFate
) -> int:
    """Table 12: the d6 a unit needs to come back (E-10: a draw uses the loser's rows)."""
    fled = fate is UnitFate.FLED
    if won:
        return ruleset.recovery_winner_fled if fled else ruleset.recovery_winner_destroyed
    if won is False and massacred:
        return ruleset.recovery_massacred_fled if fled else ruleset.recovery_massacred_destroyed
    return ruleset.recovery_loser_fled if fled else ruleset.recovery_loser_destroyed


def recover_units(world: World, aftermath: Aftermath, dice: Dice) -> list[UnitRecovered]:
    """Table 12 for every unit the report lists (none after an abstract battle: §5.7),
    with its modifiers (E-01 rest flag, Drillmaster, E-21). A 1 is not an automatic
    failure: a winner's fled unit needs 1+ and always comes back."""
    battle, events = aftermath.battle, []
    for loss in aftermath.units:
        role = Role.ATTACKER if loss.army_id in battle.attacker.army_ids else Role.DEFENDER
        won = aftermath.won(role)
        needed = unit_recovery_needed(world.ruleset, won, aftermath.massacre, loss.fate)
        modifiers = unit_recovery_modifiers(world, battle, loss.army_id, aftermath.rested)
        roll = die_or_table(
            dice, f"Table 12 unit recovery, {loss.unit} after the battle at {battle.hex}",
            loss.table_roll,
        )  # fmt: skip
        total = roll.result + sum(value for _, value in modifiers)
        army = world.armies.get(loss.army_id)
        events.append(
            UnitRecovered(
                rule="Table 12 E-01 E-10 E-21",
                rolls=(roll,),
                battle_key=battle.key,
                kingdom_id=army.kingdom_id if army else None,
                army_id=loss.army_id,
                unit=loss.unit,
                fate=loss.fate.value,
                needed=needed,
                total=total,
                modifiers=tuple(words for words, _ in modifiers),
                returned=total >= needed,
                points=loss.points,
            )
        )
    return events


# --- Tables 13 and 14: character recovery and injury ----------------------------------


def recovery_result(ruleset: Ruleset, total: int) -> Recovery:
    """Table 13 on the modified d6, read with its lowest face as "or less" and its
    highest as "or more"."""
    recovery = table(ruleset, "table-13")
    return recovery.lookup(min(max(total, recovery.lowest), recovery.sides))


def _recover_character(
    world: World,
    aftermath: Aftermath,
    character: CharacterState,
    dice: Dice,
    surgeons: frozenset[int],
    ledger: Roster,
) -> list[Event]:
    """Table 13 (E-02: the abstract −1 once; −1 if his side lost, not in a draw, E-10;
    Surgeon, Arcane resilience and Shrine +1 each, stacking), then Table 14 if injured;
    Dead and a retirement at 0 W remove him (E-03)."""
    battle, ruleset = aftermath.battle, world.ruleset
    role = role_of(battle, character)
    known = Circumstances(
        abstract=aftermath.abstract,
        lost=role is not None and aftermath.won(role) is False,
        surgeon=character.kingdom_id is not None and character.kingdom_id in surgeons,
        character=character,
    )
    modifiers = recovery_modifiers(world, battle, character.id, known)
    roll = die_or_table(
        dice,
        f"Table 13 character recovery, {character.name} after the battle at {battle.hex}",
        dict(aftermath.recovery_rolls).get(character.id),
    )
    total = roll.result + sum(value for _, value in modifiers)
    result = recovery_result(ruleset, total)
    events: list[Event] = [
        CharacterRecoveryRolled(
            rule="Table 13 E-02 E-10 E-21",
            rolls=(roll,),
            battle_key=battle.key,
            kingdom_id=character.kingdom_id,
            character_id=character.id,
            name=character.name,
            total=total,
            modifiers=tuple(words for words, _ in modifiers),
            result=result.value,
        )
    ]
    if result is Recovery.DEAD:
        return events + remove_character(world, ledger, character, "dead", battle.key)
    if result is Recovery.FULL:
        return events
    roll = dice.d6(f"Table 14 injury, {character.name} after the battle at {battle.hex}")
    injury = table(ruleset, "table-14").lookup(roll.result)
    wounded, effect = injure(ruleset, character, injury, world.turn)
    ledger[character.id] = wounded
    events.append(
        InjuryTaken(
            rule="Table 14 E-03",
            rolls=(roll,),
            battle_key=battle.key,
            kingdom_id=character.kingdom_id,
            character_id=character.id,
            name=character.name,
            injury=injury.value,
            **effect,
        )
    )
    if effect.get("retired"):
        events += remove_character(world, ledger, wounded, "retired", battle.key)
    return events


def injure(
    ruleset: Ruleset, character: CharacterState, injury: Injury, turn: int
) -> tuple[CharacterState, dict]:
    """Table 14, E-03: the character after the wound, and what it did (InjuryTaken's
    fields). A wound lowers its stat by ``injury_stat_loss``, never below
    ``injury_floor`` when his profile gives the stat (without it, the GM applies the
    floor on the army list, E-11); W has no floor: a Grievous wound at his last W
    retires him. Shaken keeps him out of armies for ``shaken_turns`` turns."""
    if injury is Injury.SHAKEN:
        until = turn + ruleset.shaken_turns if ruleset.shaken_turns else None
        return msgspec.structs.replace(character, shaken_until=until), {"shaken_until": until}
    stat = INJURY_STAT[injury]
    loss = ruleset.injury_stat_loss
    delta = character.deltas.get(stat, 0)
    if stat == "w":
        wounds = character.profile.get("w", ruleset.default_wounds) + delta
        retired = loss > 0 and wounds - loss <= 0
        change = -loss
    else:
        retired = False
        change = -loss
        if stat in character.profile:
            current = character.profile[stat] + delta
            change = -max(0, min(loss, current - ruleset.injury_floor))
    wounded = msgspec.structs.replace(character, deltas={**character.deltas, stat: delta + change})
    if retired:
        wounded = msgspec.structs.replace(wounded, status="retired")
    effect = {"stat": stat, "change": change, "floored": -change < loss, "retired": retired}
    return wounded, effect


def remove_character(
    world: World,
    ledger: Roster,
    character: CharacterState,
    cause: str,
    battle_key: int,
) -> list[Event]:
    """Table 13 Dead, E-03 retirement: the character is gone; a General is replaced (the
    army needs one), and a Grand Marshall's title passes on (B 3.4)."""
    gone = msgspec.structs.replace(
        character, status=cause, army_id=None, is_general=False, is_grand_marshal=False
    )
    ledger[character.id] = gone
    events: list[Event] = [
        CharacterRemoved(
            rule="Table 13 E-03",
            battle_key=battle_key,
            kingdom_id=character.kingdom_id,
            character_id=character.id,
            name=character.name,
            cause=cause,
            army_id=character.army_id,
            was_general=character.is_general,
            was_grand_marshal=character.is_grand_marshal,
        )
    ]
    appointed = _appoint(world, ledger, character, battle_key) if character.is_general else None
    if character.is_grand_marshal and character.kingdom_id is not None:
        events += _pass_marshal(world, ledger, character, appointed, battle_key)
    elif appointed is not None:
        events.append(appointed)
    return events


def _appoint(
    world: World, ledger: Roster, gone: CharacterState, battle_key: int
) -> GeneralAppointed | None:
    """The army's character with the most XP, else a new General (E-11: Generalship 0)."""
    if gone.army_id is not None:
        others = [
            c for c in ledger.with_army(gone.army_id) if c.status == "active" and not c.is_general
        ]  # fmt: skip
        army = world.armies.get(gone.army_id)
        new_name = f"General of the {army.name}" if army else "A new General"
    elif gone.neutral_kingdom_id is not None:
        others = [
            c for c in ledger.of_neutral(gone.neutral_kingdom_id)
            if c.status == "active" and not c.is_general
        ]  # fmt: skip
        neutral = world.neutral_kingdoms.get(gone.neutral_kingdom_id)
        new_name = f"General of {neutral.name}" if neutral else "A new General"
    else:
        return None
    heir = max(others, key=lambda c: (c.xp, -c.id), default=None)
    if heir is not None:
        ledger[heir.id] = msgspec.structs.replace(heir, is_general=True)
    return GeneralAppointed(
        rule="Table 13 E-03 E-20 B 3.3",
        battle_key=battle_key,
        kingdom_id=gone.kingdom_id,
        army_id=gone.army_id,
        neutral_kingdom_id=gone.neutral_kingdom_id,
        replaced_id=gone.id,
        character_id=heir.id if heir else None,
        name=heir.name if heir else new_name,
    )


def _pass_marshal(
    world: World,
    ledger: Roster,
    gone: CharacterState,
    appointed: GeneralAppointed | None,
    battle_key: int,
) -> list[Event]:
    """B 3.4, E-03: the General of the kingdom's oldest remaining army (by id) becomes
    the Grand Marshall: maybe the one just appointed to the dead man's army."""
    armies = sorted(a.id for a in world.armies.values() if a.kingdom_id == gone.kingdom_id)
    for army_id in armies:
        if appointed is not None and appointed.army_id == army_id:
            if appointed.character_id is not None:
                heir = ledger[appointed.character_id]
                ledger[heir.id] = msgspec.structs.replace(heir, is_grand_marshal=True)
            return [dataclasses.replace(appointed, grand_marshal=True)]
        general = next(
            (c for c in ledger.with_army(army_id) if c.is_general and c.status == "active"),
            None,
        )
        if general is not None:
            ledger[general.id] = msgspec.structs.replace(general, is_grand_marshal=True)
            passed = GrandMarshalPassed(
                rule="Table 13 E-03 B 3.4",
                battle_key=battle_key,
                kingdom_id=gone.kingdom_id,
                replaced_id=gone.id,
                character_id=general.id,
                name=general.name,
            )
            return [appointed, passed] if appointed is not None else [passed]
    return [appointed] if appointed is not None else []


# --- Table 15: experience (tabletop lines; abstract XP is rules.battles.battle's) -------------


def tabletop_experience(
    ruleset: Ruleset, *, won: bool | None, kills: int = 0, general_of_winner: bool = False
) -> int:
    """Table 15 for a tabletop battle (E-04: per battle): took part +1, his side won +1
    (E-10: not in a draw), +1 per enemy character he killed, +1 if he was the General of
    the winning army. Abstract battles give exactly 1 (A-2.5) and a default win 1
    (A-2.4): rules.battles.battle grants those, as ExperienceGained."""
    xp = ruleset.xp_tabletop_battle + kills * ruleset.xp_character_killed
    if won:
        xp += ruleset.xp_tabletop_won
        if general_of_winner:
            xp += ruleset.xp_winning_general
    return xp


# --- Table 16: generalship ------------------------------------------------------------


def generalship_change(
    ruleset: Ruleset, generalship: int, won: bool | None, massacre: bool, roll: int
) -> int:
    """Table 16: won, +1 on 5+ (a Massacre adds 1 to the roll), at most 3; lost, −1 on
    a 1, at least 0; a draw, no change (E-10)."""
    if won:
        total = roll + (ruleset.generalship_massacre_bonus if massacre else 0)
        if total >= ruleset.generalship_up_on:
            return max(0, min(ruleset.generalship_max, generalship + 1) - generalship)
        return 0
    if won is False and roll <= ruleset.generalship_down_on:
        return -min(1, generalship)
    return 0


def roll_generalship(
    ruleset: Ruleset,
    general: CharacterState,
    won: bool | None,
    massacre: bool,
    dice: Dice,
    *,
    battle_key: int,
    hex_,
) -> tuple[GeneralshipRolled, CharacterState]:
    """Table 16 for the General who commanded a side (E-20: a neutral one too)."""
    common = {
        "battle_key": battle_key,
        "kingdom_id": general.kingdom_id,
        "character_id": general.id,
        "name": general.name,
    }
    if won is None:  # E-10: a draw changes nothing; no roll
        event = GeneralshipRolled(
            rule="Table 16 E-10", **common, outcome="draw", generalship=general.generalship
        )
        return event, general
    roll = dice.d6(f"Table 16 generalship, {general.name} after the battle at {hex_}")
    change = generalship_change(ruleset, general.generalship, won, massacre, roll.result)
    total = roll.result + (ruleset.generalship_massacre_bonus if won and massacre else 0)
    after = msgspec.structs.replace(general, generalship=general.generalship + change)
    event = GeneralshipRolled(
        rule="Table 16 E-11",
        rolls=(roll,),
        **common,
        outcome="won" if won else "lost",
        total=total,
        needed=ruleset.generalship_up_on if won else ruleset.generalship_down_on,
        change=change,
        generalship=after.generalship,
    )
    return event, after
