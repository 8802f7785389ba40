"""Phase 3 step 3d, scouting: Table 5 Scout and Table 8 with forced dice (§5.4, E-07,
E-16, E-29, E-32).

The map, rows r = 0, 1, 2; kingdom 1 holds (0, 0), (1, 0), (0, 1), kingdom 2 (3, 0):

    F1 F1 F. F2 F.
    F1 F. R. F. F.
    W. F. F. F. M.
"""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from rules.core.dice import ForcedDice
from rules.core.events import (
    ArmyMoved,
    BattleDeclared,
    HexExplored,
    HexExploredByScouts,
    HexScouted,
    NeutralKingdomDiscovered,
    ScoutsSeen,
)
from rules.core.ruleset import rows_to_text, ruleset_from_overrides, table
from rules.core.state import Defender, DefenderKind, Feature, NeutralKingdomState, Order, OrderKind
from rules.core.tables import ScoutLevel
from rules.turn.orders import order_origin, why_illegal
from rules.turn.provisional import resolve_provisional
from rules.turn.scouting import resolve_scouting, scouted_world
from rules.turn.visibility import (
    GM,
    Context,
    HexFacts,
    Viewer,
    audience,
    hex_view,
    scout_report_view,
)
from tests.rules.rules_builder import army, build, character, of_type

MAP = """
F1 F1 F. F2 F.
F1 F. R. F. F.
W. F. F. F. M.
"""
FAR = (2, 1)  # River, 2 from (1, 0) and (0, 1), adjacent to nothing of kingdom 1
NEAR = (1, 1)  # Fields, adjacent to (1, 0) and (0, 1)
BOBS = (3, 0)  # kingdom 2's hex, 2 from (1, 0), adjacent to nothing of kingdom 1


def scout(army_id: int, target, origin=None) -> Order:
    return Order(army_id=army_id, kind=OrderKind.SCOUT, target=target, origin=origin)


def invade(army_id: int, target) -> Order:
    return Order(army_id=army_id, kind=OrderKind.INVADE, target=target)


def patrol(army_id: int, base) -> Order:
    return Order(army_id=army_id, kind=OrderKind.PATROL, target=base)


def world(**kwargs):
    armies = kwargs.pop(
        "armies",
        (army(1, 1, position=(0, 0)), army(2, 1, 1500, position=(0, 0)), army(3, 2, 1500)),
    )
    return build(MAP, armies=armies, **kwargs)


def run(w, orders, results):
    dice = ForcedDice(results)
    events = resolve_provisional(w, orders, dice).events
    assert dice.unused == [], "every forced die is used, and no more"
    return events


def scouting(w, orders, results):
    dice = ForcedDice(results)
    events = resolve_scouting(w, orders, dice)
    assert dice.unused == []
    return events


# Table 8 bands


def test_table_8_result_1_scouts_lost_nothing_learned_nothing_explored():
    """Table 8 1: nothing learned; an unowned hex has no owner to tell, and the scouts
    never reached it, so no Table 7 roll is made (§5.4)."""
    events = scouting(world(), [scout(1, FAR)], [1])
    [report] = of_type(events, HexScouted)
    assert (report.level, report.total, report.facts) == (ScoutLevel.LOST, 1, {})
    assert report.rolls[0].purpose == "Table 8 scouting at (2, 1) by army 1"
    assert of_type(events, HexExploredByScouts) == of_type(events, ScoutsSeen) == []


def test_table_8_result_1_on_a_player_hex_tells_its_owner_scouts_were_seen():
    """Table 8 1: the target's owner is told "scouts were seen", not by whom."""
    events = scouting(world(), [scout(1, BOBS)], [1])
    [seen] = of_type(events, ScoutsSeen)
    assert seen.to_dict() == {"type": "ScoutsSeen", "rule": "Table 8", "rolls": [],
                              "hex": [3, 0], "kingdom_id": 2}  # fmt: skip


