"""The new tiles and navigation hazards as pure rules (new-rules.md §2–3, E-33, E-34):
rules.modules.new_tiles, its placement on a generated map and the terrains' columns. The
turns they play are the scenario cases of tests/scenarios/modules/new_tiles/."""

from __future__ import annotations

import msgspec
import pytest

from rules import modules
from rules.core.dice import Dice
from rules.core.ruleset import RulesetError, exploration_table, ruleset_from_overrides
from rules.core.state import BASE_TERRAINS, Terrain
from rules.core.tables import TABLE_7_COLUMNS, table_7_column
from rules.modules.new_tiles import MODULE, T_NAVHAZ
from rules.modules.new_tiles.crossing import barred, hazard_hex
from rules.modules.new_tiles.events import Barred, ChasmCrossed, GroundShaken, Hazard, Shock
from rules.modules.new_tiles.placement import place_tiles
from rules.turn.visibility import Audience, Context, audience
from tests.rules.rules_builder import build

DEFAULT = ruleset_from_overrides({})
SUPPLEMENT = [t for t in Terrain if not t.is_base]


def _tile(world, at, terrain: Terrain) -> None:
    world.hexes[at] = msgspec.structs.replace(world.hexes[at], terrain=terrain)


def test_every_tile_explores_on_a_column_the_gm_may_change():
    """E-33, E-34: each tile's column is an option, 1–5 over Table 7's columns; sandbanks
    are sea and have none (NR-SAND-3)."""
    assert {t: table_7_column(DEFAULT, t) for t in SUPPLEMENT if not t.is_sea} == {
        Terrain.DELTA: Terrain.RIVER,
        Terrain.CHASM: Terrain.FIELDS,
        Terrain.ROCKY_PROMONTORY: Terrain.FIELDS,
        Terrain.COASTAL_ISLAND: Terrain.FIELDS,
        Terrain.ROCKY_COAST: Terrain.MOUNTAIN,
        Terrain.FAULT: Terrain.FIELDS,
        Terrain.VOLCANO: Terrain.MOUNTAIN,
        Terrain.PLATEAU: Terrain.MOUNTAIN,
    }
    assert Terrain.SANDBANKS.is_sea and table_7_column(DEFAULT, Terrain.SANDBANKS).is_sea
    swamp = ruleset_from_overrides({"options": {"volcano_column": 4}})
    assert exploration_table(swamp, Terrain.VOLCANO) == exploration_table(swamp, Terrain.SWAMP)
    assert [table_7_column(DEFAULT, t) for t in TABLE_7_COLUMNS] == list(TABLE_7_COLUMNS)
    with pytest.raises(RulesetError):
        ruleset_from_overrides({"options": {"delta_column": 6}})


def test_the_module_is_off_by_default_and_brings_its_table_and_modifiers():
    assert DEFAULT.new_tiles == 0 and MODULE in modules.REGISTRY
    assert modules.tables()["t-navhaz"][0] == T_NAVHAZ
    assert [T_NAVHAZ.lookup(face) for face in range(1, 7)] == [
        Hazard.WRECKED, Hazard.AGROUND, Hazard.OVERBOARD, Hazard.JETTISONED, Hazard.CLEAR,
        Hazard.CLEAR,
    ]  # fmt: skip
    assert [rule for _, rule, _ in MODULE.table_23] == [
        "NR-CHASM-6 AMB-35 E-36", "NR-ISLAND-3 AMB-35 E-36", "NR-PLATEAU-3 AMB-35 E-36"
    ]  # fmt: skip


def test_an_island_by_land_and_a_rocky_coast_by_sea_are_barred():
    """NR-ISLAND-4, NR-RCOAST-2, E-34: the one-hex crossing reaches an island, never a
    rocky coast; by land it is the other way round."""
    world = build("F1 ~. F. F.")
    _tile(world, (2, 0), Terrain.COASTAL_ISLAND)
    assert barred(world, (0, 0), (2, 0)) is None
    assert barred(world, (3, 0), (2, 0)) is Barred.ISLAND
    _tile(world, (2, 0), Terrain.ROCKY_COAST)
    assert barred(world, (0, 0), (2, 0)) is Barred.ROCKY_COAST
    assert barred(world, (3, 0), (2, 0)) is None


def test_a_hazard_lies_on_a_promontory_landed_on_or_on_sandbanks_with_no_way_round():
    world = build("F. ~. F.\nF1 ~. F.")
    assert hazard_hex(world, (0, 1), (2, 0)) is None  # open sea
    _tile(world, (1, 0), Terrain.SANDBANKS)
    assert hazard_hex(world, (0, 1), (2, 0)) is None, "the open water at (1, 1) is free"
    _tile(world, (1, 1), Terrain.SANDBANKS)
    assert hazard_hex(world, (0, 1), (2, 0)) == (1, 0)
    _tile(world, (2, 0), Terrain.ROCKY_PROMONTORY)
    assert hazard_hex(world, (0, 1), (2, 0)) == (2, 0), "the promontory is met first"
    assert hazard_hex(world, (0, 1), (1, 1)) is None, "no hazard without a crossing"


def test_placement_keeps_taken_hexes_and_the_last_of_each_terrain():
    """The generator's guarantees: a kingdom's hexes never change, nor the only hex of a
    terrain; the same dice place the same tiles."""
    terrain = {(q, r): Terrain.MOUNTAIN for q in range(6) for r in range(6)}
    terrain[(0, 0)] = Terrain.FIELDS
    first, again = dict(terrain), dict(terrain)
    place_tiles(first, {(1, 1), (2, 2)}, Dice("tiles"))
    place_tiles(again, {(1, 1), (2, 2)}, Dice("tiles"))
    assert first == again
    assert first[(1, 1)] is first[(2, 2)] is Terrain.MOUNTAIN
    assert first[(0, 0)] is Terrain.FIELDS, "the only Fields hex stays"
    placed = {t for t in first.values() if t not in BASE_TERRAINS}
    assert placed and placed <= {Terrain.VOLCANO, Terrain.PLATEAU}


def test_the_module_announces_to_the_army_s_owner_or_to_everyone():
    """Every event of the module is an announcement (rules.turn.visibility): a crossing
    or a hazard its army's owner's, the ground shaking everyone's."""
    crossed = ChasmCrossed(
        rule="NR-CHASM-2", text="", army_id=1, hex=(1, 0), accident=False, kingdom_ids=(1,)
    )
    shaken = GroundShaken(rule="NR-FAULT-3", text="", hex=(1, 0), shock=Shock.QUAKE, source=(1, 0))
    context = Context()
    assert audience(crossed, context) == Audience(False, frozenset({1}))
    assert audience(shaken, context) == Audience(True)
