"""The Content-Security-Policy: scripts and styles from Warpost's static files only. A page
with inline code would break under it (the script not run, the style not applied), so no
template and no rendered page carries any: no inline <script> or <style> without the
request's nonce, no style="…" attribute, no onclick=… handler."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from tests.api_support import battle_between_alice_and_bob

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"


class _InlineCode(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag in ("script", "style") and not {"src", "nonce"} & names:
            self.found.append(f"<{tag}> without src or nonce at line {self.getpos()[0]}")
        for name in names:
            if name == "style" or name.startswith("on"):
                self.found.append(f"{name}= on <{tag}> at line {self.getpos()[0]}")


def inline_code(html: str) -> list[str]:
    """What the policy would refuse in ``html``."""
    parser = _InlineCode()
    parser.feed(html)
    return parser.found


def test_the_finder_finds_inline_code():
    found = inline_code(
        '<script>alert(1)</script><script nonce="n">ok()</script><script src="/s.js"></script>'
        '<button onclick="go()">Go</button><span style="color: red"></span><style>p{}</style>'
    )
    assert len(found) == 4


def test_no_template_has_inline_code():
    templates = sorted(TEMPLATES.rglob("*.html"))
    assert len(templates) > 40
    found = {
        str(path.relative_to(TEMPLATES)): problems
        for path in templates
        if (problems := inline_code(path.read_text()))
    }
    assert found == {}


def test_pages_send_the_policy_and_carry_no_inline_code(client, demo):
    """The map (an SVG drawn in Python), the legend's colours, the GM's kingdom picker and
    the printable battle sheet included."""
    battle = battle_between_alice_and_bob(demo)
    campaign = demo.campaign.pk
    pages = [
        (None, reverse("login")),
        (demo.players["alice"], reverse("campaign-detail", args=[campaign])),
        (demo.players["alice"], reverse("battle-sheet", args=[campaign, battle.pk])),
        (demo.gm, reverse("kingdom", args=[campaign])),
        (demo.gm, reverse("gm-console", args=[campaign])),
        (demo.gm, reverse("ruleset", args=[campaign])),  # its switches styled from the sheet
    ]
    for user, url in pages:
        if user is not None:
            client.force_login(user)
        response = client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, url
        assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy, url
        assert inline_code(response.content.decode()) == [], url


def test_an_htmx_answer_carries_no_inline_code_either(client, demo):
    """A partial swapped into a page runs under that page's policy."""
    client.force_login(demo.players["alice"])
    response = client.get(
        reverse("campaign-detail", args=[demo.campaign.pk]), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert 'id="campaign-body"' in html and "<svg" in html
    assert inline_code(html) == []