def test_table_8_2_3_glimpse_major_feature_and_neutral_kingdom_yes_no_section_5_4():
    """Table 8 2–3; §5.4: the unexplored hex is explored now with Table 7 (River 4 =
    town, minor 1 = none, defender 3 = 1,000), but the scout learns only yes/no."""
    events = scouting(world(), [scout(1, FAR)], [3, 4, 1, 3])
    [explored] = of_type(events, HexExploredByScouts)
    assert (explored.feature, explored.minor_feature, explored.defender_points) == (
        Feature.TOWN, None, 1000,
    )  # fmt: skip
    assert [r.result for r in explored.rolls] == [4, 1, 3]
    [report] = of_type(events, HexScouted)
    assert report.level is ScoutLevel.GLIMPSE
    assert report.facts == {"major_feature": True, "neutral_kingdom": False}
    assert [r.result for r in report.rolls] == [3], "the Table 7 rolls are the GM's alone"


def test_table_8_4_5_report_feature_minor_and_defender_to_the_nearest_500():
    """Table 8 4–5: feature, minor feature (5+ then Table 17 2 = ford), defender rounded."""
    events = scouting(world(), [scout(1, FAR)], [5, 4, 5, 2, 3])
    [report] = of_type(events, HexScouted)
    assert report.level is ScoutLevel.REPORT
    assert report.facts == {
        "major_feature": True, "neutral_kingdom": False, "feature": "town",
        "minor_feature": "ford", "defender_about": 1000,
    }  # fmt: skip


@pytest.mark.parametrize("points, about", [(1200, 1000), (1250, 1500), (200, 500), (0, None)])
def test_table_8_4_5_rounds_the_defender_to_the_nearest_500_halves_up(points, about):
    """Table 8 4–5 on an explored hex: no Table 7 roll; a standing defender is ≥ 500."""
    w = world(hexes={FAR: {"explored": True, "feature": Feature.TOWN,
                           "defender": Defender(points, points)}})  # fmt: skip
    [report] = scouting(w, [scout(1, FAR)], [4])
    assert report.facts["defender_about"] == about


def test_table_8_6_everything_exact_defender_and_race():
    defender = Defender(points=1250, original_points=1500, race="orcs")
    w = world(hexes={FAR: {"explored": True, "feature": Feature.CITY, "minor_feature": "ford",
                           "defender": defender, "watchtower": True}})  # fmt: skip
    [report] = scouting(w, [scout(1, FAR)], [6])
    assert report.level is ScoutLevel.EVERYTHING
    assert report.facts == {
        "major_feature": True, "neutral_kingdom": False, "feature": "city",
        "minor_feature": "ford", "defender_about": 1500, "defender_points": 1250,
        "defender_race": "orcs", "defence": None, "watchtower": True,
    }  # fmt: skip


def test_table_8_is_an_editable_ruleset_table():
    """Issue 3: the GM may change Table 8 like any other table; results are levels."""
    assert rows_to_text("table-8", table(ruleset_from_overrides({}), "table-8")) == (
        "1 lost\n2-3 glimpse\n4-5 report\n6 everything"
    )
    harsh = ruleset_from_overrides({"tables": {"table-8": "1-3 lost\n4-6 glimpse"}})
    [report] = scouting(world(ruleset=harsh), [scout(1, FAR)], [3])
    assert report.level is ScoutLevel.LOST


# Table 8 modifiers


def test_table_8_plus_1_when_the_target_is_adjacent_to_the_kingdom_e16():
    """+1 adjacent (E-16 adjacency): 5 + 1 = 6, everything; the explored hex rolled
    Fields 1 (empty) and minor 1 (none)."""
    events = scouting(world(), [scout(1, NEAR)], [5, 1, 1])
    [report] = of_type(events, HexScouted)
    assert (report.total, report.level) == (6, ScoutLevel.EVERYTHING)
    assert report.modifiers == ("+1 adjacent to the kingdom (E-16)",)
    assert report.facts["defender_points"] is None and report.facts["feature"] is None


