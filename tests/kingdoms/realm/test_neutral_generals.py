"""A-1.4.10–11, E-20: every neutral kingdom's army has a General, created at set-up (and
by the issue-3 data migration for older campaigns); he leads the army in its battles and
gains XP; only the GM sees him, in HTML and in JSON (the kingdoms are hidden, A-1.4.18)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.urls import reverse

from campaign.models import TurnEvent
from kingdoms.models import Character
from tests.api_support import api, token_client
from tests.kingdoms.realm.test_neutral_kingdoms import (  # noqa: F401
    _foothold,
    _invade,
    _neutral,
    _resolve_turn,
    rigged,
)

pytestmark = pytest.mark.django_db


def _general(neutral) -> Character:
    return Character.objects.get(neutral_kingdom=neutral, is_general=True)


def test_set_up_gives_every_neutral_kingdom_one_general(demo):
    for neutral in demo.neutral_kingdoms:
        general = _general(neutral)
        assert (general.kingdom, general.army, general.xp, general.generalship) == (
            None, None, 0, 0,
        )  # fmt: skip
        assert general.name == f"General of {neutral.name}"


def test_the_data_migration_gives_a_general_to_a_kingdom_without_one(demo):
    migration = importlib.import_module("kingdoms.migrations.0010_issue3_gaps")
    neutral = demo.neutral_kingdoms[0]
    _general(neutral).delete()
    migration.neutral_generals_create(apps, None)
    migration.neutral_generals_create(apps, None)  # twice: still one
    assert _general(neutral).name == f"General of {neutral.name}"


def test_the_general_gains_xp_in_a_battle_that_only_the_gm_reads_of(client, demo, rigged):  # noqa: F811
    """A-2.5: exactly 1 XP in an abstract battle; the entry is the GM's alone."""
    neutral, _, target = _neutral(demo)
    _foothold(demo, neutral, target)
    _invade(demo, target)
    _resolve_turn(demo.turn)

    general = _general(neutral)
    assert general.xp == 1
    [gained] = TurnEvent.objects.filter(
        turn=demo.turn, kind="ExperienceGained", payload__character_id=general.pk
    )
    assert not gained.public and gained.kingdom_ids == []
    alice = token_client(demo.players["alice"]).get(api(demo, "chronicle/")).json()
    assert not [e for e in alice if e.get("character_id") == general.pk]
    gm = token_client(demo.gm).get(api(demo, "chronicle/")).json()
    assert [e for e in gm if e.get("character_id") == general.pk]


def test_only_the_gm_sees_the_neutral_generals_in_html_and_json(client, demo):
    neutral = demo.neutral_kingdoms[0]
    general = _general(neutral)
    general.name = "Grimbold Ironfist"
    general.generalship = 2
    general.save()
    neutral.known_by.add(demo.kingdoms["alice"])  # she discovered the kingdom itself

    gm = token_client(demo.gm).get(api(demo, "neutral-kingdoms/"))
    assert gm.status_code == 200
    row = next(r for r in gm.json() if r["id"] == neutral.pk)
    assert row["general"] == {
        "id": general.pk, "name": "Grimbold Ironfist", "xp": 0, "generalship": 2,
    }  # fmt: skip
    alice = token_client(demo.players["alice"]).get(api(demo, "neutral-kingdoms/")).json()
    assert [r["id"] for r in alice] == [neutral.pk]
    assert alice[0].get("general") is None, "a player who knows the kingdom: not its General"
    assert token_client(demo.players["bob"]).get(api(demo, "neutral-kingdoms/")).json() == []
    armies = token_client(demo.players["alice"]).get(api(demo, "armies/")).json()
    assert "Grimbold" not in str(armies)

    client.force_login(demo.gm)
    console = client.get(reverse("gm-console", args=[demo.campaign.pk])).content.decode()
    assert "General Grimbold Ironfist, 0 XP, Generalship 2" in console
    client.force_login(demo.players["alice"])
    for name in ("campaign-detail", "kingdom", "chronicle", "battles"):
        page = client.get(reverse(name, args=[demo.campaign.pk])).content.decode()
        assert "Grimbold" not in page, name
    assert client.get(reverse("gm-console", args=[demo.campaign.pk])).status_code == 403


def test_the_gm_renames_a_neutral_general_in_the_admin(demo, client):
    """E-20: the admin's correction works for a character of no player kingdom, and its
    chronicle entry is the GM's alone."""
    general = _general(demo.neutral_kingdoms[0])
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    response = client.post(
        f"/admin/kingdoms/character/{general.pk}/change/",
        {
            "kingdom": "",
            "neutral_kingdom": general.neutral_kingdom_id,
            "army": "",
            "name": "Grimbold Ironfist",
            "xp": 0,
            "generalship": 1,
            "is_general": "on",
            "status": "active",  # §5.8–5.9: his fate, magic and record
            "profile": "{}",
            "stat_deltas": "{}",
            "skills": "[]",
            "wizard_level": 0,
        },
    )
    assert response.status_code == 302, response.content[:800]
    general.refresh_from_db()
    assert (general.name, general.generalship) == ("Grimbold Ironfist", 1)
    entry = TurnEvent.objects.get(kind="GMCorrection")
    assert not entry.public and entry.kingdom_ids == []


def test_a_neutral_kingdom_added_in_the_admin_gets_its_general_too(demo, client):
    """A-1.4.10, E-20: the admin's new neutral kingdom gets one General, made by the same
    function as set-up's (campaign.campaigns.setup.neutral_general); an edit makes no second."""
    from kingdoms.models import NeutralKingdom

    capital = demo.campaign.hexes.filter(owner=None, neutral_kingdom=None).order_by("id").first()
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    form = {"campaign": demo.campaign.pk, "name": "Kislev Reach", "race": "men",
            "capital": capital.pk, "protector": "", "ally": ""}  # fmt: skip
    response = client.post("/admin/kingdoms/neutralkingdom/add/", form)
    assert response.status_code == 302, response.content[:800]
    neutral = NeutralKingdom.objects.get(name="Kislev Reach")
    general = _general(neutral)
    assert (general.name, general.kingdom, general.army, general.xp) == (
        "General of Kislev Reach", None, None, 0,
    )  # fmt: skip
    response = client.post(
        f"/admin/kingdoms/neutralkingdom/{neutral.pk}/change/", {**form, "race": "kislevites"}
    )
    assert response.status_code == 302, response.content[:800]
    assert Character.objects.filter(neutral_kingdom=neutral).count() == 1
    entry = TurnEvent.objects.filter(kind="GMCorrection").first()
    assert not entry.public and entry.payload["changes"] == ["created"]
