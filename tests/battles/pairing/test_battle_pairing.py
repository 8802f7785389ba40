"""Pairing of battles in the app (P-C3, P-C4, E-15): a contested hex's chain through the
pipeline and the battles page, a patrol's order of battles and the defending patrol
named at Phase 4, by HTML form and by API, with their refusals and who sees what.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from battles.models import Battle, BattleSide
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from kingdoms.orders.services import order_submit
from rules.core.state import DefenderKind
from tests.api_support import token_client

pytestmark = pytest.mark.django_db


def _step(demo, capture) -> Turn:
    turn = Turn.objects.filter(campaign=demo.campaign).order_by("-number").first()
    with capture(execute=True):
        turn_claim_step(turn=turn, by=demo.gm)
    turn.refresh_from_db()
    return turn


def _page(client, user, demo, **headers) -> str:
    client.force_login(user)
    response = client.get(reverse("battles", args=[demo.campaign.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


# P-C3, E-15: a contested hex through the pipeline ------------------------------------


def test_a_contested_hex_is_a_chain_of_battles_and_only_its_branch_is_fought(
    client, demo, django_capture_on_commit_callbacks
):
    """Alice and Dave both invade the Town (-2, -1): the invaders fight first, and each
    possible survivor has a follow-up against the Town's defenders, "if he wins battle
    N", that he answers for in advance. The defender of battle 1 retreats; the winner
    had answered that he would retreat from the Town's defenders too. Only his branch
    is fought; the other is marked not fought once the turn is over."""
    target = Hex.objects.get(campaign=demo.campaign, q=-2, r=-1)
    Hex.objects.filter(pk=target.pk).update(
        explored=True, feature="town", defender_points=500, defender_original_points=500
    )
    for player in ("alice", "dave"):
        army = demo.kingdoms[player].armies.order_by("-points").first()
        order_submit(army=army, by=demo.players[player], kind="invade", target=(-2, -1))
    turn = _step(demo, django_capture_on_commit_callbacks)

    first, *follow_ups = Battle.objects.filter(turn=turn, hex=target).order_by("seq")
    assert first.defender_kind == DefenderKind.INVADER and first.after is None
    assert [(b.after_id, b.if_won) for b in follow_ups] == [
        (first.pk, "attacker"),
        (first.pk, "defender"),
    ]
    attacker = first.sides.get(role="attacker").kingdom
    defender = first.sides.get(role="defender").kingdom
    assert {attacker.pk, defender.pk} == {demo.kingdoms["alice"].pk, demo.kingdoms["dave"].pk}
    assert [b.sides.get(role="attacker").kingdom for b in follow_ups] == [attacker, defender]

    html = _page(client, demo.players["carol"], demo)
    assert f"Fought only if {attacker.name} wins battle {first.seq}" in html
    # the follow-ups take decisions in advance, from their own attacker
    follow_up_side = follow_ups[0].sides.get(role="attacker")
    loser = demo.players["alice"] if defender == demo.kingdoms["alice"] else demo.players["dave"]
    html = _page(client, loser, demo)
    first_defender = first.sides.get(role="defender")
    assert reverse("battle-decision", args=[demo.campaign.pk, first_defender.pk]) in html
    client.force_login(loser)
    prefix = f"side-{first_defender.pk}"
    client.post(
        reverse("battle-decision", args=[demo.campaign.pk, first_defender.pk]),
        {f"{prefix}-decision": "retreat"},
    )
    winner = demo.players["alice"] if attacker == demo.kingdoms["alice"] else demo.players["dave"]
    url = reverse("battle-decision", args=[demo.campaign.pk, follow_up_side.pk])
    assert url in _page(client, winner, demo)
    prefix = f"side-{follow_up_side.pk}"
    assert client.post(url, {f"{prefix}-decision": "retreat"}).status_code == 302

    _step(demo, django_capture_on_commit_callbacks)
    first.refresh_from_db()
    assert (first.resolved, first.winner, first.result) == (True, "attacker", "by default")
    fought, skipped = (Battle.objects.get(pk=b.pk) for b in follow_ups)
    assert (fought.resolved, fought.winner) == (True, "defender")
    assert not skipped.resolved
    target.refresh_from_db()
    assert (target.owner, target.defender_points) == (None, 500)
    html = _page(client, demo.players["carol"], demo)
    assert f"if {defender.name} wins battle {first.seq}: not fought." in html


# P-C4 and E-15: battles declared against Bob's patrols ------------------------------


@pytest.fixture
def patrol_battles(demo):
    """Alice invades two of Bob's hexes, both defended by his First Army; his Second
    Army covers the first hex too (E-15). The turn takes Phase 4 choices."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    first_army, second_army = bob.armies.order_by("pk")
    battles = []
    for seq, hex_row in enumerate(Hex.objects.filter(owner=bob).order_by("q", "r")[:2], 1):
        battle = Battle.objects.create(
            turn=demo.turn, hex=hex_row, seq=seq, defender_kind=DefenderKind.PATROL
        )
        attacker = BattleSide.objects.create(
            battle=battle, role="attacker", kingdom=alice, points=1250
        )
        attacker.armies.set([alice.armies.order_by("pk")[seq - 1]])
        defender = BattleSide.objects.create(
            battle=battle, role="defender", kingdom=bob, points=first_army.points
        )
        defender.armies.set([first_army])
        battles.append(battle)
    battles[0].sides.get(role="defender").patrol_choices.set([first_army, second_army])
    return battles


