"""The Agreements section of the kingdom page (Q23): the agreements the viewer may see,
a proposal form, and accept / decline / end buttons. One view renders the section for
an HTMX request and the whole page otherwise (NetBox style)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from kingdoms.agreements.forms import AgreementForm
from kingdoms.agreements.models import Agreement
from kingdoms.agreements.selectors import agreement_views, visible_agreements
from kingdoms.agreements.services import (
    agreement_accept,
    agreement_decline,
    agreement_end,
    agreement_propose,
)
from kingdoms.models import Kingdom
from kingdoms.selectors import player_kingdoms

ACTIONS = {"accept": agreement_accept, "decline": agreement_decline, "end": agreement_end}


def agreements_section(
    access: Access,
    kingdom: Kingdom | None = None,
    form: AgreementForm | None = None,
    refusal: str | None = None,
    done: str | None = None,
    about: int | None = None,
) -> dict:
    """What templates/kingdoms/agreements/partials/agreements.html shows. The GM, looking
    at ``kingdom``, sees that kingdom's agreements and no forms; a player his own and the
    public ones, with a proposal form while his kingdom stands. ``refusal`` and ``done``
    show in the row of the agreement ``about`` names, or by the proposal form."""
    rows = agreement_views(access.campaign, access.viewer)
    if access.is_gm and kingdom is not None:
        rows = [row for row in rows if kingdom.pk in (row["proposer"], row["partner"])]
    me = access.kingdom if not access.is_gm else None
    if form is None and me is not None and not me.eliminated:
        form = AgreementForm(me=me, kingdoms=list(player_kingdoms(access.campaign)))
    return {
        "agreements": rows,
        "agreement_form": form if me is not None else None,
        "agreement_refusal": refusal,
        "agreement_done": done,
        "agreement_about": about,
        "agreements_to_answer": sum(1 for row in rows if "accept" in row["actions"]),
    }


def _render(request: HttpRequest, access: Access, section: dict, status: int = 200) -> HttpResponse:
    context = {"access": access, "campaign": access.campaign, **section}
    return render_page(
        request,
        "kingdoms/agreements/agreements_page.html",
        "kingdoms/agreements/partials/agreements.html",
        context,
        status,
    )


def _done(
    request: HttpRequest, access: Access, message: str, about: int | None = None
) -> HttpResponse:
    if not request.htmx:  # the page's messages say it after the redirect
        messages.success(request, message)
        return redirect(reverse("kingdom", args=[access.campaign.pk]) + "#agreements")
    return _render(request, access, agreements_section(access, done=message, about=about))


@login_required
@require_http_methods(["GET", "POST"])
def agreements(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET: the section; POST: propose an agreement (agreement_propose)."""
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _render(request, access, agreements_section(access, access.kingdom))
    me = access.kingdom
    if me is None or access.is_gm:
        raise Http404("No kingdom of yours to make agreements for.")
    form = AgreementForm(request.POST, me=me, kingdoms=list(player_kingdoms(access.campaign)))
    if not form.is_valid():
        status = 200 if request.htmx else 400
        return _render(request, access, agreements_section(access, form=form), status)
    try:
        agreement = agreement_propose(campaign=access.campaign, by=request.user, **form.proposal())
    except Refused as refused:
        form.refuse(refused)
        section = agreements_section(access, form=form)
        return _render(request, access, section, refusal_status(request, refused))
    said = _("%(kind)s proposed to %(partner)s.")
    return _done(
        request, access, said % {"kind": agreement.get_kind_display(), "partner": agreement.partner}
    )


@login_required
@require_POST
def agreement_action(
    request: HttpRequest, campaign_id: int, agreement_id: int, action: str
) -> HttpResponse:
    """Accept, decline or end (withdraw, give notice) an agreement the viewer may see."""
    access = campaign_access(request, campaign_id)
    if action not in ACTIONS:
        raise Http404("No such action.")
    agreement = get_object_or_404(
        visible_agreements(access.campaign, access.viewer), pk=agreement_id
    )
    try:
        agreement = ACTIONS[action](agreement=agreement, by=request.user)
    except Refused as refused:
        section = agreements_section(access, refusal=refused.message, about=agreement.pk)
        return _render(request, access, section, refusal_status(request, refused))
    return _done(request, access, _said(agreement, action), about=agreement.pk)


def _said(agreement: Agreement, action: str) -> str:
    names = {
        "kind": agreement.get_kind_display(),
        "proposer": agreement.proposer,
        "reason": agreement.get_end_reason_display(),
        "turn": agreement.notice_turn,
    }
    if action == "accept":
        return _("%(kind)s with %(proposer)s accepted.") % names
    if action == "decline":
        return _("%(kind)s with %(proposer)s declined.") % names
    if agreement.state == Agreement.State.ENDED:
        return _("%(kind)s %(reason)s.") % names
    return _("Notice given: the agreement ends when turn %(turn)s is resolved.") % names
