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
* An invasion of the lair while the Beast is there (asleep, or awake and not gone) is a
  battle against the Beast, which counts as a neutral defender that never retreats
  (E-12), in place of the hex's own defender: DefenderKind.ROAMING. Beating it slays it
  and takes the hex; losing leaves the hex as it was, with its own defender.
* An army that defeats it slays it: +3 power to its player; its characters' +1 extra XP
  only in a tabletop battle (E-04), so never in the engine's abstract battles.
* At the end of each rampage turn a d6 of 1 sends it back to its lair, asleep.
* It is a 2,000-point monster force with +1 on Table 23 (terror, E-21), attacking or
  defending its lair.

Every number is a ruleset option (rules.core.table_options, the Appendix G block): its
points, terror, the slayer's power and (tabletop) XP, the awakening target and its +1
a nearby battle, the return roll, the lair's distance from the kingdoms.
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.events import (
    Announcement,
    BattleFought,
    BattleWon,
    Event,
    ExperienceGained,
    ModuleStateChanged,
    TabletopBattleFought,
)
from rules.core.hexgrid import distance
from rules.core.state import (
    BattleState,
    Coord,
    DefenderKind,
    Feature,
    HexState,
    Order,
    OrderKind,
    Role,
    Side,
    Terrain,
    World,
)
from rules.modules import End, Module, Start, is_roaming, register
from rules.modules.roaming import entry_battle, hex_ravaged, ravaged, roam

OPTION = "the_beast"
LAIR_TERRAIN = (Terrain.MOUNTAIN, Terrain.SWAMP)


@dataclasses.dataclass(frozen=True, kw_only=True)
class BeastNews(Announcement):
    """App G: what everyone learns of the Beast: ``what`` is lair, woke, moved, slept,
    slain, ravaged; ``hex`` where it is seen (never the lair while it sleeps)."""

    what: str
    hex: Coord | None = None
    kingdom_id: int | None = None  # slain: the kingdom whose army slew it
    origin: Coord | None = None  # moved: where it came from (the hex itself if it stayed)


def state_of(world: World) -> dict:
    return dict(world.module_state.get(OPTION, {}))


def stir(world: World, bonus: int) -> tuple[World, list[Event]]:
    """Table 31 row 2: +``bonus`` (the ruleset's ``beast_stir``) on the Beast's next
    awakening roll."""
    state = state_of(world)
    state["stir"] = state.get("stir", 0) + bonus
    changed = ModuleStateChanged(rule="Table 31 App G", module=OPTION, state=state)
    return _with(world, state), [changed]


def _with(world: World, state: dict) -> World:
    return dataclasses.replace(world, module_state={**world.module_state, OPTION: state})


