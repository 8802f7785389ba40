"""Agreements between players in the app (Q23): propose, accept, decline and end them
through the kingdom page (HTMX) and the API; who sees what; a breach (E-05) and a
vassalage (Q20, E-19) through the turn pipeline."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from campaign.core.errors import Refused
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.agreements.models import Agreement
from kingdoms.agreements.selectors import order_warning
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit
from rules.core import hexgrid
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/agreements/"


def _action(demo, agreement, action) -> str:
    return f"/campaigns/{demo.campaign.pk}/agreements/{agreement.pk}/{action}/"


def _form(**fields) -> dict:
    return {f"agreement-{name}": value for name, value in fields.items()}


def _propose(demo, kind="cease_fire", by="alice", to="bob", **extra) -> Agreement:
    from kingdoms.agreements.services import agreement_propose

    return agreement_propose(
        campaign=demo.campaign,
        by=demo.players[by],
        kind=kind,
        partner_id=demo.kingdoms[to].pk,
        **extra,
    )


def _accepted(demo, kind="cease_fire", by="alice", to="bob", **extra) -> Agreement:
    from kingdoms.agreements.services import agreement_accept

    return agreement_accept(agreement=_propose(demo, kind, by, to, **extra), by=demo.players[to])


def _resolve_turn(turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def _foothold(demo, owner: str, next_to) -> Hex:
    """A land hex next to ``next_to`` given to ``owner``, explored and unpatrolled."""
    around = set(hexgrid.neighbours(next_to.coord))
    land = Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea").order_by("q", "r")
    capitals = {k.capital_id for k in demo.kingdoms.values()}
    hex_ = next(h for h in land if h.coord in around and h.pk not in capitals | {next_to.pk})
    hex_.owner, hex_.explored = demo.kingdoms[owner], True
    hex_.save()
    return hex_


# Propose, accept, decline, end: HTML ---------------------------------------------------


def test_a_player_proposes_on_the_kingdom_page_and_only_the_two_are_told(demo, client):
    client.force_login(demo.players["alice"])
    bob = demo.kingdoms["bob"]
    response = client.post(_page(demo), _form(kind="alliance", partner=bob.pk), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="agreements"' in html and "<html" not in html  # the partial
    assert "Alliance proposed to" in html
    [agreement] = Agreement.objects.all()
    assert (agreement.state, agreement.public) == ("proposed", False)
    entry = TurnEvent.objects.get(kind="AgreementProposed")
    assert not entry.public and sorted(entry.kingdom_ids) == sorted(agreement.kingdom_ids)


def test_a_plain_post_redirects_to_the_kingdom_page(demo, client):
    client.force_login(demo.players["alice"])
    response = client.post(_page(demo), _form(kind="cease_fire", partner=demo.kingdoms["bob"].pk))
    assert response.status_code == 302 and response["Location"].endswith("/kingdom/#agreements")


@pytest.mark.parametrize(
    "fields, field, reason",
    [
        ({"kind": "combined_assault"}, "target", "Name the hex you will invade together"),
        ({"kind": "combined_assault", "target_q": "0", "target_r": "0", "beneficiary": "me"},
         "target", None),
        ({"kind": "combined_assault", "target_q": "99", "target_r": "99"}, "target",
         "(99, 99) is not on the map"),
        ({"kind": "vassalage"}, "overlord", "Name the overlord"),
        ({"kind": "treaty"}, "kind", "Select a valid choice"),
    ],
)  # fmt: skip
def test_a_refused_proposal_names_the_problem_next_to_its_field_and_saves_nothing(
    demo, client, fields, field, reason
):
    client.force_login(demo.players["alice"])
    if reason is None:  # a combined assault on his own hex
        own = Hex.objects.filter(owner=demo.kingdoms["alice"]).first()
        fields = {**fields, "target_q": str(own.q), "target_r": str(own.r)}
        reason = "a combined assault invades a hex that neither of you holds"
    data = _form(partner=demo.kingdoms["bob"].pk, **fields)
    response = client.post(_page(demo), data, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert f'class="field {field}"' in html
    after_field = html.split(f'class="field {field}"')[1].split('class="field ')[0]
    assert reason in after_field, f"the reason is not next to {field}"
    assert not Agreement.objects.exists()
    assert not TurnEvent.objects.filter(kind__startswith="Agreement").exists()
    plain = client.post(_page(demo), data)
    assert plain.status_code == 400 and reason in plain.content.decode()


def test_the_partner_accepts_and_everyone_is_told(demo, client):
    agreement = _propose(demo, "cease_fire")
    client.force_login(demo.players["bob"])
    html = client.post(_action(demo, agreement, "accept"), **HTMX).content.decode()
    assert "accepted" in html
    agreement.refresh_from_db()
    assert (agreement.state, agreement.public, agreement.started_turn) == ("active", True, 1)
    entry = TurnEvent.objects.get(kind="AgreementAccepted")
    assert entry.public
    client.force_login(demo.players["carol"])
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert "accepted a cease fire with" in chronicle


def test_only_the_partner_accepts_or_declines_and_a_refusal_changes_nothing(demo, client):
    agreement = _propose(demo, "alliance")
    client.force_login(demo.players["alice"])
    response = client.post(_action(demo, agreement, "accept"), **HTMX)
    assert "accepts or declines it: you proposed it" in response.content.decode()
    assert client.post(_action(demo, agreement, "accept")).status_code == 403
    client.force_login(demo.players["carol"])  # not his to see: 404
    assert client.post(_action(demo, agreement, "accept")).status_code == 404
    agreement.refresh_from_db()
    assert agreement.state == "proposed"


def test_decline_withdraw_and_notice(demo, client):
    declined = _propose(demo, "alliance")
    client.force_login(demo.players["bob"])
    client.post(_action(demo, declined, "decline"), **HTMX)
    declined.refresh_from_db()
    assert declined.state == "declined"
    assert not TurnEvent.objects.get(kind="AgreementDeclined").public

    withdrawn = _propose(demo, "cease_fire", by="bob", to="carol")
    client.post(_action(demo, withdrawn, "end"), **HTMX)
    withdrawn.refresh_from_db()
    assert (withdrawn.state, withdrawn.end_reason) == ("ended", "withdrawn")

    active = _accepted(demo, "cease_fire")
    html = client.post(_action(demo, active, "end"), **HTMX).content.decode()
    active.refresh_from_db()
    # Notice: it binds until the end of this turn (E-05), then ends
    assert (active.state, active.notice_turn) == ("active", 1)
    assert "ends when turn 1 is resolved" in html
    assert TurnEvent.objects.get(kind="AgreementNoticeGiven").public
    again = client.post(_action(demo, active, "end"), **HTMX).content.decode()
    assert "Notice was given in turn 1" in again
    _resolve_turn(demo.turn)
    active.refresh_from_db()
    assert (active.state, active.end_reason, active.ended_turn) == ("ended", "notice", 1)


# Visibility ----------------------------------------------------------------------------


def test_each_role_sees_his_own_and_the_public_agreements_never_others_proposals(demo, client):
    proposal = _propose(demo, "alliance", by="alice", to="bob")
    public = _accepted(demo, "cease_fire", by="bob", to="carol")
    private = _accepted(
        demo, "combined_assault", by="carol", to="dave",
        target=_unowned(demo).coord, beneficiary_id=demo.kingdoms["dave"].pk,
    )  # fmt: skip
    expected = {
        "alice": {proposal.pk, public.pk},
        "bob": {proposal.pk, public.pk},
        "carol": {public.pk, private.pk},
        "dave": {public.pk, private.pk},
    }
    for player, ids in expected.items():
        rows = token_client(demo.players[player]).get(api(demo, "agreements/")).json()
        assert {row["id"] for row in rows} == ids, player
        client.force_login(demo.players[player])
        html = client.get(f"/campaigns/{demo.campaign.pk}/kingdom/").content.decode()
        shown = {a.pk for a in (proposal, public, private) if f'id="agreement-{a.pk}"' in html}
        assert shown == ids, player
        chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
        assert ("proposed an alliance" in chronicle) == (player in ("alice", "bob"))
        assert ("proposed a combined assault" in chronicle) == (player in ("carol", "dave"))
    gm_rows = token_client(demo.gm).get(api(demo, "agreements/")).json()
    assert {row["id"] for row in gm_rows} == {proposal.pk, public.pk, private.pk}


def _unowned(demo) -> Hex:
    return (
        Hex.objects.filter(campaign=demo.campaign, owner__isnull=True)
        .exclude(terrain="sea")
        .order_by("q", "r")
        .first()
    )


# API -------------------------------------------------------------------------------------


def test_the_api_proposes_accepts_and_ends(demo):
    alice, bob = token_client(demo.players["alice"]), token_client(demo.players["bob"])
    target = _unowned(demo)
    made = alice.post(
        api(demo, "agreements/"),
        {
            "kind": "combined_assault",
            "partner": demo.kingdoms["bob"].pk,
            "target": [target.q, target.r],
            "beneficiary": demo.kingdoms["alice"].pk,
        },
        format="json",
    )
    assert made.status_code == 201, made.json()
    body = made.json()
    assert (body["state"], body["turn"], body["target"]) == ("proposed", 1, [target.q, target.r])
    assert body["actions"] == ["end"]
    path = api(demo, f"agreements/{body['id']}/")
    assert bob.get(api(demo, "agreements/")).json()[0]["actions"] == ["accept", "decline"]
    accepted = bob.post(path + "accept/")
    assert accepted.status_code == 200 and accepted.json()["state"] == "active"
    assert accepted.json()["public"] is False  # a combined assault stays the two's
    called_off = alice.post(path + "end/")
    assert called_off.json()["state"] == "ended" and called_off.json()["end_reason"] == "called_off"


@pytest.mark.parametrize(
    "data, field, reason",
    [
        ({"kind": "alliance"}, "partner", "partner: This field is required."),
        ({"kind": "alliance", "partner": "self"}, "partner", "An agreement takes two kingdoms"),
        ({"kind": "vassalage", "partner": "bob", "overlord": "carol"}, "overlord",
         "Name the overlord"),
        ({"kind": "combined_assault", "partner": "bob", "target": "sea"}, "target",
         "sea hexes cannot be invaded"),
        ({"kind": "combined_assault", "partner": "bob", "target": "free", "turn": 0}, "turn",
         "greater than or equal to 1"),
        ({"kind": "combined_assault", "partner": "bob", "target": "free"}, "beneficiary",
         "Name who takes the hex"),
        ({"kind": "peace", "partner": "bob"}, "kind", "is not a valid choice"),
    ],
)  # fmt: skip
def test_api_refusals_name_the_problem_and_save_nothing(demo, data, field, reason):
    alice = token_client(demo.players["alice"])
    names = {"self": "alice", "bob": "bob", "carol": "carol"}
    sea = Hex.objects.filter(campaign=demo.campaign, terrain="sea").first()
    spots = {"sea": [sea.q, sea.r] if sea else [99, 99], "free": list(_unowned(demo).coord)}
    body = {
        key: demo.kingdoms[names[value]].pk if key in ("partner", "overlord") else value
        for key, value in data.items()
    }
    if "target" in body:
        body["target"] = spots[body["target"]]
    if sea is None and data.get("target") == "sea":
        pytest.skip("the demo map has no sea")
    response = alice.post(api(demo, "agreements/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field and reason in response.json()["detail"]
    assert not Agreement.objects.exists()


@pytest.mark.parametrize("turn", [10**20, 2**62])
def test_e28_a_combined_assault_for_a_turn_beyond_any_campaign_is_refused(demo, turn):
    """10**20 once gave a server error; 2**62 was saved, and would overflow a PostgreSQL
    column or the turn counter later."""
    body = {
        "kind": "combined_assault",
        "partner": demo.kingdoms["bob"].pk,
        "target": list(_unowned(demo).coord),
        "beneficiary": demo.kingdoms["alice"].pk,
        "turn": turn,
    }
    response = token_client(demo.players["alice"]).post(
        api(demo, "agreements/"), body, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "turn: Ensure this value is less than or equal to 10000.",
        "field": "turn",
        "errors": {"turn": ["Ensure this value is less than or equal to 10000."]},
    }
    assert not Agreement.objects.exists()


def test_the_api_hides_others_proposals_and_refuses_others_actions(demo):
    agreement = _propose(demo, "alliance")
    carol = token_client(demo.players["carol"])
    assert carol.post(api(demo, f"agreements/{agreement.pk}/accept/")).status_code == 404
    alice = token_client(demo.players["alice"])
    refused = alice.post(api(demo, f"agreements/{agreement.pk}/accept/"))
    assert refused.status_code == 403 and "you proposed it" in refused.json()["detail"]
    agreement.refresh_from_db()
    assert agreement.state == "proposed"


# Through the pipeline -------------------------------------------------------------------


def test_e05_a_breach_is_warned_then_announced_publicly(demo, client):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    target = _foothold(demo, "bob", alice.capital)
    agreement = _accepted(demo, "cease_fire")
    army = alice.armies.order_by("-points").first()
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/armies/{army.pk}/order/",
        {f"army-{army.pk}-kind": "invade", f"army-{army.pk}-target_q": target.q,
         f"army-{army.pk}-target_r": target.r},
        **HTMX,
    )  # fmt: skip
    html = response.content.decode()
    assert "Order saved." in html, html
    assert "breaks your cease fire with" in html and ">E-05</a>" in html  # a warning, not a refusal
    [order] = token_client(demo.players["alice"]).get(api(demo, "orders/")).json()
    assert order["warning"] == (
        f"Invading ({target.q}, {target.r}) breaks your cease fire with {bob.name}: the "
        "invasion is allowed, but the agreement ends and every player is told."
    )
    with translation.override("it"):
        warning = order_warning(Order.objects.get(army=army, turn=demo.turn))
    assert warning.startswith(f"Invadere ({target.q}, {target.r}) rompe il tuo cessate il fuoco")

    _resolve_turn(demo.turn)
    agreement.refresh_from_db()
    assert (agreement.state, agreement.ended_by_id) == ("broken", alice.pk)
    entry = TurnEvent.objects.get(kind="AgreementBroken")
    assert entry.public and entry.payload["kingdom_id"] == alice.pk
    assert Hex.objects.get(pk=target.pk).owner == alice  # the invasion went ahead
    client.force_login(demo.players["carol"])
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert f"{alice.name} broke the cease fire with {bob.name}" in chronicle


def test_q20_vassalage_instead_of_elimination_through_the_pipeline(demo, client):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    capital = alice.capital
    _foothold(demo, "bob", capital)
    vassalage = _accepted(demo, "vassalage", by="alice", to="bob", overlord_id=bob.pk)
    assert TurnEvent.objects.get(kind="AgreementAccepted").public
    army = bob.armies.order_by("-points").first()
    order_submit(army=army, by=demo.players["bob"], kind="invade", target=capital.coord)
    _resolve_turn(demo.turn)

    alice.refresh_from_db()
    vassalage.refresh_from_db()
    assert not alice.eliminated
    assert (vassalage.state, vassalage.vassal_since) == ("active", 1)
    assert Hex.objects.get(pk=capital.pk).owner == bob
    assert Hex.objects.filter(owner=alice).exists(), "he keeps his other hexes"
    assert not TurnEvent.objects.filter(kind="KingdomEliminated").exists()
    assert TurnEvent.objects.get(kind="VassalageBegan").public
    tribute = TurnEvent.objects.get(kind="TributePaid")
    assert not tribute.public and set(tribute.kingdom_ids) == {alice.pk, bob.pk}
    # E-19: the overlord may not invade his vassal, who is named; the vassal cannot end it
    # by notice
    next_turn = Turn.objects.get(campaign=demo.campaign, number=2)
    assert next_turn.state == Turn.State.OPEN
    vassals = Hex.objects.filter(owner=alice).exclude(terrain="sea").order_by("q", "r").first()
    strongest = bob.armies.order_by("-points").first()
    with pytest.raises(Refused, match=re.escape(f"belongs to {alice.name}, your vassal")) as no:
        order_submit(army=strongest, by=demo.players["bob"], kind="invade", target=vassals.coord)
    assert no.value.rule == "Q20 E-19"
    client.force_login(demo.players["alice"])
    html = client.post(_action(demo, vassalage, "end"), **HTMX).content.decode()
    assert "A vassalage in force lasts until" in html
    client.force_login(demo.players["carol"])
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert (
        f"became {bob.name}&#x27;s vassal" in chronicle
        or f"became {bob.name}'s vassal" in chronicle
    )


def test_e28_a_combined_assault_through_the_pipeline_takes_the_hex_for_the_beneficiary(demo):
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    land = Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea")
    target = next(h for h in land if h.coord in set(hexgrid.neighbours(alice.capital.coord)))
    target.owner, target.explored, target.feature = None, True, ""
    target.defender_points = target.defender_original_points = None
    target.save()
    _foothold(demo, "bob", target)
    _accepted(
        demo, "combined_assault", by="alice", to="bob", target=target.coord, beneficiary_id=bob.pk
    )
    for kingdom, player in ((alice, "alice"), (bob, "bob")):
        army = kingdom.armies.order_by("-points").first()
        order_submit(army=army, by=demo.players[player], kind="invade", target=target.coord)
    _resolve_turn(demo.turn)

    assert Hex.objects.get(pk=target.pk).owner == bob
    joined = TurnEvent.objects.get(kind="CombinedAssault")
    assert joined.public and set(joined.kingdom_ids) == {alice.pk, bob.pk}
    [declared] = TurnEvent.objects.filter(kind="BattleDeclared", turn=demo.turn)
    assert declared.payload["attacker_kingdom_id"] == bob.pk
    assert alice.pk in declared.kingdom_ids, "the partner sees his own force's strength"
    ended = TurnEvent.objects.get(kind="AgreementEnded")
    assert not ended.public and ended.payload["reason"] == "turn_over"
