"""Power spending through the app (Table 10, E-25, Q18): the panel on the "My kingdom"
page and the API, their refusals, a full turn with a build, a recruit and a won bid,
and privacy: nobody else ever sees a kingdom's spending, in HTML or JSON."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.bulletin.services import mercenary_offer_publish
from campaign.models import Hex, TurnEvent
from campaign.pipeline import steps
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army, Kingdom
from kingdoms.spending.models import PowerSpend
from rules.core.dice import Dice, Roll
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


class _Sixes(Dice):
    """The turn's seeded dice, but every incite roll is a 6."""

    def roll(self, sides: int, purpose: str) -> Roll:
        if "incite of kingdom" in purpose:
            roll = Roll(purpose=purpose, sides=sides, result=6)
            self.rolls.append(roll)
            return roll
        return super().roll(sides, purpose)


def _setup(demo, player="alice", power=8) -> tuple[Kingdom, Army, Hex]:
    """The player's kingdom with ``power``, its strongest army, and one of its hexes that
    is not the capital."""
    kingdom = demo.kingdoms[player]
    Kingdom.objects.filter(pk=kingdom.pk).update(power=power)
    kingdom.refresh_from_db()
    army = kingdom.armies.order_by("-points").first()
    hex_row = Hex.objects.filter(owner=kingdom, is_orphan=False).exclude(pk=kingdom.capital_id)
    return kingdom, army, hex_row.order_by("q", "r").first()


def _offer(demo, points=500, minimum_bid=2):
    return mercenary_offer_publish(
        turn=demo.turn, by=demo.gm, name="Ogre bulls", minimum_bid=minimum_bid, points=points
    )


def _spend(demo, player, **body):
    client = token_client(demo.players[player])
    return client.post(api(demo, "spending/"), body, format="json")


def _panel_post(client, demo, player, **fields):
    client.force_login(demo.players[player])
    return client.post(
        reverse("kingdom-spending", args=[demo.campaign.pk]), fields, HTTP_HX_REQUEST="true"
    )


def _resolve_turn(turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


# --- the API --------------------------------------------------------------------------


def test_api_adds_and_lists_my_spending(demo):
    kingdom, army, hex_row = _setup(demo)
    response = _spend(demo, "alice", kind="watchtower", hex=list(hex_row.coord))
    assert response.status_code == 201, response.content
    assert response.json()["amount"] == 1 and response.json()["result"] == ""
    _spend(demo, "alice", kind="recruit", amount=2, army=army.pk)
    listed = token_client(demo.players["alice"]).get(api(demo, "spending/")).json()
    assert [s["kind"] for s in listed] == ["watchtower", "recruit"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"kind": "fortress", "hex": [99, 99]}, "hex", "not on the map"),
        ({"kind": "share_power", "amount": 9, "recipient": "bob"}, "amount", "E-25"),
        ({"kind": "mercenary_bid", "amount": 1}, "offer", "at least 2 power"),
        ({"kind": "ally", "amount": 2, "neutral_kingdom": 999999}, "neutral_kingdom", "discovered"),
        ({"kind": "share_power", "amount": 1}, "recipient", "another player"),
        ({"kind": "pacify", "amount": 1}, "hex", "Table 11"),
        ({"kind": "bribe", "amount": 1}, "kind", ""),
    ],
)
def test_api_refusals_save_nothing(demo, body, field, words):
    _, army, _ = _setup(demo)
    offer = _offer(demo)
    body = {**body, **({"army": army.pk} if body["kind"] in ("recruit", "mercenary_bid") else {})}
    if body["kind"] == "mercenary_bid":
        body["offer"] = offer.pk
    if body.get("recipient") == "bob":
        body["recipient"] = demo.kingdoms["bob"].pk
    response = _spend(demo, "alice", **body)
    assert response.status_code == 400, response.content
    refusal = response.json()
    # the reason's words, or the rule that refuses (its own field)
    assert refusal["field"] == field and (words in refusal["detail"] or words == refusal["rule"])
    assert not PowerSpend.objects.exists()


