"""`manage.py demo_campaign`: a playable campaign as A-1.0–A-1.4 describe it."""

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from campaign.campaigns.setup import DEMO_PASSWORD, demo_campaign_create
from campaign.models import Campaign, Hex, Membership, Turn
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
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


# The campaign, the demo's users read and written, the hexes written and their ids read,
# the kingdoms, neutral kingdoms, their Generals, their land, the armies with theirs, the
# memberships, turn 1 and its chronicle: none of it a statement per hex
SET_UP_QUERIES = 21


@pytest.mark.parametrize("hexes", [40, 4000])
def test_a_map_a_hundred_times_larger_is_set_up_in_as_many_queries(
    hexes, django_assert_max_num_queries
):
    """A-1.0.2, A-1.2.1, A-1.4.1: whatever the map's size, its hexes, the players' kingdoms,
    the hidden neutral kingdoms and the armies are written in the same few statements."""
    with django_assert_max_num_queries(SET_UP_QUERIES):
        demo = demo_campaign_create(hexes=hexes, players=4)
    assert Hex.objects.filter(campaign=demo.campaign).count() == hexes
    assert Kingdom.objects.filter(campaign=demo.campaign).count() == 4


def test_every_demo_account_logs_in_with_the_printed_password_and_is_made_once():
    """The demo prints one password for the GM and every player; a second demo campaign
    seats the same accounts rather than new ones."""
    demo = demo_campaign_create(hexes=80, players=8)
    accounts = [demo.gm, *demo.players.values()]
    assert all(user.check_password(DEMO_PASSWORD) for user in accounts)
    assert not any(user.check_password("not-" + DEMO_PASSWORD) for user in accounts)
    again = demo_campaign_create(hexes=80, players=8, seed="again")
    assert [u.pk for u in again.players.values()] == [u.pk for u in demo.players.values()]
    assert User.objects.count() == 9


def test_a_load_test_demo_gives_each_kingdom_the_armies_asked_for():
    """E-14, B 3.4: `--armies 3` starts each kingdom with three armies on its capital, each
    led by a General, one of them its Grand Marshall; none is refused."""
    call_command("demo_campaign", hexes=80, players=4, armies=3)
    for kingdom in Kingdom.objects.all():
        armies = Army.objects.filter(kingdom=kingdom)
        assert armies.count() == 3
        assert {army.position_id for army in armies} == {kingdom.capital_id}
        generals = Character.objects.filter(kingdom=kingdom, is_general=True)
        assert generals.count() == 3 and generals.filter(is_grand_marshal=True).count() == 1
    with pytest.raises(CommandError, match="at least one army, not 0"):
        call_command("demo_campaign", armies=0)
