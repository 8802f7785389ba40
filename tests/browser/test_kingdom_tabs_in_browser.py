"""The kingdom page's tabs in a browser: on a phone (390×844 and 360×740) no tab scrolls
the page sideways; on a desktop (1366×900) the tabs follow the WAI-ARIA tabs pattern with
the keyboard (arrows, Home, End), and the open tab is in the address; a link to a section
(a notification's "#agreements") opens its tab.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

import pytest

from campaign.models import Hex
from kingdoms.agreements.services import agreement_propose
from rules.core.state import Feature
from tests.browser.chromium import IN_CHROMIUM

SLUGS = ["armies", "power", "edicts", "diplomacy", "capitals"]
PHONES = [
    {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True},
    {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True},
]
DESKTOP = {"viewport": {"width": 1366, "height": 900}}

pytestmark = IN_CHROMIUM


def _busy_kingdom(demo) -> None:
    """Alice's kingdom with something in each tab: a proposal to answer (Q23), Cities
    to name as fallback capitals (E-23), a long army list."""
    agreement_propose(
        campaign=demo.campaign,
        by=demo.players["bob"],
        kind="cease_fire",
        partner_id=demo.kingdoms["alice"].pk,
    )
    alice = demo.kingdoms["alice"]
    rows = list(Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).order_by("q", "r"))
    for row in rows[:2]:
        row.feature = Feature.CITY.value
    Hex.objects.bulk_update(rows[:2], ["feature"])
    army = alice.armies.order_by("id").first()
    army.list_text = "Empire Greatswords " * 20 + "\n" + "1 x Steam Tank, " * 10
    army.save(update_fields=["list_text"])


@pytest.mark.parametrize("phone", PHONES, ids=["390x844", "360x740"])
def test_no_tab_of_the_kingdom_page_scrolls_sideways_on_a_phone(
    live_server, transactional_db, demo, log_in, phone
):
    _busy_kingdom(demo)
    page = log_in("alice", **phone)
    page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/kingdom/")
    width = phone["viewport"]["width"]
    for slug in SLUGS:
        page.locator(f"#tab-{slug}").click()
        page.locator(f"#kingdom-{slug}").wait_for(state="visible")
        scroll = page.evaluate("document.scrollingElement.scrollWidth")
        inner = page.evaluate("window.innerWidth")
        assert inner == width and scroll <= inner, f"the {slug} tab is {scroll}px wide"
        page.screenshot(path=f"/tmp/warpost-kingdom-{slug}-{width}.png", full_page=True)
    # Touch targets of 44 px at least: the tabs and the buttons of the open tab.
    heights = page.eval_on_selector_all(
        "[role=tab], #kingdom-capitals button", "els => els.map(e => e.offsetHeight)"
    )
    assert heights and min(heights) >= 44


def test_the_tabs_work_with_the_keyboard_and_keep_their_place_in_the_address(
    live_server, transactional_db, demo, log_in
):
    _busy_kingdom(demo)
    page = log_in("alice", **DESKTOP)
    kingdom = f"{live_server.url}/campaigns/{demo.campaign.pk}/kingdom/"
    page.goto(kingdom)
    tabs = page.get_by_role("tab")
    assert tabs.count() == 5 and page.get_by_role("tablist").count() == 1
    first = page.locator("#tab-armies")
    assert first.get_attribute("aria-selected") == "true"
    assert page.locator("#kingdom-power").is_hidden(), "one panel at a time"
    # The badges say what awaits Alice: an agreement to answer, Cities to name.
    assert "1 agreement to answer" in page.locator("#tab-diplomacy").inner_text()
    assert "2 Cities to name" in page.locator("#tab-capitals").inner_text()

    first.focus()
    page.keyboard.press("ArrowRight")
    power = page.locator("#tab-power")
    assert power.get_attribute("aria-selected") == "true"
    assert page.evaluate("document.activeElement.id") == "tab-power"
    assert (
        page.locator("#kingdom-power").is_visible() and page.locator("#kingdom-armies").is_hidden()
    )
    assert first.get_attribute("tabindex") == "-1" and power.get_attribute("tabindex") == "0"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # from the first tab round to the last
    assert page.evaluate("document.activeElement.id") == "tab-capitals"
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.id") == "tab-armies"
    page.keyboard.press("End")
    assert page.locator("#kingdom-capitals").is_visible()
    assert page.url == f"{kingdom}?tab=capitals"
    page.keyboard.press("Tab")  # into the open panel, not along the other tabs
    assert page.evaluate("document.activeElement.id") == "kingdom-capitals"

    page.reload()  # the address keeps the tab
    assert page.locator("#tab-capitals").get_attribute("aria-selected") == "true"

    # A link to a section (a notification's) opens the tab that holds it.
    page.goto(f"{kingdom}#agreements")
    assert page.locator("#tab-diplomacy").get_attribute("aria-selected") == "true"
    assert page.locator("#agreements").is_visible()


def test_answering_the_proposal_takes_the_badge_off_its_tab(
    live_server, transactional_db, demo, log_in
):
    """Q23: HTMX swaps the agreements in place; the Diplomacy tab's badge goes with the
    last proposal to answer."""
    _busy_kingdom(demo)
    page = log_in("alice", **DESKTOP)
    page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/kingdom/?tab=diplomacy")
    assert page.locator("#tab-diplomacy .tab-badge").is_visible()
    page.locator("#agreements button", has_text="Accept").click()
    page.locator("#agreements tr.agreement-active").wait_for()
    assert page.locator("#agreements [role=status]").inner_text().endswith("accepted.")
    assert page.locator("#tab-diplomacy .tab-badge").count() == 0
    assert page.locator("#tab-diplomacy").get_attribute("aria-selected") == "true"
