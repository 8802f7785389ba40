"""Phase 3 Provisional Results: exploration and declared battles (§3 3e, 3f)."""

from rules.core.dice import ForcedDice
from rules.core.events import ArmyMoved, BattleDeclared, HexExplored
from rules.core.state import Defender, DefenderKind, Feature, IfWon, Order, OrderKind, Ruleset, Side
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.rules_builder import army, build, of_type

MAP = """
F1 F1 F2 F2
F1 F. R. F2
W. F. F. F.
"""


def invade(army_id, target, origin=None):
    return Order(army_id=army_id, kind=OrderKind.INVADE, target=target, origin=origin)


def patrol(army_id, base):
    return Order(army_id=army_id, kind=OrderKind.PATROL, target=base)


def run(world, orders, results):
    dice = ForcedDice(results)
    events = resolve_provisional(world, orders, dice).events
    assert dice.unused == []
    return events


def world(armies=None, **kwargs):
    return build(MAP, armies=armies or (army(1, 1, position=(0, 1)),), **kwargs)


def test_a_1_0_6_unexplored_empty_hex_is_undefended_e08_minor_rolled_anyway():
    events = run(world(), [invade(1, (1, 1))], [1, 2])
    [explored] = of_type(events, HexExplored)
    assert explored.feature is explored.minor_feature is explored.defender_points is None
    assert [r.result for r in explored.rolls] == [1, 2]
    assert explored.rolls[0].purpose == "Table 7 exploration (fields) at (1, 1)"
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.UNDEFENDED
    assert battle.rule == "A-1.0.6 §3-3e"
    assert (battle.attacker_kingdom_id, battle.attacker_army_ids) == (1, (1,))
    assert (battle.attacker_points, battle.defender_points) == (2000, 0)


def test_a_1_0_7_feature_with_minor_feature_and_mega_defender_e08():
    """River 6 = City (mega), minor 5+ then Table 17 2 = ford, defender 6 = 2,500."""
    events = run(world(), [invade(1, (2, 1))], [6, 5, 2, 6])
    [explored] = of_type(events, HexExplored)
    assert explored.to_dict() | {"rolls": None} == {
        "type": "HexExplored",
        "rule": "A-1.0.5 Table 7 E-08",
        "rolls": None,
        "hex": [2, 1],
        "feature": "city",
        "minor_feature": "ford",
        "defender_points": 2500,
        "neutral_kingdom_id": None,
        "explorer_kingdom_ids": [1],
    }
    [battle] = of_type(events, BattleDeclared)
    assert (battle.defender_kind, battle.defender_points) == (DefenderKind.NEUTRAL, 2500)


def test_a_1_5_2_feature_defender_size_from_its_band():
    """Fields 5 = Town, minor 4 = none, defender 3 = 1,000."""
    events = run(world(), [invade(1, (1, 1))], [5, 4, 3])
    [explored] = of_type(events, HexExplored)
    assert (explored.feature, explored.minor_feature) == (Feature.TOWN, None)
    [battle] = of_type(events, BattleDeclared)
    assert (battle.defender_kind, battle.defender_points) == (DefenderKind.NEUTRAL, 1000)


def test_a_1_4_8_e06_neutral_kingdom_hex_is_not_rolled_and_has_2500():
    w = world(hexes={(1, 1): {"neutral_kingdom": 9, "feature": Feature.WOODS}})
    events = run(w, [invade(1, (1, 1))], [])
    [explored] = of_type(events, HexExplored)
    assert explored.rolls == ()
    assert (explored.feature, explored.neutral_kingdom_id) == (Feature.WOODS, 9)
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.NEUTRAL_KINGDOM
    assert (battle.defender_points, battle.defender_neutral_kingdom_id) == (2500, 9)


def test_e06_neutral_kingdom_points_come_from_the_ruleset():
    w = world(
        hexes={(1, 1): {"neutral_kingdom": 9, "explored": True}},
        ruleset=Ruleset(neutral_kingdom_defending_points=3000),
    )
    events = run(w, [invade(1, (1, 1))], [])
    assert of_type(events, HexExplored) == []
    assert of_type(events, BattleDeclared)[0].defender_points == 3000


