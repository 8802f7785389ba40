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
from campaign.ruleset.labels import block_words, is_switch, option_words, table_words, value_words
from campaign.ruleset.sections import BY_SLUG, SECTIONS, Section
from campaign.ruleset.selectors import RULEBOOK_PAGES, rulebook_sections, rulebook_text
from campaign.ruleset.services import campaign_ruleset_change
from rules.battles.battle import TABLE_23_MODIFIERS
from rules.battles.recovery import TABLE_12_MODIFIERS, TABLE_13_MODIFIERS
from rules.core.ruleset import OPTIONS, RulesetError, describe
from rules.core.state import Ruleset

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
        refused = Refused(problem.message, field=problem.key)
    except Refused as refusal:
        refused = refusal
    else:
        access.campaign.refresh_from_db()
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
    shown = [
        _section(access, s, refused, posted or {}, saved)
        if s == section
        else _section(access, s, None, {}, None)
        for s in SECTIONS
    ]
    status = refusal_status(request, refused) if refused else 200
    if request.htmx and section is not None:
        context = {
            "access": access,
            "campaign": access.campaign,
            "s": shown[SECTIONS.index(section)],
        }
        return render(request, "campaign/ruleset/partials/section.html", context, status=status)
    ruleset = access.campaign.ruleset
    context = {
        "access": access,
        "campaign": access.campaign,
        "sections": shown,
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
    access: Access, section: Section, refused: Refused | None, posted: dict, saved
) -> dict:
    """A section as its template shows it: each block of the rulebook with its options and
    tables in plain words, each value as in force or as the GM just wrote it."""
    ruleset = access.campaign.ruleset
    default = Ruleset()
    error_at = refused.field if refused else None

    def option(name: str) -> dict:
        words, meta = option_words(name), OPTIONS[name].metadata
        value = getattr(ruleset, name)
        written = posted.get(name, str(value))
        low, high = meta["range"]
        return {
            "name": name, "label": words.label, "help": words.help, "rule": meta["rule"],
            "value": value, "shown": written, "on": written.strip() == "1",
            "switch": is_switch(name), "low": low, "high": high,
            "value_words": value_words(name, value),
            "default_words": value_words(name, getattr(default, name)),
            "house": value != getattr(default, name), "error": error_at == name,
        }  # fmt: skip

    def rule_table(line) -> dict:
        words = table_words(line.key)
        return {
            "key": line.key, "label": words.label, "help": words.help, "rule": line.rule,
            "text": line.text, "shown": posted.get(line.key, line.text),
            "house": line.changed, "error": error_at == line.key,
        }  # fmt: skip

    _, lines = describe(ruleset)
    tables_of = {block: [line for line in lines if line.table == block] for block in section.blocks}
    blocks = [
        {
            "slug": slugify(block),
            "title": block_words(block)[0],
            "rule": block_words(block)[1],
            "options": [
                option(name)
                for name in section.options
                if OPTIONS[name].metadata["table"] == block and name != section.module
            ],
            "tables": [rule_table(line) for line in tables_of[block]],
        }
        for block in section.blocks
    ]
    field_error = bool(refused and refused.field)
    rows = [row for block in blocks for row in [*block["options"], *block["tables"]]]
    module = option(section.module) if section.module else None
    return {
        "slug": section.slug,
        "title": section.title,
        "module": module,
        "blocks": blocks,
        # the GM sees at a glance which sections hold house rules, without opening them
        "house_rules": sum(row["house"] for row in rows),
        "refused": refused,
        "field_error": field_error,
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
