"""The map's drawing (campaign.map.svg, campaign.map.marks): symbols for what stands in a
hex, the viewer's own orders as arrows and his patrols' cover, battles and orphans marked,
hexes in chunks, and a legend that explains everything the map draws."""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.urls import reverse

from campaign.map import svg as mapsvg
from kingdoms.orders.services import order_submit
from rules.core.state import Defence, Feature, Terrain
from rules.turn.orders import patrol_area, sea_swap
from tests.api_support import battle_between_alice_and_bob

KINGDOMS = {
    1: mapsvg.KingdomInfo("Averland", "#c0392b"),
    2: mapsvg.KingdomInfo("Kislev", "#2e86c1"),
}

# Classes that structure the drawing or carry behaviour, not a look the legend explains.
STRUCTURE = {
    "map", "m-hex", "m-chunk", "m-cell", "m-sym", "m-sym-cut", "m-overlay", "m-order",
    "m-patrol", "m-battle", "m-army-marker", "m-army-label", "m-ghost", "m-off", "m-coord",
    "m-border",  # the kingdoms' colours: the legend's swatches, tested below
    "m-pirate",  # new-rules.md §6: its ship symbol is the legend's
}  # fmt: skip


def _hex(q: int, r: int, **facts) -> dict:
    return {
        "q": q, "r": r, "terrain": "fields", "secondary_terrains": [], "owner": None,
        "explored": True, "neutral_kingdom": None, "orphan": False, "feature": None,
        "minor_feature": None, "defence": None, "watchtower": False, "defender_points": None,
        "scouted": None, "siege": None, **facts,
    }  # fmt: skip


class _Army:
    def __init__(self, pk: int, kingdom: int, q: int, r: int):
        self.pk, self.name, self.kingdom_id, self.points = pk, f"Army {pk}", kingdom, 1200
        self.position = type("Hex", (), {"q": q, "r": r})()


def _everything() -> str:
    """A map drawing every terrain, feature, defence and mark once at least."""
    features = [*Feature, None]
    hexes = [
        _hex(
            i, 0, terrain=terrain, feature=features[i % len(features)],
            defence=[*Defence, None][i % 3], watchtower=i % 2 == 0,
            owner=None if i == 4 else 1 + i % 2,
            orphan=i == 3, explored=i != 4, neutral_kingdom=9 if i in (5, 6) else None,
            siege={"id": 1, "page": "/sieges/1/"} if i == 2 else None,
            scouted={"turn": 1, "level": "lost"} if i == 4 else None,
        )
        for i, terrain in enumerate([*Terrain, *Terrain])
    ] + [_hex(i, 1, feature=feature) for i, feature in enumerate(Feature)]  # fmt: skip
    hexes.append(_hex(20, 1, terrain="lava"))  # a terrain the map does not know
    hexes.append(_hex(21, 1, owner=1, site="trading_post"))  # NR-WILD-5
    arrows = [mapsvg.Arrow(7, "Army 7", kind, (0, 0), (2, 0)) for kind in mapsvg.ARROW_KINDS]
    return mapsvg.render_map(
        hexes,
        KINGDOMS,
        [_Army(7, 1, 0, 0)],
        viewer_kingdom_id=1,
        neutral_names={9: "Ostland"},
        neutral_capitals={(5, 0)},
        orders=arrows,
        battles=[mapsvg.BattleMark(3, 0, "Battle 1, fought: Averland, Kislev")],
        patrol_cover={(0, 0), (1, 0)},
        pirates=[(1, 1)],
    )


def _classes(html: str) -> set[str]:
    return {name for value in re.findall(r'class="([^"]*)"', html) for name in value.split()}


def test_every_feature_defence_and_mark_is_a_symbol_defined_once_and_reused():
    """Features (A-1.1.4, A-1.1.5), fortifications and watchtowers (A-1.1.3), neutral
    land and capitals, sieges (E-37) and battles: a <symbol> each, placed with <use>."""
    svg = _everything()
    names = [*Feature, *Defence, "watchtower", "neutral", "neutral_capital", "siege", "battle"]
    for name in names:
        assert svg.count(f'<symbol id="m-s-{name}"') == 1, name
        assert f'href="#m-s-{name}"' in svg, name
    assert "<text" not in svg.replace('<text class="m-army-label">', ""), "no letters"
    for terrain in Terrain:
        assert f'fill="url(#m-p-{terrain})"' in svg, terrain


