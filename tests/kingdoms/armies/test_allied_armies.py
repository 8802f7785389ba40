"""NR-ALLY with the peoples module on: an army raised of another people needs a Town or
fortress of theirs in the kingdom for each such army (or a City of theirs); the form
offers the peoples, and the kingdom page names an allied army's."""

from __future__ import annotations

import pytest

from campaign.models import Campaign, Hex
from kingdoms.models import Army
from tests.kingdoms.armies.test_army_building import HTMX, _free_support

pytestmark = pytest.mark.django_db


@pytest.fixture
def allied(demo):
    """Alice's kingdom is of the Dwarfs, with one of her hexes a Town of the Empire."""
    campaign = demo.campaign
    campaign.ruleset_overrides = {"options": {"peoples": 1}}
    alice = demo.kingdoms["alice"]
    alice.race = "dwarfs"
    alice.save(update_fields=["race"])
    _free_support(demo, hexes=12)  # room for two more armies
    town = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first()
    town.feature = "town"
    town.save(update_fields=["feature"])
    campaign.module_state = {"peoples": {"settlements": {f"{town.q},{town.r}": "empire"}}}
    campaign.save(update_fields=["ruleset_overrides", "module_state"])
    return demo


def _raise(demo, client, name: str, race: str):
    client.force_login(demo.players["alice"])
    return client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/raise/",
        {"raise-name": name, "raise-allocation": "1000", "raise-race": race},
        **HTMX,
    )


def test_one_town_of_the_empire_gives_one_army_of_the_empire(allied, client):
    raised = _raise(allied, client, "Imperials", "empire")
    assert raised.status_code == 200
    army = Army.objects.get(name="Imperials")
    assert army.race == "empire"
    assert "allied: Empire" in raised.content.decode()
    refused = _raise(allied, client, "More Imperials", "empire").content.decode()
    field = refused.split('<div class="field race">')[-1].split("</div>")[0]
    assert "you have 1 and field 1" in field, "by its field"
    assert not Army.objects.filter(name="More Imperials").exists()


def test_a_people_the_kingdom_has_no_settlement_of_is_refused(allied, client):
    refused = _raise(allied, client, "Greenskins", "orcs_goblins").content.decode()
    assert "you have 0 and field 0" in refused
    assert not Army.objects.filter(name="Greenskins").exists()


def test_its_own_people_needs_nothing_and_without_the_module_there_is_no_choice(allied, client):
    _raise(allied, client, "Hammerers", "")
    assert Army.objects.get(name="Hammerers").race == ""
    Campaign.objects.filter(pk=allied.campaign.pk).update(ruleset_overrides={})
    page = client.get(f"/campaigns/{allied.campaign.pk}/kingdom/").content.decode()
    assert 'name="raise-race"' not in page
