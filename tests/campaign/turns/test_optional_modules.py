"""Optional modules (§5.12 Table 31, Appendix G; E-12, E-39): the GM switches
them on through the rules page, and the next turn's resolution runs them; what they
announce is public, their hidden state (the Beast's lair) the GM's."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from campaign.bulletin.models import MercenaryOffer
from campaign.campaigns.setup import demo_campaign_create
from campaign.chronicle.selectors import visible_chronicle
from campaign.models import Campaign, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.ruleset.sections import BY_SLUG
from campaign.turns.services import turn_claim_step
from kingdoms.spending.services import spend_submit
from rules.core.ruleset import TABLES, rows_to_text
from rules.core.state import Ruleset
from rules.turn.visibility import Viewer

pytestmark = pytest.mark.django_db


def _rules(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/rules/"


def _form(section: str, **changes) -> dict:
    """A module's section of the rules page as the GM posts it: its switch (checked or
    not), its numbers and its tables."""
    fields = BY_SLUG[section]
    form = {"section": section}
    form |= {f"table-{key}": rows_to_text(key, TABLES[key].default) for key in fields.tables}
    form |= {f"option-{name}": str(getattr(Ruleset(), name)) for name in fields.options}
    return form | changes


def _provisional(campaign: Campaign) -> Turn:
    turn = campaign.turns.order_by("-number").first()
    turn_claim_step(turn=turn, by=None, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    turn.refresh_from_db()
    return turn


def _switch_on(demo, client, section: str, **changes) -> Campaign:
    client.force_login(demo.gm)
    response = client.post(_rules(demo), _form(section, **changes))
    assert response.status_code == 200, response.content.decode()[:500]
    return Campaign.objects.get(pk=demo.campaign.pk)


def test_the_rules_page_lists_the_modules_and_table_31(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_rules(demo)).content.decode()
    assert 'id="section-module-random_events"' in html and "Random events" in html
    assert 'id="section-module-the_beast"' in html and "The Beast awakes" in html
    assert "Which event strikes a kingdom." in html  # the random events' table


def test_switched_off_by_default_nothing_is_rolled(demo):
    _provisional(demo.campaign)
    assert not TurnEvent.objects.filter(kind__in=["RandomEventRolled", "BeastNews"]).exists()
    assert Campaign.objects.get(pk=demo.campaign.pk).module_state == {}


def test_random_events_switched_on_roll_table_31_for_everyone_to_read(demo, client):
    campaign = _switch_on(demo, client, "module-random_events", **{"option-random_events": "1"})
    assert campaign.ruleset.random_events == 1
    _provisional(campaign)
    rolled = TurnEvent.objects.get(kind="RandomEventRolled")
    assert rolled.public and 2 <= rolled.payload["roll"] <= 12
    for player in ("alice", "bob"):
        viewer = Viewer(kingdom_id=demo.kingdoms[player].pk)
        kinds = [e["kind"] for e in visible_chronicle(campaign, viewer)]
        assert "RandomEventRolled" in kinds and "ModuleStateChanged" not in kinds
    client.force_login(demo.players["bob"])
    html = client.get(f"/campaigns/{campaign.pk}/chronicle/").content.decode()
    # the chronicle's own sentence (campaign.chronicle.modules.random_events), in the
    # reader's language, not the engine's English note
    assert "Random event: " in html and rolled.payload["text"] not in html


def test_table_31_row_9_the_wandering_hero_is_offered_on_the_next_turn_s_bulletin(demo, client):
    """Table 31 row 9, B 6.2, E-21 (the lead's ruling): an edited Table 31 is the one
    rolled; the hero comes at Provisional Results of turn 1, after its sealed bids, so
    turn 2 opens with him on its bulletin, announced to all, and he is bid for then."""
    changes = {"option-random_events": "1", "table-table-31": "2-12 wandering_hero"}
    campaign = _switch_on(demo, client, "module-random_events", **changes)
    turn = _provisional(campaign)
    rolled = TurnEvent.objects.get(turn=turn, kind="RandomEventRolled")
    assert rolled.payload["event"] == "wandering_hero"
    assert TurnEvent.objects.filter(turn=turn, kind="WanderingHero", public=True).exists()
    assert not MercenaryOffer.objects.filter(turn=turn).exists(), "turn 1's bids are in"

    turn_claim_step(turn=turn, by=None, enqueue=False)  # Final Results: turn 2 opens
    turn_step_resolve(turn_id=turn.pk)
    following = campaign.turns.get(number=turn.number + 1)
    offer = MercenaryOffer.objects.get(turn=following)
    assert offer.special and offer.minimum_bid == 1 and offer.name == "A wandering hero"
    announced = TurnEvent.objects.get(turn=following, kind="MercenaryOffered")
    assert announced.public and announced.payload["special"] is True
    bulletin = client.get(f"/api/campaigns/{campaign.pk}/bulletin/").json()
    assert [o["name"] for o in bulletin["offers"]] == ["A wandering hero"]

    alice = demo.kingdoms["alice"]
    army = alice.armies.order_by("id").first()
    spend_submit(
        campaign=campaign, by=demo.players["alice"], kind="mercenary_bid", amount=1,
        army_id=army.pk, offer_id=offer.pk,
    )  # fmt: skip
    _provisional(campaign)
    [won] = TurnEvent.objects.filter(turn=following, kind="MercenaryBidResolved")
    assert won.payload["offer_id"] == offer.pk and won.payload["won"] is True


def test_a_table_31_with_a_gap_is_refused_by_its_field_and_saves_nothing(demo, client):
    client.force_login(demo.gm)
    response = client.post(
        _rules(demo), _form("module-random_events", **{"table-table-31": "3-12 quiet"})
    )
    assert response.status_code == 400
    assert "Table 31 (Random events, 2d6): 2 is not covered" in response.content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


def test_the_beast_switched_on_gets_a_secret_lair(demo, client):
    campaign = _switch_on(demo, client, "module-the_beast", **{"option-the_beast": "1"})
    _provisional(campaign)
    state = Campaign.objects.get(pk=campaign.pk).module_state["the_beast"]
    lair = tuple(state["lair"])
    hexes = {h.coord: h for h in campaign.hexes.all()}
    assert hexes[lair].owner_id is None and hexes[lair].neutral_kingdom_id is None
    assert hexes[lair].terrain in ("mountain", "swamp") or hexes[lair].feature == "deep_woods"
    news = TurnEvent.objects.get(kind="BeastNews")
    assert news.public and news.payload["hex"] is None  # the lair stays the GM's
    alice = Viewer(kingdom_id=demo.kingdoms["alice"].pk)
    assert "ModuleStateChanged" not in [e["kind"] for e in visible_chronicle(campaign, alice)]


def test_a_player_cannot_switch_a_module_on(demo, client):
    client.force_login(demo.players["alice"])
    response = client.post(_rules(demo), _form("module-the_beast", **{"option-the_beast": "1"}))
    assert response.status_code == 403
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.the_beast == 0


def test_a_step_with_the_modules_on_runs_the_same_queries_whatever_the_map_size():
    counts = []
    for hexes in (40, 400):
        demo = demo_campaign_create(hexes=hexes, players=4, seed="modules", name=f"M{hexes}")
        demo.campaign.ruleset_overrides = {
            "options": {"random_events": 1, "the_beast": 1},
            "tables": {"table-31": "2-12 good_harvest"},  # the same writes on both maps
        }
        demo.campaign.save(update_fields=["ruleset_overrides"])
        turn = Turn.objects.get(pk=demo.turn.pk)
        turn_claim_step(turn=turn, by=None, enqueue=False)
        with CaptureQueriesContext(connection) as queries:
            turn_step_resolve(turn_id=turn.pk)
        counts.append(len(queries))
    assert counts[0] == counts[1]
