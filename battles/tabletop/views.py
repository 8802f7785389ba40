"""One battle's page and its printable sheet, and the tabletop report's
actions on it: report, confirm, dispute, and the GM's settling and extension (P-C6,
E-24). Views are thin: the selectors decide what the viewer sees, the services what he
may do; a refusal comes back next to its field, and an HTMX post gets the page's body."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from battles.models import Battle
from battles.tabletop.forms import ConfirmForm, DisputeForm, ExtendForm, ReportForm, SettleForm
from battles.tabletop.selectors import battle_page, report_powers
from battles.tabletop.services import (
    battle_report_confirm,
    battle_report_deadline_extend,
    battle_report_dispute,
    battle_report_settle,
    battle_report_submit,
    report_from_input,
)
from battles.words import worded, worded_report
from campaign.chronicle.views import chronicle_names
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page


def _battle(access: Access, battle_id: int) -> Battle:
    return get_object_or_404(
        Battle.objects.select_related("hex", "turn__campaign"),
        pk=battle_id,
        turn__campaign=access.campaign,
    )


def _context(access: Access, battle: Battle, forms: dict | None = None) -> dict:
    page = battle_page(battle, access.viewer, chronicle_names(access))
    page = {**page, "battle": worded(page["battle"]), "report": worded_report(page["report"])}
    powers = report_powers(battle, access.viewer, access.membership)
    forms = forms or {}
    if powers["report"] or powers["settle"]:
        forms.setdefault("report", ReportForm(page=page))
    if powers["answer"]:
        forms.setdefault("dispute", DisputeForm())
    if powers["settle"]:
        forms.setdefault("settle", SettleForm())
        forms.setdefault("extend", ExtendForm())
    return {
        "access": access,
        "campaign": access.campaign,
        "page": page,
        "powers": powers,
        "forms": forms,
        "now": timezone.now(),
    }


@login_required
@require_GET
def battle_detail(request: HttpRequest, campaign_id: int, battle_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    battle = _battle(access, battle_id)
    return render_page(
        request,
        "battles/tabletop/battle_page.html",
        "battles/tabletop/partials/battle_page_body.html",
        _context(access, battle),
    )


@login_required
@require_GET
def battle_sheet(request: HttpRequest, campaign_id: int, battle_id: int) -> HttpResponse:
    """The printable battle sheet (P-C5): the ticket on one page, for the table."""
    access = campaign_access(request, campaign_id)
    battle = _battle(access, battle_id)
    return render(request, "battles/tabletop/battle_sheet.html", _context(access, battle))


ACTIONS = ("report", "confirm", "dispute", "settle", "extend")

# What a step that went through says, next to what it saved (the page's body) or, after a
# plain post, on top of the page it redirects to.
SAVED = {
    "report": gettext_lazy("Your report is sent: the other side confirms or disputes it."),
    "confirm": gettext_lazy("You confirmed the report."),
    "dispute": gettext_lazy("Your dispute is sent: the GM settles it."),
    "settle": gettext_lazy("The report is settled."),
    "extend": gettext_lazy("The report deadline is extended."),
}


@login_required
@require_http_methods(["POST"])
def battle_report_action(
    request: HttpRequest, campaign_id: int, battle_id: int, action: str
) -> HttpResponse:
    """One step of the report: the answer is the page (HTMX: its body), with a refused
    form in place and nothing saved."""
    access = campaign_access(request, campaign_id)
    battle = _battle(access, battle_id)
    if action not in ACTIONS:
        raise Http404("No such step of the report.")
    form, status = _act(request, access, battle, action)
    if form is None:
        if not request.htmx:
            messages.success(request, SAVED[action])
            return redirect("battle-detail", campaign_id=campaign_id, battle_id=battle_id)
        context = {
            **_context(access, _battle(access, battle_id)),
            "saved": action,
            "saved_text": SAVED[action],
        }
        response = render(request, "battles/tabletop/partials/battle_page_body.html", context)
        response["HX-Trigger"] = "todo-changed"  # the page's to-do: a report sent or answered
        return response
    context = _context(access, battle, {action: form})
    return render_page(
        request,
        "battles/tabletop/battle_page.html",
        "battles/tabletop/partials/battle_page_body.html",
        context,
        status,
    )


def _act(request: HttpRequest, access: Access, battle: Battle, action: str):
    """Run the action; (None, 200) when it went through, else the form to show again
    with the refusal next to its field and the status to answer with."""
    by = request.user
    if action == "confirm":
        form = ConfirmForm(request.POST)  # bound, so that it can take the refusal
        try:
            battle_report_confirm(battle=battle, by=by)
        except Refused as refused:
            form.refuse(refused)
            return form, refusal_status(request, refused)
        return None, 200
    if action == "report" or (action == "settle" and "report-winner" in request.POST):
        page = battle_page(battle, access.viewer, chronicle_names(access))
        form = ReportForm(request.POST, page=page)
        run = _report if action == "report" else _settle_with
    elif action == "settle":
        form, run = SettleForm(request.POST), _settle
    elif action == "dispute":
        form, run = DisputeForm(request.POST), _dispute
    else:
        form, run = ExtendForm(request.POST), _extend
    if not form.is_valid():
        return form, 200 if request.htmx else 400
    try:
        run(battle, by, form)
    except Refused as refused:
        form.refuse(refused)
        return form, refusal_status(request, refused)
    return None, 200


def _report(battle: Battle, by, form: ReportForm) -> None:
    report = report_from_input(**form.report_input())
    battle_report_submit(battle=battle, by=by, report=report, text=form.cleaned_data["text"])


def _settle_with(battle: Battle, by, form: ReportForm) -> None:
    report = report_from_input(**form.report_input())
    battle_report_settle(battle=battle, by=by, report=report, text=form.cleaned_data["text"])


def _settle(battle: Battle, by, form: SettleForm) -> None:
    battle_report_settle(battle=battle, by=by, ruling=form.cleaned_data["ruling"])


def _dispute(battle: Battle, by, form: DisputeForm) -> None:
    battle_report_dispute(battle=battle, by=by, reason=form.cleaned_data["reason"])


def _extend(battle: Battle, by, form: ExtendForm) -> None:
    until = form.cleaned_data["until"]
    if timezone.is_naive(until):
        until = timezone.make_aware(until, dt.UTC)
    battle_report_deadline_extend(battle=battle, by=by, until=until)
