"""The wildlands' chronicle sentences (campaign.chronicle.modules.wildlands) and who reads
their entries (rules.turn.visibility): an examination is its kingdom's news, a hoard
taken in battle the news of both kingdoms, a hoard banked its kingdom's alone."""

from __future__ import annotations

import pytest

from campaign.chronicle.narration import Names, narrate
from rules.modules.wildlands.examine import WildlandExamined
from rules.modules.wildlands.towers import SpellCast
from rules.modules.wildlands.treasure import TreasureBanked, TreasureNews
from rules.turn.visibility import Audience, Context, audience

pytestmark = pytest.mark.django_db

NAMES = Names(kingdoms={1: "Averland", 2: "Kislev"}, armies={1: "The Reds", 2: "The Blues"})


def _entry(event) -> dict:
    payload = event.to_dict()
    return {**payload, "kind": payload.pop("type")}


def test_nr_wild_2_an_examination_reads_what_was_found():
    found = WildlandExamined(
        rule="NR-WILD-2 NR-WILD-3", kingdom_ids=(1,), text="", army_id=1, hex=(2, 0),
        column="plain", roll=93, site="tavern",
    )  # fmt: skip
    assert narrate(_entry(found), NAMES) == (
        "The Reds examined hex (2, 0) (Plain, 93) and found a tavern."
    )
    unbuilt = WildlandExamined(
        rule="NR-WILD-2 NR-WILD-3", kingdom_ids=(1,), text="", army_id=1, hex=(2, 0),
        column="mountain", roll=72, site="mine", handled=False,
    )  # fmt: skip
    assert narrate(_entry(unbuilt), NAMES).endswith("rules are not in play yet: nothing is placed.")
    assert audience(found, Context()) == Audience(False, frozenset({1}))


def test_nr_treasure_a_hoard_taken_and_banked():
    taken = TreasureNews(
        rule="NR-TREASURE-3", kingdom_ids=(2, 1), text="", what="taken", army_id=2,
        crowns=7, kingdom_id=1, to_army_id=1,
    )  # fmt: skip
    assert narrate(_entry(taken), NAMES) == (
        "The Reds took the hoard of 7 crowns that The Blues escorted."
    )
    assert audience(taken, Context()) == Audience(False, frozenset({1, 2}))
    banked = TreasureBanked(rule="NR-TREASURE-2", kingdom_id=1, army_id=1, crowns=7)
    assert narrate(_entry(banked), NAMES) == (
        "Averland banked a hoard of 7 crowns that The Reds brought home."
    )
    assert audience(banked, Context()) == Audience(False, frozenset({1}))


def test_nr_eqx_11_the_gms_own_experimental_event_reads_in_his_words_for_its_owner():
    told = SpellCast(
        rule="NR-EQX-11 NR-EQX-10 T-EXPSPELL", kingdom_ids=(1,), text="", what="spell_custom",
        tower=(0, 0), season="autumn", hex=(2, 0), other="A rain of frogs falls.",
    )  # fmt: skip
    sentence = narrate(_entry(told), NAMES)
    assert sentence.startswith("At the autumn equinox the tower on hex (0, 0) cast")
    assert sentence.endswith("on hex (2, 0): A rain of frogs falls.")
    assert audience(told, Context()) == Audience(False, frozenset({1}))
