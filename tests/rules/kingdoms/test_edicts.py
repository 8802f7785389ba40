"""Edicts as pure rules (§5.3 Tables 2–4, A-1.3.2, E-09, E-13, E-22, E-26)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core.dice import ForcedDice
from rules.core.events import (
    ArmyMoved,
    CampaignWon,
    EdictResolved,
    EdictVoid,
    HexRevolted,
    OrphanChanged,
    PowerCollected,
)
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import (
    BattleState,
    Defence,
    DefenderKind,
    Edict,
    EdictKind,
    Feature,
    Order,
    OrderKind,
    Ruleset,
    Side,
    Structure,
)
from rules.core.tables import EdictRisk
from rules.kingdoms.edicts import (
    HexHistory,
    edict_power,
    edict_power_this_turn,
    idle,
    looted_in,
    razed,
    resolve_edicts,
    table_3_modifiers,
    table_3_result,
    under_unrest,
    why_illegal,
)
from rules.turn.final import resolve_final
from rules.turn.power import effective_power_halves, income
from rules.turn.visibility import Context, audience
from tests.rules.rules_builder import army, build, of_type

RULEBOOK = Ruleset()

LOOT, RAZE = EdictKind.LOOT, EdictKind.RAZE


def _loot(coord, kingdom=1) -> Edict:
    return Edict(kingdom_id=kingdom, hex=coord, kind=LOOT)


def _raze(coord, structure, kingdom=1) -> Edict:
    return Edict(kingdom_id=kingdom, hex=coord, kind=RAZE, structure=structure)


# --- Table 2 ---------------------------------------------------------------------------


def _table_2_world():
    """Kingdom 1: capital (0, 0), (1, 0) plain, (2, 0) an orphan, (3, 0) looted in turn
    2, (4, 0) a Town behind a Great Fortress; (5, 0) unowned; (6, 0) kingdom 2's."""
    return build(
        "F1 F1 F1 F1 R1 F. F2",
        turn=3,
        hexes={
            (2, 0): {"orphan": True},
            (3, 0): {"looted_turn": 2},
            (4, 0): {"feature": Feature.TOWN, "defence": Defence.GREAT_FORTRESS},
        },
    )


@pytest.mark.parametrize(
    ("edict", "others", "field", "reason"),
    [
        (_loot((9, 9)), [], "hex", "(9, 9) is not on the map"),
        (_loot((5, 0)), [], "hex", "(5, 0) is not your hex"),
        (_loot((6, 0)), [], "hex", "(6, 0) is not your hex"),
        (_raze((2, 0), Structure.FEATURE), [], "hex", "orphan hex"),
        (_loot((0, 0)), [], "hex", "(0, 0) is your capital"),
        (_raze((0, 0), Structure.FEATURE), [], "hex", "(0, 0) is your capital"),
        (_loot((1, 0)), [_loot((1, 0))], "hex", "already has an edict this turn (loot)"),
        (_loot((3, 0)), [], "kind", "(3, 0) was looted last turn"),
        (Edict(1, (1, 0), LOOT, Structure.FEATURE), [], "structure", "a Loot takes no structure"),
        (_raze((1, 0), None), [], "structure", "a Raze names the structure it destroys"),
        (_raze((1, 0), Structure.FEATURE), [], "structure", "has no major feature to raze"),
        (_raze((1, 0), Structure.WATCHTOWER), [], "structure", "has no watchtower to raze"),
        (_raze((1, 0), Structure.FORTRESS), [], "structure", "has no fortress to raze"),
        (_raze((4, 0), Structure.FORTRESS), [], "structure", "it has a great fortress"),
        (_raze((1, 0), Structure.GREAT_FORTRESS), [], "structure", "no great fortress"),
    ],
)
def test_table_2_refusals_name_the_problem_and_the_field(edict, others, field, reason):
    problem = why_illegal(_table_2_world(), edict, others)
    assert problem is not None and problem.field == field and reason in problem.message


@pytest.mark.parametrize(
    "edict",
    [
        _loot((1, 0)),
        _loot((4, 0)),
        _raze((4, 0), Structure.FEATURE),
        _raze((4, 0), Structure.GREAT_FORTRESS),
    ],
)
def test_table_2_legal_edicts(edict):
    """Other hexes' edicts do not stand in the way: one edict a hex, not a kingdom."""
    assert why_illegal(_table_2_world(), edict, [_loot((3, 0)), _loot((2, 0))]) is None