def test_semi_permanence_explored_hex_keeps_its_weakened_defender():
    """§5.5: the defender keeps its losses, less the 500 it regains first (E-09)."""
    w = world(
        hexes={
            (1, 1): {"explored": True, "feature": Feature.TOWN, "defender": Defender(400, 1500)},
            (2, 1): {"explored": True},
        }
    )
    w.armies[2] = army(2, 1, position=(1, 0))
    events = run(w, [invade(1, (1, 1)), invade(2, (2, 1))], [])
    battles = of_type(events, BattleDeclared)
    assert [(b.hex, b.defender_kind, b.defender_points) for b in battles] == [
        ((1, 1), DefenderKind.NEUTRAL, 900),
        ((2, 1), DefenderKind.UNDEFENDED, 0),
    ]


def patrol_world(*patrols, ruleset=None):
    return world(armies=(army(1, 1, position=(1, 0)), *patrols), ruleset=ruleset)


def test_table_5_covering_patrol_defends_the_players_hex():
    w = patrol_world(army(20, 2, 1500, position=(3, 0)))
    events = run(w, [invade(1, (2, 0)), patrol(20, (3, 0))], [])
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.PATROL
    assert (battle.defender_kingdom_id, battle.defender_army_ids) == (2, (20,))
    assert battle.defender_points == 1500
    assert battle.rule == "A-2.3 §3-3e Table 5"


def test_e15_several_covering_patrols_the_strongest_then_the_lowest_id():
    strongest = patrol_world(army(20, 2, 1500), army(22, 2, 2500))
    events = run(strongest, [invade(1, (2, 0)), patrol(20, (3, 0)), patrol(22, (2, 0))], [])
    assert of_type(events, BattleDeclared)[0].defender_army_ids == (22,)
    tied = patrol_world(army(23, 2, 2000), army(21, 2, 2000))
    events = run(tied, [invade(1, (2, 0)), patrol(23, (3, 0)), patrol(21, (2, 0))], [])
    assert of_type(events, BattleDeclared)[0].defender_army_ids == (21,)


def test_p_c2_no_patrol_within_the_radius_is_a_lost_cause_e16():
    w = patrol_world(army(21, 2, position=(3, 1)))
    events = run(w, [invade(1, (2, 0)), patrol(21, (3, 1))], [])
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.LOST_CAUSE
    assert battle.rule == "P-C2"
    wider = patrol_world(army(21, 2, position=(3, 1)), ruleset=Ruleset(patrol_radius=2))
    events = run(wider, [invade(1, (2, 0)), patrol(21, (3, 1))], [])
    assert of_type(events, BattleDeclared)[0].defender_kind is DefenderKind.PATROL


def test_e28_one_kingdoms_armies_into_one_hex_are_one_combined_force():
    w = world(armies=(army(2, 1, 1500, (0, 1)), army(1, 1, 2000, (0, 1))))
    events = run(w, [invade(2, (1, 1)), invade(1, (1, 1))], [1, 1])
    assert len(of_type(events, HexExplored)) == 1
    [battle] = of_type(events, BattleDeclared)
    assert (battle.attacker_army_ids, battle.attacker_points) == ((1, 2), 3500)


def test_p_c3_contested_hex_the_invaders_fight_first_the_stronger_attacking():
    """P-C3, E-15: the invader with more points attacks the other; each possible survivor
    has his own follow-up battle against the hex's defender (here nobody)."""
    w = world(armies=(army(1, 1, 2000, (0, 1)), army(20, 2, 3000, (2, 0))))
    events = run(w, [invade(1, (1, 1)), invade(20, (1, 1))], [1, 1])
    battles = of_type(events, BattleDeclared)
    assert [
        (b.defender_kind, b.attacker_kingdom_id, b.defender_kingdom_id, b.after, b.if_won)
        for b in battles
    ] == [
        (DefenderKind.INVADER, 2, 1, None, None),
        (DefenderKind.UNDEFENDED, 2, None, 1, IfWon.ATTACKER),
        (DefenderKind.UNDEFENDED, 1, None, 1, IfWon.DEFENDER),
    ]
    assert battles[0].rule == "P-C3 E-15"
    assert all(b.rule == "A-1.0.6 §3-3e P-C3 E-15" for b in battles[1:])
    [first, *_] = declared_battles(events)
    assert (first.defender.kingdom_id, first.defender.army_ids, first.defender.points) == (
        1,
        (1,),
        2000,
    )


