"""The campaign map in Chromium, on a laptop (1366×900) and a phone (390×844): zoom with
the buttons, pan by dragging, coordinates on request (remembered), the keyboard going from
hex to hex, and a hex chosen by Enter or a tap announced as a ``warpost:hex`` event, the
hex panel's cue (static/warpost/map-view.js). Screenshots go to /tmp/warpost-map-*.png.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

import math

import pytest

from campaign.models import Hex
from tests.browser.chromium import IN_CHROMIUM

LAPTOP = {"viewport": {"width": 1366, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}

pytestmark = IN_CHROMIUM

# Every warpost:hex event the page hears, kept for the test to read.
LISTEN = """() => {
  window.heardHexes = [];
  document.addEventListener("warpost:hex", (e) => window.heardHexes.push(e.detail));
}"""


def _wait_for_the_map(page) -> None:
    """Until map-view.js has set the map up (its performance mark): polled from here, as
    the Content-Security-Policy refuses Playwright's in-page polling (eval)."""
    for _ in range(100):
        if page.evaluate("performance.getEntriesByName('warpost:map-drawn').length"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the map was never drawn")


def _scale(page) -> float:
    return page.evaluate(
        "new DOMMatrix(getComputedStyle(document.querySelector('svg.map')).transform).a"
    )


def _offset(page) -> tuple[float, float]:
    box = page.locator(".map-viewport svg.map").bounding_box()
    return box["x"], box["y"]


def _focused(page) -> tuple[int, int] | None:
    found = page.evaluate(
        "(() => { const h = document.activeElement.closest"
        " && document.activeElement.closest('.m-hex');"
        " return h ? [Number(h.dataset.q), Number(h.dataset.r)] : null; })()"
    )
    return tuple(found) if found else None


@pytest.mark.parametrize("device", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_player_zooms_pans_reads_coordinates_and_walks_the_map_by_keyboard(
    live_server, transactional_db, demo, log_in, device
):
    page = log_in("alice", **device)
    page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/")
    _wait_for_the_map(page)
    page.evaluate(LISTEN)
    hexes = Hex.objects.filter(campaign=demo.campaign).count()

    # Zoom with the buttons, then back to the whole map.
    assert _scale(page) == pytest.approx(1)
    page.click("button[data-map-zoom=in]")
    page.click("button[data-map-zoom=in]")
    page.wait_for_timeout(300)
    assert _scale(page) > 1.5, "two presses of + zoom in"
    page.click("button[data-map-zoom=out]")
    page.wait_for_timeout(300)
    zoomed = _scale(page)
    assert 1 < zoomed < 1.9, "− zooms out again"

    # A drag pans the map, and is no choice of hex.
    frame = page.locator(".map-viewport").bounding_box()
    before = _offset(page)
    page.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    page.mouse.down()
    page.mouse.move(
        frame["x"] + frame["width"] / 2 - 80, frame["y"] + frame["height"] / 2 - 40, steps=6
    )
    page.mouse.up()
    after = _offset(page)
    assert after[0] < before[0] - 40 and after[1] < before[1] - 20, "the map follows the drag"
    assert page.evaluate("window.heardHexes") == [], "a pan chooses no hex"
    page.click("button[data-map-zoom=fit]")
    page.wait_for_timeout(300)
    assert _scale(page) == pytest.approx(1)
    page.screenshot(path=f"/tmp/warpost-map-{device['viewport']['width']}.png", full_page=True)

    # Hovering a hex shows its name as a tooltip.
    neighbour = page.locator("svg.map g.m-hex:not([tabindex='0'])").first
    neighbour.locator(".m-cell").hover()
    assert neighbour.locator("title").text_content() == neighbour.get_attribute("aria-label")

    # A tap on a hex (no drag) announces it.
    capital = demo.kingdoms["alice"].capital
    page.locator(f"svg.map g.m-hex[data-q='{capital.q}'][data-r='{capital.r}'] .m-cell").click()
    assert page.evaluate("window.heardHexes") == [{"q": capital.q, "r": capital.r}]

    # Coordinates: off by default, on at a press, remembered on the next visit.
    toggle = page.locator("button[data-map-coords]")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("svg.map .m-coord").count() == 0
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.locator("svg.map .m-coord").count() == hexes
    label = page.locator(f"svg.map g.m-hex[data-q='{capital.q}'][data-r='{capital.r}']")
    assert label.get_attribute("aria-label").endswith(f"at {capital.q}, {capital.r}")
    page.reload()
    _wait_for_the_map(page)
    assert page.locator("button[data-map-coords]").get_attribute("aria-pressed") == "true"
    assert page.locator("svg.map .m-coord").count() == hexes
    page.locator("button[data-map-coords]").click()
    assert page.locator("svg.map .m-coord").count() == 0

    # The keyboard: the capital is the hex in the tab order; arrows go to a neighbour,
    # Home comes back, Enter announces the hex.
    page.evaluate(LISTEN)
    home = page.locator("svg.map g.m-hex[tabindex='0']")
    assert home.count() == 1
    assert (int(home.get_attribute("data-q")), int(home.get_attribute("data-r"))) == (
        capital.q,
        capital.r,
    )
    home.focus()
    moves = 0
    for key in ("ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft"):
        here = _focused(page)
        page.keyboard.press(key)
        there = _focused(page)
        if there != here:
            moves += 1
            dq, dr = there[0] - here[0], there[1] - here[1]
            assert (dq, dr) in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}, key
    assert moves >= 2, "the arrow keys move between neighbouring hexes"
    assert page.locator("svg.map g.m-hex[tabindex='0']").count() == 1, "one hex in the tab order"
    page.keyboard.press("Home")
    assert _focused(page) == (capital.q, capital.r)
    page.keyboard.press("Enter")
    assert page.evaluate("window.heardHexes") == [{"q": capital.q, "r": capital.r}]

    if device is PHONE:
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["viewport"]["width"], f"the page is {width}px wide"
        map_width = page.locator(".map-viewport").bounding_box()["width"]
        assert map_width >= PHONE["viewport"]["width"] - 60, "the map fills the width"
        for button in page.locator(".map-tools button").all():
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, button.inner_text()


def test_on_a_360_px_phone_the_map_fills_the_width_with_big_buttons(
    live_server, transactional_db, demo, log_in
):
    page = log_in("alice", viewport={"width": 360, "height": 740}, is_mobile=True)
    page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/")
    _wait_for_the_map(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scroll"
    assert page.locator(".map-viewport").bounding_box()["width"] >= 300, "the map fills the width"
    for button in page.locator(".map-tools button").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, button.inner_text()
    summary = page.locator(".map-legend summary").bounding_box()
    assert summary["height"] >= 44, "the legend opens with a thumb"


# Where a hex's centre is on the screen (campaign.map.svg.centre through the map's
# transform): the hexes under a wide map's overview are hidden, they have no box.
HEX_ON_SCREEN = """([q, r]) => {
  const svg = document.querySelector('svg.map');
  const point = svg.createSVGPoint();
  point.x = 30 * q;
  point.y = 20 * Math.sqrt(3) * (r + q / 2);
  const at = point.matrixTransform(svg.getScreenCTM());
  return [at.x, at.y];
}"""
# The hex in the tab order: its coordinates and the centre of its drawing on the screen.
TAB_HEX_DRAWN = """() => {
  const hex = document.querySelector('svg.map .m-hex[tabindex="0"]');
  const box = hex.querySelector('.m-cell').getBoundingClientRect();
  const [q, r] = [Number(hex.dataset.q), Number(hex.dataset.r)];
  return [q, r, box.x + box.width / 2, box.y + box.height / 2];
}"""
HEX_AT_POINT = """([x, y]) => {
  const found = document.elementFromPoint(x, y);
  return Boolean(found && found.closest('svg.map .m-hex'));
}"""
CHUNKS_SHOWN = """() => [...document.querySelectorAll('svg.map .m-chunk')]
  .filter((c) => getComputedStyle(c).display !== 'none').length"""


def _misplaced(page) -> float:
    """How far (px) the hex in the tab order is drawn from where HEX_ON_SCREEN places it,
    as map-view.js does to read a tap on the overview."""
    q, r, x, y = page.evaluate(TAB_HEX_DRAWN)
    expected = page.evaluate(HEX_ON_SCREEN, [q, r])
    return math.hypot(x - expected[0], y - expected[1])


def test_a_wide_map_is_drawn_from_afar_as_an_overview_and_every_hex_still_answers(
    live_server, transactional_db, demo, log_in
):
    """A map too wide to read whole shows its overview and hides its hexes, all but the
    chunk of the hex in the tab order: a tap on the overview still chooses the hex under
    it, the keyboard still walks the hexes, an army's targets still light up, and zooming
    in brings the hexes back, the hex in the tab order focusable even out of view."""
    east = max(demo.campaign.hexes.values_list("q", flat=True)) + 1
    Hex.objects.bulk_create(
        Hex(campaign=demo.campaign, q=q, r=-(q // 2), terrain="fields")
        for q in range(east, east + 110)
    )
    page = log_in("alice", **LAPTOP)
    page.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/")
    _wait_for_the_map(page)
    page.evaluate(LISTEN)
    assert page.locator("svg.map.m-far .m-overview").is_visible()
    assert page.evaluate(CHUNKS_SHOWN) == 1, "only the chunk of the hex in the tab order"

    assert _misplaced(page) < 2, "the pointer's place in the map is where hexes are"
    far_east = (east + 100, -((east + 100) // 2))
    x, y = page.evaluate(HEX_ON_SCREEN, list(far_east))
    drawn = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", [x, y]
    )
    assert drawn == "m-t-fields", "the overview draws the hex's fields where it stands"
    page.mouse.click(x, y)
    assert page.evaluate("window.heardHexes") == [{"q": far_east[0], "r": far_east[1]}]
    chosen = page.locator(f"svg.map g.m-hex[data-q='{far_east[0]}'][data-r='{far_east[1]}']")
    assert chosen.get_attribute("tabindex") == "0", "the tapped hex is the one in the tab order"
    assert chosen.get_attribute("aria-label") == "Fields; unexplored"

    # Zoomed in a step (still from afar) and panned, a tap still finds its hex.
    page.click("button[data-map-zoom=in]")
    page.wait_for_timeout(300)
    frame = page.locator(".map-viewport").bounding_box()
    page.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    page.mouse.down()
    page.mouse.move(frame["x"] + frame["width"] / 2 - 60, frame["y"] + frame["height"] / 2, steps=4)
    page.mouse.up()
    page.wait_for_timeout(300)
    assert page.locator("svg.map.m-far .m-overview").is_visible()
    assert _misplaced(page) < 2, "the pointer's place in the map is where hexes are"
    middle = (east + 55, -((east + 55) // 2))
    x, y = page.evaluate(HEX_ON_SCREEN, list(middle))
    page.mouse.click(x, y)
    assert page.evaluate("window.heardHexes")[-1] == {"q": middle[0], "r": middle[1]}
    page.click("button[data-map-zoom=fit]")
    page.wait_for_timeout(300)

    page.locator("svg.map g.m-hex[tabindex='0']").focus()  # the hex tapped last
    page.keyboard.press("ArrowLeft")
    west = _focused(page)
    assert west[0] == middle[0] - 1, "the keyboard walks the hexes"
    page.keyboard.press("Enter")
    assert page.evaluate("window.heardHexes")[-1] == {"q": west[0], "r": west[1]}

    # An army chosen in its card lights its targets, drawn over the overview.
    page.locator("button.show-targets").first.click()
    page.locator("svg.map .m-hex.m-legal").first.wait_for(state="attached")
    assert page.evaluate(
        "[...document.querySelectorAll('svg.map .m-hex.m-legal')]"
        ".every((h) => h.getBoundingClientRect().width > 0)"
    ), "every target lit is drawn"

    page.locator("svg.map g.m-hex[tabindex='0']").focus()
    page.keyboard.press("Home")  # the capital, at the far west end
    capital = demo.kingdoms["alice"].capital
    assert _focused(page) == (capital.q, capital.r)
    for _ in range(5):
        page.click("button[data-map-zoom=in]")
    page.wait_for_timeout(400)
    assert not page.locator("svg.map .m-overview").is_visible(), "near, the hexes themselves"
    frame = page.locator(".map-viewport").bounding_box()
    centre_px = (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    assert page.evaluate(HEX_AT_POINT, list(centre_px)), "a hex under the pointer, to tap"
    page.locator("svg.map g.m-hex[tabindex='0']").focus()
    assert _focused(page) == (capital.q, capital.r), "out of view, it still takes the focus"
