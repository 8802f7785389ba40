"""Optional module: The Beast Awakes (§5.12, Appendix G; E-04, E-12, E-39).

* Its lair: an unowned Mountain, Swamp or Deep Woods hex, outside the neutral kingdoms,
  at least 2 hexes from every player kingdom, picked with a logged die at the first
  Phase 1 the module is on (so a GM may switch it on at set-up or later). The lair is
  the GM's secret; players learn that the Beast has a lair.
* Asleep: at the end of each turn a d6, +1 for every battle fought within 2 hexes of the
  lair that turn, + the stir of Table 31 row 2 (+2); 6+ wakes it. Invading or scouting
  the lair wakes it at once.
* Awake: it moves one hex in Phase 1 (``rules.modules.roaming.roam``, E-39) and the move
  is announced; its entry applies at step 3e against this turn's patrols (E-12): in a
  player hex, the covering patrol meets it (fight or retreat; the Beast never
  retreats); with no patrol, or one that retreats or loses, the hex is ravaged. A
  neutral kingdom's army meets it in its own hexes. An unowned hex is ravaged.
* An army that defeats it slays it: +3 power to its player; its characters' +1 extra XP
  only in a tabletop battle (E-04), so never in the engine's abstract battles.
* At the end of each rampage turn a d6 of 1 sends it back to its lair, asleep.
* It is a 2,000-point monster force with +1 on Table 23 (terror, E-21).
"""

from __future__ import annotations

import dataclasses

from rules.dice import Dice
from rules.events import (
    Announcement,
    BattleDeclared,
    BattleFought,
    BattleWon,
    Event,
    HexRavaged,
    ModuleStateChanged,
)
from rules.hexgrid import distance
from rules.modules import Module, is_roaming, register
from rules.modules.roaming import roam
from rules.orders import covering_patrol
from rules.state import (
    BattleState,
    Coord,
    DefenderKind,
    Feature,
    HexState,
    Order,
    OrderKind,
    Role,
    Terrain,
    World,
)

OPTION = "the_beast"
POINTS = 2000
SLAYING_POWER = 3
TERROR = 1
LAIR_TERRAIN = (Terrain.MOUNTAIN, Terrain.SWAMP)
DOWNGRADE = {Feature.CITY: Feature.TOWN, Feature.DEEP_MINE: Feature.MINE}
DOWNGRADE[Feature.DEEP_WOODS] = Feature.WOODS


@dataclasses.dataclass(frozen=True, kw_only=True)
class BeastNews(Announcement):
    """App G: what everyone learns of the Beast: ``what`` is lair, woke, moved, slept,
    slain, ravaged; ``hex`` where it is seen (never the lair while it sleeps)."""

    what: str
    hex: Coord | None = None
    kingdom_id: int | None = None  # slain: the kingdom whose army slew it


def state_of(world: World) -> dict:
    return dict(world.module_state.get(OPTION, {}))


def stir(world: World, bonus: int) -> tuple[World, list[Event]]:
    """Table 31 row 2: +``bonus`` on the Beast's next awakening roll."""
    state = state_of(world)
    state["stir"] = state.get("stir", 0) + bonus
    changed = ModuleStateChanged(rule="Table 31 App G", module=OPTION, state=state)
    return _with(world, state), [changed]


def _with(world: World, state: dict) -> World:
    return dataclasses.replace(world, module_state={**world.module_state, OPTION: state})


