"""The necropolis (new-rules.md §5: NR-NECRO, T-NECRO, T-NECRO-ITEM; docs/design/
supplement.md, "Ruins, tombs and the necropolis").

* Found by an examination (NR-WILD-2), it stays as a site; searching it is a choice
  (NR-NECRO-1): an army that spends a later turn resting on it searches it
  (``necropolis_search_resting``, NR-NECRO-2): 2d6 on T-NECRO, +1 for each earlier turn
  that army searched there (NR-NECRO-3, AMB-11), held to 2–12 (AMB-11). A player who
  found its map (T-NECRO 4) moves the result by one toward the best
  (``necropolis_map_steer``, NR-NECRO-4: the player's choice after the roll, made by a
  policy: PREFERENCE below).
* Treasure is carried as cargo (rules.modules.wildlands.burdens, NR-NECRO-8); the hero's
  arms and the Necromancer's items add their points to the army (NR-TOMB-2).
* The great hoard (NR-NECRO-10, AMB-13): a d6 of 6 seals it, else d3 crowns; an army
  that searches again while it is open rolls T-NECRO first (a 5 counts as nothing new),
  then, still there, the collapse die and the d3 (``necropolis_hoard_keep``).
* The Necromancer's tomb (NR-NECRO-9): ``necropolis_thefts`` attempts at most, each a d6
  on T-NECRO-ITEM; a 6 wakes him: the search party is lost (at no cost beyond the
  battle, AMB-12) and his horde rises (T-NECRO 12, rules.modules.wildlands.undead_horde).
* An Undead army (its people by the peoples module's ``army_race``) re-rolls a search
  worse than nothing once and keeps the second (NR-NECRO-6, ``necropolis_undead_reroll``),
  or, resting there, raises the dead instead of searching (NR-NECRO-7,
  ``necropolis_undead_summon``): T-NECRO-SUMMON's dice × ``necropolis_summon_points``
  join it at once (so no new army, and no Lich to lead one, is ever needed).
* "Retreat as if defeated" (T-NECRO 9, 11) is E-36's A-2.4 retreat, which leaves the
  army where it stands (E-32): it is told, and costs nothing more.

State: ``module_state["wildlands.necropolis"]``, by hex: ``{"searches": {army id:
turns}, "maps": [kingdom ids], "hoards": [army ids]}``. What a search finds is the
searcher's and the GM's (an Announcement to him); the horde is public.
"""

from __future__ import annotations

import dataclasses

import msgspec

from rules.core.dice import Dice
from rules.core.dicetable import DiceTable, d6
from rules.core.events import Announcement, Event
from rules.core.state import Coord, Order, World
from rules.kingdoms.races import Race
from rules.modules import Module, module_table, register
from rules.modules.peoples import army_race
from rules.modules.wildlands.actors import strengthened
from rules.modules.wildlands.burdens import burdened
from rules.modules.wildlands.points import multiple, points_gained, points_lost
from rules.modules.wildlands.ruins import found, resting
from rules.modules.wildlands.sites import Examination, Site, handles, hex_key, records, with_records
from rules.modules.wildlands.undead_horde import rise

RESULTS = (
    "fabulous_treasure", "hero_tomb", "map", "great_hoard", "cursed_treasure", "nothing",
    "collapse", "horror", "necromancer_tomb", "rats", "undead",
)  # fmt: skip
T_NECRO = DiceTable(
    title="T-NECRO (searching a necropolis, 2d6)",
    rule="NR-NECRO-2 T-NECRO",
    sides=12,
    lowest=2,
    rows=tuple((n, n, result) for n, result in enumerate(RESULTS, start=2)),
)
T_NECRO_SUMMON = d6(
    "T-NECRO-SUMMON (Undead raising the dead)",
    "NR-NECRO-7 T-NECRO-SUMMON",
    (1, 2, "nothing"),
    (3, 4, "d6"),
    (5, 6, "2d6"),
)
SUMMONED_DICE = {"nothing": 0, "d6": 1, "2d6": 2}
T_NECRO_ITEM = d6(
    "T-NECRO-ITEM (a theft in the Necromancer's tomb)",
    "NR-NECRO-9 T-NECRO-ITEM",
    (1, 1, "weapon"),
    (2, 2, "armour"),
    (3, 3, "banner"),
    (4, 4, "scroll"),
    (5, 5, "ring"),
    (6, 6, "necromancer_wakes"),
)
TABLES = {
    "t-necro": (T_NECRO, {r: r for r in RESULTS}),
    "t-necro-item": (T_NECRO_ITEM, {v: v for *_, v in T_NECRO_ITEM.rows}),
    "t-necro-summon": (T_NECRO_SUMMON, {word: word for word in SUMMONED_DICE}),
}
# NR-NECRO-4's choice, made in advance: the results, best first.
PREFERENCE = (
    "fabulous_treasure", "hero_tomb", "great_hoard", "map", "nothing", "cursed_treasure",
    "necromancer_tomb", "collapse", "horror", "rats", "undead",
)  # fmt: skip


