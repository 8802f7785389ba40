"""The GM's corrections in the Django admin are recorded in the chronicle (ARCHITECTURE)."""

import pytest
from django.contrib.auth.models import User

from campaign.chronicle.selectors import visible_chronicle
from campaign.models import TurnEvent
from rules.turn.visibility import GM, Viewer

pytestmark = pytest.mark.django_db


def army_points_corrected(client, army, points: int):
    """An operator sets the army's points in the admin; the answer of the admin's form."""
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    return client.post(
        f"/admin/kingdoms/army/{army.pk}/change/",
        {
            "kingdom": army.kingdom_id,
            "name": army.name,
            "allocation": army.allocation,
            "points": points,
            "position": army.position_id,
            "rested": "",
        },
    )


def test_an_admin_change_is_chronicled_for_the_gm_only(demo, client):
    army = demo.kingdoms["alice"].armies.first()
    response = army_points_corrected(client, army, 900)
    assert response.status_code == 302, response.content[:500]
    army.refresh_from_db()
    assert army.points == 900
    entry = TurnEvent.objects.get(kind="GMCorrection")
    assert entry.payload["changes"] == ["points = 900"]
    alice = Viewer(kingdom_id=demo.kingdoms["alice"].pk)
    assert not [e for e in visible_chronicle(demo.campaign, alice) if e["kind"] == "GMCorrection"]
    assert [e for e in visible_chronicle(demo.campaign, GM) if e["kind"] == "GMCorrection"]


def test_the_chronicle_cannot_be_edited_in_the_admin(demo, client):
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    entry = TurnEvent.objects.first()
    response = client.post(f"/admin/campaign/turnevent/{entry.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert TurnEvent.objects.filter(pk=entry.pk).exists()