@pytest.mark.parametrize(
    ("first", "body", "field", "words"),
    [
        (None, {"kind": "deactivate", "amount": 1}, "neutral_kingdom", "allied to nobody"),
        (None, {"kind": "ally", "amount": 5}, "amount", "spend 2–4, not 5"),
        (None, {"kind": "pacify", "amount": 4}, "amount", "costs 1–3 power, not 4."),
        (None, {"kind": "incite", "amount": 2}, "hex", "Name the hex the incited army"),
        (None, {"kind": "recruit", "amount": 1}, "army", "Name one of your armies"),
        ({"kind": "surgeon"}, {"kind": "surgeon"}, "kind", "already hire a surgeon"),
        ({"kind": "recruit", "amount": 1}, {"kind": "recruit", "amount": 1}, "army",
         "already recruits"),
    ],
)  # fmt: skip
def test_a_refusal_names_the_field_it_is_about(demo, first, body, field, words):
    """The panel shows a refusal by its field: a neutral kingdom's refusal by the neutral
    kingdom, a price by the amount, a second surgeon by the kind, never by the hex because
    the reason cites a rule in brackets."""
    _, army, _ = _setup(demo)
    neutral = demo.neutral_kingdoms[0]
    neutral.known_by.add(demo.kingdoms["alice"])
    extra = (
        {"neutral_kingdom": neutral.pk} if body["kind"] in ("deactivate", "ally", "incite") else {}
    )
    if first is not None:
        own = {"army": army.pk} if first["kind"] == "recruit" else {}
        assert _spend(demo, "alice", **first, **own).status_code == 201
        extra |= own
    response = _spend(demo, "alice", **body, **extra)
    refusal = response.json()
    assert response.status_code == 400 and refusal["field"] == field, refusal
    assert words in refusal["detail"], refusal
    assert PowerSpend.objects.count() == (0 if first is None else 1)


def test_the_gm_spends_nothing_and_withdrawing_someone_elses_spend_fails(demo):
    _, army, hex_row = _setup(demo)
    response = token_client(demo.gm).post(
        api(demo, "spending/"), {"kind": "surgeon"}, format="json"
    )
    assert response.status_code == 403
    spend = _spend(demo, "alice", kind="surgeon").json()
    bob = token_client(demo.players["bob"])
    assert bob.delete(api(demo, f"spending/{spend['id']}/")).status_code == 404
    alice = token_client(demo.players["alice"])
    assert alice.delete(api(demo, f"spending/{spend['id']}/")).status_code == 204
    assert not PowerSpend.objects.exists()


# --- the panel ------------------------------------------------------------------------


def test_the_panel_is_on_my_kingdom_page_and_saves_a_spend(client, demo):
    kingdom, _, hex_row = _setup(demo)
    client.force_login(demo.players["alice"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk])).content.decode()
    assert 'id="spending"' in page and "0 of 8 power committed" in page
    response = _panel_post(client, demo, "alice", kind="fortress", hex_q=hex_row.q, hex_r=hex_row.r)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Spending saved." in body and "2 of 8 power committed" in body
    assert PowerSpend.objects.get().kind == "fortress"


def test_panel_refusal_shows_the_reason_and_saves_nothing(client, demo):
    _setup(demo, power=1)
    enemy = Hex.objects.filter(owner=demo.kingdoms["bob"]).first()
    response = _panel_post(client, demo, "alice", kind="fortress", hex_q=enemy.q, hex_r=enemy.r)
    body = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in body
    assert "not your hex" in body
    assert not PowerSpend.objects.exists()
    response = _panel_post(client, demo, "alice", kind="surgeon", amount="x")
    assert "whole number" in response.content.decode() and not PowerSpend.objects.exists()


def test_panel_withdraws_a_spend(client, demo):
    _setup(demo)
    spend = _spend(demo, "alice", kind="surgeon").json()
    response = _panel_post(client, demo, "alice", withdraw=str(spend["id"]))
    assert response.status_code == 200 and not PowerSpend.objects.exists()


# --- privacy --------------------------------------------------------------------------


def test_others_never_see_my_spending_in_html_or_json(client, demo):
    kingdom, army, hex_row = _setup(demo)
    offer = _offer(demo)
    _spend(demo, "alice", kind="mercenary_bid", amount=3, offer=offer.pk, army=army.pk)
    _spend(demo, "alice", kind="watchtower", hex=list(hex_row.coord))
    assert token_client(demo.players["bob"]).get(api(demo, "spending/")).json() == []
    gm_view = token_client(demo.gm).get(api(demo, "spending/")).json()
    assert len(gm_view) == 2
    client.force_login(demo.players["bob"])
    page = client.get(reverse("kingdom", args=[demo.campaign.pk])).content.decode()
    assert "<strong>Sealed bid" not in page and "No power spent this turn." in page
    bob_chronicle = token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    assert "SpendSubmitted" not in {e["kind"] for e in bob_chronicle}
    _resolve_turn(demo.turn)
    bob_chronicle = token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    kinds = {e["kind"] for e in bob_chronicle}
    assert not kinds & {"PowerSpent", "MercenaryBidResolved", "ArmyReinforced", "BuildQueued"}
    [built] = [e for e in bob_chronicle if e["kind"] == "BuildCompleted"]  # public: on the map
    assert "spend_id" not in built
    client.force_login(demo.players["bob"])
    chronicle = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "bid of 3 power" not in chronicle and "spent" not in chronicle


# --- a full turn ----------------------------------------------------------------------


