"""The viewer's to-do through every phase of a turn, in a real browser on a laptop and on
a phone: orders open (Q7) → ordered and ready → fight or retreat with its deadline
(A-2.4) → decided → the next turn. The ``browser`` and ``log_in`` fixtures are in
tests/browser/conftest.py."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from battles.decisions.services import battle_decide
from campaign.models import Turn
from tests.api_support import battle_in_bobs_hex
from tests.browser.chromium import IN_CHROMIUM
from tests.browser.map_support import close_panel, order_from_map

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = IN_CHROMIUM


def _todo_text(page) -> str:
    return " ".join(page.locator("section.todo").inner_text().split())


def _fits(page) -> None:
    """The panel shows on the first screen, and the page is no wider than the screen."""
    box = page.locator("section.todo").bounding_box()
    assert box is not None and box["y"] < page.viewport_size["height"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_to_do_follows_a_turn(
    live_server, transactional_db, demo, log_in, invasion_targets, viewport
):
    Turn.objects.filter(pk=demo.turn.pk).update(deadline=timezone.now() + dt.timedelta(days=3))
    kingdom = demo.kingdoms["alice"]
    armies = list(kingdom.armies.order_by("-points", "pk"))
    q, r = invasion_targets(kingdom)[0]
    campaign_url = f"{live_server.url}/campaigns/{demo.campaign.pk}/"

    # Orders open: nothing ordered yet, the orders deadline in the header
    alice = log_in("alice", viewport=viewport)
    alice.goto(campaign_url)
    assert f"0 of {len(armies)} armies ordered" in _todo_text(alice)
    assert "Orders ready? Mark them ready" in _todo_text(alice)
    assert "Orders" in alice.locator("header .header-deadline").inner_text()
    _fits(alice)

    # An order given from the map and saved by HTMX: the panel counts it at once
    order_from_map(alice, armies[0], (q, r))
    close_panel(alice)
    alice.locator("section.todo", has_text=f"1 of {len(armies)} armies ordered").wait_for()

    # Marked ready: nothing to do until the deadline
    alice.click("text=Mark my orders ready")
    alice.locator("section.todo", has_text="Nothing to do until").wait_for()

    # Fight or retreat: the call with its deadline, on the panel and the page
    battle = battle_in_bobs_hex(demo, hours=47)
    alice.goto(campaign_url)
    todo = _todo_text(alice)
    assert "a battle to decide by" in todo
    assert "(in 46 h)" in todo or "(in 47 h)" in todo
    assert "Fight or retreat" in alice.locator("header .header-deadline").inner_text()
    _fits(alice)
    alice.locator(".decide-prompt").get_by_text("Decide now").click()
    alice.wait_for_url(f"{campaign_url}battles/")
    form = alice.locator(f"#battle-{battle.pk} .decision-form")
    form.locator("input[value=fight]").check()
    form.locator("select").select_option("assault")
    form.locator("button[type=submit]").click()
    alice.locator(f"#battle-{battle.pk}").get_by_text("Your choice is saved").wait_for()
    alice.locator("section.todo", has_text="Nothing to do until").wait_for()
    assert "battle to decide" not in _todo_text(alice)

    # Bob answers too; the GM's to-do asks for Final Results, and the next turn opens
    battle_decide(side=battle.sides.get(role="defender"), by=demo.players["bob"], decision="fight")
    gm = log_in("gm", viewport=viewport)
    gm.goto(campaign_url)
    gm.locator("section.todo").get_by_text("Final results to start").click()
    gm.click("text=Resolve next step")
    gm.click("text=Resolve anyway")  # before the deadline the console asks to confirm
    gm.locator("#console .badge", has_text="Orders open").wait_for()

    alice.goto(campaign_url)
    assert "armies ordered" in _todo_text(alice)
    assert "Orders" in alice.locator("header .header-deadline").inner_text()
    _fits(alice)