def test_a_hex_is_named_by_what_the_viewer_sees_terrain_first_never_coordinates():
    svg = mapsvg.render_map(
        [
            _hex(
                3,
                -1,
                terrain="forest",
                secondary_terrains=["swamp"],
                owner=1,
                orphan=True,
                feature="town",
                defender_points=None,
            )
        ],  # fmt: skip
        KINGDOMS,
    )
    label = re.search(r'class="m-hex" data-q="3" data-r="-1" aria-label="([^"]*)"', svg).group(1)
    assert label == "Forest with swamp; held by Averland (orphan); town"


def test_the_hexes_come_in_chunks_that_know_their_box():
    """About 200 hexes a chunk, each with the box map-view.js hides it by."""
    hexes = [_hex(q, r - q // 2) for q in range(40) for r in range(40)]
    svg = mapsvg.render_map(hexes, {})
    chunks = re.findall(
        r'<g class="m-chunk" data-bbox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)">', svg
    )
    assert 8 <= len(chunks) <= 16
    assert svg.count('class="m-hex"') == 1600
    for body in svg.split('<g class="m-chunk"')[1:]:
        assert body.count('class="m-hex"') <= mapsvg.CHUNK**2


def test_one_hex_is_in_the_tab_order_the_home_one():
    hexes = [_hex(q, r) for q in range(5) for r in range(5)]
    svg = mapsvg.render_map(hexes, {}, home=(3, 2))
    assert svg.count('tabindex="0"') == 1
    assert re.search(r'data-q="3" data-r="2"[^>]*tabindex="0"', svg)
    assert 'data-home="3,2"' in svg
    middle = mapsvg.render_map(hexes, {})  # no capital: the middle of the map
    assert 'data-home="2,1"' in middle or 'data-home="2,2"' in middle


def test_an_orphan_hex_is_marked():
    """Q14: an orphan hex bears its own mark, and says so in its name."""
    svg = mapsvg.render_map([_hex(0, 0, owner=1, orphan=True), _hex(1, 0, owner=1)], KINGDOMS)
    assert svg.count('class="m-orphan"') == 1
    assert "(orphan)" in svg


def test_arrows_are_the_given_orders_with_the_army_and_target_as_data():
    svg = mapsvg.render_map(
        [_hex(0, 0), _hex(1, 0), _hex(2, 0)],
        KINGDOMS,
        orders=[
            mapsvg.Arrow(4, "Army 4", "invade", (0, 0), (1, 0)),
            mapsvg.Arrow(5, "Army 5", "rest", (0, 0), (0, 0)),  # nowhere to point
        ],
    )
    assert svg.count('class="m-order ') == 1
    assert 'class="m-order m-order-invade" data-army="4" data-q="1" data-r="0"' in svg
    assert "Army 4 invades this hex" in svg


def _legend(tiles: bool = True) -> str:
    """The legend of a campaign that plays the supplement's tiles (new-rules.md §2)."""
    return render_to_string(
        "campaign/map/partials/legend.html",
        {
            "legend": [{"name": k.name, "colour": k.colour} for k in KINGDOMS.values()],
            "map_tiles": mapsvg.tile_legend(tiles),
        },
    )


def test_the_legend_explains_every_class_and_symbol_the_map_draws():
    svg = _everything()
    legend = _legend()
    drawn = _classes(svg.split("</defs>")[1]) - STRUCTURE  # what is drawn, not defined
    assert {"m-t-forest", "m-s-town", "m-order-invade", "m-fog", "m-orphan"} <= drawn
    missing = drawn - _classes(legend)
    assert not missing, f"the legend does not explain {sorted(missing)}"
    for info in KINGDOMS.values():  # the borders' and armies' colours
        assert info.name in legend and f'fill="{info.colour}"' in legend
    assert legend.count("<details") == 1, "the legend folds away"


def test_each_new_tile_has_its_own_look_and_a_legend_entry_only_when_played():
    """new-rules.md §2: each supplement tile is drawn with a pattern of its own, unlike any
    other terrain's, and named in the legend of a campaign that plays them (its
    ``new_tiles`` option), never in another's."""
    defs = _everything().split("</defs>")[0]
    patterns = re.findall(r'<pattern id="m-p-([a-z_]+)".*?</pattern>', defs)
    bodies = re.findall(r'(<pattern id="m-p-[a-z_]+".*?</pattern>)', defs)
    assert set(patterns) == {t.value for t in Terrain}
    looks = [body.split(">", 1)[1] for body in bodies]
    assert len(set(looks)) == len(looks), "two terrains look alike"
    played, unplayed = _legend(tiles=True), _legend(tiles=False)
    for tile in mapsvg.SUPPLEMENT_TILES:
        assert f"m-t-{tile.value}" in played and f"url(#m-p-{tile.value})" in played
        assert f"m-t-{tile.value}" not in unplayed
    assert "Rocky promontory" in played and "Volcano" in played


def test_a_player_s_map_draws_his_own_orders_never_another_kingdom_s(
    client, demo, invasion_targets
):
    """Orders are their kingdom's and the GM's alone (kingdoms.orders.selectors)."""
    alice_army = demo.kingdoms["alice"].armies.order_by("pk").first()
    bob_army = demo.kingdoms["bob"].armies.order_by("pk").first()
    for player, army in (("alice", alice_army), ("bob", bob_army)):
        target = invasion_targets(demo.kingdoms[player])[0]
        order_submit(army=army, by=demo.players[player], kind="invade", target=target)

    def drawn(user) -> str:
        client.force_login(user)
        page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
        return page.split('<svg class="map"')[1].split("</svg>")[0]

    alice_map = drawn(demo.players["alice"])
    assert f'class="m-order m-order-invade" data-army="{alice_army.pk}"' in alice_map
    assert f'data-army="{bob_army.pk}"' not in alice_map.split("m-order")[-1]
    assert alice_map.count('class="m-order ') == 1
    assert drawn(demo.gm).count('class="m-order ') == 2, "the GM sees every order"


def test_a_patrol_s_cover_is_drawn_for_its_kingdom_alone_a_1_1_2_4(client, demo):
    """Table 5, A-1.1.2.4: the hexes a patrol covers, as the rules engine counts them,
    are tinted on its player's map, with an arrow to each it covers across the sea;
    nobody else's map shows them."""
    from campaign.pipeline.snapshot import snapshot_load

    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.order_by("pk").first()
    base = kingdom.capital.coord
    world = snapshot_load(demo.campaign, demo.turn.number).world
    seas, candidates = sea_swap(world, base)
    across = candidates[:seas]
    order_submit(army=army, by=demo.players["alice"], kind="patrol", target=base, sea_cover=across)
    expected = patrol_area(world, base, across)

    client.force_login(demo.players["alice"])
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    covered = re.findall(r'class="m-patrol" data-q="(-?\d+)" data-r="(-?\d+)"', page)
    assert {(int(q), int(r)) for q, r in covered} == set(expected)
    assert "Covered by your patrol" in page
    sea_arrows = re.findall(
        r'm-order-sea_cover" data-army="\d+" data-q="(-?\d+)" data-r="(-?\d+)"', page
    )
    assert {(int(q), int(r)) for q, r in sea_arrows} == set(across)

    client.force_login(demo.players["bob"])
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    assert 'class="m-patrol"' not in page and "m-order-sea_cover" not in page.split("<details")[0]


def test_a_battle_of_the_turn_is_marked_on_every_player_s_map(client, demo):
    """Everyone sees where a battle is and who fights it (battles.decisions.selectors,
    E-29): the mark stands on the battle's hex, on a bystander's map too."""
    battle = battle_between_alice_and_bob(demo)
    where = f'class="m-battle" data-q="{battle.hex.q}" data-r="{battle.hex.r}"'
    for player in ("alice", "carol"):
        client.force_login(demo.players[player])
        page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
        assert page.count('class="m-battle"') == 1
        assert where in page
        alice, bob = demo.kingdoms["alice"].name, demo.kingdoms["bob"].name
        assert f"Battle 1, to be fought: {alice}, {bob}" in page


def test_pirate_ships_are_on_every_player_s_map_nr_pirate(client, demo):
    """new-rules.md §6: pirates are seen where they sail, by everyone, while the campaign
    plays the_sea; with the module off, its state draws nothing."""
    campaign = demo.campaign
    campaign.module_state = {"the_sea": {"pirates": {"1": {"at": [1, 0], "home": [1, 0]}}}}
    campaign.save(update_fields=["module_state"])
    client.force_login(demo.players["carol"])
    url = reverse("campaign-detail", args=[campaign.pk])
    assert 'class="m-pirate"' not in client.get(url).content.decode()
    campaign.ruleset_overrides = {"options": {"the_sea": 1}}
    campaign.save(update_fields=["ruleset_overrides"])
    page = client.get(url).content.decode()
    assert page.count('class="m-pirate" data-q="1" data-r="0"') == 1


def _wide_map() -> list[dict]:
    """A map 102 columns wide, wider than a screen shows hexes readably: fields, with a
    forest column and a terrain the map does not know in the east corner, alice's
    explored land at the west end and the rest under fog."""
    return [
        _hex(
            q, r - q // 2,
            terrain="forest" if q == 50 else "lava" if (q, r) == (101, 0) else "fields",
            owner=1 if q < 3 else None, explored=q < 3,
            siege={"id": 1, "page": "/sieges/1/"} if (q, r) == (1, 1) else None,
            scouted={"turn": 1, "level": "lost"} if (q, r) == (60, 1) else None,
        )
        for q in range(102) for r in range(3)
    ]  # fmt: skip


def test_a_wide_map_comes_with_an_overview_of_a_few_shapes_and_keeps_every_hex():
    """From afar the campaign page draws a handful of paths (a terrain each, the fog, the
    marks); every hex is still in the page with its accessible name, for the keyboard,
    taps and screen readers once zoomed in."""
    hexes = _wide_map()
    svg = mapsvg.render_map(hexes, KINGDOMS, viewer_kingdom_id=1, overview=True)
    assert svg.startswith('<svg class="map m-far"')
    overview = re.search(r'<g class="m-overview" aria-hidden="true">(.*?)</g>', svg).group(1)
    assert svg.index("m-overview") < svg.index("m-chunk"), "under the hexes kept in view"
    shapes = re.findall(r'<(path|circle) class="([^"]*)"', overview)
    assert [name for _, name in shapes] == [
        "m-t-fields", "m-t-forest", "m-t-unknown", "m-fog", "m-scouted", "m-siege-dot",
    ]  # fmt: skip
    assert 'class="m-t-unknown" fill="#dddddd"' in overview, "the colour of the unknown"
    fog = re.search(r'class="m-fog" [^>]*d="([^"]*)"', overview).group(1)
    assert fog.count("M") == 1, "the fog is one line around the land under it"
    fields = re.search(r'class="m-t-fields" [^>]*d="([^"]*)"', overview).group(1)
    assert fields.count("M") == 2, "the forest column parts the fields in two"
    assert svg.count('class="m-hex"') == len(hexes)
    assert 'aria-label="Fields; held by Averland' in svg


def test_nr_wild_5_a_known_wildland_site_is_drawn_and_named():
    """A hex's site (campaign.map.marks.with_sites) has its symbol and its words."""
    svg = mapsvg.render_map([_hex(0, 0, owner=1, site="mystic_spring"), _hex(1, 0)], KINGDOMS)
    assert svg.count('class="m-sym m-s-wildland_site"') == 1
    assert "a mystic spring" in svg


def test_the_legend_explains_what_the_overview_draws():
    legend = _legend()
    svg = mapsvg.render_map(_wide_map(), KINGDOMS, viewer_kingdom_id=1, overview=True)
    overview = re.search(r'<g class="m-overview".*?</g>', svg).group(0)
    drawn = _classes(overview) - {"m-overview"}
    drawn = {"m-siege" if name == "m-siege-dot" else name for name in drawn}  # its disc
    assert drawn <= _classes(legend)


def test_only_a_wide_map_on_the_campaign_page_has_an_overview():
    """The map editor and the replay draw every hex as before; so does a map narrow
    enough to read whole."""
    assert "m-overview" not in mapsvg.render_map(_wide_map(), KINGDOMS)
    narrow = [_hex(q, r) for q in range(40) for r in range(3)]
    assert "m-overview" not in mapsvg.render_map(narrow, KINGDOMS, overview=True)