def test_a_full_turn_with_a_build_a_recruit_and_a_won_bid(demo):
    kingdom, army, hex_row = _setup(demo, power=8)
    _, bobs_army, _ = _setup(demo, "bob", power=5)
    offer = _offer(demo, points=500, minimum_bid=2)
    assert _spend(demo, "alice", kind="watchtower", hex=list(hex_row.coord)).status_code == 201
    assert _spend(demo, "alice", kind="recruit", amount=2, army=army.pk).status_code == 201
    alice_bid = _spend(demo, "alice", kind="mercenary_bid", amount=3, offer=offer.pk, army=army.pk)
    bob_bid = _spend(demo, "bob", kind="mercenary_bid", amount=2, offer=offer.pk, army=bobs_army.pk)
    assert alice_bid.status_code == bob_bid.status_code == 201

    turn = demo.turn
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    army.refresh_from_db()
    assert army.points == army.allocation + 500 + 500  # rested, recruits and Ogres, this turn
    kingdom.refresh_from_db()
    assert kingdom.power == 8 - 1 - 2 - 3
    bob = demo.kingdoms["bob"]
    bob.refresh_from_db()
    assert bob.power == 5  # a losing bid is never debited (E-25)

    turn.refresh_from_db()
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    army.refresh_from_db()
    hex_row.refresh_from_db()
    assert army.points == army.allocation and hex_row.watchtower
    results = dict(PowerSpend.objects.values_list("kind", "result").filter(kingdom=kingdom))
    assert results == {"watchtower": "built", "recruit": "recruited", "mercenary_bid": "won"}
    assert PowerSpend.objects.get(kingdom=bob).result == "lost"
    [income] = TurnEvent.objects.filter(turn=turn, kind="PowerCollected", kingdom_ids=[kingdom.pk])
    kingdom.refresh_from_db()
    assert kingdom.power == 2 + income.payload["gained"]


def test_the_kingdom_page_takes_the_same_queries_for_more_spends(client, demo):
    kingdom, army, hex_row = _setup(demo, power=20)
    client.force_login(demo.players["alice"])
    url = reverse("kingdom", args=[demo.campaign.pk])
    _spend(demo, "alice", kind="surgeon")
    client.get(url)
    with CaptureQueriesContext(connection) as one:
        client.get(url)
    _spend(demo, "alice", kind="watchtower", hex=list(hex_row.coord))
    _spend(demo, "alice", kind="recruit", amount=2, army=army.pk)
    _spend(demo, "alice", kind="share_power", amount=1, recipient=demo.kingdoms["bob"].pk)
    with CaptureQueriesContext(connection) as four:
        client.get(url)
    assert len(four) == len(one)


def test_an_incited_attack_runs_through_the_pipeline_and_pages(client, demo, monkeypatch):
    """A-1.4.12, Q17: Alice incites the demo's neutral kingdom against a hex of Bob's next
    to it. The battle is public, Bob's battles page shows it, and with no patrol the
    hex joins the neutral kingdom at Final Results."""
    from rules.core import hexgrid
    from rules.core.state import Terrain

    _setup(demo, power=4)
    neutral = demo.neutral_kingdoms[0]
    neutral.known_by.add(demo.kingdoms["alice"])
    hexes = list(demo.campaign.hexes.all())
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    land = {h.coord for h in neutral.hexes.all()}
    target = next(
        h
        for h in sorted(hexes, key=lambda h: h.coord)
        if h.neutral_kingdom_id is None
        and h.terrain != Terrain.SEA
        and h.pk != demo.kingdoms["bob"].capital_id
        and any(h.coord in hexgrid.adjacent(c, terrain) for c in land)
    )
    Hex.objects.filter(pk=target.pk).update(owner=demo.kingdoms["bob"], explored=True)
    body = {"kind": "incite", "amount": 4, "neutral_kingdom": neutral.pk, "hex": list(target.coord)}
    response = _spend(demo, "alice", **body)
    assert response.status_code == 201, response.content
    monkeypatch.setattr(steps, "_dice", lambda turn, step: _Sixes(f"{turn.seed}:{step}"))

    turn = demo.turn
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    assert TurnEvent.objects.get(turn=turn, kind="DiplomacyRolled").payload["success"]
    declared = TurnEvent.objects.get(
        turn=turn, kind="BattleDeclared", payload__hex=list(target.coord)
    )
    assert declared.public and declared.payload["attacker_neutral_kingdom_id"] == neutral.pk
    client.force_login(demo.players["bob"])
    assert client.get(reverse("battles", args=[demo.campaign.pk])).status_code == 200
    page = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "Incited, a neutral kingdom" in page and neutral.name not in page
    turn.refresh_from_db()
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    target.refresh_from_db()
    assert TurnEvent.objects.get(turn=turn, kind="HexJoinedNeutralKingdom").public
    assert target.owner_id is None and target.neutral_kingdom_id == neutral.pk
