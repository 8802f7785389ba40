"""Army building (§5.6, B 3.3–3.5, E-14, E-21, E-32): the kingdom page's HTMX
forms and the API under /api/campaigns/{id}/armies/. A refusal saves nothing and shows
its reason by its field; an army list is its owner's and the GM's alone."""

from __future__ import annotations

import pytest

from campaign.campaigns.setup import demo_campaign_create
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army, Character
from kingdoms.orders.services import order_submit
from rules.core.state import Feature

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/"


def _action(demo, army, action: str) -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/armies/{army.pk}/{action}/"


def _api(demo, tail: str) -> str:
    return f"/api/campaigns/{demo.campaign.pk}/armies/{tail}"


def _state(demo) -> tuple:
    """Everything army building writes, to check that a refusal wrote nothing."""
    armies = list(
        Army.objects.filter(kingdom__campaign=demo.campaign)
        .order_by("id")
        .values_list("id", "allocation", "points", "list_text", "list_approved", "slots")
    )
    characters = list(
        Character.objects.filter(kingdom__campaign=demo.campaign)
        .order_by("id")
        .values_list("id", "name", "is_general", "is_grand_marshal", "army_id")
    )
    return armies, characters, TurnEvent.objects.filter(campaign=demo.campaign).count()


def _second_army(demo, player: str = "alice") -> Army:
    return demo.kingdoms[player].armies.order_by("id")[1]


def _free_support(demo, player: str = "alice", hexes: int = 4) -> None:
    """Give the kingdom ``hexes`` more unowned hexes (250 support each)."""
    kingdom = demo.kingdoms[player]
    spare = Hex.objects.filter(
        campaign=demo.campaign, owner=None, neutral_kingdom=None, terrain="fields"
    )[:hexes]
    Hex.objects.filter(pk__in=[h.pk for h in spare]).update(owner=kingdom)


# --- raising ----------------------------------------------------------------------------


def test_raising_beyond_total_support_is_refused_by_the_field_and_saves_nothing(demo, client):
    client.force_login(demo.players["alice"])
    before = _state(demo)
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/raise/",
        {"raise-name": "Third Army", "raise-allocation": "1000"},
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'id="army-building"' in html
    assert (
        "would need" in html and 'title="§5.6 E-14">§5.6 E-14</a></small>' in html
    )  # the rule, a link
    field = html.split('<div class="field allocation">')[-1].split("</div>")[0]
    assert 'name="raise-allocation" value="1000"' in field, "the input is kept"
    assert '<p class="error" role="alert">' in field and "would need" in field, "by its field"
    assert _state(demo) == before


def test_a_raised_army_stands_on_the_capital_with_its_general(demo, client):
    _free_support(demo)
    alice = demo.kingdoms["alice"]
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/raise/",
        {"raise-name": "Third Army", "raise-allocation": "1000", "raise-general": "Ludwig"},
        **HTMX,
    )
    assert response.status_code == 200 and "Third Army" in response.content.decode()
    army = alice.armies.get(name="Third Army")
    assert (army.allocation, army.points, army.position_id) == (1000, 1000, alice.capital_id)
    assert army.raised_turn == demo.turn.number
    general = army.characters.get()
    assert general.name == "Ludwig" and general.is_general and not general.is_grand_marshal
    assert Character.objects.filter(kingdom=alice, is_grand_marshal=True).count() == 1
    entry = TurnEvent.objects.get(kind="ArmyRaised")
    assert not entry.public and entry.kingdom_ids == [alice.pk]