def _defender(battle) -> BattleSide:
    return battle.sides.get(role="defender")


def test_the_owner_orders_his_patrols_battles_on_the_page(client, demo, patrol_battles):
    """P-C4: Bob gives his First Army's two battles a place each; the order is saved,
    and nobody else sees it or the form."""
    army = demo.kingdoms["bob"].armies.order_by("pk").first()
    url = reverse("battle-order", args=[demo.campaign.pk, army.pk])
    html = _page(client, demo.players["bob"], demo)
    assert url in html and "the order of its battles" in html
    first, second = patrol_battles
    response = client.post(
        url,
        {f"order-{army.pk}-battle-{first.pk}": 2, f"order-{army.pk}-battle-{second.pk}": 1},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "2nd in your patrol's order" in response.content.decode()
    assert (_defender(first).rank, _defender(second).rank) == (2, 1)
    entry = TurnEvent.objects.get(turn=demo.turn, kind="BattleOrderSet")
    assert (entry.public, entry.kingdom_ids) == (False, [demo.kingdoms["bob"].pk])

    for player in ("alice", "carol"):
        other = _page(client, demo.players[player], demo)
        assert url not in other and "patrol's order" not in other


def test_a_bad_order_is_refused_and_saves_nothing(client, demo, patrol_battles):
    army = demo.kingdoms["bob"].armies.order_by("pk").first()
    url = reverse("battle-order", args=[demo.campaign.pk, army.pk])
    first, second = patrol_battles
    client.force_login(demo.players["bob"])
    same_place = {f"order-{army.pk}-battle-{first.pk}": 1, f"order-{army.pk}-battle-{second.pk}": 1}
    response = client.post(url, same_place)
    assert response.status_code == 400
    assert "Give each battle its own place" in response.content.decode()
    client.force_login(demo.players["alice"])  # not his patrol: as if it did not exist
    assert client.post(url, same_place).status_code == 404
    assert [_defender(b).rank for b in patrol_battles] == [None, None]
    assert not TurnEvent.objects.filter(kind="BattleOrderSet").exists()


def test_the_battle_order_by_api(demo, patrol_battles):
    """P-C4 through the API: only the owner lists and sets his patrols' order."""
    army = demo.kingdoms["bob"].armies.order_by("pk").first()
    first, second = patrol_battles
    bob = token_client(demo.players["bob"])
    listed = bob.get(f"/api/campaigns/{demo.campaign.pk}/patrol-orders/").json()
    assert [(p["army"], [b["id"] for b in p["battles"]]) for p in listed] == [
        (army.pk, [first.pk, second.pk])
    ]
    url = f"/api/campaigns/{demo.campaign.pk}/patrols/{army.pk}/battle-order/"
    response = bob.post(url, {"battles": [second.pk, first.pk]}, format="json")
    assert response.status_code == 200, response.json()
    assert [(b["id"], b["place"]) for b in response.json()["battles"]] == [
        (second.pk, 1),
        (first.pk, 2),
    ]
    alice = token_client(demo.players["alice"])
    assert alice.get(f"/api/campaigns/{demo.campaign.pk}/patrol-orders/").json() == []
    battles = alice.get(f"/api/campaigns/{demo.campaign.pk}/battles/").json()
    assert all(side["rank"] is None for b in battles for side in b["sides"])
    mine = bob.get(f"/api/campaigns/{demo.campaign.pk}/battles/").json()
    assert [s["rank"] for b in mine for s in b["sides"] if s["role"] == "defender"] == [2, 1]


@pytest.mark.parametrize(
    ("player", "payload", "status", "field"),
    [
        ("alice", "both", 404, None),  # bob's patrol is not hers to see: as if missing
        ("bob", "one", 400, "battles"),
        ("bob", "twice", 400, "battles"),
        ("bob", "none", 400, "battles"),
    ],
)
def test_a_bad_battle_order_by_api_is_refused(demo, patrol_battles, player, payload, status, field):
    army = demo.kingdoms["bob"].armies.order_by("pk").first()
    first, second = patrol_battles
    battles = {
        "both": [first.pk, second.pk],
        "one": [first.pk],
        "twice": [first.pk, first.pk],
        "none": [],
    }[payload]
    response = token_client(demo.players[player]).post(
        f"/api/campaigns/{demo.campaign.pk}/patrols/{army.pk}/battle-order/",
        {"battles": battles},
        format="json",
    )
    assert (response.status_code, response.json()["field"]) == (status, field)
    assert [_defender(b).rank for b in patrol_battles] == [None, None]


def test_no_battle_order_outside_phase_4(demo, patrol_battles):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.FINAL)
    army = demo.kingdoms["bob"].armies.order_by("pk").first()
    first, second = patrol_battles
    response = token_client(demo.players["bob"]).post(
        f"/api/campaigns/{demo.campaign.pk}/patrols/{army.pk}/battle-order/",
        {"battles": [second.pk, first.pk]},
        format="json",
    )
    assert response.status_code == 400
    assert "not taking fight-or-retreat decisions" in response.json()["detail"]
    assert [_defender(b).rank for b in patrol_battles] == [None, None]


