"""The fallback-capital section of the kingdom page (A-3.2, E-23): the list in order and,
for the kingdom's player, a form to change it. One view renders the section for an
HTMX request and the whole page otherwise (NetBox style); a refusal shows its reason
next to the field."""

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
from kingdoms.capitals.forms import FallbackCapitalsForm
from kingdoms.capitals.selectors import cities_to_name, fallback_capitals_view
from kingdoms.capitals.services import fallback_capitals_set
from kingdoms.models import Kingdom

PARTIAL = "kingdoms/capitals/partials/fallback_capitals.html"


def fallback_section(
    access: Access, kingdom: Kingdom, form: FallbackCapitalsForm | None = None, done: str = ""
) -> dict:
    """What the partial shows of ``kingdom`` (the views check that the viewer is its
    player or the GM); the form for its player alone."""
    listed = fallback_capitals_view(kingdom)
    is_player = access.kingdom is not None and access.kingdom.pk == kingdom.pk
    if form is None and is_player and not kingdom.eliminated:
        text = "; ".join(f"{q},{r}" for q, r in listed["hexes"])
        form = FallbackCapitalsForm(initial={"hexes": text})
    shown = form if is_player else None
    return {
        "fallback": listed,
        "fallback_form": shown,
        "fallback_done": done,
        "capitals_to_name": cities_to_name(listed) if shown is not None else 0,
    }


@login_required
@require_http_methods(["GET", "POST"])
def fallback_capitals(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET: the section (the GM's with ?kingdom=<id>); POST: the player's new list."""
    access = campaign_access(request, campaign_id)
    kingdom = access.kingdom
    if access.is_gm:
        wanted = ID.parse(request.GET.get("kingdom", ""))
        kingdom = access.campaign.kingdoms.filter(pk=wanted).first() if wanted else None
    if kingdom is None or (request.method == "POST" and access.is_gm):
        raise Http404("No kingdom of yours here.")
    if request.method == "GET":
        return _render(request, access, fallback_section(access, kingdom))
    form = FallbackCapitalsForm(request.POST)
    if not form.is_valid():
        status = 200 if request.htmx else 400
        return _render(request, access, fallback_section(access, kingdom, form), status)
    try:
        kingdom = fallback_capitals_set(
            kingdom=kingdom, by=request.user, hexes=form.cleaned_data["hexes"]
        )
    except Refused as refused:
        form.refuse(refused)
        section = fallback_section(access, kingdom, form)
        return _render(request, access, section, refusal_status(request, refused))
    saved = _("Fallback capitals saved.")
    if not request.htmx:  # the page's messages say it after the redirect
        messages.success(request, saved)
        return redirect(reverse("kingdom", args=[campaign_id]) + "#fallback-capitals")
    return _render(request, access, fallback_section(access, kingdom, done=saved))


def _render(request: HttpRequest, access: Access, section: dict, status: int = 200) -> HttpResponse:
    context = {"access": access, "campaign": access.campaign, **section}
    return render_page(
        request, "kingdoms/capitals/fallback_capitals_page.html", PARTIAL, context, status
    )
