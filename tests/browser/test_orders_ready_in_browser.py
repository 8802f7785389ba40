"""Q7's "Mark my orders ready" in a real browser while the "My orders" box is reloading
itself (an army card or an edict saved a moment before asks it to): the player's click
is the one that counts on the page."""

from __future__ import annotations

import time

from kingdoms.orders import views as orders_views
from kingdoms.orders.models import OrderSet
from tests.browser.chromium import IN_CHROMIUM
from tests.browser.key_pages import htmx_settled, open_page

pytestmark = IN_CHROMIUM

RELOAD_SECONDS = 0.5  # the box's own reload, on a busy server
MARK_SECONDS = 1.5  # the ready mark, slower still


def test_q7_ready_clicked_while_my_orders_reloads_shows_the_orders_ready(
    browser, live_server, transactional_db, demo, log_in, monkeypatch
):
    """Q7: the box reloads itself (orders-changed, as after a saved order) and, before it
    is back, the player clicks "Mark my orders ready": the box ends saying the orders are
    ready, as they are. The reload, read before the mark was saved, used to replace the
    box under the click's answer, so the page went on offering "Mark my orders ready"
    to a player whose orders were ready."""
    access = orders_views.campaign_access

    def slow_access(request, campaign_id):
        time.sleep(MARK_SECONDS if request.method == "POST" else RELOAD_SECONDS)
        return access(request, campaign_id)

    monkeypatch.setattr(orders_views, "campaign_access", slow_access)
    alice = log_in("alice")
    open_page(alice, f"{live_server.url}/campaigns/{demo.campaign.pk}/")
    alice.evaluate("htmx.trigger(document.body, 'orders-changed')")
    alice.click("#my-orders button:has-text('Mark my orders ready')")
    time.sleep(MARK_SECONDS + RELOAD_SECONDS)  # both answers are in, whichever came first
    htmx_settled(alice)
    box = alice.locator("#my-orders")
    assert OrderSet.objects.get(kingdom=demo.kingdoms["alice"]).ready
    assert "Your orders are marked ready." in box.inner_text()
    assert box.locator("button", has_text="Not ready yet").count() == 1
