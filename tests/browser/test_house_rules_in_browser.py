"""The GM's house rules on a phone (390×844): he opens a section, turns a module's switch
on and saves that section alone by HTMX; the section stays open with the change listed by
its button, and a refusal shows by its field with his input kept. Screenshots go to
/tmp/warpost-house-rules*.png for a person to look at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from campaign.models import Campaign
from tests.browser.chromium import IN_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}

pytestmark = IN_CHROMIUM


def test_the_gm_switches_a_module_on_and_saves_one_section_on_a_phone(
    live_server, transactional_db, demo, log_in
):
    """§5.12: the random events' switch, saved alone; then an army cap below the largest
    allocation (E-14) is refused by its field."""
    gm = log_in("gm", **PHONE)
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/rules/")
    section = gm.locator("#section-module-random_events")
    assert section.get_attribute("open") is None, "sections start collapsed"
    section.locator("summary").click()
    switch = section.get_by_role("switch", name="Random events")
    assert not switch.is_checked() and section.locator(".switch-off").is_visible()
    switch.click()
    assert section.locator(".switch-on").is_visible()
    section.get_by_role("button").click()
    status = gm.locator("#section-module-random_events [role=status]")
    status.get_by_text("Saved: 1 change").wait_for()
    assert "Random events: off → on" in status.inner_text()
    assert gm.locator("#section-module-random_events").get_attribute("open") is not None
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.random_events == 1
    width = gm.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the rules page is {width}px wide"
    gm.screenshot(path="/tmp/warpost-house-rules.png", full_page=True)
    section.screenshot(path="/tmp/warpost-house-rules-section.png")

    power = gm.locator("#section-power")
    gm.get_by_role("link", name="Power, score and spending").click()  # the page's contents
    assert power.get_attribute("open") is not None, "a link to a section opens it"
    power.locator("#option-army_cap_this_turn").fill("2000")
    power.get_by_role("button").click()
    gm.locator("#error-army_cap_this_turn").wait_for()
    assert (
        "Must be at least “Largest army allocation (points)”"
        in gm.locator("#error-army_cap_this_turn").inner_text()
    )
    assert gm.locator("#option-army_cap_this_turn").input_value() == "2000"
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.army_cap_this_turn == 3500
