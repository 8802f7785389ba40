"""City ruins and tombs (new-rules.md §5: NR-RUIN, NR-TOMB, T-RUIN, T-DISCOVERY, T-TOMB,
T-TOMB-WIZARD; docs/design/supplement.md, "Ruins, tombs and the necropolis").

* Found by an examination (NR-WILD-2), the ruins stay as a site. The army that found
  them searches them at once (AMB-07, ``ruins_search_at_once``); otherwise, or on a tomb
  that a hero's reliefs located (NR-RUIN-3), an army of the hex that spends the turn
  resting there searches it (``ruins_search_resting``: the player's choice, made by the
  order he gives). Each is searched once (AMB-08).
* T-RUIN: a monstrous creature of 2d6 × 100 points fights the searchers at once (AMB-27);
  plague rats cost every army on the hex d6 × 50 points (NR-RUIN-2, AMB-45; a Skaven
  army, by the peoples module's ``army_race``, is spared); a hero's treasure places d6
  tombs, each a direction and 2d6 hexes away (NR-GEN-9/10, AMB-08); a great discovery
  rolls T-DISCOVERY: a forgotten fortress on the finder's hex, or a secret passage with
  new ruins at its far end (NR-RUIN-4, AMB-09).
* T-TOMB: the curse (rules.modules.wildlands.burdens), magic items' points added to the
  army (NR-TOMB-2), crowns to the treasury, or the Black Orb, kept for its player
  (rules.modules.wildlands.orb).

The creature's kind (T-MONSTER) and the bandits (T-BANDIT) are the brigands' tables
(rules.modules.wildlands.brigands); the dragon of the lair (BASE-16) rages as the wyvern
does (rules.modules.wildlands.roamers). The Dwarf hold is told but not played
(docs/rules-coverage.md says why).

State: ``module_state["wildlands.ruins_tomb"]``, by hex: ``{"kind": "ruins" | "tomb",
"searched": bool}`` and who found it (``found``), with ``"passage": "q,r"`` at both ends
of a secret passage and ``"orb": kingdom id`` (and ``"orb_used": year``) where the Black
Orb was found. Every result is its finder's and the GM's (an Announcement to the finder);
the plague rats are told to each army's owner.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice
from rules.core.dicetable import d6
from rules.core.events import Announcement, ArmyMoved, Event
from rules.core.hexgrid import along, distance
from rules.core.state import Coord, Order, OrderKind, Terrain, World
from rules.kingdoms.races import Race
from rules.modules import Module, Start, module_table, register
from rules.modules.peoples import army_race
from rules.modules.roaming import attacks_army
from rules.modules.wildlands.actors import destroyed
from rules.modules.wildlands.brigands import MONSTER_KEY, MYTH, meet
from rules.modules.wildlands.burdens import burdened, crowns_paid
from rules.modules.wildlands.points import multiple, points_gained, points_lost
from rules.modules.wildlands.roamers import DRAGON, appear, woke
from rules.modules.wildlands.rulings import monster_asked
from rules.modules.wildlands.sites import (
    Examination,
    Site,
    handles,
    hex_key,
    records,
    site_at,
    with_records,
)

T_RUIN = d6(
    "T-RUIN (searching ruins or a tomb)",
    "NR-RUIN-1 T-RUIN",
    (1, 1, "monster_lair"),
    (2, 2, "bandits"),
    (3, 3, "plague_rats"),
    (4, 4, "desecrated"),
    (5, 5, "hero_treasure"),
    (6, 6, "great_discovery"),
)
T_DISCOVERY = d6(
    "T-DISCOVERY (a great discovery)",
    "T-DISCOVERY",
    (1, 1, "dragon_lair"),
    (2, 3, "dwarf_hold"),
    (4, 5, "fortress"),
    (6, 6, "secret_passage"),
)
T_TOMB = d6(
    "T-TOMB (a tomb)",
    "T-TOMB",
    (1, 1, "curse"),
    (2, 3, "raided"),
    (4, 4, "wizard"),
    (5, 5, "rich_wizard"),
    (6, 6, "black_orb"),
)
# T-TOMB-WIZARD: each row's magic items, (d6 + add) × points (AMB-01); empty: none
WIZARD_ITEMS = {"empty": (0, 0), "d6x50": (0, 50), "d6x75": (0, 75), "d6x100": (0, 100)}
WIZARD_ITEMS["(d6+1)x100"] = (1, 100)
T_TOMB_WIZARD = d6(
    "T-TOMB-WIZARD (a wizard's tomb)",
    "T-TOMB-WIZARD AMB-01",
    (1, 2, "empty"),
    (3, 3, "d6x50"),
    (4, 4, "d6x75"),
    (5, 5, "d6x100"),
    (6, 6, "(d6+1)x100"),
)
TABLES = {
    "t-ruin": (T_RUIN, {v: v for *_, v in T_RUIN.rows}),
    "t-discovery": (T_DISCOVERY, {v: v for *_, v in T_DISCOVERY.rows}),
    "t-tomb": (T_TOMB, {v: v for *_, v in T_TOMB.rows}),
    "t-tomb-wizard": (T_TOMB_WIZARD, {word: word for word in WIZARD_ITEMS}),
}


@dataclasses.dataclass(frozen=True, kw_only=True)
class RuinsNews(Announcement):
    """A search of ruins or a tomb, to the searcher alone: ``what`` is the table's
    result (T-RUIN, T-DISCOVERY, T-TOMB) or "tomb_located"; ``hex`` the site."""

    what: str
    hex: Coord
    army_id: int | None = None
    points: int = 0  # items found, or points lost
    crowns: int = 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class FortressFound(Event):
    """T-DISCOVERY 4–5: the ruins hide a fortress, now the finder's hex's (public: the map
    shows it)."""

    hex: Coord
    kingdom_id: int

    def seen_by(self) -> tuple[bool, frozenset[int], tuple[str, ...]]:
        return True, frozenset(), ()


def _news(world: World, army_id: int, hex_: Coord, rule: str, what: str, text: str, **more):
    owner = world.armies[army_id].kingdom_id
    return RuinsNews(
        rule=rule, what=what, hex=hex_, army_id=army_id, text=text, kingdom_ids=(owner,), **more
    )


def found(world: World, army_id: int) -> dict:
    """Who found a site and when, as every site's record says it (sites.place): the map
    shows it to that kingdom and to the hex's owner (sites.knows)."""
    army = world.armies[army_id]
    return {"found_by": army.kingdom_id, "army_id": army_id, "turn": world.turn}


