"""The GM console on a phone (390×844): its parts one under the other, nothing wider than
the screen, the rule IDs small links. A screenshot goes to /tmp/warpost-gm-console.png
for a person to look at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from tests.browser.chromium import IN_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}

pytestmark = IN_CHROMIUM


def test_the_gm_console_reads_on_a_phone(live_server, transactional_db, demo, log_in):
    """Q7: who is ready, with the rule a tap away; the big button spans the screen."""
    gm = log_in("gm", **PHONE)
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/gm/")
    button = gm.get_by_role("button", name="Resolve next step")
    assert button.bounding_box()["width"] > 300, "the big button spans the phone"
    ready = gm.locator("section.readiness")
    assert ready.get_by_role("link", name="Q7").get_attribute("href") == "/rulebook/questions/#Q7"
    gm.click("a[href='#console-tools']")
    assert gm.get_by_role("link", name="House rules").first.is_visible()
    width = gm.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the console is {width}px wide"
    gm.screenshot(path="/tmp/warpost-gm-console.png", full_page=True)
