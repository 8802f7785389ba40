"""The chronicle's replay on a phone (390×844), moved with the keyboard and the buttons:
the map at the end of each past turn, in the player's own fog of that time (E-29).
A screenshot goes to /tmp/warpost-chronicle-replay.png for a person to look at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from campaign.chronicle.services import chronicle_record
from campaign.models import Turn
from tests.browser.chromium import IN_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}

pytestmark = IN_CHROMIUM


def _explored_in_turn_two(demo):
    """Turns 1 and 2 closed, turn 3 open; a hex nobody holds explored in turn 2."""
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.CLOSED)
    two = Turn.objects.create(campaign=demo.campaign, number=2)
    Turn.objects.filter(pk=two.pk).update(state=Turn.State.CLOSED)
    Turn.objects.create(campaign=demo.campaign, number=3)
    row = (
        demo.campaign.hexes.filter(owner=None, neutral_kingdom=None, explored=False)
        .exclude(terrain="sea")
        .order_by("id")
        .first()
    )
    row.explored = True
    row.save(update_fields=["explored"])
    found = {"hex": [row.q, row.r], "feature": None, "minor_feature": None}
    chronicle_record(two, "HexExplored", found, rule="A-1.0.5", public=True)
    return row


def test_a_player_replays_the_map_turn_by_turn_with_the_keyboard(
    live_server, transactional_db, demo, log_in
):
    row = _explored_in_turn_two(demo)
    cell = f'svg.map g.m-hex[data-q="{row.q}"][data-r="{row.r}"]'
    alice = log_in("alice", **PHONE)
    errors = []  # a refusal of the Content-Security-Policy, a script's failure
    alice.on("console", lambda message: message.type == "error" and errors.append(message.text))
    alice.on("pageerror", lambda error: errors.append(str(error)))
    alice.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/chronicle/")

    # The last closed turn first: the hex explored in turn 2 lies open.
    alice.locator('figure[data-replay-turn="2"]').wait_for()
    assert alice.locator(f"{cell} .m-fog").count() == 0
    slider = alice.locator("input[data-replay-slider]")
    assert slider.get_attribute("max") == "2"

    # The keyboard moves the slider: at the end of turn 1 the hex was under fog.
    slider.focus()
    alice.keyboard.press("ArrowLeft")
    alice.locator('figure[data-replay-turn="1"]').wait_for()
    assert alice.locator(f"{cell} .m-fog").count() == 1
    assert alice.locator("[data-replay-output]").inner_text() == "Turn 1"
    alice.keyboard.press("Home")
    alice.locator('figure[data-replay-turn="0"]').wait_for()
    assert alice.locator("[data-replay-output]").inner_text() == "The start"
    assert alice.locator("button[data-replay-step='-1']").is_disabled()

    # The buttons step too.
    alice.click("text=Next turn")
    alice.locator('figure[data-replay-turn="1"]').wait_for()
    alice.click("text=Next turn")
    alice.locator('figure[data-replay-turn="2"]').wait_for()
    assert alice.locator(f"{cell} .m-fog").count() == 0
    assert alice.locator("button[data-replay-step='1']").is_disabled()

    # Beside each turn of the gazette, a link moves the slider to it.
    alice.click('a[data-replay-to="1"]')
    alice.locator('figure[data-replay-turn="1"]').wait_for()
    assert slider.input_value() == "1"

    assert errors == []
    width = alice.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"the chronicle is {width}px wide"
    alice.locator("section.replay").screenshot(path="/tmp/warpost-chronicle-replay.png")
    alice.screenshot(path="/tmp/warpost-chronicle.png", full_page=True)
