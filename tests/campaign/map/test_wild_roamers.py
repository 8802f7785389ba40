"""The wilds' roaming forces on the map (NR-CHORDE-2, NR-WYVERN-2): a Chaos horde or the
wyvern is drawn where it stands for every player, as its moves are everyone's news, and
only while the wildlands module is on."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.map import svg as mapsvg
from campaign.models import Hex
from tests.campaign.map.test_svg import KINGDOMS, _hex

pytestmark = pytest.mark.django_db

DRAWN = 'class="m-sym m-s-roamer"'  # on the map, not the legend's "in-key m-sym"


def test_a_roamer_is_drawn_and_named():
    svg = mapsvg.render_map([_hex(0, 0, roamer="chaos_horde"), _hex(1, 0)], KINGDOMS)
    assert svg.count(DRAWN) == 1
    assert "a Chaos horde" in svg


def test_every_player_sees_the_horde_where_it_stands(client, demo):
    here = Hex.objects.filter(campaign=demo.campaign, owner=demo.kingdoms["alice"]).first()
    demo.campaign.module_state = {
        "wildlands.chaos_horde.forces": {"#1": {"at": list(here.coord), "points": 1200}}
    }
    demo.campaign.save(update_fields=["module_state"])
    page = reverse("campaign-detail", args=[demo.campaign.pk])
    client.force_login(demo.players["bob"])
    assert DRAWN not in client.get(page).content.decode()  # the module is off
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}}
    demo.campaign.save(update_fields=["ruleset_overrides"])
    assert DRAWN in client.get(page).content.decode()


def test_the_hex_panel_names_the_force_with_its_rule(client, demo):
    here = Hex.objects.filter(campaign=demo.campaign, owner=demo.kingdoms["alice"]).first()
    demo.campaign.ruleset_overrides = {"options": {"wildlands": 1}}
    demo.campaign.module_state = {
        "wildlands.wyvern.forces": {"#1": {"at": list(here.coord), "points": 2000}}
    }
    demo.campaign.save(update_fields=["ruleset_overrides", "module_state"])
    client.force_login(demo.players["bob"])
    url = reverse("hex-panel", args=[demo.campaign.pk, *here.coord])
    html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Roaming here" in html and "A wyvern" in html and "NR-WYVERN-2" in html
