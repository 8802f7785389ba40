"""Neutral kingdoms in play: who learns of them (A-1.4.19, A-1.4.20, Q4), the conquest of
a neutral capital (A-1.4.16, A-1.4.17, E-18, E-22, E-23, Q3), and the regrowth of the
neutral defenders of feature hexes (§5.5 semi-permanence, E-09).

A kingdom taken under Quick Friendship keeps its hexes (no player owns them) and names
the conqueror its ``protector`` (E-18): they count for him in Table 1 (Q10) and pay him
tribute (rules.turn.power), and its 2,500-point army goes on defending them against everyone
else (rules.turn.provisional). A kingdom taken under Sworn Enemies loses every hex: it still
has a row, but no land, and is ``standing`` no more.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping

import msgspec

from rules.core.dice import Dice
from rules.core.events import (
    BattleDeclared,
    BattleFought,
    DefenderRecovered,
    DiscoveryRollFailed,
    Event,
    HexConquered,
    NeutralKingdomConquered,
    NeutralKingdomDiscovered,
)
from rules.core.state import (
    BattleState,
    Coord,
    Defence,
    DefenderKind,
    Feature,
    HexState,
    NeutralConquest,
    Order,
    Role,
    Side,
    World,
)

# The discovery rolls' targets (A-1.4.19: 5+, 4+ if he won; A-1.4.20: 6+), the +3 for a
# neutral capital (A-1.4.16, Table 9) and the defenders' +500 a turn (§5.5) are the
# ruleset's (rules.core.table_options).


def knows(world: World, kingdom_id: int, neutral_id: int) -> bool:
    """A-1.4.18–20: whether the player kingdom has discovered the neutral kingdom."""
    return neutral_id in world.known_neutrals.get(kingdom_id, frozenset())


def standing(world: World, neutral_id: int) -> bool:
    """Whether the neutral kingdom still exists: its capital is still its own hex, as
    long as nobody took it under Sworn Enemies (A-1.4.17)."""
    neutral = world.neutral_kingdoms.get(neutral_id)
    if neutral is None or neutral.capital not in world.hexes:
        return False
    capital = world.hexes[neutral.capital]
    return capital.neutral_kingdom == neutral_id and capital.owner is None


def neutral_capitals(world: World) -> dict[Coord, int]:
    """The capital hex of every standing neutral kingdom, with the kingdom's id."""
    return {n.capital: n.id for n in world.neutral_kingdoms.values() if standing(world, n.id)}


def protected_kingdoms(world: World, kingdom_id: int) -> list[int]:
    """A-1.4.17, E-18: the standing neutral kingdoms the player protects (Quick
    Friendship), by id."""
    return protectorates(world).get(kingdom_id, [])


def protectorates(world: World) -> dict[int, list[int]]:
    """``protected_kingdoms`` of every player who protects one, read in one pass."""
    found: dict[int, list[int]] = defaultdict(list)
    for n in sorted(world.neutral_kingdoms.values(), key=lambda n: n.id):
        if n.protector is not None and standing(world, n.id):
            found[n.protector].append(n.id)
    return found


def protected_hexes(world: World, kingdom_id: int) -> list[Coord]:
    """Q10, E-18: the hexes of the neutral kingdoms the player protects, which count for
    him in Table 1 only (no Support, no Entitlements, no income but the tribute)."""
    protected = set(protected_kingdoms(world, kingdom_id))
    return sorted(
        coord
        for coord, h in world.hexes.items()
        if h.owner is None and h.neutral_kingdom in protected
    )


def protector_of(world: World, coord: Coord) -> int | None:
    """The player who protects the neutral kingdom that holds ``coord`` (E-18), if any."""
    hex_ = world.hexes.get(coord)
    if hex_ is None or hex_.owner is not None or hex_.neutral_kingdom is None:
        return None
    neutral = world.neutral_kingdoms.get(hex_.neutral_kingdom)
    return neutral.protector if neutral is not None else None


# --- §3 step 3a: the discovery roll of the following turn ---------------------------


