"""The battle's page says where it happens (P-C6, E-24): a report sent, confirmed or
disputed says so in the report's section (role=status), and the page's to-do reloads; a
refused step shows its reason next to its field (role=alert) and saves nothing."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from battles.decisions.services import battle_decide
from battles.tabletop.models import BattleReport
from tests.api_support import battle_in_bobs_hex

pytestmark = pytest.mark.django_db


@pytest.fixture
def tabletop(demo):
    battle = battle_in_bobs_hex(demo, hours=47)
    for player, role in (("alice", "attacker"), ("bob", "defender")):
        side = battle.sides.get(role=role)
        battle_decide(side=side, by=demo.players[player], decision="fight", tabletop=True)
    battle.refresh_from_db()
    return battle


def _post(client, demo, battle, action: str, body: dict):
    url = reverse("battle-report-action", args=[demo.campaign.pk, battle.pk, action])
    return client.post(url, body, HTTP_HX_REQUEST="true")


def _report_section(html: str) -> str:
    return re.search(r'<section class="card report" id="report">.*?</section>', html, re.S)[0]


def test_a_sent_report_then_its_confirmation_say_so_in_the_report(client, demo, tabletop):
    client.force_login(demo.players["alice"])
    response = _post(client, demo, tabletop, "report", {"report-winner": "attacker"})
    assert response["HX-Trigger"] == "todo-changed"
    section = _report_section(response.content.decode())
    assert '<p class="ok" role="status">Your report is sent: the other side confirms' in section
    client.force_login(demo.players["bob"])
    response = _post(client, demo, tabletop, "confirm", {})
    assert '<p class="ok" role="status">You confirmed the report.</p>' in _report_section(
        response.content.decode()
    )
    assert BattleReport.objects.get().status == BattleReport.Status.CONFIRMED


def test_a_plain_post_says_so_on_top_of_the_page_it_leads_to(client, demo, tabletop):
    client.force_login(demo.players["alice"])
    url = reverse("battle-report-action", args=[demo.campaign.pk, tabletop.pk, "report"])
    page = client.post(url, {"report-winner": "attacker"}, follow=True).content.decode()
    assert '<ul class="messages" role="status"><li class="ok">Your report is sent' in page


def test_an_empty_dispute_is_refused_next_to_its_field(client, demo, tabletop):
    client.force_login(demo.players["alice"])
    _post(client, demo, tabletop, "report", {"report-winner": "attacker"})
    client.force_login(demo.players["bob"])
    html = _post(client, demo, tabletop, "dispute", {"dispute-reason": ""}).content.decode()
    form = re.search(r'<form class="dispute-form".*?</form>', html, re.S)[0]
    assert 'role="alert"' in form and 'role="status"' not in html
    assert BattleReport.objects.get().status == BattleReport.Status.REPORTED
