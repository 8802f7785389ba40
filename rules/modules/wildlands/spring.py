"""The mystic spring (new-rules.md §5, NR-SPRING): a permanent site on the hex where it
was found (NR-WILD-5). It lifts the tomb's curse (NR-SPRING-3, rules.modules.wildlands
.burdens) and brings a dead hero back (NR-SPRING-1, NR-SPRING-2, AMB-48):

* a character of a kingdom who dies in battle (Table 13 Dead) leaves his body with the
  army he was with: at the end of that turn it is recorded under ``wildlands.bodies``,
  ``{"bodies": [{"character_id", "kingdom_id", "army_id", "name", "turn"}, …]}`` (ids the
  export renumbers, campaign.transfer);
* at each Phase 1, a body whose army stands on a mystic spring, reached within
  ``spring_dead_turns`` turns of the death (a winter turn counting
  ``spring_winter_turns``, AMB-48), is bathed: on a d6 of ``spring_dead_cures_on`` or
  more the hero lives again in that army; else the army may try again next turn, as
  with the curse (AMB-10);
* a body whose army is gone, or whose time is out, is lost.

A body and its cure are the owner's secret (rules.turn.visibility: an Announcement to
its kingdom). Warpost's characters have no diseases (the supplement's sick heroes):
only armies sicken (NR-NECRO-11), and that ends by leaving the necropolis.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.battles.postbattle_events import CharacterRemoved
from rules.core.dice import Dice
from rules.core.events import Announcement, Event, ModuleStateChanged
from rules.core.state import Order, World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules import End, Module, Start, register
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    handles,
    place,
    site_at,
)

KEY = f"{OPTION}.bodies"


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpringNews(Announcement):
    """NR-SPRING-1: what became of a dead hero's body, to its kingdom alone: ``what`` is
    carried (his army bears it), restored (he lives again in ``army_id``), failed (the
    waters did nothing this turn), lost (his army is gone, or his time is out)."""

    what: str
    character_id: int
    army_id: int
    name: str


@handles(Site.MYSTIC_SPRING, permanent=True)
def mystic_spring(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    return place(world, exam, Site.MYSTIC_SPRING, "NR-SPRING-1 NR-WILD-5")


def bodies(world: World) -> list[dict]:
    return [dict(b) for b in world.module_state.get(KEY, {}).get("bodies", [])]


def turns_since(world: World, death_turn: int) -> int:
    """AMB-48: the turns from a death to the one the army reached the spring (the turn
    before this Phase 1), a winter turn counting ``spring_winter_turns``."""
    rules = world.ruleset
    return sum(
        rules.spring_winter_turns if is_winter_turn(rules, turn) else 1
        for turn in range(death_turn + 1, world.turn)
    )


def _news(body: dict, what: str, text: str, **more) -> SpringNews:
    return SpringNews(
        rule="NR-SPRING-1 NR-SPRING-2 AMB-48",
        what=what,
        character_id=body["character_id"],
        army_id=body["army_id"],
        name=body["name"],
        kingdom_ids=(body["kingdom_id"],),
        text=text,
        **more,
    )


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """NR-SPRING-1: each hero of a kingdom killed in battle this turn leaves his body
    with the army he was with."""
    fallen = [
        e
        for e in events
        if isinstance(e, CharacterRemoved)
        and e.cause == "dead"
        and e.kingdom_id is not None
        and e.army_id in world.armies
    ]
    if not fallen:
        return []
    added = [
        {"character_id": e.character_id, "kingdom_id": e.kingdom_id, "army_id": e.army_id,
         "name": e.name, "turn": world.turn}
        for e in fallen
    ]  # fmt: skip
    news = [
        _news(b, "carried", f"{b['name']}'s body is carried by army {b['army_id']}.") for b in added
    ]
    state = {"bodies": bodies(world) + added}
    return [*news, ModuleStateChanged(rule="NR-SPRING-1", module=KEY, state=state)]


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-SPRING-1, NR-SPRING-2: each body whose army stands on a mystic spring in time
    is bathed; bodies out of time or without their army are lost."""
    kept, events = [], []
    characters = dict(world.characters)
    for body in bodies(world):
        army = world.armies.get(body["army_id"])
        late = turns_since(world, body["turn"]) > world.ruleset.spring_dead_turns
        if army is None or late:
            events.append(_news(body, "lost", f"{body['name']}'s body is lost."))
            continue
        spring = army.position is not None and site_at(world, army.position)
        if not spring or spring[0] is not Site.MYSTIC_SPRING:
            kept.append(body)
            continue
        cure = dice.d6(f"NR-SPRING-1 the mystic spring's waters on {body['name']}")
        if cure.result < world.ruleset.spring_dead_cures_on:
            kept.append(body)
            text = f"The mystic spring does nothing for {body['name']}."
            events.append(_news(body, "failed", text, rolls=(cure,)))
            continue
        hero = characters[body["character_id"]]
        characters[hero.id] = msgspec.structs.replace(hero, status="active", army_id=army.id)
        text = f"The mystic spring restores {body['name']} to life."
        events.append(_news(body, "restored", text, rolls=(cure,)))
    if not events:
        return world, orders, []
    state = {"bodies": kept}
    world = dataclasses.replace(
        world, characters=characters, module_state={**world.module_state, KEY: state}
    )
    return world, orders, [*events, ModuleStateChanged(rule="NR-SPRING-1", module=KEY, state=state)]


MODULE = register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.MOVEMENT,
        end_of_turn=end_of_turn,
        ends_at=End.TURN_RESULTS,
    )
)
