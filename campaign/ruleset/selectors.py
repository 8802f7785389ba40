"""The rulebook (docs/rules/), read as it stands in the repository: a page's text with its
rule anchors live, and where a rule ID is stated, for the small links pages put on the
rule IDs they cite."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from django.conf import settings
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from campaign.core.problems import problem_sentence
from rules.core.problems import Problem

RULEBOOK_PAGES = ("index", "campaign", "errata", "questions", "pairing", "sieges", "supplement")
# Each page's anchors, as the escaped text shows them: <a id="A-1.0.1"></a>
_ANCHOR = re.compile(r"&lt;a id=&quot;([A-Za-z0-9._-]+)&quot;&gt;&lt;/a&gt;")
# The first letters of an ID, and the page that states the IDs that begin so
_PAGE_OF = (("Q", "questions"), ("E-", "errata"), ("P-C", "pairing"), ("A-", "campaign"))
# Rule IDs written in words, and the anchor each names: "Table 23", "App G", "§5.6"
_SPOKEN = (
    (re.compile(r"Tables? (\d+)"), r"table-\1"),
    (re.compile(r"App(?:endix|\.)? ([A-G])\b"), r"app-\1"),
    (re.compile(r"§ ?(\d+(?:\.\d+)*)"), r"sec-\1"),
)


def rulebook_text(page: str) -> SafeString | None:
    """The page of the rulebook, escaped, with its anchors as anchors again; None for a
    page it does not have."""
    if page not in RULEBOOK_PAGES:
        return None
    text = (settings.BASE_DIR / "docs" / "rules" / f"{page}.md").read_text(encoding="utf-8")
    live = _ANCHOR.sub(r'<a id="\1"></a>', escape(text))
    return mark_safe(_STRONG.sub(r"<strong>\1</strong>", _CODE.sub(r"<code>\1</code>", live)))


# The Markdown a reader trips over in plain text: its headings, bold and code, on the
# escaped text (so nothing else of it can become markup)
_HEADING = re.compile(r"^(#{1,4}) (.+)$", re.MULTILINE)
_STRONG = re.compile(r"\*\*([^*\n]+)\*\*")
_CODE = re.compile(r"`([^`\n]+)`")


def rulebook_sections(text: str) -> list[dict]:
    """The page cut at its headings, for real headings between the blocks of text: each
    part's heading (level 2 to 5 under the page's own title) and the text that follows."""
    parts, at, heading = [], 0, None
    for found in _HEADING.finditer(text):
        parts.append({"heading": heading, "text": mark_safe(text[at : found.start()].strip("\n"))})
        heading = {"level": len(found[1]) + 1, "text": mark_safe(found[2])}
        at = found.end()
    parts.append({"heading": heading, "text": mark_safe(text[at:].strip("\n"))})
    return [part for part in parts if part["heading"] or part["text"]]


@cache
def _anchor_pages() -> dict[str, str]:
    """Every anchor of the rulebook and the page that holds it (read once a process)."""
    pages = {}
    for page in RULEBOOK_PAGES:
        text = (settings.BASE_DIR / "docs" / "rules" / f"{page}.md").read_text(encoding="utf-8")
        for anchor in re.findall(r'<a id="([A-Za-z0-9._-]+)"></a>', text):
            pages.setdefault(anchor, page)
    return pages


def rule_href(rule: str) -> str:
    """The rulebook's place for ``rule``: the page stating its first ID ("A-1.0.1",
    "NR-GEN-1", "Q19 …"), found by its anchor or failing that by the ID's first letters;
    the rulebook's index otherwise."""
    first = _first_anchor(rule.strip())
    page = _anchor_pages().get(first)
    if page is not None:
        return f"{reverse('rulebook', args=[page])}#{first}"
    for prefix, page in _PAGE_OF:
        if first.startswith(prefix):
            return f"{reverse('rulebook', args=[page])}#{first}"
    return reverse("rulebook", args=["index"])


def _first_anchor(rule: str) -> str:
    """The anchor of the first ID of ``rule``: "Table 23 E-21" → "table-23"."""
    for spoken, anchor in _SPOKEN:
        found = spoken.match(rule)
        if found:
            return found.expand(anchor)
    return rule.split()[0].rstrip(".,;:)") if rule else ""


def problem_lines(problems: Iterable[Problem]) -> list[dict]:
    """Problems as a page lists them: each in plain words, its rule a small link
    (templates/campaign/ruleset/partials/problems.html)."""
    return [
        {"text": problem_sentence(p), "rule": p.rule, "href": rule_href(p.rule)} for p in problems
    ]
