"""The rulebook's pages (docs/rules/), where the small links on rule IDs lead."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from campaign.ruleset.selectors import rule_href


def test_a_rulebook_page_holds_its_rules_anchors_and_is_open_to_all(client: Client):
    page = client.get(reverse("rulebook", args=["campaign"])).content.decode()
    assert '<a id="A-1.2.1"></a>' in page and "Each player starts with a few hexes" in page
    assert "&lt;a id=" not in page, "every anchor live, the rest of the text escaped"
    assert client.get(reverse("rulebook", args=["nonesuch"])).status_code == 404


def test_a_rule_id_links_to_the_page_that_states_it():
    assert rule_href("A-1.0.1") == "/rulebook/campaign/#A-1.0.1"
    assert rule_href("Q19") == "/rulebook/questions/#Q19"
    assert rule_href("E-22 A-1.4.3") == "/rulebook/errata/#E-22"
    assert rule_href("P-C3") == "/rulebook/pairing/#P-C3"
    # IDs written in words lead to their anchors too: a table, an appendix, a section
    assert rule_href("Table 7") == "/rulebook/campaign/#table-7"
    assert rule_href("App G E-21") == "/rulebook/campaign/#app-G"
    assert rule_href("§5.6 Table 6") == "/rulebook/campaign/#sec-5.6"


def test_a_rulebook_page_reads_with_real_headings_bold_ids_and_code(client: Client):
    page = client.get(reverse("rulebook", args=["campaign"])).content.decode()
    assert "<h3>§1 Where the rules come from</h3>" in page
    assert "<strong>A-1.2.1</strong> Each player starts" in page
    assert "<code>A-1.4.19</code>" in page
    assert "## " not in page and "**A-1.2.1**" not in page
