"""Acting from the map: the hex panel shows what the viewer knows of a hex and the
orders his armies may aim at it, with the rules' reason for each refused one (Table 5);
an army's legal targets light the map. Hidden or off the map answers as missing."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from campaign.models import Hex, Turn
from kingdoms.orders.models import Order
from rules.core import hexgrid
from rules.core.state import Terrain
from tests.api_support import first_army, sea_next_to_the_capital

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _panel(client, campaign, coord, **query):
    url = reverse("hex-panel", args=[campaign.pk, *coord])
    return client.get(url, query, **HTMX)


def _line(html: str, army) -> str:
    """The panel's block of one army: its order and its choices."""
    start = html.index(f'class="hex-army" data-army="{army.pk}"')
    return html[start : html.index("</section>", start)]


def _choice(block: str, label: str) -> str:
    """The list item of one order: its button, and its refusal when refused."""
    start = block.index(f">{label}</button>")
    return block[block.rindex("<li>", 0, start) : block.index("</li>", start)]


@pytest.fixture
def alice(client, demo):
    client.force_login(demo.players["alice"])
    return client


def test_table_5_a_hex_next_to_the_kingdom_offers_the_invasion(alice, demo, invasion_targets):
    """Table 5, A-1.0.4: an adjacent land hex: Invade is a button that posts the hex as
    hidden fields; Patrol is refused with the rules' reason (not her hex)."""
    army = first_army(demo, "alice")
    q, r = invasion_targets(demo.kingdoms["alice"])[0]
    html = _panel(alice, demo.campaign, (q, r)).content.decode()
    block = _line(html, army)
    invade = _choice(block, "Invade")
    assert "disabled" not in invade
    assert f'name="army-{army.pk}-kind" value="invade"' in invade
    assert f'name="army-{army.pk}-target_q" value="{q}"' in invade
    assert f'name="army-{army.pk}-target_r" value="{r}"' in invade
    patrol = _choice(block, "Patrol")
    assert "disabled" in patrol and "a patrol base must be one." in patrol
    assert 'title="Table 5">Table 5</a></small>' in patrol  # its rule, a link beside it
    assert 'type="number"' not in html, "no coordinates to type"


def test_a_1_1_2_1_a_sea_hex_refuses_the_invasion_in_plain_words(alice, demo):
    sea = Hex.objects.filter(campaign=demo.campaign, terrain=Terrain.SEA.value).first()
    html = _panel(alice, demo.campaign, sea.coord).content.decode()
    invade = _choice(_line(html, first_army(demo, "alice")), "Invade")
    assert "disabled" in invade and "sea hexes cannot be invaded" in invade
    assert "Sea" in html


def test_the_tapped_army_leads_the_actions(alice, demo):
    kingdom = demo.kingdoms["alice"]
    armies = list(kingdom.armies.order_by("id"))
    last = armies[-1]
    html = _panel(alice, demo.campaign, kingdom.capital.coord, army=last.pk).content.decode()
    positions = [html.index(f'data-army="{a.pk}"') for a in armies]
    assert min(positions) == html.index(f'data-army="{last.pk}"')


