"""Missed orders and readiness (Q7): "3 of 4 armies ordered", the player's ready mark
(HTMX and API), who sees it, and the `early_resolution` campaign option; plus what the
pipeline does with an army without an order (Table 5 Rest, E-14, E-01) and the patrol's
hexes across the sea in the form and the API (A-1.1.2.4).

Decisions shown here: marking ready locks nothing, and changing an order afterwards
keeps the orders ready; a player sees his own ready mark only, the GM sees every
kingdom's mark and never its orders in the console's list.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from battles.models import Battle, BattleSide
from campaign.chronicle.selectors import visible_chronicle
from campaign.core.errors import Refused
from campaign.core.viewers import viewer_for
from campaign.models import Campaign, Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army
from kingdoms.orders.models import Order, OrderSet
from kingdoms.orders.services import _resolve_early_if_all_ready, order_submit, orders_ready_set
from tests.api_support import api, first_army, sea_next_to_the_capital, token_client

pytestmark = pytest.mark.django_db


def _page(client, demo, user) -> str:
    client.force_login(user)
    return client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()


def _ready(client, demo, user, ready=True):
    client.force_login(user)
    url = reverse("orders-ready", args=[demo.campaign.pk])
    return client.post(url, {"ready": "1" if ready else "0"}, HTTP_HX_REQUEST="true")


def _early_resolution(demo, on: bool = True) -> None:
    Campaign.objects.filter(pk=demo.campaign.pk).update(
        ruleset_overrides={"options": {"early_resolution": int(on)}}
    )
    demo.campaign.refresh_from_db()


def _state(demo) -> str:
    return Turn.objects.get(pk=demo.turn.pk).state


def test_q7_the_page_counts_the_players_armies_ordered(client, demo):
    alice = demo.players["alice"]
    armies = demo.kingdoms["alice"].armies.count()
    html = _page(client, demo, alice)
    assert f"0 of {armies} armies ordered" in html
    assert f"{armies} without an order will rest" in html and "no edicts" in html
    order_submit(army=first_army(demo, "alice"), by=alice, kind="rest")
    assert f"1 of {armies} armies ordered" in _page(client, demo, alice)
    assert "armies ordered" not in _page(client, demo, demo.gm)  # the GM gives no orders


def test_q7_a_saved_order_tells_the_count_to_reload(client, demo):
    alice = demo.players["alice"]
    client.force_login(alice)
    army = first_army(demo, "alice")
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    response = client.post(url, {f"army-{army.pk}-kind": "rest"}, HTTP_HX_REQUEST="true")
    assert response["HX-Trigger"] == "orders-changed"
    status = client.get(reverse("orders-ready", args=[demo.campaign.pk]), HTTP_HX_REQUEST="true")
    html = status.content.decode()
    assert 'id="my-orders"' in html and "1 of" in html and "<html" not in html


def test_q7_ready_by_htmx_and_an_order_changed_afterwards_keeps_it_ready(client, demo):
    alice = demo.players["alice"]
    response = _ready(client, demo, alice)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "Your orders are marked ready" in html and "Not ready yet" in html
    kingdom = demo.kingdoms["alice"]
    assert OrderSet.objects.get(turn=demo.turn, kingdom=kingdom).ready
    order_submit(army=first_army(demo, "alice"), by=alice, kind="rest")  # still allowed
    assert OrderSet.objects.get(turn=demo.turn, kingdom=kingdom).ready
    html = _ready(client, demo, alice, ready=False).content.decode()
    assert "Mark my orders ready" in html
    assert not OrderSet.objects.get(turn=demo.turn, kingdom=kingdom).ready


def test_q7_ready_by_the_api_and_each_player_sees_only_his_own(demo):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    response = token_client(demo.players["alice"]).post(
        api(demo, "orders/ready/"), {"ready": True}, format="json"
    )
    assert response.status_code == 200
    armies = alice.armies.count()
    assert response.json()["kingdoms"] == [
        {"kingdom": alice.pk, "name": alice.name, "ready": True, "armies": armies,
         "ordered": 0, "resting": armies, "in_siege": 0}
    ]  # fmt: skip
    assert response.json()["open"] is True and response.json()["early_resolution"] is False
    rows = token_client(demo.players["bob"]).get(api(demo, "orders/ready/")).json()["kingdoms"]
    assert [(row["kingdom"], row["ready"]) for row in rows] == [(bob.pk, False)]
    bob_reads = visible_chronicle(demo.campaign, viewer_for(bob.membership))
    assert not [e for e in bob_reads if e["kind"] == "OrdersReady"]


def test_q7_the_gm_sees_who_is_ready_but_marks_nothing(client, demo, invasion_targets):
    alice = demo.kingdoms["alice"]
    target = invasion_targets(alice)[0]
    order_submit(
        army=first_army(demo, "alice"), by=demo.players["alice"], kind="invade", target=target
    )
    orders_ready_set(campaign=demo.campaign, by=demo.players["alice"], ready=True)
    rows = token_client(demo.gm).get(api(demo, "orders/ready/")).json()["kingdoms"]
    assert {row["name"]: row["ready"] for row in rows} == {
        k.name: k == alice for k in demo.kingdoms.values()
    }
    assert all(row["ordered"] is None and row["armies"] is None for row in rows)
    refused = token_client(demo.gm).post(api(demo, "orders/ready/"), {"ready": True})
    assert refused.status_code == 403
    client.force_login(demo.gm)
    html = client.get(reverse("gm-console", args=[demo.campaign.pk])).content.decode()
    start = html.index('aria-label="Orders ready"')
    section = html[start : html.index("</section>", start)]
    assert f"{alice.name}: ready" in section
    assert f"{demo.kingdoms['bob'].name}: not yet" in section
    assert "invade" not in section and f"({target[0]}, {target[1]})" not in section


def test_q7_early_resolution_is_off_by_default(demo, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for player in demo.players.values():
            orders_ready_set(campaign=demo.campaign, by=player, ready=True)
    assert _state(demo) == Turn.State.OPEN
    assert not TurnEvent.objects.filter(kind="EarlyResolution").exists()


def test_q7_early_resolution_starts_provisional_results_once(
    demo, django_capture_on_commit_callbacks
):
    _early_resolution(demo)
    *first, last = demo.players.values()
    with django_capture_on_commit_callbacks(execute=True):
        for player in first:
            orders_ready_set(campaign=demo.campaign, by=player, ready=True)
    assert _state(demo) == Turn.State.OPEN  # one player is still thinking
    with django_capture_on_commit_callbacks(execute=True):
        response = token_client(last).post(api(demo, "orders/ready/"), {"ready": True})
    assert response.status_code == 200 and response.json()["open"] is False
    assert _state(demo) == Turn.State.DECISIONS  # provisional results ran
    [early] = TurnEvent.objects.filter(turn=demo.turn, kind="EarlyResolution")
    assert early.public and early.rule == "Q7"
    with pytest.raises(Refused, match="Orders are closed"):
        orders_ready_set(campaign=demo.campaign, by=last, ready=True)


def test_q7_two_players_ready_together_claim_the_step_once(
    demo, django_capture_on_commit_callbacks
):
    """Both transactions saw everyone ready (as if the turn lock were missing): the claim
    lets one through, the other's is refused quietly."""
    _early_resolution(demo)
    for kingdom in demo.kingdoms.values():
        OrderSet.objects.create(turn=demo.turn, kingdom=kingdom, ready=True)
    first, second = Turn.objects.get(pk=demo.turn.pk), Turn.objects.get(pk=demo.turn.pk)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        _resolve_early_if_all_ready(demo.campaign, first)
        _resolve_early_if_all_ready(demo.campaign, second)
    # the step's queuings, not the notifications the step itself queues when it has run
    assert len([c for c in callbacks if c.__qualname__.startswith("_step_queued.")]) == 1
    assert TurnEvent.objects.filter(kind="EarlyResolution").count() == 1
    assert _state(demo) == Turn.State.DECISIONS


