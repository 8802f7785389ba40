"""The GM's hex terrain page (Q16): pick a hex by q and r, tick its secondary terrains;
re-rendered in place by HTMX. Reached from the GM console."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaign.core.access import Access, gm_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.map.forms import HexPickForm, HexTerrainForm
from campaign.map.services import hex_secondary_terrains_set
from campaign.models import Hex
from rules.battles.tabletop import MAX_SECONDARY_TERRAINS


@login_required
@require_http_methods(["GET", "POST"])
def hex_terrain(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET ``?q=&r=`` shows that hex and its boxes; POST saves its secondary terrains
    (campaign.map.services.hex_secondary_terrains_set). A refusal shows its reason next
    to the boxes and saves nothing. The GM's alone: a player gets 403."""
    access = gm_access(request, campaign_id)
    if request.method == "POST":
        return _save(request, access)
    pick = HexPickForm(request.GET) if {"q", "r"} & set(request.GET) else HexPickForm()
    coord = pick.coord() if pick.is_bound else None
    chosen = _hex_at(access, coord) if coord else None
    if coord and chosen is None:
        pick.add_error(None, f"The map has no hex ({coord[0]}, {coord[1]}).")
    form = _form_for(chosen) if chosen else None
    status = 200 if request.htmx or not pick.errors else 400
    saved = chosen is not None and request.GET.get("saved") == "1"
    return _render(request, access, pick, chosen, form, saved=saved, status=status)


def _save(request: HttpRequest, access: Access) -> HttpResponse:
    pick = HexPickForm(request.POST)  # the form's hidden q and r, with their errors
    coord = pick.coord()
    chosen = _hex_at(access, coord) if coord else None
    if coord and chosen is None:
        pick.add_error(None, f"The map has no hex ({coord[0]}, {coord[1]}).")
    form = HexTerrainForm(request.POST)
    if chosen is None or not form.is_valid():
        status = 200 if request.htmx else 400
        return _render(request, access, pick, chosen, form if chosen else None, status=status)
    try:
        hex_secondary_terrains_set(
            hex=chosen, by=request.user, terrains=form.cleaned_data["secondary_terrains"]
        )
    except Refused as refused:
        form.refuse(refused)
        return _render(request, access, pick, chosen, form, status=refusal_status(request, refused))
    if not request.htmx:
        url = reverse("gm-hex-terrain", args=[access.campaign.pk])
        return redirect(f"{url}?q={chosen.q}&r={chosen.r}&saved=1")
    return _render(request, access, pick, chosen, _form_for(chosen), saved=True)


def _hex_at(access: Access, coord: tuple[int, int]) -> Hex | None:
    return Hex.objects.filter(campaign=access.campaign, q=coord[0], r=coord[1]).first()


def _form_for(hex_row: Hex) -> HexTerrainForm:
    initial = {"q": hex_row.q, "r": hex_row.r, "secondary_terrains": hex_row.secondary_terrains}
    return HexTerrainForm(initial=initial)


def _render(
    request: HttpRequest,
    access: Access,
    pick: HexPickForm,
    chosen: Hex | None,
    form: HexTerrainForm | None,
    *,
    saved: bool = False,
    status: int = 200,
) -> HttpResponse:
    marked = (
        Hex.objects.filter(campaign=access.campaign)
        .exclude(secondary_terrains=[])
        .only("q", "r", "terrain", "secondary_terrains")
        .order_by("r", "q")
    )
    context = {
        "access": access,
        "campaign": access.campaign,
        "pick": pick,
        "chosen": chosen,
        "form": form,
        "saved": saved,
        "marked": list(marked),
        "max_secondary": MAX_SECONDARY_TERRAINS,
    }
    return render_page(
        request,
        "campaign/map/hex_terrain.html",
        "campaign/map/partials/hex_terrain.html",
        context,
        status,
    )
