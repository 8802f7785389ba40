"""What an army carries away from ruins, tombs and the necropolis (new-rules.md §5):
the tomb's curse (NR-TOMB-1), the cursed treasure's disease (NR-NECRO-11) and the
treasure cargo (NR-NECRO-8), and the point gains and losses of those sites.

State: ``World.module_state["wildlands.burdens"]``, by army id (a string, as JSON keeps
it): ``{"cursed": true, "cursed_treasure": "q,r", "cargo": crowns}``. Only this file
writes it. What an army bears is its owner's and the GM's: the news is an Announcement
to the owner alone.

Timing (§12.3, E-31): the afflictions strike at the start of the turn, after the undead
hordes move (this file registers after rules.modules.wildlands.undead_horde); the
winter phase loses a cursed army, and pays the cargo of the others into their kingdoms'
crowns after the yearly income (``crown_income``; E-31 has no winter quarters: the
winter phase is where an army's treasure reaches the treasury).
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice, Roll
from rules.core.events import (
    Announcement,
    ArmyDestroyed,
    BattleWon,
    Event,
    ModuleStateChanged,
)
from rules.core.state import BattleState, Order, Role, World
from rules.kingdoms.crowns import CrownsCollected, is_winter_turn, year_of
from rules.modules import End, Income, Module, Start, register
from rules.modules.wildlands.points import applied, multiple, points_lost
from rules.modules.wildlands.sites import OPTION, Site, hex_key, site_at

KEY = f"{OPTION}.burdens"


@dataclasses.dataclass(frozen=True, kw_only=True)
class BurdenNews(Announcement):
    """An army's burden, to its owner alone: ``what`` is cursed, curse_lifted,
    curse_struck, curse_killed, disease, disease_ended, cargo_banked, cargo_taken."""

    what: str
    army_id: int
    points: int = 0  # lost to the curse or the disease
    crowns: int = 0  # the cargo


def burdens(world: World) -> dict[str, dict]:
    return {k: dict(v) for k, v in world.module_state.get(KEY, {}).items()}


def with_burdens(world: World, changed: dict[str, dict], rule: str):
    """The world with the burdens replaced, and the event that stores them."""
    changed = {k: v for k, v in changed.items() if any(v.values())}
    world = dataclasses.replace(world, module_state={**world.module_state, KEY: changed})
    return world, ModuleStateChanged(rule=rule, module=KEY, state=changed)


def private(world: World, army_id: int, rule: str, what: str, text: str, **more) -> BurdenNews:
    owner = world.armies[army_id].kingdom_id
    return BurdenNews(
        rule=rule, what=what, army_id=army_id, text=text, kingdom_ids=(owner,), **more
    )


def phase_one(world: World, orders: list[Order], dice: Dice):
    """§12.3 step 1.4: the curse (NR-TOMB-1) and the cursed treasure (NR-NECRO-11) strike
    each army that bears them, unless it reached its capital (the curse, AMB-10) or left
    the necropolis (the disease) since."""
    state, events = burdens(world), []
    rules = world.ruleset
    for key in sorted(state, key=int):
        army = world.armies.get(int(key))
        if army is None:  # destroyed: what it bore is gone with it (AMB-02)
            state.pop(key)
            continue
        burden, lost, rolls = state[key], 0, ()
        if burden.get("cursed"):
            lifted, cure = _lifted(world, army, dice)
            if lifted:
                burden["cursed"] = False
                events.append(lifted)
            else:
                rolls += cure
                loss, more = multiple(dice, 1, 6, rules.tomb_curse_points, "NR-TOMB-1 curse")
                lost, rolls = lost + loss, rolls + more
                events.append(
                    private(world, army.id, "NR-TOMB-1", "curse_struck",
                            f"The curse costs {army.name} {loss} points.", points=loss)
                )  # fmt: skip
        hex_ = burden.get("cursed_treasure")
        if hex_:
            if army.position is None or hex_key(army.position) != hex_:
                burden["cursed_treasure"] = None
                events.append(
                    private(world, army.id, "NR-NECRO-11", "disease_ended",
                            f"{army.name} has left the necropolis: its disease abates.")
                )  # fmt: skip
            else:
                loss, more = multiple(
                    dice, 1, 10, rules.necropolis_cursed_points, "NR-NECRO-11 cursed treasure"
                )
                lost, rolls = lost + loss, rolls + more
                events.append(
                    private(world, army.id, "NR-NECRO-11", "disease",
                            f"The cursed treasure's disease costs {army.name} {loss} points.",
                            points=loss)
                )  # fmt: skip
        if lost:
            events += points_lost(world, army.id, lost, "NR-TOMB-1 NR-NECRO-11", rolls)
    unchanged = state == burdens(world)
    world = applied(world, events)
    orders = [o for o in orders if o.army_id in world.armies]  # those the curse destroyed
    if unchanged:
        return world, orders, events
    world, changed = with_burdens(world, state, "NR-TOMB-1 NR-NECRO-11")
    return world, orders, [*events, changed]


def _lifted(world: World, army, dice: Dice) -> tuple[BurdenNews | None, tuple[Roll, ...]]:
    """NR-TOMB-1, AMB-10: the court wizard lifts the curse of an army on its capital; a
    mystic spring on its hex, on a d6 of ``tomb_spring_cures_on`` or more (NR-SPRING-3,
    NR-SPRING-1: else it tries again next turn)."""
    where = army.position
    if where is not None and where == world.kingdoms[army.kingdom_id].capital:
        text = f"The court wizard lifts the curse on {army.name}."
        return private(world, army.id, "NR-TOMB-1 AMB-10", "curse_lifted", text), ()
    if (
        where is None
        or site_at(world, where) is None
        or site_at(world, where)[0] is not (Site.MYSTIC_SPRING)
    ):
        return None, ()
    cure = dice.d6(f"NR-SPRING-3 the mystic spring's cure of {army.name}")
    if cure.result < world.ruleset.tomb_spring_cures_on:
        return None, (cure,)
    text = f"The mystic spring lifts the curse on {army.name}."
    news = private(world, army.id, "NR-SPRING-3 AMB-10", "curse_lifted", text, rolls=(cure,))
    return news, ()


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """§12.3 step 5.2 in the winter turn (E-31): an army still cursed is lost
    (NR-TOMB-1); the treasure the others carry is banked (``crown_income`` pays it)."""
    if not is_winter_turn(world.ruleset, world.turn):
        return []
    state = burdens(world)
    out: list[Event] = []
    for key in sorted(state, key=int):
        army = world.armies.get(int(key))
        if army is None:
            continue
        if _lost_to_the_curse(world, state[key]):
            out += [
                private(world, army.id, "NR-TOMB-1", "curse_killed",
                        f"The curse destroys {army.name} at the winter."),
                ArmyDestroyed(rule="NR-TOMB-1", army_id=army.id),
            ]  # fmt: skip
            state[key] = {}
        elif state[key].get("cargo"):
            crowns = state[key].pop("cargo")
            out.append(
                private(world, army.id, "NR-NECRO-8 E-31", "cargo_banked",
                        f"{army.name} brings {crowns} crowns of treasure home.", crowns=crowns)
            )  # fmt: skip
    if out:
        out.append(with_burdens(world, state, "NR-TOMB-1 NR-NECRO-8")[1])
    return out


def _lost_to_the_curse(world: World, burden: dict) -> bool:
    return bool(burden.get("cursed")) and bool(world.ruleset.tomb_curse_winter_lost)


def crown_income(world: World, dice: Dice) -> list[Income]:
    """NR-NECRO-8, E-31: at the winter phase the treasure each army carries reaches its
    kingdom's treasury (Warpost has no winter quarters), unless the curse takes the army
    (``end_of_turn``, which empties the cargo on the record)."""
    state = burdens(world)
    return [
        Income(
            world.armies[int(key)].kingdom_id,
            burden["cargo"],
            f"necropolis treasure carried by {world.armies[int(key)].name}",
            "NR-NECRO-8 E-31",
        )
        for key, burden in sorted(state.items(), key=lambda item: int(item[0]))
        if int(key) in world.armies
        and burden.get("cargo")
        and not _lost_to_the_curse(world, burden)
    ]


def crowns_paid(world: World, kingdom_id: int, crowns: int, rule: str, reason: str):
    """Crowns into a kingdom's ledger (E-30): its balance as the turn began plus these."""
    balance = world.kingdoms[kingdom_id].crowns + crowns
    return CrownsCollected(
        rule=rule,
        kingdom_id=kingdom_id,
        crowns=crowns,
        balance=balance,
        year=year_of(world.ruleset, world.turn),
        reason=reason,
    )


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """NR-NECRO-8: an army destroyed in battle leaves its treasure to the victor's first
    army (a kingdom's); a roaming or neutral victor keeps none, so it is lost."""
    won = next((e for e in events if isinstance(e, BattleWon)), None)
    destroyed = {e.army_id for e in events if isinstance(e, ArmyDestroyed)}
    state = burdens(world)
    carried = [k for k in state if int(k) in destroyed and state[k].get("cargo")]
    if won is None or won.winner is None or not carried or battle.defender is None:
        return []
    winner = battle.attacker if won.winner is Role.ATTACKER else battle.defender
    to = winner.army_ids[0] if winner.kingdom_id is not None and winner.army_ids else None
    out: list[Event] = []
    for key in carried:
        crowns = state[key].pop("cargo")
        if to is not None:
            target = state.setdefault(str(to), {})
            target["cargo"] = target.get("cargo", 0) + crowns
            out.append(
                private(world, to, "NR-NECRO-8", "cargo_taken",
                        f"{world.armies[to].name} takes {crowns} crowns of treasure from "
                        "the beaten army.", crowns=crowns)
            )  # fmt: skip
    out.append(with_burdens(world, state, "NR-NECRO-8")[1])
    return out


def burdened(world: World, army_id: int, rule: str, **burden) -> tuple[World, Event]:
    """The world with ``burden`` added to the army's (cargo adds up)."""
    state = burdens(world)
    mine = state.setdefault(str(army_id), {})
    for name, value in burden.items():
        mine[name] = mine.get(name, 0) + value if name == "cargo" else value
    return with_burdens(world, state, rule)


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.AFFLICTIONS,
        after_battle=after_battle,
        end_of_turn=end_of_turn,
        ends_at=End.LOSSES,
        crown_income=crown_income,
        crowns=True,  # E-30: the tombs' and the necropolis's treasure are crowns
    )
)
