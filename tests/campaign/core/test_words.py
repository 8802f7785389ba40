"""The engine's words (A-1.1.1 terrains, Table 6 features, Table 5 orders, Table 8 scout
levels) read in the reader's language wherever the site shows them: the models' choices
and the refusals take them from one vocabulary."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaign.core import problems, words
from campaign.models import Hex, Turn
from kingdoms.orders.models import Order, ScoutReport
from rules.core.state import Defence, Feature, NeutralConquest, OrderKind, Terrain
from rules.core.tables import ScoutLevel


@pytest.mark.parametrize(
    ("enum", "vocabulary"),
    [
        (Terrain, words.TERRAINS),
        (Feature, words.FEATURES),
        (Defence, words.DEFENCES),
        (OrderKind, words.ORDER_KINDS),
        (ScoutLevel, words.SCOUT_LEVELS),
        (NeutralConquest, words.NEUTRAL_CONQUESTS),
    ],
)
def test_every_value_of_the_engine_has_its_word(enum, vocabulary):
    assert set(vocabulary) == {member.value for member in enum}


def test_a_1_1_1_a_hexs_terrain_and_feature_labels_read_in_italian():
    hex_ = Hex(terrain=Terrain.FIELDS, feature=Feature.DEEP_MINE, defence=Defence.FORTRESS)
    with translation.override("it"):
        assert hex_.get_terrain_display() == "Pianura"
        assert hex_.get_feature_display() == "Miniera profonda"
    with translation.override("en"):
        assert hex_.get_terrain_display() == "Fields"
        assert hex_.get_feature_display() == "Deep mine"
        assert hex_.get_defence_display() == "Fortress"


def test_table_5_an_orders_kind_and_a_turns_state_read_in_spanish():
    order = Order(kind=OrderKind.INVADE, neutral_conquest=NeutralConquest.SWORN_ENEMIES)
    with translation.override("es"):
        assert order.get_kind_display() == "Invadir"
        assert Turn(state=Turn.State.OPEN).get_state_display() == "Órdenes abiertas"
    with translation.override("en"):
        assert order.get_neutral_conquest_display() == "Sworn enemies"
        assert ScoutReport(level=ScoutLevel.LOST).get_level_display() == "Scouts lost"


def test_the_refusals_read_the_same_words():
    for value, name in {**words.TERRAINS, **words.FEATURES, **words.DEFENCES}.items():
        assert problems.ENGINE_WORDS[value] is name
    assert problems.ENGINE_WORDS["Invade"] is words.ORDER_KINDS["invade"]
