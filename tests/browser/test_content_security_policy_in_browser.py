"""The pages under the Content-Security-Policy in Chromium: nothing refused, and what
used to be inline works from the static files (the map's colours, the legend's swatches,
the GM's kingdom picker, the battle sheet's Print button).

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from tests.api_support import battle_between_alice_and_bob
from tests.browser.chromium import IN_CHROMIUM

pytestmark = IN_CHROMIUM

FIELDS_GREEN = "rgb(217, 227, 160)"  # the ground of the fields' pattern (campaign.map.svg)


def _note_refusals(page, refused: list[str]) -> None:
    """Chromium's console reports of what the policy refuses on ``page`` go to ``refused``."""
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )


def test_the_pages_work_under_the_policy(live_server, transactional_db, demo, log_in):
    campaign = f"{live_server.url}/campaigns/{demo.campaign.pk}"
    battle = battle_between_alice_and_bob(demo)
    refused: list[str] = []
    alice = log_in("alice")
    _note_refusals(alice, refused)

    # The map's terrain colours and the legend's kingdom colours come through.
    alice.goto(f"{campaign}/")
    fields = alice.locator("svg.map use.m-t-fields").first
    assert fields.evaluate("cell => getComputedStyle(cell).fill") == 'url("#m-p-fields")'
    ground = alice.locator("svg.map #m-p-fields rect")
    assert ground.evaluate("rect => getComputedStyle(rect).fill") == FIELDS_GREEN
    swatch = alice.locator(".legend svg.swatch rect").first
    assert swatch.evaluate("rect => getComputedStyle(rect).fill") != "rgb(0, 0, 0)"

    # The battle sheet's Print button opens the print dialog.
    alice.goto(f"{campaign}/battles/{battle.pk}/sheet/")
    alice.evaluate("() => { window.print = () => { window.printed = true; }; }")
    alice.click("button[data-print]")
    assert alice.evaluate("() => window.printed") is True

    # The GM's kingdom picker shows the kingdom picked, at once.
    gm = log_in("gm")
    _note_refusals(gm, refused)
    gm.goto(f"{campaign}/kingdom/")
    bob = demo.kingdoms["bob"]
    gm.select_option("#pick", str(bob.pk))
    gm.wait_for_url(f"{campaign}/kingdom/?kingdom={bob.pk}")
    assert gm.locator("h1").inner_text().startswith(bob.name)

    assert refused == []
