"""Importing a Warpost export (campaign.transfer.services.campaign_import): people found
by username, a missing one given an inactive account; a file of another version or a
broken one refused with its reason, nothing saved."""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth.models import User

from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, Membership
from campaign.transfer.document import document_loads
from campaign.transfer.selectors import campaign_export
from campaign.transfer.services import campaign_import
from kingdoms.models import Kingdom
from tests.campaign.transfer.support import through_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(demo) -> dict:
    return through_json(campaign_export(demo.campaign))


def _nothing_saved(before: tuple) -> None:
    assert (Campaign.objects.count(), Hex.objects.count(), User.objects.count()) == before


def _counts() -> tuple:
    return Campaign.objects.count(), Hex.objects.count(), User.objects.count()


def test_a_player_missing_here_gets_an_inactive_account_of_his_name(demo, exported):
    """Moving servers: Alice has no account on the new one; the import makes one she
    cannot log in to, and seats it where she played."""
    for table in exported["tables"].values():
        for row in table:
            for name, value in row.items():
                if value == "alice" and name in ("user", "submitted_by", "updated_by"):
                    row[name] = "zoe"
    imported = campaign_import(document=exported)
    assert imported.new_people == ["zoe"]
    zoe = User.objects.get(username="zoe")
    assert not zoe.is_active and not zoe.has_usable_password()
    seat = Membership.objects.get(campaign=imported.campaign, user=zoe)
    assert seat.kingdom.name == demo.kingdoms["alice"].name
    assert seat.kingdom.campaign == imported.campaign


def _two_hexes_in_one_place(document: dict) -> None:
    first, second = document["tables"]["campaign.Hex"][:2]
    second.update(q=first["q"], r=first["r"])


@pytest.mark.parametrize(
    ("breaking", "reason"),
    [
        (lambda d: d.update(version=2), "format version 2; this server reads version 1 only"),
        (lambda d: d.update(format="something-else"), "not a Warpost export"),
        (lambda d: d["tables"].pop("campaign.TurnEvent"), "table campaign.TurnEvent is missing"),
        (lambda d: d["tables"]["campaign.Hex"][3].update(terrain="lava"), "campaign.Hex"),
        (lambda d: d["tables"]["kingdoms.Army"][0].update(morale=3), "no field morale"),
        (lambda d: d["tables"]["campaign.Membership"][1].update(user=7), "7 is no username"),
        (lambda d: d["tables"]["campaign.Campaign"].clear(), "no campaign"),
        (_two_hexes_in_one_place, "broken"),
        (lambda d: d["tables"]["campaign.TurnEvent"][0].update(kingdom_ids={"a": 1}), "broken"),
        # the last table's row names a turn the file lacks: everything before it is undone
        (lambda d: d["tables"]["campaign.TurnEvent"][0].update(turn=999), "campaign.Turn 999"),
    ],
)
def test_a_file_of_another_version_or_a_broken_one_is_refused_and_nothing_saved(
    exported, breaking, reason
):
    broken = copy.deepcopy(exported)
    breaking(broken)
    before = _counts()
    with pytest.raises(Refused, match=reason):
        campaign_import(document=broken)
    _nothing_saved(before)


def test_a_file_that_is_not_json_is_refused():
    with pytest.raises(Refused, match="not JSON"):
        document_loads(b"\x1f\x8b gzip, not JSON")


def test_the_ids_are_new_and_the_kingdoms_are_the_copys(demo, exported):
    imported = campaign_import(document=exported)
    copied = Kingdom.objects.filter(campaign=imported.campaign).order_by("id")
    assert [k.name for k in copied] == [
        k.name for k in Kingdom.objects.filter(campaign=demo.campaign).order_by("id")
    ]
    assert all(k.capital.campaign_id == imported.campaign.pk for k in copied)
    assert not set(copied.values_list("id", flat=True)) & {k.pk for k in demo.kingdoms.values()}