def test_table_8_adjacent_across_one_sea_hex_counts_e16():
    """E-16: "adjacent to the kingdom" includes the one-sea-hex crossing, though the
    target is 2 away in grid distance."""
    w = build("F1 ~. F.", armies=(army(1, 1),))
    [report] = of_type(scouting(w, [scout(1, (2, 0))], [1, 1, 1]), HexScouted)
    assert report.modifiers == ("+1 adjacent to the kingdom (E-16)",)
    assert report.level is ScoutLevel.GLIMPSE


def test_table_8_plus_1_for_an_own_watchtower_within_1_hex_of_the_target_e07():
    """Table 8's wording (E-07): a watchtower within 1 of the target; a total of 4 + 2 = 6."""
    w = world(hexes={(1, 0): {"watchtower": True}})
    [_, report] = scouting(w, [scout(1, NEAR)], [4, 1, 1])
    assert report.modifiers == (
        "+1 adjacent to the kingdom (E-16)", "+1 own watchtower within 1 hex (E-07)",
    )  # fmt: skip
    assert (report.total, report.level) == (6, ScoutLevel.EVERYTHING)


def test_table_8_a_watchtower_2_hexes_away_gives_nothing_and_8_reads_as_6_plus():
    far_tower = world(hexes={(0, 1): {"watchtower": True}})
    [report] = of_type(scouting(far_tower, [scout(1, FAR)], [3, 1, 1]), HexScouted)
    assert report.modifiers == () and report.level is ScoutLevel.GLIMPSE
    near_tower = world(hexes={(1, 0): {"watchtower": True}})
    [_, report] = scouting(near_tower, [scout(1, NEAR)], [6, 1, 1])
    assert (report.total, report.level) == (8, ScoutLevel.EVERYTHING), "6+"


def test_table_8_plus_1_for_a_scoutmaster_in_the_scouting_army_table_21():
    """Table 21 Scoutmaster: +1 on his army's Table 8 rolls. A 3 at FAR (no other
    modifier) is a glimpse; with the Scoutmaster it is a 4, a report."""
    w = world(characters=(character(10, 1, 1, skills=("scoutmaster",)),))
    [_, report] = scouting(w, [scout(1, FAR)], [3, 1, 1])
    assert report.modifiers == ("+1 Scoutmaster in the scouting army (Table 21)",)
    assert (report.total, report.level) == (4, ScoutLevel.REPORT)


def test_table_8_scoutmaster_counts_once_and_only_in_his_own_army_while_he_serves():
    """Two Scoutmasters still give +1 (Table 8: "a" Scoutmaster in the army); one in
    another army, a dead one or a Shaken one (Tables 13-14, E-03) gives nothing."""
    two = world(
        characters=(
            character(10, 1, 1, skills=("scoutmaster",)),
            character(11, 1, 1, skills=("ld", "scoutmaster")),
        )
    )
    [_, report] = scouting(two, [scout(1, FAR)], [3, 1, 1])
    assert report.total == 4
    for away in (
        character(10, 1, 2, skills=("scoutmaster",)),
        character(10, 1, 1, skills=("scoutmaster",), status="dead"),
        character(10, 1, 1, skills=("scoutmaster",), shaken_until=1),
    ):
        [report] = of_type(
            scouting(world(characters=(away,)), [scout(1, FAR)], [3, 1, 1]), HexScouted
        )
        assert (report.modifiers, report.level) == ((), ScoutLevel.GLIMPSE)


# Neutral kingdoms and player hexes


def neutral_world():
    w = world(hexes={(2, 1): {"neutral_kingdom": 7, "feature": Feature.TOWN},
                     (3, 1): {"neutral_kingdom": 7}, (2, 0): {"neutral_kingdom": 7}})  # fmt: skip
    neutral = NeutralKingdomState(id=7, name="Orcland", capital=(2, 1), race="orcs")
    return dataclasses.replace(w, neutral_kingdoms={7: neutral})


