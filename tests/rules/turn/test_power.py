"""Power income (Table 9, §3 step 6g), effective power (Table 1) and the winner (A-3.1)."""

import dataclasses

import msgspec

from rules.core.state import Feature, Ruleset
from rules.turn.power import (
    campaign_won,
    collect_power,
    effective_power_halves,
    hex_value_halves,
    income,
)
from tests.rules.rules_builder import build

RULEBOOK = Ruleset()

MAP = """
R1 M1 F1 W.
F2 F2 R2 W.
"""


def kingdoms_world(features: dict, industry: int = 0, power: int = 0):
    """K1 holds (0,0) capital, (1,0), (2,0); K2 holds (0,1) capital, (1,1), (2,1)."""
    w = build(MAP, hexes={c: {"feature": f} for c, f in features.items()}, capitals={2: (0, 1)})
    k1 = dataclasses.replace(w.kingdoms[1], industry=industry, power=power)
    return dataclasses.replace(w, kingdoms={**w.kingdoms, 1: k1})


def test_table_9_the_capital_pays_1_even_as_a_city_e_22():
    w = kingdoms_world({(0, 0): Feature.CITY})
    assert income(w, 1) == (1, 0)


def test_table_9_another_mega_feature_pays_1_power():
    w = kingdoms_world({(0, 0): Feature.CITY, (1, 0): Feature.DEEP_MINE})
    assert income(w, 1) == (2, 0)


def test_table_9_three_industry_make_one_power_and_the_rest_is_kept():
    """Each non-mega major feature gives 1 industry; every 3 convert to 1 power."""
    w = kingdoms_world({(1, 0): Feature.MINE, (2, 0): Feature.TOWN}, industry=2)
    assert income(w, 1) == (1 + 1, 1)  # capital + (2 + 2 = 4 industry → 1 power, 1 left)


def test_table_9_a_lost_capital_pays_nothing():
    w = kingdoms_world({})
    lost = msgspec.structs.replace(w.hexes[(0, 0)], owner=2)
    w = dataclasses.replace(w, hexes={**w.hexes, (0, 0): lost})
    assert income(w, 1) == (0, 0)


def test_6g_every_kingdom_collects_in_id_order():
    events = collect_power(kingdoms_world({(1, 0): Feature.DEEP_WOODS}, power=3))
    assert [(e.kingdom_id, e.gained, e.power) for e in events] == [(1, 2, 5), (2, 1, 1)]


def test_table_1_hex_values_q11():
    assert [hex_value_halves(RULEBOOK, f) for f in (None, Feature.TOWN, Feature.CITY)] == [2, 3, 4]


def test_table_1_effective_power_counts_unspent_power_and_hexes():
    w = kingdoms_world({(0, 0): Feature.CITY, (1, 0): Feature.MINE})
    # power 3 → 6; City 4 + Mine 3 + plain 2 = 9 → 15 halves = 7.5
    assert effective_power_halves(w, 1, 3) == 15


def test_a_3_1_a_tie_gives_co_winners_e_27():
    w = kingdoms_world({})
    won = campaign_won(w, {1: 2, 2: 2}, "A-3.1")
    assert won.winner_ids == (1, 2)
    assert won.scores == ((1, 10), (2, 10))
