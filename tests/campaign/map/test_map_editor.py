"""The map editor: a GM draws the map of a campaign being set up, a click on a hex at a
time: terrain, the map's edge, features, player kingdoms and hidden neutral kingdoms; the
rules' set-up defaults it leaves are warnings (A-1.0.1, A-1.0.2, A-1.2.1, Q19, A-1.4.1–4),
and his "Done" leaves the campaign set up with a free seat for each kingdom."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from campaign.campaigns.setup import map_plan_build
from campaign.hosting.selectors import share_link
from campaign.hosting.services import (
    campaign_create,
    campaign_join,
    campaign_start,
    invitation_link_renew,
    seat_claim,
)
from campaign.models import Campaign, Hex, Membership, Turn
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.core.mapgen import KingdomPlan, MapParams, MapPlan
from rules.core.state import Terrain
from tests.campaign.core.test_content_security_policy import inline_code

pytestmark = pytest.mark.django_db

CAPITAL, LAND = (-1, 0), [(-2, 0), (-2, 1)]  # Averland's
OTHER_CAPITAL = (2, -1)  # Bretonnia's, 3 hexes from Averland's
NEUTRAL, NEUTRAL_LAND = (0, 2), [(1, 1), (-1, 2)]


def _user(name: str) -> User:
    return User.objects.create_user(name, email=f"{name}@example.com", password="pw")


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def gm() -> User:
    return _user("hana")


@pytest.fixture
def drawn(gm) -> Campaign:
    """A campaign set up to be drawn: the blank map of radius 2, 19 hexes of Fields."""
    return campaign_create(
        by=gm,
        name="The Drawn Marches",
        description="",
        preset="core",
        modules=[],
        params=MapParams(players=2, radius=2, seed="unused"),
        drawn=True,
    )


def _click(client: Client, campaign: Campaign, tool: str, at, **choices):
    """One click of the editor on the hex ``at``, as HTMX sends it."""
    data = {"tool": tool, "terrain": "fields", "q": at[0], "r": at[1], **choices}
    return client.post(reverse("map-editor", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")


def _hex(campaign: Campaign, at) -> Hex:
    return Hex.objects.get(campaign=campaign, q=at[0], r=at[1])


def _kingdom_key(kingdom: Kingdom | NeutralKingdom) -> str:
    return f"{'kingdom' if isinstance(kingdom, Kingdom) else 'neutral'}-{kingdom.pk}"


def _draw_the_rules_map(client: Client, campaign: Campaign) -> None:
    """Two kingdoms of three hexes, three apart, on 19 hexes; a neutral kingdom of three
    hexes with a Mine beside its capital: the start the rules suggest (A-1.0.1–A-1.4.4)."""
    _click(client, campaign, "capital", CAPITAL)
    averland = Kingdom.objects.get(campaign=campaign)
    for cell in LAND:
        _click(client, campaign, "land", cell, kingdom=_kingdom_key(averland))
    _click(client, campaign, "capital", OTHER_CAPITAL)
    bretonnia = Kingdom.objects.exclude(pk=averland.pk).get(campaign=campaign)
    for cell in [(2, 0), (1, -1)]:
        _click(client, campaign, "land", cell, kingdom=_kingdom_key(bretonnia))
    _click(client, campaign, "neutral", NEUTRAL)
    neutral = NeutralKingdom.objects.get(campaign=campaign)
    for cell in NEUTRAL_LAND:
        _click(client, campaign, "land", cell, kingdom=_kingdom_key(neutral))
    _click(client, campaign, "feature", NEUTRAL_LAND[0], feature="mine")


def test_draw_the_map_is_the_wizards_second_way(client, gm):
    """Next to the generated map, the wizard offers a blank one of the size chosen, and
    the editor opens on it: no kingdom yet, so the rules' defaults warn (A-1.0.1)."""
    client.force_login(gm)
    basics = {"name": "Blank Lands", "description": "", "players": "4", "preset": "core"}
    step = client.post(reverse("campaign-new"), {**basics, "action": "next"})
    assert 'value="draw"' in step.content.decode()
    created = client.post(
        reverse("campaign-new"),
        {**basics, "radius": "3", "sea_tenths": "1", "mix": "balanced",
         "players_per_neutral": "4", "seed": "s", "action": "draw"},
    )  # fmt: skip
    campaign = Campaign.objects.get(name="Blank Lands")
    assert created.status_code == 302
    assert created["Location"] == reverse("map-editor", args=[campaign.pk])
    assert campaign.status == Campaign.Status.SETUP and not campaign.turns.exists()
    assert set(campaign.hexes.values_list("terrain", flat=True)) == {"fields"}
    assert campaign.hexes.count() == 37 and not campaign.kingdoms.exists()

    page = client.get(created["Location"])
    html = page.content.decode()
    assert page.status_code == 200 and 'class="map"' in html
    assert "off the map" in html, "outlines around the map, where it may grow"
    assert "The map has no player kingdom yet" in html
    assert f'href="{reverse("rulebook", args=["campaign"])}#A-1.0.1"' in html
    assert 'src="/static/warpost/map-editor.js"' in html and inline_code(html) == []


