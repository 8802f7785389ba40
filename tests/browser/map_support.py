"""Giving an order the way a player does: by tapping the map (static/warpost/map-panel.js),
never by typing coordinates. Shared by the browser tests."""

from __future__ import annotations


def order_from_map(page, army, target: tuple[int, int], kind: str = "Invade", tap=False) -> None:
    """Tap the army's marker, then its lit ``target`` hex, then the order's button in the
    hex panel, and wait for "Order saved" next to the army's line. ``tap``: a phone's
    touch (page.tap) rather than a click."""
    press = page.tap if tap else page.click
    # The map's scripts listen once the page has loaded: a tap before then does nothing
    # (a loaded machine showed it, the marker tapped while the scripts were still coming)
    page.wait_for_load_state("load")
    q, r = target
    hex_ = f'svg.map .m-hex[data-q="{q}"][data-r="{r}"]'
    press(f'svg.map .m-army-marker[data-army="{army.pk}"]')
    page.locator(f"{hex_}.m-legal").wait_for(state="attached")
    press(hex_)
    # The panel of this hex, not the one it replaces while htmx loads it
    panel = f'#hex-panel .hex-panel-body[data-q="{q}"][data-r="{r}"]'
    line = page.locator(f'{panel} .hex-army[data-army="{army.pk}"]')
    line.locator(f"button:has-text('{kind}')").first.wait_for()
    if tap:
        line.locator(f"button:has-text('{kind}')").first.tap()
    else:
        line.locator(f"button:has-text('{kind}')").first.click()
    line.locator("text=Order saved").wait_for()


def close_panel(page) -> None:
    """Escape closes the hex panel (the phone's bottom sheet), giving the map back."""
    page.keyboard.press("Escape")
    page.locator("#hex-panel").wait_for(state="hidden")