def lair_candidates(world: World) -> list[Coord]:
    """App G: unowned Mountain, Swamp or Deep Woods, not a neutral kingdom's, at least 2
    hexes from any player kingdom."""
    owned = [c for c, h in world.hexes.items() if h.owner is not None]
    return sorted(
        c
        for c, h in world.hexes.items()
        if h.owner is None
        and h.neutral_kingdom is None
        and (h.terrain in LAIR_TERRAIN or h.feature is Feature.DEEP_WOODS)
        and all(distance(c, o) >= 2 for o in owned)
    )


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§3 Phase 1, E-12: place the lair if there is none yet; an awake Beast moves."""
    state = before = state_of(world)
    if state.get("slain"):
        return world, orders, []
    events: list[Event] = []
    if not state.get("lair"):
        candidates = lair_candidates(world)
        if not candidates:
            return world, orders, []
        pick = dice.roll(len(candidates), "App G the Beast's lair") if len(candidates) > 1 else None
        lair = candidates[pick.result - 1] if pick else candidates[0]
        state = {**state, "lair": list(lair), "at": list(lair), "awake": False}
        events.append(
            BeastNews(
                rule="App G",
                rolls=(pick,) if pick else (),
                what="lair",
                text="The Beast has made its lair somewhere in the wilds.",
            )
        )
    elif state.get("awake"):
        at = tuple(state["at"])
        to, rolls = roam(world.hexes, at, dice, "the Beast")
        state = {**state, "at": list(to), "entering": {"turn": world.turn, "hex": list(to)}}
        moved = f"moves from ({at[0]}, {at[1]}) to ({to[0]}, {to[1]})" if to != at else "stays"
        events.append(
            BeastNews(
                rule="App G E-12 E-39",
                rolls=rolls,
                what="moved",
                hex=to,
                text=f"The Beast {moved}.",
            )
        )
    if state != before:
        events.append(ModuleStateChanged(rule="App G", module=OPTION, state=state))
    return _with(world, state), orders, events


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, E-12: invading or scouting the lair of a sleeping Beast wakes it; the
    hex an awake Beast entered this turn meets it."""
    state = state_of(world)
    if not state.get("lair") or state.get("slain"):
        return orders, patrols, []
    events: list[Event] = []
    lair = tuple(state["lair"])
    provoked = [
        o for o in orders if o.kind in (OrderKind.INVADE, OrderKind.SCOUT) and o.target == lair
    ]
    if provoked and not state.get("awake"):
        state = {**state, "awake": True, "at": list(lair)}
        events += [
            BeastNews(
                rule="App G",
                what="woke",
                hex=lair,
                text=f"Intruders at ({lair[0]}, {lair[1]}) have woken the Beast in its lair!",
            ),
            ModuleStateChanged(rule="App G", module=OPTION, state=state),
        ]
    entering = state.get("entering") or {}
    if entering.get("turn") == world.turn:
        events += _entry(world, tuple(entering["hex"]), patrols)
    return orders, patrols, events


def _entry(world: World, hex_: Coord, patrols: list) -> list[Event]:
    """E-12, E-39: the Beast invades the hex it entered, as a neutral that never
    retreats."""
    h = world.hexes[hex_]
    if h.owner is not None:
        patrol = covering_patrol(world, hex_, patrols)
        if patrol is None:
            return _ravage(h, "App G E-12 P-C2")
        return [
            BattleDeclared(
                rule="App G E-12 Table 5",
                hex=hex_,
                defender_kind=DefenderKind.PATROL,
                attacker_kingdom_id=None,
                attacker_army_ids=(),
                attacker_points=POINTS,
                defender_kingdom_id=patrol.kingdom_id,
                defender_army_ids=(patrol.id,),
                defender_points=patrol.points,
            )
        ]
    if h.neutral_kingdom is not None:
        return [
            BattleDeclared(
                rule="App G E-12 A-1.4.8",
                hex=hex_,
                defender_kind=DefenderKind.NEUTRAL_KINGDOM,
                attacker_kingdom_id=None,
                attacker_army_ids=(),
                attacker_points=POINTS,
                defender_neutral_kingdom_id=h.neutral_kingdom,
                defender_points=world.ruleset.neutral_kingdom_defending_points,
            )
        ]
    return _ravage(h, "App G E-39")


def ravaged(h: HexState) -> HexState:
    """App G, E-39: the mega-feature downgraded or the major feature removed; the
    fortress and the watchtower removed."""
    feature = DOWNGRADE.get(h.feature) if h.feature is not None else None
    return dataclasses.replace(h, feature=feature, defence=None, watchtower=False)


