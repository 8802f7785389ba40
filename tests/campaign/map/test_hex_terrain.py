"""Q16 (campaign-rules.md §7, A-1.1.1 "one or more" terrain types): the GM gives a hex
secondary terrains, on his page or by the API; each adds one roll on its own table
(§5.11, Tables 26–30) to the ticket of the next tabletop battle fought there. Refusals
name the value and save nothing; the terrains are public on the map like the primary.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from battles.models import Battle
from campaign.core.errors import Refused
from campaign.map.services import hex_secondary_terrains_set
from campaign.models import Hex, TurnEvent
from rules.battles.tabletop import MAX_SECONDARY_TERRAINS
from rules.battles.tabletop_tables import TERRAIN_TABLES
from rules.core.state import Terrain
from tests.api_support import api, battle_in_bobs_hex, token_client

pytestmark = pytest.mark.django_db

LAND = [t.value for t in Terrain if t in TERRAIN_TABLES]


def _table(terrain: str) -> str:
    """The source a Tables 26–30 piece carries: "Table 28" for a swamp."""
    return f"Table {TERRAIN_TABLES[Terrain(terrain)][0].removeprefix('table-')}"


def _others(hex_row: Hex, count: int = 2) -> list[str]:
    """Land terrains the hex may take as secondary ones: not its primary."""
    return [t for t in LAND if t != hex_row.terrain][:count]


def _land_hex(demo, **filters) -> Hex:
    return (
        Hex.objects.filter(campaign=demo.campaign, **filters)
        .exclude(terrain=Terrain.SEA)
        .order_by("q", "r")
        .first()
    )


def _page(demo) -> str:
    return reverse("gm-hex-terrain", args=[demo.campaign.pk])


def _nothing_saved(hex_row: Hex, before: list[str]) -> None:
    hex_row.refresh_from_db()
    assert hex_row.secondary_terrains == before
    assert not TurnEvent.objects.filter(kind="SecondaryTerrainsSet").exists()


# The service ----------------------------------------------------------------------------


def test_q16_the_gm_sets_secondary_terrains_in_the_rulebooks_order(demo):
    """Q16: stored in A-1.1.1's order whatever the order given; told to the GM alone."""
    hex_row = _land_hex(demo)
    wanted = _others(hex_row, 3)
    hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=list(reversed(wanted)))
    hex_row.refresh_from_db()
    assert hex_row.secondary_terrains == wanted
    entry = TurnEvent.objects.get(kind="SecondaryTerrainsSet")
    assert (entry.public, entry.kingdom_ids, entry.rule) == (False, [], "Q16 §5.11")
    assert entry.payload["hex"] == [hex_row.q, hex_row.r]
    assert entry.payload["secondary_terrains"] == wanted and entry.payload["before"] == []
    # the same again changes nothing and tells nothing; [] clears them
    hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=wanted)
    assert TurnEvent.objects.filter(kind="SecondaryTerrainsSet").count() == 1
    hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=[])
    hex_row.refresh_from_db()
    assert hex_row.secondary_terrains == []


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda h: ["sea"], "'sea' cannot be a secondary terrain"),
        (lambda h: [h.terrain], "is the hex's primary terrain"),
        (lambda h: [_others(h)[0], _others(h)[0]], "is listed twice"),
        (lambda h: ["lava"], "'lava' is not a land terrain"),
        (lambda h: _others(h, MAX_SECONDARY_TERRAINS + 1), f"At most {MAX_SECONDARY_TERRAINS}"),
    ],
    ids=["sea", "primary", "duplicate", "unknown", "too-many"],
)
def test_q16_a_bad_secondary_terrain_is_refused_by_name_and_nothing_saved(demo, make, words):
    hex_row = _land_hex(demo)
    with pytest.raises(Refused) as refused:
        hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=make(hex_row))
    assert words in refused.value.message
    assert (refused.value.field, refused.value.status) == ("secondary_terrains", 400)
    _nothing_saved(hex_row, [])


def test_q16_a_sea_hex_takes_no_secondary_terrains(demo):
    """A-1.1.2.1: no battle is fought in a sea hex, so no ticket ever rolls there."""
    sea = Hex.objects.filter(campaign=demo.campaign, terrain=Terrain.SEA).first()
    with pytest.raises(Refused) as refused:
        hex_secondary_terrains_set(hex=sea, by=demo.gm, terrains=["forest"])
    assert refused.value.field == "hex" and "sea hex" in refused.value.message
    _nothing_saved(sea, [])


