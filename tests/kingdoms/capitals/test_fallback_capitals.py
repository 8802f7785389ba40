"""E-23, A-3.2: each kingdom's fallback-capital list (the lead's ruling). The
player edits it on the kingdom page (HTMX, the reason by the field when refused) and
through GET/PUT /api/campaigns/{id}/kingdom/fallback-capitals/; it is the kingdom's and
the GM's alone; the pipeline moves a fallen capital to its first City still held."""

from __future__ import annotations

import msgspec
import pytest

from campaign.models import Hex, TurnEvent
from campaign.pipeline.snapshot import snapshot_load
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Kingdom
from kingdoms.orders.services import order_submit
from rules.core import hexgrid
from rules.core.state import Feature
from rules.kingdoms.capitals import fallback_capital
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _cities(demo, player: str = "alice", count: int = 2) -> list[Hex]:
    """Make ``count`` of the kingdom's hexes besides its capital Cities."""
    kingdom = demo.kingdoms[player]
    rows = list(
        Hex.objects.filter(owner=kingdom).exclude(pk=kingdom.capital_id).order_by("q", "r")
    )[:count]
    for row in rows:
        row.feature = Feature.CITY.value
    Hex.objects.bulk_update(rows, ["feature"])
    return rows


def _url(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/fallback-capitals/"


def _pairs(rows) -> str:
    return "; ".join(f"{h.q},{h.r}" for h in rows)


def test_e_23_the_player_sets_his_list_on_the_kingdom_page(demo, client):
    first, second = _cities(demo)
    client.force_login(demo.players["alice"])
    page = client.get(f"/campaigns/{demo.campaign.pk}/kingdom/").content.decode()
    assert 'id="fallback-capitals"' in page and "No list" in page

    response = client.post(_url(demo), {"fallback-hexes": _pairs([second, first])}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<h1>" not in html, "the section alone"
    assert 'id="fallback-capitals"' in html and "Fallback capitals saved." in html
    alice = Kingdom.objects.get(pk=demo.kingdoms["alice"].pk)
    assert alice.fallback_capitals == [list(second.coord), list(first.coord)]
    entry = TurnEvent.objects.get(kind="FallbackCapitalsSet")
    assert not entry.public and entry.kingdom_ids == [alice.pk]


@pytest.mark.parametrize(
    ("pick", "reason"),
    [
        ("capital", "is your capital already"),
        ("plain", "holds no City"),
        ("bob", "is not one of your hexes"),
        ("twice", "on the list twice"),
        ("garbage", "is not a hex"),
    ],
)
def test_e_23_a_bad_list_is_refused_by_its_field_and_saves_nothing(demo, client, pick, reason):
    [city] = _cities(demo, count=1)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    plain = Hex.objects.filter(owner=alice, feature="").exclude(pk=alice.capital_id).first()
    text = {
        "capital": _pairs([alice.capital]),
        "plain": _pairs([city, plain]),
        "bob": _pairs([bob.capital]),
        "twice": _pairs([city, city]),
        "garbage": "north",
    }[pick]
    client.force_login(demo.players["alice"])
    response = client.post(_url(demo), {"fallback-hexes": text}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and reason in html
    assert 'role="alert"' in html.split('name="fallback-hexes"')[1], "the reason by the field"
    assert Kingdom.objects.get(pk=alice.pk).fallback_capitals == []
    assert not TurnEvent.objects.filter(kind="FallbackCapitalsSet").exists()


def test_e_23_the_api_reads_and_replaces_my_list_and_nobody_else_s(demo):
    first, second = _cities(demo)
    alice_api = token_client(demo.players["alice"])
    url = api(demo, "kingdom/fallback-capitals/")
    put = alice_api.put(url, {"hexes": [list(second.coord), list(first.coord)]}, format="json")
    assert put.status_code == 200, put.json()
    body = put.json()
    assert body["hexes"] == [list(second.coord), list(first.coord)]
    assert all(entry["serves"] for entry in body["entries"])
    assert sorted(body["cities"]) == sorted([list(first.coord), list(second.coord)])
    assert alice_api.get(url).json() == body

    bob_api = token_client(demo.players["bob"])
    mine = bob_api.get(url).json()
    assert mine["kingdom"] == demo.kingdoms["bob"].pk and mine["hexes"] == []
    snoop = bob_api.get(url + f"?kingdom={demo.kingdoms['alice'].pk}").json()
    assert snoop["kingdom"] == demo.kingdoms["bob"].pk, "a player reads only his own"

    refused = bob_api.put(url, {"hexes": [list(first.coord)]}, format="json")
    assert refused.status_code == 400
    assert (
        refused.json()["field"] == "hexes" and "not one of your hexes" in refused.json()["detail"]
    )
    bad = bob_api.put(url, {"hexes": [[1]]}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "hexes"

    gm_api = token_client(demo.gm)
    assert gm_api.get(url + f"?kingdom={demo.kingdoms['alice'].pk}").json() == body
    assert gm_api.get(url).status_code == 404
    assert gm_api.put(url, {"hexes": []}, format="json").status_code == 403
    Hex.objects.filter(pk=first.pk).update(feature=Feature.TOWN.value)
    entries = alice_api.get(url).json()["entries"]
    assert [e["serves"] for e in entries] == [True, False], "a Town now: skipped"


def test_e_23_the_list_is_not_for_other_players_pages_or_chronicles(demo, client):
    first, _ = _cities(demo)
    client.force_login(demo.players["alice"])
    client.post(_url(demo), {"fallback-hexes": _pairs([first])})
    client.force_login(demo.players["bob"])
    section = client.get(_url(demo) + f"?kingdom={demo.kingdoms['alice'].pk}").content.decode()
    assert f"({first.q}, {first.r})" not in section.split('id="fallback-capitals"')[1]
    chronicle = token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    assert not [e for e in chronicle if e.get("kind") == "FallbackCapitalsSet"]
    client.force_login(demo.gm)
    section = client.get(_url(demo) + f"?kingdom={demo.kingdoms['alice'].pk}").content.decode()
    assert f"({first.q}, {first.r})" in section
    assert "fallback-form" not in section, "the GM reads it; the player sets it"


def test_e_23_a_fallen_capital_moves_to_the_listed_city_through_the_pipeline(demo):
    """Bob takes Alice's capital as a lost cause (P-C2); Alice listed the City that the
    default would not pick. It becomes her capital and leaves the list."""
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    capital = alice.capital
    around = set(hexgrid.neighbours(capital.coord))
    land = Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea").order_by("-q", "-r")
    foothold = next(h for h in land if h.coord in around)  # one of hers, as in
    foothold.owner, foothold.explored = bob, True  # tests/kingdoms/capitals/test_capital_loss.py
    foothold.save()
    cities = list(Hex.objects.filter(campaign=demo.campaign, owner=None, neutral_kingdom=None)
                  .exclude(terrain="sea").order_by("q", "r")[:2])  # fmt: skip
    for city in cities:  # two more Cities of hers, wherever they are (orphans serve too)
        city.owner, city.feature, city.explored = alice, Feature.CITY.value, True
    Hex.objects.bulk_update(cities, ["owner", "feature", "explored"])
    world = snapshot_load(demo.campaign, demo.turn.number).world
    world.hexes[capital.coord] = msgspec.structs.replace(world.hexes[capital.coord], owner=bob.pk)
    default = fallback_capital(world, alice.pk)
    [listed] = [h for h in cities if h.coord != default]
    alice.fallback_capitals = [list(listed.coord)]
    alice.save(update_fields=["fallback_capitals"])
    army = bob.armies.order_by("-points").first()
    order_submit(army=army, by=demo.players["bob"], kind="invade", target=capital.coord)
    for _ in range(2):
        demo.turn.refresh_from_db()
        turn_claim_step(turn=demo.turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=demo.turn.pk)

    alice.refresh_from_db()
    assert alice.capital_id == listed.pk and not alice.eliminated
    assert alice.fallback_capitals == []
    moved = TurnEvent.objects.get(turn=demo.turn, kind="CapitalMoved")
    assert moved.payload["new"] == list(listed.coord)
