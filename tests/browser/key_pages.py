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

# The kingdom page's tabs: each is shown in turn (it has none until they are built).
TABS = "[role=tab]"


def tabs_of(page) -> list:
    """The page's tabs, to click one by one; an empty list for a page without."""
    return page.locator(TABS).all()
