"""One battle: unopposed, retreats (A-2.4) and abstract resolution (A-2.5, §5.7)."""

import msgspec
import pytest

from rules.battles.battle import basic_strategy_modifier, resolve_battle
from rules.core.dice import ForcedDice
from rules.core.events import (
    ArmyLosses,
    BattleFought,
    BattleWon,
    CharacterFell,
    DefenderLosses,
    ExperienceGained,
    Retreated,
)
from rules.core.state import (
    BattleState,
    Decision,
    Defence,
    Defender,
    DefenderKind,
    Feature,
    Role,
    Side,
    Strategy,
)
from tests.rules.rules_builder import army, build, character, of_type

MAP = """
F1 F1 F2 F2
F1 F. F. F2
"""
NEUTRAL_HEX = (1, 1)
PATROL_HEX = (2, 0)


def world(*characters, armies=None):
    return build(
        MAP,
        armies=armies or (army(1, 1), army(2, 1, 500), army(20, 2)),
        characters=characters,
        hexes={
            NEUTRAL_HEX: {
                "explored": True,
                "feature": Feature.TOWN,
                "defence": Defence.FORTRESS,
                "defender": Defender(1000, 1000),
            },
        },
    )


def patrol_battle(attacker=None, defender=None):
    return BattleState(
        key=4,
        hex=PATROL_HEX,
        defender_kind=DefenderKind.PATROL,
        attacker=attacker or Side(points=2000, kingdom_id=1, army_ids=(1,)),
        defender=defender or Side(points=2000, kingdom_id=2, army_ids=(20,)),
    )


def fight(w, battle, results):
    dice = ForcedDice(results)
    points = {a.id: a.points for a in w.armies.values()}
    events = resolve_battle(w, battle, dice, points)
    assert dice.unused == []
    return events, points


def plain(events):
    """The events without their rolls, for exact comparisons."""
    return [{k: v for k, v in e.to_dict().items() if k != "rolls"} for e in events]


def test_table_23_to_25_known_totals_and_a_massacre():
    """Attacker 3,000 vs 1,000 (+3), generalship 2 + Tactician (+3), Grand Marshal (+1),
    Outflank beats the neutral's Hold (E-24 roll 5, +2), d6 4: 13. Defender: fortress
    +1, home ground +1, d6 3: 5. D = 8: massacre. Losses: winner 5% of 3,000 = 150;
    the beaten neutral is gone. Fallen on 1 for the winner: 10 falls, 11 does not."""
    w = world(
        character(10, 1, 1, is_general=True, generalship=2, tactician=True),
        character(11, 1, 1, is_grand_marshal=True),
        armies=(army(1, 1, 3000),),
    )
    battle = BattleState(
        key=1,
        hex=NEUTRAL_HEX,
        defender_kind=DefenderKind.NEUTRAL,
        attacker=Side(points=3000, kingdom_id=1, army_ids=(1,), strategy=Strategy.OUTFLANK),
        defender=Side(points=1000),
    )
    events, points = fight(w, battle, [5, 4, 3, 1, 2])
    assert plain(events) == [
        {
            "type": "BattleFought", "rule": "A-2.5 §5.7 Tables 23–25", "battle_key": 1,
            "hex": [1, 1], "attacker_strategy": "outflank", "defender_strategy": "hold",
            "attacker_total": 13, "defender_total": 5, "result": "massacre",
            "winner": "attacker",
        },
        {
            "type": "ArmyLosses", "rule": "§5.7 troop losses E-10 E-28", "battle_key": 1,
            "army_id": 1, "points_lost": 150, "points_left": 2850,
        },
        {
            "type": "CharacterFell", "rule": "§5.7 fallen characters E-10", "battle_key": 1,
            "character_id": 10, "recovery_modifiers": [],
        },
        {"type": "ExperienceGained", "rule": "A-2.5", "battle_key": 1, "character_id": 10, "xp": 1},
        {"type": "ExperienceGained", "rule": "A-2.5", "battle_key": 1, "character_id": 11, "xp": 1},
        {
            "type": "BattleWon", "rule": "Table 25 E-10", "battle_key": 1, "hex": [1, 1],
            "winner": "attacker", "by_default": False,
        },
    ]  # fmt: skip
    assert points[1] == 2850
    assert [r.result for r in events[0].rolls] == [5, 4, 3]


def test_table_23_home_ground_for_a_patrol_on_its_own_hex():
    w = world()
    battle = patrol_battle()
    points = {1: 2000, 20: 2000}
    assert basic_strategy_modifier(w, battle, Role.ATTACKER, points) == 0
    assert basic_strategy_modifier(w, battle, Role.DEFENDER, points) == 1