@handles(Site.RUINS_TOMB, permanent=True)
def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-RUIN-1, AMB-07: the ruins stay; their finder searches them now if the GM's
    policy says so."""
    sites = records(world, Site.RUINS_TOMB)
    sites[hex_key(exam.hex)] = {"kind": "ruins", "searched": False, **found(world, exam.army_id)}
    world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-RUIN-1")
    events: list[Event] = [
        _news(world, exam.army_id, exam.hex, "NR-RUIN-1", "found",
              f"Ancient ruins lie at ({exam.hex[0]}, {exam.hex[1]})."),
        changed,
    ]  # fmt: skip
    if world.ruleset.ruins_search_at_once:
        world, more = search(world, exam.hex, exam.army_id, dice)
        events += more
    return world, events


def search(world: World, hex_: Coord, army_id: int, dice: Dice) -> tuple[World, list[Event]]:
    """The army searches the ruins (T-RUIN) or the tomb (T-TOMB) on ``hex_``, once."""
    sites = records(world, Site.RUINS_TOMB)
    site = sites[hex_key(hex_)]
    sites[hex_key(hex_)] = {**site, "searched": True}
    world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-RUIN-1 AMB-08")
    if site["kind"] == "tomb":
        world, events = _tomb(world, hex_, army_id, dice)
    else:
        world, events = _ruins(world, hex_, army_id, dice)
    return world, [changed, *events]


def _ruins(world: World, hex_: Coord, army_id: int, dice: Dice) -> tuple[World, list[Event]]:
    roll = dice.d6(f"T-RUIN search at {hex_}")
    result = module_table(world, "t-ruin").lookup(roll.result)
    if result == "plague_rats":
        return world, _plague(world, hex_, army_id, dice, roll)
    if result == "hero_treasure":
        return _tombs(world, hex_, army_id, dice, roll)
    if result == "great_discovery":
        return _discovery(world, hex_, army_id, dice, roll)
    if result == "monster_lair":
        return _monster(world, hex_, army_id, dice, roll)
    if result == "bandits":
        return _bandits(world, hex_, army_id, dice, roll)
    text = "Looters have emptied the tomb long ago."
    return world, [_news(world, army_id, hex_, "T-RUIN", result, text, rolls=(roll,))]


def _bandits(
    world: World, hex_: Coord, army_id: int, dice: Dice, roll
) -> tuple[World, list[Event]]:
    """T-RUIN 2, NR-BRIG-1: the bandits holding the ruins react on T-BANDIT, as to an
    army entering their hex; their monsters (T-BANDIT 1) fight the searchers at once,
    as the ruins' own creature does (AMB-27), since the searchers invade nothing."""
    text = "A large band of bandits holds the ruins (T-BANDIT)."
    news = _news(world, army_id, hex_, "T-RUIN NR-BRIG-1", "bandits", text, rolls=(roll,))
    world, met, fight = meet(world, army_id, hex_, dice)
    if fight is None:
        return world, [news, *met]
    army = world.armies[army_id]
    return world, [
        news,
        *met,
        attacks_army(army, hex_, fight["points"], "T-RUIN AMB-27"),
        monster_asked(world, army_id, hex_, fight["points"], fight["foe"]),  # new-rules.md §12.4
    ]


