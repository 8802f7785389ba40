"""Armies in a siege and the map (E-37; docs/design/sieges.md "Who chooses what":
"Armies in a siege take no Table 5 order and do not rest").

What a player notices: an order for a besieging or besieged army is refused by name,
never with a 500, and nothing saved is lost; the army's card has no order form but a
line that sends him to the siege sheet; "N of M armies ordered" neither counts it as
ordered nor as missing; the turn does not make it rest (Q7). On the map, a besieged hex
carries its siege, for everyone, on the page and in the API, at a fixed query cost.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from battles.models import Siege
from campaign.campaigns.setup import demo_campaign_create
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army
from kingdoms.orders.models import Order
from kingdoms.orders.services import order_submit
from tests.api_support import api, token_client
from tests.campaign.core.test_visibility_api import MAP_QUERIES
from tests.siege_support import lay_siege, quiet_sieges

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_step(django_capture_on_commit_callbacks, demo):
    def run(turn: Turn) -> Turn:
        with django_capture_on_commit_callbacks(execute=True):
            turn_claim_step(turn=turn, by=demo.gm)
        turn.refresh_from_db()
        return turn

    return run


@pytest.fixture
def siege(demo, invasion_targets, run_step):
    """Alice's strongest army besieges bob's fortress, which bob's strongest army holds;
    turn 2 takes orders."""
    quiet_sieges(demo.campaign)
    return lay_siege(demo, invasion_targets, run_step)


def _free_army(demo, player: str, siege: Siege) -> Army:
    """An army of ``player`` that no siege holds."""
    held = set(siege.besieger_army_ids) | set(siege.garrison_army_ids)
    return demo.kingdoms[player].armies.exclude(pk__in=held).order_by("id").first()


# Orders


def test_e37_the_api_refuses_an_order_for_a_besieging_or_besieged_army_by_name(demo, siege):
    """E-37, sieges.md "Who chooses what": a 400 naming the army and the siege, never a
    500; the kingdom's other orders are kept and none is saved for the army."""
    laid, siege = siege
    where = f"({laid.hex.q}, {laid.hex.r})"
    free = _free_army(demo, "alice", siege)
    kept = order_submit(army=free, by=demo.players["alice"], kind="rest")
    before = set(Order.objects.values_list("pk", "army_id", "kind"))

    alice = token_client(demo.players["alice"])
    answer = alice.post(
        api(demo, "orders/"), {"army": laid.besiegers.pk, "kind": "rest"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": f"{laid.besiegers.name} is besieging {where}: it takes no orders while the "
        "siege lasts.",
        "field": "army",
        "rule": "E-37",
    }
    answer = token_client(demo.players["bob"]).post(
        api(demo, "orders/"),
        {"army": laid.garrison.pk, "kind": "patrol", "target": [0, 0]},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        f"{laid.garrison.name} is besieged in {where}: it takes no orders while the siege lasts."
    )
    assert answer.json()["rule"] == "E-37"
    assert set(Order.objects.values_list("pk", "army_id", "kind")) == before
    assert Order.objects.filter(pk=kept.pk, kind="rest").exists()
    held = Order.objects.filter(turn__number=2, army__in=[laid.besiegers, laid.garrison])
    assert not held.exists()


def test_e37_the_order_card_shows_the_siege_and_its_sheet_instead_of_a_form(client, demo, siege):
    """E-37: the besieging army's card says it is in the siege and links to the sheet;
    it has no order form, while a free army of the same kingdom keeps its own. A form
    posted anyway (a stale page) is answered with the same line, not a 500."""
    laid, siege = siege
    sheet = reverse("siege", args=[demo.campaign.pk, siege.pk])
    client.force_login(demo.players["alice"])
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    card = _card(page, laid.besiegers.pk)
    assert f"is besieging ({laid.hex.q}, {laid.hex.r})" in card
    assert f'href="{sheet}"' in card and "Open the siege sheet" in card
    assert "Give its order from the map" not in card
    assert "Give its order from the map" in _card(page, _free_army(demo, "alice", siege).pk)

    url = reverse("order-form", args=[demo.campaign.pk, laid.besiegers.pk])
    alone = client.get(url).content.decode()
    assert "Give its order from the map" not in alone and f'href="{sheet}"' in alone
    posted = client.post(url, {f"army-{laid.besiegers.pk}-kind": "rest"})
    assert posted.status_code == 400
    assert "it takes no orders while the siege lasts. " in posted.content.decode()
    assert 'title="E-37">E-37</a></small>' in posted.content.decode()  # the rule, a link
    assert not Order.objects.filter(turn__number=2, army=laid.besiegers).exists()

    client.force_login(demo.players["bob"])  # the garrison's side
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    card = _card(page, laid.garrison.pk)
    assert (
        f"is besieged in ({laid.hex.q}, {laid.hex.r})" in card
        and "Give its order from the map" not in card
    )


def _card(page: str, army_id: int) -> str:
    start = page.index(f'id="army-{army_id}"')
    return page[start : page.index("</article>", start)]


def test_e37_the_ready_line_counts_armies_in_a_siege_neither_ordered_nor_resting(
    client, demo, siege
):
    """Q7 with E-37: "N of M armies ordered" leaves the besiegers out of M and out of the
    armies that will rest; it says how many are in a siege, on the page and in the API.
    Once every free army has an order, nothing is missing."""
    laid, siege = siege
    alice = demo.kingdoms["alice"]
    free = alice.armies.count() - 1
    client.force_login(demo.players["alice"])
    page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
    armies = "army" if free == 1 else "armies"
    assert f"0 of {free} {armies} ordered" in page
    assert "1 in a siege</a>, taking no orders" in page and 'href="/rulebook/errata/#E-37"' in page
    assert f"{free} without an order will rest" in page
    row = _ready_row(demo)
    assert (row["armies"], row["ordered"], row["resting"], row["in_siege"]) == (free, 0, free, 1)

    for army in alice.armies.exclude(pk=laid.besiegers.pk):
        order_submit(army=army, by=demo.players["alice"], kind="rest")
    row = _ready_row(demo)
    assert (row["armies"], row["ordered"], row["resting"], row["in_siege"]) == (free, free, 0, 1)
    html = client.get(reverse("orders-ready", args=[demo.campaign.pk])).content.decode()
    assert f"{free} of {free} {armies} ordered" in html and "will rest" not in html


def _ready_row(demo) -> dict:
    answer = token_client(demo.players["alice"]).get(api(demo, "orders/ready/")).json()
    [row] = answer["kingdoms"]
    return row


def test_e37_the_turn_gives_armies_in_a_siege_no_q7_rest(demo, siege, run_step):
    """sieges.md: "Armies in a siege … do not rest (Q7's rest is for armies at home)":
    with no order at all, the besiegers and the garrison get no ArmyRested, while the
    kingdoms' other armies without orders rest as Q7 says."""
    laid, siege = siege
    turn = run_step(Turn.objects.get(campaign=demo.campaign, number=2))  # provisional
    assert turn.state in (Turn.State.DECISIONS, Turn.State.CLOSED)
    rested = set(
        TurnEvent.objects.filter(turn=turn, kind="ArmyRested").values_list(
            "payload__army_id", flat=True
        )
    )
    assert laid.besiegers.pk not in rested and laid.garrison.pk not in rested
    assert _free_army(demo, "alice", siege).pk in rested
    assert _free_army(demo, "bob", siege).pk in rested


# The map


def test_e37_a_besieged_hex_carries_its_siege_on_everyones_map(client, demo, siege):
    """E-37: everyone who sees the hex sees the siege (the besieger, the garrison, the
    GM, a stranger to it), in the map API with the sheet's links, and on the page as a
    mark that links to the sheet; every other hex has none."""
    laid, siege = siege
    page_url = reverse("siege", args=[demo.campaign.pk, siege.pk])
    api_url = reverse("api-siege", args=[siege.pk])
    for user in (demo.players["alice"], demo.players["bob"], demo.players["carol"], demo.gm):
        hexes = token_client(user).get(api(demo, "map/")).json()["hexes"]
        marked = {(h["q"], h["r"]): h["siege"] for h in hexes if h["siege"] is not None}
        assert marked == {(laid.hex.q, laid.hex.r): {"id": siege.pk, "url": api_url,
                                                     "page": page_url}}  # fmt: skip
        assert token_client(user).get(api_url).status_code == 200
        client.force_login(user)
        page = client.get(reverse("campaign-detail", args=[demo.campaign.pk])).content.decode()
        assert page.count('class="m-siege"') == 1
        assert f'<a class="m-siege" href="{page_url}"' in page
        assert (
            f'data-q="{laid.hex.q}" data-r="{laid.hex.r}" '
            f'aria-label="{laid.hex.terrain.title()}; under siege'
        ) in page


def test_e37_once_the_siege_ends_the_mark_goes_and_its_armies_take_orders_again(demo, siege):
    """E-37: only an ongoing siege holds its armies and marks its hex."""
    laid, siege = siege
    Siege.objects.filter(pk=siege.pk).update(status="lifted", ended_turn=2)
    hexes = token_client(demo.players["carol"]).get(api(demo, "map/")).json()["hexes"]
    assert all(h["siege"] is None for h in hexes)
    order = order_submit(army=laid.besiegers, by=demo.players["alice"], kind="rest")
    assert order.army == laid.besiegers and order.turn.number == 2


def test_e37_the_map_reads_its_sieges_in_one_query_whatever_its_size(
    demo, django_assert_max_num_queries
):
    """The siege marks cost one query, not one per hex or per siege: 40 hexes or 400,
    with sieges on both maps, the map API runs the same number of queries."""
    big = demo_campaign_create(hexes=400, players=4, seed="sieges")
    counts = []
    for campaign_demo in (demo, big):
        _sieges_on(campaign_demo, 3)
        client = token_client(campaign_demo.players["carol"])
        with django_assert_max_num_queries(MAP_QUERIES) as captured:
            hexes = client.get(api(campaign_demo, "map/")).json()["hexes"]
        assert sum(1 for h in hexes if h["siege"]) == 3
        counts.append(len(captured))
    assert counts[0] == counts[1]


def _sieges_on(campaign_demo, how_many: int) -> None:
    alice = campaign_demo.kingdoms["alice"]
    hexes = Hex.objects.filter(campaign=campaign_demo.campaign).exclude(terrain="sea")
    for hex_ in hexes.order_by("id")[:how_many]:
        Siege.objects.create(
            campaign=campaign_demo.campaign, hex=hex_, started_turn=1, place="fortress",
            besieger=alice, defender_kind="patrol",
        )  # fmt: skip
