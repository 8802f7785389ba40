"""The wildlands' questions for the GM (new-rules.md §12.4, rules.core.rulings): where the
supplement leaves a decision to him, the module applies its default at once and asks;
an answer other than the default is applied here at the start of Final Results.

* AMB-27, the strength of T-MONSTER's named foe (2–6): the default is the 2d6 × 100
  points rolled; the GM may halve or double them. The fight is declared at Provisional
  Results and fought at Final Results, so his answer changes the very battle.
* BASE-16, the dragons' wrath (the wyvern, NR-WYVERN-2; a ruins' dragon, T-DISCOVERY 1):
  the default is that it rages from the next turn; the GM may put it back to sleep,
  and it leaves the map before it ever moves. The army the wyvern destroyed on rising
  (NR-WYVERN-1) stays destroyed: that is no part of the wrath.
* BASE-21, a standard equinox spell's effect: the default is the ruleset's reading
  (its crowns or points); the GM may say it had none, and the crowns and points it gave
  or took are given back. An army it destroyed stays destroyed, and a ravage (Quake,
  Tornado of Peril) cannot be undone, so those spells ask nothing: the GM corrects the
  map in the admin, as any correction of his.
* NR-EQX-11, the GM's own experimental event: the default tells his words and changes
  nothing; he may make it a boon or a bane of T-EXPSPELL's size (a year's crowns, or
  half of them lost), due at the next winter as a spell's crowns are (NR-GEN-7).
* BASE-22, the missing Skaven labyrinth table: the default tells the entrance only; the
  GM may rule a treasure (a precious-metals mine's winter crowns) or a Skaven ambush
  (the worst collapse: 6 × ``mine_collapse_points`` lost).
"""

from __future__ import annotations

from dataclasses import replace

from rules.core.events import Event
from rules.core.problems import Phrase, words
from rules.core.rulings import RulingAsked, asked, told
from rules.core.state import BattleState, Coord, Ruling, World
from rules.modules import Module, is_roaming, register
from rules.modules.wildlands.actors import at, own_state, with_state
from rules.modules.wildlands.news import DUE_KEY, change_points, owe, weaken
from rules.modules.wildlands.sites import OPTION

MONSTER, WRATH, SPELL, CUSTOM, LABYRINTH = (
    "monster_strength",
    "dragon_wrath",
    "spell_effect",
    "custom_event",
    "labyrinth",
)


def _army(world: World, army_id: int) -> Phrase:
    """An army as the GM reads it in a question: its name and its id."""
    name = world.armies[army_id].name
    if name:
        return Phrase("{name} (army {army})", name=name, army=army_id)
    return Phrase("army {army}", army=army_id)


def _kingdom(world: World, kingdom_id: int) -> Phrase:
    kingdom = world.kingdoms.get(kingdom_id)
    if kingdom and kingdom.name:
        return Phrase("{name} (kingdom {kingdom})", name=kingdom.name, kingdom=kingdom_id)
    return Phrase("kingdom {kingdom}", kingdom=kingdom_id)


# --- AMB-27 ------------------------------------------------------------------------------

# T-MONSTER 2–6 (rules.modules.wildlands.brigands.FOES) as the question names them, in words
# the site translates
_FOES = {
    "daemons": Phrase("Daemons of Chaos"),
    "chaos_dwarfs": Phrase("Chaos Dwarfs"),
    "beastmen": Phrase("Beastmen"),
    "dark_elves": Phrase("Dark Elves"),
    "orcs_goblins": Phrase("Orcs and Goblins"),
}