def test_a_hex_looted_two_turns_ago_may_be_looted_and_one_looted_last_turn_razed():
    world = build(
        "F1 F1 F1",
        turn=3,
        hexes={(1, 0): {"looted_turn": 1}, (2, 0): {"looted_turn": 2, "watchtower": True}},
    )
    assert why_illegal(world, _loot((1, 0))) is None
    assert why_illegal(world, _raze((2, 0), Structure.WATCHTOWER)) is None


def test_a_captured_capital_may_be_looted_by_its_captor_e_22():
    world = build("F1 R1 R2", hexes={(1, 0): {"feature": Feature.CITY}}, capitals={2: (2, 0)})
    assert why_illegal(world, _loot((1, 0))) is None  # kingdom 1's, a City, not its capital


# --- Table 3 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "result"),
    [
        (-2, EdictRisk.REVOLT),
        (0, EdictRisk.REVOLT),
        (1, EdictRisk.UNREST),
        (2, EdictRisk.UNREST),
        (3, EdictRisk.NONE),
        (6, EdictRisk.NONE),
        (8, EdictRisk.NONE),
    ],
)
def test_table_3_bands(total, result):
    assert table_3_result(build("F1"), total) is result


def test_table_3_is_the_gms_table_when_he_edits_it():
    world = dataclasses.replace(
        build("F1"),
        ruleset=ruleset_from_overrides({"tables": {"table-3": "0-1 revolt\n2 unrest\n3-6 none"}}),
    )
    assert [table_3_result(world, t) for t in (1, 2, 3)] == ["revolt", "unrest", "none"]


@pytest.mark.parametrize(
    ("hexes", "edict", "covered", "expected"),
    [
        ({}, _loot((1, 0)), False, []),
        ({}, _raze((1, 0), Structure.WATCHTOWER), False, [("Raze", -1)]),
        ({"edict_turn": 4}, _loot((1, 0)), False, [("looted or razed in the last two turns", -1)]),
        ({"edict_turn": 3}, _loot((1, 0)), False, [("looted or razed in the last two turns", -1)]),
        ({"edict_turn": 2}, _loot((1, 0)), False, []),
        ({"defence": Defence.FORTRESS}, _loot((1, 0)), False, [("a fortress", 1)]),
        ({"defence": Defence.GREAT_FORTRESS}, _loot((1, 0)), False, [("a great fortress", 1)]),
        ({}, _loot((1, 0)), True, [("covered by a patrol", 1)]),
    ],
)
def test_table_3_modifiers(hexes, edict, covered, expected):
    world = build("F1 F1", turn=5, hexes={(1, 0): {"watchtower": True, **hexes}})
    assert table_3_modifiers(world, edict, covered) == expected


def _patrol_world(kingdom_of_patrol: int, base):
    world = build(
        "F1 F1 F1 F1 F2",
        armies=(army(1, kingdom_of_patrol, position=base),),
    )
    return world, [Order(army_id=1, kind=OrderKind.PATROL, target=base)]


@pytest.mark.parametrize(
    ("kingdom", "base", "modifier"),
    [(1, (0, 0), True), (1, (3, 0), False), (2, (4, 0), False)],
    ids=["own patrol covers", "own patrol too far", "another kingdom's patrol"],
)
def test_table_3_patrol_modifier_reuses_the_patrol_area(kingdom, base, modifier):
    world, orders = _patrol_world(kingdom, base)
    _, events = resolve_edicts(world, [_loot((1, 0))], orders, ForcedDice([3]))
    [resolved] = of_type(events, EdictResolved)
    assert ("+1 covered by a patrol" in resolved.modifiers) is modifier


# --- Table 4 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("feature", "power"),
    [(None, 1), (Feature.TOWN, 2), (Feature.ARCANE_RUINS, 2), (Feature.CITY, 3)],
)
def test_table_4_loot_power(feature, power):
    hex_ = build("F1 F1", hexes={(1, 0): {"feature": feature}}).hexes[(1, 0)]
    assert edict_power(RULEBOOK, hex_, _loot((1, 0))) == power


