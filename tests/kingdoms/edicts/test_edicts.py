"""Edicts through Django (§5.3 Tables 2–4, E-13, E-26): the panel's form and the API
refuse with the reason next to the field and save nothing; an edict goes through the
pipeline; nobody else sees a kingdom's edicts; the queries do not grow with the map."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from campaign.campaigns.setup import demo_campaign_create
from campaign.chronicle.narration import Names, narrate
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.edicts.models import Edict
from kingdoms.edicts.services import edict_submit
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def _own_hex(demo, player: str = "alice") -> Hex:
    """A plain hex of the player's that is not his capital."""
    kingdom = demo.kingdoms[player]
    return Hex.objects.filter(owner=kingdom).exclude(pk=kingdom.capital_id).order_by("q", "r")[0]


def _post(client, demo, *, htmx: bool = True, **fields):
    data = {f"edict-{key}": value for key, value in fields.items()}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("edicts", args=[demo.campaign.pk]), data, **headers)


def _next_to(html: str, field: str) -> str:
    """The HTML of the form's field block, where its errors are shown."""
    start = html.index(f'class="field {field}"')
    end = html.index("</fieldset>" if field == "hex" else "</div>", start)
    return html[start:end]


@pytest.fixture
def alice(client, demo):
    client.force_login(demo.players["alice"])
    return client


# --- The panel's form -----------------------------------------------------------------


def test_a_legal_loot_is_saved_and_shown_in_the_panel(alice, demo):
    hex_ = _own_hex(demo)
    response = _post(alice, demo, hex_q=hex_.q, hex_r=hex_.r, kind="loot")
    html = response.content.decode()
    assert response.status_code == 200 and "Edicts saved." in html
    assert f"<strong>Loot</strong> ({hex_.q}, {hex_.r})" in html
    edict = Edict.objects.get()
    assert (edict.kingdom, edict.hex, edict.kind, edict.structure) == (
        demo.kingdoms["alice"], hex_, "loot", ""
    )  # fmt: skip
    entry = TurnEvent.objects.get(kind="EdictSubmitted")
    assert not entry.public and entry.kingdom_ids == [demo.kingdoms["alice"].pk]


def test_the_campaign_page_has_the_edicts_panel(alice, demo):
    html = alice.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert 'id="edicts"' in html and 'name="edict-kind"' in html


@pytest.mark.parametrize(
    ("which", "fields", "field", "reason"),
    [
        ("capital", {"kind": "loot"}, "hex", "is your capital: it can be neither looted nor razed"),
        ("enemy", {"kind": "loot"}, "hex", "is not your hex"),
        ("own", {"kind": "raze"}, "structure", "a Raze names the structure it destroys"),
        ("own", {"kind": "raze", "structure": "fortress"}, "structure", "has no fortress to raze"),
        ("nowhere", {"kind": "loot"}, "hex", "is not on the map"),
        ("none", {"kind": "loot"}, "hex", "Give the q and r of one of your hexes."),
    ],
)
def test_a_refused_edict_names_the_problem_next_to_its_field_and_saves_nothing(
    alice, demo, which, fields, field, reason
):
    """Table 2, Table 4, E-26: the reason next to the field; nothing saved."""
    kingdom = demo.kingdoms["alice"]
    hexes = {
        "capital": kingdom.capital,
        "enemy": Hex.objects.filter(owner=demo.kingdoms["bob"]).first(),
        "own": _own_hex(demo),
    }
    where = hexes.get(which)
    coords = {"hex_q": where.q, "hex_r": where.r} if where else {}
    if which == "nowhere":
        coords = {"hex_q": 99, "hex_r": 99}
    html = _post(alice, demo, **coords, **fields).content.decode()
    assert escape(reason) in _next_to(html, field)
    assert not Edict.objects.exists()
    assert not TurnEvent.objects.filter(kind="EdictSubmitted").exists()


def test_a_second_edict_for_a_hex_is_refused_and_a_plain_post_gets_its_status(alice, demo):
    hex_ = _own_hex(demo)
    _post(alice, demo, hex_q=hex_.q, hex_r=hex_.r, kind="loot")
    response = _post(alice, demo, htmx=False, hex_q=hex_.q, hex_r=hex_.r, kind="raze")
    assert response.status_code == 400
    assert "already has an edict this turn (loot)" in _next_to(response.content.decode(), "hex")
    assert Edict.objects.count() == 1


def test_withdrawing_an_edict_from_the_panel(alice, demo):
    hex_ = _own_hex(demo)
    _post(alice, demo, hex_q=hex_.q, hex_r=hex_.r, kind="loot")
    url = reverse("edicts", args=[demo.campaign.pk])
    html = alice.post(url, {"withdraw": f"{hex_.q},{hex_.r}"}, HTTP_HX_REQUEST="true").content
    assert not Edict.objects.exists() and b"No edicts this turn." in html
    again = alice.post(url, {"withdraw": f"{hex_.q},{hex_.r}"}, HTTP_HX_REQUEST="true")
    assert b"You gave no edict for" in again.content


