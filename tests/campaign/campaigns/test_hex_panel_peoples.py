"""NR-RACE-3 on the hex panel with the peoples module: a settlement's people, public as
its exploration and its owner are; a neutral kingdom's the GM's alone (A-1.4.18)."""

from __future__ import annotations

import pytest

from campaign.models import Campaign, Hex
from tests.campaign.campaigns.test_hex_panel import _panel

pytestmark = pytest.mark.django_db


def _on(demo, settlements: dict) -> Campaign:
    campaign = demo.campaign
    campaign.ruleset_overrides = {"options": {"peoples": 1}}
    campaign.module_state = {"peoples": {"settlements": settlements}}
    campaign.save(update_fields=["ruleset_overrides", "module_state"])
    return campaign


def test_a_capital_is_of_its_kingdoms_people_and_a_taken_town_keeps_its_own(client, demo):
    alice = demo.kingdoms["alice"]
    alice.race = "dwarfs"
    alice.save(update_fields=["race"])
    capital = alice.capital
    town = Hex.objects.filter(owner=alice).exclude(pk=capital.pk).first()
    town.feature = "town"
    town.save(update_fields=["feature"])
    campaign = _on(demo, {f"{town.q},{town.r}": "skaven"})
    client.force_login(demo.players["bob"])
    assert "Dwarfs" in _panel(client, campaign, capital.coord).content.decode()
    assert "Skaven" in _panel(client, campaign, town.coord).content.decode()


def test_a_neutral_kingdoms_people_is_the_gms(client, demo):
    """Even to a player who discovered the kingdom (A-1.4.19)."""
    neutral_hex = Hex.objects.filter(campaign=demo.campaign, neutral_kingdom__isnull=False).first()
    neutral_hex.feature, neutral_hex.explored = "town", True
    neutral_hex.save(update_fields=["feature", "explored"])
    neutral_hex.neutral_kingdom.known_by.add(demo.kingdoms["alice"])
    campaign = _on(demo, {f"{neutral_hex.q},{neutral_hex.r}": "undead"})
    client.force_login(demo.players["alice"])
    assert "Undead" not in _panel(client, campaign, neutral_hex.coord).content.decode()
    client.force_login(demo.gm)
    assert "Undead" in _panel(client, campaign, neutral_hex.coord).content.decode()
