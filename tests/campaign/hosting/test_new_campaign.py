"""The "New campaign" wizard: any signed-in user creates a campaign and becomes its GM; a
preset and modules, a generated map previewed and re-rolled, then accepted (A-1.0.1,
A-1.0.2, A-1.2.1, A-1.4.1–4, Q19)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from campaign.models import Campaign, Hex, Membership
from kingdoms.models import Army, Kingdom, NeutralKingdom
from rules import modules
from rules.core.state import Terrain

pytestmark = pytest.mark.django_db

BASICS = {
    "name": "The Border Wars",
    "description": "Four lords, one crown.",
    "players": "4",
    "preset": "short",
    "modules": ["the_beast", "random_events"],
}
MAP = {"radius": "3", "sea_tenths": "1", "mix": "balanced", "players_per_neutral": "4"}


@pytest.fixture
def host(client):
    user = User.objects.create_user("hana", password="pw")
    client.force_login(user)
    return user


def _post(client, action: str, **data):
    return client.post(reverse("campaign-new"), {**BASICS, **data, "action": action})


def test_a_user_with_no_campaign_is_shown_how_to_start_or_join_one(client, host):
    page = client.get(reverse("campaign-list")).content.decode()
    assert reverse("campaign-new") in page and "Start a campaign" in page
    assert "ask its game master for an invitation" in page


def test_the_first_step_shows_what_each_preset_changes_and_the_modules(client, host):
    page = client.get(reverse("campaign-new")).content.decode()
    assert "Short campaign" in page and "Days a turn stays open for orders: 7 → 3" in page
    assert "Bloody" in page and "Starting power: 2 → 4" in page
    for title in (
        "The Beast awakes",
        "Random events",
        "Siege trains",
        "Pirates and the open sea",
        "Wildlands",
        "New tiles and navigation hazards",
        "Peoples, races and diplomacy",
        "Bridges",
    ):
        assert f">{title}</label>" in page
    switches = modules.switches()  # one for each module, however many hooks share it
    assert page.count('type="checkbox" role="switch"') == len(switches)
    assert "Each turn a random event may strike each kingdom." in page  # its help
    assert 'href="/rulebook/campaign/#sec-5.12"' in page  # the modules' rule, a link


def test_the_wizard_end_to_end(client, host):
    """Preset and modules, then the map: previewed, re-rolled into another, accepted."""
    step = _post(client, "next")
    assert step.status_code == 200
    page = step.content.decode()
    assert 'class="map"' in page and "Start positions" in page
    assert "Short campaign · The Beast awakes · Random events" in page
    assert step.context["choices"]["radius"].value() == 3, "A-1.0.2: about 40 hexes for 4"

    first = _post(client, "preview", **MAP, seed="pinned")
    again = _post(client, "preview", **MAP, seed="pinned")
    assert first.context["preview"].svg == again.context["preview"].svg
    rerolled = _post(client, "reroll", **MAP, seed="pinned")
    assert rerolled.context["choices"]["seed"].value() != "pinned"
    assert rerolled.context["preview"].svg != first.context["preview"].svg

    accepted = _post(client, "accept", **MAP, seed="pinned")
    campaign = Campaign.objects.get(name="The Border Wars")
    assert accepted.status_code == 302
    assert accepted["Location"] == reverse("campaign-players", args=[campaign.pk])
    assert campaign.status == Campaign.Status.SETUP and not campaign.turns.exists()
    assert campaign.description == "Four lords, one crown." and campaign.max_players == 4
    assert Membership.objects.get(campaign=campaign).user == host  # the GM, alone
    ruleset = campaign.ruleset
    assert (ruleset.turn_length_days, ruleset.early_resolution) == (3, 1)
    assert (ruleset.the_beast, ruleset.random_events, ruleset.siege_trains) == (1, 1, 0)
    assert Hex.objects.filter(campaign=campaign).count() == 37


def test_with_the_new_tiles_on_the_generated_map_holds_some(client, host):
    """new-rules.md §2: the module switched on in the wizard, its map, previewed as
    accepted, has a few of the supplement's tiles on hexes no kingdom holds; without it
    the same seed has none."""
    with_tiles = {**BASICS, "modules": ["new_tiles"]}
    preview = client.post(
        reverse("campaign-new"), {**with_tiles, **MAP, "seed": "pinned", "action": "preview"}
    )
    assert "m-t-plateau" in str(preview.context["preview"].svg)
    accept = {**with_tiles, **MAP, "seed": "pinned", "action": "accept"}
    client.post(reverse("campaign-new"), accept)
    campaign = Campaign.objects.get()
    assert campaign.ruleset.new_tiles == 1
    tiles = {t.value for t in Terrain if not t.is_base}
    placed = Hex.objects.filter(campaign=campaign, terrain__in=tiles)
    assert set(placed.values_list("terrain", flat=True)) == {"plateau", "sandbanks", "volcano"}
    assert not placed.filter(owner__isnull=False).exists()
    _post(client, "accept", **MAP, seed="pinned")
    plain = Campaign.objects.exclude(pk=campaign.pk).get()
    assert not Hex.objects.filter(campaign=plain, terrain__in=tiles).exists()


def test_accepting_builds_free_seats_and_hidden_neutral_kingdoms(client, host):
    """A-1.2.1, Q19: a kingdom of 3–4 hexes for each player, its capital a City, 2 power,
    two armies; nobody plays it yet. A-1.4.1–3: a neutral kingdom of 3 hexes behind a
    Great Fortress, known to nobody (A-1.4.18)."""
    _post(client, "accept", **MAP, seed="pinned")
    campaign = Campaign.objects.get()
    kingdoms = Kingdom.objects.filter(campaign=campaign)
    assert kingdoms.count() == 4
    for kingdom in kingdoms:
        assert 3 <= kingdom.hexes.count() <= 4 and kingdom.capital.feature == "city"
        assert kingdom.power == 2 and Army.objects.filter(kingdom=kingdom).count() == 2
        assert not Membership.objects.filter(kingdom=kingdom).exists()
    neutral = NeutralKingdom.objects.get(campaign=campaign)
    assert neutral.capital.defence == "great_fortress" and neutral.hexes.count() == 3
    assert not neutral.known_by.exists()


def test_the_preview_warns_of_the_rules_set_up_defaults_the_map_leaves(client, host):
    """A-1.0.1: on the smallest map for 10 players, the seed "12" draws two capitals two
    hexes apart; the preview says so, with the rule as a small link, and lets him keep
    it. The suggested map of the seed "pinned" leaves none."""
    crowded = {**MAP, "radius": "5", "seed": "12"}
    page = _post(client, "preview", **crowded, players="10").content.decode()
    assert "The rules' set-up defaults" in page
    assert "The capitals of Carak Varn and Drakwald 2 are 2 hexes apart" in page
    assert f'href="{reverse("rulebook", args=["campaign"])}#A-1.0.1"' in page
    assert "Create the campaign with this map" in page
    calm = _post(client, "preview", **MAP, seed="pinned")
    assert calm.context["preview"].warnings == []
    assert "set-up defaults" not in calm.content.decode()


def test_the_same_seed_and_choices_accepted_give_the_previewed_map(client, host):
    preview = _post(client, "preview", **MAP, seed="pinned").context["preview"]
    _post(client, "accept", **MAP, seed="pinned")
    campaign = Campaign.objects.get()
    names = [info.name for info, _ in preview.seats]
    assert list(campaign.kingdoms.order_by("id").values_list("name", flat=True)) == names


def test_with_htmx_the_wizard_swaps_its_part_and_accepting_moves_the_page(client, host):
    step = client.post(
        reverse("campaign-new"), {**BASICS, "action": "next"}, HTTP_HX_REQUEST="true"
    )
    part = step.content.decode()
    assert 'id="new-campaign"' in part and "<html" not in part
    done = client.post(
        reverse("campaign-new"),
        {**BASICS, **MAP, "seed": "s", "action": "accept"},
        HTTP_HX_REQUEST="true",
    )
    assert done["HX-Redirect"] == reverse("campaign-players", args=[Campaign.objects.get().pk])


def test_the_gm_is_told_once_that_his_campaign_is_ready(client, host):
    """Followed to the players page, and after a swap of its part there."""
    page = _post(client, "accept", **MAP, seed="s")
    told = client.get(page["Location"]).content.decode()
    assert told.count("The Border Wars is ready: invite your players.") == 1
    swapped = client.post(
        reverse("invitation-link", args=[Campaign.objects.get().pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert swapped.count("A new share link is ready") == 1


@pytest.mark.parametrize(
    ("step", "change", "field", "words"),
    [
        ("basics", {"name": ""}, "name", "This field is required"),
        ("basics", {"players": "13"}, "players", "less than or equal to 12"),
        ("choices", {"radius": "7"}, "radius", "Select a valid choice"),
    ],
)
def test_bad_choices_are_refused_by_field_and_nothing_is_created(
    client, host, step, change, field, words
):
    response = _post(client, "accept", **{**MAP, "seed": "s", **change})
    assert response.status_code == 400
    assert any(words in error for error in response.context[step].errors[field])
    assert words in response.content.decode()
    assert not Campaign.objects.exists()


def test_a_stranger_is_sent_to_log_in_first(client):
    response = client.get(reverse("campaign-new"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