def _monster(
    world: World, hex_: Coord, army_id: int, dice: Dice, roll
) -> tuple[World, list[Event]]:
    """T-RUIN 1, NR-MONSTER-1, AMB-27: T-MONSTER names the creature's kind; creatures of
    myth (T-MONSTER 1) destroy the searching army, any other kind is a hostile force of
    2d6 × 100 points that fights it at once, as a roaming force (it never retreats and
    takes no hex; beaten, it is gone)."""
    kind = dice.d6(f"T-MONSTER the creature at {hex_}")
    foe = module_table(world, MONSTER_KEY).lookup(kind.result)
    if foe == MYTH:
        text = "The looted tomb is the lair of a creature of myth: it destroys the army."
        news = _news(world, army_id, hex_, "T-RUIN NR-MONSTER-1", "monster_lair", text,
                     rolls=(roll, kind))  # fmt: skip
        return destroyed(world, army_id, "T-RUIN T-MONSTER", [news])
    rules = world.ruleset
    points, rolls = multiple(
        dice, rules.ruins_monster_dice, 6, rules.ruins_monster_pip_points, "AMB-27 the creature"
    )
    army = world.armies[army_id]
    text = f"The looted tomb is a monstrous creature's lair ({foe}): {points} points attack."
    return world, [
        _news(world, army_id, hex_, "T-RUIN NR-MONSTER-1 AMB-27", "monster_lair", text,
              rolls=(roll, kind, *rolls), points=points),
        attacks_army(army, hex_, points, "T-RUIN AMB-27"),
        monster_asked(world, army_id, hex_, points, foe),  # new-rules.md §12.4
    ]  # fmt: skip


def _plague(world: World, hex_: Coord, army_id: int, dice: Dice, roll) -> list[Event]:
    """T-RUIN 3, NR-RUIN-2, AMB-45: each army on the hex loses its own d6 × 50, but a
    Skaven army (its own people, NR-ALLY, else its kingdom's) is immune: no roll."""
    events: list[Event] = [
        _news(world, army_id, hex_, "T-RUIN", "plague_rats",
              "Plague rats swarm out of the empty tomb.", rolls=(roll,))
    ]  # fmt: skip
    for army in sorted(world.armies.values(), key=lambda a: a.id):
        if army.position != hex_ or army_race(world, army.id) is Race.SKAVEN:
            continue
        lost, rolls = multiple(
            dice, 1, 6, world.ruleset.ruins_plague_points, f"NR-RUIN-2 plague rats, army {army.id}"
        )
        events.append(
            _news(world, army.id, hex_, "NR-RUIN-2 AMB-45", "plague_struck",
                  f"The plague rats cost {army.name} {lost} points.", points=lost)
        )  # fmt: skip
        events += points_lost(world, army.id, lost, "T-RUIN NR-RUIN-2 AMB-45", rolls)
    return events


