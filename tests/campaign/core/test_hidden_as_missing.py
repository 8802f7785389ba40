"""What a viewer may not see answers exactly as what does not exist: the same status and
the same bytes, so that nobody can tell from an id whether something stands behind it;
and every API error has the {"detail", "field"} shape of the schema.

(test_access_matrix.py asks every route; these are the cases found wanting one by one.)
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from campaign.core.errors import NOT_FOUND
from kingdoms.models import Army
from kingdoms.spending.models import PowerSpend
from tests.access_support import MISSING, kept_world
from tests.api_support import token_client

pytestmark = pytest.mark.django_db

NOT_FOUND_BODY = {"detail": NOT_FOUND, "field": None}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    yield from kept_world(django_db_blocker)


def same_answer(client, method: str, hidden: str, missing: str, data=None):
    """The answers for the hidden object's path and the missing one's, which must agree."""
    send = getattr(client, method)
    kwargs = {"data": data, "format": "json"} if isinstance(client, APIClient) else {"data": data}
    seen, absent = send(hidden, **kwargs), send(missing, **kwargs)
    assert (seen.status_code, seen.content) == (absent.status_code, absent.content)
    return seen


BATTLE_ROUTES = [
    ("get", "", None),
    ("post", "report/", {"winner": "attacker"}),
    ("post", "report/confirm/", None),
    ("post", "report/dispute/", {"reason": "Not so."}),
    ("post", "report/settle/", {"ruling": "So be it."}),
    ("post", "report/deadline/", {"until": "2031-01-01T00:00:00Z"}),
]


@pytest.mark.parametrize(("method", "path", "data"), BATTLE_ROUTES)
def test_a_battle_of_another_campaign_answers_as_a_missing_one(world, method, path, data):
    """It used to say "No such campaign." for the one and "No such battle." for the other."""
    client = token_client(world.owner)
    hidden = f"/api/battles/{world.b.own_battle.pk}/{path}"
    answer = same_answer(client, method, hidden, f"/api/battles/{MISSING}/{path}", data)
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


@pytest.mark.parametrize(
    ("path", "data"), [("decision/", {"decision": "retreat"}), ("defender/", {"army": 1})]
)
def test_a_battle_side_of_another_campaign_answers_as_a_missing_one(world, path, data):
    client = token_client(world.owner)
    hidden = f"/api/battles/sides/{world.b.own_side.pk}/{path}"
    answer = same_answer(client, "post", hidden, f"/api/battles/sides/{MISSING}/{path}", data)
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


@pytest.mark.parametrize(
    ("method", "path", "data"), [("get", "", None), ("post", "plan/", {"actions": []})]
)
def test_a_siege_of_another_campaign_answers_as_a_missing_one(world, method, path, data):
    """E-37: sieges are public within their campaign, and only there."""
    client = token_client(world.owner)
    hidden = f"/api/sieges/{world.b.own_siege.pk}/{path}"
    answer = same_answer(client, method, hidden, f"/api/sieges/{MISSING}/{path}", data)
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


ARMY_ROUTES = [
    ("get", "list/", None),
    ("post", "list/", {"text": "Spearmen"}),
    ("post", "allocation/", {"allocation": 1500}),
    ("post", "disband/", None),
    ("post", "general/", {"name": "Hans"}),
    ("post", "slots/", {"lord": 1}),
    ("post", "list/approve/", {"approved": True}),
]


@pytest.mark.parametrize(("method", "path", "data"), ARMY_ROUTES)
def test_another_kingdoms_army_answers_as_a_missing_one(world, method, path, data):
    """§5.6, B 3.5: another kingdom's army is not the player's to see; the answer used
    to repeat the id asked for, so that two ids never gave the same bytes."""
    client, a = token_client(world.owner), world.a
    base = f"/api/campaigns/{a.demo.campaign.pk}/armies"
    missing = f"{base}/{MISSING}/{path}"
    for hidden_army in (a.other_army, world.b.own_army):
        answer = same_answer(client, method, f"{base}/{hidden_army.pk}/{path}", missing, data)
        assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


def test_building_an_engine_for_another_kingdoms_army_answers_as_for_a_missing_army(world):
    """NR-SIEGE-4: it used to answer 403 for bob's army and 404 for no army at all, so
    that alice could count bob's armies."""
    client, a = token_client(world.owner), world.a
    base = f"/api/campaigns/{a.demo.campaign.pk}/armies"
    data = {"kind": "giant_ram"}
    answer = same_answer(
        client,
        "post",
        f"{base}/{a.other_army.pk}/siege-engines/",
        f"{base}/{MISSING}/siege-engines/",
        data,
    )
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


