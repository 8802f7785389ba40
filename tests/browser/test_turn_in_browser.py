"""One turn played in a real browser: a player's order given on the map, the GM's two steps, the
chronicle. Drives Debian's Chromium with Playwright against pytest-django's live server
(the ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

from campaign.models import Turn
from kingdoms.orders.models import Order
from tests.browser.chromium import IN_CHROMIUM
from tests.browser.map_support import order_from_map

PHONE = {"width": 390, "height": 844}
SCREENSHOT = Path("/tmp/warpost-phone.png")

pytestmark = IN_CHROMIUM


def test_a_turn_played_in_the_browser(
    live_server, transactional_db, demo, log_in, invasion_targets
):
    """A-2.2 orders by HTMX, A-2.3 provisional and A-2.5 final results from the GM
    console, A-2.4 fight or retreat, A-1.0.9 the exploration in the public chronicle."""
    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.order_by("-points").first()
    q, r = invasion_targets(kingdom)[0]

    alice = log_in("alice", viewport=PHONE, device_scale_factor=2)
    alice.click(f"text={demo.campaign.name}")
    order_from_map(alice, army, (q, r))
    alice.locator(f"#army-{army.pk}", has_text=f"→ ({q}, {r})").wait_for()
    assert Order.objects.get(army=army).target.coord == (q, r)
    alice.screenshot(path=str(SCREENSHOT), full_page=True)

    gm = log_in("gm")
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/gm/")
    gm.click("text=Resolve next step")
    gm.click("text=Resolve anyway")  # before the deadline the console asks to confirm
    gm.locator("#console .badge", has_text="Fight or retreat").wait_for()
    assert gm.locator(f"text=Battle 1 at ({q}, {r})").count() == 1

    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/battles/")
    choice = alice.locator(".decision-form")
    if choice.count():  # an undefended hex or a lost cause needs no decision
        choice.locator("input[value=fight]").check()
        choice.locator("select").select_option("assault")
        choice.locator("button[type=submit]").click()
        alice.locator("text=chose to fight, assault").wait_for()

    gm.click("text=Resolve next step")
    gm.click("text=Resolve anyway")  # before the deadline the console asks to confirm
    gm.locator("text=Results of turn 1").wait_for()
    gm.locator("#console .badge", has_text="Orders open").wait_for()
    turn = Turn.objects.get(pk=demo.turn.pk)
    assert turn.state == Turn.State.CLOSED

    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/chronicle/")
    turn_one = alice.locator("#turn-1")
    assert f"Explorers entered hex ({q}, {r})" in turn_one.inner_text()
    assert turn.seed in turn_one.inner_text()