@pytest.mark.parametrize(
    ("feature", "after", "power"),
    [
        (Feature.TOWN, None, 3),
        (Feature.MINE, None, 3),
        (Feature.WOODS, None, 3),
        (Feature.ARCANE_RUINS, None, 3),
        (Feature.WIZARD_TOWER, None, 3),
        (Feature.CITY, Feature.TOWN, 4),
        (Feature.DEEP_MINE, Feature.MINE, 4),
        (Feature.DEEP_WOODS, Feature.WOODS, 4),
    ],
)
def test_table_4_raze_a_feature(feature, after, power):
    hex_ = build("F1 F1", hexes={(1, 0): {"feature": feature}}).hexes[(1, 0)]
    edict = _raze((1, 0), Structure.FEATURE)
    changed, before, now = razed(hex_, Structure.FEATURE)
    assert edict_power(RULEBOOK, hex_, edict) == power
    assert (changed.feature, before, now) == (after, feature.value, after and after.value)


@pytest.mark.parametrize(
    ("hexes", "structure", "check"),
    [
        ({"defence": Defence.FORTRESS}, Structure.FORTRESS, ("defence", None)),
        ({"defence": Defence.GREAT_FORTRESS}, Structure.GREAT_FORTRESS,
         ("defence", Defence.FORTRESS)),
        ({"watchtower": True}, Structure.WATCHTOWER, ("watchtower", False)),
        ({"defence": Defence.FORTRESS, "feature": Feature.DEEP_MINE}, Structure.FORTRESS,
         ("feature", Feature.DEEP_MINE)),
    ],
)  # fmt: skip
def test_table_4_raze_a_fortification_gains_the_first_rows_1_e_26(hexes, structure, check):
    hex_ = build("F1 F1", hexes={(1, 0): hexes}).hexes[(1, 0)]
    changed, _, _ = razed(hex_, structure)
    assert edict_power(RULEBOOK, hex_, _raze((1, 0), structure)) == 1
    assert getattr(changed, check[0]) == check[1]


# --- Resolution after 6b (E-26) ------------------------------------------------------


def test_a_revolt_frees_the_hex_and_the_rebels_stay_e_09():
    """The Town is razed first (Table 4), so the rebels are the featureless 500."""
    world = build("F1 R1 F1", hexes={(1, 0): {"feature": Feature.TOWN}})
    edict = _raze((1, 0), Structure.FEATURE)
    after, events = resolve_edicts(world, [edict], [], ForcedDice([1]))
    [resolved] = of_type(events, EdictResolved)
    [revolt] = of_type(events, HexRevolted)
    assert (resolved.total, resolved.result, resolved.power) == (0, EdictRisk.REVOLT, 3)
    assert revolt.feature is None and revolt.defender_points == 500
    hex_ = after.hexes[(1, 0)]
    assert (hex_.owner, hex_.explored, hex_.feature, hex_.defender.points) == (
        None,
        True,
        None,
        500,
    )


def test_the_rebels_of_a_feature_hex_are_rolled_on_its_defender_table_e_09():
    world = build("F1 M1", hexes={(1, 0): {"feature": Feature.DEEP_MINE, "edict_turn": 1}}, turn=2)
    after, events = resolve_edicts(world, [_loot((1, 0))], [], ForcedDice([1, 6]))
    [revolt] = of_type(events, HexRevolted)
    assert revolt.feature is Feature.DEEP_MINE and revolt.defender_points == 2500
    assert after.hexes[(1, 0)].defender.original_points == 2500


def test_unrest_lasts_the_next_two_turns():
    world = build("F1 F1", turn=4)
    after, events = resolve_edicts(world, [_loot((1, 0))], [], ForcedDice([2]))
    hex_ = after.hexes[(1, 0)]
    assert (hex_.unrest_from, hex_.unrest_until) == (5, 6)
    assert [under_unrest(hex_, t) for t in (4, 5, 6, 7)] == [False, True, True, False]


def test_an_edict_on_a_hex_that_changed_hands_is_void_no_roll_no_power_e_26():
    world = build("F1 F1 F2", armies=(army(2, 2, position=(2, 0)),))
    battle = BattleState(
        key=1,
        hex=(1, 0),
        defender_kind=DefenderKind.LOST_CAUSE,
        attacker=Side(points=2000, kingdom_id=2, army_ids=(2,)),
        defender=None,
    )
    dice = ForcedDice([])
    events = resolve_final(world, [battle], dice, [], [_loot((1, 0))]).events
    [void] = of_type(events, EdictVoid)
    assert void.kingdom_id == 1 and "changed hands" in void.reason
    assert not of_type(events, EdictResolved) and dice.rolls == []
    assert [e.gained for e in of_type(events, PowerCollected) if e.kingdom_id == 1] == [1]