def discover_after_last_turn(world: World, dice: Dice) -> list[Event]:
    """A-1.4.20, Q4 (§3 step 3a): for every standing neutral kingdom whose army fought a
    battle last turn (retreats and lost causes are no battles, A-1.4.19), each player
    kingdom that does not know it yet rolls a d6; a 6 teaches it the kingdom's extent
    and capital. Kingdoms in id order, players in id order."""
    events: list[Event] = []
    for neutral_id in sorted(world.neutral_battles_last_turn):
        if not standing(world, neutral_id):
            continue
        for kingdom in sorted(world.kingdoms.values(), key=lambda k: k.id):
            if kingdom.eliminated or knows(world, kingdom.id, neutral_id):
                continue
            roll = dice.d6(
                f"A-1.4.20 discovery roll of kingdom {kingdom.id} after last turn's "
                "battles in a neutral kingdom"
            )
            needed = world.ruleset.discovery_next_turn
            events.append(_discovery("A-1.4.20 Q4 §3-3a", roll, kingdom.id, neutral_id, needed))
    return events


def _discovery(rule: str, roll, kingdom_id: int, neutral_id: int, needed: int) -> Event:
    if roll.result >= needed:
        return NeutralKingdomDiscovered(
            rule=rule, rolls=(roll,), kingdom_id=kingdom_id, neutral_kingdom_id=neutral_id
        )
    return DiscoveryRollFailed(
        rule=rule,
        rolls=(roll,),
        kingdom_id=kingdom_id,
        neutral_kingdom_id=neutral_id,
        needed=needed,
    )


# --- §3 step 6d: the discovery roll of the players who fought -----------------------


def discover_after_battles(
    world: World, battles: Iterable[BattleState], events: list[Event], dice: Dice
) -> list[Event]:
    """A-1.4.19 (§3 step 6d): each player who fought a battle this turn in a neutral
    kingdom's hex, against its army or against another player in a contested hex (P-C3),
    rolls a d6 and learns the kingdom on 5+, or 4+ if he won. Only battles fought count
    (a BattleFought in ``events``): no retreat and no lost cause. One roll per player
    and kingdom a turn, 4+ if he won any of those battles. No roll for a player who
    knows the kingdom already (from an earlier turn, or this one: scouting, step 3a, the
    conquest) nor for a kingdom that ceased to exist this turn. ``world`` is the world
    after step 6b."""
    results = {e.battle_key: e.winner for e in events if isinstance(e, BattleFought)}
    learned = {
        (e.kingdom_id, e.neutral_kingdom_id)
        for e in events
        if isinstance(e, NeutralKingdomDiscovered)
    }
    won: dict[tuple[int, int], bool] = {}
    where: dict[tuple[int, int], list[Coord]] = {}
    for battle in sorted(battles, key=lambda b: b.key):
        neutral_id = _neutral_hex_of(world, battle)
        if battle.key not in results or neutral_id is None:
            continue
        for role, side in ((Role.ATTACKER, battle.attacker), (Role.DEFENDER, battle.defender)):
            for kingdom_id in _player_kingdoms(world, side):
                pair = (kingdom_id, neutral_id)
                won[pair] = won.get(pair, False) or results[battle.key] is role
                where.setdefault(pair, []).append(battle.hex)
    rolled: list[Event] = []
    for (kingdom_id, neutral_id), winner in sorted(won.items()):
        if (
            knows(world, kingdom_id, neutral_id)
            or (kingdom_id, neutral_id) in learned
            or not standing(world, neutral_id)
        ):
            continue
        hexes = ", ".join(str(coord) for coord in where[(kingdom_id, neutral_id)])
        roll = dice.d6(f"A-1.4.19 discovery roll of kingdom {kingdom_id} after fighting at {hexes}")
        rules = world.ruleset
        needed = rules.discovery_after_winning if winner else rules.discovery_after_fighting
        rolled.append(_discovery("A-1.4.19 §3-6d", roll, kingdom_id, neutral_id, needed))
    return rolled


