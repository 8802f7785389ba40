"""The rules page: the ruleset in force for everyone, and the GM's house-rules form; and
the rulebook's pages, which rule IDs link to."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods

from campaign.campaigns.services import require_gm
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status
from campaign.ruleset.forms import posted_section, section_overrides
from campaign.ruleset.labels import (
    CHOICES,
    block_words,
    is_switch,
    option_words,
    refusal_words,
    table_words,
    value_words,
)
from campaign.ruleset.sections import BY_SLUG, SECTIONS, Section
from campaign.ruleset.selectors import RULEBOOK_PAGES, rulebook_sections, rulebook_text
from campaign.ruleset.services import campaign_ruleset_change
from rules.battles.battle import TABLE_23_MODIFIERS
from rules.battles.recovery import TABLE_12_MODIFIERS, TABLE_13_MODIFIERS
from rules.core.ruleset import Group, OptionLine, RulesetError, TableLine, grouped

# E-21: "the rules page lists all the modifiers of each table", from each table's registry
MODIFIERS = {
    (_lazy("Unit recovery after a tabletop battle"), "Table 12"): TABLE_12_MODIFIERS,
    (_lazy("Character recovery"), "Table 13"): TABLE_13_MODIFIERS,
    (_lazy("Strategy roll"), "Table 23"): TABLE_23_MODIFIERS,
}


@login_required
@require_http_methods(["GET", "POST"])
def ruleset_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The rules in force, one section a subject; the GM saves one section at a time, the
    others untouched. HTMX swaps back only the saved section."""
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _render(request, access)
    section = BY_SLUG.get(request.POST.get("section", ""))
    options, tables = posted_section(request.POST, section) if section else ({}, {})
    try:
        require_gm(campaign=access.campaign, user=request.user)
        if section is None:
            raise Refused(_("There is no such section to save."))
        overrides = section_overrides(access.campaign.ruleset_overrides, section, options, tables)
        changes = campaign_ruleset_change(
            campaign=access.campaign, by=request.user, overrides=overrides
        )
    except RulesetError as problem:
        refused = Refused(refusal_words(problem), field=problem.key)
    except Refused as refusal:
        refused = refusal
    else:
        return _render(request, access, section=section, saved=changes)
    posted = {**options, **tables}
    return _render(request, access, section=section, refused=refused, posted=posted)


def _render(
    request: HttpRequest,
    access: Access,
    *,
    section: Section | None = None,
    refused: Refused | None = None,
    posted: dict | None = None,
    saved: list[str] | None = None,
) -> HttpResponse:
    """The page, or for HTMX the one section just posted: after a refusal the GM's input
    stays in the section, the reason by its field; after a save, the changes by its button."""
    ruleset = access.campaign.ruleset
    by_block = {group.name: group for group in grouped(ruleset)}

    def shown(s: Section) -> dict:
        if s == section:
            return _section(by_block, s, refused, posted or {}, saved)
        return _section(by_block, s, None, {}, None)

    status = refusal_status(request, refused) if refused else 200
    if request.htmx and section is not None:
        context = {"access": access, "campaign": access.campaign, "s": shown(section)}
        return render(request, "campaign/ruleset/partials/section.html", context, status=status)
    context = {
        "access": access,
        "campaign": access.campaign,
        "sections": [shown(s) for s in SECTIONS],
        "refused": refused if section is None else None,
        "modifiers": [
            {
                "title": title,
                "rule": rule,
                "lines": [(modifier.words(ruleset), modifier.rule) for modifier in lines],
            }
            for (title, rule), lines in MODIFIERS.items()
        ],
    }
    return render(request, "campaign/ruleset/ruleset.html", context, status=status)


def _section(
    by_block: dict[str, Group],
    section: Section,
    refused: Refused | None,
    posted: dict,
    saved: list[str] | None,
) -> dict:
    """A section as its template shows it: each block of the rulebook with its options and
    tables in plain words, each value as in force or as the GM just wrote it."""
    error_at = refused.field if refused else None

    def option(line: OptionLine) -> dict:
        words, written = option_words(line.name), posted.get(line.name, str(line.value))
        return {
            "name": line.name, "label": words.label, "help": words.help, "rule": line.rule,
            "value": line.value, "shown": written, "on": written.strip() == "1",
            "switch": is_switch(line.name), "low": line.low, "high": line.high,
            "choices": [
                {"value": value, "words": words, "checked": written.strip() == str(value)}
                for value, words in CHOICES.get(line.name, ())
            ],
            "value_words": value_words(line.name, line.value),
            "default_words": value_words(line.name, line.default),
            "house": line.value != line.default, "error": error_at == line.name,
        }  # fmt: skip

    def rule_table(line: TableLine) -> dict:
        words = table_words(line.key)
        return {
            "key": line.key, "label": words.label, "help": words.help, "rule": line.rule,
            "text": line.text, "shown": posted.get(line.key, line.text),
            "house": line.changed, "error": error_at == line.key,
        }  # fmt: skip

    groups = [by_block[block] for block in section.blocks if block in by_block]
    blocks = [
        {
            "slug": slugify(group.name),
            "title": block_words(group.name)[0],
            "rule": block_words(group.name)[1],
            "options": [option(line) for line in group.options if line.name != section.module],
            "tables": [rule_table(line) for line in group.tables],
        }
        for group in groups
    ]
    switch = [line for group in groups for line in group.options if line.name == section.module]
    rows = [row for block in blocks for row in [*block["options"], *block["tables"]]]
    return {
        "slug": section.slug,
        "title": section.title,
        "module": option(switch[0]) if switch else None,
        "blocks": blocks,
        # the GM sees at a glance which sections hold house rules, without opening them
        "house_rules": sum(row["house"] for row in rows),
        "refused": refused,
        "field_error": bool(refused and refused.field),
        "saved": saved,
        "open": refused is not None or saved is not None,
    }


@require_GET
def rulebook_page(request: HttpRequest, page: str) -> HttpResponse:
    """A page of the rulebook, docs/rules/, open to all like the rulebook itself: where the
    small links on rule IDs lead."""
    text = rulebook_text(page)
    if text is None:
        raise Http404("No such page of the rulebook.")
    pages = [(name, reverse("rulebook", args=[name])) for name in RULEBOOK_PAGES]
    context = {"parts": rulebook_sections(text), "page": page, "pages": pages}
    return render(request, "campaign/ruleset/rulebook.html", context)