def test_table_8_6_in_a_neutral_kingdom_reveals_extent_and_capital_a_1_4_19():
    """6+ in a neutral kingdom's hex: its extent and capital; the scout's kingdom now
    knows it (A-1.4.19, Q22). Its hexes were set at map creation: no Table 7 roll."""
    events = scouting(neutral_world(), [scout(1, (2, 0))], [5])  # 5 + 1 adjacent
    [report] = of_type(events, HexScouted)
    assert report.neutral_kingdom_id == 7
    assert report.facts["capital"] == [2, 1]
    assert report.facts["extent"] == [[2, 0], [2, 1], [3, 1]]
    assert (report.facts["defender_points"], report.facts["defender_race"]) == (2500, "orcs")
    [found] = of_type(events, NeutralKingdomDiscovered)
    assert (found.kingdom_id, found.neutral_kingdom_id) == (1, 7)
    assert of_type(events, HexExploredByScouts) == []


def test_table_8_below_6_a_neutral_kingdom_is_only_yes_and_stays_unnamed():
    [report] = scouting(neutral_world(), [scout(1, (2, 0))], [1])  # 1 + 1: glimpse
    assert report.facts == {"major_feature": False, "neutral_kingdom": True}
    assert report.neutral_kingdom_id is None


def test_table_8_on_a_player_hex_whether_a_patrol_covers_it_then_its_size():
    """4–5: whether a patrol covers it; 6+: the covering patrol's size (Table 5 radius)."""
    orders = [scout(1, BOBS), patrol(3, BOBS)]
    [report] = scouting(world(), orders, [4])
    assert report.facts["patrolled"] is True and "patrol_points" not in report.facts
    [report] = scouting(world(), orders, [6])
    assert report.facts["patrol_points"] == 1500
    [report] = scouting(world(), [scout(1, BOBS)], [6])
    assert (report.facts["patrolled"], report.facts["patrol_points"]) == (False, None)


def test_table_5_a_scouting_army_covers_nothing_and_stays_put_e32():
    """Table 5: the scout takes part in no battle: it is no patrol, so kingdom 2's
    invasion of (0, 1) meets no defender (P-C2); E-32: its position is unchanged."""
    w = world(armies=(army(1, 1, position=(0, 0)), army(3, 2, 1500, position=(3, 0))))
    w = dataclasses.replace(
        w, hexes={**w.hexes, (1, 1): msgspec.structs.replace(w.hexes[(1, 1)], owner=2)}
    )
    events = run(w, [scout(1, (0, 2)), invade(3, (0, 1))], [2, 1, 1])
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.LOST_CAUSE
    assert [e.army_id for e in of_type(events, ArmyMoved)] == [3], "E-32: the scout stays"


# Scouting then invading (§5.4, E-29)


def test_section_5_4_scouted_then_invaded_the_same_turn_rolls_table_7_once():
    """3d before 3e: army 1 scouts (1, 1) (4 + 1 = report; Fields 5 = town, minor 1, size
    1 = 500), army 2 invades it: the invasion reveals the scouted contents (A-1.0.9) and
    rolls no Table 7 again. The forced dice run out if it did."""
    events = run(world(), [scout(1, NEAR), invade(2, NEAR)], [4, 5, 1, 1])
    [secret] = of_type(events, HexExploredByScouts)
    [public] = of_type(events, HexExplored)
    assert public.rolls == () and public.rule == "A-1.0.9 §5.4 E-29"
    assert (public.feature, public.minor_feature, public.defender_points) == (
        secret.feature, secret.minor_feature, secret.defender_points,
    ) == (Feature.TOWN, None, 500)  # fmt: skip
    [battle] = of_type(events, BattleDeclared)
    assert (battle.defender_kind, battle.defender_points) == (DefenderKind.NEUTRAL, 500)
    kinds = [type(e) for e in events]
    assert kinds.index(HexScouted) < kinds.index(HexExplored), "3d comes before 3e"


def test_e29_a_hex_scouted_in_an_earlier_turn_is_revealed_when_invaded_no_roll():
    w = world(hexes={NEAR: {"explored": True, "scouted_only": True, "feature": Feature.TOWN,
                            "defender": Defender(1000, 1000)}})  # fmt: skip
    events = run(w, [invade(2, NEAR)], [])
    [public] = of_type(events, HexExplored)
    assert (public.feature, public.defender_points, public.rolls) == (Feature.TOWN, 1000, ())