def test_paint_a_hex(client, gm, drawn):
    client.force_login(gm)
    response = _click(client, drawn, "paint", (0, 0), terrain="mountain")
    part = response.content.decode()
    assert response.status_code == 200 and 'id="map-editor"' in part and "<html" not in part
    assert 'value="mountain" selected' in part, "the tool stays as chosen for the next click"
    assert _hex(drawn, (0, 0)).terrain == "mountain"


def test_the_new_tiles_are_painted_only_in_a_campaign_that_plays_them(client, gm, drawn):
    """new-rules.md §2: with the new tiles on, the editor paints a volcano or sandbanks;
    without them it offers none and refuses one."""
    client.force_login(gm)
    page = client.get(reverse("map-editor", args=[drawn.pk])).content.decode()
    assert 'value="volcano"' not in page and 'value="mountain"' in page
    refused = _click(client, drawn, "paint", (0, 0), terrain="volcano")
    assert _hex(drawn, (0, 0)).terrain == "fields" and "volcano" in refused.content.decode()
    drawn.ruleset_overrides = {"options": {"new_tiles": 1}}
    drawn.save(update_fields=["ruleset_overrides"])
    page = client.get(reverse("map-editor", args=[drawn.pk])).content.decode()
    assert 'value="volcano"' in page and 'value="sandbanks"' in page
    _click(client, drawn, "paint", (0, 0), terrain="volcano")
    _click(client, drawn, "paint", (1, 0), terrain="sandbanks")
    assert (_hex(drawn, (0, 0)).terrain, _hex(drawn, (1, 0)).terrain) == ("volcano", "sandbanks")


def test_painting_sets_aside_a_secondary_terrain_that_became_the_primary_q16(client, gm, drawn):
    client.force_login(gm)
    Hex.objects.filter(campaign=drawn, q=0, r=0).update(secondary_terrains=["forest", "river"])
    _click(client, drawn, "paint", (0, 0), terrain="forest")
    assert _hex(drawn, (0, 0)).secondary_terrains == ["river"]
    _click(client, drawn, "paint", (0, 0), terrain="sea")
    assert _hex(drawn, (0, 0)).secondary_terrains == [], "a sea hex takes none"


def test_grow_the_map_at_its_edge_and_take_a_hex_away(client, gm, drawn):
    client.force_login(gm)
    _click(client, drawn, "grow", (3, 0), terrain="forest")
    assert _hex(drawn, (3, 0)).terrain == "forest"
    away = _click(client, drawn, "grow", (6, 0))
    assert "touches none of its hexes" in away.content.decode()
    assert not Hex.objects.filter(campaign=drawn, q=6, r=0).exists()

    _click(client, drawn, "shrink", (3, 0))
    assert not Hex.objects.filter(campaign=drawn, q=3, r=0).exists()
    hole = _click(client, drawn, "shrink", (0, 0))
    assert "would leave a hole" in hole.content.decode()
    assert drawn.hexes.count() == 19


def test_found_a_player_kingdom_set_up_as_every_new_campaigns(client, gm, drawn):
    """A-1.2.1: a seat nobody plays yet, its capital a City (E-22) with the starting
    power (Q19) and two armies on it (E-14, E-32), each with its General, one the Grand
    Marshall (B 3.4). The same click at its capital removes it again."""
    client.force_login(gm)
    _click(client, drawn, "capital", CAPITAL)
    kingdom = Kingdom.objects.get(campaign=drawn)
    capital = _hex(drawn, CAPITAL)
    assert (kingdom.name, kingdom.capital, kingdom.power) == ("Averland", capital, 2)
    assert (capital.owner, capital.explored, capital.feature) == (kingdom, True, "city")
    armies = list(kingdom.armies.order_by("id"))
    assert [a.name for a in armies] == ["First Army", "Second Army"]
    assert {a.position for a in armies} == {capital}
    generals = Character.objects.filter(kingdom=kingdom, is_general=True)
    assert generals.count() == 2 and generals.filter(is_grand_marshal=True).count() == 1
    assert not Membership.objects.filter(kingdom=kingdom).exists()
    drawn.refresh_from_db()
    assert drawn.max_players == 1, "a seat for each kingdom drawn"

    _click(client, drawn, "capital", CAPITAL)
    capital.refresh_from_db()
    assert not Kingdom.objects.filter(campaign=drawn).exists() and not Army.objects.exists()
    assert (capital.owner, capital.explored, capital.feature) == (None, False, "")


