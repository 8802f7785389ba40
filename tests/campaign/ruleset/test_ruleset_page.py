"""House rules (§7): players read the ruleset in force; the GM changes it, with a
public announcement during play; a bad table is refused with the reason by its field."""

import pytest

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign, TurnEvent
from campaign.ruleset.labels import is_switch
from campaign.ruleset.sections import BY_SLUG
from rules.core.ruleset import TABLES, rows_to_text
from rules.core.state import Ruleset
from rules.turn.visibility import Viewer

pytestmark = pytest.mark.django_db


def _url(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/rules/"


def _form(section: str, **changes) -> dict:
    """A section's form as the page fills it, with ``changes`` on top: a switch that is
    off is not posted, as a browser does with an unchecked box."""
    fields = BY_SLUG[section]
    form = {"section": section}
    form |= {f"table-{key}": rows_to_text(key, TABLES[key].default) for key in fields.tables}
    form |= {
        f"option-{name}": str(getattr(Ruleset(), name))
        for name in fields.options
        if not is_switch(name) or getattr(Ruleset(), name)
    }
    return {key: value for key, value in (form | changes).items() if value is not None}


def test_a_player_reads_the_ruleset_but_gets_no_form(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo)).content.decode()
    assert "Exploring fields" in html and "A-1.0.5" in html and "Patrol radius" in html
    assert "<textarea" not in html and "<form" not in html.split("<main")[-1].split("</main>")[0]


def test_a_player_cannot_change_the_rules(demo, client):
    client.force_login(demo.players["alice"])
    response = client.post(_url(demo), _form("orders", **{"option-patrol_radius": "2"}))
    assert response.status_code == 403
    assert "game master" in response.content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.patrol_radius == 1


def test_the_gm_changes_a_table_and_an_option(demo, client):
    client.force_login(demo.gm)
    response = client.post(
        _url(demo),
        _form(
            "orders",
            **{"option-patrol_radius": "2", "table-table-7-fields": "1-3 empty\n4-5 town\n6 city"},
        ),
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Saved: 2 changes" in html and "Patrol radius: 1 → 2" in html
    campaign = Campaign.objects.get(pk=demo.campaign.pk)
    assert campaign.ruleset.patrol_radius == 2
    assert campaign.ruleset_overrides == {
        "options": {"patrol_radius": 2},
        "tables": {"table-7-fields": "1-3 empty\n4-5 town\n6 city"},
    }
    announced = TurnEvent.objects.get(kind="RulesetChanged")
    assert announced.public
    assert announced.payload["changes"] == [
        {"option": "patrol_radius", "before": 1, "after": 2},
        {"table": "table-7-fields"},
    ]
    alice = Viewer(kingdom_id=demo.kingdoms["alice"].pk)
    assert any(e["kind"] == "RulesetChanged" for e in visible_chronicle(campaign, alice))


def test_a_table_with_a_gap_is_refused_by_its_field_and_nothing_saved(demo, client):
    client.force_login(demo.gm)
    response = client.post(
        _url(demo), _form("orders", **{"table-table-7-fields": "1-3 empty\n5-6 town"})
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="error-table-7-fields"' in html
    assert "Table 7 (Fields): 4 is not covered" in html
    assert "1-3 empty\n5-6 town" in html, "the GM's input stays in the form"
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}
    assert not TurnEvent.objects.filter(kind="RulesetChanged").exists()


def test_an_option_out_of_range_is_refused(demo, client):
    client.force_login(demo.gm)
    response = client.post(_url(demo), _form("orders", **{"option-patrol_radius": "9"}))
    assert response.status_code == 400
    assert "Patrol radius must be between 0 and 3, not 9" in response.content.decode()


@pytest.mark.parametrize("written", ["²", "9" * 5000])
def test_an_option_python_cannot_read_as_a_number_is_refused(demo, client, written):
    """ "²" passed str.isdigit and 5,000 digits are too many for int: server errors."""
    client.force_login(demo.gm)
    response = client.post(_url(demo), _form("orders", **{"option-patrol_radius": written}))
    assert response.status_code == 400
    assert "Patrol radius must be a whole number" in response.content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


def test_saving_an_unchanged_section_announces_nothing(demo, client):
    client.force_login(demo.gm)
    response = client.post(_url(demo), _form("battles"))
    assert response.status_code == 200 and "Saved: nothing changed." in response.content.decode()
    assert not TurnEvent.objects.filter(kind="RulesetChanged").exists()


def test_an_edited_table_drives_the_next_exploration(demo, client, invasion_targets):
    """A-1.0.5 with a house Table 7: every column always gives a Town."""
    from campaign.pipeline.steps import turn_step_resolve
    from campaign.turns.services import turn_claim_step
    from kingdoms.orders.services import order_submit

    client.force_login(demo.gm)
    towns = {
        f"table-table-7-{t}": "1-6 town" for t in ("fields", "river", "forest", "swamp", "mountain")
    }
    assert client.post(_url(demo), _form("orders", **towns)).status_code == 200
    army = demo.kingdoms["alice"].armies.order_by("-points").first()
    target = invasion_targets(demo.kingdoms["alice"])[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)
    turn_claim_step(turn=demo.turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=demo.turn.pk)
    explored = TurnEvent.objects.get(turn=demo.turn, kind="HexExplored")
    assert explored.payload["feature"] == "town"


def test_e21_the_page_lists_table_23s_modifiers_the_ford_included(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo)).content.decode()
    strategy = html.split('aria-label="Strategy roll"')[1].split("</section>")[0]
    assert 'href="/rulebook/campaign/#table-23"' in strategy.split("</h3>")[0]
    assert "Invading from a Ford or bridge +1 (attacker)" in strategy
    assert "Table 17 E-07 E-21" in strategy
    assert "Resolve early when everyone is ready" in html  # the Q7 option


