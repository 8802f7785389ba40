"""The Examine order (NR-WILD-2–4, E-32, E-33) and T-WILD (NR-WILD-3, AMB-06).

An army that begins its turn on a barren hex may give up its exploration and movement to
examine it. In Warpost (E-32, E-33) a barren hex is a land hex of the army's own kingdom
with no major feature and no wildland site (a minor feature is allowed), and the army's
position (E-32) is where it began the turn. The order is a Table 5 order like Scout: the
army stays where it stands, invades nothing, covers nothing and fights no battle.

It resolves at Provisional Results after scouting (§3 step 3d, rules.modules
``order_results``), in army-id order: a d100 on the hex's T-WILD column, on the dice
record, then the handler registered for the result (rules.modules.wildlands.sites). The
examination is the examiner's own news (a ``WildlandExamined`` to his kingdom); a result
no handler answers yet is still rolled and said, and places nothing.
"""

from __future__ import annotations

import dataclasses

from rules.core.dice import Dice
from rules.core.dicetable import DiceTable
from rules.core.events import Announcement, Event
from rules.core.hexgrid import neighbours
from rules.core.problems import Problem
from rules.core.state import ArmyState, Coord, HexState, Order, OrderKind, Terrain, World
from rules.core.wildlands_options import COAST, COLUMN_NAMES, MOUNTAIN, PLAIN, RIVER
from rules.modules import module_table
from rules.modules.wildlands.sites import HANDLERS, OPTION, Examination, Site, handles, site_at

S = Site
# T-WILD (new-rules.md §4): each column's rows, 1–100 ("00" is 100, NR-GEN-3)
ROWS: dict[int, tuple[tuple[int, int, Site], ...]] = {
    PLAIN: (
        (1, 50, S.NOTHING), (51, 55, S.RUINS_TOMB), (56, 60, S.NECROPOLIS),
        (61, 65, S.MAGIC_TOWER), (66, 70, S.TEMPLE), (71, 75, S.TRADING_POST),
        (76, 79, S.LORNALIM_FOREST), (80, 82, S.CRYSTAL_FOREST), (83, 84, S.OAK_FOREST),
        (85, 85, S.CULTISTS), (86, 87, S.BRIGANDS), (88, 90, S.CHAOS_HORDE),
        (91, 94, S.TAVERN), (95, 96, S.BLACK_TOWER), (97, 98, S.MYSTIC_SPRING),
        (99, 99, S.TREASURE), (100, 100, S.WYVERN),
    ),
    COAST: (
        (1, 50, S.NOTHING), (51, 55, S.RUINS_TOMB), (56, 60, S.NECROPOLIS),
        (61, 65, S.MAGIC_TOWER), (66, 70, S.TEMPLE), (71, 75, S.TRADING_POST),
        (76, 76, S.VOLCANO), (77, 78, S.LORNALIM_FOREST), (79, 81, S.OAK_FOREST),
        (82, 83, S.CULTISTS), (84, 85, S.BRIGANDS), (86, 88, S.CREATURE_LAIR),
        (89, 90, S.NORTHERN_RAIDERS), (91, 94, S.TAVERN), (95, 96, S.BLACK_TOWER),
        (97, 98, S.MYSTIC_SPRING), (99, 99, S.TREASURE), (100, 100, S.WYVERN),
    ),
    RIVER: (
        (1, 50, S.NOTHING), (51, 55, S.RUINS_TOMB), (56, 60, S.NECROPOLIS),
        (61, 65, S.MAGIC_TOWER), (66, 70, S.TEMPLE), (71, 75, S.TRADING_POST),
        (76, 78, S.FLASH_FLOOD), (79, 80, S.LORNALIM_FOREST), (81, 83, S.CRYSTAL_FOREST),
        (84, 86, S.OAK_FOREST), (87, 87, S.CULTISTS), (88, 89, S.BRIGANDS),
        (90, 90, S.NORTHERN_RAIDERS), (91, 94, S.TAVERN), (95, 96, S.BLACK_TOWER),
        (97, 98, S.MYSTIC_SPRING), (99, 99, S.TREASURE), (100, 100, S.WYVERN),
    ),
    MOUNTAIN: (
        (1, 50, S.NOTHING), (51, 55, S.RUINS_TOMB), (56, 60, S.NECROPOLIS),
        (61, 70, S.MAGIC_TOWER), (71, 75, S.MINE), (76, 80, S.TEMPLE),
        (81, 85, S.TRADING_POST), (86, 87, S.VOLCANO), (88, 89, S.CRYSTAL_FOREST),
        (90, 90, S.CULTISTS), (91, 91, S.BRIGANDS), (92, 94, S.TAVERN),
        (95, 96, S.BLACK_TOWER), (97, 98, S.MYSTIC_SPRING), (99, 99, S.TREASURE),
        (100, 100, S.WYVERN),
    ),
}  # fmt: skip

TABLE_KEYS = {column: f"t-wild-{name}" for column, name in COLUMN_NAMES.items()}
# The module's editable tables (rules.modules): key → (default, {word: result})
TABLES = {
    TABLE_KEYS[column]: (
        DiceTable(
            title=f"T-WILD ({COLUMN_NAMES[column].capitalize()})",
            rule="NR-WILD-3",
            sides=100,
            rows=rows,
        ),
        {site.value: site for site in Site},
    )
    for column, rows in ROWS.items()
}


@dataclasses.dataclass(frozen=True, kw_only=True)
class WildlandExamined(Announcement):
    """NR-WILD-2–4: an army examined its hex: the column, the d100 and what it found
    (``site``, a Site's value); ``handled`` is False for a result whose rules are not
    built yet (no site is placed). For the examiner's kingdom and the GM."""

    army_id: int
    hex: Coord
    column: str
    roll: int
    site: str
    handled: bool = True