def test_a_kingdom_someone_plays_stays(client, gm, drawn):
    client.force_login(gm)
    _click(client, drawn, "capital", CAPITAL)
    kingdom = Kingdom.objects.get(campaign=drawn)
    ivan = _user("ivan")
    campaign_join(invitation=invitation_link_renew(campaign=drawn, by=gm), user=ivan)
    seat_claim(campaign=drawn, user=ivan, kingdom=kingdom, name="Ironhold", colour="#123abc")
    refused = _click(client, drawn, "capital", CAPITAL)
    assert "ivan plays Ironhold: it stays." in refused.content.decode()
    assert Kingdom.objects.filter(pk=kingdom.pk).exists()


def test_give_land_to_a_kingdom_and_take_it_back(client, gm, drawn):
    """The armies follow the land: set up again from its Total Support (§5.6, E-14)."""
    client.force_login(gm)
    _click(client, drawn, "capital", CAPITAL)
    kingdom = Kingdom.objects.get(campaign=drawn)
    _click(client, drawn, "land", LAND[0], kingdom=_kingdom_key(kingdom))
    row = _hex(drawn, LAND[0])
    assert (row.owner, row.explored) == (kingdom, True)
    assert kingdom.armies.count() == 2

    refused = _click(client, drawn, "land", CAPITAL, kingdom=_kingdom_key(kingdom))
    assert "is the capital of Averland" in refused.content.decode()
    _click(client, drawn, "land", LAND[0], kingdom=_kingdom_key(kingdom))
    row.refresh_from_db()
    assert (row.owner, row.explored) == (None, False)


def test_place_a_feature_in_a_kingdoms_land(client, gm, drawn):
    """Table 6: a Town in a player's land; Total Support grows and his first army with it
    (E-14). A hex of nobody's is rolled on Table 7 when first explored (A-1.0.5), and a
    capital is a City (E-22): both refused, with the reason."""
    client.force_login(gm)
    _click(client, drawn, "capital", CAPITAL)
    kingdom = Kingdom.objects.get(campaign=drawn)
    for cell in LAND:
        _click(client, drawn, "land", cell, kingdom=_kingdom_key(kingdom))
    before = kingdom.armies.get(name="First Army").allocation
    _click(client, drawn, "feature", LAND[0], feature="town")
    assert _hex(drawn, LAND[0]).feature == "town"
    assert kingdom.armies.get(name="First Army").allocation > before

    free = _click(client, drawn, "feature", (1, 0), feature="town")
    assert "what it holds is rolled when it is first explored" in free.content.decode()
    capital = _click(client, drawn, "feature", CAPITAL, feature="mine")
    assert "a capital is a City" in capital.content.decode()
    assert _hex(drawn, (1, 0)).feature == "" and _hex(drawn, CAPITAL).feature == "city"


def test_place_fortresses_and_watchtowers_on_land(client, gm, drawn):
    client.force_login(gm)
    _click(client, drawn, "defence", (1, 0), defence="fortress")
    _click(client, drawn, "watchtower", (1, 0))
    row = _hex(drawn, (1, 0))
    assert (row.defence, row.watchtower) == ("fortress", True)
    sea = _click(client, drawn, "paint", (1, 0), terrain="sea")
    assert "holds a fortress" in sea.content.decode() and _hex(drawn, (1, 0)).terrain == "fields"
    _click(client, drawn, "watchtower", (1, 0))
    assert not _hex(drawn, (1, 0)).watchtower


