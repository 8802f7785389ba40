"""Mines (new-rules.md §5: NR-MINE, T-MINE, T-MINE-RARE, T-MINE-EXH; AMB-21, AMB-23),
part of the wildlands module.

* Found: only T-WILD's Mountain column holds mines (NR-MINE-1; rules.modules.wildlands
  .sites rolls it). The examining army rolls T-MINE at once (NR-MINE-2), and T-MINE-RARE
  or T-MINE-EXH as it sends. A Dwarf kingdom re-rolls once a mine (AMB-21, the ruleset's
  ``mine_dwarf_reroll``): its choice of table made by default, T-MINE's worked-out mine,
  so that a worked-out mine again leads to T-MINE-EXH without a second re-roll.
* A mine that pays or forges is a permanent site (NR-MINE-4, NR-WILD-5) in
  ``module_state["wildlands.mine"]``; one that gives nothing leaves the hex barren.
* Winter phase (NR-MINE-5, AMB-21, AMB-23): the hex's owner then (its controller, E-33)
  is paid: base metals ``mine_base_crowns``, precious metals ``mine_precious_crowns``,
  gems d6 crowns, as crown income (E-30); meteoric steel forges one magic item of d6
  times ``mine_forge_points`` (points, to the owner's army nearest the mine), and so does
  warpstone for Skaven and Chaos.
* Abstract readings: a collapse costs the examining army d6 times
  ``mine_collapse_points``; a Dwarf hold's or Skaven labyrinth's entrance is told only
  (BASE-22's table is missing, and an independent fortress on the finder's own hex has
  no meaning under E-32); the cave trolls join Orc and Chaos armies (d6 times
  ``mine_trolls_points``) and strike the others.
"""

from __future__ import annotations

from enum import StrEnum

from rules.core.dice import Dice, Roll
from rules.core.dicetable import d6
from rules.core.events import Event
from rules.core.state import World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules import End, Income, Module, module_table, register
from rules.modules.wildlands.news import (
    NAMES,
    _SiteNews,
    by_hex,
    nearest_army,
    news,
    reinforce,
    weaken,
)
from rules.modules.wildlands.rulings import labyrinth_asked
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    controller,
    coord_of,
    handles,
    place,
    records,
)
from rules.modules.wildlands.temples import race_of

MINE = Site.MINE
FORGERS = {"skaven", "chaos"}  # warpstone (T-MINE-RARE 6)
TROLL_FRIENDS = {"orcs_goblins", "chaos"}  # cave trolls and night goblins (T-MINE-EXH 6)


class MineNews(_SiteNews):
    """NR-MINE: what a mine holds and gives: its finder's and the GM's."""


class Vein(StrEnum):
    """T-MINE, T-MINE-RARE and T-MINE-EXH results."""

    EXHAUSTED = "exhausted"
    BASE = "base"
    PRECIOUS = "precious"
    RARE = "rare"
    COLLAPSE = "collapse"
    GEMS = "gems"
    METEORIC = "meteoric"
    WARPSTONE = "warpstone"
    DWARF_HOLD = "dwarf_hold"
    SKAVEN_LABYRINTH = "skaven_labyrinth"
    TROLLS = "trolls"


T_MINE = d6(
    "T-MINE (mine status)",
    "NR-MINE-2 T-MINE",
    (1, 1, Vein.EXHAUSTED),
    (2, 4, Vein.BASE),
    (5, 5, Vein.PRECIOUS),
    (6, 6, Vein.RARE),
)
T_MINE_RARE = d6(
    "T-MINE-RARE (rare mines)",
    "T-MINE-RARE",
    (1, 1, Vein.COLLAPSE),
    (2, 3, Vein.GEMS),
    (4, 5, Vein.METEORIC),
    (6, 6, Vein.WARPSTONE),
)
T_MINE_EXH = d6(
    "T-MINE-EXH (exhausted mines)",
    "T-MINE-EXH",
    (1, 3, Vein.COLLAPSE),
    (4, 4, Vein.DWARF_HOLD),
    (5, 5, Vein.SKAVEN_LABYRINTH),
    (6, 6, Vein.TROLLS),
)
WORDS = {v.value: v for v in Vein}
TABLES = {
    "t-mine": (T_MINE, WORDS),
    "t-mine-rare": (T_MINE_RARE, WORDS),
    "t-mine-exh": (T_MINE_EXH, WORDS),
}
PAYING = {Vein.BASE, Vein.PRECIOUS, Vein.GEMS, Vein.METEORIC, Vein.WARPSTONE}