def test_lost_scouts_explore_nothing_so_the_invasion_rolls_table_7():
    """Table 8 1 (here 1 + 1 adjacent on a GM's table that loses 1–2): the scouts never
    reached the hex, so the invasion explores it (Fields 1, minor 1)."""
    harsh = ruleset_from_overrides({"tables": {"table-8": "1-2 lost\n3-6 glimpse"}})
    events = run(world(ruleset=harsh), [scout(1, NEAR), invade(2, NEAR)], [1, 1, 1])
    assert of_type(events, HexScouted)[0].level is ScoutLevel.LOST
    assert of_type(events, HexExploredByScouts) == []
    [public] = of_type(events, HexExplored)
    assert [r.result for r in public.rolls] == [1, 1]


def test_two_scouts_of_one_hex_roll_table_7_once():
    events = scouting(world(), [scout(2, FAR), scout(1, FAR)], [2, 1, 1, 6])
    assert len(of_type(events, HexExploredByScouts)) == 1
    assert [(e.army_id, e.level) for e in of_type(events, HexScouted)] == [
        (1, ScoutLevel.GLIMPSE), (2, ScoutLevel.EVERYTHING),
    ]  # fmt: skip


def test_scouted_world_marks_the_hex_explored_by_scouting_only():
    events = scouting(world(), [scout(1, FAR)], [3, 4, 1, 3])
    after = scouted_world(world(), events).hexes[FAR]
    assert (after.explored, after.scouted_only, after.feature) == (True, True, Feature.TOWN)


# Order legality (Table 5, E-07, E-16, A-1.3.2)


@pytest.mark.parametrize(
    "order, problem",
    [
        (scout(1, (4, 1)), "(4, 1) is more than 2 hexes from your non-orphan hexes: "
                           "Scout reaches 2"),
        (scout(1, (0, 0)), "(0, 0) is your own hex: there is nothing in it to scout"),
        (scout(1, None), "a Scout order needs a hex"),
        (scout(1, (9, 9)), "(9, 9) is not on the map"),
        (scout(1, FAR, origin=(3, 0)), "(3, 0) is not your hex: scouts set out from one"),
        (scout(1, (3, 0), origin=(0, 0)), "(0, 0) is 3 hexes from (3, 0): scouts set out from "
                                          "a hex within 2 of their target"),
        (scout(1, FAR, origin=(0, 1)), None),
        (scout(1, FAR), None),
    ],
)  # fmt: skip
def test_table_5_scout_legality(order, problem):
    found = why_illegal(world(), 1, order)
    assert (found and found.message) == problem


def test_table_5_a_scout_may_not_target_the_sea():
    w = build("F1 ~. F.", armies=(army(1, 1),))
    assert why_illegal(w, 1, scout(1, (1, 0))).message == (
        "(1, 0) is a sea hex: it holds nothing to scout"
    )


def test_a_1_3_2_orphan_hexes_neither_reach_nor_send_scouts_e07():
    """A-1.3.2: (4, 0) is within 2 of the orphan (2, 0) only."""
    w = world(hexes={(2, 0): {"owner": 1, "orphan": True}})
    assert why_illegal(w, 1, scout(1, (4, 0))).message == (
        "(4, 0) is more than 2 hexes from your non-orphan hexes: Scout reaches 2"
    )
    assert why_illegal(w, 1, scout(1, FAR, origin=(2, 0))).message == (
        "(2, 0) is an orphan hex: no scouts may set out from it"
    )


def test_e16_scout_reach_is_plain_grid_distance_sea_counted_as_cells():
    """E-16: "within 2" counts sea hexes as cells: 2 across one sea hex is in reach, 3
    across two is not."""
    w = build("F1 ~. ~. F. F.", armies=(army(1, 1),))
    assert why_illegal(w, 1, scout(1, (2, 0))) is not None  # a sea hex
    assert why_illegal(w, 1, scout(1, (3, 0))).message.startswith("(3, 0) is more than 2 hexes")
    w = build("F1 ~. F.", armies=(army(1, 1),))
    assert why_illegal(w, 1, scout(1, (2, 0))) is None