def test_place_a_neutral_kingdom_hidden_from_the_players(client, gm, drawn):
    """A-1.4.1: placed in secret; A-1.4.3: a City behind a Great Fortress; E-20: its
    General. A seated player's pages say nothing of it (A-1.4.18)."""
    client.force_login(gm)
    _click(client, drawn, "capital", CAPITAL)
    _click(client, drawn, "neutral", NEUTRAL)
    neutral = NeutralKingdom.objects.get(campaign=drawn)
    capital = _hex(drawn, NEUTRAL)
    assert neutral.capital == capital and (capital.defence, capital.feature) == (
        "great_fortress",
        "city",
    )
    assert capital.neutral_kingdom == capital.home_neutral_kingdom == neutral
    assert Character.objects.filter(neutral_kingdom=neutral, is_general=True).count() == 1

    ivan = _user("ivan")
    campaign_join(invitation=invitation_link_renew(campaign=drawn, by=gm), user=ivan)
    seat_claim(
        campaign=drawn, user=ivan, kingdom=drawn.kingdoms.get(), name="Ironhold", colour="#123abc"
    )
    page = _client(ivan).get(reverse("campaign-detail", args=[drawn.pk])).content.decode()
    assert "Ironhold" in page and neutral.name not in page

    _click(client, drawn, "neutral", NEUTRAL)
    capital.refresh_from_db()
    assert not NeutralKingdom.objects.filter(campaign=drawn).exists()
    assert (capital.defence, capital.feature, capital.neutral_kingdom) == ("", "", None)


def test_the_sea_cannot_be_taken_a_1_1_2_1(client, gm, drawn):
    client.force_login(gm)
    _click(client, drawn, "paint", (1, 0), terrain="sea")
    refused = _click(client, drawn, "capital", (1, 0))
    assert "is sea, which holds nothing and cannot be taken" in refused.content.decode()
    _click(client, drawn, "capital", CAPITAL)
    held = _click(client, drawn, "paint", CAPITAL, terrain="sea")
    assert "the sea cannot be taken" in held.content.decode()
    assert _hex(drawn, CAPITAL).terrain == "fields" and drawn.kingdoms.count() == 1


def test_the_editor_warns_of_each_default_the_map_leaves_and_refuses_none(client, gm, drawn):
    """Drawn hex by hex: each rule's warning appears while the map leaves it and goes once
    the map follows it; the map is kept either way."""
    client.force_login(gm)

    def warned() -> str:
        return client.get(reverse("map-editor", args=[drawn.pk])).content.decode()

    assert "no player kingdom yet" in warned() and "no neutral kingdom" in warned()
    _click(client, drawn, "capital", CAPITAL)
    assert "Averland starts with its capital alone" in warned()
    _click(client, drawn, "capital", CAPITAL)  # removed again, to draw the whole map
    _draw_the_rules_map(client, drawn)
    assert "The map starts as the rules suggest." in warned()

    for cell in [(2, -2), (1, -2), (0, -2), (-2, 2)]:
        _click(client, drawn, "shrink", cell)
    assert "The map has 15 hexes for 2 player kingdoms" in warned()

    _click(client, drawn, "defence", NEUTRAL, defence="")
    assert "has no Great Fortress" in warned()
    _click(client, drawn, "feature", NEUTRAL_LAND[0], feature="")
    assert "holds no major feature beside its capital" in warned()
    averland = Kingdom.objects.get(name="Averland")
    for cell in [(0, 0), (-1, 1), (-1, -1)]:
        _click(client, drawn, "land", cell, kingdom=_kingdom_key(averland))
    assert "Averland starts with 6 hexes" in warned()  # Q19
    assert f'href="{reverse("rulebook", args=["questions"])}#Q19"' in warned()


def test_done_leaves_the_campaign_set_up_with_free_seats(client, gm, drawn):
    client.force_login(gm)
    refused = client.post(reverse("map-editor-done", args=[drawn.pk]))
    assert refused.status_code == 400
    assert "capital first: each is a seat to claim." in refused.content.decode()

    _draw_the_rules_map(client, drawn)
    done = client.post(reverse("map-editor-done", args=[drawn.pk]), follow=True)
    assert done.redirect_chain == [(reverse("campaign-players", args=[drawn.pk]), 302)]
    page = done.content.decode()
    assert "The map is drawn: invite your players." in page
    assert "Free: nobody plays it" in page
    drawn.refresh_from_db()
    assert drawn.status == Campaign.Status.SETUP and drawn.max_players == 2
    assert not Membership.objects.filter(campaign=drawn, kingdom__isnull=False).exists()


