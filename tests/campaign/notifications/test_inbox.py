"""The inbox: each person's own notifications, the unread count in every page's header,
marking read; and the e-mail preferences page."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.notifications.models import Delivery, Kind, Notification, Preference
from campaign.notifications.services import unread_key
from kingdoms.agreements.services import agreement_propose

pytestmark = pytest.mark.django_db


def _propose(demo, committed, proposer: str, partner: str, kind: str) -> None:
    with committed():
        agreement_propose(
            campaign=demo.campaign,
            by=demo.players[proposer],
            kind=kind,
            partner_id=demo.kingdoms[partner].pk,
        )


@pytest.fixture
def carols(mailed, committed):
    """Two proposals to Carol, one to Alice."""
    _propose(mailed, committed, "alice", "carol", "alliance")
    _propose(mailed, committed, "bob", "carol", "cease_fire")
    _propose(mailed, committed, "carol", "alice", "cease_fire")
    return list(Notification.objects.filter(user=mailed.players["carol"]).order_by("id"))


def _unread_in_header(page: str) -> str | None:
    found = re.search(r'class="unread-count"[^>]*>(\d+)<', page)
    return found.group(1) if found else None


def test_the_inbox_lists_ones_own_and_the_header_counts_the_unread(client, mailed, carols):
    client.force_login(mailed.players["carol"])
    page = client.get(reverse("notifications")).content.decode()
    assert "Averland proposes an alliance" in page
    assert "Bretonnia proposes a cease fire" in page
    assert "Carak Varn proposes" not in page, "Alice's notification is hers"
    assert _unread_in_header(page) == "2"
    client.post(reverse("notification-read", args=[carols[0].pk]))
    page = client.get(reverse("campaign-detail", args=[mailed.campaign.pk])).content.decode()
    assert _unread_in_header(page) == "1"
    client.post(reverse("notifications-read-all"))
    page = client.get(reverse("notifications")).content.decode()
    assert _unread_in_header(page) is None
    assert "Mark all read" in page and "unread</strong>" not in page


def test_marking_anothers_notification_answers_as_a_missing_one(client, mailed, carols):
    alices = Notification.objects.get(user=mailed.players["alice"])
    client.force_login(mailed.players["carol"])
    missing = client.post(reverse("notification-read", args=[987654321]))
    hidden = client.post(reverse("notification-read", args=[alices.pk]))
    assert (hidden.status_code, hidden.content) == (404, missing.content)
    assert Notification.objects.get(pk=alices.pk).read_at is None


def test_the_header_count_costs_one_query_at_most(client, mailed, carols):
    """Every page shows the count: counted once, it comes from the cache."""
    client.force_login(mailed.players["carol"])
    url = reverse("chronicle", args=[mailed.campaign.pk])
    cache.delete(unread_key(mailed.players["carol"].pk))
    with CaptureQueriesContext(connection) as cold:
        client.get(url)
    with CaptureQueriesContext(connection) as warm:
        page = client.get(url).content.decode()
    counting = [q for q in cold.captured_queries if "notifications_notification" in q["sql"]]
    assert len(counting) == 1
    assert not [q for q in warm.captured_queries if "notifications_notification" in q["sql"]]
    assert _unread_in_header(page) == "2"


def test_a_new_notification_shows_in_the_count_at_once(client, mailed, committed, carols):
    client.force_login(mailed.players["alice"])
    assert _unread_in_header(client.get(reverse("notifications")).content.decode()) == "1"
    _propose(mailed, committed, "dave", "alice", "alliance")
    assert _unread_in_header(client.get(reverse("notifications")).content.decode()) == "2"


def test_the_preferences_page_saves_each_kinds_delivery(client, mailed):
    client.force_login(mailed.players["bob"])
    page = client.get(reverse("notification-preferences")).content.decode()
    assert str(Kind.AGREEMENT_PROPOSED.label) in page
    choices = {f"notify-{kind.value}": Delivery.NOW.value for kind in Kind}
    choices[f"notify-{Kind.RESULTS.value}"] = Delivery.OFF.value
    response = client.post(reverse("notification-preferences"), choices, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "<html" not in response.content.decode(), "an HTMX post gets the form alone"
    assert "Saved." in response.content.decode()
    chosen = Preference.objects.get(user=mailed.players["bob"], kind=Kind.RESULTS)
    assert chosen.delivery == Delivery.OFF


def test_a_choice_that_is_not_offered_is_refused_and_saves_nothing(client, mailed):
    client.force_login(mailed.players["bob"])
    response = client.post(
        reverse("notification-preferences"), {f"notify-{Kind.RESULTS.value}": "hourly"}
    )
    assert response.status_code == 400
    assert not Preference.objects.exists()
