"""A treasure hoard (new-rules.md §5, NR-TREASURE, AMB-47).

The examining army finds ``treasure_dice`` d6 crowns (2d6, NR-TREASURE-1) and becomes
their escort: the hoard is a marker that moves only with it (AMB-47; in Warpost an army
stands where its orders put it, E-32). It is banked into the kingdom's crown ledger
(E-30) at the end of a turn the escort stands on its kingdom's capital (NR-TREASURE-2);
if the escort loses a battle, the victor's army takes it (NR-TREASURE-3), and a victor
with no army (a neutral, the Beast) scatters it; an escort destroyed loses it (AMB-02).

The hoard is the escort's kingdom's secret: its news go to that kingdom (and, when it
changes hands, to the victor's), never to the others. Its state is a list of hoards,
``{"hoards": [{"army_id", "kingdom_id", "crowns"}, …]}``, not records by hex: a hoard is
no site on the map (``site_at`` never finds it), and the ids are those an exported
campaign renumbers (campaign.transfer).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from rules.core.dice import Dice
from rules.core.events import (
    Announcement,
    ArmyDestroyed,
    ArmyMoved,
    BattleWon,
    Event,
    ModuleStateChanged,
)
from rules.core.state import BattleState, Coord, Role, Side, World
from rules.modules.wildlands.sites import Examination, Site, handles, key_of

KEY = key_of(Site.TREASURE)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TreasureNews(Announcement):
    """NR-TREASURE: ``what`` happened to a hoard of ``crowns``: found, taken (by the
    victor of a battle: ``kingdom_id``, his army ``to_army_id``), scattered (a victor
    with no army), lost (the escort destroyed). For the kingdoms concerned and the GM."""

    what: str
    army_id: int
    crowns: int
    kingdom_id: int | None = None
    to_army_id: int | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class TreasureBanked(Event):
    """NR-TREASURE-2, E-30: a hoard banked at the capital: a line of the kingdom's crown
    ledger. The kingdom's and the GM's alone, like its treasury."""

    kingdom_id: int
    army_id: int
    crowns: int

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return False, frozenset({self.kingdom_id}), ()


def hoards(state: Mapping) -> dict[int, dict]:
    """The hoards by escort army, from the module state's list (a copy)."""
    return {h["army_id"]: dict(h) for h in state.get(KEY, {}).get("hoards", [])}


def _stored(world: World, by_army: dict[int, dict], rule: str, rolls=()) -> tuple[World, Event]:
    state = {"hoards": [by_army[a] for a in sorted(by_army)]}
    world = dataclasses.replace(world, module_state={**world.module_state, KEY: state})
    return world, ModuleStateChanged(rule=rule, rolls=tuple(rolls), module=KEY, state=state)


def _carry(by_army: dict[int, dict], army_id: int, kingdom_id: int, crowns: int) -> None:
    """A hoard joins those its escort already carries (a second hoard, a captured one)."""
    held = by_army.get(army_id, {}).get("crowns", 0)
    by_army[army_id] = {"army_id": army_id, "kingdom_id": kingdom_id, "crowns": held + crowns}


