"""Siege battles on the tabletop, pure (E-24, E-37; docs/design/sieges.md, "Siege battles
on the tabletop"; rules.sieges.tabletop): a battle both sides' plans opt in to stops the
siege on its day, is announced at the next Provisional Results and fought on its day at
the next Final Results from its confirmed report, or abstract after the deadline."""

from __future__ import annotations

from rules.battles.tabletop import TabletopReport
from rules.core.dice import Dice, ForcedDice
from rules.core.events import BattleFought, TabletopBattleFought
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import BattleState, DefenderKind, Role, Side, Strategy
from rules.sieges.events import SiegeBattleDeclared, SiegeBattleNotFought, SiegeDay
from rules.sieges.state import SiegeBattleKind, SiegePlan, SiegeStatus, at_the_table
from rules.sieges.tabletop import announce_siege_battles
from rules.sieges.turn import siege_turn
from tests.rules.sieges.test_siege import _siege, _world

QUIET_DAY_BESIEGER_FIRST = [1, 1, 5, 5]  # events 2d10 = 2: nothing; initiative 5+4 ≥ 5


def _points(world) -> dict[int, int]:
    return {a.id: a.points for a in world.armies.values()}


def _opted_in(besieger=True, garrison=True, **siege):
    return _world(
        besieger_plan=SiegePlan(("assault",), Strategy.HOLD, tabletop=besieger),
        garrison_plan=SiegePlan((), tabletop=garrison),
        **siege,
    )


def _announced(report=None, attacker_strategy=None) -> BattleState:
    """The assault of day 9 as battles_load gives it at the next Final Results."""
    return BattleState(
        key=77,
        hex=(1, 0),
        defender_kind=DefenderKind.PATROL,
        attacker=Side(points=5000, kingdom_id=1, army_ids=(1,), strategy=attacker_strategy),
        defender=Side(points=2000, kingdom_id=2, army_ids=(20,)),
        tabletop=True,
        report=report,
        siege_key=1,
    )


def test_e24_both_plans_opted_in_the_siege_stops_on_its_assault_day():
    world = _opted_in()
    dice = ForcedDice(list(QUIET_DAY_BESIEGER_FIRST))
    run = siege_turn(world, world.sieges[0], [], dice, _points(world))

    assert run.siege.ongoing
    assert (run.siege.pending_kind, run.siege.pending_day) == (SiegeBattleKind.ASSAULT, 9)
    assert not [e for e in run.events if isinstance(e, BattleFought)], "not fought yet"
    days = [e for e in run.events if isinstance(e, SiegeDay)]
    assert [d.day for d in days] == [9], "the siege stands still until the battle is played"
    assert "tabletop" in days[0].result and days[0].action == "assault"
    assert run.siege.provisions == 10, "no food eaten on the stopped day"
    assert dice.unused == [], "no bombardment on the stopped day"


def test_e24_one_side_not_opted_in_the_assault_is_fought_at_once():
    world = _opted_in(garrison=False)
    run = siege_turn(world, world.sieges[0], [], Dice("seed:final"), _points(world))
    assert run.siege.pending_kind is None
    assert any(isinstance(e, BattleFought) for e in run.events)


def test_e24_a_relief_battle_is_never_held_for_the_tabletop():
    siege = _siege(besieger_plan=SiegePlan(tabletop=True), garrison_plan=SiegePlan(tabletop=True))
    assert at_the_table(siege, SiegeBattleKind.SORTIE)
    assert not at_the_table(siege, SiegeBattleKind.RELIEF)


def test_e24_the_stopped_battle_is_announced_at_provisional_results():
    world = _world(pending_kind=SiegeBattleKind.ASSAULT, pending_day=9, day=9)
    [announced] = announce_siege_battles(world)
    assert isinstance(announced, SiegeBattleDeclared) and announced.tabletop
    assert (announced.kind, announced.day) == ("assault", 9)
    assert (announced.attacker_kingdom_id, announced.defender_kingdom_id) == (1, 2)
    assert (announced.attacker_points, announced.defender_points) == (5000, 2000)
    assert announce_siege_battles(_world()) == [], "nothing stopped, nothing announced"