def test_the_page_shows_each_tables_block_with_its_numbers(demo, client):
    """A player finds the spending costs as one block, and the battle outcome's bands in
    their own block, each number with a link to its rule."""
    client.force_login(demo.players["alice"])
    html = client.get(_url(demo)).content.decode()

    def block(slug: str) -> str:
        return html.split(f'id="group-{slug}"')[1].split('<section class="rule-group"')[0]

    spending = block("table-10-spending-power")
    assert "Build a watchtower" in spending and "Recruit: points for one power" in spending
    assert 'href="/rulebook/campaign/#table-10"' in spending
    outcome = block("table-25-battle-outcome")
    assert "Battle outcome" in outcome and "5+ massacre" in outcome
    assert "kingdom: lord 1, hero 2, special 2, magic_items 100" in html  # Table 6


def test_the_gm_changes_a_table_value_and_a_band_table(demo, client):
    client.force_login(demo.gm)
    outcome = "0 draw\n1-2 marginal\n3 solid\n4+ massacre"
    assert (
        client.post(_url(demo), _form("power", **{"option-watchtower_cost": "2"})).status_code
        == 200
    )
    assert (
        client.post(_url(demo), _form("battles", **{"table-table-25": outcome})).status_code == 200
    )
    campaign = Campaign.objects.get(pk=demo.campaign.pk)
    assert campaign.ruleset.watchtower_cost == 2
    assert campaign.ruleset_overrides["tables"] == {"table-25": outcome}
    announced = TurnEvent.objects.filter(kind="RulesetChanged").order_by("pk")
    assert [e.payload["changes"] for e in announced] == [
        [{"option": "watchtower_cost", "before": 1, "after": 2}],
        [{"table": "table-25"}],
    ]


def test_an_overlapping_band_is_refused_by_its_field(demo, client):
    client.force_login(demo.gm)
    bands = "0 draw\n1-3 marginal\n3-4 solid\n5+ massacre"
    response = client.post(_url(demo), _form("battles", **{"table-table-25": bands}))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="error-table-25"' in html
    assert "Table 25 (Battle outcome): 3 is covered twice (rows 1–3 and 3–4)" in html
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


def test_ratio_lines_out_of_order_are_refused_by_the_option(demo, client):
    client.force_login(demo.gm)
    response = client.post(_url(demo), _form("battles", **{"option-ratio_mid_percent": "140"}))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="error-ratio_mid_percent"' in html
    error = html.split('id="error-ratio_mid_percent"')[1].split("</p>")[0]
    assert "Must be more than “Outnumbering, first step: at least (%)”, which is 150." in error
