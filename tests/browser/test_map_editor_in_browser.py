"""The map editor in Chromium: a click on a hex, or on an outline off the map, uses the tool
chosen there (static/warpost/map-editor.js and HTMX), and the q and r boxes do the same by
keyboard; nothing is refused by the Content-Security-Policy.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from campaign.hosting.services import campaign_create
from campaign.models import Hex
from rules.core.mapgen import MapParams
from tests.browser.chromium import IN_CHROMIUM

pytestmark = IN_CHROMIUM


def test_the_gm_draws_by_mouse_and_by_keyboard(live_server, transactional_db, log_in):
    gm = User.objects.create_user("hana", password="warpost")
    campaign = campaign_create(
        by=gm,
        name="Drawn",
        description="",
        preset="core",
        modules=[],
        params=MapParams(players=2, radius=2, seed="unused"),
        drawn=True,
    )
    refused: list[str] = []
    page = log_in("hana")
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(f"{live_server.url}/campaigns/{campaign.pk}/map/draw/")

    page.check("input[value=grow]")
    page.select_option("select[name=terrain]", "mountain")
    page.click("svg.map g.m-ghost[data-q='3'][data-r='0']")
    page.wait_for_selector("svg.map g.m-hex:not(.m-ghost)[data-q='3'][data-r='0']")
    assert Hex.objects.get(campaign=campaign, q=3, r=0).terrain == "mountain"

    page.check("input[value=paint]")  # the tool stays as chosen, the terrain too
    page.click("svg.map g.m-hex:not(.m-ghost)[data-q='0'][data-r='0']")
    page.wait_for_selector("svg.map g[data-q='0'][data-r='0'] use.m-t-mountain")

    page.check("input[value=capital]")
    page.fill("input[name=q]", "-1")
    page.fill("input[name=r]", "0")
    page.press("input[name=r]", "Enter")
    page.wait_for_selector(".drawn-kingdoms strong:has-text('Averland')")
    assert campaign.kingdoms.get().capital.coord == (-1, 0)
    assert refused == []
