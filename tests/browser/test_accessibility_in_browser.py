"""Accessibility: axe-core checks the key campaign pages (tests/browser/key_pages.py) and
the account pages at the desktop's and the phone's size, and every violation of impact "serious" or
"critical" fails the test, listed with its rule, its help and the elements it names.

axe is vendored under tests/browser/vendor/axe-core/ (its licence beside it). Playwright
injects a file as an inline <script>, which the site's Content-Security-Policy refuses;
so these contexts, and only these, bypass the CSP (tests/browser/
test_content_security_policy_in_browser.py checks the policy itself).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.chromium import IN_CHROMIUM
from tests.browser.key_pages import KEY_PAGES, SIZES, each_tab_shown, open_page

ACCOUNT_PAGES_OF_A_STRANGER = ("login/", "accounts/signup/", "accounts/password/reset/")
ACCOUNT_PAGES_OF_A_PLAYER = ("", "accounts/profile/", "accounts/password/change/", "notifications/")
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = {"serious", "critical"}
# axe leaves these "incomplete" (to review) because a script might yet add the id that an
# aria-describedby or a label names; on these server-rendered pages none does, so a
# missing or a twice-used id is a fault.
SURE_ONCE_LOADED = {"aria-valid-attr-value", "duplicate-id-aria"}
# The results read here, every element of each: axe then gathers only one element of the
# rules an element passes or that apply to none, which cost a large page seconds a run.
RESULT_TYPES = ["violations", "incomplete"]

pytestmark = IN_CHROMIUM


def axe_violations(page, where: str) -> list[str]:
    """axe's serious and critical violations on the page as it stands, one line each."""
    if not page.evaluate("typeof axe !== 'undefined'"):  # a tab shows more of the same page
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("types => axe.run(document, {resultTypes: types})", RESULT_TYPES)
    faults = result["violations"] + [v for v in result["incomplete"] if v["id"] in SURE_ONCE_LOADED]
    return [
        f"{where}: {v['id']} ({v['impact']}) {v['help']} -> "
        + ", ".join(" ".join(node["target"]) for node in v["nodes"])
        for v in faults
        if v["impact"] in BLOCKING
    ]


@pytest.mark.parametrize("size", SIZES)
def test_the_key_pages_have_no_serious_accessibility_violation(
    size, live_server, played_campaign, log_in
):
    """The campaign page (player and GM), each tab of the kingdom page, the battles page
    with a battle awaiting a decision, the chronicle with a resolved turn, the GM console
    and the house rules page."""
    campaign = f"{live_server.url}/campaigns/{played_campaign.campaign.pk}/"
    pages = {}
    found = []
    for key in KEY_PAGES:
        if key.username not in pages:
            pages[key.username] = log_in(key.username, viewport=SIZES[size], bypass_csp=True)
        page = pages[key.username]
        open_page(page, campaign + key.path)
        found += axe_violations(page, f"{key.name} at {size}")
        for _, label in each_tab_shown(page):
            found += axe_violations(page, f"{key.name}, tab {label!r}, at {size}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
def test_the_account_pages_have_no_serious_accessibility_violation(
    size, live_server, demo, browser, log_in
):
    """Log-in, sign-up and password reset for a stranger; my campaigns, the profile, the
    password change and the inbox for a player."""
    stranger = browser.new_context(viewport=SIZES[size], bypass_csp=True).new_page()
    player = log_in("alice", viewport=SIZES[size], bypass_csp=True)
    found = []
    for page, paths in (
        (stranger, ACCOUNT_PAGES_OF_A_STRANGER),
        (player, ACCOUNT_PAGES_OF_A_PLAYER),
    ):
        for path in paths:
            open_page(page, f"{live_server.url}/{path}")
            found += axe_violations(page, f"/{path} at {size}")
    assert not found, "\n".join(found)


def test_a_screen_reader_finds_the_map_by_name_and_each_hex_a_button_named_by_it(
    live_server, demo, log_in
):
    """The map is a named group; each hex in it a button (Enter or Space chooses it)
    named by what the viewer may know of it: his capital, his kingdom's name."""
    alice = log_in("alice")
    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/")
    the_map = alice.get_by_role("group", name="Campaign map")
    capital = demo.kingdoms["alice"].capital
    label = the_map.locator(f'.m-hex[data-q="{capital.q}"][data-r="{capital.r}"]').get_attribute(
        "aria-label"
    )
    assert demo.kingdoms["alice"].name in label
    assert the_map.get_by_role("button", name=label, exact=True).count() >= 1
