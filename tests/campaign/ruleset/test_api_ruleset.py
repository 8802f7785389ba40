"""The ruleset over the API (house rules): members read it, the GM replaces it."""

import pytest

from campaign.models import Campaign, TurnEvent
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db


def test_every_member_reads_the_ruleset_with_rule_ids(demo):
    body = token_client(demo.players["bob"]).get(api(demo, "ruleset/")).json()
    options = {o["name"]: o for o in body["options"]}
    assert (
        options["patrol_radius"]["value"] == 1 and options["patrol_radius"]["rule"] == "Table 5 Q13"
    )
    fields = next(t for t in body["tables"] if t["key"] == "table-7-fields")
    assert fields["rule"] == "A-1.0.5 §5.5" and fields["text"].startswith("1-4 empty")
    assert body["overrides"] == {}


def test_an_outsider_gets_404(demo, django_user_model):
    stranger = django_user_model.objects.create_user("stranger", password="x")
    assert token_client(stranger).get(api(demo, "ruleset/")).status_code == 404


def test_the_gm_replaces_the_house_rules(demo):
    response = token_client(demo.gm).put(
        api(demo, "ruleset/"), {"options": {"end_check_turn": 5}}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.end_check_turn == 5
    assert TurnEvent.objects.get(kind="RulesetChanged").public


def test_a_player_may_not(demo):
    response = token_client(demo.players["alice"]).put(
        api(demo, "ruleset/"), {"options": {"end_check_turn": 5}}, format="json"
    )
    assert response.status_code == 403
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        (
            {"tables": {"table-7-river": "1-2 empty\n2-6 town"}},
            "table-7-river",
            "2 is covered twice",
        ),
        ({"options": {"patrol_radius": 7}}, "patrol_radius", "between 0 and 3"),
        ({"options": {"patrol_radius": "far"}}, "options", "valid integer"),
    ],
)
def test_bad_house_rules_are_refused_by_name(demo, overrides, field, message):
    response = token_client(demo.gm).put(api(demo, "ruleset/"), overrides, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert message in response.json()["detail"]
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


def test_the_tables_numbers_are_options_with_their_table(demo):
    """Issue 3: every number of a table is an option, named with its table's block; the
    GM's PUT takes them like any other option."""
    body = token_client(demo.players["bob"]).get(api(demo, "ruleset/")).json()
    options = {o["name"]: o for o in body["options"]}
    assert options["fortress_cost"]["table"] == "Table 10: spending power"
    assert options["fortress_cost"]["value"] == 2
    assert next(t for t in body["tables"] if t["key"] == "table-25")["text"].endswith("5+ massacre")
    response = token_client(demo.gm).put(
        api(demo, "ruleset/"), {"options": {"fortress_cost": 3}}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.fortress_cost == 3
