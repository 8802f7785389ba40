"""One turn played in a real browser: a player's HTMX order, the GM's two steps, the
chronicle. Drives Debian's Chromium with Playwright against pytest-django's live server.

Celery runs eagerly here thanks to tests/conftest.py's autouse ``eager_celery`` (CI sets
REDIS_URL, which would otherwise send the step to a worker this test does not start).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connections

from campaign.models import Turn
from kingdoms.models import Order

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
SCREENSHOT = Path("/tmp/warpost-phone.png")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's Chromium (/usr/bin/chromium) is not installed"
    ),
]

# Playwright's sync API runs an event loop in this thread; the test's ORM calls are
# still plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield chromium
        chromium.close()
        # Under Playwright the test's ORM calls run in a greenlet context with its own
        # database connection; close it here, or it outlives the test database.
        connections.close_all()


def _log_in(browser, live_server, username: str, **context_options):
    page = browser.new_context(**context_options).new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "warpost")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    return page


def test_a_turn_played_in_the_browser(
    live_server, transactional_db, demo, browser, invasion_targets
):
    """A-2.2 orders by HTMX, A-2.3 provisional and A-2.5 final results from the GM
    console, A-2.4 fight or retreat, A-1.0.9 the exploration in the public chronicle."""
    kingdom = demo.kingdoms["alice"]
    army = kingdom.armies.order_by("-points").first()
    q, r = invasion_targets(kingdom)[0]

    alice = _log_in(browser, live_server, "alice", viewport=PHONE, device_scale_factor=2)
    alice.click(f"text={demo.campaign.name}")
    card = alice.locator(f"#army-{army.pk}")
    card.locator("select[name$='-kind']").select_option("invade")
    alice.locator(f'svg.map [data-q="{q}"][data-r="{r}"]').click()
    assert card.locator("input[name$=target_q]").input_value() == str(q)
    card.locator("button[type=submit]").click()
    card.locator("text=Order saved").wait_for()
    assert f"({q}, {r})" in card.inner_text()
    assert Order.objects.get(army=army).target.coord == (q, r)
    alice.screenshot(path=str(SCREENSHOT), full_page=True)

    gm = _log_in(browser, live_server, "gm")
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/gm/")
    gm.click("text=Resolve next step")
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
    gm.locator("text=Results of turn 1").wait_for()
    gm.locator("#console .badge", has_text="Orders open").wait_for()
    turn = Turn.objects.get(pk=demo.turn.pk)
    assert turn.state == Turn.State.CLOSED

    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/chronicle/")
    turn_one = alice.locator("#turn-1")
    assert f"Explorers entered hex ({q}, {r})" in turn_one.inner_text()
    assert turn.seed in turn_one.inner_text()
