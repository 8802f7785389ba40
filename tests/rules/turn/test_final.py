"""Phase 6 Final Results and the whole turn's determinism (§3 6a, 6b, 6f; E-32)."""

from rules.core.dice import Dice, ForcedDice
from rules.core.events import ArmyLosses, BattleWon, DefenderLosses, HexConquered, OrphanChanged
from rules.core.state import (
    BattleState,
    Decision,
    Defender,
    DefenderKind,
    Feature,
    Order,
    OrderKind,
    Side,
)
from rules.turn.final import resolve_final
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.rules_builder import apply_provisional, army, build, of_type

MAP = """
F1 F2 F2 F2
F1 F1 F. F.
"""


def world(*armies, turn=1, hexes=None):
    return build(MAP, turn=turn, armies=armies, hexes=hexes, capitals={2: (3, 0)})


def battle(key, hex_, kind, attacker, defender=None):
    return BattleState(key=key, hex=hex_, defender_kind=kind, attacker=attacker, defender=defender)


def final(w, battles, results):
    dice = ForcedDice(results)
    events = resolve_final(w, battles, dice).events
    assert dice.unused == []
    return events


def plain(events):
    return [{k: v for k, v in e.to_dict().items() if k != "rolls"} for e in events]


K1 = Side(points=2000, kingdom_id=1, army_ids=(1,))


def test_6b_6f_conquest_moves_the_army_and_orphans_the_cut_off_hex_e32():
    """K1 takes (2, 0) as a lost cause: K2's (1, 0) loses its path to (3, 0) (A-1.3.1);
    K2's resting army on (2, 0) falls back on its capital (E-32)."""
    w = world(army(1, 1, position=(1, 1)), army(20, 2, position=(2, 0)))
    events = final(w, [battle(1, (2, 0), DefenderKind.LOST_CAUSE, K1)], [])
    assert plain(events) == [
        {"type": "BattleWon", "rule": "P-C2", "battle_key": 1, "hex": [2, 0],
         "winner": "attacker", "by_default": False},
        {"type": "HexConquered", "rule": "§3-6b A-1.2.2", "hex": [2, 0], "kingdom_id": 1,
         "previous_owner_id": 2},
        {"type": "ArmyMoved", "rule": "E-32", "army_id": 1, "hex": [2, 0]},
        {"type": "ArmyMoved", "rule": "E-32", "army_id": 20, "hex": [3, 0]},
        {"type": "OrphanChanged", "rule": "A-1.3.1 §3-6f", "hex": [1, 0], "orphan": True},
        {"type": "PowerCollected", "rule": "Table 9 §3-6g", "kingdom_id": 1, "gained": 1,
         "power": 1, "industry": 0},
        {"type": "PowerCollected", "rule": "Table 9 §3-6g", "kingdom_id": 2, "gained": 1,
         "power": 1, "industry": 0},
    ]  # fmt: skip


def test_6f_a_conquered_hex_takes_the_flag_computed_for_its_new_owner():
    w = world(army(1, 1, position=(0, 0)), hexes={(1, 0): {"orphan": True}})
    events = final(w, [battle(1, (1, 0), DefenderKind.LOST_CAUSE, K1)], [])
    assert [(e.hex, e.orphan) for e in of_type(events, OrphanChanged)] == [((1, 0), False)]


def test_6b_a_beaten_invader_keeps_the_map_and_its_position():
    w = world(army(1, 1, position=(1, 1)), army(20, 2, position=(2, 0)))
    patrol = Side(points=2000, kingdom_id=2, army_ids=(20,))
    events = final(w, [battle(1, (2, 0), DefenderKind.PATROL, K1, patrol)], [1, 6])
    assert of_type(events, BattleWon)[0].winner.value == "defender"
    assert [e.type for e in events if e.type in ("HexConquered", "ArmyMoved")] == []


def test_p_c4_a_patrol_that_retreated_leaves_a_lost_cause_behind():
    w = world(army(1, 1, position=(1, 1)), army(2, 1, position=(1, 1)), army(20, 2))
    retreating = Side(points=2000, kingdom_id=2, army_ids=(20,), decision=Decision.RETREAT)
    fighting = Side(points=2000, kingdom_id=2, army_ids=(20,))
    battles = [
        battle(1, (2, 0), DefenderKind.PATROL, K1, retreating),
        battle(2, (1, 0), DefenderKind.PATROL, Side(2000, 1, army_ids=(2,)), fighting),
    ]
    events = final(w, battles, [])
    assert [(e.battle_key, e.rule, e.winner.value) for e in of_type(events, BattleWon)] == [
        (1, "A-2.4", "attacker"),
        (2, "P-C2", "attacker"),
    ]