def test_no_edicts_after_the_deadline(alice, demo):
    """A-2.1: the same check as army orders (kingdoms.orders.services)."""
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() - dt.timedelta(hours=1))
    hex_ = _own_hex(demo)
    html = _post(alice, demo, hex_q=hex_.q, hex_r=hex_.r, kind="loot").content.decode()
    assert "deadline for turn 1" in html and not Edict.objects.exists()


# --- The API --------------------------------------------------------------------------


def test_the_api_decrees_lists_and_withdraws(demo):
    client = token_client(demo.players["alice"])
    hex_ = _own_hex(demo)
    created = client.post(
        api(demo, "edicts/"), {"hex": [hex_.q, hex_.r], "kind": "loot"}, format="json"
    )
    assert created.status_code == 201, created.json()
    assert created.json()["hex"] == [hex_.q, hex_.r] and created.json()["structure"] is None
    assert [e["kind"] for e in client.get(api(demo, "edicts/")).json()] == ["loot"]
    gone = client.delete(api(demo, "edicts/"), {"hex": [hex_.q, hex_.r]}, format="json")
    assert gone.status_code == 204 and not Edict.objects.exists()
    again = client.delete(api(demo, "edicts/") + f"?hex={hex_.q},{hex_.r}")
    assert again.status_code == 400 and again.json()["field"] == "hex"


@pytest.mark.parametrize(
    ("body", "status", "field", "reason"),
    [
        ({"kind": "loot"}, 400, "hex", "hex:"),
        ({"hex": "capital", "kind": "loot"}, 400, "hex", "is your capital"),
        ({"hex": "own", "kind": "sack"}, 400, "kind", "kind:"),
        ({"hex": "own", "kind": "raze", "structure": "palace"}, 400, "structure", "structure:"),
        ({"hex": "own", "kind": "loot", "structure": "feature"}, 400, "structure", "takes no"),
        ({"hex": "own", "kind": "raze", "structure": "watchtower"}, 400, "structure", "no watch"),
    ],
)  # fmt: skip
def test_api_refusals_name_the_problem_and_save_nothing(demo, body, status, field, reason):
    kingdom = demo.kingdoms["alice"]
    where = {"capital": kingdom.capital, "own": _own_hex(demo)}.get(body.get("hex"))
    if where is not None:
        body = {**body, "hex": [where.q, where.r]}
    response = token_client(demo.players["alice"]).post(api(demo, "edicts/"), body, format="json")
    assert response.status_code == status
    assert response.json()["field"] == field and reason in response.json()["detail"]
    assert not Edict.objects.exists()


def test_the_gm_gives_no_edicts_but_sees_them_all(demo):
    edict_submit(
        campaign=demo.campaign, by=demo.players["alice"], hex=_own_hex(demo).coord, kind="loot"
    )
    gm = token_client(demo.gm)
    refused = gm.post(api(demo, "edicts/"), {"hex": [0, 0], "kind": "loot"}, format="json")
    assert refused.status_code == 403 and Edict.objects.count() == 1
    assert [e["kingdom"] for e in gm.get(api(demo, "edicts/")).json()] == [
        demo.kingdoms["alice"].pk
    ]


# --- Privacy --------------------------------------------------------------------------


def test_others_never_see_my_edicts_in_html_or_json(client, demo):
    hex_ = _own_hex(demo)
    edict_submit(campaign=demo.campaign, by=demo.players["alice"], hex=hex_.coord, kind="loot")
    bob = demo.players["bob"]
    assert token_client(bob).get(api(demo, "edicts/")).json() == []
    kinds = [e["kind"] for e in token_client(bob).get(api(demo, "chronicle/")).json()]
    assert "EdictSubmitted" not in kinds
    client.force_login(bob)
    html = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert "No edicts this turn." in html and "<strong>Loot</strong>" not in html
    chronicle = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "decreed" not in chronicle


# --- Through the pipeline -------------------------------------------------------------


