"""NR-RACE with the peoples module on: a player who claims a kingdom without a race must
choose one; it is stored on the kingdom and the snapshot, and shown on the kingdom page
and, to everyone, on the players page (docs/design/supplement.md, "Peoples")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.hosting.services import campaign_create
from campaign.pipeline.snapshot import snapshot_load
from kingdoms.models import Kingdom
from rules.core.mapgen import MapParams
from rules.modules.peoples import race_of
from tests.campaign.hosting.test_invitations import _client, _gm, _joined, _seats, _user

pytestmark = pytest.mark.django_db


@pytest.fixture
def peoples():
    return campaign_create(
        by=_user("hana"),
        name="The Old World",
        description="",
        preset="short",
        modules=["peoples"],
        params=MapParams(players=4, radius=3, seed="pinned"),
    )


def _claim(campaign, seat, user, **fields):
    data = {f"claim-{seat.pk}-name": "Karak", f"claim-{seat.pk}-colour": "#123abc"}
    data.update({f"claim-{seat.pk}-{key}": value for key, value in fields.items()})
    return _client(user).post(reverse("seat-claim", args=[campaign.pk, seat.pk]), data)


def test_a_claim_without_a_race_is_refused(peoples):
    seat = _seats(peoples)[0]
    refused = _claim(peoples, seat, _joined(peoples, "ivan"))
    assert refused.status_code == 400
    assert refused.context["rows"][0]["claim"].errors["race"]
    assert not Kingdom.objects.get(pk=seat.pk).race


def test_the_race_chosen_is_the_kingdoms_and_everyone_sees_it(peoples):
    seat = _seats(peoples)[0]
    ivan = _joined(peoples, "ivan")
    assert _claim(peoples, seat, ivan, race="dwarfs").status_code == 302
    seat.refresh_from_db()
    assert seat.race == "dwarfs"
    world = snapshot_load(peoples, 1).world
    assert race_of(world, seat.pk) == "dwarfs"
    own = _client(ivan).get(reverse("kingdom", args=[peoples.pk])).content.decode()
    assert "Dwarfs" in own
    other = _client(_joined(peoples, "jana")).get(reverse("campaign-players", args=[peoples.pk]))
    assert "Race: Dwarfs" in other.content.decode()


def test_without_the_module_no_race_is_asked(peoples):
    peoples.ruleset_overrides = {}
    peoples.save(update_fields=["ruleset_overrides"])
    seat = _seats(peoples)[0]
    assert _claim(peoples, seat, _joined(peoples, "ivan")).status_code == 302
    page = _client(_gm(peoples)).get(reverse("campaign-players", args=[peoples.pk]))
    assert "Race:" not in page.content.decode()