def test_e14_a_small_army_may_not_scout():
    w = world(armies=(army(1, 1, 500),))
    assert "may only Rest" in why_illegal(w, 1, scout(1, FAR)).message


def test_e07_default_origin_is_the_nearest_own_hex_ties_to_the_lowest():
    """E-07: (1, 1) is 1 from (1, 0) and (0, 1): the lower, (0, 1); (2, 1) is 2 from
    both and 3 from (0, 0); (3, 0) is within 2 of (1, 0) alone."""
    w = world()
    assert order_origin(w, 1, OrderKind.SCOUT, NEAR) == (0, 1)
    assert order_origin(w, 1, OrderKind.SCOUT, FAR) == (0, 1)
    assert order_origin(w, 1, OrderKind.SCOUT, (3, 0)) == (1, 0)
    [report] = scouting(w, [scout(1, FAR)], [1])
    assert report.origin == (0, 1)


# Visibility (E-29, A-1.0.9)


def test_e29_scouting_events_are_private_and_exploration_by_scouts_is_the_gms():
    events = scouting(neutral_world(), [scout(1, (2, 0))], [5])
    report, found = of_type(events, HexScouted)[0], of_type(events, NeutralKingdomDiscovered)[0]
    context = Context()
    assert audience(report, context).public is False
    assert audience(report, context).kingdom_ids == {1}
    assert audience(found, context).kingdom_ids == {1}
    seen = scouting(world(), [scout(1, BOBS)], [1])[1]
    assert (audience(seen, context).public, audience(seen, context).kingdom_ids) == (False, {2})
    secret = of_type(scouting(world(), [scout(1, FAR)], [3, 4, 1, 3]), HexExploredByScouts)[0]
    assert (audience(secret, context).public, audience(secret, context).kingdom_ids) == (
        False, frozenset(),
    )  # fmt: skip


def _scouted_hex(**changes) -> HexFacts:
    """A hex explored by scouting alone: the server knows its contents, the map's
    ``explored`` (campaign.map.selectors.PUBLIC_EXPLORED) is False."""
    facts = HexFacts(q=2, r=1, terrain="river", owner_id=None, neutral_kingdom_id=None,
                     explored=False, feature="town", minor_feature="ford", defence="",
                     watchtower=False, defender_points=1000, orphan=False)  # fmt: skip
    return facts._replace(**changes)


def test_e29_a_hex_explored_by_scouting_alone_stays_unexplored_for_everyone_else():
    seen = hex_view(_scouted_hex(), Viewer(kingdom_id=2))
    assert seen["explored"] is False
    assert (seen["feature"], seen["defender_points"], seen["scouted"]) == (None, None, None)
    assert hex_view(_scouted_hex(), GM)["feature"] == "town"


def test_e29_the_scout_sees_what_his_report_told_him_at_its_level_table_8():
    glimpse = scout_report_view("glimpse", 3, {"major_feature": True, "neutral_kingdom": False})
    seen = hex_view(_scouted_hex(), Viewer(kingdom_id=1, scout_reports={(2, 1): glimpse}))
    assert seen["explored"] is False and seen["feature"] is None, "a glimpse names no feature"
    assert seen["scouted"] == {"level": "glimpse", "turn": 3, "major_feature": True,
                               "neutral_kingdom": False}  # fmt: skip
    facts = {"feature": "town", "minor_feature": "ford", "defender_points": 1000}
    everything = scout_report_view("everything", 3, facts)
    seen = hex_view(_scouted_hex(), Viewer(kingdom_id=1, scout_reports={(2, 1): everything}))
    assert (seen["feature"], seen["minor_feature"], seen["defender_points"]) == (
        "town", "ford", 1000,
    )  # fmt: skip


def test_a_1_0_9_once_invaded_the_contents_are_public_to_all():
    seen = hex_view(_scouted_hex(explored=True), Viewer(kingdom_id=2))
    assert seen["explored"] is True and seen["feature"] == "town"
