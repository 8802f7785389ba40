"""The battles page says where it happens: a saved fight-or-retreat choice says so next
to the side it was saved for (role=status) and the to-do reloads; a refused one shows its
reason next to the field (role=alert), and nothing is saved (A-2.4)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.api_support import battle_in_bobs_hex

pytestmark = pytest.mark.django_db


def _side_item(html: str, name: str) -> str:
    """The card's line of the side ``name``."""
    return next(
        item for item in re.findall(r"<li class=\"side.*?</li>", html, re.S) if name in item
    )


def test_a_saved_choice_says_so_next_to_its_side_and_reloads_the_to_do(client, demo):
    battle = battle_in_bobs_hex(demo, hours=47)
    side = battle.sides.get(role="defender")
    client.force_login(demo.players["bob"])
    url = reverse("battle-decision", args=[demo.campaign.pk, side.pk])
    body = {f"side-{side.pk}-decision": "fight", f"side-{side.pk}-strategy": "hold"}
    response = client.post(url, body, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Trigger"] == "todo-changed"
    item = _side_item(response.content.decode(), demo.kingdoms["bob"].name)
    assert '<p class="ok" role="status">Your choice is saved' in item
    side.refresh_from_db()
    assert (side.decision, side.strategy) == ("fight", "hold")


def test_a_refused_choice_shows_its_reason_next_to_the_field(client, demo):
    battle = battle_in_bobs_hex(demo, hours=47)
    side = battle.sides.get(role="defender")
    client.force_login(demo.players["bob"])
    url = reverse("battle-decision", args=[demo.campaign.pk, side.pk])
    body = {f"side-{side.pk}-decision": "surrender"}
    response = client.post(url, body, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    fieldset = re.search(r'<fieldset class="field">.*?</fieldset>', html, re.S).group(0)
    assert '<p class="error" role="alert">Select a valid choice.' in fieldset
    assert 'role="status"' not in _side_item(html, demo.kingdoms["bob"].name)
    side.refresh_from_db()
    assert side.decided_by_id is None
