"""What each role receives from the REST API (docs/architecture.md, "What each person may see").

Every endpoint is asked by the GM, a player, a user of no part in the campaign and an
anonymous client. The API filters nothing itself: these tests show that what the
selectors (rules.turn.visibility) decide is what goes over the wire.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from battles.models import BattleSide
from campaign.campaigns.services import map_version_bump
from campaign.campaigns.setup import demo_campaign_create
from campaign.chronicle.services import chronicle_entries_for
from campaign.core.bulk import columns_insert
from campaign.models import Hex, Turn, TurnEvent
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit
from rules.core import events as ev
from rules.core.hexgrid import neighbours
from rules.core.state import DefenderKind
from rules.turn.visibility import Context
from tests.api_support import (
    api,
    battle_between_alice_and_bob,
    first_army,
    token_client,
)

pytestmark = pytest.mark.django_db

READS = ["", "map/", "chronicle/", "armies/", "orders/", "battles/", "turn/"]
ANSWER_BY_ROLE = {"gm": 200, "player": 200, "outsider": 404, "anonymous": 401}
MAP_QUERIES = 7  # token, membership with its campaign; a player's first request of a version:
# his known neutral kingdoms, scout reports; anyone's first: the sieges (E-37), hexes, turn


@pytest.fixture
def clients(demo, django_user_model) -> dict[str, APIClient]:
    outsider = django_user_model.objects.create_user("mallory")
    return {
        "gm": token_client(demo.gm),
        "player": token_client(demo.players["alice"]),
        "outsider": token_client(outsider),
        "anonymous": APIClient(),
    }


def get(client: APIClient, demo, path: str):
    response = client.get(api(demo, path))
    assert response.status_code == 200, response.content
    return response.json()


def map_of(client: APIClient, demo) -> dict[tuple[int, int], dict]:
    return {(h["q"], h["r"]): h for h in get(client, demo, "map/")["hexes"]}


# Every endpoint, every role


@pytest.mark.parametrize("role", ANSWER_BY_ROLE)
@pytest.mark.parametrize("path", READS)
def test_every_read_answers_each_role(demo, clients, path, role):
    """Members read; an outsider gets 404, as for a campaign that does not exist; an
    anonymous client must authenticate."""
    assert clients[role].get(api(demo, path)).status_code == ANSWER_BY_ROLE[role]


def test_the_campaign_list_is_empty_for_an_outsider_and_closed_to_the_anonymous(demo, clients):
    assert clients["outsider"].get("/api/campaigns/").json() == []
    assert clients["anonymous"].get("/api/campaigns/").status_code == 401


@pytest.mark.parametrize(("role", "status"), [("outsider", 404), ("anonymous", 401)])
def test_no_write_is_open_to_an_outsider_or_the_anonymous(demo, clients, role, status):
    client = clients[role]
    side = battle_between_alice_and_bob(demo).sides.get(role="defender")
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.OPEN)
    army = first_army(demo, "alice").pk

    order = client.post(api(demo, "orders/"), {"army": army, "kind": "rest"}, format="json")
    resolve = client.post(api(demo, "turn/resolve/"))
    decision = client.post(
        f"/api/battles/sides/{side.pk}/decision/", {"decision": "retreat"}, format="json"
    )

    assert (order.status_code, resolve.status_code, decision.status_code) == (status,) * 3
    assert not Order.objects.exists()
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN
    side.refresh_from_db()
    assert side.decision == "fight"


def test_a_player_may_not_decide_for_a_battle_he_does_not_fight(demo):
    """A-2.4: only a side's own kingdom decides for it."""
    side = battle_between_alice_and_bob(demo).sides.get(role="defender")
    response = token_client(demo.players["carol"]).post(
        f"/api/battles/sides/{side.pk}/decision/", {"decision": "retreat"}, format="json"
    )
    assert response.status_code == 403


# Orders


