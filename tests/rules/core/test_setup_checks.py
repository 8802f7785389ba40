"""The set-up defaults a planned map is checked against (rules.core.setup_checks): each
departure is a warning naming its rule, never a refusal (A-1.0.1, A-1.0.2, A-1.2.1, Q19,
A-1.4.1–4)."""

from __future__ import annotations

from rules.core.mapgen import (
    KingdomPlan,
    MapParams,
    MapPlan,
    NeutralPlan,
    blank_map,
    generate_from,
    spiral,
)
from rules.core.setup_checks import setup_warnings
from rules.core.state import Defence, Feature, Terrain


def _rules_map() -> MapPlan:
    """A map as the rules suggest: 37 hexes, two kingdoms of three hexes (capitals 4
    apart) and one neutral kingdom of three with its Great Fortress, City and a Mine."""
    terrain = dict.fromkeys(spiral(37), Terrain.FIELDS)
    return MapPlan(
        terrain=terrain,
        kingdoms=[
            KingdomPlan((-2, 0), [(-2, 0), (-3, 0), (-2, 1)], "Averland"),
            KingdomPlan((2, 0), [(2, 0), (3, 0), (2, -1)], "Bretonnia"),
        ],
        neutrals=[
            NeutralPlan(
                (0, 2),
                [(0, 2), (0, 3), (1, 2)],
                {(0, 2): Feature.CITY, (0, 3): Feature.MINE},
                "Grey Vaults",
            )
        ],
    )


def _rules(plan: MapPlan) -> list[str]:
    return [problem.rule for problem in setup_warnings(plan)]


def test_a_map_as_the_rules_suggest_has_no_warning():
    assert setup_warnings(_rules_map()) == []


def test_a_generated_map_starts_as_the_rules_suggest():
    """The wizard's suggested map for 4 players (A-1.0.2) of a pinned seed."""
    assert setup_warnings(generate_from(MapParams(players=4, radius=3, seed="fair"))) == []


def test_a_1_0_1_a_campaign_has_two_to_twelve_kingdoms_spread_over_the_map():
    plan = _rules_map()
    plan.kingdoms = plan.kingdoms[:1]
    alone, _size = setup_warnings(plan)  # and 37 hexes are too many for one
    assert (alone.rule, alone.field) == ("A-1.0.1", "kingdoms")
    assert alone.sentence == (
        "The map has 1 player kingdom: a campaign has 2 to 12 players, each with his kingdom."
    )
    [blank, _neutrals] = setup_warnings(blank_map(3))
    assert blank.rule == "A-1.0.1" and "no player kingdom yet" in blank.message

    crowded = _rules_map()
    crowded.kingdoms[1] = KingdomPlan((0, 0), [(0, 0), (1, 0), (0, -1)], "Bretonnia")
    [close] = setup_warnings(crowded)
    assert close.rule == "A-1.0.1"
    assert close.message.startswith("the capitals of Averland and Bretonnia are 2 hexes apart")


def test_a_1_0_2_about_ten_hexes_a_player():
    small = _rules_map()
    small.terrain = {cell: t for cell, t in small.terrain.items() if cell in spiral(12)}
    [warning] = setup_warnings(small)
    assert warning.rule == "A-1.0.2" and warning.field == "hexes"
    assert "12 hexes for 2 player kingdoms" in warning.message
    assert "between 16 and 60" in warning.message

    large = _rules_map()
    large.terrain = dict.fromkeys(spiral(61), Terrain.FIELDS)
    assert _rules(large) == ["A-1.0.2"]


def test_a_1_2_1_a_player_starts_with_a_few_hexes_around_his_capital():
    plan = _rules_map()
    plan.kingdoms[0].hexes = [(-2, 0)]
    [warning] = setup_warnings(plan)
    assert warning.rule == "A-1.2.1"
    assert warning.sentence == (
        "Averland starts with its capital alone: each player starts with a few hexes around "
        "his capital."
    )


def test_q19_the_capital_and_up_to_three_hexes_next_to_it():
    plan = _rules_map()
    plan.kingdoms[0].hexes += [(-3, 1), (-1, -1)]  # four hexes around (-2, 0)
    plan.kingdoms[1].hexes += [(3, 1)]  # (3, 1) is two hexes from (2, 0)
    big, apart = setup_warnings(plan)
    assert (big.rule, apart.rule) == ("Q19", "Q19")
    assert big.message.startswith("Averland starts with 5 hexes")
    assert apart.message.startswith("(3, 1) of Bretonnia is not next to its capital")


def test_a_kingdom_without_a_name_is_named_by_its_capital():
    plan = _rules_map()
    plan.kingdoms[0] = KingdomPlan((-2, 0), [(-2, 0)])
    [warning] = setup_warnings(plan)
    assert warning.message.startswith("the kingdom at (-2, 0) starts with its capital alone")


def test_a_1_4_1_the_gm_places_neutral_kingdoms():
    plan = _rules_map()
    plan.neutrals = []
    [warning] = setup_warnings(plan)
    assert (warning.rule, warning.field) == ("A-1.4.1", "neutral_kingdoms")


def test_a_1_4_2_a_neutral_kingdom_has_three_hexes():
    plan = _rules_map()
    plan.neutrals[0].hexes = [(0, 2), (0, 3)]
    [warning] = setup_warnings(plan)
    assert warning.rule == "A-1.4.2"
    assert warning.sentence == "Grey Vaults has 2 hexes: a neutral kingdom usually has 3."


def test_a_1_4_3_a_neutral_capital_stands_behind_a_great_fortress():
    for defence in (None, Defence.FORTRESS):
        plan = _rules_map()
        plan.neutrals[0].defence = defence
        [warning] = setup_warnings(plan)
        assert warning.rule == "A-1.4.3"
        assert warning.message.startswith("the capital of Grey Vaults has no Great Fortress")


def test_a_1_4_4_a_neutral_kingdom_holds_a_major_feature_beside_its_capital():
    plan = _rules_map()
    plan.neutrals[0].features = {(0, 2): Feature.CITY}  # the capital's City alone (E-22)
    [warning] = setup_warnings(plan)
    assert warning.rule == "A-1.4.4"
    assert "holds no major feature beside its capital" in warning.message
