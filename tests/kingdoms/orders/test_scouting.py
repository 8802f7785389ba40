"""The Scout order end to end: the order, step 3d, and who learns what.

A scout's report (Table 8) reaches his own map, API, chronicle and campaign page and no
one else's (E-29, §5.4); "scouts were seen" reaches only the hex's owner; the hex stays
unexplored for everyone else until it is invaded, and then becomes public (A-1.0.9)
without a second Table 7 roll. The GM's Table 8 (an editable ruleset table) fixes the
result, so that no test depends on the turn's dice.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.campaigns.setup import demo_campaign_create
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from kingdoms.orders.models import ScoutReport
from rules.core import hexgrid
from rules.core.state import Terrain
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def _table_8(demo, level: str) -> None:
    """The GM's Table 8: every roll gives ``level``."""
    demo.campaign.ruleset_overrides = {"tables": {"table-8": f"1-6 {level}"}}
    demo.campaign.save()


def _armies(demo, player="alice"):
    return list(demo.kingdoms[player].armies.order_by("-points"))


def _scout_target(demo, player="alice", *, adjacent=False) -> Hex:
    """An unowned, unexplored land hex outside the neutral kingdoms within 2 of the
    player's non-orphan hexes (Table 5, E-16), adjacent to them (E-16) if asked."""
    hexes = list(Hex.objects.filter(campaign=demo.campaign))
    terrain = {h.coord: Terrain(h.terrain) for h in hexes}
    own = {h.coord for h in hexes if h.owner_id == demo.kingdoms[player].pk and not h.is_orphan}
    near = {c for cell in own for c in hexgrid.adjacent(cell, terrain)}
    return next(
        h
        for h in sorted(hexes, key=lambda h: h.coord)
        if h.owner_id is None
        and h.neutral_kingdom_id is None
        and not h.explored
        and h.terrain != Terrain.SEA
        and (h.coord in near if adjacent else min(hexgrid.distance(h.coord, c) for c in own) == 2)
    )


