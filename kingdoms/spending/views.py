"""The player's spending panel (Table 10, Table 11, §5.6 diplomacy): his spends of the
turn, the form to add one and a button to withdraw each; re-rendered in place by HTMX.
It also sits on the "My kingdom" page (kingdoms.realm.views)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.inputs import ID
from campaign.core.pages import refusal_status, render_page
from campaign.turns.selectors import current_turn
from kingdoms.spending.forms import SpendForm
from kingdoms.spending.selectors import spend_choices, spending_panel
from kingdoms.spending.services import spend_submit, spend_withdraw


def spending_section(access: Access, kingdom, turn) -> dict:
    """The panel for the "My kingdom" page (of the current ``turn``): the player's own, or
    any for the GM."""
    return {"spending_panel": spending_panel(turn, kingdom, access.viewer)}


@login_required
@require_http_methods(["GET", "POST"])
def spending(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET shows the panel; POST adds a spend, or with ``withdraw`` set to a spend's id
    takes it back. A refusal shows its reason next to the field and saves nothing."""
    access = campaign_access(request, campaign_id)
    turn = current_turn(access.campaign)
    kingdom = access.kingdom
    if access.is_gm or spending_panel(turn, kingdom, access.viewer) is None:
        raise Http404("No spending of yours here.")
    if request.method == "GET":
        return _render(request, access, spending_panel(turn, kingdom, access.viewer))
    if "withdraw" in request.POST:
        return _withdraw(request, access)
    form = SpendForm(request.POST, choices=spend_choices(turn, kingdom))
    if not form.is_valid():
        panel = spending_panel(turn, kingdom, access.viewer, form)
        return _render(request, access, panel, 200 if request.htmx else 400)
    try:
        spend_submit(campaign=access.campaign, by=request.user, **form.spend_kwargs())
    except Refused as refused:
        form.refuse(refused)
        panel = spending_panel(turn, kingdom, access.viewer, form)
        return _render(request, access, panel, refusal_status(request, refused))
    return _saved(request, access)


def _withdraw(request: HttpRequest, access: Access) -> HttpResponse:
    turn = current_turn(access.campaign)
    wanted = ID.parse(request.POST["withdraw"])
    try:
        if wanted is None:
            raise Refused(_("Name the spend to withdraw by its number."), field="spend")
        spend_withdraw(campaign=access.campaign, by=request.user, spend_id=wanted)
    except Refused as refused:
        panel = spending_panel(
            turn, access.kingdom, access.viewer, refusal=refused.message, about=wanted
        )
        return _render(request, access, panel, refusal_status(request, refused))
    return _saved(request, access)


def _saved(request: HttpRequest, access: Access) -> HttpResponse:
    if not request.htmx:  # the page's messages say it after the redirect
        messages.success(request, _("Spending saved."))
        return redirect(reverse("kingdom", args=[access.campaign.pk]) + "#spending")
    turn = current_turn(access.campaign)
    access.kingdom.refresh_from_db(fields=["power"])
    return _render(request, access, spending_panel(turn, access.kingdom, access.viewer, saved=True))


def _render(request: HttpRequest, access: Access, panel: dict, status: int = 200) -> HttpResponse:
    context = {"access": access, "campaign": access.campaign, "spending_panel": panel}
    return render_page(
        request,
        "kingdoms/spending/spending_page.html",
        "kingdoms/spending/partials/spending_panel.html",
        context,
        status,
    )