def test_ordering_another_kingdoms_patrol_answers_as_for_a_missing_army(world):
    """P-C4: 403 for bob's patrol and 404 for no army told alice which ids are armies."""
    client, a = token_client(world.owner), world.a
    base = f"/api/campaigns/{a.demo.campaign.pk}/patrols"
    data = {"battles": [a.own_battle.pk]}
    answer = same_answer(
        client,
        "post",
        f"{base}/{a.other_army.pk}/battle-order/",
        f"{base}/{MISSING}/battle-order/",
        data,
    )
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


def test_withdrawing_another_kingdoms_spend_answers_as_a_missing_one(world):
    """Table 10: another kingdom's spending is never shown, not even by its id."""
    client, a = token_client(world.owner), world.a
    base = f"/api/campaigns/{a.demo.campaign.pk}/spending"
    answer = same_answer(client, "delete", f"{base}/{a.other_spend.pk}/", f"{base}/{MISSING}/")
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)
    assert PowerSpend.objects.filter(pk=a.other_spend.pk).exists()


def test_another_players_proposal_answers_as_a_missing_agreement(world):
    """Q23: a proposal is between its two kingdoms (and the GM)."""
    client, a = token_client(world.owner), world.a
    base = f"/api/campaigns/{a.demo.campaign.pk}/agreements"
    answer = same_answer(
        client, "post", f"{base}/{a.other_agreement.pk}/accept/", f"{base}/{MISSING}/accept/"
    )
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)


def test_another_kingdoms_crown_ledger_answers_as_a_missing_one(world):
    """E-30: a kingdom's crowns are its own and the GM's; another's, or one of another
    campaign for the GM, answer as a kingdom that does not exist."""
    a = world.a
    url = f"/api/campaigns/{a.demo.campaign.pk}/kingdom/crowns/"
    for user, hidden in ((world.owner, a.other), (world.gm, world.b.owner)):
        client = token_client(user)
        answer = same_answer(
            client, "get", f"{url}?kingdom={hidden.pk}", f"{url}?kingdom={MISSING}"
        )
        assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)
    assert token_client(world.owner).get(f"{url}?kingdom={a.owner.pk}").status_code == 200


def test_naming_another_kingdoms_army_as_defender_does_not_tell_its_name(world):
    """E-15: the defender named must be one of my patrols; another kingdom's army used to
    come back by name ("Black Company does not cover this hex")."""
    a = world.a
    side = a.other_battle.sides.get(role="defender")  # dave's side, attacked by bob
    daves_patrol = Army.objects.filter(kingdom=side.kingdom).order_by("id").last()
    side.patrol_choices.set([daves_patrol])
    client = token_client(a.demo.players["dave"])
    url = f"/api/battles/sides/{side.pk}/defender/"
    hidden = client.post(url, {"army": a.own_army.pk}, format="json")
    missing = client.post(url, {"army": MISSING}, format="json")
    assert (hidden.status_code, hidden.content) == (missing.status_code, missing.content)
    assert hidden.status_code == 400 and hidden.json()["field"] == "army"
    assert a.own_army.name not in hidden.content.decode()