def _order(demo, player: str, army, kind: str, target: Hex):
    response = token_client(demo.players[player]).post(
        api(demo, "orders/"), {"army": army.pk, "kind": kind, "target": list(target.coord)},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201, response.content
    return response.json()


def _provisional(demo, capture) -> None:
    with capture(execute=True):
        turn_claim_step(turn=Turn.objects.get(pk=demo.turn.pk), by=demo.gm)


def _map(demo, user) -> dict:
    body = token_client(user).get(api(demo, "map/")).json()
    return {(h["q"], h["r"]): h for h in body["hexes"]}


def _kinds(demo, user) -> list[str]:
    return [e["kind"] for e in token_client(user).get(api(demo, "chronicle/")).json()]


def _page(client, user, name: str, demo) -> str:
    client.force_login(user)
    response = client.get(reverse(name, args=[demo.campaign.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_table_8_a_report_reaches_only_the_scouts_map_and_api_e29(
    demo, django_capture_on_commit_callbacks
):
    """Table 8 4–5, §5.4, E-29 in JSON: the hex is explored (Table 7 rolled and stored)
    but public only as unexplored; Alice's map shows her report, Bob's nothing."""
    _table_8(demo, "report")
    target = _scout_target(demo)
    order = _order(demo, "alice", _armies(demo)[0], "scout", target)
    assert order["kind"] == "scout" and order["origin"] is not None, "E-07: a default origin"

    _provisional(demo, django_capture_on_commit_callbacks)

    target.refresh_from_db()
    assert target.explored and target.scouted_only, "§5.4: explored now, by scouting only"
    alice = _map(demo, demo.players["alice"])[target.coord]
    assert alice["explored"] is False
    assert alice["scouted"]["level"] == "report" and alice["scouted"]["turn"] == 1
    assert alice["feature"] == (target.feature or None)
    assert alice["scouted"]["feature"] == (target.feature or None)
    assert alice["defender_points"] is None, "a 4–5 gives only the size to the nearest 500"
    bob = _map(demo, demo.players["bob"])[target.coord]
    assert bob["explored"] is False and bob["scouted"] is None
    assert bob["feature"] is bob["minor_feature"] is bob["defender_points"] is None
    gm = _map(demo, demo.gm)[target.coord]
    assert gm["explored"] is False and gm["feature"] == (target.feature or None)

    assert "HexScouted" in _kinds(demo, demo.players["alice"])
    assert "HexScouted" not in _kinds(demo, demo.players["bob"])
    for player in ("alice", "bob"):
        assert "HexExploredByScouts" not in _kinds(demo, demo.players[player]), "the GM's"
    assert "HexExploredByScouts" in _kinds(demo, demo.gm)
    assert ScoutReport.objects.get(kingdom=demo.kingdoms["alice"]).level == "report"


def test_table_8_a_report_reaches_only_the_scouts_pages_e29(
    client, demo, django_capture_on_commit_callbacks
):
    """E-29 in HTML: the map marks the hex Alice scouted and its tooltip tells her report;
    her army card shows its last scouting; Bob's pages show none of it."""
    _table_8(demo, "glimpse")
    target = _scout_target(demo)
    _order(demo, "alice", _armies(demo)[0], "scout", target)
    _provisional(demo, django_capture_on_commit_callbacks)

    q, r = target.coord
    html = _page(client, demo.players["alice"], "campaign-detail", demo)
    assert 'class="m-scouted"' in html
    assert "scouted on turn 1: " in html
    assert f"Last scouting (turn 1, hex ({q}, {r}))" in html
    chronicle = _page(client, demo.players["alice"], "chronicle", demo)
    assert f"scouts glimpsed hex ({q}, {r})" in chronicle
    for page in ("campaign-detail", "chronicle"):
        html = _page(client, demo.players["bob"], page, demo)
        assert 'class="m-scouted"' not in html and "scouted on turn" not in html
        assert "Last scouting" not in html and "scouts glimpsed" not in html


def test_section_5_4_scouted_and_invaded_the_same_turn_becomes_public_without_a_reroll(
    demo, django_capture_on_commit_callbacks
):
    """§5.4, A-1.0.9, E-29: step 3d explores the hex, step 3e's invasion makes it public
    from what was stored; Table 7 is rolled once."""
    _table_8(demo, "glimpse")
    target = _scout_target(demo, adjacent=True)
    first, second = _armies(demo)
    _order(demo, "alice", first, "scout", target)
    _order(demo, "alice", second, "invade", target)
    _provisional(demo, django_capture_on_commit_callbacks)

    secret = TurnEvent.objects.get(turn=demo.turn, kind="HexExploredByScouts")
    public = TurnEvent.objects.get(turn=demo.turn, kind="HexExplored")
    assert public.public and not secret.public
    assert public.payload["rolls"] == [] and secret.payload["rolls"], "one Table 7 roll"
    contents = ("feature", "minor_feature", "defender_points")
    assert {k: public.payload[k] for k in contents} == {k: secret.payload[k] for k in contents}
    target.refresh_from_db()
    assert target.explored and not target.scouted_only
    bob = _map(demo, demo.players["bob"])[target.coord]
    assert bob["explored"] is True and bob["feature"] == (target.feature or None)


def test_table_8_result_1_scouts_were_seen_reaches_only_the_owner(
    client, demo, django_capture_on_commit_callbacks
):
    """Table 8 1: Bob, whose hex Alice scouted, is told "scouts were seen", not by whom;
    nobody else hears of it."""
    _table_8(demo, "lost")
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    bobs = Hex.objects.filter(owner=bob).order_by("q", "r").first()
    hexes = list(Hex.objects.filter(campaign=demo.campaign, owner=None, neutral_kingdom=None))
    foothold = next(h for h in hexes if hexgrid.distance(h.coord, bobs.coord) == 2)
    Hex.objects.filter(pk=foothold.pk).update(owner=alice, explored=True)
    _order(demo, "alice", _armies(demo)[0], "scout", bobs)
    _provisional(demo, django_capture_on_commit_callbacks)

    entries = token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    [seen] = [e for e in entries if e["kind"] == "ScoutsSeen"]
    assert seen["hex"] == list(bobs.coord) and seen["kingdom_id"] == bob.pk
    assert set(seen) == {"turn", "id", "kind", "rule", "rolls", "hex", "kingdom_id"}, "not by whom"
    for player in ("alice", "carol"):
        assert "ScoutsSeen" not in _kinds(demo, demo.players[player])
    q, r = bobs.coord
    assert f"Scouts were seen at hex ({q}, {r})." in _page(client, demo.players["bob"],
                                                           "chronicle", demo)  # fmt: skip
    alice_page = _page(client, demo.players["alice"], "chronicle", demo)
    assert "Scouts were seen" not in alice_page
    assert f"scouts were lost at hex ({q}, {r})" in alice_page
    report = ScoutReport.objects.get(kingdom=alice)
    assert (report.level, report.facts) == ("lost", {})
    assert _map(demo, demo.players["alice"])[bobs.coord]["scouted"] is None, "nothing learned"


def test_table_8_6_in_a_neutral_kingdom_makes_it_known_to_the_scout_only_a_1_4_19(
    demo, django_capture_on_commit_callbacks
):
    """Table 8 6+, A-1.4.19, Q22: the kingdom's extent and capital; Alice now knows it."""
    _table_8(demo, "everything")
    alice = demo.kingdoms["alice"]
    neutral = demo.neutral_kingdoms[0]
    its_hexes = {h.coord for h in neutral.hexes.all()}
    scouted = neutral.hexes.exclude(pk=neutral.capital_id).order_by("q", "r").first()
    free = demo.campaign.hexes.filter(owner=None, neutral_kingdom=None).exclude(terrain="sea")
    foothold = next(h for h in free if hexgrid.distance(h.coord, scouted.coord) <= 2)
    Hex.objects.filter(pk=foothold.pk).update(owner=alice, explored=True)
    _order(demo, "alice", _armies(demo)[0], "scout", scouted)
    _provisional(demo, django_capture_on_commit_callbacks)

    assert list(neutral.known_by.all()) == [alice]
    alice_map = _map(demo, demo.players["alice"])
    assert {c for c, h in alice_map.items() if h["neutral_kingdom"] == neutral.pk} == its_hexes
    report = alice_map[scouted.coord]["scouted"]
    assert report["capital"] == list(neutral.capital.coord)
    assert {tuple(c) for c in report["extent"]} == its_hexes
    bob_map = _map(demo, demo.players["bob"])
    assert all(h["neutral_kingdom"] is None and h["scouted"] is None for h in bob_map.values())
    bobs_chronicle = token_client(demo.players["bob"]).get(api(demo, "chronicle/")).json()
    assert not [e for e in bobs_chronicle if e.get("neutral_kingdom_id") is not None]
    assert not Hex.objects.get(pk=scouted.pk).scouted_only, "its contents were set at creation"


def test_table_5_the_order_form_takes_a_scout_and_refuses_one_out_of_reach(client, demo):
    """Table 5, E-16: the form accepts kind "scout"; a hex beyond 2 is refused with the
    reason next to the target field."""
    client.force_login(demo.players["alice"])
    army = _armies(demo)[0]
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    target = _scout_target(demo)
    own = set(demo.kingdoms["alice"].hexes.values_list("q", "r"))
    far = next(
        h.coord
        for h in Hex.objects.filter(campaign=demo.campaign).exclude(terrain="sea")
        if min(hexgrid.distance(h.coord, c) for c in own) > 2
    )
    post = {f"army-{army.pk}-kind": "scout", f"army-{army.pk}-target_q": far[0],
            f"army-{army.pk}-target_r": far[1]}  # fmt: skip
    html = client.post(url, post, HTTP_HX_REQUEST="true").content.decode()
    assert "more than 2 hexes from your non-orphan hexes: Scout reaches 2" in html
    assert not army.orders.exists()
    post |= {f"army-{army.pk}-target_q": target.q, f"army-{army.pk}-target_r": target.r}
    html = client.post(url, post, HTTP_HX_REQUEST="true").content.decode()
    assert "Order saved." in html and f"Scout</strong> → ({target.q}, {target.r})" in html
    assert army.orders.get().kind == "scout"


@pytest.mark.parametrize("hexes", [40, 400])
def test_scout_reports_cost_one_query_whatever_the_map_size_a_1_0_9(
    hexes, client, django_assert_max_num_queries
):
    """A-1.0.9, E-29: the viewer's reports are read in one query, not one per hex; the map
    API and the campaign page keep their fixed budgets with reports on the map."""
    demo = demo_campaign_create(hexes=hexes, players=4, seed=f"scout{hexes}", name=f"S{hexes}")
    alice = demo.kingdoms["alice"]
    unexplored = demo.campaign.hexes.filter(owner=None, explored=False)[:5]
    ScoutReport.objects.bulk_create(
        ScoutReport(kingdom=alice, hex=h, turn=demo.turn, level="glimpse",
                    facts={"major_feature": False, "neutral_kingdom": False})
        for h in unexplored
    )  # fmt: skip
    api_client = token_client(demo.players["alice"])
    with django_assert_max_num_queries(
        7
    ):  # as tests/campaign/core/test_visibility_api.py MAP_QUERIES
        body = api_client.get(api(demo, "map/")).json()
    assert sum(1 for h in body["hexes"] if h["scouted"]) == 5
    client.force_login(demo.players["alice"])
    with django_assert_max_num_queries(29):  # as the campaign page's budget in test_pages
        html = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert html.count('class="m-scouted"') == 5


def test_table_8_is_on_the_rules_page_as_an_editable_table(client, demo):
    """Issue 3: Table 8 is a ruleset table the GM may edit, shown with its rows."""
    html = _page(client, demo.gm, "ruleset", demo)
    table = html.split('id="title-table-8"')[1].split("</section>")[0]
    assert "Scouting results" in table and 'href="/rulebook/campaign/#sec-5.4"' in table
    assert "2-3 glimpse" in html and "6 everything" in html