def _title(html: str) -> str:
    """The panel's title as read: its words, then the coordinates in small print."""
    title = re.search(r'<h2 id="hex-panel-title"[^>]*>(.*?)</h2>', html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>", "", title).split())


def test_the_title_names_the_hex_in_words_terrain_first_in_the_readers_language(alice, demo):
    """The title says what the hex is, as the map's accessible name does, terrain first;
    the coordinates are only a small secondary detail."""
    hex_row = Hex.objects.filter(campaign=demo.campaign, terrain=Terrain.FOREST.value).first()
    Hex.objects.filter(pk=hex_row.pk).update(secondary_terrains=["river"], explored=True)
    url = reverse("hex-panel", args=[demo.campaign.pk, *hex_row.coord])
    with translation.override("en"):  # the request's Italian stays with the request
        html = alice.get(url, HTTP_ACCEPT_LANGUAGE="it", **HTMX).content.decode()
    assert _title(html).startswith("Foresta con fiume")
    assert f'<small class="hex-coord">({hex_row.q}, {hex_row.r})</small>' in html
    assert "Hex (" not in html and "Esagono (" not in html


def test_the_panel_shows_the_own_hex_its_owner_and_armies_there(alice, demo):
    kingdom = demo.kingdoms["alice"]
    capital = kingdom.capital
    html = _panel(alice, demo.campaign, capital.coord).content.decode()
    assert _title(html) == f"{capital.get_terrain_display()}, city ({capital.q}, {capital.r})"
    assert kingdom.name in html
    for army in kingdom.armies.filter(position=capital):
        assert army.name in html


def test_e29_an_unexplored_hex_shows_only_what_the_fog_allows(alice, demo):
    """E-29, A-1.0.9: an unexplored hex shows its terrain, not its feature, even when it
    has one; the GM sees it."""
    hidden = (
        Hex.objects.filter(campaign=demo.campaign, owner=None, neutral_kingdom=None)
        .filter(explored=False)
        .exclude(terrain=Terrain.SEA.value)
        .first()
    )
    Hex.objects.filter(pk=hidden.pk).update(feature="wizard_tower")
    html = _panel(alice, demo.campaign, hidden.coord).content.decode()
    assert "unexplored" in html and "Wizard tower" not in html
    alice.force_login(demo.gm)
    assert "Wizard tower" in _panel(alice, demo.campaign, hidden.coord).content.decode()


def test_the_gm_sees_the_hex_but_gives_no_orders(client, demo, invasion_targets):
    client.force_login(demo.gm)
    coord = invasion_targets(demo.kingdoms["alice"])[0]
    html = _panel(client, demo.campaign, coord).content.decode()
    assert _title(html).endswith(f"({coord[0]}, {coord[1]})")
    assert "Orders towards this hex" not in html


def test_no_orders_are_offered_while_the_turn_resolves(alice, demo, invasion_targets):
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    coord = invasion_targets(demo.kingdoms["alice"])[0]
    html = _panel(alice, demo.campaign, coord).content.decode()
    assert "Orders towards this hex" not in html


def test_a_hex_off_the_map_answers_as_a_missing_campaign(alice, demo):
    missing = alice.get(reverse("hex-panel", args=[987654, 0, 0]), **HTMX)
    for coord in ((90, 90), (10**30, 0)):  # E-39: beyond any grid, not a 500
        off = _panel(alice, demo.campaign, coord)
        assert off.status_code == missing.status_code == 404
        assert off.content == missing.content


def test_the_panels_button_saves_the_order_and_says_so(alice, demo, invasion_targets):
    """The panel's Invade form posts to the army's order: "Order saved" and the order
    come back in the block the panel swaps in next to the army's line."""
    army = first_army(demo, "alice")
    q, r = invasion_targets(demo.kingdoms["alice"])[0]
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    data = {f"army-{army.pk}-kind": "invade", f"army-{army.pk}-target_q": q}
    data[f"army-{army.pk}-target_r"] = r
    html = alice.post(url, data, **HTMX).content.decode()
    result = html[html.index('class="order-result"') :]
    assert "Order saved." in result and f"→ ({q}, {r})" in result
    assert Order.objects.get(army=army).target.coord == (q, r)
    panel = _panel(alice, demo.campaign, (q, r)).content.decode()
    assert f"→ ({q}, {r})" in _line(panel, army)


def test_a_refused_order_says_why_next_to_the_army(alice, demo):
    army = first_army(demo, "alice")
    sea = Hex.objects.filter(campaign=demo.campaign, terrain=Terrain.SEA.value).first()
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    data = {f"army-{army.pk}-kind": "invade", f"army-{army.pk}-target_q": sea.q}
    data[f"army-{army.pk}-target_r"] = sea.r
    html = alice.post(url, data, **HTMX).content.decode()
    result = html[html.index('class="order-result"') :]
    assert "sea hexes cannot be invaded" in result[: result.index("</div>")]
    assert not Order.objects.exists()


# The hexes an army may aim at, which the map lights


def _targets(client, demo, army):
    return client.get(reverse("army-targets", args=[demo.campaign.pk, army.pk]))


def test_table_5_the_lit_hexes_are_those_the_rules_allow(alice, demo, invasion_targets):
    """Table 5, A-1.0.4, E-16: the invasion targets are the land hexes adjacent to her
    non-orphan hexes; patrol bases are her own hexes; every lit hex is one the order
    form takes."""
    kingdom = demo.kingdoms["alice"]
    army = first_army(demo, "alice")
    data = _targets(alice, demo, army).json()
    assert data["army"] == army.pk and data["at"] == list(army.position.coord)
    assert {tuple(c) for c in data["targets"]["invade"]} == set(invasion_targets(kingdom))
    own = set(kingdom.hexes.filter(is_orphan=False).values_list("q", "r"))
    assert {tuple(c) for c in data["targets"]["patrol"]} <= own
    assert all(tuple(c) not in own for c in data["targets"]["scout"])


def test_a_1_1_2_2_a_hex_across_one_sea_hex_is_lit_for_invasion(alice, demo):
    """A-1.1.2.2, E-16: a land hex across exactly one sea hex is adjacent: lit."""
    kingdom = demo.kingdoms["alice"]
    hexes = {h.coord: h for h in Hex.objects.filter(campaign=demo.campaign)}
    own = {c for c, h in hexes.items() if h.owner_id == kingdom.pk and not h.is_orphan}
    near = {n for c in own for n in hexgrid.neighbours(c)}
    sea, beyond = next(
        (cell, far)
        for cell in sorted(near - own)
        if cell in hexes and hexes[cell].owner_id is None
        for far in hexgrid.neighbours(cell)
        if far in hexes and far not in near | own and hexes[far].terrain != Terrain.SEA
    )
    Hex.objects.filter(pk=hexes[sea].pk).update(terrain=Terrain.SEA.value, feature="")
    lit = {
        tuple(c)
        for c in _targets(alice, demo, first_army(demo, "alice")).json()["targets"]["invade"]
    }
    assert beyond in lit and sea not in lit


def test_another_players_army_answers_as_a_missing_one(alice, demo):
    bobs = _targets(alice, demo, first_army(demo, "bob"))
    missing = alice.get(reverse("army-targets", args=[demo.campaign.pk, 987654]))
    assert bobs.status_code == missing.status_code == 404
    assert bobs.content == missing.content


def test_e14_a_resting_army_lights_nothing(alice, demo):
    """E-14: an army whose allocation was raised on its Rest rests: no target."""
    army = first_army(demo, "alice")
    army.rest_required_turn = demo.turn.number
    army.save(update_fields=["rest_required_turn"])
    targets = _targets(alice, demo, army).json()["targets"]
    assert not any(targets.values())


# The cost of one hex does not grow with the map


def _queries(client, campaign, coord, army) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert _panel(client, campaign, coord, army=army.pk).status_code == 200
        assert client.get(reverse("army-targets", args=[campaign.pk, army.pk])).status_code == 200
    return len(queries)


def test_the_panel_asks_no_more_queries_of_a_bigger_map(client, django_assert_max_num_queries):
    """A hex's panel and an army's lit hexes ask the same queries of a 200-hex map as of
    a 40-hex one."""
    from campaign.campaigns.setup import demo_campaign_create

    small = demo_campaign_create(hexes=40, players=4, seed="small")
    client.force_login(small.players["alice"])
    army = first_army(small, "alice")
    count = _queries(client, small.campaign, small.kingdoms["alice"].capital.coord, army)
    big = demo_campaign_create(hexes=200, players=4, seed="big")
    client.force_login(big.players["alice"])
    army = first_army(big, "alice")
    with django_assert_max_num_queries(count):
        _queries(client, big.campaign, big.kingdoms["alice"].capital.coord, army)


# Edicts and builds in one's own hex


def _own_hex(demo) -> Hex:
    """One of alice's hexes that is not her capital (§5.3)."""
    kingdom = demo.kingdoms["alice"]
    return kingdom.hexes.exclude(pk=kingdom.capital_id).filter(is_orphan=False).first()


def test_table_2_an_own_hex_offers_its_loot_and_the_capital_refuses_it(alice, demo):
    """Table 2, Table 4: Loot is a button in an own hex; in the capital it is refused
    with the reason."""
    own = _own_hex(demo)
    html = _panel(alice, demo.campaign, own.coord).content.decode()
    loot = _choice(html, "Loot")
    assert "disabled" not in loot and 'name="edict-kind" value="loot"' in loot
    assert f'name="edict-hex_q" value="{own.q}"' in loot
    capital = demo.kingdoms["alice"].capital
    refused = _choice(_panel(alice, demo.campaign, capital.coord).content.decode(), "Loot")
    assert "disabled" in refused and "is your capital" in refused


def test_table_10_builds_show_their_price_and_refusals(alice, demo):
    """Table 10, A-1.1.3: a watchtower costs its price; a great fortress needs a fortress
    to upgrade, and says so."""
    own = _own_hex(demo)
    html = _panel(alice, demo.campaign, own.coord).content.decode()
    watchtower = _choice(html, "Build a watchtower")
    assert f"{demo.campaign.ruleset.watchtower_cost} power" in watchtower
    great = _choice(html, "Upgrade a fortress to a great fortress")
    assert "disabled" in great and "no fortress to upgrade" in great


def test_another_kingdoms_hex_offers_no_edicts_nor_builds(alice, demo):
    bobs = demo.kingdoms["bob"].capital
    html = _panel(alice, demo.campaign, bobs.coord).content.decode()
    assert "Loot" not in html and "Build a watchtower" not in html


def test_the_panels_loot_is_decreed_and_said_so(alice, demo):
    own = _own_hex(demo)
    data = {"edict-hex_q": own.q, "edict-hex_r": own.r, "edict-kind": "loot"}
    html = alice.post(reverse("edicts", args=[demo.campaign.pk]), data, **HTMX).content.decode()
    assert "Edicts saved." in html
    again = _choice(_panel(alice, demo.campaign, own.coord).content.decode(), "Loot")
    assert "disabled" in again and "already has an edict this turn" in again


def test_a_1_1_2_4_a_patrol_ticks_the_land_across_the_sea(alice, demo):
    """A-1.1.2.4: a patrol on a base by the sea names k of the land hexes across it: the
    panel offers them as boxes, k ticked; the ticked ones are the order's."""
    capital, k, candidates = sea_next_to_the_capital(demo)
    army = first_army(demo, "alice")
    html = _panel(alice, demo.campaign, capital).content.decode()
    patrol = _choice(_line(html, army), "Patrol")
    boxes = [f'value="{q},{r}"' for q, r in candidates]
    assert all(box in patrol for box in boxes)
    assert patrol.count(" checked") == k
    chosen = candidates[-k:]
    data = {f"army-{army.pk}-kind": "patrol", f"army-{army.pk}-target_q": capital[0]}
    data[f"army-{army.pk}-target_r"] = capital[1]
    data[f"army-{army.pk}-sea_cover"] = [f"{q},{r}" for q, r in chosen]
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    assert "Order saved." in alice.post(url, data, **HTMX).content.decode()
    assert Order.objects.get(army=army).sea_cover == [list(cell) for cell in chosen]


def test_table_11_an_unowned_hex_offers_pacifying_or_says_why_not(alice, demo, invasion_targets):
    """Table 11: the neutral defenders of an explored unowned hex next to the kingdom may
    be pacified for 1 to 3 power; an unexplored one's defender is not known, and the
    panel says so; a player's hex offers none."""
    kingdom = demo.kingdoms["alice"]
    hexes = Hex.objects.filter(campaign=demo.campaign)
    free = next(c for c in invasion_targets(kingdom) if hexes.get(q=c[0], r=c[1]).owner_id is None)
    row = hexes.filter(q=free[0], r=free[1])
    row.update(explored=False, neutral_kingdom=None)
    html = _panel(alice, demo.campaign, free).content.decode()
    assert "disabled>Pacify neutrals</button>" in html
    assert "has not been explored: its defender is not known" in html
    row.update(explored=True, scouted_only=False, feature="town", defender_points=300)
    html = _panel(alice, demo.campaign, free).content.decode()
    form = html[html.index('name="kind" value="pacify"') :]
    assert all(f'<option value="{n}">' in form for n in (1, 2, 3))
    assert 'class="primary">Pacify neutrals</button>' in form
    bobs = demo.kingdoms["bob"].capital.coord
    assert "Pacify neutrals" not in _panel(alice, demo.campaign, bobs).content.decode()