def column(world: World, hex_: HexState) -> int:
    """NR-WILD-3, AMB-06, E-33: the T-WILD column of the hex's terrain, the GM's options
    for those the table lacks."""
    rules = world.ruleset
    if hex_.terrain is Terrain.RIVER:
        return RIVER
    if hex_.terrain is Terrain.MOUNTAIN:
        return MOUNTAIN
    if hex_.terrain is Terrain.FOREST:
        return rules.wild_column_forest
    if hex_.terrain is Terrain.SWAMP:
        return rules.wild_column_swamp
    by_sea = any(
        world.hexes[n].terrain is Terrain.SEA for n in neighbours(hex_.coord) if n in world.hexes
    )
    return COAST if by_sea and rules.wild_coast_by_sea else PLAIN


def examine_problem(world: World, kingdom_id: int, order: Order) -> Problem | None:
    """NR-WILD-2, E-32, E-33: the module is on and the army began the turn on a barren
    hex of its kingdom (the order's hex, if it names one, is that hex)."""
    if not getattr(world.ruleset, OPTION):
        return Problem(
            "NR-WILD-2",
            "kind",
            "the Examine order belongs to the wildlands module, which this campaign does not use",
        )
    army = world.armies[order.army_id]
    where = army.position
    if where is None:
        return Problem(
            "NR-WILD-2 E-32", "army", "army {army} stands on no hex: it has none to examine",
            army=army.id,
        )  # fmt: skip
    if order.target is not None and tuple(order.target) != where:
        return Problem(
            "NR-WILD-2 E-32",
            "target",
            "army {army} began the turn on {where}, not {target}: an army examines the hex "
            "it stands on",
            army=army.id,
            where=where,
            target=order.target,
        )
    if attacks_tower(world, kingdom_id, where):
        return None  # NR-TOWER-3/8: resolved as an attack (rules.modules.wildlands.towers)
    return barren_problem(world, kingdom_id, where)


def attacks_tower(world: World, kingdom_id: int, where: Coord) -> bool:
    """NR-TOWER-3/8, E-32: Warpost has no order to attack a site in one's own hex, so an
    Examine given on a hex of the kingdom's that holds a magic tower is an attack on it."""
    found = site_at(world, where)
    return (
        found is not None
        and found[0] is Site.MAGIC_TOWER
        and world.hexes[where].owner == kingdom_id
    )


def barren_problem(world: World, kingdom_id: int, where: Coord) -> Problem | None:
    """E-32, E-33, NR-WILD-5: a barren hex is the kingdom's own, with no major feature
    and no wildland site."""
    hex_ = world.hexes[where]
    if hex_.owner != kingdom_id:
        return Problem(
            "NR-WILD-2 E-32",
            "target",
            "{where} is not your hex: an army examines a barren hex of its own kingdom",
            where=where,
        )
    if hex_.feature is not None:
        return Problem(
            "NR-WILD-2 E-33",
            "target",
            "{where} holds a major feature: only a barren hex can be examined",
            where=where,
        )
    if site_at(world, where) is not None:
        return Problem(
            "NR-WILD-5 E-33",
            "target",
            "{where} already holds a wildland site: only a barren hex can be examined",
            where=where,
        )
    return None


def examine_all(world: World, orders: list[Order], dice: Dice) -> tuple[World, list[Event]]:
    """§3 step 3d: every Examine order, in army-id order; each sees the sites the ones
    before it placed."""
    events: list[Event] = []
    examining = sorted((o for o in orders if o.kind is OrderKind.EXAMINE), key=lambda o: o.army_id)
    for order in examining:
        army = world.armies.get(order.army_id)
        if army is None or army.position is None:
            continue
        if attacks_tower(world, army.kingdom_id, army.position):
            continue  # fought at step 3e (rules.modules.wildlands.towers:invasions)
        world, found = examine(world, army, dice)
        events += found
    return world, events


def examine(world: World, army: ArmyState, dice: Dice) -> tuple[World, list[Event]]:
    """NR-WILD-3–5: the d100 on the hex's column, then the result's handler."""
    where = army.position
    name = COLUMN_NAMES[column(world, world.hexes[where])]
    roll = dice.roll(100, f"NR-WILD-3 T-WILD ({name}) examination of {where} by army {army.id}")
    site = Site(module_table(world, f"t-wild-{name}").lookup(roll.result))
    found = HANDLERS.get(site)
    exam = Examination(where, army.id, army.kingdom_id, name, roll.result)
    news = WildlandExamined(
        rule="NR-WILD-2 NR-WILD-3" + (" NR-WILD-4" if site is Site.NOTHING else ""),
        rolls=(roll,),
        kingdom_ids=(army.kingdom_id,),
        army_id=army.id,
        hex=where,
        column=name,
        roll=roll.result,
        site=site.value,
        handled=found is not None,
        text=_text(army, where, name, roll.result, site, found is not None),
    )
    if found is None:
        return world, [news]
    world, more = found.discover(world, exam, dice)
    return world, [news, *more]


def _text(army: ArmyState, where: Coord, name: str, roll: int, site: Site, handled: bool) -> str:
    said = f"{army.name} examines ({where[0]}, {where[1]}): T-WILD {name} {roll}, {site.value}"
    return said + ("." if handled else ": its rules are not in play yet, so nothing is placed.")


@handles(Site.NOTHING, permanent=False)
def nothing_new(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-WILD-4: the hex stays barren and may be examined again."""
    return world, []
