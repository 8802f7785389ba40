"""``{% rule "E-01" %}``: a rule ID as pages show it, a small link into the rulebook's page
that states it, so that labels speak plain words and the rule is one tap away."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from campaign.ruleset.selectors import rule_href

register = template.Library()


@register.simple_tag
def rule(rule_id: str, label: str = "") -> str:
    """The link: its text the ID (or ``label``), its target the rule's anchor; nothing
    for no rule (a refusal that cites none)."""
    if not rule_id:
        return ""
    return format_html(
        '<small class="rule-ref"><a href="{}" title="{}">{}</a></small>',
        rule_href(rule_id),
        rule_id,
        label or rule_id,
    )