def test_p_c4_losses_carry_over_to_the_patrols_next_battle():
    """Draw at 2,000 (-400), then 2,000 vs 1,600 (ratio 1.25, no bonus): 20% of 1,600."""
    w = world(army(1, 1), army(2, 1), army(20, 2))
    patrol = Side(points=2000, kingdom_id=2, army_ids=(20,))
    battles = [
        battle(1, (2, 0), DefenderKind.PATROL, K1, patrol),
        battle(2, (1, 0), DefenderKind.PATROL, Side(2000, 1, army_ids=(2,)), patrol),
    ]
    events = final(w, battles, [2, 1, 2, 1])
    patrol_losses = [(e.points_lost, e.points_left) for e in of_type(events, ArmyLosses)
                     if e.army_id == 20]  # fmt: skip
    assert patrol_losses == [(400, 1600), (320, 1280)]


def test_once_a_hex_is_taken_later_battles_declared_there_are_not_fought():
    w = world(army(1, 1), army(20, 2))
    battles = [
        battle(1, (2, 1), DefenderKind.UNDEFENDED, Side(2000, 2, army_ids=(20,))),
        battle(2, (2, 1), DefenderKind.UNDEFENDED, K1),
    ]
    events = final(w, battles, [])
    assert [(e.hex, e.kingdom_id) for e in of_type(events, HexConquered)] == [((2, 1), 2)]
    assert [e.battle_key for e in of_type(events, BattleWon)] == [1]


def test_semi_permanence_a_neutral_carries_its_losses_to_the_next_invader():
    """Two kingdoms fail against one Town defender (1,000): draws at 20%, 20% again."""
    hexes = {(2, 1): {"explored": True, "feature": Feature.TOWN, "defender": Defender(1000, 1000)}}
    w = world(army(1, 1, 1000), army(20, 2, 1000), hexes=hexes)
    neutral = Side(points=1000)
    battles = [
        battle(1, (2, 1), DefenderKind.NEUTRAL, Side(1000, 2, army_ids=(20,)), neutral),
        battle(2, (2, 1), DefenderKind.NEUTRAL, Side(1000, 1, army_ids=(1,)), neutral),
    ]
    # neutral Hold (5); 2 vs 1+1 home ground: draw. Then 1000 vs 800: ratio 1.25.
    events = final(w, battles, [5, 2, 1, 5, 2, 1])
    assert [(e.points_lost, e.points_left) for e in of_type(events, DefenderLosses)] == [
        (200, 800),
        (160, 640),
    ]


def test_a_3_0_2_the_end_roll_comes_after_income_and_a_3_1_names_the_winner():
    """Phase 7 follows 6g; when the roll ends the campaign, Table 1 picks the winner."""
    w = world(army(1, 1, position=(1, 1)), turn=8)
    events = final(w, [battle(1, (2, 1), DefenderKind.UNDEFENDED, K1)], [4])
    assert [e.type for e in events[-4:]] == [
        "PowerCollected", "PowerCollected", "CampaignEndRoll", "CampaignWon",
    ]  # fmt: skip
    # K1: 4 hexes (3 + (2, 1) taken) and 1 power = 5; K2: 3 hexes and 1 power = 4.
    assert events[-1].winner_ids == (1,) and events[-1].scores == ((1, 10), (2, 8))


def test_a_3_0_2_no_winner_while_the_campaign_goes_on():
    w = world(army(1, 1, position=(1, 1)), turn=8)
    events = final(w, [battle(1, (2, 1), DefenderKind.UNDEFENDED, K1)], [3])
    assert events[-1].type == "CampaignEndRoll" and events[-1].ends is False


DETERMINISM_MAP = """
F1 R. W. M.
F1 S. F. F2
M. W. R. F2
"""


def whole_turn(seed):
    """Provisional, the pipeline's write-back, then Final, with one seeded Dice."""
    w = build(
        DETERMINISM_MAP,
        turn=8,
        armies=(army(1, 1, 2500), army(2, 1, 1500), army(3, 1), army(20, 2, 3000), army(21, 2)),
    )
    orders = [
        Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0)),
        Order(army_id=2, kind=OrderKind.INVADE, target=(1, 1)),
        Order(army_id=3, kind=OrderKind.INVADE, target=(1, 1)),
        Order(army_id=20, kind=OrderKind.INVADE, target=(2, 1)),
        Order(army_id=21, kind=OrderKind.INVADE, target=(2, 2)),
    ]
    dice = Dice(seed)
    provisional = resolve_provisional(w, orders, dice).events
    w = apply_provisional(w, provisional)
    final_events = resolve_final(w, declared_battles(provisional), dice).events
    return [e.to_dict() for e in provisional + final_events], [r.result for r in dice.rolls]


def test_same_seed_same_world_same_orders_same_events_byte_for_byte():
    assert whole_turn("turn-8-seed") == whole_turn("turn-8-seed")


def test_a_different_seed_gives_different_rolls():
    events_a, rolls_a = whole_turn("turn-8-seed")
    events_b, rolls_b = whole_turn("another-seed")
    assert len(rolls_a) >= 12
    assert rolls_a != rolls_b
    assert events_a != events_b