def test_a_player_never_receives_another_kingdoms_orders(
    demo, invasion_targets, django_capture_on_commit_callbacks
):
    """docs/architecture.md: own orders only, never another kingdom's, not even after the turn
    is resolved; the GM sees them all (Q22)."""
    alice_army = first_army(demo, "alice")
    bob_army = first_army(demo, "bob")
    target = invasion_targets(demo.kingdoms["alice"])[0]
    order_submit(army=alice_army, by=demo.players["alice"], kind="invade", target=target)
    order_submit(army=bob_army, by=demo.players["bob"], kind="rest")
    bob, gm = token_client(demo.players["bob"]), token_client(demo.gm)

    def bob_sees_only_his_own():
        assert {o["army"] for o in get(bob, demo, "orders/")} <= {bob_army.pk}
        told = [e for e in get(bob, demo, "chronicle/") if e["kind"] == "OrderSubmitted"]
        assert [e["army_id"] for e in told] == [bob_army.pk]

    bob_sees_only_his_own()
    assert {o["army"] for o in get(gm, demo, "orders/")} == {alice_army.pk, bob_army.pk}
    for _step in ("provisional", "final"):
        with django_capture_on_commit_callbacks(execute=True):
            assert gm.post(api(demo, "turn/resolve/")).status_code == 202
        bob_sees_only_his_own()
    assert get(gm, demo, "turn/")["number"] == 2, "the turn was resolved"


# The map


def test_a_player_never_sees_the_contents_of_an_unexplored_hex(demo, clients):
    """A-1.0.9, E-29: contents are public once anyone explored the hex, hidden until then."""
    hidden = Hex.objects.filter(campaign=demo.campaign, owner=None, explored=False).first()
    Hex.objects.filter(pk=hidden.pk).update(
        feature="town",
        minor_feature="shrine",
        defence="fortress",
        watchtower=True,
        defender_points=800,
    )
    contents = {
        "feature": "town",
        "minor_feature": "shrine",
        "defence": "fortress",
        "watchtower": True,
        "defender_points": 800,
    }
    nothing = {
        "feature": None,
        "minor_feature": None,
        "defence": None,
        "watchtower": False,
        "defender_points": None,
    }

    seen = map_of(clients["player"], demo)
    assert {key: seen[hidden.coord][key] for key in contents} == nothing
    alice = demo.kingdoms["alice"].pk
    for cell in seen.values():
        if not cell["explored"] and cell["owner"] != alice:
            assert cell["feature"] is None and cell["defender_points"] is None, cell
    gm_seen = map_of(clients["gm"], demo)[hidden.coord]
    assert {key: gm_seen[key] for key in contents} == contents

    Hex.objects.filter(pk=hidden.pk).update(explored=True)
    map_version_bump(campaign=demo.campaign)  # as the step that explores it does
    explored = map_of(clients["player"], demo)[hidden.coord]
    assert {key: explored[key] for key in contents} == contents, "A-1.0.9: now public"


def test_an_undiscovered_neutral_kingdom_stays_hidden(demo, clients):
    """A-1.4.18–20: a neutral kingdom's hexes show it only to the players who found it."""
    neutral = demo.neutral_kingdoms[0]
    its_hexes = {h.coord for h in neutral.hexes.all()}
    assert its_hexes

    assert all(h["neutral_kingdom"] is None for h in map_of(clients["player"], demo).values())
    for path in READS:
        assert neutral.name not in clients["player"].get(api(demo, path)).content.decode()
    gm_map = map_of(clients["gm"], demo)
    assert {c for c, h in gm_map.items() if h["neutral_kingdom"] == neutral.pk} == its_hexes

    neutral.known_by.add(demo.kingdoms["alice"])  # Alice found it
    map_version_bump(campaign=demo.campaign)  # as the step where she finds it does
    alice_map = map_of(clients["player"], demo)
    assert {c for c, h in alice_map.items() if h["neutral_kingdom"] == neutral.pk} == its_hexes
    bob_map = map_of(token_client(demo.players["bob"]), demo)
    assert all(h["neutral_kingdom"] is None for h in bob_map.values()), "A-1.4.20: per player"


