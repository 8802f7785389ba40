"""The undead horde (new-rules.md §5, NR-NHORDE): a Necromancer's army out of a
necropolis (T-NECRO 12, or his waking at a theft, NR-NECRO-9), roaming the map as the
Beast does (rules.modules.roaming, E-39) until it is destroyed.

* It rises with (4d6 × 200) points (``horde_dice``, ``horde_pip_points``) as one roaming
  force (NR-NHORDE-1: the split is the Necromancer's choice, and nobody plays him)
  and attacks the army that woke it at once (NR-NHORDE-2, E-36). Beaten or held to a
  draw it is gone (NR-NHORDE-3); winning, it stays and the army retreats as the battle
  says.
* At the start of each turn, before any player acts (§12.3 step 1.1: this file
  registers first of the wildlands' Phase 1 rules), each horde moves one hex by a d6,
  1 = N, clockwise, never into sea or off the map (AMB-14, E-39, NR-NHORDE-4). It needs
  no exploration; its starving "6" is the base game's lack of subsistence, which the
  campaign does not model (E-40), so no die is rolled for it.
* Its entry applies at step 3e against this turn's patrols (E-12), as the Beast's: in a
  player's hex the covering patrol fights it (NR-NHORDE-6); a hex with no patrol is
  sacked: App G's ravage (E-39), and a Town adds d6 × 20 points to the horde, a City
  d6 × 100 (NR-NHORDE-5). An independent settlement (an unowned hex with its neutral
  defender) or a neutral kingdom fights it as it would any army; a horde that beats
  either sacks the hex.

State: ``module_state["wildlands.undead_horde"]``: ``{"hordes": [{"id", "at", "points",
"entering": {"turn", "hex"}, "risen": {"turn", "hex"}}]}``. Players see a horde where it
is, as they see the Beast: its news is public.
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice, Roll
from rules.core.events import (
    Announcement,
    BattleDeclared,
    BattleWon,
    Event,
    ModuleStateChanged,
)
from rules.core.state import BattleState, Coord, DefenderKind, Feature, Order, Role, World
from rules.modules import End, Module, Start, is_roaming, register
from rules.modules.beast import ravaged
from rules.modules.roaming import attacks_army, hex_ravaged, roam
from rules.modules.wildlands.points import multiple
from rules.modules.wildlands.sites import OPTION
from rules.turn.orders import covering_patrol

KEY = f"{OPTION}.undead_horde"


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndeadHordeNews(Announcement):
    """NR-NHORDE, public: ``what`` is risen, moved, sacked, destroyed; ``hex`` where the
    horde is seen; ``points`` its strength after a sack (the dead join it)."""

    what: str
    horde_id: int
    hex: Coord
    points: int = 0


def hordes(world: World) -> list[dict]:
    return [dict(h) for h in world.module_state.get(KEY, {}).get("hordes", [])]


def _stored(world: World, changed: list[dict], rule: str) -> tuple[World, ModuleStateChanged]:
    state = {"hordes": changed}
    world = dataclasses.replace(world, module_state={**world.module_state, KEY: state})
    return world, ModuleStateChanged(rule=rule, module=KEY, state=state)


def rise(world: World, hex_: Coord, army_id: int, dice: Dice, rule: str):
    """NR-NHORDE-1/2: the horde rises on ``hex_`` and attacks the army there. Returns
    the world and its events (the battle declared at step 3e with them)."""
    rules = world.ruleset
    points, rolls = multiple(dice, rules.horde_dice, 6, rules.horde_pip_points, "NR-NHORDE-1 horde")
    all_ = hordes(world)
    horde_id = max((h["id"] for h in all_), default=0) + 1
    risen = {"turn": world.turn, "hex": list(hex_)}
    all_.append({"id": horde_id, "at": list(hex_), "points": points, "risen": risen})
    world, changed = _stored(world, all_, "NR-NHORDE-1")
    army = world.armies[army_id]
    return world, [
        UndeadHordeNews(
            rule=f"{rule} NR-NHORDE-1",
            rolls=rolls,
            what="risen",
            horde_id=horde_id,
            hex=hex_,
            points=points,
            text=f"An undead horde of {points} points breaks out of the necropolis at "
            f"({hex_[0]}, {hex_[1]}).",
        ),
        changed,
        attacks_army(army, hex_, points, "NR-NHORDE-2 E-36"),
    ]


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-NHORDE-4, AMB-14, E-39: each horde moves one hex, before anyone acts."""
    all_ = hordes(world)
    if not all_:
        return world, orders, []
    events: list[Event] = []
    for horde in all_:
        at = tuple(horde["at"])
        to, rolls = roam(world.hexes, at, dice, f"undead horde {horde['id']}")
        horde["at"], horde["entering"] = list(to), {"turn": world.turn, "hex": list(to)}
        events.append(
            UndeadHordeNews(
                rule="NR-NHORDE-4 AMB-14 E-39",
                rolls=rolls,
                what="moved",
                horde_id=horde["id"],
                hex=to,
                text=f"The undead horde moves from ({at[0]}, {at[1]}) to ({to[0]}, {to[1]}).",
            )
        )
    world, changed = _stored(world, all_, "NR-NHORDE-4")
    return world, orders, [*events, changed]


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e, E-12: each horde's entry into the hex it moved to this turn."""
    all_ = hordes(world)
    events: list[Event] = []
    grew = False
    for horde in all_:
        entering = horde.get("entering") or {}
        if entering.get("turn") != world.turn:
            continue
        hex_ = tuple(entering["hex"])
        battle = _defender(world, horde, hex_, patrols)
        if battle is not None:
            events.append(battle)
            continue
        sacked = _sack(world, horde, hex_, dice, "NR-NHORDE-5 E-39")
        grew = grew or bool(sacked)
        events += sacked
    if grew:
        events.append(_stored(world, all_, "NR-NHORDE-5")[1])
    return orders, patrols, events


