"""The pages a person spends his campaign on, as the accessibility and screenshot tests
visit them: each with the login that sees it and its path under the campaign."""

from __future__ import annotations

from typing import NamedTuple

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


class KeyPage(NamedTuple):
    name: str
    username: str
    path: str  # under /campaigns/<id>/


KEY_PAGES = (
    KeyPage("campaign-player", "alice", ""),
    KeyPage("campaign-gm", "gm", ""),
    KeyPage("kingdom", "alice", "kingdom/"),
    KeyPage("battles", "alice", "battles/"),
    KeyPage("chronicle", "alice", "chronicle/"),
    KeyPage("gm-console", "gm", "gm/"),
    KeyPage("house-rules", "alice", "rules/"),
)


def open_page(page, url: str) -> None:
    """The page, once loaded and what it loads after itself (htmx) has come; it must
    answer."""
    response = page.goto(url)
    assert response.ok, f"{url} answers {response.status}"
    htmx_settled(page)


def htmx_settled(page) -> None:
    """Once no htmx request is under way and its answer is in place: htmx marks the
    element that sent one (or its indicator) .htmx-request until the answer is in, and
    what it swapped in .htmx-added until, its settle delay later, it has wired that
    content's own hx- attributes (a click before then is a plain browser one). Waiting
    for the network to be idle instead cost every page half a second of silence."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-added')")


# The kingdom page's tabs (role=tab): each is shown in turn.
TABS = "[role=tab]"


def each_tab_shown(page):
    """Clicks the page's tabs one by one, yielding each one's number and label once its
    panel has come (a tab may load it by htmx); nothing for a page without tabs."""
    for number, tab in enumerate(page.locator(TABS).all(), start=1):
        tab.click()
        htmx_settled(page)
        yield number, tab.inner_text()
