"""The turn's bulletin (A-2.1): the GM publishes rumours and mercenaries for hire with
the turn; everyone in the campaign reads them; bad input is refused by its field."""

import pytest

from campaign.bulletin.models import MercenaryOffer, Rumour
from campaign.models import Turn, TurnEvent
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def _url(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/bulletin/"


def test_the_gm_publishes_a_rumour_and_players_read_it(demo, client):
    client.force_login(demo.gm)
    response = client.post(
        _url(demo), {"what": "rumour", "text": "Orcs gather in the Grey Vaults."}
    )
    assert response.status_code == 200
    assert Rumour.objects.get(turn=demo.turn).text == "Orcs gather in the Grey Vaults."
    assert TurnEvent.objects.get(kind="RumourPublished").public
    client.force_login(demo.players["carol"])
    html = client.get(_url(demo)).content.decode()
    assert "Orcs gather in the Grey Vaults." in html
    assert "Publish the rumour" not in html, "players get no form"


def test_a_mercenary_offer_carries_its_minimum_bid(demo, client):
    client.force_login(demo.gm)
    client.post(
        _url(demo),
        {"what": "offer", "name": "Tilean pikemen", "minimum_bid": "2", "special": "on",
         "description": "Full command, a magic standard."},
    )  # fmt: skip
    offer = MercenaryOffer.objects.get(turn=demo.turn)
    assert (offer.name, offer.minimum_bid, offer.special) == ("Tilean pikemen", 2, True)
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo)).content.decode()
    assert "Tilean pikemen" in html and "Minimum opening bid: <strong>2 power</strong>" in html


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"what": "offer", "name": "Ogres", "minimum_bid": "lots"}, "whole number of power"),
        ({"what": "offer", "name": "Ogres", "minimum_bid": "0"}, "at least 1 power"),
        ({"what": "offer", "name": " ", "minimum_bid": "2"}, "Name the mercenaries"),
        ({"what": "rumour", "text": "  "}, "A rumour needs some words."),
    ],
)
def test_bad_input_is_refused_by_its_field_and_nothing_saved(demo, client, form, message):
    client.force_login(demo.gm)
    response = client.post(_url(demo), form)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Rumour.objects.exists() and not MercenaryOffer.objects.exists()


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"minimum_bid": "²"}, "whole number of power"),  # str.isdigit takes it, int does not
        ({"minimum_bid": "3", "points": "²"}, "points are a whole number"),
        ({"minimum_bid": str(10**20)}, "less than or equal to 100000"),
        ({"minimum_bid": "3", "points": str(10**20)}, "less than or equal to 1000000"),
        ({"minimum_bid": "3", "name": "Ogres\u202e"}, "text-direction characters (here U+202E)"),
    ],
)
def test_a2_1_an_offer_with_unicode_digits_or_a_huge_number_is_refused(demo, client, form, message):
    """These once gave a server error."""
    client.force_login(demo.gm)
    response = client.post(_url(demo), {"what": "offer", "name": "Ogres", **form})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not MercenaryOffer.objects.exists()


def test_a2_1_the_api_refuses_a_minimum_bid_beyond_any_treasury(demo):
    """A bid too big for its column once gave a server error."""
    offer = {"name": "Ogre bulls", "minimum_bid": 10**20}
    response = token_client(demo.gm).post(api(demo, "bulletin/mercenaries/"), offer, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "minimum_bid: Ensure this value is less than or equal to 100000.",
        "field": "minimum_bid",
        "errors": {"minimum_bid": ["Ensure this value is less than or equal to 100000."]},
    }
    assert not MercenaryOffer.objects.exists()


def test_a_player_cannot_publish(demo, client):
    client.force_login(demo.players["bob"])
    response = client.post(_url(demo), {"what": "rumour", "text": "I am the GM now."})
    assert response.status_code == 403
    assert not Rumour.objects.exists()


def test_the_bulletin_closes_with_the_orders(demo, client):
    """A-2.1: the bulletin goes out with the turn's deadline, not after it."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    client.force_login(demo.gm)
    response = client.post(_url(demo), {"what": "rumour", "text": "Too late."})
    assert response.status_code == 400
    assert "no longer takes orders" in response.content.decode()


def test_outsiders_see_nothing(demo, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.get(_url(demo)).status_code == 404


def test_the_api_reads_and_publishes_the_bulletin(demo):
    gm, bob = token_client(demo.gm), token_client(demo.players["bob"])
    created = gm.post(api(demo, "bulletin/rumours/"), {"text": "A comet."}, format="json")
    assert created.status_code == 201
    offer = {"name": "Ogre bulls", "minimum_bid": 3}
    assert gm.post(api(demo, "bulletin/mercenaries/"), offer, format="json").status_code == 201
    body = bob.get(api(demo, "bulletin/")).json()
    assert [r["text"] for r in body["rumours"]] == ["A comet."]
    assert [(o["name"], o["minimum_bid"]) for o in body["offers"]] == [("Ogre bulls", 3)]
    refused = bob.post(api(demo, "bulletin/rumours/"), {"text": "Me too."}, format="json")
    assert refused.status_code == 403 and Rumour.objects.count() == 1
