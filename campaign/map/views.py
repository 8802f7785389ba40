"""The GM's hex terrain page (Q16): pick a hex by q and r, tick its secondary terrains;
re-rendered in place by HTMX. Reached from the GM console. And the map editor, with which
the GM draws the map of a campaign being set up."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign.core.access import Access, gm_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.map.forms import HexPickForm, HexTerrainForm, MapDrawingForm
from campaign.map.selectors import map_drawing
from campaign.map.services import (
    hex_add,
    hex_defence_set,
    hex_feature_set,
    hex_paint,
    hex_remove,
    hex_secondary_terrains_set,
    hex_watchtower_toggle,
    kingdom_land_toggle,
    kingdom_seat_toggle,
    map_drawing_finish,
    neutral_kingdom_toggle,
)
from campaign.models import Campaign, Hex
from campaign.ruleset.selectors import problem_lines
from kingdoms.models import Kingdom, NeutralKingdom
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
        pick.add_error(
            None, _("The map has no hex (%(q)s, %(r)s).") % {"q": coord[0], "r": coord[1]}
        )
    form = _form_for(chosen) if chosen else None
    status = 200 if request.htmx or not pick.errors else 400
    saved = chosen is not None and request.GET.get("saved") == "1"
    return _render(request, access, pick, chosen, form, saved=saved, status=status)


def _save(request: HttpRequest, access: Access) -> HttpResponse:
    pick = HexPickForm(request.POST)  # the form's hidden q and r, with their errors
    coord = pick.coord()
    chosen = _hex_at(access, coord) if coord else None
    if coord and chosen is None:
        pick.add_error(
            None, _("The map has no hex (%(q)s, %(r)s).") % {"q": coord[0], "r": coord[1]}
        )
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


# The map editor: the GM draws the map while the campaign is set up. Each click on the map
# posts the editor's form for that hex (static/warpost/map-editor.js); the q and r boxes do
# the same by keyboard. With HTMX the editor's part of the page is drawn again in place.

DRAWING: dict[str, Callable[[dict, MapDrawingForm], object]] = {
    "paint": lambda at, form: hex_paint(**at, terrain=form.cleaned_data["terrain"]),
    "grow": lambda at, form: hex_add(**at, terrain=form.cleaned_data["terrain"]),
    "shrink": lambda at, form: hex_remove(**at),
    "feature": lambda at, form: hex_feature_set(**at, feature=form.cleaned_data["feature"]),
    "defence": lambda at, form: hex_defence_set(**at, defence=form.cleaned_data["defence"]),
    "watchtower": lambda at, form: hex_watchtower_toggle(**at),
    "capital": lambda at, form: kingdom_seat_toggle(**at),
    "neutral": lambda at, form: neutral_kingdom_toggle(**at),
    "land": lambda at, form: kingdom_land_toggle(**at, kingdom=form.chosen_kingdom()),
}


@login_required
@require_http_methods(["GET", "POST"])
def map_editor(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET: the map being drawn, its tools, and the rules' set-up defaults it leaves
    (warnings, never refusals); the tool chosen may ride in the query. POST: one tool used
    on one hex. The GM's alone (a player gets 403), while the campaign is set up; once it
    has started the page says the map is drawn."""
    access = gm_access(request, campaign_id)
    if request.method == "POST":
        return _draw(request, access)
    chosen = {name: request.GET[name] for name in MapDrawingForm.base_fields if name in request.GET}
    return _editor(request, access, _drawing_form(access, initial=chosen))


def _draw(request: HttpRequest, access: Access) -> HttpResponse:
    form = _drawing_form(access, data=request.POST)
    if not form.is_valid():
        return _editor(request, access, form, status=200 if request.htmx else 400)
    at = {"campaign": access.campaign, "by": request.user, "coord": form.coord()}
    try:
        DRAWING[form.cleaned_data["tool"]](at, form)
    except Refused as refused:
        form.refuse(refused)
        return _editor(request, access, form, status=refusal_status(request, refused))
    if not request.htmx:
        url = reverse("map-editor", args=[access.campaign.pk])
        return redirect(f"{url}?{urlencode(form.choices())}")
    return _editor(request, access, _drawing_form(access, initial=form.choices()))


@login_required
@require_POST
def map_editor_done(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM is done drawing: on to the players page, to invite them; the campaign stays
    set up, each player kingdom a free seat."""
    access = gm_access(request, campaign_id)
    try:
        warnings = map_drawing_finish(campaign=access.campaign, by=request.user)
    except Refused as refused:
        form = _drawing_form(access)
        return _editor(
            request, access, form, refusal=refused, status=refusal_status(request, refused)
        )
    if warnings:
        drawn = ngettext(
            "The map is drawn: invite your players. It leaves one of the rules' set-up "
            "defaults, as you chose.",
            "The map is drawn: invite your players. It leaves %(count)s of the rules' set-up "
            "defaults, as you chose.",
            len(warnings),
        ) % {"count": len(warnings)}
    else:
        drawn = _("The map is drawn: invite your players.")
    messages.success(request, drawn)
    url = reverse("campaign-players", args=[access.campaign.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _drawing_form(access: Access, **kwargs) -> MapDrawingForm:
    campaign = access.campaign
    return MapDrawingForm(
        **kwargs,
        kingdoms=list(Kingdom.objects.filter(campaign=campaign).order_by("id")),
        neutrals=list(NeutralKingdom.objects.filter(campaign=campaign).order_by("id")),
        tiles=bool(campaign.ruleset.new_tiles),
    )


def _editor(
    request: HttpRequest,
    access: Access,
    form: MapDrawingForm,
    *,
    refusal: Refused | None = None,
    status: int = 200,
) -> HttpResponse:
    setting_up = access.campaign.status == Campaign.Status.SETUP
    drawing = map_drawing(access.campaign, access.viewer) if setting_up else None
    context = {
        "access": access,
        "campaign": access.campaign,
        "setting_up": setting_up,
        "form": form,
        "drawing": drawing,
        "warnings": problem_lines(drawing.warnings if drawing else []),
        "refusal": refusal,
    }
    return render_page(
        request,
        "campaign/map/map_editor.html",
        "campaign/map/partials/map_editor.html",
        context,
        status,
    )