@dataclasses.dataclass(frozen=True, kw_only=True)
class NecropolisNews(Announcement):
    """A search of a necropolis, to the searcher alone: ``what`` is T-NECRO's result, a
    theft's (T-NECRO-ITEM), or found, hoard_sealed; ``roll`` the modified total."""

    what: str
    hex: Coord
    army_id: int
    roll: int = 0
    points: int = 0  # items found, or points lost
    crowns: int = 0  # treasure carried


def _news(world: World, army_id: int, hex_: Coord, rule: str, what: str, text: str, **more):
    owner = world.armies[army_id].kingdom_id
    return NecropolisNews(
        rule=rule, what=what, hex=hex_, army_id=army_id, text=text, kingdom_ids=(owner,), **more
    )


@handles(Site.NECROPOLIS, permanent=True)
def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-NECRO-1: the necropolis stays; the turn was spent finding it."""
    sites = records(world, Site.NECROPOLIS)
    sites[hex_key(exam.hex)] = {
        "searches": {}, "maps": [], "hoards": [], **found(world, exam.army_id)
    }  # fmt: skip
    world, changed = with_records(world, Site.NECROPOLIS, sites, "NR-NECRO-1")
    text = f"A necropolis lies at ({exam.hex[0]}, {exam.hex[1]})."
    return world, [_news(world, exam.army_id, exam.hex, "NR-NECRO-1", "found", text), changed]


def invasions(world: World, orders: list[Order], patrols: list, dice: Dice):
    """Step 3e: each army resting on a necropolis searches it (NR-NECRO-2), or an
    Undead one raises the dead there if the GM's policy says so (NR-NECRO-7)."""
    if not world.ruleset.necropolis_search_resting:
        return orders, patrols, []
    events: list[Event] = []
    for army_id in resting(world, orders):
        army = world.armies.get(army_id)
        if army is None or hex_key(army.position) not in records(world, Site.NECROPOLIS):
            continue
        summons = world.ruleset.necropolis_undead_summon and _of_undead(world, army_id)
        act = summon if summons else search
        world, more = act(world, army.position, army_id, dice)
        events += more
    return orders, patrols, events


def search(world: World, hex_: Coord, army_id: int, dice: Dice) -> tuple[World, list[Event]]:
    """One turn of searching (see the docstring)."""
    sites = records(world, Site.NECROPOLIS)
    site = {
        k: (dict(v) if isinstance(v, dict) else list(v)) for k, v in sites[hex_key(hex_)].items()
    }
    earlier = site["searches"].get(str(army_id), 0)
    site["searches"][str(army_id)] = earlier + 1
    at_hoard = army_id in site["hoards"] and world.ruleset.necropolis_hoard_keep
    total, rolls = _t_necro(world, site, army_id, earlier, dice, "T-NECRO necropolis search")
    rerolled = _reroll(world, hex_, army_id, total, rolls)
    if rerolled:
        total, rolls = _t_necro(world, site, army_id, earlier, dice, "NR-NECRO-6 T-NECRO re-roll")
    result = module_table(world, "t-necro").lookup(total)
    if at_hoard and result == "great_hoard":
        result = "nothing"  # AMB-13: the hoard found again is the one being worked
    sites[hex_key(hex_)] = site
    world, changed = with_records(world, Site.NECROPOLIS, sites, "NR-NECRO-2 NR-NECRO-3")
    world, events = RESULT_RULES[result](world, hex_, army_id, dice, site)
    first = events[0] if events else None
    if isinstance(first, NecropolisNews):  # the search's own rolls go on its first news
        events[0] = dataclasses.replace(first, rolls=(*rolls, *first.rolls), roll=total)
    events = [changed, *rerolled, *events]
    if (
        at_hoard
        and result not in ("horror", "rats", "undead", "necromancer_tomb")
        and (army_id in world.armies)
    ):
        world, more = _extract(world, hex_, army_id, dice)
        events += more
    return world, events


