"""The GM's rulings on his console in a browser (new-rules.md §12.4, BASE-16): the wyvern
that woke asks him, in plain words on a phone; he picks "sleeps" and the HTMX form
answers in place. A screenshot goes to /tmp/warpost-gm-rulings.png for a person to look
at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from campaign.adjudication.models import GmPrompt
from tests.browser.chromium import IN_CHROMIUM
from tests.campaign.adjudication.test_gm_prompts import _step, _wyvern_woke

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}

pytestmark = IN_CHROMIUM


def test_base16_the_gm_rules_the_wyvern_asleep_from_his_phone(
    live_server, transactional_db, demo, log_in
):
    _wyvern_woke(demo)
    _step(demo)
    gm = log_in("gm", **PHONE)
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/gm/#console-rulings")
    rulings = gm.locator("#console-rulings")
    assert "does it rage?" in rulings.inner_text()
    link = rulings.get_by_role("link", name="BASE-16")
    assert link.get_attribute("href") == "/rulebook/supplement/#BASE-16"
    rulings.get_by_label("It goes back to sleep in its lair and leaves the map").check()
    rulings.get_by_role("button", name="Rule so").click()
    gm.get_by_text("Your answer is in").wait_for()
    assert GmPrompt.objects.get(campaign=demo.campaign).answer == "sleeps"
    width = gm.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the console is {width}px wide"
    rulings.screenshot(path="/tmp/warpost-gm-rulings.png")
