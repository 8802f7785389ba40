"""The browser pages: who may open them, what they show, and what they never show.

Every page reads through the selectors with the viewer's Viewer, so these tests look at
the HTML a GM, a player, a stranger gets (docs/architecture.md, "What each person may see").
"""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from battles.models import Battle, BattleSide
from campaign.chronicle.narration import NARRATORS, Names, narrate
from campaign.map import svg as mapsvg
from campaign.models import Hex, Turn
from kingdoms.orders.services import order_submit

pytestmark = pytest.mark.django_db

PAGES = ["campaign-detail", "battles", "chronicle"]


def _page(client, user, name: str, campaign, **headers):
    client.force_login(user)
    return client.get(reverse(name, args=[campaign.pk]), **headers)


def _hex_title(html: str, q: int, r: int) -> str:
    """The name of hex (q, r) in the page's map, which is its tooltip too."""
    found = re.search(rf'data-q="{q}" data-r="{r}" aria-label="([^"]*)"', html)
    assert found, f"hex ({q}, {r}) is not on the map"
    return found.group(1)


def test_the_login_page_logs_in_and_leads_to_my_campaigns(client, demo):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"login": "alice", "password": "warpost"}, follow=True)
    assert response.status_code == 200
    assert demo.campaign.name in response.content.decode()


