"""The siege engine's pieces, pure (E-37, docs/design/sieges.md; rules.sieges.turn,
rules.sieges.day, rules.sieges.strength, rules.sieges.state, rules.sieges.tables,
rules.sieges.battle). The scenario cases of tests/rules/scenarios/sieges/ show each step
in a whole turn; these pin the parts."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from rules.core.dice import Dice
from rules.core.ruleset import RulesetError, ruleset_from_overrides, table
from rules.core.state import (
    Defence,
    DefenderKind,
    Feature,
    HexState,
    Order,
    OrderKind,
    Strategy,
    Terrain,
)
from rules.sieges.day import chosen_action
from rules.sieges.state import (
    GarrisonAction,
    Place,
    SiegePlan,
    SiegeState,
    locked_army_ids,
    order_problem,
    place_of,
    state_dict,
    wall_damage_left,
    withdraw_problem,
)
from rules.sieges.strength import blockade
from rules.sieges.tables import Bombardment, band_of, bombard_key, parse_bombardment
from rules.sieges.turn import siege_turn
from tests.rules.rules_builder import army, build


def _siege(**fields) -> SiegeState:
    base = dict(
        key=1,
        hex=(1, 0),
        place=Place.FORTRESS,
        besieger_kingdom_id=1,
        besieger_army_ids=(1,),
        defender_kind=DefenderKind.PATROL,
        started_turn=1,
        garrison_kingdom_id=2,
        garrison_army_ids=(20,),
        provisions=10,
        day=8,
        origins=((1, (0, 0)),),
    )
    return SiegeState(**{**base, **fields})


def _world(besiegers=5000, garrison=2000, **siege):
    world = build(
        "F1 F2 F2",
        armies=(
            army(1, 1, besiegers, (1, 0), allocation=besiegers),
            army(20, 2, garrison, (1, 0)),
        ),
        hexes={(1, 0): {"defence": Defence.FORTRESS}},
        ruleset=ruleset_from_overrides({"options": {"siege_days_per_turn": 3}}),
    )
    world.sieges = (_siege(**siege),)
    return world


def test_places_with_walls():
    fields = HexState(coord=(0, 0), terrain=Terrain.FIELDS)
    assert place_of(fields) is None
    assert place_of(msgspec.structs.replace(fields, feature=Feature.CITY)) is Place.CITY
    walled = msgspec.structs.replace(fields, feature=Feature.CITY, defence=Defence.GREAT_FORTRESS)
    assert place_of(walled) is Place.GREAT_FORTRESS
    assert withdraw_problem(walled, DefenderKind.PATROL, 1) is None
    assert "walls" in withdraw_problem(fields, DefenderKind.PATROL, 1).message
    assert "player's invasion" in withdraw_problem(walled, DefenderKind.NEUTRAL, None).message
    assert withdraw_problem(walled, DefenderKind.INVADER, 1)
    assert withdraw_problem(walled, DefenderKind.ROAMING, 1)


@pytest.mark.parametrize(
    ("besiegers", "quality", "modifier"),
    [(4000, "good", 0), (3999, "average", 4), (2000, "average", 4), (1999, "poor", 8)],
)
def test_blockade_bands_sg_block_1(besiegers, quality, modifier):
    world = _world(besiegers=besiegers)
    points = {a.id: a.points for a in world.armies.values()}
    assert blockade(world, world.sieges[0], points) == (quality, modifier)


def test_the_t1_columns_and_their_bands():
    assert [band_of(p) for p in (0, 1, 2, 3, 5, 6, 9, 11, 12, 40)] == [
        None, 1, 1, 3, 3, 6, 9, 9, 12, 12
    ]  # fmt: skip
    ruleset = ruleset_from_overrides({})
    assert table(ruleset, bombard_key("p", 6)).lookup(7) == Bombardment(damage=True)
    assert table(ruleset, bombard_key("p", 6)).lookup(6) == Bombardment()
    assert table(ruleset, bombard_key("s", 6)).lookup(6) == Bombardment(damage=True)
    assert table(ruleset, bombard_key("s", 12)).lookup(2) == Bombardment(True, 3)
    assert parse_bombardment("D/2C") == Bombardment(True, 2) and str(Bombardment(True, 2)) == "D/2C"
    with pytest.raises(ValueError):
        parse_bombardment("X")


def test_siege_tables_are_house_rules():
    edited = ruleset_from_overrides(
        {"tables": {"siege-events": "2-19 nothing\n20 lifted", "siege-bombard-p-1": "1-9 -\n10 D"}}
    )
    assert table(edited, "siege-events").lookup(12).value == "nothing"
    with pytest.raises(RulesetError, match="not a siege event"):
        ruleset_from_overrides({"tables": {"siege-events": "2-20 feast"}})
    with pytest.raises(RulesetError, match="bombardment result"):
        ruleset_from_overrides({"tables": {"siege-bombard-p-1": "1-10 boom"}})
    with pytest.raises(RulesetError, match="covered"):
        ruleset_from_overrides({"tables": {"siege-provisions": "0-4 8\n10+ 0"}})


def test_the_plan_for_each_day_and_the_defaults():
    siege = _siege(garrison_plan=SiegePlan(("sortie", "pass", "bogus")))
    assert chosen_action(siege, "garrison", 0) == ("garrison", "sortie")
    assert chosen_action(siege, "garrison", 1) == ("besieger", "wait"), "SG-INIT-4"
    assert chosen_action(siege, "garrison", 2) == ("besieger", "wait"), "an unknown action"
    assert chosen_action(siege, "garrison", 5) == ("besieger", "wait"), "a day not planned"
    used = _siege(
        general_sortie_used=True, garrison_plan=SiegePlan((GarrisonAction.GENERAL_SORTIE,))
    )
    assert chosen_action(used, "garrison", 0) == ("besieger", "wait"), "SG-GSORT-1"


def test_armies_in_a_siege_and_the_besieged_hex_refuse_orders():
    world = _world()
    assert locked_army_ids(world) == {1, 20}
    assert "in the siege of (1, 0)" in order_problem(world, Order(1, OrderKind.REST)).message
    invade = Order(99, OrderKind.INVADE, target=(1, 0))
    assert "under siege" in order_problem(world, invade).message
    world.sieges = (dataclasses.replace(world.sieges[0], status="lifted"),)
    assert order_problem(world, invade) is None and not locked_army_ids(world)


def test_wall_damage_stays_with_the_hex_and_is_repaired():
    world = _world()
    ended = dataclasses.replace(world.sieges[0], status="taken", ended_turn=1, wall_damage=3)
    world.sieges, world.turn = (ended,), 3
    assert wall_damage_left(world, (1, 0)) == 1  # 3, less a stage a turn for 2 turns
    assert wall_damage_left(world, (2, 0)) == 0


def test_a_siege_turn_is_deterministic_and_recorded():
    """docs/architecture.md: same seed, same state ⇒ the same days, byte for byte."""
    world = _world(besieger_plan=SiegePlan(("wait", "assault"), Strategy.ASSAULT))

    def play():
        points = {a.id: a.points for a in world.armies.values()}
        run = siege_turn(world, world.sieges[0], [], Dice("seed:final"), points)
        return [e.to_dict() for e in run.events], run.siege

    first, siege = play()
    second, _ = play()
    assert first == second
    recorded = [e for e in first if e["type"] == "SiegeRecorded"][-1]["state"]
    assert recorded == state_dict(siege)
    assert [e["day"] for e in first if e["type"] == "SiegeDay"] == list(
        range(9, 9 + sum(e["type"] == "SiegeDay" for e in first))
    )