@handles(Site.TREASURE, permanent=False)
def treasure(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-TREASURE-1/2: the hoard's d6s; the examining army escorts it."""
    count = world.ruleset.treasure_dice
    rolls = tuple(
        dice.d6(f"NR-TREASURE-1 treasure, d6 {i} of {count}") for i in range(1, count + 1)
    )
    crowns = sum(r.result for r in rolls)
    by_army = hoards(world.module_state)
    _carry(by_army, exam.army_id, exam.kingdom_id, crowns)
    world, stored = _stored(world, by_army, "NR-TREASURE-2 AMB-47")
    news = TreasureNews(
        rule="NR-TREASURE-1 NR-TREASURE-2",
        rolls=rolls,
        kingdom_ids=(exam.kingdom_id,),
        what="found",
        army_id=exam.army_id,
        crowns=crowns,
        text=f"Army {exam.army_id} finds a hoard of {crowns} crowns and escorts it home.",
    )
    return world, [news, stored]


def after_battle(world: World, battle: BattleState, events: list[Event]) -> list[Event]:
    """NR-TREASURE-3, AMB-47: a beaten escort's hoard goes to the victor's army."""
    won = next((e for e in events if isinstance(e, BattleWon)), None)
    if won is None or won.winner is None or battle.defender is None:
        return []
    winner, loser = (
        (battle.attacker, battle.defender)
        if won.winner is Role.ATTACKER
        else (battle.defender, battle.attacker)
    )
    by_army = hoards(world.module_state)
    out: list[Event] = []
    for army_id in loser.army_ids:
        hoard = by_army.pop(army_id, None)
        if hoard is not None:
            out.append(_taken(by_army, hoard, army_id, winner))
    if not out:
        return []
    _, stored = _stored(world, by_army, "NR-TREASURE-3 AMB-47")
    return [*out, stored]


def _taken(by_army: dict, hoard: dict, army_id: int, winner: Side) -> TreasureNews:
    crowns, owner = hoard["crowns"], hoard["kingdom_id"]
    if winner.kingdom_id is None or not winner.army_ids:
        return TreasureNews(
            rule="NR-TREASURE-3 AMB-47",
            kingdom_ids=(owner,),
            what="scattered",
            army_id=army_id,
            crowns=crowns,
            text=f"Army {army_id} is beaten and its hoard of {crowns} crowns is scattered.",
        )
    to = winner.army_ids[0]
    _carry(by_army, to, winner.kingdom_id, crowns)
    return TreasureNews(
        rule="NR-TREASURE-3 AMB-47",
        kingdom_ids=(owner, winner.kingdom_id),
        what="taken",
        army_id=army_id,
        crowns=crowns,
        kingdom_id=winner.kingdom_id,
        to_army_id=to,
        text=f"Army {to} takes army {army_id}'s hoard of {crowns} crowns.",
    )


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """NR-TREASURE-2, AMB-02, AMB-47: hoards whose escort stands on its capital are
    banked; those whose escort is gone are lost."""
    by_army = _current(world, events)
    if not by_army:
        return []
    positions, gone = _after_the_turn(world, events)
    out: list[Event] = []
    kept = {}
    for army_id, hoard in sorted(by_army.items()):
        owner, crowns = hoard["kingdom_id"], hoard["crowns"]
        capital = world.kingdoms[owner].capital if owner in world.kingdoms else None
        if army_id in gone or army_id not in world.armies:
            out.append(_lost(army_id, owner, crowns))
        elif capital is not None and positions.get(army_id) == tuple(capital):
            banked = TreasureBanked(
                rule="NR-TREASURE-2 E-30", kingdom_id=owner, army_id=army_id, crowns=crowns
            )
            out.append(banked)
        else:
            kept[army_id] = hoard
    if not out:
        return []
    _, stored = _stored(world, kept, "NR-TREASURE-2 AMB-47")
    return [*out, stored]


def _lost(army_id: int, owner: int, crowns: int) -> TreasureNews:
    return TreasureNews(
        rule="NR-TREASURE-2 AMB-02 AMB-47",
        kingdom_ids=(owner,),
        what="lost",
        army_id=army_id,
        crowns=crowns,
        text=f"Army {army_id} is no more, and its hoard of {crowns} crowns is lost.",
    )


def _current(world: World, events: list[Event]) -> dict[int, dict]:
    """The hoards after this turn's battles (their ModuleStateChanged, in order)."""
    state = world.module_state
    for e in events:
        if isinstance(e, ModuleStateChanged) and e.module == KEY:
            state = {KEY: e.state}
    return hoards(state)


def _after_the_turn(world: World, events: list[Event]) -> tuple[dict[int, Coord], set[int]]:
    """E-32: where each army stands after the turn's moves, and the armies destroyed."""
    positions = {a.id: a.position for a in world.armies.values()}
    gone: set[int] = set()
    for e in events:
        if isinstance(e, ArmyMoved):
            positions[e.army_id] = tuple(e.hex)
        elif isinstance(e, ArmyDestroyed):
            gone.add(e.army_id)
    return positions, gone