def test_pages_send_strangers_to_the_login_page(client, demo):
    response = client.get(reverse("campaign-detail", args=[demo.campaign.pk]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_campaign_list_shows_only_my_campaigns(client, demo):
    client.force_login(User.objects.create_user("eve"))
    assert demo.campaign.name not in client.get(reverse("campaign-list")).content.decode()
    client.force_login(demo.players["alice"])
    assert demo.campaign.name in client.get(reverse("campaign-list")).content.decode()


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("who", ["gm", "alice"])
def test_each_page_renders_for_the_gm_and_a_player(client, demo, name, who):
    user = demo.gm if who == "gm" else demo.players[who]
    response = _page(client, user, name, demo.campaign)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and 'name="viewport"' in html
    assert demo.campaign.name in html


@pytest.mark.parametrize("name", [*PAGES, "gm-console", "turn-progress"])
def test_a_non_member_gets_404(client, demo, name):
    response = _page(client, User.objects.create_user("eve"), name, demo.campaign)
    assert response.status_code == 404


def test_an_htmx_request_gets_only_the_partial(client, demo):
    response = _page(client, demo.gm, "campaign-detail", demo.campaign, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="campaign-body"' in html


def test_the_campaign_page_shows_the_turn_my_kingdom_armies_and_map(client, demo):
    """A-2.1: the seed's hash is public while orders are open; the seed is not."""
    html = _page(client, demo.players["alice"], "campaign-detail", demo.campaign).content.decode()
    kingdom = demo.kingdoms["alice"]
    assert f"Turn {demo.turn.number}" in html
    assert demo.turn.seed_hash in html
    assert demo.turn.seed not in html
    assert kingdom.name in html and f'class="power">{kingdom.power}<' in html
    for army in kingdom.armies.all():
        assert f'id="army-{army.pk}"' in html
    assert "Give its order from the map" in html and "target_q" not in html, "no typed hexes"
    assert html.count('class="m-hex"') == demo.campaign.hexes.count()
    assert "GM console" not in html


def test_the_gm_sees_every_army_and_a_link_to_the_console(client, demo):
    html = _page(client, demo.gm, "campaign-detail", demo.campaign).content.decode()
    for kingdom in demo.kingdoms.values():
        for army in kingdom.armies.all():
            assert f'id="army-{army.pk}"' in html
    assert reverse("gm-console", args=[demo.campaign.pk]) in html
    assert "Give its order from the map" not in html, "the GM does not order the players' armies"


def test_the_map_hides_an_undiscovered_neutral_kingdom(client, demo):
    """A-1.4.18: a neutral kingdom is hidden until discovered; unexplored hexes show no
    feature (A-1.0.9), so its capital's Great Fortress and features stay in the fog."""
    neutral = demo.neutral_kingdoms[0]
    hexes = list(Hex.objects.filter(neutral_kingdom=neutral))
    html = _page(client, demo.players["alice"], "campaign-detail", demo.campaign).content.decode()
    assert neutral.name not in html
    assert "land of" not in html
    for row in hexes:
        title = _hex_title(html, row.q, row.r)
        assert "unexplored" in title
        if row.feature:
            assert row.feature.replace("_", " ") not in title
        if row.defence:
            assert row.defence.replace("_", " ") not in title

    gm_html = _page(client, demo.gm, "campaign-detail", demo.campaign).content.decode()
    capital = neutral.capital
    assert neutral.name in _hex_title(gm_html, capital.q, capital.r)
    assert "great fortress" in _hex_title(gm_html, capital.q, capital.r)


def test_no_page_shows_another_kingdoms_orders(client, demo, invasion_targets):
    """Orders are seen by their own kingdom and the GM only (docs/architecture.md)."""
    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.first()
    q, r = invasion_targets(kingdom)[0]
    order_submit(army=army, by=demo.players["alice"], kind="invade", target=(q, r))
    shown = f"→ ({q}, {r})"
    for name in PAGES:
        assert (
            "ordered to"
            not in _page(client, demo.players["bob"], name, demo.campaign).content.decode()
        )
        assert shown not in _page(client, demo.players["bob"], name, demo.campaign).content.decode()
    assert (
        shown
        in _page(client, demo.players["alice"], "campaign-detail", demo.campaign).content.decode()
    )
    assert shown in _page(client, demo.gm, "campaign-detail", demo.campaign).content.decode()
    assert (
        "ordered to invade"
        in _page(client, demo.players["alice"], "chronicle", demo.campaign).content.decode()
    )


def test_the_campaign_page_runs_the_same_queries_whatever_the_map_size(
    client, django_assert_max_num_queries
):
    """The page and its SVG map read the map in one query, the standings in one more
    (NetBox-style query counting): the same count on 40 and 400 hexes."""
    from campaign.campaigns.setup import demo_campaign_create

    for hexes in (40, 400):
        demo = demo_campaign_create(
            hexes=hexes, players=4, seed=f"size{hexes}", name=f"Map {hexes}"
        )
        url = reverse("campaign-detail", args=[demo.campaign.pk])
        for user in (demo.gm, demo.players["alice"]):
            client.force_login(user)
            # 13 + scouting, edicts (§5.3), sieges (E-37), the map's marks (the turns, the
            # viewer's orders and capital, the battles with their post-battle rolls) and
            # the viewer's to-do (campaign.turns.todo: the turn, armies, orders, ready
            # mark, sieges, agreements, fallback capitals)
            with django_assert_max_num_queries(29):
                response = client.get(url)
            assert response.content.decode().count('class="m-hex"') == hexes


def _hexes(count: int) -> list[dict]:
    side = int(count**0.5)
    return [
        {
            "q": q,
            "r": r - q // 2,
            "terrain": "fields",
            "owner": 1 if q < 3 else None,
            "explored": q < 3,
            "neutral_kingdom": None,
            "orphan": False,
            "feature": None,
            "minor_feature": None,
            "defence": None,
            "watchtower": False,
            "defender_points": None,
        }
        for q in range(side)
        for r in range(side)
    ]


def test_a_ten_thousand_hex_map_renders_fast():
    hexes = _hexes(10_000)
    started = time.perf_counter()
    svg = mapsvg.render_map(
        hexes, {1: mapsvg.KingdomInfo("Averland", "#c0392b")}, viewer_kingdom_id=1
    )
    assert time.perf_counter() - started < 1.5
    assert svg.count('class="m-hex"') == 10_000
    assert 'viewBox="' in svg and 'stroke="#c0392b"' in svg


def test_the_map_escapes_names_and_distrusts_colours():
    hexes = _hexes(4)
    kingdoms = {1: mapsvg.KingdomInfo("<script>x</script>", 'red" onload="x')}
    svg = mapsvg.render_map(hexes, kingdoms)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "onload" not in svg and f'stroke="{mapsvg.FALLBACK_COLOUR}"' in svg


def test_the_map_puts_fog_on_unexplored_hexes_only():
    hexes = _hexes(9)
    svg = mapsvg.render_map(hexes, {}, viewer_kingdom_id=1)
    fogged = svg.count('class="m-fog"')
    assert fogged == sum(1 for h in hexes if not h["explored"])


def test_every_chronicle_kind_has_a_sentence_even_with_secrets_removed():
    """E-29: participants' secrets are removed for outsiders; narration copes with gaps.
    The rule is the page's to show beside the sentence, never inside it."""
    for kind in NARRATORS:
        sentence = narrate({"kind": kind, "rule": "R-1"}, Names())
        assert "R-1" not in sentence and len(sentence) > 10


def test_narration_names_only_what_the_reader_may_know():
    names = Names(kingdoms={1: "Averland"}, armies={7: "First Army"})
    conquered = {"kind": "HexConquered", "rule": "§3-6b", "hex": [2, -1], "kingdom_id": 1}
    assert narrate(conquered, names) == "Averland conquered hex (2, -1)."
    declared = {
        "kind": "BattleDeclared",
        "rule": "§3-3e",
        "hex": [1, 1],
        "defender_kind": "neutral_kingdom",
        "attacker_kingdom_id": 1,
        "defender_neutral_kingdom_id": 9,
    }
    assert "a neutral kingdom" in narrate(declared, names)
    losses = {"kind": "ArmyLosses", "rule": "§5.7", "army_id": 8, "points_lost": 250}
    assert narrate(losses, names).startswith("An army lost 250 points")


def _battle(demo, *, defender_kind="patrol") -> Battle:
    """A battle as Provisional Results declares it: alice's army invades bob's hex."""
    turn = demo.turn
    Turn.objects.filter(pk=turn.pk).update(state=Turn.State.DECISIONS)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    battle = Battle.objects.create(
        turn=turn,
        hex=bob.capital,
        seq=Battle.objects.filter(turn=turn).count() + 1,
        defender_kind=defender_kind,
    )
    attacker = BattleSide.objects.create(battle=battle, role="attacker", kingdom=alice, points=1234)
    attacker.armies.set([alice.armies.first()])
    if defender_kind == "patrol":
        defender = BattleSide.objects.create(
            battle=battle, role="defender", kingdom=bob, points=987
        )
        defender.armies.set([bob.armies.first()])
    return battle


def test_the_battles_page_offers_fight_or_retreat_to_each_side(client, demo):
    """A-2.4: each side chooses fight or retreat and a strategy; E-29: an enemy's
    strength goes to the battle's participants only."""
    battle = _battle(demo)
    alice_html = _page(client, demo.players["alice"], "battles", demo.campaign).content.decode()
    attacker = battle.sides.get(role="attacker")
    assert reverse("battle-decision", args=[demo.campaign.pk, attacker.pk]) in alice_html
    assert "987 points" in alice_html, "a participant sees the enemy's strength"

    carol_html = _page(client, demo.players["carol"], "battles", demo.campaign).content.decode()
    assert f"Battle {battle.seq}" in carol_html
    assert "987" not in carol_html and "1234" not in carol_html
    assert "Send my choice" not in carol_html


def test_a_side_decides_and_the_choice_is_saved(client, demo):
    """A-2.4 through battles.decisions.services.battle_decide; the other side does not see it."""
    battle = _battle(demo)
    attacker = battle.sides.get(role="attacker")
    client.force_login(demo.players["alice"])
    url = reverse("battle-decision", args=[demo.campaign.pk, attacker.pk])
    prefix = f"side-{attacker.pk}"
    response = client.post(
        url,
        {f"{prefix}-decision": "retreat", f"{prefix}-strategy": "outflank"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "chose to retreat, outflank" in response.content.decode()
    attacker.refresh_from_db()
    assert (attacker.decision, attacker.strategy) == ("retreat", "outflank")
    bob_html = _page(client, demo.players["bob"], "battles", demo.campaign).content.decode()
    assert "chose to retreat" not in bob_html


def test_a_bad_decision_is_refused_next_to_its_field(client, demo):
    battle = _battle(demo)
    defender = battle.sides.get(role="defender")
    client.force_login(demo.players["bob"])
    url = reverse("battle-decision", args=[demo.campaign.pk, defender.pk])
    response = client.post(url, {f"side-{defender.pk}-decision": "surrender"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()

    client.force_login(demo.players["carol"])
    response = client.post(url, {f"side-{defender.pk}-decision": "fight"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "You cannot decide for this side" in response.content.decode()
    defender.refresh_from_db()
    assert defender.decided_by is None


def test_an_undefended_battle_is_shown_with_no_form(client, demo):
    """A-1.0.6 undefended and P-C2 lost causes need no decision."""
    _battle(demo, defender_kind="lost_cause")
    html = _page(client, demo.players["alice"], "battles", demo.campaign).content.decode()
    assert "A lost cause" in html
    assert "Send my choice" not in html