def test_an_army_size_outside_1000_3000_is_refused(demo, client):
    _free_support(demo, hexes=12)
    client.force_login(demo.players["alice"])
    response = client.post(
        _api(demo, "raise/"), {"name": "Big", "allocation": 3500}, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "allocation" and "1,000–3,000" in response.json()["detail"]


def test_a_plain_post_of_a_bad_form_answers_400_with_the_whole_page(demo, client):
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/raise/",
        {"raise-name": "", "raise-allocation": "lots"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "<h1>" in html and "Give the points as a whole number." in html


# --- allocations (E-14) -------------------------------------------------------------------


def test_an_allocation_changes_only_on_rest_and_then_the_army_must_rest(demo, client):
    army = _second_army(demo)
    _free_support(demo)
    client.force_login(demo.players["alice"])
    before = _state(demo)
    response = client.post(
        _action(demo, army, "allocation"), {f"allocation-{army.pk}-allocation": "1500"}, **HTMX
    )
    assert "give it a Rest order first" in response.content.decode()
    assert _state(demo) == before
    order_submit(army=army, by=demo.players["alice"], kind="rest")
    client.post(
        _action(demo, army, "allocation"), {f"allocation-{army.pk}-allocation": "1500"}, **HTMX
    )
    army.refresh_from_db()
    assert (army.allocation, army.points) == (1500, 1000)  # the Rest rebuilds it
    with pytest.raises(Exception, match="it Rests"):
        order_submit(army=army, by=demo.players["alice"], kind="patrol", target=(0, 0))


def test_a_cut_is_allowed_any_time_while_over_support(demo, client):
    alice = demo.kingdoms["alice"]
    first = alice.armies.order_by("-allocation").first()
    Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first().delete()  # -250
    client.force_login(demo.players["alice"])
    response = client.post(
        _api(demo, f"{first.pk}/allocation/"),
        {"allocation": first.allocation - 250},
        content_type="application/json",
    )
    assert response.status_code == 200 and response.json()["allocation"] == first.allocation - 250


def test_the_default_cut_happens_at_provisional_results_for_the_owner_alone(
    demo, django_capture_on_commit_callbacks
):
    """E-14: nobody cut, so the largest allocation is cut when the turn is resolved."""
    alice = demo.kingdoms["alice"]
    first = alice.armies.order_by("-allocation").first()
    Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first().delete()
    turn = Turn.objects.get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    cut = TurnEvent.objects.get(kind="AllocationCut")
    assert not cut.public and cut.kingdom_ids == [alice.pk]
    first.refresh_from_db()
    assert first.allocation == cut.payload["allocation"] == cut.payload["allocation_before"] - 250


# --- Generals and the Grand Marshall (B 3.3, B 3.4) -----------------------------------------


def test_one_grand_marshal_per_kingdom_moves_with_the_naming(demo, client):
    army = _second_army(demo)
    client.force_login(demo.players["alice"])
    client.post(_action(demo, army, "marshal"), **HTMX)
    marshals = Character.objects.filter(kingdom=demo.kingdoms["alice"], is_grand_marshal=True)
    assert [c.army_id for c in marshals] == [army.pk]
    response = client.post(
        _api(demo, f"{army.pk}/general/"), {"name": "Kurt"}, content_type="application/json"
    )
    assert response.json()["general"] == "Kurt" and response.json()["grand_marshal"] is True


def test_disbanding_the_grand_marshals_army_passes_the_title_on(demo, client):
    alice = demo.kingdoms["alice"]
    marshal_army = Character.objects.get(kingdom=alice, is_grand_marshal=True).army
    client.force_login(demo.players["alice"])
    assert client.post(_api(demo, f"{marshal_army.pk}/disband/")).status_code == 204
    assert not Army.objects.filter(pk=marshal_army.pk).exists()
    marshals = Character.objects.filter(kingdom=alice, is_grand_marshal=True)
    assert marshals.count() == 1 and marshals.get().army_id == alice.armies.get().pk


# --- army lists (B 3.5) ---------------------------------------------------------------------


def test_a_list_is_submitted_approved_by_the_gm_and_a_change_withdraws_approval(demo, client):
    army = _second_army(demo)
    client.force_login(demo.players["alice"])
    url = _api(demo, f"{army.pk}/list/")
    client.post(
        url,
        {"text": "20 Halberdiers", "url": "https://example.org/l"},
        content_type="application/json",
    )
    refused = client.post(url + "approve/", {"approved": True}, content_type="application/json")
    assert refused.status_code == 403 and not Army.objects.get(pk=army.pk).list_approved
    client.force_login(demo.gm)
    client.post(url + "approve/", {"approved": True}, content_type="application/json")
    assert Army.objects.get(pk=army.pk).list_approved
    client.force_login(demo.players["alice"])
    answer = client.post(url, {"text": "30 Halberdiers"}, content_type="application/json").json()
    assert answer["list_text"] == "30 Halberdiers" and answer["list_approved"] is False


def test_a_bad_link_is_refused_and_saves_nothing(demo, client):
    army = _second_army(demo)
    client.force_login(demo.players["alice"])
    before = _state(demo)
    response = client.post(_action(demo, army, "list"), {f"list-{army.pk}-url": "ftp://x"}, **HTMX)
    assert "A link starts with http:// or https://." in response.content.decode()
    assert _state(demo) == before


def test_army_lists_are_seen_by_the_owner_and_the_gm_only(demo, client):
    army = _second_army(demo)
    army.list_text = "SECRET LIST 40 Knights"
    army.save(update_fields=["list_text"])
    bob = demo.players["bob"]
    client.force_login(bob)
    assert client.get(_api(demo, f"{army.pk}/list/")).status_code == 404
    assert "SECRET LIST" not in str(client.get(_api(demo, "lists/")).json())
    assert (
        "SECRET LIST"
        not in client.get(_page(demo) + f"?kingdom={army.kingdom_id}").content.decode()
    )
    client.force_login(demo.players["alice"])
    assert "SECRET LIST" in client.get(_page(demo)).content.decode()
    assert client.get(_api(demo, f"{army.pk}/list/")).json()["list_text"].startswith("SECRET")
    client.force_login(demo.gm)
    assert "SECRET LIST" in str(client.get(_api(demo, "lists/")).json())
    assert "SECRET LIST" in client.get(_page(demo) + f"?kingdom={army.kingdom_id}").content.decode()


# --- entitlement slots (§5.6, E-21) ---------------------------------------------------------


def test_slots_beyond_the_pool_are_refused_and_rare_may_fill_special(demo, client):
    """The capital's City gives 1 Lord, 3 Heroes, 3 Specials, 1 Rare (E-22)."""
    first, second = demo.kingdoms["alice"].armies.order_by("id")
    client.force_login(demo.players["alice"])
    ok = client.post(
        _api(demo, f"{first.pk}/slots/"), {"special": 3, "hero": 2}, content_type="application/json"
    )
    assert ok.status_code == 200 and ok.json()["slots"] == {"hero": 2, "special": 3}
    before = _state(demo)
    refused = client.post(
        _api(demo, f"{second.pk}/slots/"), {"special": 2}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "special"
    assert "spare Rare slots" in refused.json()["detail"] and _state(demo) == before
    ok = client.post(
        _api(demo, f"{second.pk}/slots/"),
        {"special": 1, "hero": 2},
        content_type="application/json",
    )
    assert ok.status_code == 200, ok.json()  # the Rare fills a Special, the Lord a Hero


def test_e21_a_hero_shortfall_is_refused_by_the_hero_field(demo, client):
    """B 2.2.1, E-21: 3 Heroes and the spare Lord's slot make 4; a fifth Hero is refused
    next to the Hero field, not the Lord's, though its words name the spare Lord slots."""
    first, second = demo.kingdoms["alice"].armies.order_by("id")
    client.force_login(demo.players["alice"])
    ok = client.post(_api(demo, f"{first.pk}/slots/"), {"hero": 4}, content_type="application/json")
    assert ok.status_code == 200, ok.json()
    refused = client.post(
        _api(demo, f"{second.pk}/slots/"), {"hero": 1}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "hero"
    assert "5 Hero slot(s)" in refused.json()["detail"]


def test_another_players_army_is_not_his_to_build(demo, client):
    army = _second_army(demo, "bob")
    client.force_login(demo.players["alice"])
    before = _state(demo)
    assert client.post(_action(demo, army, "disband"), **HTMX).status_code == 404
    response = client.post(
        _api(demo, f"{army.pk}/slots/"), {"lord": 1}, content_type="application/json"
    )
    assert response.status_code == 404
    assert _state(demo) == before


def test_the_kingdom_page_runs_the_same_queries_whatever_the_number_of_armies(
    client, django_assert_num_queries
):
    counts = []
    for armies in (2, 6):
        demo = demo_campaign_create(
            hexes=40,
            players=2,
            seed=f"armies{armies}",
            armies_per_kingdom=armies,
            name=f"Armies {armies}",
        )
        client.force_login(demo.players["alice"])
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(_page(demo)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_feature_support_counts_for_raising(demo):
    """§5.6: a Town adds 250 (Table 6)."""
    from kingdoms.armies.services import kingdom_support

    alice = demo.kingdoms["alice"]
    before = kingdom_support(alice)
    Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).update(feature=Feature.TOWN)
    assert kingdom_support(alice) > before
