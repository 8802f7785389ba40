"""Bad input anywhere is refused with a reason, never a server error, and saves nothing:
numbers Python reads but a column cannot hold, Unicode digits, names with invisible
characters, megabytes of text.

Each feature's own refusals are in its test module; these are the ones every door shares.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.exceptions import ValidationError

from campaign.core.api_errors import PROBLEM_LENGTH, PROBLEMS_PER_FIELD, exception_handler
from campaign.models import Campaign
from kingdoms.models import Army, Character
from kingdoms.orders.models import Order
from kingdoms.spending.models import PowerSpend
from tests.api_support import api, first_army, token_client

pytestmark = pytest.mark.django_db

MEGABYTE = "x" * 1_000_000


# Unicode digits in a query -------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("battles/?turn=²", 400),
        ("kingdom/crowns/?kingdom=²", 404),
        ("kingdom/fallback-capitals/?kingdom=²", 404),
    ],
)
def test_a_unicode_digit_in_an_api_query_is_no_server_error(demo, path, status):
    """str.isdigit takes "²", which int() then refuses: these gave server errors."""
    response = token_client(demo.gm).get(api(demo, path))
    assert response.status_code == status
    assert "detail" in response.json()


def test_a_unicode_digit_names_no_kingdom_on_the_gm_kingdom_page(demo, client):
    client.force_login(demo.gm)
    response = client.get(f"/campaigns/{demo.campaign.pk}/kingdom/?kingdom=²")
    assert response.status_code == 200  # the first kingdom, as for no choice


def test_a_unicode_digit_in_an_edict_withdrawal_is_refused(demo):
    response = token_client(demo.players["alice"]).delete(api(demo, "edicts/?hex=²,1"))
    assert response.status_code == 400
    assert response.json()["field"] == "hex"


def test_a_unicode_digit_in_a_spend_withdrawal_on_the_page_is_refused(demo, client):
    client.force_login(demo.players["alice"])
    response = client.post(f"/campaigns/{demo.campaign.pk}/kingdom/spending/", {"withdraw": "²"})
    assert response.status_code == 400
    assert "Name the spend to withdraw by its number." in response.content.decode()


# Numbers beyond any column -------------------------------------------------------------


def test_a_hex_beyond_any_map_is_refused_by_its_bound(demo):
    body = {"army": first_army(demo, "alice").pk, "kind": "invade", "target": [10**20, 0]}
    response = token_client(demo.players["alice"]).post(api(demo, "orders/"), body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "target: No map reaches that far: q and r are -10,000 to 10,000.",
        "field": "target",
        "errors": {"target": ["No map reaches that far: q and r are -10,000 to 10,000."]},
    }
    assert not Order.objects.exists()


def test_the_schema_tells_clients_the_bounds(demo):
    schema = token_client(demo.gm).get("/api/schema/?format=json").json()
    order = schema["components"]["schemas"]["OrderInput"]["properties"]
    assert (order["army"]["minimum"], order["army"]["maximum"]) == (1, 2**63 - 1)
    assert order["target"]["items"]["maximum"] == 10_000


# Names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("Evil\u202eymra", "text-direction characters (here U+202E)"),
        ("Evil\u2066Army", "text-direction characters (here U+2066)"),
        ("Left\u200fRight", "text-direction characters (here U+200F)"),
        ("Two\nLines", "control characters (here U+000A)"),
        ("Bell\x07", "control characters (here U+0007)"),
    ],
)
def test_a_name_with_invisible_characters_is_refused_by_the_api(demo, name, what):
    before = Army.objects.count()
    body = {"name": name, "allocation": 1000}
    response = token_client(demo.players["alice"]).post(
        api(demo, "armies/raise/"), body, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": f"name: A name may not contain {what}.",
        "field": "name",
        "errors": {"name": [f"A name may not contain {what}."]},
    }
    assert Army.objects.count() == before


def test_a_generals_name_with_a_direction_override_is_refused_by_the_page(demo, client):
    army = first_army(demo, "alice")
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/{army.pk}/general/",
        {f"general-{army.pk}-general": "Ludwig\u202e"},
    )
    assert response.status_code == 400
    assert "A name may not contain text-direction characters" in response.content.decode()
    assert not Character.objects.filter(name__startswith="Ludwig").exists()


# Every problem at once ----------------------------------------------------------------


def test_two_bad_fields_are_both_named(demo):
    """A client fixes its input in one go: the first problem reads as it always has
    (detail and field), and "errors" names every attribute at fault with its reason."""
    before = PowerSpend.objects.count()
    body = {"kind": "nonsense", "amount": 0}
    response = token_client(demo.players["alice"]).post(api(demo, "spending/"), body, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": 'kind: "nonsense" is not a valid choice.',
        "field": "kind",
        "errors": {
            "kind": ['"nonsense" is not a valid choice.'],
            "amount": ["Ensure this value is greater than or equal to 1."],
        },
    }
    assert PowerSpend.objects.count() == before


def test_every_bad_item_of_a_list_is_told_once(demo):
    """E-23: two hexes that are no pairs and one beyond any map: each reason once, in
    the order of the list."""
    hexes = [[0, 0], "x", [10**20, 0], [1]]
    response = token_client(demo.players["alice"]).put(
        api(demo, "kingdom/fallback-capitals/"), {"hexes": hexes}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "hexes: Give a hex as a pair of whole numbers [q, r]."
    assert response.json()["errors"] == {
        "hexes": [
            "Give a hex as a pair of whole numbers [q, r].",
            "No map reaches that far: q and r are -10,000 to 10,000.",
        ]
    }


def test_a_thousand_bad_items_give_their_first_reasons_not_a_megabyte():
    many = ValidationError({"hexes": {i: [f"Item {i} quotes {MEGABYTE}"] for i in range(1000)}})
    errors = exception_handler(many, {}).data["errors"]["hexes"]
    assert len(errors) == PROBLEMS_PER_FIELD
    assert errors[0].startswith("Item 0 quotes xxx") and len(errors[0]) <= PROBLEM_LENGTH


def test_a_problem_of_the_input_as_a_whole_names_no_field():
    """No attribute at fault: no "errors", as for a wrong password (AuthTokenSerializer)."""
    answer = exception_handler(ValidationError({"non_field_errors": ["Wrong."]}), {}).data
    assert answer == {"detail": "Wrong.", "field": None}


# Megabytes -----------------------------------------------------------------------------


def test_a_megabyte_choice_is_not_echoed_back(demo):
    body = {"army": first_army(demo, "alice").pk, "kind": MEGABYTE}
    response = token_client(demo.players["alice"]).post(api(demo, "orders/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "kind"
    assert len(response.content) < 1000


def test_a_megabyte_option_name_is_not_echoed_back(demo):
    body = {"options": {MEGABYTE: 1}}
    response = token_client(demo.gm).put(api(demo, "ruleset/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("'xxx")
    assert len(response.content) < 1000
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


# The admin -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"name": "First\u202eArmy"}, "A name may not contain text-direction characters"),
        ({"points": 10**15}, "less than or equal to 1000000"),
    ],
)
def test_the_admin_holds_a_correction_to_the_same_bounds(demo, client, changes, error):
    """A GM's correction in the admin: SQLite takes any 64-bit number, but the turn's
    sums of them would overflow, and a name shows on every page."""
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    army = first_army(demo, "alice")
    form = {
        "kingdom": army.kingdom_id,
        "name": army.name,
        "allocation": army.allocation,
        "points": army.points,
        "position": army.position_id,
        **changes,
    }
    response = client.post(f"/admin/kingdoms/army/{army.pk}/change/", form)
    assert response.status_code == 200  # the form again, with the error
    assert error in response.content.decode()
    assert Army.objects.get(pk=army.pk).name == army.name
    assert Army.objects.get(pk=army.pk).points == army.points