def test_q7_an_eliminated_kingdom_is_not_waited_for(demo, django_capture_on_commit_callbacks):
    _early_resolution(demo)
    *others, dave = demo.players
    demo.kingdoms[dave].eliminated = True
    demo.kingdoms[dave].save(update_fields=["eliminated"])
    with django_capture_on_commit_callbacks(execute=True):
        for name in others:
            orders_ready_set(campaign=demo.campaign, by=demo.players[name], ready=True)
    assert _state(demo) == Turn.State.DECISIONS
    with pytest.raises(Refused, match="eliminated"):
        orders_ready_set(campaign=demo.campaign, by=demo.players[dave], ready=True)


def test_a_2_1_after_the_deadline_no_ready_mark_and_no_late_order(demo, invasion_targets):
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))
    alice = demo.players["alice"]
    with pytest.raises(Refused, match="deadline for turn 1's orders has passed"):
        orders_ready_set(campaign=demo.campaign, by=alice, ready=True)
    with pytest.raises(Refused, match="deadline for turn 1's orders has passed"):
        order_submit(
            army=first_army(demo, "alice"),
            by=alice,
            kind="invade",
            target=invasion_targets(demo.kingdoms["alice"])[0],
        )
    assert not OrderSet.objects.exists() and not Order.objects.exists()