def test_table_23_great_fortress_does_not_stack_and_best_general_leads():
    w = world(
        character(20, 2, 20, is_general=True, generalship=1, tactician=True),
        character(21, 2, 20, is_general=True, generalship=3),
    )
    w.hexes[PATROL_HEX] = msgspec.structs.replace(
        w.hexes[PATROL_HEX], defence=Defence.GREAT_FORTRESS
    )
    modifier = basic_strategy_modifier(w, patrol_battle(), Role.DEFENDER, {1: 2000, 20: 2000})
    assert modifier == 3 + 2 + 1  # generalship 3 (no Tactician), great fortress, home ground


@pytest.mark.parametrize(
    "rolls, result, winner, attacker_lost, defender_lost",
    [
        ([2, 1], "draw", None, 400, 400),  # 2 vs 1+1: E-10 20% each
        ([4, 2], "marginal", Role.ATTACKER, 300, 600),  # loser 30%: no Hold -10
        ([2, 2], "marginal", Role.DEFENDER, 600, 300),
        ([1, 4], "solid", Role.DEFENDER, 800, 200),  # loser 40%
        ([1, 6], "massacre", Role.DEFENDER, 1200, 100),  # loser 60%
    ],
)
def test_table_25_each_band_with_hold_on_both_sides_q7(
    rolls, result, winner, attacker_lost, defender_lost
):
    """Q7: no strategy is Hold, so both sides Hold: the same choice, which has no effect
    on troop losses (Table 24's last row), and each band's plain §5.7 percentages."""
    events, points = fight(world(), patrol_battle(), rolls)
    [fought] = of_type(events, BattleFought)
    assert (fought.result, fought.winner) == (result, winner)
    assert (fought.attacker_strategy, fought.defender_strategy) == (Strategy.HOLD, Strategy.HOLD)
    losses = {e.army_id: e.points_lost for e in of_type(events, ArmyLosses)}
    assert losses == {1: attacker_lost, 20: defender_lost}
    assert points == {1: 2000 - attacker_lost, 2: 500, 20: 2000 - defender_lost}
    assert of_type(events, BattleWon)[0].winner == winner


def test_e10_draw_keeps_assaults_plus_10_on_both_sides():
    """Assault vs Hold: Hold beats Assault (+2 defender); 6 vs 3+1+2: draw, 30% each."""
    attacker = Side(points=2000, kingdom_id=1, army_ids=(1,), strategy=Strategy.ASSAULT)
    events, _ = fight(world(), patrol_battle(attacker=attacker), [6, 3])
    assert of_type(events, BattleFought)[0].result == "draw"
    assert [e.points_lost for e in of_type(events, ArmyLosses)] == [600, 600]


def test_table_24_outflank_winner_adds_10_to_the_enemy():
    """Outflank beats Hold (+2): 3+2 vs 1+1, solid. Loser: 40 +10 (Outflank) -10 (Hold)."""
    attacker = Side(points=2000, kingdom_id=1, army_ids=(1,), strategy=Strategy.OUTFLANK)
    events, _ = fight(world(), patrol_battle(attacker=attacker), [3, 1])
    assert [e.points_lost for e in of_type(events, ArmyLosses)] == [200, 800]


def test_losses_round_up_to_5_points():
    w = world(armies=(army(1, 1, 1234), army(20, 2, 1001)))
    battle = patrol_battle(
        attacker=Side(points=1234, kingdom_id=1, army_ids=(1,)),
        defender=Side(points=1001, kingdom_id=2, army_ids=(20,)),
    )
    events, points = fight(w, battle, [2, 1])
    assert [(e.points_lost, e.points_left) for e in of_type(events, ArmyLosses)] == [
        (250, 984),
        (205, 796),
    ]


def test_e28_combined_force_shares_losses_in_proportion_to_points():
    w = world(armies=(army(1, 1, 1500), army(2, 1, 1000), army(20, 2, 2500)))
    battle = patrol_battle(
        attacker=Side(points=2500, kingdom_id=1, army_ids=(1, 2)),
        defender=Side(points=2500, kingdom_id=2, army_ids=(20,)),
    )
    events, _ = fight(w, battle, [2, 1])
    assert [(e.army_id, e.points_lost) for e in of_type(events, ArmyLosses)] == [
        (1, 300),
        (2, 200),
        (20, 500),
    ]


def test_fallen_characters_massacred_side_falls_on_1_to_3_winner_on_1():
    w = world(character(10, 1, 1), character(11, 1, 1), character(20, 2, 20))
    events, _ = fight(w, patrol_battle(), [1, 6, 3, 4, 2])
    assert [e.character_id for e in of_type(events, CharacterFell)] == [10]
    assert of_type(events, CharacterFell)[0].rolls[0].result == 3


def test_e10_fallen_characters_in_a_draw_fall_on_1_to_2():
    w = world(character(10, 1, 1), character(20, 2, 20))
    events, _ = fight(w, patrol_battle(), [2, 1, 2, 3])
    assert [e.character_id for e in of_type(events, CharacterFell)] == [10]


