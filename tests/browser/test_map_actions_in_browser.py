"""A turn played by tapping the map alone (Table 5, A-2.2): each army of the kingdom is
tapped, then a lit hex, then "Invade" in the hex panel; "Order saved" and the order show;
the GM resolves and the player reads the result. On a laptop (the panel beside the map)
and on a phone (a bottom sheet, touch taps). No coordinate is ever typed."""

from __future__ import annotations

import pytest

from campaign.models import Turn
from campaign.turns.services import turn_claim_step
from kingdoms.orders.models import Order
from tests.api_support import first_army
from tests.browser.chromium import IN_CHROMIUM
from tests.browser.map_support import close_panel, order_from_map

pytestmark = IN_CHROMIUM

SCREENS = {
    "laptop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def _resolve(demo) -> None:
    """The GM's two steps, as the console's buttons claim them (Celery runs eagerly):
    provisional results, then final ones, whatever the battles' sides left undecided."""
    for _ in range(2):
        turn_claim_step(turn=Turn.objects.get(pk=demo.turn.pk), by=demo.gm)
    assert Turn.objects.get(pk=demo.turn.pk).state == Turn.State.CLOSED


def test_the_panel_takes_the_focus_and_sits_where_the_screen_has_room(
    live_server, transactional_db, demo, log_in, invasion_targets
):
    """Beside the map on a laptop, a bottom sheet of at most ~60% of a phone's height;
    either way the focus moves into it. An army chosen in the sheet or in its card lights
    its targets."""
    q, r = invasion_targets(demo.kingdoms["alice"])[0]
    hex_ = f'svg.map .m-hex[data-q="{q}"][data-r="{r}"]'
    for screen, fixed in (("laptop", False), ("phone", True)):
        page = log_in("alice", **SCREENS[screen])
        page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/")
        (page.tap if fixed else page.click)(hex_)
        panel = page.locator("#hex-panel")
        panel.locator("#hex-panel-title .hex-coord", has_text=f"({q}, {r})").wait_for()
        assert page.evaluate("() => document.activeElement.id") == "hex-panel-title"
        position = panel.evaluate("p => getComputedStyle(p).position")
        assert (position == "fixed") == fixed, screen
        box = panel.bounding_box()
        if fixed:
            assert box["height"] <= 0.61 * 844 and box["y"] + box["height"] >= 843
            # choosing an army in the sheet gives the map back, its targets lit
            panel.locator("[data-select-army]").first.tap()
            panel.wait_for(state="hidden")
            page.locator(f"{hex_}.m-legal").wait_for(state="attached")
        else:
            map_box = page.locator("svg.map").bounding_box()
            assert box["x"] >= map_box["x"] + map_box["width"], "beside the map"
            # an army's card below lights its targets on the map too
            army = first_army(demo, "alice")
            page.click(f"#army-{army.pk} [data-select-army]")
            page.locator(f"{hex_}.m-legal").wait_for(state="attached")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_turn_played_by_tapping_the_map(
    live_server, transactional_db, demo, log_in, invasion_targets, screen
):
    kingdom = demo.kingdoms["alice"]
    armies = [a for a in kingdom.armies.order_by("id") if a.points >= 1000]
    targets = invasion_targets(kingdom)
    tap = screen == "phone"
    alice = log_in("alice", **SCREENS[screen])
    alice.click(f"text={demo.campaign.name}")
    assert alice.locator("input[name$=target_q]").count() == 0, "no coordinates to type"
    for army, target in zip(armies, targets, strict=False):
        order_from_map(alice, army, target, "Invade", tap=tap)
        q, r = target
        line = alice.locator(f'#hex-panel .hex-army[data-army="{army.pk}"]')
        assert f"→ ({q}, {r})" in line.inner_text()
        alice.locator(f"#army-{army.pk}", has_text=f"→ ({q}, {r})").wait_for()
        close_panel(alice)
        focused = alice.evaluate(
            "() => [document.activeElement.dataset.q, document.activeElement.dataset.r]"
        )
        assert focused == [str(q), str(r)], "Escape gives the focus back to the hex"
        assert Order.objects.get(army=army).target.coord == (q, r)

    _resolve(demo)
    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/chronicle/")
    q, r = targets[0]
    assert f"({q}, {r})" in alice.locator("#turn-1").inner_text()
