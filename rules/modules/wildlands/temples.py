"""Temples and stone circles (new-rules.md §5: NR-TEMPLE, T-TEMPLE-RACE; AMB-20, AMB-22,
AMB-23), part of the wildlands module.

* Found (AMB-20): an examination finds an abandoned temple, a permanent site
  (NR-WILD-5) in ``module_state["wildlands.temple"]``. The hex's owner (its controller,
  E-33, AMB-23) consecrates it at once, for free, to its own race, if that race has a
  temple (T-TEMPLE-RACE) and the hex suits it (Dark Elves never on a river; the barren
  hexes the others ask for are what an examination finds). Otherwise it stays abandoned.
* Held (NR-TEMPLE-10): a consecrated temple works while its holder owns the hex. At the
  start of each campaign season (the first turn of the year, E-31, Phase 1) it gives its
  race's free troops (d6, or 2d6 for Orcs and Skaven, times the ruleset's
  ``temple_<race>_points``), to the holder's army nearest the temple: E-32 armies are
  raised only by their owners, so the "new banner" of AMB-20 joins that army. The
  Bretonnian knights leave at the winter phase (NR-TEMPLE-11); a Dwarf temple gives magic
  items (points) each winter instead; a High Elf temple wards its hex against every
  equinox spell (AMB-20: "magical attacks").
* Walls (NR-TEMPLE-2/7/8, AMB-22): its holder defending its hex adds a fortress's Table 23
  bonus to the hex's own defence; an Orc totem has none. BASE-17's fortress rules are
  that ×3 alone: unpatrolled, a temple falls as a fortress does (P-C2, E-37), and E-37's
  siege belongs to the walled features (docs/design/supplement.md).
* Taken (NR-TEMPLE-3, AMB-22): a temple whose hex another kingdom conquers is sacked:
  the conqueror is due the ruleset's ``temple_sack_crowns_dice`` d6 crowns at the next
  winter phase, and the temple is gone.

* Built (NR-TEMPLE-1): ordered in the winter turn, it stands from the winter phase
  (rules.modules.wildlands.temple_building).

A kingdom's race is the peoples module's (``race_of``, NR-RACE): while it has none (the
module off, or no people chosen) a temple it finds stays abandoned (the stated default).
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event, HexConquered
from rules.core.state import BattleState, Coord, Order, Role, Terrain, World
from rules.kingdoms.crowns import is_winter_turn, turn_of_year
from rules.modules import End, Module, Start, register
from rules.modules.wildlands.news import (
    _SiteNews,
    by_hex,
    nearest_army,
    news,
    owe,
    reinforce,
    state_now,
    weaken,
)
from rules.modules.wildlands.sites import (
    OPTION,
    Examination,
    Site,
    controller,
    coord_of,
    handles,
    hex_key,
    key_of,
    place,
    records,
    with_records,
)

TEMPLE = Site.TEMPLE

# T-TEMPLE-RACE: the races with a temple, and how many d6 of their points it gives
SEASON_TROOPS = {
    "bretonnians": 1,
    "empire": 1,
    "orcs_goblins": 2,
    "chaos": 1,
    "dark_elves": 1,
    "wood_elves": 1,
    "skaven": 2,
}
WINTER_ITEMS = {"dwarfs": 1}
WARDS = {"high_elves"}
NEVER_ON = {"dark_elves": Terrain.RIVER}
LEAVE_AT_WINTER = {"bretonnians"}  # NR-TEMPLE-11
UNWALLED = {"orcs_goblins"}  # a Waaagh-totem protects like a village: no walls (T-TEMPLE-RACE)


class TempleNews(_SiteNews):
    """NR-TEMPLE: a temple found (its finder's, who owns its hex), what it gives its
    holder, its sack (the sacker's and the holder's); and the GM's."""


def race_of(world: World, kingdom_id: int | None) -> str | None:
    """The kingdom's race (``KingdomState.race``, the peoples module's: NR-RACE), or None
    while it has none (the module off, or no people chosen)."""
    kingdom = world.kingdoms.get(kingdom_id) if kingdom_id is not None else None
    return (kingdom.race or None) if kingdom is not None else None


def has_temple(race: str | None) -> bool:
    return race in SEASON_TROOPS or race in WINTER_ITEMS or race in WARDS


@handles(TEMPLE, permanent=True)
def discover(world: World, exam: Examination, dice: Dice) -> tuple[World, list[Event]]:
    """AMB-20: an abandoned temple, consecrated by the hex's owner if his race may."""
    owner = controller(world, exam.hex)
    race = race_of(world, owner)
    fits = has_temple(race) and NEVER_ON.get(race) is not world.hexes[exam.hex].terrain
    rule = "NR-TEMPLE AMB-20 NR-WILD-5"
    world, (stored,) = place(world, exam, TEMPLE, rule, race=race if fits else None)
    events: list[Event] = [
        news(
            TempleNews,
            "NR-TEMPLE AMB-20 NR-WILD-5",
            "temple_found",
            hex=exam.hex,
            army_id=exam.army_id,
            kingdom_ids=(exam.kingdom_id,),
        ),
        stored,
    ]
    if fits:
        events.insert(
            1,
            news(
                TempleNews,
                "NR-TEMPLE-9 T-TEMPLE-RACE AMB-20",
                "temple_claimed",
                hex=exam.hex,
                other=race,
                kingdom_ids=(owner,),
            ),
        )
    return world, events


def holder(record: dict) -> int | None:
    """AMB-20: the kingdom that consecrated the temple (it found it on its own hex), or
    None while it stands abandoned."""
    return record.get("kingdom_id") if record.get("race") else None


def active(world: World, hex_: Coord, record: dict) -> bool:
    """NR-TEMPLE-10: consecrated, and its holder still controls the hex."""
    held = holder(record)
    return held is not None and controller(world, hex_, record) == held


def warded(world: World, hex_: Coord) -> bool:
    """T-TEMPLE-RACE, AMB-20: a High Elf temple's hex is immune to the equinox spells."""
    record = records(world, TEMPLE).get(hex_key(hex_))
    return record is not None and record.get("race") in WARDS and active(world, hex_, record)


def walls(world: World, battle: BattleState, role: Role, points: dict[int, int]) -> int:
    """NR-TEMPLE-2/7/8, AMB-22, E-37: a temple is fortified as a fortress: its holder,
    defending its hex, adds the fortress's Table 23 bonus to the hex's own defence (their
    defences add up). An Orc totem has no walls (T-TEMPLE-RACE)."""
    if role is not Role.DEFENDER or battle.defender is None:
        return 0
    record = records(world, TEMPLE).get(hex_key(battle.hex))
    if record is None or record.get("race") in UNWALLED or not active(world, battle.hex, record):
        return 0
    return world.ruleset.fortress_bonus if battle.defender.kingdom_id == holder(record) else 0


def phase_one(world: World, orders: list[Order], dice: Dice):
    """E-31, NR-TEMPLE-10/11: the first turn of the year opens the campaign season: each
    active temple gives its race's troops."""
    if turn_of_year(world.ruleset, world.turn) != 1:
        return world, orders, []
    events: list[Event] = []
    for key, record in sorted(records(world, TEMPLE).items(), key=by_hex):
        dice_count = SEASON_TROOPS.get(record.get("race"), 0)
        if dice_count and active(world, coord_of(key), record):
            world, given = _gift(world, key, record, dice_count, dice, "temple_troops")
            events += given
    return world, orders, events


def _gift(world: World, key: str, record: dict, count: int, dice: Dice, what: str):
    """``count`` d6 times the race's points to the holder's army nearest the temple."""
    race, hex_ = record["race"], coord_of(key)
    rule = "NR-TEMPLE-10 T-TEMPLE-RACE AMB-20"
    army = nearest_army(world, hex_, holder(record))
    if army is None:
        return world, []  # nobody to join: the gift is lost this season
    rolls = tuple(dice.d6(f"T-TEMPLE-RACE {race} temple on {hex_}") for _ in range(count))
    points = sum(r.result for r in rolls) * getattr(world.ruleset, f"temple_{race}_points")
    world, gained = reinforce(world, army.id, points, rule)
    got = gained[0].points_gained if gained else 0
    told = news(
        TempleNews, rule, what, rolls=rolls, hex=hex_, army_id=army.id, points=got,
        kingdom_ids=(holder(record),),
    )  # fmt: skip
    if race in LEAVE_AT_WINTER and got:
        temples = records(world, TEMPLE)
        temples[key] = {**record, "knights": {"army_id": army.id, "points": got}}
        world, stored = with_records(world, TEMPLE, temples, "NR-TEMPLE-11")
        return world, [told, *gained, stored]
    return world, [told, *gained]


def end_of_turn(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """NR-TEMPLE-3 (AMB-22): temples on hexes conquered this turn are sacked; in the
    winter turn, the Bretonnian knights leave (NR-TEMPLE-11) and the Dwarf temples give
    their items."""
    world, more = _sacked(world, events, dice)
    if not is_winter_turn(world.ruleset, world.turn):
        return more
    for key, record in sorted(records(world, TEMPLE).items(), key=by_hex):
        if record.get("knights"):
            world, gone = _knights_leave(world, key, record)
            more += gone
        count = WINTER_ITEMS.get(record.get("race"), 0)
        if count and active(world, coord_of(key), record):
            world, given = _gift(world, key, record, count, dice, "temple_items")
            more += given
    return more


def _sacked(world: World, events: list[Event], dice: Dice) -> tuple[World, list[Event]]:
    temples = state_now(world, events, key_of(TEMPLE))
    taken = {
        hex_key(e.hex): e.kingdom_id
        for e in events
        if isinstance(e, HexConquered) and hex_key(e.hex) in temples
    }
    more: list[Event] = []
    for key, conqueror in sorted(taken.items()):
        if holder(temples[key]) == conqueror:
            continue
        rule = "NR-TEMPLE-3 NR-TEMPLE-5 AMB-22"
        rolls = tuple(
            dice.d6(f"NR-TEMPLE-3 the temple's relics on {key}")
            for _ in range(world.ruleset.temple_sack_crowns_dice)
        )
        crowns = sum(r.result for r in rolls)
        told = tuple(sorted({conqueror, holder(temples.pop(key))} - {None}))
        world, due = owe(world, conqueror, crowns, rule, [*events, *more])
        more += [
            news(
                TempleNews,
                rule,
                "temple_sacked",
                rolls=rolls,
                hex=coord_of(key),
                points=crowns,
                kingdom_ids=told,
            ),
            due,
        ]
    if more:
        world, stored = with_records(world, TEMPLE, temples, "NR-TEMPLE-3")
        more.append(stored)
    return world, more


def _knights_leave(world: World, key: str, record: dict) -> tuple[World, list[Event]]:
    """NR-TEMPLE-11: the knights' points leave their army at the winter phase."""
    knights = record["knights"]
    army = world.armies.get(knights["army_id"])
    temples = records(world, TEMPLE)
    temples[key] = {k: v for k, v in record.items() if k != "knights"}
    world, stored = with_records(world, TEMPLE, temples, "NR-TEMPLE-11")
    if army is None:
        return world, [stored]
    leaving = min(knights["points"], army.points)
    world, lost = weaken(world, army.id, leaving, "NR-TEMPLE-11")
    told = news(
        TempleNews, "NR-TEMPLE-11", "knights_leave", hex=coord_of(key), army_id=army.id,
        points=leaving, kingdom_ids=(army.kingdom_id,),
    )  # fmt: skip
    return world, [told, *lost, stored]


register(
    Module(
        option=OPTION,
        phase_one=phase_one,
        starts_at=Start.SEASON_OPENS,
        end_of_turn=end_of_turn,
        ends_at=End.TEMPLE_BANNERS,
        table_23=(("A temple {fortress_bonus:+d} (its holder, defending)", "NR-TEMPLE-8", walls),),
    )
)