def test_a_2_5_every_character_gets_exactly_1_xp_in_an_abstract_battle():
    w = world(character(10, 1, 1), character(11, 1, 1), character(20, 2, 20))
    events, _ = fight(w, patrol_battle(), [1, 6, 3, 4, 2])
    xp = of_type(events, ExperienceGained)
    assert sorted((e.character_id, e.xp) for e in xp) == [(10, 1), (11, 1), (20, 1)]
    assert all(len(e.rolls) == 1 for e in xp if e.character_id != 10)  # their fall rolls


def neutral_battle(kind, defender):
    return BattleState(
        key=2,
        hex=NEUTRAL_HEX,
        defender_kind=kind,
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)),
        defender=defender,
    )


def test_semi_permanence_surviving_neutral_records_its_losses():
    """2:1 ratio +2 for the attacker; neutral Hold (E-24 roll 5), fortress and home +2:
    1+2 vs 1+2, a draw: 20% each."""
    battle = neutral_battle(DefenderKind.NEUTRAL, Side(points=1000))
    events, _ = fight(world(), battle, [5, 1, 1])
    [losses] = of_type(events, DefenderLosses)
    assert (losses.hex, losses.points_lost, losses.points_left) == ((1, 1), 200, 800)


def test_e06_neutral_kingdom_army_takes_no_losses():
    battle = neutral_battle(DefenderKind.NEUTRAL_KINGDOM, Side(points=2500, neutral_kingdom_id=9))
    events, _ = fight(world(), battle, [5, 2, 1])
    assert of_type(events, DefenderLosses) == []
    assert [e.army_id for e in of_type(events, ArmyLosses)] == [1]


def test_q6_a_neutral_never_retreats():
    battle = neutral_battle(DefenderKind.NEUTRAL, Side(points=1000, decision=Decision.RETREAT))
    events, _ = fight(world(), battle, [5, 1, 1])
    assert of_type(events, Retreated) == []
    assert len(of_type(events, BattleFought)) == 1


def test_a_2_4_defender_retreats_attacker_wins_by_default_with_1_xp():
    w = world(character(10, 1, 1), character(20, 2, 20))
    defender = Side(points=2000, kingdom_id=2, army_ids=(20,), decision=Decision.RETREAT)
    events, points = fight(w, patrol_battle(defender=defender), [])
    assert plain(events) == [
        {"type": "Retreated", "rule": "A-2.4", "battle_key": 4, "hex": [2, 0], "role": "defender"},
        {
            "type": "BattleWon", "rule": "A-2.4", "battle_key": 4, "hex": [2, 0],
            "winner": "attacker", "by_default": True,
        },
        {"type": "ExperienceGained", "rule": "A-2.4", "battle_key": 4, "character_id": 10, "xp": 1},
    ]  # fmt: skip
    assert points[20] == 2000  # a retreat has no casualties


def test_a_2_4_attacker_retreats_defender_wins_by_default():
    w = world(character(10, 1, 1), character(20, 2, 20))
    attacker = Side(points=2000, kingdom_id=1, army_ids=(1,), decision=Decision.RETREAT)
    events, _ = fight(w, patrol_battle(attacker=attacker), [])
    assert [e.role for e in of_type(events, Retreated)] == [Role.ATTACKER]
    assert of_type(events, BattleWon)[0].winner is Role.DEFENDER
    assert [e.character_id for e in of_type(events, ExperienceGained)] == [20]


def test_a_2_4_q6_both_retreat_no_winner_no_xp():
    w = world(character(10, 1, 1), character(20, 2, 20))
    battle = patrol_battle(
        attacker=Side(points=2000, kingdom_id=1, army_ids=(1,), decision=Decision.RETREAT),
        defender=Side(points=2000, kingdom_id=2, army_ids=(20,), decision=Decision.RETREAT),
    )
    events, _ = fight(w, battle, [])
    assert [e.type for e in events] == ["Retreated", "Retreated", "BattleWon"]
    assert events[-1].winner is None


@pytest.mark.parametrize(
    "kind, rule", [(DefenderKind.UNDEFENDED, "A-1.0.6"), (DefenderKind.LOST_CAUSE, "P-C2")]
)
def test_a_1_0_6_p_c2_unopposed_invasions_win_without_xp(kind, rule):
    w = world(character(10, 1, 1))
    battle = BattleState(
        key=3, hex=(1, 1), defender_kind=kind, attacker=Side(2000, 1, army_ids=(1,)), defender=None
    )
    events, _ = fight(w, battle, [])
    assert plain(events) == [
        {
            "type": "BattleWon", "rule": rule, "battle_key": 3, "hex": [1, 1],
            "winner": "attacker", "by_default": False,
        }
    ]  # fmt: skip