def test_the_chronicle_never_names_an_undiscovered_neutral_kingdom(
    demo, invasion_targets, django_capture_on_commit_callbacks
):
    """A-1.4.18–20: invading a neutral kingdom's hex tells the others only what the map
    tells them (A-1.0.9), not which neutral kingdom holds it."""
    alice = demo.kingdoms["alice"]
    neutral = demo.neutral_kingdoms[0]
    invaded = neutral.hexes.exclude(pk=neutral.capital_id).first()
    # Give Alice a foothold next to it, so that she may invade.
    around = set(neighbours(invaded.coord))
    free = demo.campaign.hexes.filter(owner=None, neutral_kingdom=None).exclude(terrain="sea")
    foothold = next(h for h in free if h.coord in around)
    Hex.objects.filter(pk=foothold.pk).update(owner=alice, explored=True)
    order_submit(
        army=first_army(demo, "alice"),
        by=demo.players["alice"],
        kind="invade",
        target=invaded.coord,
    )
    with django_capture_on_commit_callbacks(execute=True):
        token_client(demo.gm).post(api(demo, "turn/resolve/"))

    entries = get(token_client(demo.players["bob"]), demo, "chronicle/")
    assert any(e["kind"] == "HexExplored" for e in entries), "the invasion happened"
    named = [
        (e["kind"], key)
        for e in entries
        for key, value in e.items()
        if key.endswith("neutral_kingdom_id") and value is not None
    ]
    assert named == []


def test_the_map_costs_the_same_queries_whatever_its_size(demo, django_assert_max_num_queries):
    """The map is read in a fixed number of queries: 40 hexes or 10,000, no N+1."""
    big = demo_campaign_create(hexes=10_000, players=4, seed="q")
    assert big.campaign.hexes.count() >= 200 * demo.campaign.hexes.count()
    for user_of in (lambda d: d.gm, lambda d: d.players["alice"]):
        counts = []
        for campaign_demo in (demo, big):
            client = token_client(user_of(campaign_demo))
            with django_assert_max_num_queries(MAP_QUERIES) as captured:
                assert client.get(api(campaign_demo, "map/")).status_code == 200
            counts.append(len(captured))
        assert counts[0] == counts[1]


# Battles and strength


def test_an_enemys_strength_goes_only_to_the_battles_participants(demo, clients):
    """E-29: everyone sees where a battle is and who fights it; strength and armies only
    its participants and the GM; a side's choice only that side until it is resolved."""
    battle = battle_between_alice_and_bob(demo)
    BattleSide.objects.filter(battle=battle, role="defender").update(
        decision="retreat", strategy="hold"
    )

    def sides_seen_by(client):
        (seen,) = get(client, demo, "battles/")
        return {side["role"]: side for side in seen["sides"]}

    carol = sides_seen_by(token_client(demo.players["carol"]))
    for side in carol.values():
        assert (side["points"], side["armies"], side["decision"]) == (None, [], None)
    alice = sides_seen_by(clients["player"])
    assert (alice["attacker"]["points"], alice["defender"]["points"]) == (1500, 1000)
    assert alice["defender"]["decision"] is None and alice["defender"]["strategy"] is None
    gm = sides_seen_by(clients["gm"])
    assert (gm["defender"]["points"], gm["defender"]["decision"]) == (1000, "retreat")
    assert gm["defender"]["strategy"] == "hold"


def test_the_chronicle_keeps_battle_strength_for_the_participants(demo, clients):
    """E-29: a declared battle is public; its strength and armies are for its sides."""
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    declared = ev.BattleDeclared(
        rule="A-2.3",
        hex=(3, 0),
        defender_kind=DefenderKind.PATROL,
        attacker_kingdom_id=alice.pk,
        attacker_army_ids=(1,),
        attacker_points=1500,
        defender_kingdom_id=bob.pk,
        defender_army_ids=(3,),
        defender_points=1000,
    )
    columns_insert(TurnEvent, chronicle_entries_for(demo.turn, [declared], Context()))
    secrets = {"attacker_points", "defender_points", "attacker_army_ids", "defender_army_ids"}

    def declared_seen_by(client) -> dict:
        (entry,) = [e for e in get(client, demo, "chronicle/") if e["kind"] == "BattleDeclared"]
        return entry

    assert not secrets & set(declared_seen_by(token_client(demo.players["carol"])))
    assert declared_seen_by(clients["player"])["defender_points"] == 1000
    assert declared_seen_by(clients["gm"])["attacker_points"] == 1500


def test_a_player_sees_only_his_own_armies(demo, clients):
    """E-29: an enemy's armies and their points are not a player's to see."""
    alice = demo.kingdoms["alice"].pk
    assert {a["kingdom"] for a in get(clients["player"], demo, "armies/")} == {alice}
    every_kingdom = {k.pk for k in demo.kingdoms.values()}
    assert {a["kingdom"] for a in get(clients["gm"], demo, "armies/")} == every_kingdom
