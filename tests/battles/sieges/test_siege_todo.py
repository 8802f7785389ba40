"""A siege's sides have a plan to give each turn (E-37): the to-do says so to the
besieger and the garrison, and to nobody else; a plan saved on the siege sheet says so
by the form (role=status) and leaves the to-do."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from battles.sieges.selectors import siege_sheet
from campaign.core.viewers import membership_for, viewer_for
from tests.battles.sieges.test_sieges import run_step, siege  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def _todo(client, user, campaign) -> str:
    client.force_login(user)
    page = client.get(reverse("sieges", args=[campaign.pk])).content.decode()
    return re.search(r'<section class="todo".*?</section>', page, re.S)[0]


def test_each_side_has_a_siege_plan_to_give_until_it_saves_one(client, demo, siege):  # noqa: F811
    _laid, place = siege
    for player in ("alice", "bob"):
        assert "a siege plan to choose" in _todo(client, demo.players[player], demo.campaign)
    assert "siege plan" not in _todo(client, demo.players["carol"], demo.campaign)
    alice = demo.players["alice"]
    membership = membership_for(alice, demo.campaign)
    turn = demo.campaign.turns.order_by("-number").first()
    plan = siege_sheet(place, viewer_for(membership), turn)["plan"]
    first_day = 2 if plan["stopped"] else 1
    body = {f"plan-day-{day}": action for day, action in enumerate(plan["actions"], first_day)}
    client.force_login(alice)
    url = reverse("siege", args=[demo.campaign.pk, place.pk])
    response = client.post(url, body, HTTP_HX_REQUEST="true")
    assert response["HX-Trigger"] == "todo-changed"
    assert '<p class="ok" role="status">Your plan is saved' in response.content.decode()
    assert "siege plan" not in _todo(client, alice, demo.campaign)
    assert "a siege plan to choose" in _todo(client, demo.players["bob"], demo.campaign)
