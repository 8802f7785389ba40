"""The wildlands module's T-WILD and its registry (new-rules.md §4, NR-WILD-3, AMB-06):
every row of every column, and a result that no handler answers yet. The results' own
rules are scenario cases (tests/scenarios/modules/wildlands/)."""

from __future__ import annotations

import pytest

from rules.core.dice import ForcedDice
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import Terrain
from rules.modules.wildlands import sites
from rules.modules.wildlands.examine import ROWS, TABLES, WildlandExamined, column, examine
from rules.modules.wildlands.sites import Site
from tests.rules.rules_builder import army, build


@pytest.mark.parametrize("key", sorted(TABLES))
def test_t_wild_every_column_covers_1_to_100_once(key):
    TABLES[key][0].validate()


@pytest.mark.parametrize(
    ("column_", "low", "high", "site"),
    [(c, low, high, site) for c, rows in ROWS.items() for low, high, site in rows],
)
def test_t_wild_each_row_at_both_ends(column_, low, high, site):
    table = next(t for t, _ in TABLES.values() if t.rows == ROWS[column_])
    assert table.lookup(low) is site and table.lookup(high) is site


def test_amb_06_forest_and_swamp_follow_the_gms_columns():
    ruleset = ruleset_from_overrides(
        {"options": {"wildlands": 1, "wild_column_forest": 4, "wild_column_swamp": 3}}
    )
    world = build("W1 S1 F1\n~. ~. ~.", ruleset=ruleset)
    assert world.hexes[(0, 0)].terrain is Terrain.FOREST
    assert [column(world, world.hexes[(q, 0)]) for q in range(3)] == [4, 3, 2]


def test_a_result_without_its_rules_is_rolled_said_and_places_nothing(monkeypatch):
    """NR-WILD-5: until a result's handler is built, the examination still records its
    roll and says so, and no site's record is created."""
    monkeypatch.delitem(sites.HANDLERS, Site.RUINS_TOMB, raising=False)
    world = build(
        "F1 F1",
        armies=(army(1, 1, position=(1, 0)),),
        ruleset=ruleset_from_overrides({"options": {"wildlands": 1}}),
    )
    after, events = examine(world, world.armies[1], ForcedDice([52]))
    [said] = events
    assert isinstance(said, WildlandExamined)
    assert (said.site, said.handled, said.kingdom_ids) == ("ruins_tomb", False, (1,))
    assert "nothing is placed" in said.text
    assert after.module_state == world.module_state


def test_every_t_wild_result_has_its_handler():
    """NR-WILD: every result of T-WILD's columns is played by its file of the package."""
    import rules.modules  # noqa: F401  (registers every module's handlers)

    assert [s for s in Site if s not in sites.HANDLERS] == []


def test_nr_wild_5_a_site_is_seen_by_its_finder_the_hexs_owner_and_the_gm():
    state = {
        "wildlands.tavern": {"1,0": {"kingdom_id": 1}},
        "wildlands.treasure": {"hoards": [{"army_id": 3, "kingdom_id": 1, "crowns": 7}]},
    }
    owners = {(1, 0): 2}
    assert sites.sites_seen(state, owners, 1, False) == {(1, 0): Site.TAVERN}
    assert sites.sites_seen(state, owners, 2, False) == {(1, 0): Site.TAVERN}
    assert sites.sites_seen(state, owners, 3, False) == {}
    assert sites.sites_seen(state, owners, None, True) == {(1, 0): Site.TAVERN}
