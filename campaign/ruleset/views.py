"""The rules page: the ruleset in force for everyone, and the GM's house-rules form; and
the rulebook's pages, which rule IDs link to."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status
from campaign.ruleset.selectors import RULEBOOK_PAGES, rulebook_text
from campaign.ruleset.services import campaign_ruleset_change
from rules.battles.battle import TABLE_23_MODIFIERS
from rules.battles.recovery import TABLE_12_MODIFIERS, TABLE_13_MODIFIERS
from rules.core.ruleset import OPTIONS, TABLES, RulesetError, grouped, overrides_from_form

# E-21: "the rules page lists all the modifiers of each table", from each table's registry
MODIFIERS = {
    "Table 12: unit recovery (tabletop battles)": TABLE_12_MODIFIERS,
    "Table 13: character recovery": TABLE_13_MODIFIERS,
    "Table 23: basic strategy modifier": TABLE_23_MODIFIERS,
}


@login_required
@require_http_methods(["GET", "POST"])
def ruleset_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _render(request, access)
    posted = {key: request.POST.get(f"table-{key}", "") for key in TABLES}
    options = {name: request.POST.get(f"option-{name}", "") for name in OPTIONS}
    try:
        overrides = overrides_from_form(options, posted)
        changes = campaign_ruleset_change(
            campaign=access.campaign, by=request.user, overrides=overrides
        )
    except RulesetError as problem:
        return _render(
            request, access, Refused(problem.message, field=problem.key), posted, options
        )
    except Refused as refused:
        return _render(request, access, refused, posted, options)
    url = reverse("ruleset", args=[campaign_id])
    return redirect(f"{url}?changed={len(changes)}")


def _render(
    request: HttpRequest,
    access: Access,
    refused: Refused | None = None,
    posted_tables: dict | None = None,
    posted_options: dict | None = None,
) -> HttpResponse:
    """The page, one block a table (Table 10's costs together, Table 25's bands with
    them, …); after a refusal the GM's input stays in the form, the reason by its field."""
    ruleset = access.campaign.ruleset
    error_at = refused.field if refused else None
    posted_options, posted_tables = posted_options or {}, posted_tables or {}

    def option(o):
        shown = posted_options.get(o.name, o.value)
        return {"line": o, "shown": shown, "error": error_at == o.name}

    def table(t):
        return {"line": t, "shown": posted_tables.get(t.key, t.text), "error": error_at == t.key}

    groups = [
        {
            "name": group.name,
            "slug": slugify(group.name),
            "options": [option(o) for o in group.options],
            "tables": [table(t) for t in group.tables],
        }
        for group in grouped(ruleset)
    ]
    context = {
        "access": access,
        "campaign": access.campaign,
        "groups": groups,
        "refused": refused,
        "changed": request.GET.get("changed"),
        "modifiers": {
            title: [(modifier.words(ruleset), modifier.rule) for modifier in lines]
            for title, lines in MODIFIERS.items()
        },
    }
    status = refusal_status(request, refused) if refused else 200
    return render(request, "campaign/ruleset/ruleset.html", context, status=status)


@require_GET
def rulebook_page(request: HttpRequest, page: str) -> HttpResponse:
    """A page of the rulebook, docs/rules/, open to all like the rulebook itself: where the
    small links on rule IDs lead."""
    text = rulebook_text(page)
    if text is None:
        raise Http404("No such page of the rulebook.")
    pages = [(name, reverse("rulebook", args=[name])) for name in RULEBOOK_PAGES]
    return render(
        request, "campaign/ruleset/rulebook.html", {"text": text, "page": page, "pages": pages}
    )
