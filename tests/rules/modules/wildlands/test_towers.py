"""The magic tower found by an examination (new-rules.md §5: NR-TOWER-1, T-WIZARD,
T-DUEL, NR-TOWER-7/9), its handler called directly with forced dice until the Examine
order exists; the forced reaction and the equinoxes are scenario cases
(tests/scenarios/modules/wildlands/)."""

from __future__ import annotations

import pytest

from rules.core.dice import ForcedDice
from rules.core.events import ArmyWeakened, ModuleStateChanged
from rules.core.ruleset import RulesetError, rows_to_text, ruleset_from_overrides, table
from rules.core.state import DefenderKind
from rules.modules.wildlands.news import ArmyBolstered
from rules.modules.wildlands.sites import HANDLERS, Examination, Site
from rules.modules.wildlands.towers import Custom, SpellCast, TowerNews, equinox
from rules.sieges.state import Place, SiegeState
from rules.turn.visibility import Context, audience
from tests.rules.rules_builder import army, build, of_type

ON = ruleset_from_overrides({"options": {"wildlands": 1}})
HEX = (1, 0)


def _found(dice: list[int], points: int = 2000, **options):
    ruleset = ruleset_from_overrides({"options": {"wildlands": 1, **options}})
    world = build(
        "F1 F1 F2\nF1 F1 F2",
        armies=(army(1, 1, points, HEX), army(2, 2, 1500, (2, 1))),
        ruleset=ruleset,
    )
    exam = Examination(hex=HEX, army_id=1, kingdom_id=1, column="plain", roll=63)
    forced = ForcedDice(dice)
    world, events = HANDLERS[Site.MAGIC_TOWER].discover(world, exam, forced)
    assert forced.unused == []
    return world, events


def test_a_tower_is_a_permanent_site_its_finder_is_told_of_nr_wild_5():
    assert HANDLERS[Site.MAGIC_TOWER].permanent
    world, events = _found([5, 5])  # 10: the wizard ignores the army
    assert world.module_state["wildlands.magic_tower"] == {
        "1,0": {"kingdom_id": 1, "army_id": 1, "turn": 1}
    }
    found, stored, ignored = events
    assert found.what == "tower_found" and found.kingdom_ids == (1,)
    assert isinstance(stored, ModuleStateChanged)
    assert ignored.what == "wizard_ignores"
    assert [r.result for r in ignored.rolls] == [5, 5]


def test_the_finder_may_leave_the_wizard_alone_amb_49():
    world, events = _found([], tower_roll_on_entry=0)
    assert [e.what for e in of_type(events, TowerNews)] == ["tower_found"]


def test_t_wizard_2_the_wizard_joins_with_2d6_times_100_up_to_the_largest_army_e_35():
    world, events = _found([1, 1, 6, 6], points=2500)  # 2: joins with 12 × 100
    gained = of_type(events, ArmyBolstered)[0]
    assert (gained.points_gained, gained.points, gained.allocation) == (500, 3000, 3000)
    assert world.armies[1].points == 3000
    assert of_type(events, TowerNews)[1].points == 500


def test_t_wizard_3_4_troops_and_5_6_an_item():
    _, events = _found([1, 2, 3, 4])  # 3: troops, 7 × 50
    assert of_type(events, ArmyBolstered)[0].points_gained == 350
    _, events = _found([3, 3])  # 6: a 100-point item
    assert of_type(events, ArmyBolstered)[0].points_gained == 100


def test_t_wizard_8_spies_report_the_nearest_enemy_army_privately():
    _, events = _found([4, 4])
    spies = of_type(events, TowerNews)[1]
    assert (spies.what, spies.points, spies.other) == ("wizard_spies", 1500, "Army 2")
    seen = audience(spies, Context())
    assert not seen.public and seen.kingdom_ids == frozenset({1})