def test_p_c6_the_announced_assault_is_fought_from_its_report_and_takes_the_place():
    world = _world(pending_kind=SiegeBattleKind.ASSAULT, pending_day=9, day=9)
    report = TabletopReport(winner=Role.ATTACKER)
    run = siege_turn(
        world, world.sieges[0], [], Dice("seed:final"), _points(world), _announced(report)
    )
    fought = [e for e in run.events if isinstance(e, BattleFought)]
    assert len(fought) == 1 and isinstance(fought[0], TabletopBattleFought)
    assert fought[0].battle_key == 77, "the battle announced, not a new one"
    assert run.siege.status is SiegeStatus.TAKEN, "SG-ASLT-6"
    assert [e.day for e in run.events if isinstance(e, SiegeDay)] == [9]
    assert run.siege.pending_kind is None


def test_e24_no_report_by_the_deadline_fights_it_abstract_with_the_strategy_on_file():
    world = _world(pending_kind=SiegeBattleKind.ASSAULT, pending_day=9, day=9)
    announced = _announced(attacker_strategy=Strategy.OUTFLANK)
    run = siege_turn(world, world.sieges[0], [], Dice("seed:final"), _points(world), announced)
    fought = next(e for e in run.events if isinstance(e, BattleFought))
    assert not isinstance(fought, TabletopBattleFought)
    assert fought.battle_key == 77
    assert fought.attacker_strategy is Strategy.OUTFLANK, "the side's Phase 4 strategy"


def test_e24_the_resumed_day_is_the_first_of_the_turns_days():
    """siege_days_per_turn is 3 here: the battle's day 9, then days 10 and 11, which
    take the plan's first two actions (the stopped day's action was fixed)."""
    world = _world(
        pending_kind=SiegeBattleKind.ASSAULT,
        pending_day=9,
        day=9,
        garrison_plan=SiegePlan(("supply", "pass")),
    )
    world.ruleset = ruleset_from_overrides(
        {"options": {"siege_days_per_turn": 3}, "tables": {"siege-events": "2-20 nothing"}}
    )
    garrison_first = [1, 1, 1, 10]  # no event; initiative 1 + 4 against 10
    # day 10: the supply d6, then a bombardment d10 of 1 puts the engines out for day 11
    dice = ForcedDice([*garrison_first, 6, 1, *garrison_first])
    report = TabletopReport(winner=Role.DEFENDER)  # thrown back: the siege goes on
    run = siege_turn(world, world.sieges[0], [], dice, _points(world), _announced(report))
    days = [(e.day, e.action) for e in run.events if isinstance(e, SiegeDay)]
    assert days == [(9, "assault"), (10, "supply"), (11, "wait")], "day 11: pass → wait"
    assert dice.unused == []


def test_e24_a_lifted_siege_does_not_fight_its_announced_battle():
    world = _world(
        pending_kind=SiegeBattleKind.ASSAULT,
        pending_day=9,
        day=9,
        besieger_plan=SiegePlan(lift=True),
    )
    run = siege_turn(world, world.sieges[0], [], Dice("seed:final"), _points(world), _announced())
    assert run.siege.status is SiegeStatus.LIFTED
    assert not [e for e in run.events if isinstance(e, BattleFought)]
    [skipped] = [e for e in run.events if isinstance(e, SiegeBattleNotFought)]
    assert skipped.battle_key == 77 and "lifted" in skipped.why
    assert run.siege.pending_kind is None


def test_e24_the_stop_is_recorded_for_the_next_turn():
    world = _opted_in()
    dice = ForcedDice(list(QUIET_DAY_BESIEGER_FIRST))
    run = siege_turn(world, world.sieges[0], [], dice, _points(world))
    recorded = run.events[-1].state
    assert (recorded["pending_kind"], recorded["pending_day"]) == ("assault", 9)