def barren(world: World, cell: Coord) -> bool:
    """A barren land hex without a site (NR-WILD-1, E-33): where a tomb may lie."""
    h = world.hexes.get(cell)
    return (
        h is not None
        and h.terrain is not Terrain.SEA
        and h.explored
        and h.feature is None
        and h.neutral_kingdom is None
        and site_at(world, cell) is None
    )


def locate(world: World, origin: Coord, dice: Dice, what: str) -> Coord | None:
    """NR-RUIN-3/4, NR-GEN-9/10, AMB-08/09: a d6 direction (1 = N, clockwise, E-39) and
    ``ruins_tomb_distance_dice`` d6 hexes in a straight line; off the map it is rolled
    again (at most 6 times, then nothing is placed); on a hex that is not barren it
    moves to the nearest barren land hex (the lowest coordinates among the nearest)."""
    for _ in range(6):
        way = dice.d6(f"NR-RUIN-3 direction of {what} (1 = N, clockwise)").result
        steps = sum(
            dice.d6(f"NR-RUIN-3 distance of {what}").result
            for _ in range(world.ruleset.ruins_tomb_distance_dice)
        )
        spot = along(origin, way, steps)
        if spot in world.hexes:
            break
    else:
        return None
    candidates = sorted(
        (distance(spot, c), c) for c in world.hexes if c != origin and barren(world, c)
    )
    return candidates[0][1] if candidates else None


def _tombs(world: World, hex_: Coord, army_id: int, dice: Dice, roll) -> tuple[World, list[Event]]:
    """T-RUIN 5, NR-RUIN-3, AMB-08: the reliefs point to d6 tombs, each searched once on
    T-TOMB by an army that rests there."""
    count = dice.d6("NR-RUIN-3 how many tombs")
    events: list[Event] = [
        _news(world, army_id, hex_, "T-RUIN NR-RUIN-3", "hero_treasure",
              f"A hero's tomb: its reliefs point to {count.result} more tombs.",
              rolls=(roll, count))
    ]  # fmt: skip
    for n in range(1, count.result + 1):
        spot = locate(world, hex_, dice, f"tomb {n}")
        if spot is None:
            continue
        sites = records(world, Site.RUINS_TOMB)
        sites[hex_key(spot)] = {"kind": "tomb", "searched": False, **found(world, army_id)}
        world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-RUIN-3 AMB-08")
        events += [
            _news(world, army_id, spot, "NR-RUIN-3 AMB-08", "tomb_located",
                  f"A tomb lies at ({spot[0]}, {spot[1]})."),
            changed,
        ]  # fmt: skip
    return world, events


def _discovery(
    world: World, hex_: Coord, army_id: int, dice: Dice, roll
) -> tuple[World, list[Event]]:
    """T-RUIN 6, T-DISCOVERY. A secret passage (NR-RUIN-4, AMB-09) links both ends, with
    new ruins at the far one; the rest is told and not played (see the docstring)."""
    great = dice.d6("T-DISCOVERY great discovery")
    result = module_table(world, "t-discovery").lookup(great.result)
    rolls = (roll, great)
    if result == "fortress":
        return world, _fortress(world, hex_, army_id, rolls)
    if result == "dragon_lair":
        return _dragon(world, hex_, army_id, rolls)
    if result == "dwarf_hold":
        text = "The ruins are the upper gate of a Dwarf hold."
        return world, [_news(world, army_id, hex_, "T-DISCOVERY", result, text, rolls=rolls)]
    exit_ = locate(world, hex_, dice, "the passage's exit")
    if exit_ is None:
        text = "A secret passage runs underground, but it has no way out."
        return world, [
            _news(world, army_id, hex_, "T-DISCOVERY NR-RUIN-4", result, text, rolls=rolls)
        ]
    sites = records(world, Site.RUINS_TOMB)
    here = hex_key(hex_)
    sites[here] = {**sites[here], "passage": hex_key(exit_)}
    sites[hex_key(exit_)] = {
        "kind": "ruins", "searched": False, "passage": here, **found(world, army_id)
    }  # fmt: skip
    world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-RUIN-4 AMB-09")
    text = f"A secret passage leads to more ruins at ({exit_[0]}, {exit_[1]})."
    return world, [
        _news(world, army_id, hex_, "T-DISCOVERY NR-RUIN-4 AMB-09", result, text, rolls=rolls),
        changed,
    ]