def lair_candidates(world: World) -> list[Coord]:
    """App G: unowned Mountain, Swamp or Deep Woods, not a neutral kingdom's, at least 2
    hexes (``beast_lair_distance``) from any player kingdom."""
    owned = [c for c, h in world.hexes.items() if h.owner is not None]
    far = world.ruleset.beast_lair_distance
    return sorted(
        c
        for c, h in world.hexes.items()
        if h.owner is None
        and h.neutral_kingdom is None
        and (h.terrain in LAIR_TERRAIN or h.feature is Feature.DEEP_WOODS)
        and all(distance(c, o) >= far for o in owned)
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
                origin=at,
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
        state = {**state, "awake": True, "at": list(lair), "woke": world.turn}
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
    retreats (rules.modules.roaming.entry_battle); met by nobody, it ravages the hex
    (P-C2 in a player's, E-39 in an unowned one)."""
    battle = entry_battle(world, hex_, patrols, world.ruleset.beast_points, "App G")
    if battle is not None:
        return [battle]
    rule = "App G E-12 P-C2" if world.hexes[hex_].owner is not None else "App G E-39"
    return _ravage(world.hexes[hex_], rule)


def _ravage(h: HexState, rule: str) -> list[Event]:
    after = ravaged(h)
    if after == h and h.owner is None:
        return []  # nothing there to ravage
    return [
        hex_ravaged(h, after, rule),
        BeastNews(
            rule=rule,
            what="ravaged",
            hex=h.coord,
            text=f"The Beast ravages ({h.coord[0]}, {h.coord[1]}).",
        ),
    ]


def in_lair(world: World) -> Coord | None:
    """The lair, if the Beast is in it now: asleep, or awake and not gone (App G)."""
    state = state_of(world)
    if not state.get("lair") or state.get("slain"):
        return None
    lair = tuple(state["lair"])
    return lair if tuple(state.get("at") or lair) == lair else None


def defender(world: World, hex_: Coord) -> Side | None:
    """App G, E-12: an invasion of the lair while the Beast is there is a battle against
    the Beast, a neutral defender that never retreats, not the hex's own defender."""
    if in_lair(world) != tuple(hex_) or world.hexes[hex_].owner is not None:
        return None
    return Side(points=world.ruleset.beast_points)


def is_beast_battle(world: World, battle: BattleState) -> bool:
    """The Beast fights this battle: it invades the hex it entered this turn, or it
    defends its lair (DefenderKind.ROAMING)."""
    if battle.defender_kind is DefenderKind.ROAMING:
        return True
    entering = state_of(world).get("entering") or {}
    return (
        is_roaming(battle.attacker)
        and entering.get("turn") == world.turn
        and tuple(entering.get("hex", ())) == tuple(battle.hex)
    )


def beast_role(battle: BattleState) -> Role:
    return Role.DEFENDER if battle.defender_kind is DefenderKind.ROAMING else Role.ATTACKER


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """App G, E-12: the Beast won (the patrol retreated or lost): the hex it entered is
    ravaged (its lair, which it defended, is not); it lost: it is slain (+3 power, E-04);
    a draw leaves both where they are."""
    if not is_beast_battle(world, battle):
        return []
    winner = next((e.winner for e in events if isinstance(e, BattleWon)), None)
    beast = beast_role(battle)
    if winner is beast:
        return _ravage(world.hexes[battle.hex], "App G E-12") if beast is Role.ATTACKER else []
    if winner is None:
        return []
    state = {**state_of(world), "slain": True, "awake": False}
    slayer = battle.attacker if beast is Role.DEFENDER else battle.defender
    kingdom_id = slayer.kingdom_id
    rules = world.ruleset
    by = "a neutral kingdom's army" if kingdom_id is None else world.kingdoms[kingdom_id].name
    bonus = "" if kingdom_id is None else f" (+{rules.beast_slaying_power} power"
    bonus += (
        ""
        if kingdom_id is None
        else f"; +{rules.beast_slaying_xp} XP each only in a tabletop battle, E-04)"
    )
    return [
        *_slayers_xp(world, battle, slayer, events),
        BeastNews(
            rule="App G E-04",
            what="slain",
            hex=battle.hex,
            kingdom_id=kingdom_id,
            text=f"The Beast is slain by {by}{bonus}.",
        ),
        ModuleStateChanged(rule="App G", module=OPTION, state=state),
    ]


def _slayers_xp(
    world: World, battle: BattleState, slayer: Side, events: list[Event]
) -> list[ExperienceGained]:
    """App G, E-04: each character of the army that slays the Beast gains the extra XP,
    in a tabletop battle only (abstract battles give exactly 1, A-2.5)."""
    if not any(isinstance(e, TabletopBattleFought) for e in events):
        return []
    xp = world.ruleset.beast_slaying_xp
    return [
        ExperienceGained(rule="App G E-04", battle_key=battle.key, character_id=c.id, xp=xp)
        for c in sorted(world.characters.values(), key=lambda c: c.id)
        if c.army_id is not None and c.army_id in slayer.army_ids and c.fights(world.turn)
    ]


def power_bonus(world: World, events: list[Event]) -> dict[int, int]:
    """App G: +3 power to the player whose army slew the Beast (credited at step 6g)."""
    return {
        e.kingdom_id: world.ruleset.beast_slaying_power
        for e in events
        if isinstance(e, BeastNews) and e.what == "slain" and e.kingdom_id is not None
    }


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """App G: the awakening roll of a sleeping Beast (d6 + battles within 2 of the lair
    + Table 31's stir, 6+), or the return roll of a rampaging one (1: back to sleep).
    A Beast woken or slain this turn rolls neither. Either roll is on the public news
    when it wakes or sleeps the Beast, otherwise on the GM's ModuleStateChanged."""
    state = state_of(world)
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == OPTION:
            state = dict(e.state)
    if not state.get("lair") or state.get("slain"):
        return []
    lair = tuple(state["lair"])
    woke_now = state.get("woke") == world.turn  # provoked at step 3e
    woke_now = woke_now or any(isinstance(e, BeastNews) and e.what == "woke" for e in events)
    if woke_now:
        return []
    rules = world.ruleset
    if not state.get("awake"):
        near = rules.beast_battle_distance
        battles = sum(
            1 for e in events if isinstance(e, BattleFought) and distance(e.hex, lair) <= near
        )
        roll = dice.d6("App G awakening roll of the Beast")
        total = roll.result + battles * rules.beast_battle_bonus + state.get("stir", 0)
        state = {**state, "stir": 0}
        out: list[Event] = []
        if total >= rules.beast_wakes_on:
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
    if roll.result > rules.beast_sleeps_on:
        # Nothing to announce, but the roll belongs to the turn's record all the same.
        return [ModuleStateChanged(rule="App G", rolls=(roll,), module=OPTION, state=state)]
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
    """App G, E-21: the Beast's terror, +1 on Table 23 in abstract battles, attacking or
    defending its lair."""
    beast = is_beast_battle(world, battle) and role is beast_role(battle)
    return world.ruleset.beast_terror if beast else 0


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.BEAST,
        invasions=invasions,
        defender=defender,
        after_battle=after_battle,
        power_bonus=power_bonus,
        end_of_turn=end_of_turn,
        ends_at=End.BEAST,
        table_23=(("The Beast's terror {beast_terror:+d} (the Beast)", "App G E-21", terror),),
    )
)