def _neutral_hex_of(world: World, battle: BattleState) -> int | None:
    """A-1.4.19: the neutral kingdom whose hex ``battle`` was fought in, if any. A
    patrol's battle or a lost cause is in a player's hex. After step 6b a hex taken this
    turn still names its kingdom; only Sworn Enemies clears it, and that kingdom is gone."""
    if battle.defender_kind in (DefenderKind.PATROL, DefenderKind.LOST_CAUSE):
        return None
    return world.hexes[battle.hex].neutral_kingdom


def _player_kingdoms(world: World, side: Side | None) -> set[int]:
    """The player kingdoms that fight on ``side``: its own and, in a combined assault,
    each partner's through his armies (E-28); none for a neutral."""
    if side is None:
        return set()
    partners = {world.armies[a].kingdom_id for a in side.army_ids if a in world.armies}
    return ({side.kingdom_id} | partners) - {None}


# --- §3 step 6b: conquering a neutral capital ---------------------------------------


def with_conquest_choice(
    world: World, declared: BattleDeclared, orders: Iterable[Order]
) -> BattleDeclared:
    """E-23: a battle against a neutral kingdom's army at its capital carries the
    invader's standing choice, from his Invade orders (``conquest_choice``)."""
    if declared.defender_kind is not DefenderKind.NEUTRAL_KINGDOM:
        return declared
    if neutral_capitals(world).get(declared.hex) != declared.defender_neutral_kingdom_id:
        return declared
    quick = {o.army_id for o in orders if o.neutral_conquest is NeutralConquest.QUICK_FRIENDSHIP}
    choice = conquest_choice(declared.attacker_army_ids, quick)
    return dataclasses.replace(declared, neutral_conquest=choice)


def conquest_choice(army_ids: Iterable[int], quick: Collection[int]) -> NeutralConquest:
    """E-23, E-28: the choice of a force whose armies ``army_ids`` invade a neutral
    capital, given the armies whose orders chose Quick Friendship (``quick``): Quick
    Friendship only if every army of the force chose it; otherwise the default, Sworn
    Enemies, stands."""
    army_ids = set(army_ids)
    if army_ids and army_ids <= set(quick):
        return NeutralConquest.QUICK_FRIENDSHIP
    return NeutralConquest.SWORN_ENEMIES


def conquer_neutral_kingdom(
    world: World, battle: BattleState, owners: Mapping[Coord, int | None]
) -> list[Event]:
    """A-1.4.16, A-1.4.17, E-18, E-23 (§3 step 6b): the attacker beat the neutral
    kingdom's army at its capital and conquers the whole kingdom at once: every hex of
    it that no player owns after this turn's other conquests (``owners``: E-18 applies
    the conquests of single hexes first). The attacker learns the kingdom.

    Sworn Enemies (the default, E-23): each of those hexes joins him (a HexConquered
    each, the capital first). Quick Friendship: none does; he becomes the kingdom's
    protector, in place of any earlier one (E-18: a third player who beats the army at
    the capital takes it from him), and the kingdom's original borders are restored:
    his own hexes that were first part of it go back to it, other players keep theirs
    (E-18). +3 power either way, at step 6g."""
    neutral_id = battle.defender.neutral_kingdom_id
    neutral = world.neutral_kingdoms[neutral_id]
    conqueror = battle.attacker.kingdom_id
    choice = battle.neutral_conquest or NeutralConquest.SWORN_ENEMIES
    hexes = sorted(
        coord
        for coord, h in world.hexes.items()
        if h.neutral_kingdom == neutral_id and owners.get(coord) is None
    )
    hexes.sort(key=lambda coord: coord != neutral.capital)
    restored: tuple[Coord, ...] = ()
    if choice is NeutralConquest.QUICK_FRIENDSHIP:
        restored = tuple(
            sorted(
                coord
                for coord, h in world.hexes.items()
                if h.home_neutral_kingdom == neutral_id and owners.get(coord) == conqueror
            )
        )
    events: list[Event] = []
    if choice is NeutralConquest.SWORN_ENEMIES:
        events += [
            HexConquered(rule="A-1.4.16 A-1.4.17 §3-6b", hex=coord, kingdom_id=conqueror)
            for coord in hexes
        ]
    events.append(
        NeutralKingdomConquered(
            rule="A-1.4.16 A-1.4.17 E-18 E-23",
            neutral_kingdom_id=neutral_id,
            kingdom_id=conqueror,
            choice=choice,
            capital=neutral.capital,
            hexes=tuple(hexes),
            previous_protector_id=neutral.protector,
            power=world.ruleset.neutral_capital_power,
            restored=restored,
        )
    )
    if not knows(world, conqueror, neutral_id):
        events.append(
            NeutralKingdomDiscovered(
                rule="A-1.4.16", kingdom_id=conqueror, neutral_kingdom_id=neutral_id
            )
        )
    return events