def _resolve_turn(demo) -> None:
    for _ in range(2):
        turn = Turn.objects.get(pk=demo.turn.pk)
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def test_an_edict_through_the_pipeline(client, demo):
    """E-26: resolved at Final Results; Table 4's power at 6g; the hex's history is
    stored; the result is public, the roll and the power Alice's alone; the looted hex
    scores 0 in the standings of the turn (Table 1) and gives no support next turn."""
    alice = demo.kingdoms["alice"]
    hex_ = _own_hex(demo)
    support_before = _support(client, demo)
    edict_submit(campaign=demo.campaign, by=demo.players["alice"], hex=hex_.coord, kind="loot")
    land_before = _land(demo, "bob", alice.pk)
    _resolve_turn(demo)
    hex_.refresh_from_db()
    assert (hex_.looted_turn, hex_.edict_turn) == (1, 1)
    mine = {
        e["kind"]: e
        for e in token_client(demo.players["alice"]).get(api(demo, "chronicle/")).json()
    }
    resolved = mine["EdictResolved"]
    assert resolved["power"] == 1 and resolved["hex"] == [hex_.q, hex_.r]
    assert resolved["result"] in ("unrest", "none")  # a Loot with no modifier never revolts
    collected = mine["PowerCollected"]
    assert collected["gained"] == 1 + 1  # the capital, and the loot
    theirs = {
        e["kind"]: e for e in token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    }
    assert theirs["EdictResolved"]["hex"] == [hex_.q, hex_.r]
    assert not {"power", "total", "result", "rolls", "modifiers"} & theirs["EdictResolved"].keys()
    assert _land(demo, "bob", alice.pk) == land_before - 1  # Table 1: the looted hex scores 0
    assert _support(client, demo) == support_before - 250  # §5.3: no support next turn


def _land(demo, player: str, kingdom_id: int) -> float:
    rows = token_client(demo.players[player]).get(api(demo, "standings/")).json()
    return next(row["land_score"] for row in rows if row["kingdom"] == kingdom_id)


def _support(client, demo) -> int:
    client.force_login(demo.players["alice"])
    html = client.get(reverse("kingdom", args=[demo.campaign.pk])).content.decode()
    start = html.index("<dt>Total support</dt><dd>") + len("<dt>Total support</dt><dd>")
    return int(html[start : html.index(" points", start)])


# --- Queries ----------------------------------------------------------------------------


def _queries(demo, client) -> list[int]:
    """The queries of: an edict POSTed to the API, the API list, the panel, the kingdom
    page (its support reads the hexes' history) and the standings."""
    api_client = token_client(demo.players["alice"])
    client.force_login(demo.players["alice"])
    hex_ = _own_hex(demo)
    body = {"hex": list(hex_.coord), "kind": "loot"}
    requests = [
        lambda: api_client.post(api(demo, "edicts/"), body, format="json"),
        lambda: api_client.get(api(demo, "edicts/")),
        lambda: client.get(reverse("edicts", args=[demo.campaign.pk])),
        lambda: client.get(reverse("kingdom", args=[demo.campaign.pk])),
        lambda: api_client.get(api(demo, "standings/")),
    ]
    counts = []
    for request in requests:
        with CaptureQueriesContext(connection) as captured:
            assert request().status_code in (200, 201)
        counts.append(len(captured))
    return counts


def test_edict_queries_do_not_grow_with_the_map(client):
    """NetBox-style query counting: the same counts on 40 and 400 hexes."""
    small, large = (
        _queries(demo_campaign_create(hexes=n, players=4, seed=f"edicts{n}", name=f"E{n}"), client)
        for n in (40, 400)
    )
    assert small == large
    # +1: the sieges the snapshot loads (E-37); the pages' to-do (campaign.turns.todo): +7;
    # the kingdom page's bridges ordered this turn (works module, NR-BRIDGE-1): +1
    assert max(small) <= 29


def test_my_orders_line_counts_my_edicts(alice, demo):
    hex_ = _own_hex(demo)
    response = _post(alice, demo, hex_q=hex_.q, hex_r=hex_.r, kind="loot")
    assert response["HX-Trigger"] == "orders-changed"
    html = alice.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert "· 1 edict</p>" in html


# --- The chronicle's words ---------------------------------------------------------------


def test_narration_tells_the_kingdom_everything_and_the_others_the_map():
    names = Names(kingdoms={1: "Alba"})
    entry = {
        "kind": "EdictResolved", "rule": "Table 2 Table 3 Table 4 E-26", "kingdom_id": 1,
        "hex": [1, 0], "edict": "raze", "structure": "feature", "structure_before": "city",
        "structure_after": "town", "total": 1, "modifiers": ["-1 Raze"], "result": "unrest",
        "power": 4,
    }  # fmt: skip
    assert narrate(entry, names) == (
        "Alba razed the city of hex (1, 0), leaving a town for 4 power (Table 3: 1, -1 Raze): "
        "unrest: the hex gives nothing for two turns."
    )
    public = {k: v for k, v in entry.items() if k not in ("total", "modifiers", "result", "power")}
    assert narrate(public, names).startswith("Alba razed the city of hex (1, 0), leaving a town.")
    revolt = {"kind": "HexRevolted", "hex": [2, 0], "kingdom_id": 1, "defender_points": 500}
    assert narrate(revolt, names) == (
        "Hex (2, 0) rose in revolt against Alba: 500 points of rebels hold it now."
    )
    void = {"kind": "EdictVoid", "edict": "loot", "hex": [3, 0], "reason": "it changed hands"}
    assert narrate(void, names) == "The edict to loot hex (3, 0) is void: it changed hands."
