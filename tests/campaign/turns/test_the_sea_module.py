"""The pirates and the open sea (new-rules.md §6–7, rules.modules.the_sea) through the
pipeline: the GM switches the module on through the rules page, the next resolution
moves the pirates, whose news everyone reads and whose state is the GM's."""

from __future__ import annotations

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.core.errors import Refused
from campaign.models import Campaign, TurnEvent
from kingdoms.models import Army
from kingdoms.orders.services import order_submit
from rules.turn.visibility import Viewer
from tests.campaign.turns.test_optional_modules import _provisional, _rules, _switch_on

pytestmark = pytest.mark.django_db


def test_the_rules_page_offers_the_sea_with_its_tables(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_rules(demo)).content.decode()
    assert 'id="section-module-the_sea"' in html and "Pirates and the open sea" in html
    assert "Ocean weather" in html and "Pirate movement" in html


def test_pirates_at_anchor_are_news_for_everyone_and_their_state_the_gm_s(demo, client):
    changes = {"option-the_sea": "1", "table-t-pirate-move": "1-6 stay"}
    campaign = _switch_on(demo, client, "module-the_sea", **changes)
    assert campaign.ruleset.the_sea == 1
    at = next(iter(campaign.hexes.all())).coord
    campaign.module_state = {"the_sea": {"pirates": {"1": {"at": list(at), "home": list(at)}}}}
    campaign.save(update_fields=["module_state"])
    _provisional(campaign)
    news = TurnEvent.objects.get(kind="PirateNews")
    assert news.public and news.payload["what"] == "stayed"
    alice = Viewer(kingdom_id=demo.kingdoms["alice"].pk)
    kinds = [e["kind"] for e in visible_chronicle(campaign, alice)]
    assert "PirateNews" in kinds and "ModuleStateChanged" not in kinds
    state = Campaign.objects.get(pk=campaign.pk).module_state["the_sea"]
    assert state["pirates"]["1"]["at"] == list(at)
    client.force_login(demo.players["bob"])
    html = client.get(f"/campaigns/{campaign.pk}/chronicle/").content.decode()
    assert f"Pirates lie at anchor in hex ({at[0]}, {at[1]})." in html


def test_an_army_at_sea_is_refused_an_order_naming_its_rule_nr_sea_3(demo, client):
    """NR-SEA-3: a becalmed fleet's army takes no order, a Rest neither, until it is
    home; the refusal says so by the army's field, with the rule that holds it."""
    campaign = _switch_on(demo, client, "module-the_sea", **{"option-the_sea": "1"})
    army = Army.objects.filter(kingdom=demo.kingdoms["alice"]).order_by("id").first()
    held = {"why": "becalmed", "hex": [0, 0], "origin": [0, 0], "since": 0, "until": None}
    campaign.module_state = {"the_sea": {"held": {str(army.pk): held}}}
    campaign.save(update_fields=["module_state"])
    with pytest.raises(Refused) as refused:
        order_submit(army=army, by=demo.players["alice"], kind="rest")
    assert "is at sea: it takes no order" in str(refused.value)
    assert refused.value.field == "army" and refused.value.rule == "NR-SEA-3"