@handles(MINE, permanent=True)
def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """NR-MINE-2/3: T-MINE, then its sub-table, a Dwarf's re-roll on the way."""
    dwarf = race_of(world, exam.kingdom_id) == "dwarfs" and world.ruleset.mine_dwarf_reroll
    facts = {"hex": exam.hex, "army_id": exam.army_id, "kingdom_ids": (exam.kingdom_id,)}
    vein, rolls = _roll(world, "t-mine", "NR-MINE-2 T-MINE", dice)
    events: list[Event] = []
    if vein is Vein.EXHAUSTED and dwarf:
        events.append(news(MineNews, "NR-MINE-3 AMB-21", "dwarf_reroll", rolls=rolls, **facts))
        vein, rolls = _roll(world, "t-mine", "NR-MINE-3 T-MINE re-roll", dice)
    if vein in (Vein.RARE, Vein.EXHAUSTED):
        key = "t-mine-rare" if vein is Vein.RARE else "t-mine-exh"
        vein, more = _roll(world, key, key.upper(), dice)
        rolls += more
    world, found = _found(world, exam, vein, rolls, facts, dice)
    return world, [*events, *found]


def _roll(world: World, key: str, purpose: str, dice: Dice) -> tuple[Vein, tuple[Roll, ...]]:
    die = dice.d6(purpose)
    return module_table(world, key).lookup(die.result), (die,)


def _found(world: World, exam: Examination, vein: Vein, rolls, facts, dice):
    """What the mine holds: a paying site, a loss, troops, or a sealed entrance."""
    race = race_of(world, exam.kingdom_id)
    if vein is Vein.WARPSTONE and race not in FORGERS:
        return _loss(world, "T-MINE-RARE", "mine_warpstone", rolls, facts, dice, "collapse")
    if vein in PAYING:
        world, (stored,) = place(world, exam, MINE, "NR-MINE-4 NR-WILD-5", kind=vein.value)
        rule = "NR-MINE-2 NR-MINE-4 T-MINE"
        return world, [
            news(MineNews, rule, "mine_found", rolls=rolls, other=vein.value, **facts),
            stored,
        ]
    if vein is Vein.COLLAPSE:
        return _loss(
            world, "T-MINE-RARE T-MINE-EXH", "mine_collapse", rolls, facts, dice, "collapse"
        )
    if vein is Vein.TROLLS:
        if race in TROLL_FRIENDS:
            die = dice.d6("T-MINE-EXH cave trolls recruited: d6")
            gain = die.result * world.ruleset.mine_trolls_points
            world, gained = reinforce(world, exam.army_id, gain, "T-MINE-EXH")
            got = gained[0].points_gained if gained else 0
            told = news(
                MineNews, "T-MINE-EXH", "mine_trolls_join", rolls=(*rolls, die), points=got, **facts
            )
            return world, [told, *gained]
        return _loss(world, "T-MINE-EXH", "mine_trolls_fight", rolls, facts, dice, "trolls")
    entrance = "dwarf_hold" if vein is Vein.DWARF_HOLD else "skaven_labyrinth"
    die = dice.d6(f"T-MINE-EXH {entrance}: inhabited on 5-6")
    other = entrance if die.result <= 4 else entrance.split("_")[0] + "_fortress"
    rule = "T-MINE-EXH BASE-22"
    told = news(MineNews, rule, "mine_hold", rolls=(*rolls, die), other=other, **facts)
    if vein is Vein.DWARF_HOLD:
        return world, [told]
    # new-rules.md §12.4: the labyrinth's own table is missing; the GM is asked what it holds
    return world, [told, labyrinth_asked(world, exam.army_id, exam.hex, die.result > 4)]