def _dragon(world: World, hex_: Coord, army_id: int, rolls) -> tuple[World, list[Event]]:
    """T-DISCOVERY 1, BASE-16: the dragons' fury, as E-39 reads it for the wyvern (the
    Beast's rampage with its own distance): the dragon wakes on the ruins' hex and, from
    the next turn, rages as the wyvern does, flying d6 hexes (``dragon_steps_dice``;
    the wyvern 2d6, NR-WYVERN-2) (rules.modules.wildlands.roamers)."""
    world, stored = appear(world, DRAGON, hex_, world.ruleset.wyvern_points, False)
    text = "The ruins hide a dragon's lair: the dragon wakes, and will rage."
    news = _news(world, army_id, hex_, "T-DISCOVERY BASE-16 E-39", "dragon_lair", text,
                 rolls=rolls)  # fmt: skip
    return world, [news, stored, woke(world, DRAGON, hex_)]


def _fortress(world: World, hex_: Coord, army_id: int, rolls) -> list[Event]:
    """T-DISCOVERY 4–5: a forgotten fortress, the finder's: his hex (E-32: he examines
    only his own) gains a Fortress, unless it has one or a Great Fortress already."""
    army = world.armies[army_id]
    text = "A mighty forgotten fortress lies hidden in the ruins."
    news = _news(world, army_id, hex_, "T-DISCOVERY", "fortress", text, rolls=rolls)
    h = world.hexes[hex_]
    if h.defence is not None or h.owner != army.kingdom_id:
        return [news]
    return [news, FortressFound(rule="T-DISCOVERY", hex=hex_, kingdom_id=army.kingdom_id)]


def _tomb(world: World, hex_: Coord, army_id: int, dice: Dice) -> tuple[World, list[Event]]:
    """T-TOMB: the curse, nothing, a wizard's tomb, a rich one, or the Black Orb."""
    roll = dice.d6(f"T-TOMB search at {hex_}")
    result = module_table(world, "t-tomb").lookup(roll.result)
    army = world.armies[army_id]
    rules = world.ruleset
    if result == "curse":
        world, changed = burdened(world, army_id, "NR-TOMB-1", cursed=True)
        text = f"{army.name} is cursed by the tomb it opened."
        return world, [
            _news(world, army_id, hex_, "T-TOMB NR-TOMB-1", result, text, rolls=(roll,)),
            changed,
        ]
    if result == "raided":
        text = "Looters have emptied the tomb already."
        return world, [_news(world, army_id, hex_, "T-TOMB", result, text, rolls=(roll,))]
    if result == "black_orb":
        sites = records(world, Site.RUINS_TOMB)
        sites[hex_key(hex_)] = {**sites[hex_key(hex_)], "orb": army.kingdom_id}
        world, changed = with_records(world, Site.RUINS_TOMB, sites, "NR-TOMB-3")
        text = f"{army.name} takes an ancient artefact: the Black Orb."
        return world, [
            _news(world, army_id, hex_, "T-TOMB NR-TOMB-3", result, text, rolls=(roll,)),
            changed,
        ]
    if result == "wizard":
        wizard = dice.d6("T-TOMB-WIZARD wizard's tomb")
        add, each = WIZARD_ITEMS[module_table(world, "t-tomb-wizard").lookup(wizard.result)]
        if not each:
            text = "The wizard's tomb was looted long ago."
            return world, [
                _news(world, army_id, hex_, "T-TOMB-WIZARD", "wizard", text, rolls=(roll, wizard))
            ]
        die = dice.d6("T-TOMB-WIZARD magic items")
        items, rolls = (die.result + add) * each, (roll, wizard, die)
        crowns, crown_rolls = 0, ()
    else:  # the rich wizard's tomb
        items, item_rolls = multiple(dice, 1, 6, rules.tomb_rich_items, "T-TOMB rich tomb's items")
        crowns, crown_rolls = multiple(
            dice, rules.tomb_rich_crowns_dice, 6, 1, "T-TOMB rich tomb's crowns"
        )
        rolls = (roll, *item_rolls)
    text = f"{army.name} finds magic items worth {items} points"
    text += f" and {crowns} crowns." if crowns else "."
    events: list[Event] = [
        _news(world, army_id, hex_, "T-TOMB NR-TOMB-2", result, text, rolls=rolls,
              points=items, crowns=crowns),
        *points_gained(world, army_id, items, "T-TOMB", ()),
    ]  # fmt: skip
    if crowns:
        paid = crowns_paid(world, army.kingdom_id, crowns, "T-TOMB E-30", "a wizard's tomb")
        events.append(dataclasses.replace(paid, rolls=crown_rolls))
    return world, events


