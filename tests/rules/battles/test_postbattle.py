"""§3 step 6c, post-battle bookkeeping (rules.battles.postbattle): Tables 12–16 row by row, every
modifier, E-01, E-02, E-03, E-10, E-20 (pure, forced dice)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.battles import postbattle_events as pev
from rules.battles.battle import characters
from rules.battles.postbattle import (
    Aftermath,
    UnitLoss,
    generalship_change,
    injure,
    post_battle,
    recovery_result,
    tabletop_experience,
    unit_recovery_needed,
)
from rules.battles.postbattle_tables import Injury, Recovery, UnitFate
from rules.core.dice import ForcedDice
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import BattleState, DefenderKind, NeutralKingdomState, Role, Ruleset, Side
from tests.rules.rules_builder import army, build, character

RULEBOOK = Ruleset()


def _world(*people, ruleset=None, shrine=False, turn=3):
    world = build(
        "F1 F2 F2",
        turn=turn,
        armies=(army(1, 1), army(2, 1), army(20, 2)),
        characters=people,
        hexes={(1, 0): {"minor_feature": "shrine"}} if shrine else None,
        ruleset=ruleset,
    )
    world.neutral_kingdoms = {7: NeutralKingdomState(id=7, name="Ostland", capital=(2, 0))}
    return world


BATTLE = BattleState(
    key=5,
    hex=(1, 0),
    defender_kind=DefenderKind.PATROL,
    attacker=Side(points=2000, kingdom_id=1, army_ids=(1,)),
    defender=Side(points=2000, kingdom_id=2, army_ids=(20,)),
)
NEUTRAL_BATTLE = dataclasses.replace(
    BATTLE,
    defender_kind=DefenderKind.NEUTRAL_KINGDOM,
    defender=Side(points=2500, neutral_kingdom_id=7),
)


def _after(winner=Role.ATTACKER, **fields) -> Aftermath:
    return Aftermath(
        **{"battle": BATTLE, "fought": True, "abstract": True, "winner": winner, **fields}
    )


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# --- Table 12: unit recovery ----------------------------------------------------------


@pytest.mark.parametrize(
    "won, massacred, fate, needed",
    [
        (True, False, UnitFate.FLED, 1),
        (True, False, UnitFate.DESTROYED, 2),
        (False, False, UnitFate.FLED, 2),
        (False, False, UnitFate.DESTROYED, 3),
        (None, False, UnitFate.FLED, 2),  # E-10: a draw uses the loser's rows
        (None, True, UnitFate.DESTROYED, 3),  # a draw is never a massacre
        (False, True, UnitFate.FLED, 4),
        (False, True, UnitFate.DESTROYED, 5),
        (True, True, UnitFate.DESTROYED, 2),  # the winner of a massacre
    ],
)
def test_table_12_every_row(won, massacred, fate, needed):
    assert unit_recovery_needed(RULEBOOK, won, massacred, fate) == needed


def test_table_12_the_rest_flag_and_drillmaster_add_and_stack():
    """E-01: the flag this battle used +1; Table 21 Drillmaster on the General +1 (E-21)."""
    drill = character(10, 1, 1, is_general=True, skills=("drillmaster",))
    world = _world(drill)
    loss = UnitLoss(army_id=1, unit="Spearmen", fate=UnitFate.DESTROYED)
    aftermath = _after(Role.DEFENDER, units=(loss,), rested=frozenset({1}))
    [event] = post_battle(world, [dataclasses.replace(aftermath, fought=False)], ForcedDice([1]))
    assert isinstance(event, pev.UnitRecovered)
    assert (event.needed, event.total, event.returned) == (3, 3, True)
    assert event.modifiers == (
        "The army Rested before this battle +1",
        "Drillmaster on the army's General +1",
    )
    assert event.kingdom_id == 1 and event.rolls[0].purpose.startswith("Table 12 unit recovery")


def test_table_12_a_unit_short_of_its_score_is_lost_and_a_winners_fled_unit_always_returns():
    world = _world()
    lost = UnitLoss(army_id=20, unit="Knights", fate=UnitFate.DESTROYED)
    fled = UnitLoss(army_id=1, unit="Archers", fate=UnitFate.FLED)
    events = post_battle(world, [_after(units=(lost, fled), fought=False)], ForcedDice([2, 1]))
    assert [(e.unit, e.needed, e.returned) for e in events] == [
        ("Knights", 3, False),
        ("Archers", 1, True),
    ]


def test_abstract_battles_roll_no_table_12():
    """§5.7: abstract losses are final; the aftermath of an abstract battle has no units."""
    world = _world(character(10, 1, 1, is_general=True))
    events = post_battle(world, [_after(rested=frozenset({1}))], ForcedDice([4]))
    assert not _of(events, pev.UnitRecovered)


# --- Table 13: character recovery -------------------------------------------------------


@pytest.mark.parametrize(
    "total, result",
    [(-2, Recovery.DEAD), (0, Recovery.DEAD), (1, Recovery.INJURED), (2, Recovery.INJURED),
     (3, Recovery.FULL), (6, Recovery.FULL), (9, Recovery.FULL)],
)  # fmt: skip
def test_table_13_every_row_read_with_or_less_and_or_more(total, result):
    assert recovery_result(RULEBOOK, total) is result


def _recovery(world, aftermath, roll, surgeons=frozenset()):
    events = post_battle(world, [aftermath], ForcedDice([roll, 3, 3, 3]), surgeons)
    return _of(events, pev.CharacterRecoveryRolled)[0], events


def test_table_13_abstract_and_lost_are_minus_1_each():
    world = _world(character(21, 2, 20))
    rolled, events = _recovery(world, _after(fallen=(21,)), 3)
    assert rolled.total == 1 and rolled.result == "injured"
    assert rolled.modifiers == ("After an abstract battle -1", "His side lost -1 (not in a draw)")
    assert _of(events, pev.InjuryTaken)


def test_table_13_e_10_a_draw_is_not_lost():
    world = _world(character(21, 2, 20))
    rolled, _ = _recovery(world, _after(None, fallen=(21,)), 3)
    assert rolled.total == 2 and rolled.modifiers == ("After an abstract battle -1",)


def test_table_13_e_02_surgeon_arcane_resilience_and_shrine_stack():
    hero = character(21, 2, 20, is_wizard=True, skills=("arcane_resilience",))
    world = _world(hero, shrine=True)
    rolled, _ = _recovery(world, _after(fallen=(21,)), 1, surgeons=frozenset({2}))
    assert rolled.total == 1 - 1 - 1 + 1 + 1 + 1
    assert len(rolled.modifiers) == 5
    other, _ = _recovery(world, _after(fallen=(21,)), 1, surgeons=frozenset({1}))
    assert other.total == 1, "another kingdom's Surgeon is not his"


def test_table_13_a_winner_after_a_tabletop_battle_has_no_modifier():
    world = _world(character(10, 1, 1))
    aftermath = dataclasses.replace(_after(fallen=(10,)), abstract=False)
    rolled, _ = _recovery(world, aftermath, 3)
    assert (rolled.total, rolled.modifiers, rolled.result) == (3, (), "full_recovery")


def test_table_13_house_table_and_modifier_values():
    house = ruleset_from_overrides(
        {
            "options": {"recovery_abstract": -2},
            "tables": {"table-13": "0-1 dead\n2-3 injured\n4-6 full_recovery"},
        }
    )
    world = _world(character(10, 1, 1), ruleset=house)
    rolled, events = _recovery(world, _after(fallen=(10,)), 3)
    assert (rolled.total, rolled.result) == (1, "dead")
    assert _of(events, pev.CharacterRemoved)


# --- Table 14: injury (E-03) ------------------------------------------------------------


@pytest.mark.parametrize(
    "injury, stat",
    [(Injury.LEG_WOUND, "m"), (Injury.ARM_WOUND, "ws"), (Injury.HEAD_WOUND, "i"),
     (Injury.EYE_WOUND, "bs"), (Injury.GRIEVOUS_WOUND, "w")],
)  # fmt: skip
def test_table_14_each_wound_costs_its_stat_as_a_delta(injury, stat):
    hero = character(10, 1, 1, deltas={"ws": 1})
    wounded, effect = injure(RULEBOOK, hero, injury, 3)
    assert effect == {"stat": stat, "change": -1, "floored": False, "retired": False}
    assert wounded.deltas[stat] == hero.deltas.get(stat, 0) - 1


def test_table_14_the_floor_of_1_holds_when_the_profile_gives_the_stat():
    """E-03: never below 1, W excepted."""
    hero = character(10, 1, 1, profile={"bs": 2, "m": 4}, deltas={"bs": -1})
    wounded, effect = injure(RULEBOOK, hero, Injury.EYE_WOUND, 3)
    assert effect == {"stat": "bs", "change": 0, "floored": True, "retired": False}
    assert wounded.deltas["bs"] == -1


def test_table_14_e_03_a_grievous_wound_at_the_last_w_retires_him():
    hero = character(10, 1, 1, profile={"w": 2}, deltas={"w": -1})
    wounded, effect = injure(RULEBOOK, hero, Injury.GRIEVOUS_WOUND, 3)
    assert effect["retired"] and wounded.status == "retired" and wounded.deltas["w"] == -2
    sturdy = character(11, 1, 1)  # no profile: W is the ruleset's default_wounds (3)
    assert not injure(RULEBOOK, sturdy, Injury.GRIEVOUS_WOUND, 3)[1]["retired"]
    one = ruleset_from_overrides({"options": {"default_wounds": 1}})
    assert injure(one, sturdy, Injury.GRIEVOUS_WOUND, 3)[1]["retired"]


def test_table_14_shaken_misses_the_next_turn_and_cannot_be_in_an_army():
    hero = character(10, 1, 1)
    shaken, effect = injure(RULEBOOK, hero, Injury.SHAKEN, 3)
    assert effect == {"shaken_until": 4} and shaken.deltas == {}
    side = Side(points=2000, kingdom_id=1, army_ids=(1,))
    for turn, present in ((4, []), (5, [10])):
        world = _world(shaken, turn=turn)
        assert [c.id for c in characters(world, side)] == present


def test_table_14_house_table():
    house = ruleset_from_overrides({"tables": {"table-14": "1-6 shaken"}})
    world = _world(character(21, 2, 20), ruleset=house)
    events = post_battle(world, [_after(fallen=(21,))], ForcedDice([3, 1]))
    [injury] = _of(events, pev.InjuryTaken)
    assert injury.injury == "shaken" and injury.shaken_until == 4


# --- Dead and retired (Table 13, E-03): the army needs a General ------------------------


def test_a_dead_general_is_replaced_and_the_grand_marshall_passes_to_the_oldest_army():
    marshal = character(10, 1, 1, is_general=True, is_grand_marshal=True)
    other = character(12, 1, 2, is_general=True)
    world = _world(marshal, other)
    events = post_battle(world, [_after(fallen=(10,))], ForcedDice([1]))
    assert len(events) == 3, "no Table 16: the dead General rolls none, the enemy has none"
    removed, appointed = events[1:3]
    assert (removed.cause, removed.was_general, removed.was_grand_marshal) == ("dead", True, True)
    assert appointed == pev.GeneralAppointed(
        rule=appointed.rule, battle_key=5, kingdom_id=1, army_id=1, replaced_id=10,
        character_id=None, name="General of the Army 1", grand_marshal=True,
    )  # fmt: skip
    assert not _of(events, pev.GrandMarshalPassed), "army 1 is the oldest: its new General"


def test_the_grand_marshall_passes_to_another_army_s_general():
    marshal = character(20, 1, 2, is_general=True, is_grand_marshal=True)
    first = character(12, 1, 1, is_general=True)
    world = _world(marshal, first)
    battle = dataclasses.replace(BATTLE, attacker=Side(points=2000, kingdom_id=1, army_ids=(2,)))
    aftermath = Aftermath(battle=battle, fought=True, abstract=True, winner=Role.ATTACKER,
                          fallen=(20,))  # fmt: skip
    events = post_battle(world, [aftermath], ForcedDice([1]))
    [passed] = _of(events, pev.GrandMarshalPassed)
    assert (passed.character_id, passed.replaced_id) == (12, 20)
    [appointed] = _of(events, pev.GeneralAppointed)
    assert appointed.army_id == 2 and not appointed.grand_marshal


def test_a_character_of_the_army_with_the_most_xp_takes_command():
    general = character(10, 1, 1, is_general=True)
    hero = character(11, 1, 1, xp=4)
    world = _world(general, hero, character(13, 1, 1, xp=1))
    events = post_battle(world, [_after(fallen=(10,))], ForcedDice([1]))
    [appointed] = _of(events, pev.GeneralAppointed)
    assert (appointed.character_id, appointed.name) == (11, "Hero 11")


def test_e_03_retirement_is_handled_like_death():
    general = character(10, 1, 1, is_general=True, profile={"w": 1})
    world = _world(general)
    events = post_battle(
        world, [_after(fallen=(10,))], ForcedDice([3, 1])
    )  # 3-1: injured; grievous
    assert [type(e).__name__ for e in events] == [
        "CharacterRecoveryRolled", "InjuryTaken", "CharacterRemoved", "GeneralAppointed",
    ]  # fmt: skip
    assert events[2].cause == "retired"


def test_e_20_a_neutral_general_is_injured_replaced_and_private_to_the_gm():
    neutral = character(90, None, None, neutral_kingdom_id=7, is_general=True)
    world = _world(neutral)
    aftermath = Aftermath(battle=NEUTRAL_BATTLE, fought=True, abstract=True,
                          winner=Role.ATTACKER, fallen=(90,))  # fmt: skip
    events = post_battle(world, [aftermath], ForcedDice([2]))  # 2-2 = 0: dead
    [appointed] = _of(events, pev.GeneralAppointed)
    assert (appointed.neutral_kingdom_id, appointed.name) == (7, "General of Ostland")
    assert all(e.kingdom_id is None and e.seen_by() == (False, frozenset(), ()) for e in events)


def test_a_character_dead_in_an_earlier_battle_of_the_turn_rolls_no_more():
    hero = character(10, 1, 1, is_general=True)
    world = _world(hero)
    first = _after(fallen=(10,), experience=((10, 1),))
    second = dataclasses.replace(first, battle=dataclasses.replace(BATTLE, key=6))
    events = post_battle(world, [first, second], ForcedDice([1]))
    assert len(_of(events, pev.CharacterRecoveryRolled)) == 1
    assert not _of(events, pev.AdvanceGained), "his 2nd XP would be an advance: he is dead"


def test_the_general_appointed_after_a_death_commands_the_army_s_next_battle():
    """Table 13, E-28: the heir the first battle of the turn made General rolls Table 16
    after the second; the dead man, out of the army, rolls nothing."""
    world = _world(character(10, 1, 1, is_general=True), character(11, 1, 1, xp=4))
    first = _after(fallen=(10,))
    second = _after(battle=dataclasses.replace(BATTLE, key=6))
    events = post_battle(world, [first, second], ForcedDice([1, 5]))  # dead; Table 16
    [appointed] = _of(events, pev.GeneralAppointed)
    [rolled] = _of(events, pev.GeneralshipRolled)
    assert (appointed.battle_key, appointed.character_id) == (5, 11)
    assert (rolled.battle_key, rolled.character_id, rolled.generalship) == (6, 11, 1)


# --- Table 15: experience (tabletop lines; abstract: rules.battles.battle) ----------------------


@pytest.mark.parametrize(
    "won, kills, general, xp",
    [(None, 0, False, 1), (False, 0, True, 1), (True, 0, False, 2), (True, 2, False, 4),
     (True, 1, True, 4), (None, 1, True, 2)],
)  # fmt: skip
def test_table_15_tabletop_lines(won, kills, general, xp):
    assert tabletop_experience(RULEBOOK, won=won, kills=kills, general_of_winner=general) == xp


# --- Table 16: generalship --------------------------------------------------------------


@pytest.mark.parametrize(
    "generalship, won, massacre, roll, change",
    [(1, True, False, 5, 1), (1, True, False, 4, 0), (1, True, True, 4, 1), (3, True, True, 6, 0),
     (2, False, False, 1, -1), (0, False, False, 1, 0), (2, False, False, 2, 0),
     (2, None, False, 1, 0), (2, None, False, 6, 0)],
)  # fmt: skip
def test_table_16_every_row(generalship, won, massacre, roll, change):
    assert generalship_change(RULEBOOK, generalship, won, massacre, roll) == change


def test_table_16_the_commanding_general_rolls_and_a_draw_rolls_nothing():
    winner = character(10, 1, 1, is_general=True, generalship=1)
    loser = character(21, 2, 20, is_general=True, generalship=1)
    world = _world(winner, loser, character(11, 1, 1))
    events = post_battle(world, [_after(massacre=True)], ForcedDice([4, 1]))
    up, down = _of(events, pev.GeneralshipRolled)
    assert (up.character_id, up.total, up.change, up.generalship) == (10, 5, 1, 2)
    assert (down.character_id, down.change, down.generalship) == (21, -1, 0)
    draws = post_battle(world, [_after(None)], ForcedDice([]))
    assert [(e.outcome, e.rolls, e.change) for e in draws] == [("draw", (), 0)] * 2


def test_table_16_a_default_win_is_no_battle_and_rolls_nothing():
    world = _world(character(10, 1, 1, is_general=True))
    aftermath = Aftermath(battle=BATTLE, fought=False, abstract=False, winner=Role.ATTACKER,
                          experience=((10, 1),))  # fmt: skip
    assert post_battle(world, [aftermath], ForcedDice([])) == []