def test_p_c3_tied_points_roll_off_and_roll_again_on_a_tie():
    w = world(armies=(army(1, 1, 2000, (0, 1)), army(20, 2, 2000, (2, 0))))
    events = run(w, [invade(1, (1, 1)), invade(20, (1, 1))], [1, 1, 3, 3, 2, 5])
    battles = of_type(events, BattleDeclared)
    assert (battles[0].attacker_kingdom_id, battles[0].defender_kingdom_id) == (2, 1)
    assert [r.result for r in battles[0].rolls] == [3, 3, 2, 5]
    assert battles[0].rolls[2].purpose == "P-C3 roll-off at (1, 1): kingdom 1"
    assert all(b.rolls == () for b in battles[1:])


def test_p_c3_three_invaders_every_branch_is_declared():
    """E-15: 3 invaders, 3,000 > 2,500 > 2,000: 1 against 2, the survivor against 3, the
    survivor against the defender; if nobody wins the first, the third goes on alone."""
    w = world(
        armies=(army(1, 1, 2000, (0, 1)), army(20, 2, 3000, (2, 0)), army(30, 3, 2500, (1, 2))),
        hexes={(1, 2): {"owner": 3}},
    )
    orders = [invade(1, (1, 1)), invade(20, (1, 1)), invade(30, (1, 1))]
    battles = declared_battles(run(w, orders, [1, 1]))
    shown = [
        (b.key, b.attacker.kingdom_id, b.defender and b.defender.kingdom_id, b.after, b.if_won)
        for b in battles
    ]
    assert shown == [
        (1, 2, 3, None, None),
        (2, 2, 1, 1, IfWon.ATTACKER),
        (3, 2, None, 2, IfWon.ATTACKER),
        (4, 1, None, 2, IfWon.DEFENDER),
        (5, 3, 1, 1, IfWon.DEFENDER),
        (6, 3, None, 5, IfWon.ATTACKER),
        (7, 1, None, 5, IfWon.DEFENDER),
        (8, 1, None, 1, IfWon.NOBODY),
    ]


def test_e32_invaders_stand_on_their_origin_and_patrols_on_their_base():
    w = world(armies=(army(1, 1), army(2, 1, position=(1, 0)), army(3, 1, position=(0, 0))))
    orders = [invade(1, (1, 1)), invade(2, (1, 1), origin=(1, 0)), patrol(3, (0, 1))]
    events = run(w, orders, [1, 1])
    assert [(m.army_id, m.hex) for m in of_type(events, ArmyMoved)] == [(1, (0, 1)), (3, (0, 1))]
    assert of_type(events, ArmyMoved)[0].rule == "E-32 E-07"


def test_rest_orders_give_only_the_rest_event_table_5_e14():
    [rested] = run(world(), [Order(army_id=1, kind=OrderKind.REST)], [])
    assert (type(rested).__name__, rested.army_id, rested.ordered) == ("ArmyRested", 1, True)


def test_declared_battles_key_the_battles_in_order_with_phase_4_defaults():
    w = patrol_world(army(20, 2, 1500, position=(3, 0)), army(2, 1, position=(0, 1)))
    events = run(w, [invade(1, (2, 0)), patrol(20, (3, 0)), invade(2, (1, 1))], [1, 1])
    first, second = declared_battles(events)
    assert (first.key, first.hex, first.defender_kind) == (1, (1, 1), DefenderKind.UNDEFENDED)
    assert first.defender is None
    assert (second.key, second.hex) == (2, (2, 0))
    assert second.attacker == Side(points=2000, kingdom_id=1, army_ids=(1,))
    assert second.defender == Side(points=1500, kingdom_id=2, army_ids=(20,))