def monster_asked(world: World, army_id: int, hex_: Coord, points: int, foe: str) -> RulingAsked:
    """AMB-27: how strong the named foe that falls upon ``army_id`` is."""
    return asked(
        world,
        rule="AMB-27 NR-MONSTER-1 T-MONSTER",
        kind=MONSTER,
        subject=f"army {army_id}",
        question=Phrase(
            "Monsters ({foe}) fall upon {army} at {hex}. The supplement names them without "
            "their strength: how strong are they?",
            foe=_FOES.get(foe, foe.replace("_", " ")),
            army=_army(world, army_id),
            hex=at(hex_),
        ),
        choices=(
            ("as_rolled", Phrase("{points} points, as rolled", points=points)),
            ("halved", Phrase("{points} points (half)", points=points // 2)),
            ("doubled", Phrase("{points} points (double)", points=points * 2)),
        ),
        hex=hex_,
        army_id=army_id,
        kingdom_id=world.armies[army_id].kingdom_id,
        facts={"points": points, "foe": foe},
    )


def _monster(world: World, ruling: Ruling, battles: list[BattleState]):
    """The monsters' battle against the army, fought with the GM's strength."""
    rolled = ruling.facts["points"]
    points = rolled // 2 if ruling.answer == "halved" else rolled * 2
    changed = [_stronger(b, points) if _monsters_against(b, ruling) else b for b in battles]
    text = Phrase(
        "The monsters at {hex} are {points} points strong, not {rolled}.",
        hex=at(ruling.hex),
        points=points,
        rolled=rolled,
    )
    return world, changed, [told(ruling, text, (ruling.kingdom_id,))]


def _monsters_against(battle: BattleState, ruling: Ruling) -> bool:
    return (
        is_roaming(battle.attacker)
        and battle.hex == tuple(ruling.hex)
        and battle.defender is not None
        and battle.defender.army_ids == (ruling.army_id,)
    )


def _stronger(battle: BattleState, points: int) -> BattleState:
    return replace(battle, attacker=replace(battle.attacker, points=points))


# --- BASE-16 -----------------------------------------------------------------------------


# The woken force as the question names it (rules.modules.wildlands.roamers), in words the
# site translates
_WOKEN = {"the wyvern": Phrase("The wyvern"), "the dragon": Phrase("The dragon")}


def wrath_asked(world: World, name: str, forces: str, force: str, hex_: Coord) -> RulingAsked:
    """BASE-16: whether the dragon (or the wyvern) that woke at ``hex_`` rages; ``forces``
    and ``force`` name its record (rules.modules.wildlands.roamers)."""
    return asked(
        world,
        rule="BASE-16 E-39",
        kind=WRATH,
        subject=f"{forces} {force}",
        question=Phrase(
            "{name} woke at {hex}. The supplement leaves the dragons' wrath to you: does it rage?",
            name=_WOKEN.get(name, name.capitalize()),
            hex=at(hex_),
        ),
        choices=(
            (
                "rages",
                Phrase("It rages from the next turn, flying across the map as the Beast does"),
            ),
            ("sleeps", Phrase("It goes back to sleep in its lair and leaves the map")),
        ),
        hex=hex_,
        facts={"forces": forces, "force": force, "name": name},
    )


def _wrath(world: World, ruling: Ruling, battles: list[BattleState]):
    """The force leaves the map before its first flight."""
    forces = own_state(world, ruling.facts["forces"])
    if forces.pop(ruling.facts["force"], None) is None:
        return world, battles, []  # already slain this turn
    world, stored = with_state(world, ruling.facts["forces"], forces, "BASE-16 new-rules.md §12.4")
    name = _WOKEN.get(ruling.facts["name"], ruling.facts["name"].capitalize())
    text = Phrase("{name} at {hex} sleeps again.", name=name, hex=at(ruling.hex))
    return world, battles, [stored, told(ruling, text)]


# --- BASE-21 -----------------------------------------------------------------------------


def spell_asked(
    before: World, after: World, spell: str, tower: Coord, target: Coord, told: tuple[int, ...]
) -> RulingAsked | None:
    """BASE-21: whether a standard spell had the effect the ruleset gives it; None for a
    spell that changed no crowns and no points (nothing to give back)."""
    points = {
        str(army_id): army.points - before.armies[army_id].points
        for army_id, army in after.armies.items()
        if army_id in before.armies and army.points != before.armies[army_id].points
    }
    destroyed = sorted(set(before.armies) - set(after.armies))
    crowns = {
        str(k): c - _dues(before).get(k, 0)
        for k, c in _dues(after).items()
        if c != _dues(before).get(k, 0)
    }
    if not (points or crowns or destroyed):
        return None
    effect = words(
        [
            *(
                Phrase("army {army}: {points} points", army=a, points=f"{p:+d}")
                for a, p in sorted(points.items())
            ),
            *(
                Phrase(
                    "kingdom {kingdom}: {crowns} crowns at the winter", kingdom=k, crowns=f"{c:+d}"
                )
                for k, c in sorted(crowns.items())
            ),
            *(Phrase("army {army} destroyed", army=a) for a in destroyed),
        ]
    )
    return asked(
        after,
        rule="BASE-21 NR-EQX-3 T-SPELL",
        kind=SPELL,
        subject=f"tower {tower[0]},{tower[1]}",  # a tower casts once an equinox
        question=Phrase(
            "The spell {spell} struck {hex} ({effect}). The supplement leaves its effect to "
            "you: does it stand?",
            spell=spell.replace("_", " "),
            hex=at(target),
            effect=effect,
        ),
        choices=(
            ("as_read", Phrase("It stands as Warpost reads it: {effect}", effect=effect)),
            ("no_effect", Phrase("It had no effect: the crowns and points are given back")),
        ),
        hex=target,
        facts={
            "spell": spell,
            "points": points,
            "crowns": crowns,
            "destroyed": destroyed,
            "told": list(told),
        },
    )


def _dues(world: World) -> dict[int, int]:
    dues = world.module_state.get(DUE_KEY, {}).get("dues", [])
    return {d["kingdom_id"]: d["crowns"] for d in dues}


def _spell(world: World, ruling: Ruling, battles: list[BattleState]):
    """The spell's crowns and points given back; an army it destroyed stays destroyed."""
    events: list[Event] = []
    rule = "BASE-21 new-rules.md §12.4"
    for army_id, change in sorted(ruling.facts["points"].items()):
        world, changed = change_points(world, int(army_id), -change, rule)
        events += changed
    for kingdom_id, crowns in sorted(ruling.facts["crowns"].items()):
        world, stored = owe(world, int(kingdom_id), -crowns, rule, events)
        events.append(stored)
    spell = ruling.facts["spell"].replace("_", " ")
    text = Phrase(
        "The spell {spell} at {hex} had no effect after all.", spell=spell, hex=at(ruling.hex)
    )
    return world, battles, [*events, told(ruling, text, tuple(ruling.facts["told"]))]


# --- NR-EQX-11 ---------------------------------------------------------------------------


def custom_asked(world: World, text: str, tower: Coord, target: Coord, owner: int) -> RulingAsked:
    """NR-EQX-11: what the GM's own event changes for ``owner``, the target's owner."""
    yearly = world.ruleset.crowns_yearly
    return asked(
        world,
        rule="NR-EQX-11 NR-EQX-10 T-EXPSPELL",
        kind=CUSTOM,
        subject=f"tower {tower[0]},{tower[1]}",
        question=Phrase(
            'Your experimental event "{text}" struck {hex}, a hex of {kingdom}. What does it '
            "change?",
            text=text,
            hex=at(target),
            kingdom=_kingdom(world, owner),
        ),
        choices=(
            ("told", Phrase("Nothing: it is told to the owner only")),
            ("boon", Phrase("A boon: {crowns} crowns to the owner at the winter", crowns=yearly)),
            (
                "bane",
                Phrase("A bane: {crowns} crowns lost at the winter", crowns=yearly - yearly // 2),
            ),
        ),
        hex=target,
        kingdom_id=owner,
        facts={"boon": yearly, "bane": -(yearly - yearly // 2)},
    )


def _custom(world: World, ruling: Ruling, battles: list[BattleState]):
    crowns = ruling.facts[ruling.answer]
    text = Phrase(
        "The event at {hex} brings {crowns} crowns at the winter.",
        hex=at(ruling.hex),
        crowns=f"{crowns:+d}",
    )
    return _crowns(world, ruling, battles, crowns, text)


def _crowns(world: World, ruling: Ruling, battles: list[BattleState], crowns: int, text: Phrase):
    """The GM's ruling gives (or takes) the kingdom ``crowns`` at the next winter."""
    rule = f"{ruling.rule.split()[0]} new-rules.md §12.4"
    world, stored = owe(world, ruling.kingdom_id, crowns, rule)
    return world, battles, [stored, told(ruling, text, (ruling.kingdom_id,))]


# --- BASE-22 -----------------------------------------------------------------------------


def labyrinth_asked(world: World, army_id: int, hex_: Coord, inhabited: bool) -> RulingAsked:
    """BASE-22: what the Skaven labyrinth found by ``army_id`` holds."""
    rules = world.ruleset
    loss = 6 * rules.mine_collapse_points
    state = Phrase("inhabited") if inhabited else Phrase("empty")
    return asked(
        world,
        rule="BASE-22 T-MINE-EXH",
        kind=LABYRINTH,
        subject=f"army {army_id}",
        question=Phrase(
            "{army} found the entrance of a Skaven labyrinth ({state}) at {hex}. The "
            "supplement's labyrinth table is missing: what does the army meet?",
            army=_army(world, army_id),
            state=state,
            hex=at(hex_),
        ),
        choices=(
            ("told", Phrase("Nothing more: the entrance is told only")),
            (
                "treasure",
                Phrase(
                    "A treasure: {crowns} crowns at the winter", crowns=rules.mine_precious_crowns
                ),
            ),
            ("ambush", Phrase("A Skaven ambush: the army loses {points} points", points=loss)),
        ),
        hex=hex_,
        army_id=army_id,
        kingdom_id=world.armies[army_id].kingdom_id,
        facts={"treasure": rules.mine_precious_crowns, "ambush": loss},
    )


def _labyrinth(world: World, ruling: Ruling, battles: list[BattleState]):
    rule = "BASE-22 new-rules.md §12.4"
    amount = ruling.facts[ruling.answer]
    if ruling.answer == "treasure":
        text = Phrase(
            "The labyrinth at {hex} holds {crowns} crowns, paid at the winter.",
            hex=at(ruling.hex),
            crowns=amount,
        )
        return _crowns(world, ruling, battles, amount, text)
    world, lost = weaken(world, ruling.army_id, amount, rule)  # gone already: nothing
    text = Phrase(
        "Skaven ambush the army in the labyrinth at {hex}: {points} points.",
        hex=at(ruling.hex),
        points=amount,
    )
    return world, battles, [*lost, told(ruling, text, (ruling.kingdom_id,))]


register(
    Module(
        option=OPTION,
        rulings={
            MONSTER: _monster,
            WRATH: _wrath,
            SPELL: _spell,
            CUSTOM: _custom,
            LABYRINTH: _labyrinth,
        },
    )
)