def test_the_drawn_map_starts_with_armies_set_up_as_the_demos(client, gm, drawn):
    """The hosting flow, unchanged: a player joins by the share link and claims a drawn
    kingdom, the GM starts; each kingdom's armies, Generals and power are those set-up
    gives a kingdom of the same land (campaign.campaigns.setup, E-14, Q19, B 3.4)."""
    client.force_login(gm)
    _draw_the_rules_map(client, drawn)
    ivan = _user("ivan")
    campaign_join(invitation=invitation_link_renew(campaign=drawn, by=gm), user=ivan)
    seat_claim(
        campaign=drawn,
        user=ivan,
        kingdom=drawn.kingdoms.get(name="Averland"),
        name="Ironhold",
        colour="#123abc",
    )
    turn = campaign_start(campaign=drawn, by=gm)
    assert (turn.number, turn.state) == (1, Turn.State.OPEN)

    twin = Campaign.objects.create(name="Set up by plan", status=Campaign.Status.SETUP)
    terrain = {(q, r): Terrain.FIELDS for q, r in drawn.hexes.values_list("q", "r")}
    [planned], _ = map_plan_build(
        campaign=twin,
        plan=MapPlan(terrain, [KingdomPlan(CAPITAL, [CAPITAL, *LAND])], []),
        armies_per_kingdom=2,
    )
    drew = Kingdom.objects.get(campaign=drawn, name="Ironhold")
    assert drew.power == planned.power

    def armies(kingdom: Kingdom) -> list[tuple]:
        return [
            (a.name, a.allocation, a.points, (a.position.q, a.position.r))
            for a in kingdom.armies.order_by("id")
        ]

    def generals(kingdom: Kingdom) -> list[tuple]:
        rows = Character.objects.filter(kingdom=kingdom).order_by("id")
        return list(rows.values_list("name", "is_general", "is_grand_marshal", "army__name"))

    assert armies(drew) == armies(planned) and generals(drew) == generals(planned)
    assert share_link(drawn) is not None


def test_a_click_without_htmx_comes_back_to_the_editor_with_its_tool(client, gm, drawn):
    client.force_login(gm)
    data = {"tool": "paint", "terrain": "swamp", "q": 0, "r": 0}
    response = client.post(reverse("map-editor", args=[drawn.pk]), data)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("map-editor", args=[drawn.pk]) + "?")
    page = client.get(response["Location"]).content.decode()
    assert 'value="swamp" selected' in page and _hex(drawn, (0, 0)).terrain == "swamp"

    refused = client.post(
        reverse("map-editor", args=[drawn.pk]), {**data, "tool": "shrink", "q": 9}
    )
    assert refused.status_code == 400 and "The map has no hex (9, 0)" in refused.content.decode()


def test_only_the_gm_draws_and_only_while_the_campaign_is_set_up(client, gm, drawn, demo):
    """A player of the campaign is refused (403), a stranger finds nothing (404, as for a
    missing campaign); once started, the map is drawn: the editor says so and changes
    nothing (the Q16 secondary terrains stay the GM's)."""
    ivan = _user("ivan")
    campaign_join(invitation=invitation_link_renew(campaign=drawn, by=gm), user=ivan)
    editor = reverse("map-editor", args=[drawn.pk])
    click = {"tool": "paint", "terrain": "sea", "q": 0, "r": 0}
    player = _client(ivan)
    assert player.get(editor).status_code == 403
    assert player.post(editor, click).status_code == 403
    assert player.post(reverse("map-editor-done", args=[drawn.pk])).status_code == 403

    stranger = _client(_user("zed"))
    missing = stranger.get(reverse("map-editor", args=[987654321]))
    hidden = stranger.get(editor)
    assert (hidden.status_code, hidden.content) == (404, missing.content)
    assert _hex(drawn, (0, 0)).terrain == "fields"

    started = _client(demo.gm)
    editor = reverse("map-editor", args=[demo.campaign.pk])
    page = started.get(editor).content.decode()
    assert "has started: its map is drawn" in page
    assert reverse("gm-hex-terrain", args=[demo.campaign.pk]) in page
    centre = Hex.objects.get(campaign=demo.campaign, q=0, r=0)
    refused = started.post(editor, click)
    assert refused.status_code == 400 and "has started" in refused.content.decode()
    centre.refresh_from_db()
    assert centre.terrain != "sea"


def test_the_players_page_leads_the_gm_to_the_editor(client, gm, drawn):
    client.force_login(gm)
    page = client.get(reverse("campaign-players", args=[drawn.pk])).content.decode()
    assert reverse("map-editor", args=[drawn.pk]) in page
