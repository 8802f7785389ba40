"""`manage.py demo_campaign`: a playable campaign as A-1.0–A-1.4 describe it."""

import pytest
from django.core.management import call_command

from campaign.models import Campaign, Hex, Membership, Turn
from kingdoms.models import Kingdom, NeutralKingdom
from rules.core.state import Terrain

pytestmark = pytest.mark.django_db


def test_the_demo_has_every_terrain_kingdoms_and_a_hidden_neutral_kingdom(capsys):
    """A-1.0.2 (~40 hexes for 4 players), A-1.1.1 (every terrain), A-1.2.1 and Q19
    (3–4 hex kingdoms with a capital), A-1.4.1–3 (a secret neutral kingdom with a Great
    Fortress capital)."""
    call_command("demo_campaign")
    campaign = Campaign.objects.get()
    hexes = Hex.objects.filter(campaign=campaign)
    assert hexes.count() == 40
    base = {t.value for t in Terrain if t.is_base}  # the supplement's tiles need their module
    assert set(hexes.values_list("terrain", flat=True)) == base
    kingdoms = Kingdom.objects.filter(campaign=campaign)
    assert kingdoms.count() == 4
    for kingdom in kingdoms:
        owned = hexes.filter(owner=kingdom)
        assert 3 <= owned.count() <= 4
        assert kingdom.capital in owned and kingdom.capital.feature == "city"  # E-22
        assert not owned.filter(terrain="sea").exists()
    neutral = NeutralKingdom.objects.get(campaign=campaign)
    assert neutral.capital.defence == "great_fortress"
    assert hexes.filter(neutral_kingdom=neutral).count() == 3
    assert not neutral.known_by.exists(), "A-1.4.18: nobody knows where it is"
    roles = set(Membership.objects.values_list("user__username", "role"))
    assert roles == {
        ("gm", "gm"),
        ("alice", "player"),
        ("bob", "player"),
        ("carol", "player"),
        ("dave", "player"),
    }
    assert Turn.objects.get(campaign=campaign).state == Turn.State.OPEN
    assert "password 'warpost'" in capsys.readouterr().out


def test_the_same_seed_builds_the_same_map():
    call_command("demo_campaign", seed="s1")
    call_command("demo_campaign", seed="s1")
    first, second = Campaign.objects.order_by("id")
    layout = lambda c: list(c.hexes.order_by("q", "r").values_list("q", "r", "terrain"))  # noqa: E731
    assert layout(first) == layout(second)


def test_if_empty_does_not_load_twice():
    call_command("demo_campaign", "--if-empty")
    call_command("demo_campaign", "--if-empty")
    assert Campaign.objects.count() == 1


def test_resolve_turn_runs_the_next_step_from_the_shell(demo, capsys):
    call_command("resolve_turn", demo.campaign.pk)
    assert "Fight or retreat" in capsys.readouterr().out
    call_command("resolve_turn", demo.campaign.pk)
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.CLOSED