def _copy(site: dict) -> dict:
    """A site's record with its inner counts and lists copied, to change."""
    return {
        k: dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v
        for k, v in site.items()
    }


def _of_undead(world: World, army_id: int) -> bool:
    return army_race(world, army_id) is Race.UNDEAD


def _reroll(world: World, hex_: Coord, army_id: int, total: int, rolls) -> list[Event]:
    """NR-NECRO-6: an Undead army dislikes a result worse than nothing (PREFERENCE's
    order, as the map's) and searches again, once (``necropolis_undead_reroll``); the
    first roll is told with its dice. [] when it keeps the result."""
    result = module_table(world, "t-necro").lookup(total)
    worse = PREFERENCE.index(result) > PREFERENCE.index("nothing")
    if not (worse and world.ruleset.necropolis_undead_reroll and _of_undead(world, army_id)):
        return []
    text = f"The Undead spurn what the search found ({total}) and search again."
    return [_news(world, army_id, hex_, "NR-NECRO-6", "rerolled", text, roll=total, rolls=rolls)]


def summon(world: World, hex_: Coord, army_id: int, dice: Dice) -> tuple[World, list[Event]]:
    """NR-NECRO-7: the Undead army raises the dead instead of searching: a d6 on
    T-NECRO-SUMMON, whose dice × ``necropolis_summon_points`` join it at once."""
    roll = dice.d6("NR-NECRO-7 T-NECRO-SUMMON")
    count = SUMMONED_DICE[module_table(world, "t-necro-summon").lookup(roll.result)]
    raised, rolls = multiple(
        dice, count, 6, world.ruleset.necropolis_summon_points, "T-NECRO-SUMMON undead raised"
    )
    what = "summoned" if raised else "dead_refuse"
    text = f"The dead rise to join the army: {raised} points." if raised else "They refuse."
    news = _news(world, army_id, hex_, "NR-NECRO-7 T-NECRO-SUMMON", what, text,
                 roll=roll.result, points=raised, rolls=(roll, *rolls))  # fmt: skip
    if not raised:
        return world, [news]
    world, joined = strengthened(world, army_id, raised, "NR-NECRO-7 T-NECRO-SUMMON")
    return world, [news, *joined]


def _t_necro(world: World, site: dict, army_id: int, earlier: int, dice: Dice, purpose: str):
    """2d6 + the earlier turns' bonus, held to 2–12, moved by the map (AMB-11)."""
    rolls = (dice.d6(purpose), dice.d6(purpose))
    total = sum(r.result for r in rolls) + earlier * world.ruleset.necropolis_search_bonus
    total = min(max(total, 2), 12)
    owner = world.armies[army_id].kingdom_id
    if owner in site["maps"] and world.ruleset.necropolis_map_steer:
        table = module_table(world, "t-necro")
        near = [t for t in (total - 1, total, total + 1) if 2 <= t <= 12]
        total = min(near, key=lambda t: (PREFERENCE.index(table.lookup(t)), t != total))
    return total, rolls


def _treasure(world, hex_, army_id, dice, site):
    crowns, rolls = multiple(
        dice, world.ruleset.necropolis_treasure_dice, 6, 1, "T-NECRO fabulous treasure"
    )
    world, changed = burdened(world, army_id, "NR-NECRO-8", cargo=crowns)
    text = f"Jewels, gold and coins worth {crowns} crowns: carried home with the army."
    return world, [
        _news(world, army_id, hex_, "T-NECRO NR-NECRO-8", "fabulous_treasure", text,
              crowns=crowns, rolls=rolls),
        changed,
    ]  # fmt: skip