def test_revolt_comes_before_the_orphan_recompute_and_armies_fall_back():
    world = build(
        "F1 F1 F1", hexes={(1, 0): {"watchtower": True}}, armies=(army(1, 1, position=(1, 0)),)
    )
    raze = _raze((1, 0), Structure.WATCHTOWER)
    events = resolve_final(world, [], ForcedDice([1]), [], [raze]).events  # 1 − 1: Revolt
    types = [type(e) for e in events]
    assert types.index(HexRevolted) < types.index(OrphanChanged)
    assert OrphanChanged(rule="A-1.3.1 §3-6f", hex=(2, 0), orphan=True) in events
    assert ArmyMoved(rule="E-32", army_id=1, hex=(0, 0)) in events


def test_edict_power_is_credited_at_6g():
    world = build("F1 M1", hexes={(1, 0): {"feature": Feature.DEEP_MINE}})
    events = resolve_final(world, [], ForcedDice([6]), [], [_loot((1, 0))]).events
    [collected] = of_type(events, PowerCollected)
    assert collected.gained == 2 + 3  # capital 1, Deep Mine 1 (looted this turn: it pays), loot 3
    assert edict_power_this_turn(events) == {1: 3}


# --- E-13: the final turn ----------------------------------------------------------------


def test_e_13_final_turn_edict_power_is_left_out_of_table_1():
    world = build("F1 M1", turn=8, hexes={(1, 0): {"feature": Feature.DEEP_MINE}})
    events = resolve_final(world, [], ForcedDice([6, 4]), [], [_loot((1, 0))]).events
    [collected] = of_type(events, PowerCollected)
    [won] = of_type(events, CampaignWon)
    assert collected.power == 5  # credited as usual
    assert won.scores == ((1, 2 * 2 + 2 + 0),)  # 2 power, the capital 1, the looted hex 0


def test_e_13_without_the_end_the_power_stays():
    world = build("F1 M1", turn=7, hexes={(1, 0): {"feature": Feature.DEEP_MINE}})
    events = resolve_final(world, [], ForcedDice([6]), [], [_loot((1, 0))]).events
    assert of_type(events, PowerCollected)[0].power == 5 and not of_type(events, CampaignWon)


# --- Looted and Unrest hexes: Table 1, Table 9, Support ----------------------------------


def test_a_hex_looted_this_turn_scores_0_in_table_1():
    world = build("F1 M1", turn=3, hexes={(1, 0): {"feature": Feature.DEEP_MINE, "looted_turn": 3}})
    assert effective_power_halves(world, 1, 0) == 2
    later = dataclasses.replace(world, turn=4)
    assert effective_power_halves(later, 1, 0) == 2 + 4


@pytest.mark.parametrize(
    ("history", "turn", "gives"),
    [
        (HexHistory(looted_turn=3), 3, True),  # looted this turn: it pays this turn
        (HexHistory(looted_turn=3), 4, False),  # looted last turn
        (HexHistory(looted_turn=3), 5, True),
        (HexHistory(unrest_from=4, unrest_until=5), 3, True),
        (HexHistory(unrest_from=4, unrest_until=5), 4, False),
        (HexHistory(unrest_from=4, unrest_until=5), 5, False),
        (HexHistory(unrest_from=4, unrest_until=5), 6, True),
    ],
)
def test_idle_hexes_give_nothing(history, turn, gives):
    assert idle(history, turn) is not gives
    world = build(
        "F1 M1", turn=turn, hexes={(1, 0): {"feature": Feature.DEEP_MINE, **history._asdict()}}
    )
    assert income(world, 1) == (2 if gives else 1, 0)


def test_looted_in_reads_the_turn():
    assert looted_in(HexHistory(looted_turn=2), 2) and not looted_in(HexHistory(looted_turn=2), 3)


# --- Who sees what -------------------------------------------------------------------


def test_the_map_result_is_public_the_roll_and_power_the_kingdoms():
    world = build("F1 F1", turn=2, hexes={(1, 0): {"edict_turn": 1}})
    _, events = resolve_edicts(world, [_loot((1, 0))], [], ForcedDice([1]))
    resolved, revolt = events
    seen = audience(resolved, Context())
    assert seen.public and seen.kingdom_ids == {1}
    assert {"rolls", "total", "modifiers", "result", "power"} <= set(seen.secret)
    assert audience(revolt, Context()).public
    void = EdictVoid(rule="E-26", kingdom_id=1, hex=(1, 0), edict=LOOT, reason="gone")
    assert audience(void, Context()) == type(seen)(False, frozenset({1}))