def test_q16_a_player_may_not_set_secondary_terrains(demo):
    hex_row = _land_hex(demo, owner=demo.kingdoms["alice"])
    with pytest.raises(Refused) as refused:
        hex_secondary_terrains_set(
            hex=hex_row, by=demo.players["alice"], terrains=_others(hex_row, 1)
        )
    assert refused.value.status == 403 and "game master" in refused.value.message
    _nothing_saved(hex_row, [])


# The ticket (§5.11) -----------------------------------------------------------------------


def _both_opt_in(demo, battle: Battle) -> None:
    for role, player in (("attacker", "alice"), ("defender", "bob")):
        side = battle.sides.get(role=role)
        url = f"/api/battles/sides/{side.pk}/decision/"
        body = {"decision": "fight", "tabletop": True}
        response = token_client(demo.players[player]).post(url, body, format="json")
        assert response.status_code == 200, response.json()
    battle.refresh_from_db()


def test_q16_s5_11_the_next_ticket_in_the_hex_rolls_each_secondary_terrains_table(client, demo):
    """Q16, §5.11: the GM ticks two secondary terrains on his page (HTMX); when both
    sides opt in to the tabletop, the ticket rolls d3 + 2 pieces on the primary terrain's
    table and one more on each secondary terrain's, each roll logged. A ticket already
    rolled keeps its pieces when the GM changes the hex afterwards."""
    battle = battle_in_bobs_hex(demo)
    hex_row = battle.hex
    wanted = [t for t in LAND if _table(t) != _table(hex_row.terrain)][:2]
    client.force_login(demo.gm)
    body = {"q": hex_row.q, "r": hex_row.r, "secondary_terrains": wanted}
    response = client.post(_page(demo), body, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Saved" in response.content.decode()
    hex_row.refresh_from_db()
    assert hex_row.secondary_terrains == wanted

    _both_opt_in(demo, battle)
    assert battle.mode == Battle.Mode.TABLETOP
    sources = [piece["source"] for piece in battle.terrain]
    assert 3 <= sources.count(_table(hex_row.terrain)) <= 5
    for terrain in wanted:
        assert sources.count(_table(terrain)) == 1, (terrain, battle.terrain)
    rolled = TurnEvent.objects.get(kind="TerrainRolled")
    purposes = [roll["purpose"] for roll in rolled.payload["rolls"]]
    for terrain in wanted:
        assert any(f"({terrain}) terrain piece" in purpose for purpose in purposes)

    ticket = battle.terrain
    hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=[])
    battle.refresh_from_db()
    assert battle.terrain == ticket, "rolled once, from the seed"


# The GM's page ----------------------------------------------------------------------------


def test_the_console_links_to_the_hex_terrain_page(client, demo):
    client.force_login(demo.gm)
    html = client.get(reverse("gm-console", args=[demo.campaign.pk])).content.decode()
    assert _page(demo) in html


def test_the_page_shows_a_hex_with_its_primary_terrain_boxed_off(client, demo):
    hex_row = _land_hex(demo)
    hex_secondary_terrains_set(hex=hex_row, by=demo.gm, terrains=_others(hex_row, 1))
    client.force_login(demo.gm)
    response = client.get(_page(demo), {"q": hex_row.q, "r": hex_row.r})
    html = response.content.decode()
    assert response.status_code == 200
    assert f'value="{hex_row.terrain}" id="hex-terrain-secondary_terrains_' in html
    primary = html.split(f'value="{hex_row.terrain}"', 1)[1].split(">", 1)[0]
    assert "disabled" in primary, "the primary terrain cannot be ticked"
    ticked = html.split(f'value="{_others(hex_row, 1)[0]}"', 1)[1].split(">", 1)[0]
    assert "checked" in ticked
    assert "Hexes with secondary terrains" in html  # the list, each hex a link


