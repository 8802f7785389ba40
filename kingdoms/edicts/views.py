"""The player's edicts panel (§5.3 Table 2): his edicts of the turn, the form to decree
one and a button to withdraw each; re-rendered in place by HTMX."""

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
from campaign.core.inputs import COORD
from campaign.core.pages import refusal_status, render_page
from campaign.turns.selectors import current_turn
from kingdoms.edicts.forms import EdictForm
from kingdoms.edicts.selectors import edicts_panel
from kingdoms.edicts.services import edict_submit, edict_withdraw


@login_required
@require_http_methods(["GET", "POST"])
def edicts(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET shows the panel; POST decrees an edict, or with ``withdraw`` set to "q,r"
    takes one back. A refusal shows its reason next to the field and saves nothing."""
    access = campaign_access(request, campaign_id)
    turn = current_turn(access.campaign)
    if edicts_panel(turn, access.viewer) is None:
        raise Http404("No edicts of yours here.")
    if request.method == "GET":
        return _render(request, access, edicts_panel(turn, access.viewer))
    if "withdraw" in request.POST:
        return _withdraw(request, access)
    form = EdictForm(request.POST)
    if not form.is_valid():
        panel = edicts_panel(turn, access.viewer, form)
        return _render(request, access, panel, 200 if request.htmx else 400)
    try:
        edict_submit(
            campaign=access.campaign,
            by=request.user,
            hex=form.cleaned_data["hex"],
            kind=form.cleaned_data["kind"],
            structure=form.edict_structure(),
        )
    except Refused as refused:
        form.refuse(refused)
        panel = edicts_panel(turn, access.viewer, form)
        return _render(request, access, panel, refusal_status(request, refused))
    return _saved(request, access)


def _withdraw(request: HttpRequest, access: Access) -> HttpResponse:
    q, _comma, r = request.POST["withdraw"].partition(",")
    coord = (COORD.parse(q), COORD.parse(r))
    turn = current_turn(access.campaign)
    try:
        if None in coord:
            raise Refused(_("Name the hex of the edict to withdraw as q,r."), field="hex")
        edict_withdraw(campaign=access.campaign, by=request.user, hex=coord)
    except Refused as refused:
        about = None if None in coord else coord
        panel = edicts_panel(turn, access.viewer, refusal=refused.message, about=about)
        return _render(request, access, panel, refusal_status(request, refused))
    return _saved(request, access)


# The pages the panel sits on, by the name its forms give (``back``): a plain post goes
# back to the page it came from, the campaign page unless it names the kingdom page.
BACK = {"kingdom": "kingdom", "campaign": "campaign-detail"}


def _saved(request: HttpRequest, access: Access) -> HttpResponse:
    if not request.htmx:  # the page's messages say it after the redirect
        messages.success(request, _("Edicts saved."))
        page = BACK.get(request.POST.get("back", ""), "campaign-detail")
        return redirect(reverse(page, args=[access.campaign.pk]) + "#edicts")
    panel = edicts_panel(current_turn(access.campaign), access.viewer, saved=True)
    response = _render(request, access, panel)
    response["HX-Trigger"] = "orders-changed"  # the "My orders" line counts the edicts
    return response


def _render(request: HttpRequest, access: Access, panel: dict, status: int = 200) -> HttpResponse:
    context = {"access": access, "campaign": access.campaign, "edicts_panel": panel}
    if request.POST.get("back") in BACK:  # the panel's forms keep the page they came from
        context["edicts_back"] = request.POST["back"]
    return render_page(
        request,
        "kingdoms/edicts/edicts_page.html",
        "kingdoms/edicts/partials/edicts_panel.html",
        context,
        status,
    )