def _hero_tomb(world, hex_, army_id, dice, site):
    each = world.ruleset.necropolis_hero_items
    weapon, weapon_rolls = multiple(dice, 1, 6, each, "T-NECRO hero's magic weapon")
    armour, armour_rolls = multiple(dice, 1, 6, each, "T-NECRO hero's magic armour")
    items = weapon + armour
    text = f"A hero's tomb: a magic weapon and a magic armour worth {items} points."
    return world, [
        _news(world, army_id, hex_, "T-NECRO", "hero_tomb", text, points=items),
        *points_gained(world, army_id, items, "T-NECRO", (*weapon_rolls, *armour_rolls)),
    ]


def _map(world, hex_, army_id, dice, site):
    owner = world.armies[army_id].kingdom_id
    if owner not in site["maps"]:
        site["maps"].append(owner)
    sites = records(world, Site.NECROPOLIS)
    sites[hex_key(hex_)] = site
    world, changed = with_records(world, Site.NECROPOLIS, sites, "NR-NECRO-4")
    text = "A carved stele maps the necropolis: later searches may be steered."
    return world, [_news(world, army_id, hex_, "T-NECRO NR-NECRO-4", "map", text), changed]


def _hoard(world, hex_, army_id, dice, site):
    """T-NECRO 5, NR-NECRO-10: the hoard opens, and this turn's extraction follows."""
    text = "A great hoard behind a narrow, unstable entrance."
    events: list[Event] = [_news(world, army_id, hex_, "T-NECRO NR-NECRO-10", "great_hoard", text)]
    sites = records(world, Site.NECROPOLIS)
    site["hoards"] = sorted({*site["hoards"], army_id})
    sites[hex_key(hex_)] = site
    world, changed = with_records(world, Site.NECROPOLIS, sites, "NR-NECRO-10")
    world, more = _extract(world, hex_, army_id, dice)
    return world, [*events, changed, *more]


def _extract(world: World, hex_: Coord, army_id: int, dice: Dice):
    """NR-NECRO-10: a d6 of 6 seals the hoard for good; else d3 crowns of cargo."""
    collapse = dice.d6("NR-NECRO-10 the hoard's entrance")
    sites = records(world, Site.NECROPOLIS)
    site = {
        k: (dict(v) if isinstance(v, dict) else list(v)) for k, v in sites[hex_key(hex_)].items()
    }
    if collapse.result == 6:
        site["hoards"] = [a for a in site["hoards"] if a != army_id]
        sites[hex_key(hex_)] = site
        world, changed = with_records(world, Site.NECROPOLIS, sites, "NR-NECRO-10")
        text = "The tunnel collapses: the hoard is sealed for good."
        return world, [
            _news(world, army_id, hex_, "NR-NECRO-10", "hoard_sealed", text, rolls=(collapse,)),
            changed,
        ]
    crowns = dice.roll(3, "NR-NECRO-10 the hoard's crowns (d3)")
    world, changed = burdened(world, army_id, "NR-NECRO-8 NR-NECRO-10", cargo=crowns.result)
    text = f"The army carries {crowns.result} crowns out of the hoard."
    return world, [
        _news(world, army_id, hex_, "NR-NECRO-10 NR-NECRO-8", "hoard_crowns", text,
              crowns=crowns.result, rolls=(collapse, crowns)),
        changed,
    ]  # fmt: skip


def _cursed_treasure(world, hex_, army_id, dice, site):
    crowns = dice.d6("T-NECRO cursed treasure's crowns")
    world, changed = burdened(
        world, army_id, "NR-NECRO-8 NR-NECRO-11", cargo=crowns.result, cursed_treasure=hex_key(hex_)
    )
    text = (
        f"Gold and silver worth {crowns.result} crowns, and a disease that strikes the "
        "army each turn until it leaves the necropolis."
    )
    return world, [
        _news(world, army_id, hex_, "T-NECRO NR-NECRO-11", "cursed_treasure", text,
              crowns=crowns.result, rolls=(crowns,)),
        changed,
    ]  # fmt: skip