def test_q7_e14_an_army_without_an_order_rests_and_is_rebuilt(demo):
    """Table 5 Rest through the pipeline: points back to the allocation, the rested flag
    set (E-01), and the chronicle tells only its own kingdom."""
    army = first_army(demo, "alice")
    Army.objects.filter(pk=army.pk).update(points=army.allocation - 300)
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    army.refresh_from_db()
    assert army.points == army.allocation and army.rested
    [entry] = TurnEvent.objects.filter(kind="ArmyRested", payload__army_id=army.pk)
    assert entry.payload["points_regained"] == 300 and entry.payload["ordered"] is False
    assert not entry.public and entry.kingdom_ids == [demo.kingdoms["alice"].pk]


# --- The patrol's hexes across the sea (A-1.1.2.4) ----------------------------------


def test_a_1_1_2_4_the_form_asks_for_the_hexes_across_the_sea(client, demo):
    capital, k, candidates = sea_next_to_the_capital(demo)
    army = first_army(demo, "alice")
    client.force_login(demo.players["alice"])
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    fields = {"kind": "patrol", "target_q": capital[0], "target_r": capital[1]}
    data = {f"army-{army.pk}-{key}": value for key, value in fields.items()}
    html = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    block = html[html.index('class="order-result"') :]
    assert f"name {k} of the land hexes" in block[: block.index("</div>")]
    bad = client.post(url, {**data, f"army-{army.pk}-sea_cover": "five"}, HTTP_HX_REQUEST="true")
    assert "&#x27;five&#x27; is not a hex" in bad.content.decode()
    chosen = "; ".join(f"{q},{r}" for q, r in candidates[:k])
    client.post(url, {**data, f"army-{army.pk}-sea_cover": chosen}, HTTP_HX_REQUEST="true")
    order = Order.objects.get(army=army)
    assert (order.kind, order.sea_cover) == ("patrol", [list(c) for c in candidates[:k]])


def test_a_1_1_2_4_the_api_takes_the_hexes_across_the_sea(demo):
    capital, k, candidates = sea_next_to_the_capital(demo)
    client = token_client(demo.players["alice"])
    army = first_army(demo, "alice")
    body = {"army": army.pk, "kind": "patrol", "target": list(capital)}
    refused = client.post(api(demo, "orders/"), body, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "sea_cover"
    assert f"covers {k} sea hex" in refused.json()["detail"]
    chosen = [list(c) for c in candidates[:k]]
    saved = client.post(api(demo, "orders/"), {**body, "sea_cover": chosen}, format="json")
    assert saved.status_code == 201 and saved.json()["sea_cover"] == chosen


def test_p_c4_e15_the_patrol_that_takes_over_is_written_on_the_battle(demo):
    """Bob's patrol 1 retreats from the first battle and is used up; his patrol 2, based
    on the second hex, defends it instead: the battle's defending side now names it."""
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    first, second = Hex.objects.filter(owner=bob).order_by("q", "r")[:2]
    attackers, (used, relief) = list(alice.armies.all()[:2]), list(bob.armies.all()[:2])
    Order.objects.create(turn=demo.turn, army=used, kind="patrol", target=first)
    Order.objects.create(turn=demo.turn, army=relief, kind="patrol", target=second)
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    sides = {}
    for seq, (where, attacker) in enumerate(zip((first, second), attackers, strict=True), 1):
        battle = Battle.objects.create(turn=demo.turn, hex=where, seq=seq, defender_kind="patrol")
        a = BattleSide.objects.create(battle=battle, role="attacker", kingdom=alice, points=1000)
        a.armies.set([attacker])
        d = BattleSide.objects.create(
            battle=battle, role="defender", kingdom=bob, points=used.points,
            decision="retreat" if seq == 1 else "fight",
        )  # fmt: skip
        d.armies.set([used])
        sides[seq] = d
    turn_claim_step(turn=Turn.objects.get(pk=demo.turn.pk), by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    assert list(sides[2].armies.all()) == [relief]
    sides[2].refresh_from_db()
    assert sides[2].points == relief.points
    [took_over] = TurnEvent.objects.filter(turn=demo.turn, kind="PatrolTookOver")
    assert took_over.payload["army_id"] == relief.pk and not took_over.public