VIEWSET_ROUTES = [
    ("get", "spending/", None),
    ("post", "spending/", {"kind": "surgeon"}),
    ("delete", "spending/{spend}/", None),
    ("get", "edicts/", None),
    ("post", "edicts/", {"hex": [0, 0], "kind": "loot"}),
    ("delete", "edicts/", {"hex": [0, 0]}),
    ("get", "agreements/", None),
    ("post", "agreements/", {"kind": "alliance", "partner": 1}),
    ("post", "agreements/{agreement}/accept/", None),
]


@pytest.mark.parametrize(("method", "path", "data"), VIEWSET_ROUTES)
def test_a_stranger_gets_a_viewset_route_of_a_campaign_as_of_a_missing_one(
    world, method, path, data
):
    """A player of another campaign asking about campaign A's spending, edicts or
    agreements (viewsets behind IsCampaignMember) gets the bytes of a campaign that does
    not exist, and changes nothing."""
    a = world.a
    path = path.format(spend=a.own_spend.pk, agreement=a.own_agreement.pk)
    answer = same_answer(
        token_client(world.outsider),
        method,
        f"/api/campaigns/{a.demo.campaign.pk}/{path}",
        f"/api/campaigns/{MISSING}/{path}",
        data,
    )
    assert (answer.status_code, answer.json()) == (404, NOT_FOUND_BODY)
    assert PowerSpend.objects.filter(pk=a.own_spend.pk, turn__campaign=a.demo.campaign).exists()


# Every API error in the {"detail", "field"} shape


def test_a_path_id_that_is_not_a_number_answers_the_json_404(world):
    client = token_client(world.owner)
    for path in ("/api/battles/abc/", "/api/campaigns/x/map/", "/api/nowhere/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/json"
        assert response.json() == NOT_FOUND_BODY
    assert client.get("/api/battles/abc/").content == client.get(f"/api/battles/{MISSING}/").content


def test_the_other_api_errors_name_no_field_but_have_one(world):
    client = token_client(world.owner)
    campaign = f"/api/campaigns/{world.a.demo.campaign.pk}/"
    answers = {
        401: APIClient().get("/api/campaigns/"),
        405: client.delete(campaign),
        415: client.post(campaign + "orders/", "army=1", content_type="text/plain"),
        400: client.post(campaign + "orders/", "{army:", content_type="application/json"),
    }
    for status, response in answers.items():
        assert response.status_code == status
        body = response.json()
        assert set(body) == {"detail", "field"} and body["field"] is None, body
        assert body["detail"]
    assert answers[401]["WWW-Authenticate"] == "Token"


# The pages


def test_the_order_form_refuses_another_kingdoms_army_as_a_missing_one(world):
    """Table 5: posting an order for bob's army used to answer 403 "Army 7 is not one of
    your armies", and for no army 404."""
    a = world.a
    client = Client()
    client.force_login(world.owner)
    base = f"/campaigns/{a.demo.campaign.pk}/armies"
    data = {"kind": "rest"}
    answer = same_answer(
        client, "post", f"{base}/{a.other_army.pk}/order/", f"{base}/{MISSING}/order/", data
    )
    assert answer.status_code == 404


def test_an_unknown_report_step_gets_the_same_404_page_as_a_missing_battle(world):
    a = world.a
    client = Client()
    client.force_login(world.owner)
    base = f"/campaigns/{a.demo.campaign.pk}/battles"
    answer = same_answer(
        client,
        "post",
        f"{base}/{a.own_battle.pk}/report/nonsense/",
        f"{base}/{MISSING}/report/confirm/",
    )
    assert answer.status_code == 404


def test_a_refused_confirm_on_the_battle_page_is_shown_not_a_500(world):
    """P-C6: confirming a report is for the battle's other side; bob, who has no part in
    alice's battle, used to get a server error instead of the reason."""
    a = world.a
    client = Client()
    client.force_login(world.other)
    url = f"/campaigns/{a.demo.campaign.pk}/battles/{a.own_battle.pk}/report/confirm/"
    response = client.post(url)
    assert response.status_code == 403  # he has no part in it
    assert "Back to the battles" in response.content.decode(), "the battle's page again"
