"""Army building on the "My kingdom" page (§5.6, B 3.3–3.5): raise, re-allocate, disband,
name the General and the Grand Marshall, the army list and its approval, the entitlement
slots. One view per form; each answers an HTMX post with the army-building partial
(a refusal beside its field), a plain post with a redirect or the whole page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status
from kingdoms.armies import services
from kingdoms.armies.forms import FORMS, RaiseForm
from kingdoms.armies.sections import building_context
from kingdoms.models import Army, Kingdom
from kingdoms.realm.views import kingdom_context

PARTIAL = "kingdoms/armies/partials/army_building.html"


def _answer(
    request,
    access: Access,
    kingdom: Kingdom,
    bound=None,
    refused: Refused | None = None,
    army=None,
    done: tuple[int | None, str] | None = None,
):
    invalid = bound is not None and refused is None and not bound.is_valid()
    if refused is None and not invalid and not request.htmx:
        if done is not None:  # the page's messages say it after the redirect
            messages.success(request, done[1])
        return redirect(reverse("kingdom", args=[access.campaign.pk]) + "#army-building")
    refusal = (army.pk, refused.message) if army is not None and refused else None
    building = building_context(access, kingdom, bound, refusal, done)
    status = refusal_status(request, refused) if refused else 200
    if invalid:
        status = 200 if request.htmx else 400
    if request.htmx:
        context = {"access": access, "campaign": access.campaign, **building}
        return render(request, PARTIAL, context, status=status)
    # Without scripts: the whole kingdom page, on its armies tab, the form as it was
    context = kingdom_context(access, kingdom, "armies", building)
    return render(request, "kingdoms/realm/kingdom.html", context, status=status)


@login_required
@require_POST
def army_raise(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    if access.kingdom is None:
        raise Http404("No kingdom of yours here.")
    form = RaiseForm(request.POST, allies=bool(access.campaign.ruleset.peoples))  # NR-ALLY
    if not form.is_valid():
        return _answer(request, access, access.kingdom, form)
    try:
        army = services.army_raise(
            kingdom=access.kingdom,
            by=request.user,
            name=form.cleaned_data["name"],
            allocation=form.cleaned_data["allocation"],
            general=form.cleaned_data["general"],
            race=form.cleaned_data.get("race", ""),
        )
    except Refused as refused:
        form.refuse(refused)
        return _answer(request, access, access.kingdom, form, refused)
    done = _("%(army)s raised.") % {"army": army.name}
    return _answer(request, access, access.kingdom, done=(army.pk, done))


@login_required
@require_POST
def army_action(request: HttpRequest, campaign_id: int, army_id: int, action: str):
    """One army's form: allocation, general, marshal, list, slots, approve or disband."""
    access = campaign_access(request, campaign_id)
    army = get_object_or_404(
        Army.objects.select_related("kingdom"), pk=army_id, kingdom__campaign=access.campaign
    )
    if not access.is_gm and army.kingdom_id != getattr(access.kingdom, "pk", None):
        raise Http404("No such army.")  # another kingdom's army is not shown, nor named
    kingdom = army.kingdom
    form_class = FORMS.get(action)
    form = form_class(request.POST, army_id=army.pk) if form_class else None
    if form is not None and not form.is_valid():
        return _answer(request, access, kingdom, form)
    try:
        _act(action, army, request.user, form)
    except Refused as refused:
        if form is None:  # a button without fields: the reason goes on the army's row
            return _answer(request, access, kingdom, None, refused, army=army)
        form.refuse(refused)
        return _answer(request, access, kingdom, form, refused)
    return _answer(request, access, kingdom, done=(army.pk, _said(action, army)))


def _said(action: str, army: Army) -> str:
    """What a saved action did, in the words its army's row shows."""
    said = {
        "allocation": _("Allocation saved: %(points)s points."),
        "general": _("General named."),
        "list": _("Army list submitted: the GM checks it."),
        "slots": _("Slots declared."),
        "approve": _("Approval saved."),
        "marshal": _("Its General is now the Grand Marshall."),
        "disband": _("%(army)s disbanded."),
    }[action]
    return said % {"points": army.allocation, "army": army.name}


def _act(action: str, army: Army, user, form) -> None:
    data = form.cleaned_data if form is not None else {}
    if action == "allocation":
        services.army_allocation_change(army=army, by=user, allocation=data["allocation"])
    elif action == "general":
        services.army_general_name(army=army, by=user, name=data["general"])
    elif action == "list":
        services.army_list_submit(army=army, by=user, text=data["text"], url=data["url"])
    elif action == "slots":
        services.army_slots_set(army=army, by=user, slots=data)
    elif action == "approve":
        services.army_list_approve(army=army, by=user, approved=data["approved"])
    elif action == "marshal":
        services.grand_marshal_name(army=army, by=user)
    elif action == "disband":
        services.army_disband(army=army, by=user)
    else:
        raise Http404("No such action.")
