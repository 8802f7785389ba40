"""Building a temple (new-rules.md §5: NR-TEMPLE-1, NR-TEMPLE-4, T-TEMPLE-RACE), part of
the wildlands module.

A kingdom orders a temple on any hex of its own, barren or with a settlement (NR-TEMPLE-4:
a temple is a site record, never a feature), while its winter turn takes orders, paying
``temple_build_crowns`` from the crown ledger then (E-30, as a bridge:
kingdoms.works.services.temple_order); it stands from that turn's winter phase (E-31,
``winter_temples``), consecrated to the builder's race (the peoples module's ``race_of``):
a race with no temple (T-TEMPLE-RACE) builds none, nor a Dark Elf one on a river.
The orders wait in ``module_state["wildlands.temple_orders"]``.
"""

from __future__ import annotations

from rules.core.dice import Dice
from rules.core.events import Event, ModuleStateChanged
from rules.core.problems import Problem
from rules.core.state import Coord, Feature, Terrain, World
from rules.kingdoms.crowns import is_winter_turn
from rules.modules import End, Module, register
from rules.modules.peoples import race_of
from rules.modules.wildlands.news import news
from rules.modules.wildlands.sites import OPTION, hex_key, records, site_at, with_records
from rules.modules.wildlands.temples import NEVER_ON, TEMPLE, TempleNews, has_temple

ORDERS = "wildlands.temple_orders"
# T-TEMPLE-RACE: the peoples whose temple stands only on a barren hex (E-33: no major
# feature), and the terrains it may take besides
BARREN_ONLY = {"chaos": (), "wood_elves": (Terrain.FOREST,)}
CHEAPER_BY_A_CITY = {"high_elves"}  # T-TEMPLE-RACE: ``temple_high_elves_city_crowns``


def ordered(world: World, kingdom_id: int | None = None) -> list[dict]:
    """This turn's temple orders (of ``kingdom_id`` alone when given); older ones were
    built at their winter phase."""
    return [
        o
        for o in world.module_state.get(ORDERS, {}).get("ordered", [])
        if o["turn"] == world.turn and kingdom_id in (None, o["kingdom_id"])
    ]


def temple_problem(world: World, kingdom_id: int, hex_: Coord) -> Problem | None:
    """NR-TEMPLE-1, NR-TEMPLE-4, T-TEMPLE-RACE: why ``kingdom_id`` may not order a temple on
    ``hex_`` now (its crowns aside: rules.kingdoms.crowns.spend_problem); None if it may."""
    rules = world.ruleset
    if not is_winter_turn(rules, world.turn):
        return Problem(
            "NR-TEMPLE-1 E-31",
            "hex",
            "temples are built in the winter turn (turn {winter} of each {year}-turn year)",
            winter=rules.winter_turn,
            year=rules.year_turns,
        )
    here = world.hexes.get(hex_)
    if here is None or here.owner != kingdom_id:
        return Problem("NR-TEMPLE-1", "hex", "{hex} is not a hex of your kingdom", hex=hex_)
    race = race_of(world, kingdom_id)
    if not has_temple(race):
        return Problem("NR-TEMPLE-9 T-TEMPLE-RACE", "hex", "your kingdom's people build no temple")
    if NEVER_ON.get(race) is here.terrain:
        return Problem(
            "NR-TEMPLE-9 T-TEMPLE-RACE",
            "hex",
            "your people's temple may not stand on {terrain}",
            terrain=here.terrain.value,
        )
    if race in BARREN_ONLY and here.feature is not None and here.terrain not in BARREN_ONLY[race]:
        return Problem(
            "NR-TEMPLE-9 T-TEMPLE-RACE",
            "hex",
            "your people's temple stands only on a barren hex",
        )
    if site_at(world, hex_) is not None or any(o["hex"] == list(hex_) for o in ordered(world)):
        return Problem(
            "NR-TEMPLE-1 NR-WILD-5", "hex", "{hex} already holds a wildland site", hex=hex_
        )
    return None


def temple_price(world: World, kingdom_id: int, hex_: Coord) -> int:
    """NR-TEMPLE-1, T-TEMPLE-RACE: the crowns a temple costs; a High Elf one beside a City
    costs less."""
    rules = world.ruleset
    by_city = world.hexes[hex_].feature is Feature.CITY
    if by_city and race_of(world, kingdom_id) in CHEAPER_BY_A_CITY:
        return rules.temple_high_elves_city_crowns
    return rules.temple_build_crowns


def temple_ordered(world: World, kingdom_id: int, hex_: Coord) -> tuple[dict, dict]:
    """A temple on ``hex_`` ordered by ``kingdom_id`` this turn (``temple_problem`` allows
    it): the order, priced, and the orders' state with it (earlier winters' dropped)."""
    order = {
        "kingdom_id": kingdom_id,
        "hex": list(hex_),
        "crowns": temple_price(world, kingdom_id, hex_),
        "turn": world.turn,
    }
    return order, {"ordered": [*ordered(world), order]}


def winter_temples(world: World, events: list[Event], dice: Dice) -> list[Event]:
    """E-31, NR-TEMPLE-1: the winter turn's ordered temples stand, consecrated to their
    builder's race, even on a hex that changed hands in the turn (it was paid for; its
    powers follow its holder's hold on the hex, NR-TEMPLE-10)."""
    orders = ordered(world)
    if not is_winter_turn(world.ruleset, world.turn) or not orders:
        return []
    temples = records(world, TEMPLE)
    told: list[Event] = []
    for o in orders:
        race = race_of(world, o["kingdom_id"])
        temples[hex_key(tuple(o["hex"]))] = {
            "kingdom_id": o["kingdom_id"],
            "turn": world.turn,
            "race": race,
            "built": True,
        }
        told.append(
            news(
                TempleNews,
                "NR-TEMPLE-1 E-31",
                "temple_built",
                hex=tuple(o["hex"]),
                other=race,
                points=o["crowns"],  # its price, paid at the order
                kingdom_ids=(o["kingdom_id"],),
            )
        )
    world, stored = with_records(world, TEMPLE, temples, "NR-TEMPLE-1")
    done = ModuleStateChanged(rule="NR-TEMPLE-1", module=ORDERS, state={"ordered": []})
    return [*told, stored, done]


register(Module(option=OPTION, end_of_turn=winter_temples, ends_at=End.CONSTRUCTION, crowns=True))