def test_the_page_refuses_by_the_boxes_and_saves_nothing(client, demo):
    hex_row = _land_hex(demo)
    client.force_login(demo.gm)
    too_many = _others(hex_row, MAX_SECONDARY_TERRAINS + 1)
    response = client.post(_page(demo), {"q": hex_row.q, "r": hex_row.r,
                                         "secondary_terrains": too_many})  # fmt: skip
    assert response.status_code == 400
    assert f"At most {MAX_SECONDARY_TERRAINS} secondary terrains" in response.content.decode()
    response = client.post(
        _page(demo),
        {"q": hex_row.q, "r": hex_row.r, "secondary_terrains": [hex_row.terrain]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200  # HTMX swaps only successes
    assert "primary terrain" in response.content.decode()
    _nothing_saved(hex_row, [])


def test_a1_1_1_the_page_names_an_unknown_terrain_in_words_with_the_rule_as_a_link(client, demo):
    """A-1.1.1: the field error says what is wrong in plain words; the rule it breaks is a
    link into the rulebook beside it, not part of the sentence."""
    hex_row = _land_hex(demo)
    client.force_login(demo.gm)
    response = client.post(_page(demo), {"q": hex_row.q, "r": hex_row.r,
                                         "secondary_terrains": ["lava"]})  # fmt: skip
    page = response.content.decode()
    assert response.status_code == 400
    assert "is not a land terrain." in page and "(A-1.1.1)" not in page
    assert 'href="/rulebook/' in page and ">A-1.1.1</a>" in page
    _nothing_saved(hex_row, [])


def test_the_page_names_an_unknown_hex(client, demo):
    client.force_login(demo.gm)
    response = client.get(_page(demo), {"q": 99, "r": 99})
    assert (
        response.status_code == 400 and "The map has no hex (99, 99)." in response.content.decode()
    )
    response = client.post(_page(demo), {"q": 99, "r": 99, "secondary_terrains": ["forest"]})
    assert (
        response.status_code == 400 and "The map has no hex (99, 99)." in response.content.decode()
    )
    assert not TurnEvent.objects.filter(kind="SecondaryTerrainsSet").exists()


def test_a_plain_post_saves_and_comes_back_to_the_hex(client, demo):
    hex_row = _land_hex(demo)
    client.force_login(demo.gm)
    wanted = _others(hex_row, 1)
    response = client.post(_page(demo), {"q": hex_row.q, "r": hex_row.r,
                                         "secondary_terrains": wanted})  # fmt: skip
    assert response.status_code == 302
    assert response["Location"] == f"{_page(demo)}?q={hex_row.q}&r={hex_row.r}&saved=1"
    assert "Saved" in client.get(response["Location"]).content.decode()


def test_a_player_gets_no_hex_terrain_page(client, demo):
    hex_row = _land_hex(demo)
    client.force_login(demo.players["alice"])
    assert client.get(_page(demo)).status_code == 403
    body = {"q": hex_row.q, "r": hex_row.r, "secondary_terrains": _others(hex_row, 1)}
    assert client.post(_page(demo), body).status_code == 403
    _nothing_saved(hex_row, [])


# The API ---------------------------------------------------------------------------------


def _hex_url(demo, hex_row: Hex) -> str:
    return api(demo, f"hexes/{hex_row.q}/{hex_row.r}/")


def test_q16_the_gm_patches_a_hex_and_gets_it_as_the_map_shows_it(demo):
    hex_row = (
        Hex.objects.filter(campaign=demo.campaign, q__lt=0)
        .exclude(terrain=Terrain.SEA)
        .order_by("q", "r")
        .first()
    )  # a negative coordinate in the path (E-39)
    wanted = _others(hex_row)
    response = token_client(demo.gm).patch(
        _hex_url(demo, hex_row), {"secondary_terrains": wanted}, format="json"
    )
    assert response.status_code == 200, response.json()
    shown = response.json()
    assert (shown["q"], shown["r"], shown["terrain"]) == (hex_row.q, hex_row.r, hex_row.terrain)
    assert shown["secondary_terrains"] == wanted
    on_map = {
        (h["q"], h["r"]): h for h in token_client(demo.gm).get(api(demo, "map/")).json()["hexes"]
    }
    assert on_map[(hex_row.q, hex_row.r)] == shown
    # left out, they stay as they are
    response = token_client(demo.gm).patch(_hex_url(demo, hex_row), {}, format="json")
    assert response.json()["secondary_terrains"] == wanted


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"secondary_terrains": ["sea"]}, "'sea' cannot be a secondary terrain"),
        ({"secondary_terrains": ["lava"]}, "'lava' is not a land terrain"),
        ({"secondary_terrains": "forest"}, "secondary_terrains:"),
    ],
)
def test_the_api_refuses_bad_terrains_with_400_and_the_field(demo, body, words):
    hex_row = _land_hex(demo)
    response = token_client(demo.gm).patch(_hex_url(demo, hex_row), body, format="json")
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert response.json()["field"] == "secondary_terrains"
    _nothing_saved(hex_row, [])