def test_the_owner_names_the_defending_patrol_on_the_page(client, demo, patrol_battles):
    """E-15: Bob names his Second Army for the first hex; the side now holds it, with
    its points, and the choice is his secret."""
    first, _ = patrol_battles
    side = _defender(first)
    second_army = demo.kingdoms["bob"].armies.order_by("pk").last()
    url = reverse("battle-defender", args=[demo.campaign.pk, side.pk])
    html = _page(client, demo.players["bob"], demo)
    assert url in html and "Defending patrol" in html
    side.rank = 1
    side.save(update_fields=["rank"])
    response = client.post(
        url, {f"defender-{side.pk}-army": second_army.pk}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    side.refresh_from_db()
    assert [a.pk for a in side.armies.all()] == [second_army.pk]
    assert (side.points, side.rank) == (second_army.points, None)
    entry = TurnEvent.objects.get(turn=demo.turn, kind="DefenderNamed")
    assert (entry.public, entry.kingdom_ids) == (False, [demo.kingdoms["bob"].pk])
    for player in ("alice", "carol"):
        other = _page(client, demo.players[player], demo)
        assert url not in other and "Defending patrol" not in other


def test_naming_a_patrol_is_refused_and_saves_nothing(client, demo, patrol_battles):
    first, second = patrol_battles
    side = _defender(first)
    bob_first, bob_second = demo.kingdoms["bob"].armies.order_by("pk")
    alice_army = demo.kingdoms["alice"].armies.first()
    api = token_client(demo.players["bob"])
    url = f"/api/battles/sides/{side.pk}/defender/"
    response = api.post(url, {"army": alice_army.pk}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "army")
    assert response.json()["detail"] == "You have no such army in this campaign."
    response = api.post(
        f"/api/battles/sides/{_defender(second).pk}/defender/", {"army": bob_second.pk}
    )
    assert (response.status_code, response.json()["field"]) == (400, "army")
    assert "no other to name" in response.json()["detail"]
    response = token_client(demo.players["alice"]).post(url, {"army": alice_army.pk}, format="json")
    assert response.status_code == 403
    client.force_login(demo.players["alice"])
    page = reverse("battle-defender", args=[demo.campaign.pk, side.pk])
    response = client.post(page, {f"defender-{side.pk}-army": bob_second.pk})
    assert response.status_code == 403
    assert [a.pk for a in side.armies.all()] == [bob_first.pk]
    assert not TurnEvent.objects.filter(kind="DefenderNamed").exists()


def test_the_defending_patrol_by_api(demo, patrol_battles):
    first, _ = patrol_battles
    side = _defender(first)
    second_army = demo.kingdoms["bob"].armies.order_by("pk").last()
    bob = token_client(demo.players["bob"])
    battles = bob.get(f"/api/campaigns/{demo.campaign.pk}/battles/").json()
    [choices] = [s["patrol_choices"] for b in battles for s in b["sides"] if s["id"] == side.pk]
    assert [(c["id"], c["defending"]) for c in choices] == [
        (second_army.pk - 1, True),
        (second_army.pk, False),
    ]
    alice = token_client(demo.players["alice"]).get(f"/api/campaigns/{demo.campaign.pk}/battles/")
    assert all(s["patrol_choices"] == [] for b in alice.json() for s in b["sides"])
    response = bob.post(
        f"/api/battles/sides/{side.pk}/defender/", {"army": second_army.pk}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "side": side.pk,
        "battle": first.pk,
        "army": second_army.pk,
        "points": second_army.points,
    }
