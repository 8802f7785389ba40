"""A-1.1.4, §5.6: one Total Support everywhere (the lead's ruling). Hexes looted
last turn, hexes under Unrest and Quick-Friendship hexes give no Support and no
Entitlements on the kingdom page, in army raising and allocation checks, in the slots,
and in E-14's default cut at Provisional Results; the page warns in advance."""

from __future__ import annotations

import pytest

from campaign.models import Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army
from kingdoms.selectors import kingdom_support_now
from rules.core.state import Feature

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/"


def _unrest(demo, hex_: Hex) -> None:
    """Table 3 Unrest over this turn (as an edict's or the bandits' would be)."""
    hex_.unrest_from = hex_.unrest_until = demo.turn.number
    hex_.save(update_fields=["unrest_from", "unrest_until"])


def _plain_hex(demo, player: str = "alice") -> Hex:
    kingdom = demo.kingdoms[player]
    return Hex.objects.filter(owner=kingdom).exclude(pk=kingdom.capital_id).order_by("id").first()


def test_a_1_1_4_an_unrest_hex_is_left_out_of_support_and_the_page_warns_e_14(demo, client):
    """The demo kingdom allocates all its support; one hex under Unrest puts it 250 over:
    the page says so in advance, in the facts and in army building alike."""
    alice = demo.kingdoms["alice"]
    before = kingdom_support_now(alice, demo.campaign.ruleset)
    town = _plain_hex(demo)
    town.feature = Feature.TOWN.value
    town.save(update_fields=["feature"])
    with_town = kingdom_support_now(alice, demo.campaign.ruleset)
    _unrest(demo, town)

    now = kingdom_support_now(alice, demo.campaign.ruleset)
    assert now.support == before.support - 250 == with_town.support - 500
    assert now.entitlements == before.entitlements, "the Town's slots are lost too"
    client.force_login(demo.players["alice"])
    html = client.get(_page(demo)).content.decode()
    assert f"<dt>Total support</dt><dd>{now.support} points" in html
    assert "1 looted last turn or in unrest" in html
    assert "250 points more than your Total Support this turn" in html
    assert "or the largest is cut at Provisional Results" in html
    assert "250 over: cut an allocation before Provisional Results" in html  # army building


def test_5_6_raising_counts_only_the_hexes_that_give(demo, client):
    """Four more hexes would fund a 1,000-point army, but not while they are idle."""
    alice = demo.kingdoms["alice"]
    spare = list(
        Hex.objects.filter(
            campaign=demo.campaign, owner=None, neutral_kingdom=None, terrain="fields"
        )[:4]
    )
    for hex_ in spare:
        hex_.owner = alice
        hex_.looted_turn = demo.turn.number - 1  # looted last turn
    Hex.objects.bulk_update(spare, ["owner", "looted_turn"])
    client.force_login(demo.players["alice"])
    url = f"/api/campaigns/{demo.campaign.pk}/armies/raise/"
    refused = client.post(url, {"name": "Third", "allocation": 1000}, "application/json")
    assert refused.status_code == 400 and "would need" in refused.json()["detail"]

    Hex.objects.filter(pk__in=[h.pk for h in spare]).update(looted_turn=None)
    raised = client.post(url, {"name": "Third", "allocation": 1000}, "application/json")
    assert raised.status_code == 201, raised.json()


def test_e_14_a_cut_needs_no_rest_while_an_unrest_hex_puts_the_kingdom_over(demo, client):
    alice = demo.kingdoms["alice"]
    army = alice.armies.order_by("-allocation").first()
    client.force_login(demo.players["alice"])
    url = f"/api/campaigns/{demo.campaign.pk}/armies/{army.pk}/allocation/"
    wanted = {"allocation": army.allocation - 250}
    assert client.post(url, wanted, "application/json").status_code == 400, "needs a Rest"

    _unrest(demo, _plain_hex(demo))
    response = client.post(url, wanted, "application/json")
    assert response.status_code == 200, response.json()
    army.refresh_from_db()
    assert army.allocation == wanted["allocation"]


def test_e_14_the_default_cut_at_provisional_results_counts_the_unrest_hex(demo):
    """Nobody cut: the pipeline cuts the largest allocation by the 250 the Unrest hex no
    longer gives (E-14 as written, even for a temporary loss)."""
    alice = demo.kingdoms["alice"]
    largest = alice.armies.order_by("-allocation", "-id").first()
    before = largest.allocation
    _unrest(demo, _plain_hex(demo))
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)

    largest.refresh_from_db()
    assert largest.allocation == before - 250
    cut = TurnEvent.objects.get(turn=demo.turn, kind="AllocationCut")
    assert cut.payload["army_id"] == largest.pk and cut.payload["allocation"] == before - 250
    others = Army.objects.filter(kingdom__campaign=demo.campaign).exclude(kingdom=alice)
    assert not TurnEvent.objects.filter(
        kind="AllocationCut", payload__army_id__in=list(others.values_list("id", flat=True))
    ).exists()