def _loss(world: World, rule: str, what: str, rolls, facts, dice: Dice, why: str):
    """A collapse, the warpstone or the trolls: the army loses d6 times
    ``mine_collapse_points``."""
    die = dice.d6(f"{rule} {why}: d6 times the points lost")
    army = world.armies[facts["army_id"]]
    loss = min(die.result * world.ruleset.mine_collapse_points, army.points)
    world, lost = weaken(world, army.id, loss, rule)
    return world, [news(MineNews, rule, what, rolls=(*rolls, die), points=loss, **facts), *lost]


def crown_income(world: World, dice: Dice) -> list[Income]:
    """NR-MINE-5, AMB-21, AMB-23: the winter phase pays each mine's controller its crowns,
    by hex."""
    rules = world.ruleset
    fixed = {Vein.BASE: rules.mine_base_crowns, Vein.PRECIOUS: rules.mine_precious_crowns}
    incomes = []
    for key, record in sorted(records(world, MINE).items(), key=by_hex):
        owner, kind = controller(world, coord_of(key), record), Vein(record["kind"])
        if owner is None or kind not in (*fixed, Vein.GEMS):
            continue
        rule = "NR-MINE-5 AMB-21 AMB-23 E-31"
        where = f"{NAMES[kind.value]} mine at ({key.replace(',', ', ')})"
        if kind is Vein.GEMS:
            die = dice.d6(f"T-MINE-RARE gems at {key}: d6 crowns")
            incomes.append(Income(owner, die.result, where, f"T-MINE-RARE {rule}", (die,)))
        else:
            incomes.append(Income(owner, fixed[kind], where, f"T-MINE {rule}"))
    return incomes


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """T-MINE-RARE 4–6, AMB-21: in the winter turn each meteoric-steel mine, and each
    warpstone mine of a Skaven or Chaos controller, forges its item."""
    if not is_winter_turn(world.ruleset, world.turn):
        return []
    more: list[Event] = []
    for key, record in sorted(records(world, MINE).items(), key=by_hex):
        hex_, kind = coord_of(key), Vein(record["kind"])
        owner = controller(world, hex_, record)
        forges = kind is Vein.METEORIC or (
            kind is Vein.WARPSTONE and race_of(world, owner) in FORGERS
        )
        if owner is not None and forges:
            world, forged = _forge(world, hex_, owner, dice)
            more += forged
    return more


def _forge(world: World, hex_, owner: int, dice: Dice) -> tuple[World, list[Event]]:
    """T-MINE-RARE 4–6 (AMB-21): one magic item each winter, as points to the owner's army
    nearest the mine."""
    army = nearest_army(world, hex_, owner)
    if army is None:
        return world, []  # no army to carry it: nothing is forged this winter
    die = dice.d6(f"T-MINE-RARE the item forged at {hex_}: d6")
    rule = "T-MINE-RARE AMB-21"
    world, gained = reinforce(world, army.id, die.result * world.ruleset.mine_forge_points, rule)
    got = gained[0].points_gained if gained else 0
    told = news(
        MineNews, rule, "mine_item", rolls=(die,), hex=hex_, army_id=army.id, points=got,
        kingdom_ids=(owner,),
    )  # fmt: skip
    return world, [told, *gained]


register(
    Module(
        option=OPTION,
        end_of_turn=end_of_turn,
        ends_at=End.INCOME,
        crown_income=crown_income,
        tables=TABLES,
        crowns=True,
    )
)
