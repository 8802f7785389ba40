"""Rule IDs on pages are small links to the rulebook page that states them."""

from django.template import Context, Template

from campaign.ruleset.selectors import rule_href


def test_a_supplement_rule_id_links_to_its_anchor_on_the_supplement_page():
    assert rule_href("NR-GEN-1") == "/rulebook/supplement/#NR-GEN-1"


def test_a_siege_rule_id_links_to_the_sieges_page():
    assert rule_href("SG-BASE") == "/rulebook/sieges/#SG-BASE"


def test_an_erratum_links_to_the_errata_page():
    assert rule_href("E-01") == "/rulebook/errata/#E-01"


def test_an_unknown_id_links_to_the_rulebook_index():
    assert rule_href("ZZ-9") == "/rulebook/index/"


def test_the_rule_tag_renders_a_small_link_with_the_id_as_its_text():
    html = Template('{% load rulebook %}{% rule "E-01" %}').render(Context())
    assert html == (
        '<small class="rule-ref"><a href="/rulebook/errata/#E-01" title="E-01">E-01</a></small>'
    )
