"""A new campaign on the map of a Warpost export (campaign.transfer.maps, the New campaign
wizard's "Import a map", manage.py import_map): the hexes with what they hold, the
kingdoms holding their capitals as free seats, the neutral kingdoms hidden again (A-1.4.1),
and none of the old campaign's history."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from campaign.core.errors import Refused
from campaign.models import Campaign, Hex, Membership, TurnEvent
from campaign.transfer.maps import HEX_CONTENTS, map_from_export
from campaign.transfer.selectors import campaign_export
from campaign.transfer.services import campaign_create_from_map
from kingdoms.models import Army, Kingdom, NeutralKingdom
from rules.core.state import Defence, Feature
from tests.campaign.transfer.support import through_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported(played) -> dict:
    """The export of a campaign four turns in, a place taken by siege."""
    return through_json(campaign_export(played.demo.campaign))


def _create(imported, by: User) -> Campaign:
    return campaign_create_from_map(
        by=by, name="Second Wars", description="", preset="core", modules=(), imported=imported
    )


def test_the_new_campaign_has_the_maps_hexes_and_seats_and_nothing_of_its_history(played, exported):
    old = played.demo.campaign
    host = User.objects.create_user("hana")
    campaign = _create(map_from_export(exported), host)
    assert campaign.status == Campaign.Status.SETUP and campaign.max_players == 4
    assert not campaign.turns.exists() and not TurnEvent.objects.filter(campaign=campaign)
    assert list(Membership.objects.filter(campaign=campaign).values_list("user", "kingdom")) == [
        (host.pk, None)
    ], "its GM alone: every seat is free"

    def hexes(c):
        return {h.coord: h for h in Hex.objects.filter(campaign=c).select_related("owner")}

    before, after = hexes(old), hexes(campaign)
    assert before.keys() == after.keys()
    for coord, row in before.items():
        new = after[coord]
        assert new.terrain == row.terrain, coord
        assert (new.owner.name if new.owner else None) == (row.owner.name if row.owner else None)
        kept = HEX_CONTENTS if row.owner is None else set(HEX_CONTENTS) - {"explored"}
        assert {f: getattr(new, f) for f in kept} == {f: getattr(row, f) for f in kept}, coord
        assert new.looted_turn is None and new.unrest_until is None, "the old calendar's"
    for kingdom in Kingdom.objects.filter(campaign=campaign):
        was = Kingdom.objects.get(campaign=old, name=kingdom.name)
        assert kingdom.colour == was.colour and kingdom.capital.coord == was.capital.coord
        assert kingdom.capital.feature == Feature.CITY  # E-22
        assert kingdom.power == campaign.ruleset.starting_power  # Q19
        armies = Army.objects.filter(kingdom=kingdom)
        assert armies.count() == 2 and {a.position_id for a in armies} == {kingdom.capital_id}
    [neutral] = NeutralKingdom.objects.filter(campaign=campaign)
    [was] = played.demo.neutral_kingdoms
    assert (neutral.name, neutral.race) == (was.name, was.race)
    assert not neutral.known_by.exists(), "A-1.4.18: hidden again from every player"
    assert neutral.capital.defence == Defence.GREAT_FORTRESS
    assert set(neutral.hexes.values_list("q", "r")) == set(was.hexes.values_list("q", "r"))


def test_a_kingdom_that_lost_its_capital_is_no_seat(demo):
    document = through_json(campaign_export(demo.campaign))
    bob = demo.kingdoms["bob"]
    for row in document["tables"]["campaign.Hex"]:
        if row["id"] == bob.capital_id:
            row["owner"] = demo.kingdoms["alice"].pk
    plan = map_from_export(document).plan
    assert [k.name for k in plan.kingdoms] == [
        demo.kingdoms[name].name for name in ("alice", "carol", "dave")
    ]


@pytest.mark.parametrize(
    ("breaking", "reason"),
    [
        (lambda tables: tables["campaign.Hex"][0].update(terrain="lava"), "not a valid choice"),
        (lambda tables: tables["campaign.Hex"][0].update(feature="dragon"), "not a valid choice"),
        (lambda tables: tables["kingdoms.Kingdom"].clear(), "no kingdom that holds its capital"),
        (lambda tables: tables.pop("kingdoms.NeutralKingdom"), "is missing"),
    ],
)
def test_a_broken_map_is_refused_with_its_reason(demo, breaking, reason):
    document = through_json(campaign_export(demo.campaign))
    breaking(document["tables"])
    with pytest.raises(Refused, match=reason) as refused:
        map_from_export(document)
    assert refused.value.field in ("map_file", None)


def _upload(document: dict) -> SimpleUploadedFile:
    return SimpleUploadedFile("centretown.json", json.dumps(document).encode(), "application/json")


WIZARD = {
    "name": "Second Wars",
    "description": "The same hills again.",
    "players": "4",
    "preset": "core",
    "radius": "3",
    "sea_tenths": "1",
    "mix": "balanced",
    "players_per_neutral": "4",
    "seed": "any",
}


def test_the_wizard_imports_a_map_as_its_third_way(client, demo):
    host = User.objects.create_user("hana")
    client.force_login(host)
    step = client.post(reverse("campaign-new"), {**WIZARD, "action": "next"})
    assert "Or import a map" in step.content.decode()
    document = through_json(campaign_export(demo.campaign))
    answer = client.post(
        reverse("campaign-new"), {**WIZARD, "action": "import", "map_file": _upload(document)}
    )
    campaign = Campaign.objects.get(name="Second Wars")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("campaign-players", args=[campaign.pk])
    assert (
        campaign.status == Campaign.Status.SETUP and campaign.description == WIZARD["description"]
    )
    page = client.get(answer["Location"]).content.decode()
    for kingdom in demo.kingdoms.values():
        assert kingdom.name in page, "the map's kingdoms, each a free seat"


def test_the_empty_file_box_holds_back_none_of_the_wizards_other_buttons(client):
    """The map step is one form: a browser checks ``required`` boxes before any button
    posts, so the import's file box must not be one, or "Create the campaign with this
    map" would never reach the server."""
    client.force_login(User.objects.create_user("hana"))
    step = client.post(reverse("campaign-new"), {**WIZARD, "action": "next"}).content.decode()
    (file_box,) = re.findall(r'<input[^>]*type="file"[^>]*>', step)
    assert "required" not in file_box


def test_the_wizard_says_why_a_file_is_no_map_and_creates_nothing(client, demo):
    client.force_login(User.objects.create_user("hana"))
    document = {"format": "warpost-campaign", "version": 0}
    answer = client.post(
        reverse("campaign-new"), {**WIZARD, "action": "import", "map_file": _upload(document)}
    )
    assert answer.status_code == 400
    assert "format version 0; this server reads version 1 only" in answer.content.decode()
    assert not Campaign.objects.filter(name="Second Wars").exists()
    missing = client.post(reverse("campaign-new"), {**WIZARD, "action": "import"})
    assert missing.status_code == 400 and "This field is required." in missing.content.decode()


def test_import_map_sets_up_a_campaign_and_prints_its_id(demo, tmp_path):
    path = tmp_path / "map.json"
    path.write_text(json.dumps(campaign_export(demo.campaign)))
    out = io.StringIO()
    call_command("import_map", str(path), "--gm", "gm", "--name", "Again", stdout=out)
    campaign = Campaign.objects.get(pk=int(out.getvalue()))
    assert campaign.name == "Again" and campaign.status == Campaign.Status.SETUP
    assert Membership.objects.get(campaign=campaign).user == demo.gm