def _ravage(h: HexState, rule: str) -> list[Event]:
    after = ravaged(h)
    if after == h and h.owner is None:
        return []  # nothing there to ravage
    return [
        HexRavaged(
            rule=rule,
            hex=h.coord,
            feature_before=h.feature,
            feature=after.feature,
            defence_removed=h.defence is not None,
            watchtower_removed=h.watchtower,
        ),
        BeastNews(
            rule=rule,
            what="ravaged",
            hex=h.coord,
            text=f"The Beast ravages ({h.coord[0]}, {h.coord[1]}).",
        ),
    ]


def is_beast_battle(world: World, battle: BattleState) -> bool:
    entering = state_of(world).get("entering") or {}
    return (
        is_roaming(battle.attacker)
        and entering.get("turn") == world.turn
        and tuple(entering.get("hex", ())) == tuple(battle.hex)
    )


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """App G, E-12: the Beast won (the patrol retreated or lost): the hex is ravaged; it
    lost: it is slain (+3 power, E-04); a draw leaves both where they are."""
    if not is_beast_battle(world, battle):
        return []
    winner = next((e.winner for e in events if isinstance(e, BattleWon)), None)
    if winner is Role.ATTACKER:
        return _ravage(world.hexes[battle.hex], "App G E-12")
    if winner is not Role.DEFENDER:
        return []
    state = {**state_of(world), "slain": True, "awake": False}
    kingdom_id = battle.defender.kingdom_id
    by = "a neutral kingdom's army" if kingdom_id is None else world.kingdoms[kingdom_id].name
    bonus = "" if kingdom_id is None else f" (+{SLAYING_POWER} power"
    bonus += "" if kingdom_id is None else "; +1 XP each only in a tabletop battle, E-04)"
    return [
        BeastNews(
            rule="App G E-04",
            what="slain",
            hex=battle.hex,
            kingdom_id=kingdom_id,
            text=f"The Beast is slain by {by}{bonus}.",
        ),
        ModuleStateChanged(rule="App G", module=OPTION, state=state),
    ]


def power_bonus(events: list[Event]) -> dict[int, int]:
    """App G: +3 power to the player whose army slew the Beast (credited at step 6g)."""
    return {
        e.kingdom_id: SLAYING_POWER
        for e in events
        if isinstance(e, BeastNews) and e.what == "slain" and e.kingdom_id is not None
    }


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """App G: the awakening roll of a sleeping Beast (d6 + battles within 2 of the lair
    + Table 31's stir, 6+), or the return roll of a rampaging one (1: back to sleep).
    A Beast woken or slain this turn rolls neither."""
    state = state_of(world)
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == OPTION:
            state = dict(e.state)
    if not state.get("lair") or state.get("slain"):
        return []
    lair = tuple(state["lair"])
    woke_now = any(isinstance(e, BeastNews) and e.what == "woke" for e in events)
    if woke_now:
        return []
    if not state.get("awake"):
        battles = sum(
            1 for e in events if isinstance(e, BattleFought) and distance(e.hex, lair) <= 2
        )
        roll = dice.d6("App G awakening roll of the Beast")
        total = roll.result + battles + state.get("stir", 0)
        state = {**state, "stir": 0}
        out: list[Event] = []
        if total >= 6:
            state = {**state, "awake": True, "at": list(lair)}
            out.append(
                BeastNews(
                    rule="App G",
                    rolls=(roll,),
                    what="woke",
                    text="The Beast has woken and leaves its lair!",
                )
            )
        return [*out, ModuleStateChanged(rule="App G", rolls=(roll,), module=OPTION, state=state)]
    roll = dice.d6("App G the Beast's return to its lair")
    if roll.result != 1:
        return []
    state = {**state, "awake": False, "at": list(lair), "entering": None}
    return [
        BeastNews(
            rule="App G",
            rolls=(roll,),
            what="slept",
            text="The Beast returns to its lair and sleeps.",
        ),
        ModuleStateChanged(rule="App G", module=OPTION, state=state),
    ]


def terror(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """App G, E-21: the Beast's terror, +1 on Table 23 in abstract battles."""
    return TERROR if role is Role.ATTACKER and is_beast_battle(world, battle) else 0


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        invasions=invasions,
        after_battle=after_battle,
        power_bonus=power_bonus,
        end_of_turn=end_of_turn,
        table_23=(("The Beast's terror +1 (the Beast)", "App G E-21", terror),),
    )
)