def test_t_duel_banished_wizard_costs_d6_times_100_until_winter_nr_tower_5():
    world, events = _found([5, 6, 2, 4])  # 11: duel; 2 banished; 4 × 100
    assert of_type(events, ArmyWeakened)[0].points_lost == 400
    tower = world.module_state["wildlands.magic_tower"]["1,0"]
    assert tower["banished"] == [{"army_id": 1, "points": 400}]


def test_t_duel_killed_wizard_is_lost_for_good():
    world, events = _found([5, 6, 1, 3])
    assert of_type(events, ArmyWeakened)[0].points_lost == 300
    assert "banished" not in world.module_state["wildlands.magic_tower"]["1,0"]


def test_t_duel_6_sacks_the_tower_nr_tower_7_9():
    world, events = _found([5, 6, 6, 1, 2, 3, 4])  # loot 20 + 40 + 75 + 100
    assert of_type(events, ArmyBolstered)[0].points_gained == 235
    assert world.module_state["wildlands.magic_tower"] == {}
    assert [e.what for e in of_type(events, TowerNews)][-2:] == ["tower_sacked", "tower_gone"]


def test_t_wizard_12_the_tower_army_is_rolled_and_told():
    _, events = _found([6, 6, 1, 2, 3, 4])
    attack = of_type(events, TowerNews)[1]
    assert (attack.what, attack.points) == ("wizard_attacks", 1000)


def _equinox_world(**extra):
    world = build(
        "F. F1 F1 F2 F2",
        armies=(army(1, 1, 2000, (1, 0)), army(2, 2, 2000, (4, 0))),
        ruleset=ON,
    )
    world.module_state = {"wildlands.magic_tower": {"0,0": {"kingdom_id": 1, "turn": 0}}}
    for name, value in extra.items():
        setattr(world, name, value)
    return world


def test_break_siege_strikes_the_besiegers_of_the_nearest_siege_nr_eqx_8():
    """Autumn T-SPELL 10: the siege at (4, 0), 4 hexes from the tower, is within 12:
    kingdom 2's besieging army loses the ruleset's 100 points."""
    siege = SiegeState(
        key=7,
        hex=(4, 0),
        place=Place.FORTRESS,
        besieger_kingdom_id=2,
        besieger_army_ids=(2,),
        defender_kind=DefenderKind.PATROL,
        started_turn=2,
    )
    world = _equinox_world(sieges=(siege,))
    forced = ForcedDice([4, 3, 1, 1, 10])  # T-EQX 4; east 2 hexes; T-SPELL 10
    world, events = equinox(world, (0, 0), "autumn", forced)
    assert forced.unused == []
    cast = of_type(events, SpellCast)[0]
    assert (cast.other, cast.hex, cast.kingdom_ids) == ("break_siege", (4, 0), (2,))
    assert of_type(events, ArmyWeakened)[0].army_id == 2


def test_a_spell_on_nobodys_hex_is_the_gms_alone():
    world = _equinox_world()
    forced = ForcedDice([4, 1, 1, 1])  # north 2 hexes: off the map, lost
    _, events = equinox(world, (0, 0), "spring", forced)
    seen = audience(of_type(events, SpellCast)[0], Context())
    assert not seen.public and seen.kingdom_ids == frozenset()


def test_the_gms_own_experimental_row_round_trips_through_the_table_editor_nr_eqx_11():
    text = "1-5 flop\n6 announce: The stars go dark for a night."
    ruleset = ruleset_from_overrides({"tables": {"t-expspell": text}})
    assert table(ruleset, "t-expspell").lookup(6) == Custom("The stars go dark for a night.")
    assert rows_to_text("t-expspell", table(ruleset, "t-expspell")) == text


def test_an_empty_announcement_or_an_unknown_word_is_refused_nr_eqx_11():
    for row in ("6 announce:", "6 frogs"):
        with pytest.raises(RulesetError, match="announce: <your text>"):
            ruleset_from_overrides({"tables": {"t-expspell": f"1-5 flop\n{row}"}})