def _nothing(world, hex_, army_id, dice, site):
    text = "The searchers come back empty-handed but unharmed."
    return world, [_news(world, army_id, hex_, "T-NECRO", "nothing", text)]


def _collapse(world, hex_, army_id, dice, site):
    lost, rolls = multiple(
        dice, 1, 6, world.ruleset.necropolis_collapse_points, "T-NECRO great collapse"
    )
    text = f"Part of the necropolis caves in: the army loses {lost} points."
    return world, [
        _news(world, army_id, hex_, "T-NECRO", "collapse", text, points=lost),
        *points_lost(world, army_id, lost, "T-NECRO", rolls),
    ]


def _horror(world, hex_, army_id, dice, site):
    text = "An unspeakable horror: the searchers refuse to go back in, and the army flees."
    return world, [_news(world, army_id, hex_, "T-NECRO BASE-10 E-36", "horror", text)]


def _rats(world, hex_, army_id, dice, site):
    """T-NECRO 11: each army on the hex loses its own d6 × 50 and flees (E-36)."""
    events: list[Event] = []
    for army in sorted(world.armies.values(), key=lambda a: a.id):
        if army.position != hex_:
            continue
        lost, rolls = multiple(
            dice,
            1,
            6,
            world.ruleset.necropolis_rats_points,
            f"T-NECRO graveyard rats, army {army.id}",
        )
        text = f"Graveyard rats devour the searchers: {army.name} loses {lost} points and flees."
        events += [
            _news(world, army.id, hex_, "T-NECRO BASE-10 E-36", "rats", text, points=lost),
            *points_lost(world, army.id, lost, "T-NECRO", rolls),
        ]
    return world, events


def _necromancer(world, hex_, army_id, dice, site):
    """NR-NECRO-9: up to ``necropolis_thefts`` thefts; a 6 wakes the Necromancer."""
    events: list[Event] = [
        _news(world, army_id, hex_, "T-NECRO NR-NECRO-9", "necromancer_tomb",
              "The Necromancer's tomb: his treasures lie beside him.")
    ]  # fmt: skip
    for _ in range(world.ruleset.necropolis_thefts):
        roll = dice.d6("T-NECRO-ITEM a theft")
        item = module_table(world, "t-necro-item").lookup(roll.result)
        if item == "necromancer_wakes":
            text = "The Necromancer awakens: the search party is lost, and his horde rises."
            events.append(
                _news(world, army_id, hex_, "NR-NECRO-9 AMB-12", item, text, rolls=(roll,))
            )
            world, more = rise(world, hex_, army_id, dice, "NR-NECRO-9")
            return world, [*events, *more]
        points, rolls = multiple(
            dice, 1, 6, world.ruleset.necropolis_item_points, f"T-NECRO-ITEM {item}"
        )
        text = f"A magic {item} worth {points} points is taken."
        events += [
            _news(world, army_id, hex_, "T-NECRO-ITEM", item, text, points=points, rolls=(roll,)),
            *points_gained(world, army_id, points, "T-NECRO-ITEM", rolls),
        ]
        world = _with_points(world, army_id, points)
    return world, events


def _with_points(world: World, army_id: int, gained: int) -> World:
    """The world with an army's gain, so that the next theft counts from it."""
    army = world.armies[army_id]
    armies = {**world.armies, army_id: msgspec.structs.replace(army, points=army.points + gained)}
    return dataclasses.replace(world, armies=armies)


def _undead(world, hex_, army_id, dice, site):
    text = "A Necromancer leads his horde out of the tombs!"
    events: list[Event] = [_news(world, army_id, hex_, "T-NECRO NR-NHORDE", "undead", text)]
    world, more = rise(world, hex_, army_id, dice, "T-NECRO")
    return world, [*events, *more]


RESULT_RULES = {
    "fabulous_treasure": _treasure,
    "hero_tomb": _hero_tomb,
    "map": _map,
    "great_hoard": _hoard,
    "cursed_treasure": _cursed_treasure,
    "nothing": _nothing,
    "collapse": _collapse,
    "horror": _horror,
    "necromancer_tomb": _necromancer,
    "rats": _rats,
    "undead": _undead,
}

MODULE = register(Module(option="wildlands", invasions=invasions, tables=TABLES))
