"""Screenshots of the key campaign pages (tests/browser/key_pages.py) at the desktop's
and the phone's size in each of the site's languages, saved for a person to look at in
screenshots/<language>/<size>/<page>.png under the repository (git-ignored); and a check
that a page in Italian or Spanish speaks it: the right html[lang], and none of the
English UI words below left in its header, its headings or its accessible names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from campaign.accounts.models import Profile
from tests.browser.chromium import IN_CHROMIUM
from tests.browser.key_pages import KEY_PAGES, SIZES, each_tab_shown, open_page

SCREENSHOTS = Path(settings.BASE_DIR) / "screenshots"

# Marked for translation, and no name a player gives: in another language none may show.
# ("Inbox" is left out: Italian may well keep the loanword.)
HEADER_WORDS = (
    "Map",
    "Kingdom",
    "Messages",
    "Battles",
    "Sieges",
    "Bulletin",
    "Chronicle",
    "Rules",
    "Players",
    "GM console",
    "Log out",
)
# Names a screen reader speaks (aria-label), never seen but as marked as the rest.
ACCESSIBLE_NAMES = frozenset({"Campaign", "Campaign map"})
HEADING_WORDS = {
    "campaign-player": ("Standings", "My armies"),
    "campaign-gm": ("Standings", "Armies"),
    "kingdom": ("Entitlements", "Armies", "Army building", "Agreements"),
    "battles": ("Battles",),
    "chronicle": ("Chronicle",),
    "gm-console": ("GM console",),
    "house-rules": ("The rules of", "Modifiers"),
}

pytestmark = IN_CHROMIUM


def english_left(page, page_name: str) -> list[str]:
    """The English UI words the page's header and headings still show, and the English
    names it still gives a screen reader."""
    header = page.locator("body > header").inner_text()
    headings = "\n".join(page.locator("main :is(h1, h2, h3)").all_inner_texts())
    names = page.eval_on_selector_all("[aria-label]", "all => all.map(e => e.ariaLabel)")
    return [
        word
        for text, words in ((header, HEADER_WORDS), (headings, HEADING_WORDS[page_name]))
        for word in words
        if re.search(rf"\b{re.escape(word)}\b", text)
    ] + sorted(ACCESSIBLE_NAMES.intersection(names))


def language_faults(page, language: str, where: str, page_name: str) -> list[str]:
    faults = []
    lang = page.locator("html").get_attribute("lang")
    if lang != language:
        faults.append(f"{where}: html[lang] is {lang!r}")
    english = english_left(page, page_name) if language != settings.LANGUAGE_CODE else []
    if english:
        faults.append(f"{where}: English " + ", ".join(map(repr, english)))
    return faults


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_the_key_pages_in_each_language_at_both_sizes(
    language, live_server, played_campaign, log_in
):
    """Every key page, each tab of the kingdom page, photographed; in Italian and Spanish
    no English left in the header and the headings."""
    for user in (played_campaign.gm, *played_campaign.players.values()):
        Profile.objects.update_or_create(user=user, defaults={"language": language})
    campaign = f"{live_server.url}/campaigns/{played_campaign.campaign.pk}/"
    # Each login once: its page is resized for the next size, and every page reloaded.
    pages = {username: log_in(username) for username in {key.username for key in KEY_PAGES}}
    faults = []
    for size, viewport in SIZES.items():
        folder = SCREENSHOTS / language / size
        folder.mkdir(parents=True, exist_ok=True)
        for page in pages.values():
            page.set_viewport_size(viewport)
        for key in KEY_PAGES:
            page = pages[key.username]
            open_page(page, campaign + key.path)
            page.screenshot(path=str(folder / f"{key.name}.png"), full_page=True)
            faults += language_faults(page, language, f"{key.name} at {size}", key.name)
            for number, label in each_tab_shown(page):
                where = f"{key.name}, tab {label!r}, at {size}"
                faults += language_faults(page, language, where, key.name)
                page.screenshot(path=str(folder / f"{key.name}-tab-{number}.png"), full_page=True)
    assert not faults, "\n".join(faults)
