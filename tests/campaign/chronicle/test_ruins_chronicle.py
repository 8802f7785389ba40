"""The chronicle's sentences for the ruins, tombs, necropolis and undead horde
(campaign.chronicle.modules.ruins) and who reads their entries (rules.turn.visibility):
what a search finds and what an army bears are its owner's; the horde is everyone's."""

from __future__ import annotations

from campaign.chronicle.narration import Names, narrate
from rules.modules.wildlands.burdens import BurdenNews
from rules.modules.wildlands.necropolis import NecropolisNews
from rules.modules.wildlands.orb import OrbNews
from rules.modules.wildlands.points import ArmyStrengthened
from rules.modules.wildlands.ruins import FortressFound, RuinsNews
from rules.modules.wildlands.undead_horde import UndeadHordeNews
from rules.turn.visibility import Audience, Context, audience

NAMES = Names(kingdoms={1: "Averland"}, armies={1: "The Reds"})


def _entry(event) -> dict:
    payload = event.to_dict()
    return {**payload, "kind": payload.pop("type")}


def test_a_search_reads_what_it_found_and_is_its_owners():
    news = NecropolisNews(
        rule="T-NECRO", text="", kingdom_ids=(1,), what="fabulous_treasure", hex=(2, 0),
        army_id=1, crowns=15,
    )  # fmt: skip
    assert narrate(_entry(news), NAMES) == (
        "The Reds finds a fabulous treasure of 15 crowns and carries it home."
    )
    assert audience(news, Context()) == Audience(False, frozenset({1}))


def test_a_necromancers_item_reads_as_an_item():
    news = NecropolisNews(
        rule="T-NECRO-ITEM", text="", kingdom_ids=(1,), what="ring", hex=(2, 0), army_id=1,
        points=250,
    )  # fmt: skip
    assert narrate(_entry(news), NAMES) == "The Reds steals a magic item worth 250 points."


def test_a_ruins_result_it_does_not_know_still_reads():
    news = RuinsNews(rule="T-RUIN", text="", kingdom_ids=(1,), what="?", hex=(2, 0), army_id=1)
    assert narrate(_entry(news), NAMES) == "The Reds searched the ruins at hex (2, 0)."


def test_the_curse_is_the_armys_owners():
    news = BurdenNews(
        rule="NR-TOMB-1", text="", kingdom_ids=(1,), what="curse_struck", army_id=1, points=150
    )
    assert narrate(_entry(news), NAMES) == "The curse costs The Reds 150 points."
    assert audience(news, Context()) == Audience(False, frozenset({1}))


def test_magic_items_join_the_army_for_its_owner_alone():
    gain = ArmyStrengthened(
        rule="T-TOMB NR-TOMB-2", army_id=1, kingdom_id=1, points_gained=300, points_left=2300
    )
    assert narrate(_entry(gain), NAMES) == ("The Reds gained 300 points and stands at 2,300.")
    assert audience(gain, Context()) == Audience(False, frozenset({1}))


def test_the_horde_and_a_found_fortress_are_public():
    horde = UndeadHordeNews(rule="NR-NHORDE-4", text="", what="moved", horde_id=1, hex=(3, 1))
    assert narrate(_entry(horde), NAMES) == "The undead horde moves to hex (3, 1)."
    assert audience(horde, Context()) == Audience(True)
    fortress = FortressFound(rule="T-DISCOVERY", hex=(2, 0), kingdom_id=1)
    assert narrate(_entry(fortress), NAMES) == (
        "A forgotten fortress in the ruins now guards hex (2, 0) for Averland."
    )
    assert audience(fortress, Context()) == Audience(True)


def test_what_the_black_orb_shows_reads_army_by_army():
    news = OrbNews(
        rule="NR-TOMB-3 T-ORB", text="", kingdom_ids=(1,), what="many_hexes", army_id=1,
        seen=({"army_id": 2, "kingdom_id": 2, "points": 3000, "hex": [6, 0]},),
    )  # fmt: skip
    names = Names(kingdoms={1: "Averland"}, armies={1: "The Reds", 2: "The Blues"})
    assert narrate(_entry(news), names) == (
        "The Black Orb shows The Reds: The Blues, 3,000 points, at hex (6, 0)."
    )
    assert audience(news, Context()) == Audience(False, frozenset({1}))
