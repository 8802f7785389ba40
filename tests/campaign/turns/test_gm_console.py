"""The GM console: one button for the next server step, its progress, and the results."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from campaign.models import Turn
from campaign.turns.services import turn_progress_set
from kingdoms.orders.services import order_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def gm(client, demo):
    client.force_login(demo.gm)
    return client


def _url(demo, name="gm-console"):
    return reverse(name, args=[demo.campaign.pk])


def _invade(demo, targets) -> tuple[int, int]:
    kingdom = demo.kingdoms["alice"]
    target = targets(kingdom)[0]
    army = kingdom.armies.order_by("-points").first()
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=target)
    return target


def _resolve(client, demo, capture):
    """Press the button as HTMX does, confirming it before the deadline; the worker runs
    when the claim commits."""
    with capture(execute=True):
        response = client.post(_url(demo), {"confirm": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response


def test_the_console_shows_the_turn_and_the_button(gm, demo):
    html = gm.get(_url(demo)).content.decode()
    assert "Resolve next step" in html and "provisional results" in html
    assert demo.turn.seed_hash in html
    assert "No battles yet" in html


def test_a_player_is_told_the_console_is_not_for_him(client, demo):
    client.force_login(demo.players["alice"])
    response = client.get(_url(demo))
    assert response.status_code == 403
    assert "for the campaign&#x27;s game master only" in response.content.decode()
    assert client.post(_url(demo)).status_code == 403
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.OPEN


def test_resolving_a_whole_turn_from_the_console(
    gm, client, demo, invasion_targets, django_capture_on_commit_callbacks
):
    """A-2.3 then A-2.5/A-2.6: provisional, then final results; A-1.0.9 exploration is
    public; the seed is published once the turn is resolved."""
    q, r = _invade(demo, invasion_targets)

    claimed = _resolve(gm, demo, django_capture_on_commit_callbacks).content.decode()
    assert 'hx-trigger="every 1s"' in claimed, "the progress polls while the worker runs"
    progress = gm.get(_url(demo, "turn-progress"), HTTP_HX_REQUEST="true")
    assert progress["HX-Trigger"] == "turn-step-done"
    html = gm.get(_url(demo), HTTP_HX_REQUEST="true").content.decode()
    assert "Fight or retreat" in html
    assert f"Battle 1 at ({q}, {r})" in html
    assert f"Explorers entered hex ({q}, {r})" in html

    client.force_login(demo.players["bob"])
    bob_map = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert f'data-q="{q}" data-r="{r}"' in bob_map
    tooltip = bob_map.split(f'data-q="{q}" data-r="{r}" aria-label="')[1].split('"')[0]
    assert "unexplored" not in tooltip, "A-1.0.9: exploration is public"

    client.force_login(demo.gm)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(_url(demo), {"confirm": "1"}).status_code == 302
    turn = Turn.objects.get(pk=demo.turn.pk)
    assert turn.state == Turn.State.CLOSED
    html = client.get(_url(demo)).content.decode()
    assert "Turn 2" in html and f"Results of turn {turn.number}" in html
    assert turn.seed in html


def test_other_kingdoms_orders_stay_hidden_after_resolution(
    gm, client, demo, invasion_targets, django_capture_on_commit_callbacks
):
    _invade(demo, invasion_targets)
    _resolve(gm, demo, django_capture_on_commit_callbacks)
    _resolve(gm, demo, django_capture_on_commit_callbacks)
    client.force_login(demo.players["bob"])
    for name in ("campaign-detail", "battles", "chronicle"):
        assert "ordered to" not in client.get(_url(demo, name)).content.decode()


def test_pressing_while_the_step_runs_is_refused(gm, demo):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.PROVISIONAL)
    turn_progress_set(turn_id=demo.turn.pk, percent=30, note="exploring")
    response = gm.post(_url(demo), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert escape("Turn 1 is resolving provisional results: no step to start.") in html
    assert "30% · exploring" in html and 'hx-trigger="every 1s"' in html
    assert gm.post(_url(demo)).status_code == 400


def test_the_progress_partial_polls_only_while_running(gm, demo):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.FINAL)
    running = gm.get(_url(demo, "turn-progress"), HTTP_HX_REQUEST="true")
    assert 'hx-trigger="every 1s"' in running.content.decode()
    assert "HX-Trigger" not in running
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.CLOSED)
    done = gm.get(_url(demo, "turn-progress"), HTTP_HX_REQUEST="true")
    assert "every 1s" not in done.content.decode()
    assert done["HX-Trigger"] == "turn-step-done"


def test_the_console_reads_in_plain_words_with_rule_links_and_its_sections(gm, demo):
    """Rule IDs are links beside plain headings (Q7: who is ready; A-2.3: what the next
    step does), and the console's parts are reachable from its top."""
    html = gm.get(_url(demo)).content.decode()
    for part in ("console-turn", "console-deadlines", "console-tools", "console-results"):
        assert f'href="#{part}"' in html and f'id="{part}"' in html
    ready = html.split('aria-label="Orders ready"')[1].split("</h2>")[0]
    assert 'href="/rulebook/questions/#Q7"' in ready
    assert 'href="/rulebook/campaign/#A-2.3"' in html
    assert f'href="/campaigns/{demo.campaign.pk}/rules/#section-turns"' in html
    assert '<small class="hint">Q7</small>' not in html