def resting(world: World, orders: list[Order]) -> list[int]:
    """The armies that spend the turn where they stand: a Rest order, or none (Q7)."""
    busy = {o.army_id for o in orders if o.kind is not OrderKind.REST}
    return sorted(a for a, army in world.armies.items() if a not in busy and army.position)


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e: each army resting on ruins or a tomb not yet searched searches it
    (``ruins_search_resting``); the first by id where several stand."""
    if not world.ruleset.ruins_search_resting:
        return orders, patrols, []
    events: list[Event] = []
    for army_id in resting(world, orders):
        if army_id not in world.armies:  # lost to an earlier search's plague
            continue
        hex_ = world.armies[army_id].position
        site = records(world, Site.RUINS_TOMB).get(hex_key(hex_))
        if site is None or site["searched"]:
            continue
        world, more = search(world, hex_, army_id, dice)
        events += more
    return orders, patrols, events


def phase_one(world: World, orders: list[Order], dice: Dice):
    """NR-RUIN-4, AMB-09: an army given the Rest order on a searched end of a secret
    passage travels it, 2 hexes a turn (``ruins_passage_hexes``) with no exploration;
    when the turns it has spent there cover the passage's length it comes out at the
    other end, at once. The turns spent are kept in the entrance's record
    (``"crossing"``: by army id); an army that stops resting there starts afresh."""
    sites = records(world, Site.RUINS_TOMB)
    rest = {o.army_id for o in orders if o.kind is OrderKind.REST}
    events: list[Event] = []
    changed = False
    for key, site in sorted(sites.items()):
        if "passage" not in site:
            continue
        crossing = {
            army_id: turns + 1 for army_id, turns in _travellers(world, key, site, rest).items()
        }
        out = _emerging(world, key, site, crossing)
        for army_id in out:
            world, moved = _through(world, army_id, key, site["passage"])
            events += moved
        crossing = {a: t for a, t in crossing.items() if a not in out}
        if crossing != site.get("crossing", {}):
            sites[key] = {**site, "crossing": crossing}
            changed = True
    if changed:
        world, stored = with_records(world, Site.RUINS_TOMB, sites, "NR-RUIN-4 AMB-09")
        events.append(stored)
    return world, orders, events


def _travellers(world: World, key: str, site: dict, rest: set[int]) -> dict[str, int]:
    """The armies resting on this searched passage end, with the turns already spent."""
    if not site["searched"]:
        return {}
    spent = site.get("crossing", {})
    return {
        str(army_id): spent.get(str(army_id), 0)
        for army_id in sorted(rest)
        if army_id in world.armies and hex_key(world.armies[army_id].position) == key
    }


def _emerging(world: World, key: str, site: dict, crossing: dict[str, int]) -> set[str]:
    """Those whose turns in the passage cover its length (AMB-09: length = distance)."""
    here, there = (tuple(int(n) for n in k.split(",")) for k in (key, site["passage"]))
    length = distance(here, there)
    speed = world.ruleset.ruins_passage_hexes
    return {a for a, turns in crossing.items() if turns * speed >= length}


def _through(world: World, army_id: str, key: str, exit_key: str):
    """The army comes out of the passage at ``exit_key``: its owner's secret."""
    army = world.armies[int(army_id)]
    exit_ = tuple(int(n) for n in exit_key.split(","))
    world = dataclasses.replace(
        world, armies={**world.armies, army.id: msgspec.structs.replace(army, position=exit_)}
    )
    text = f"{army.name} comes out of the secret passage at ({exit_[0]}, {exit_[1]})."
    return world, [
        _news(world, army.id, exit_, "NR-RUIN-4 AMB-09", "passage_crossed", text),
        ArmyMoved(rule="NR-RUIN-4 AMB-09", army_id=army.id, hex=exit_),
    ]


MODULE = register(
    Module(
        option="wildlands",
        phase_one=phase_one,
        starts_at=Start.MOVEMENT,
        invasions=invasions,
        tables=TABLES,
    )
)