def test_the_api_answers_a_player_403_and_an_unknown_hex_404(demo, django_user_model):
    hex_row = _land_hex(demo)
    body = {"secondary_terrains": _others(hex_row, 1)}
    player = token_client(demo.players["alice"]).patch(_hex_url(demo, hex_row), body, format="json")
    assert player.status_code == 403 and "game master" in player.json()["detail"]
    unknown = token_client(demo.gm).patch(api(demo, "hexes/99/-99/"), body, format="json")
    assert unknown.status_code == 404 and "(99, -99)" in unknown.json()["detail"]
    outsider = token_client(django_user_model.objects.create_user("mallory"))
    assert outsider.patch(_hex_url(demo, hex_row), body, format="json").status_code == 404
    _nothing_saved(hex_row, [])


# The map: public like the terrain (A-1.0.3, A-1.1.1) -------------------------------------


def test_q16_every_member_sees_secondary_terrains_where_he_sees_the_terrain(client, demo):
    """A-1.0.3: a hex outside one's kingdom is blank but for its terrain types, so a
    fogged hex shows its secondary terrains to every player; the chronicle entry that
    set them is the GM's alone, and so is the page."""
    fogged = _land_hex(demo, owner__isnull=True, explored=False, neutral_kingdom__isnull=True)
    wanted = _others(fogged, 1)
    hex_secondary_terrains_set(hex=fogged, by=demo.gm, terrains=wanted)
    for user in (demo.gm, demo.players["alice"], demo.players["bob"]):
        hexes = token_client(user).get(api(demo, "map/")).json()["hexes"]
        seen = next(h for h in hexes if (h["q"], h["r"]) == (fogged.q, fogged.r))
        assert seen["secondary_terrains"] == wanted
        assert all(h["secondary_terrains"] == [] for h in hexes if h is not seen)
    client.force_login(demo.players["alice"])
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    label = f"{fogged.terrain.title()} with {wanted[0]}"  # the hex's name, terrain first
    assert f'data-q="{fogged.q}" data-r="{fogged.r}" aria-label="{label}' in page
    gm_chronicle = token_client(demo.gm).get(api(demo, "chronicle/")).json()
    assert any(e["kind"] == "SecondaryTerrainsSet" for e in gm_chronicle)
    player_chronicle = token_client(demo.players["alice"]).get(api(demo, "chronicle/")).json()
    assert not any(e["kind"] == "SecondaryTerrainsSet" for e in player_chronicle)


def test_q16_the_admin_holds_secondary_terrains_to_the_same_rules(demo, admin_client):
    """A correction in the admin cannot store what the GM's page would refuse."""
    from django.forms.models import model_to_dict, modelform_factory

    from campaign.admin import HexAdminForm

    form = modelform_factory(Hex, form=HexAdminForm, fields="__all__")  # as the admin does
    hex_row = _land_hex(demo)
    data = {key: value for key, value in model_to_dict(hex_row).items() if value is not None}
    bad = form(data={**data, "secondary_terrains": '["sea"]'}, instance=hex_row)
    assert not bad.is_valid()
    assert "'sea' cannot be a secondary terrain" in bad.errors["secondary_terrains"][0]
    wanted = _others(hex_row)
    good = form(
        data={**data, "secondary_terrains": f'["{wanted[1]}", "{wanted[0]}"]'}, instance=hex_row
    )
    assert good.is_valid(), good.errors
    assert good.cleaned_data["secondary_terrains"] == wanted
    page = admin_client.get(reverse("admin:campaign_hex_change", args=[hex_row.pk]))
    assert page.status_code == 200 and "secondary_terrains" in page.content.decode()