def conquests_applied(world: World, events: Iterable[Event]) -> World:
    """The world after the neutral conquests among ``events``: under Sworn Enemies the
    hexes are the conqueror's and no longer the kingdom's, the capital's City is a Town
    and its Great Fortress a fortress (Q3, E-22), and nobody protects the kingdom; under
    Quick Friendship the conqueror is its protector."""
    conquests = [e for e in events if isinstance(e, NeutralKingdomConquered)]
    if not conquests:
        return world
    hexes = dict(world.hexes)
    neutrals = dict(world.neutral_kingdoms)
    for e in conquests:
        quick = e.choice is NeutralConquest.QUICK_FRIENDSHIP
        neutrals[e.neutral_kingdom_id] = dataclasses.replace(
            neutrals[e.neutral_kingdom_id], protector=e.kingdom_id if quick else None
        )
        if quick:
            for coord in e.restored:  # E-18: back inside the kingdom's original borders
                hexes[coord] = msgspec.structs.replace(
                    hexes[coord], owner=None, neutral_kingdom=e.neutral_kingdom_id
                )
            continue
        for coord in e.hexes:
            hexes[coord] = msgspec.structs.replace(
                hexes[coord], owner=e.kingdom_id, neutral_kingdom=None, defender=None
            )
        hexes[e.capital] = sworn_enemies_capital(hexes[e.capital])
    return dataclasses.replace(world, hexes=hexes, neutral_kingdoms=neutrals)


def conquest_power(events: Iterable[Event]) -> dict[int, int]:
    """A-1.4.16, Table 9: each kingdom's +3 for the neutral capitals it took this turn."""
    power: dict[int, int] = {}
    for e in events:
        if isinstance(e, NeutralKingdomConquered):
            power[e.kingdom_id] = power.get(e.kingdom_id, 0) + e.power
    return power


def sworn_enemies_capital(hex_: HexState) -> HexState:
    """A-1.4.17 Sworn Enemies, Q3, E-22: the neutral capital is destroyed: its City
    becomes a Town and its Great Fortress a fortress."""
    feature = Feature.TOWN if hex_.feature is Feature.CITY else hex_.feature
    defence = Defence.FORTRESS if hex_.defence is Defence.GREAT_FORTRESS else hex_.defence
    return msgspec.structs.replace(hex_, feature=feature, defence=defence)


# --- §5.5 semi-permanence -----------------------------------------------------------


def recover_defenders(world: World) -> tuple[World, list[DefenderRecovered]]:
    """§5.5 semi-permanence, E-09 (start of Provisional Results, before any invasion):
    every surviving neutral defender of an unowned feature hex below its original size
    (the size first rolled for it, E-09) regains 500 points, never above that size.
    Returns the world with the new sizes and the events, by hex."""
    events = []
    hexes = dict(world.hexes)
    defended = [
        (coord, hex_)
        for coord, hex_ in world.hexes.items()
        if hex_.owner is None and hex_.defender is not None and hex_.defender.points > 0
    ]
    for coord, hex_ in sorted(defended):  # by hex: the defended sorted, not the whole map
        defender = hex_.defender
        gained = min(world.ruleset.defender_regrowth, defender.original_points - defender.points)
        if gained <= 0:
            continue
        defender = dataclasses.replace(defender, points=defender.points + gained)
        hexes[coord] = msgspec.structs.replace(hex_, defender=defender)
        events.append(
            DefenderRecovered(
                rule="§5.5 E-09", hex=coord, points_gained=gained, points=defender.points
            )
        )
    if not events:
        return world, []
    return dataclasses.replace(world, hexes=hexes), events