def _defender(world: World, horde: dict, hex_: Coord, patrols: list) -> BattleDeclared | None:
    """NR-NHORDE-5/6: who fights the horde in the hex it enters, if anyone."""
    h = world.hexes[hex_]
    common = dict(
        hex=hex_, attacker_kingdom_id=None, attacker_army_ids=(), attacker_points=horde["points"]
    )
    if h.owner is not None:
        patrol = covering_patrol(world, hex_, patrols)
        if patrol is None:
            return None
        return attacks_army(patrol, hex_, horde["points"], "NR-NHORDE-6 E-12 Table 5")
    if h.neutral_kingdom is not None:
        return BattleDeclared(
            rule="NR-NHORDE-5 A-1.4.8",
            defender_kind=DefenderKind.NEUTRAL_KINGDOM,
            defender_neutral_kingdom_id=h.neutral_kingdom,
            defender_points=world.ruleset.neutral_kingdom_defending_points,
            **common,
        )
    if h.defender is not None and h.feature in (Feature.TOWN, Feature.CITY):
        return BattleDeclared(
            rule="NR-NHORDE-5 E-40",
            defender_kind=DefenderKind.NEUTRAL,
            defender_points=h.defender.points,
            **common,
        )
    return None


def _sack(world: World, horde: dict, hex_: Coord, dice: Dice | None, rule: str) -> list[Event]:
    """NR-NHORDE-5, E-39: the hex is ravaged (App G); a Town's dead add d6 × 20 points to
    the horde, a City's d6 × 100 (``horde`` is changed in place). Without ``dice`` (after
    a battle, whose hook rolls none) the dead join at the end of the turn (``grow``).
    Nothing to sack, no event."""
    h = world.hexes[hex_]
    after = ravaged(h)
    if after == h:
        return []
    ravage = hex_ravaged(h, after, rule)
    if dice is None and h.feature in (Feature.TOWN, Feature.CITY):
        horde["grow"] = {"hex": list(hex_), "feature": h.feature.value}
        return [ravage]
    return [ravage, *_grow(world, horde, hex_, h.feature, dice, rule)]


def _grow(world: World, horde: dict, hex_: Coord, feature, dice, rule: str) -> list[Event]:
    """NR-NHORDE-5: the sacked settlement's dead join the horde (changed in place)."""
    each = {
        Feature.TOWN: world.ruleset.horde_town_points,
        Feature.CITY: world.ruleset.horde_city_points,
    }
    rolls: tuple[Roll, ...] = ()
    if feature in each:
        gained, rolls = multiple(dice, 1, 6, each[feature], "NR-NHORDE-5 the dead join the horde")
        horde["points"] += gained
    return [
        UndeadHordeNews(
            rule=rule,
            rolls=rolls,
            what="sacked",
            horde_id=horde["id"],
            hex=hex_,
            points=horde["points"],
            text=f"The undead horde sacks ({hex_[0]}, {hex_[1]}) and is now "
            f"{horde['points']} points strong.",
        )
    ]


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """NR-NHORDE-5: the dead of a settlement sacked after a battle join the horde."""
    state = world.module_state.get(KEY, {})
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == KEY:
            state = e.state
    all_ = [dict(h) for h in state.get("hordes", [])]
    out: list[Event] = []
    for horde in all_:
        grow = horde.pop("grow", None)
        if grow:
            hex_ = tuple(grow["hex"])
            out += _grow(world, horde, hex_, Feature(grow["feature"]), dice, "NR-NHORDE-5 E-39")
    if out:
        out.append(_stored(world, all_, "NR-NHORDE-5")[1])
    return out


def _horde_of(world: World, battle: BattleState) -> dict | None:
    """The horde that fights ``battle``: the attacker, a roaming force, of the horde that
    rose or entered that hex this turn."""
    if not is_roaming(battle.attacker) or battle.defender_kind is DefenderKind.ROAMING:
        return None
    for horde in hordes(world):
        for moment in (horde.get("entering"), horde.get("risen")):
            if (
                moment
                and moment["turn"] == world.turn
                and tuple(moment["hex"]) == tuple(battle.hex)
                and battle.attacker.points == horde["points"]
            ):
                return horde
    return None


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """NR-NHORDE-3: beaten or held to a draw, the horde is gone; winning, it stays (and
    sacks the hex it entered, NR-NHORDE-5; never the necropolis it rose from)."""
    horde = _horde_of(world, battle)
    won = next((e for e in events if isinstance(e, BattleWon)), None)
    if horde is None or won is None:
        return []
    all_ = [h for h in hordes(world) if h["id"] != horde["id"]]
    if won.winner is Role.ATTACKER:
        risen = horde.get("risen") or {}
        if risen.get("turn") == world.turn:
            return []
        mine = dict(horde)
        more = _sack(world, mine, tuple(battle.hex), None, "NR-NHORDE-5 E-39")
        return [*more, _stored(world, [*all_, mine], "NR-NHORDE-5")[1]] if more else []
    return [
        UndeadHordeNews(
            rule="NR-NHORDE-3 NR-NHORDE-7",
            what="destroyed",
            horde_id=horde["id"],
            hex=tuple(battle.hex),
            text=f"The undead horde is destroyed at ({battle.hex[0]}, {battle.hex[1]}).",
        ),
        _stored(world, all_, "NR-NHORDE-3")[1],
    ]


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.UNDEAD_HORDES,
        invasions=invasions,
        after_battle=after_battle,
        end_of_turn=end_of_turn,
        ends_at=End.TURN_RESULTS,
    )
)
