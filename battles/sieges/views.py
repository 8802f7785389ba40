"""The sieges pages (E-37): the campaign's sieges, and one siege's sheet with the
viewer's plan for the turn's siege days (SG-INIT-2/3); everything the sheet shows comes
from battles.sieges.selectors, which applies who may see what. And the siege train's
orders from the kingdom page's Armies tab (NR-SIEGE, battles.sieges.trains): an engine,
a convoy; the page's messages say what came of them after the redirect."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from battles.decisions.forms import strategy_name
from battles.models import Siege
from battles.sieges.selectors import siege_sheet, visible_sieges
from battles.sieges.services import siege_convoy_form, siege_engine_build, siege_plan_set
from battles.sieges.trains import engine_choices
from battles.words import SIEGE_ACTIONS, SIEGE_BATTLES, worded_siege
from campaign.campaigns.views import recent_turns
from campaign.chronicle.words import word
from campaign.core.access import campaign_access
from campaign.core.errors import Refused
from campaign.core.forms import RefusableForm
from campaign.core.inputs import ID
from campaign.core.pages import refusal_status, render_page
from kingdoms.models import Army
from rules.core.state import Strategy

PLAN_SAVED = gettext_lazy("Your plan is saved: you may change it until the turn resolves.")
STRATEGY_CHOICES = [("", gettext_lazy("None (hold)"))] + [
    (s.value, strategy_name(s)) for s in Strategy
]


class SiegePlanForm(RefusableForm):
    """One side's plan: an action for each day of the turn, a strategy, lifting."""

    strategy = forms.ChoiceField(
        choices=STRATEGY_CHOICES,
        required=False,
        label=gettext_lazy("Strategy in the siege's battles"),
    )

    def __init__(self, *args, plan: dict, **kwargs):
        super().__init__(*args, prefix="plan", **kwargs)
        self.plan = plan
        choices = [(c, SIEGE_ACTIONS.get(c, c)) for c in plan["choices"]]
        stopped = plan["stopped"]  # E-24: that day comes first, its battle fixed
        first = 2 if stopped else 1
        for day, action in enumerate(plan["actions"], start=first):
            self.fields[f"day-{day}"] = forms.ChoiceField(
                label=_("Day %(day)s") % {"day": day}, choices=choices, initial=action
            )
        if stopped:
            self.fields["day-2"].help_text = _(
                "Day 1 is siege day %(day)s: %(battle)s, played on the tabletop."
            ) % {"day": stopped["day"], "battle": word(SIEGE_BATTLES, stopped["kind"])}
        self.fields["strategy"].initial = plan["strategy"] or ""
        self.fields["tabletop"] = forms.BooleanField(
            label=_(
                "Play this turn's assaults and sorties on the tabletop (if both sides opt in, "
                "the siege stops on the battle's day until it is played)"
            ),
            required=False,
            initial=plan["tabletop"],
        )
        if plan["role"] == "besieger":
            self.fields["lift"] = forms.BooleanField(
                label=_("Lift the siege (before the turn's days)"), required=False,
                initial=plan["lift"],
            )  # fmt: skip

    def actions(self) -> list[str]:
        days = [name for name in self.fields if name.startswith("day-")]
        return [self.cleaned_data[name] for name in days]


@login_required
@require_GET
def sieges(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    context = {
        "access": access,
        "campaign": access.campaign,
        "sieges": [worded_siege(s) for s in visible_sieges(access.campaign, access.viewer)],
    }
    return render_page(
        request, "battles/sieges/sieges.html", "battles/sieges/partials/siege_list.html", context
    )


@login_required
@require_http_methods(["GET", "POST"])
def siege_page(request: HttpRequest, campaign_id: int, siege_id: int) -> HttpResponse:
    """The siege sheet; a side posts its plan here (the answer is the sheet)."""
    access = campaign_access(request, campaign_id)
    siege = get_object_or_404(
        Siege.objects.select_related("hex", "besieger", "garrison", "campaign"),
        pk=siege_id,
        campaign=access.campaign,
    )
    current, _previous = recent_turns(access.campaign)
    sheet = siege_sheet(siege, access.viewer, current)
    form, status, saved = None, 200, False
    if sheet["plan"] is not None and siege.ongoing:
        form = SiegePlanForm(plan=sheet["plan"])
    if request.method == "POST":
        if form is None:
            return HttpResponse(_("You have no plan to give in this siege."), status=403)
        form = SiegePlanForm(request.POST, plan=sheet["plan"])
        if form.is_valid():
            try:
                siege_plan_set(
                    siege=siege,
                    by=request.user,
                    actions=form.actions(),
                    strategy=form.cleaned_data["strategy"],
                    lift=form.cleaned_data.get("lift", False),
                    tabletop=form.cleaned_data["tabletop"],
                )
            except Refused as refused:
                form.refuse(refused)
                status = refusal_status(request, refused)
            else:
                if not request.htmx:
                    messages.success(request, PLAN_SAVED)
                    return redirect("siege", campaign_id=campaign_id, siege_id=siege_id)
                sheet = siege_sheet(siege, access.viewer, current)
                form, saved = SiegePlanForm(plan=sheet["plan"]), True
        else:
            status = 200 if request.htmx else 400
    context = {
        "access": access,
        "campaign": access.campaign,
        "sheet": worded_siege(sheet),
        "form": form,
        "saved": PLAN_SAVED if saved else "",
    }
    response = render_page(
        request,
        "battles/sieges/siege_sheet.html",
        "battles/sieges/partials/siege_sheet_body.html",
        context,
        status,
    )
    if saved:
        response["HX-Trigger"] = "todo-changed"  # the page's to-do: the plan is given
    return response


# The siege train's orders (NR-SIEGE), from the kingdom page's Armies tab


class EngineOrderForm(forms.Form):
    """NR-SIEGE-4: an engine for one of the player's armies; the service decides whether
    it may be built; the army is named apart (_own_army)."""

    kind = forms.ChoiceField(choices=engine_choices)


class ConvoyOrderForm(forms.Form):
    """NR-SIEGE-11: engines an army of the player's sends off as a convoy, among those
    it carries."""

    engines = forms.TypedMultipleChoiceField(coerce=int, choices=())

    def __init__(self, *args, engine_ids: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["engines"].choices = [(pk, pk) for pk in engine_ids]


@login_required
@require_POST
def siege_engine_order(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """POST: the player's engine for one of his armies (battles.sieges.services
    .siege_engine_build)."""
    army = _own_army(request, campaign_id)
    form = EngineOrderForm(request.POST)
    if army is None or not form.is_valid():
        messages.error(request, _("Choose one of your armies and an engine."))
    else:
        _ordered(
            request,
            lambda: siege_engine_build(army=army, by=request.user, kind=form.cleaned_data["kind"]),
            _("Engine ordered: it stands from this winter's phase."),
        )
    return _to_siege_train(campaign_id)


@login_required
@require_POST
def siege_convoy_order(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """POST: engines of one of the player's armies sent off as a convoy
    (battles.sieges.services.siege_convoy_form)."""
    army = _own_army(request, campaign_id)
    carried = list(army.siege_engines.values_list("pk", flat=True)) if army else []
    form = ConvoyOrderForm(request.POST, engine_ids=carried)
    if army is None or not form.is_valid():
        messages.error(request, _("Tick the engines of one of your armies to send off."))
    else:
        engines = form.cleaned_data["engines"]
        _ordered(
            request,
            lambda: siege_convoy_form(army=army, by=request.user, engine_ids=engines),
            _("The convoy is sent off: it takes orders as an army of its own."),
        )
    return _to_siege_train(campaign_id)


def _own_army(request: HttpRequest, campaign_id: int) -> Army | None:
    """The army of the viewer's kingdom the post names, or None for another's or none
    (never the GM's: he has no kingdom to build for)."""
    access = campaign_access(request, campaign_id)
    if access.is_gm or access.kingdom is None:
        raise Http404("No kingdom of yours here.")
    wanted = ID.parse(request.POST.get("army", ""))
    army = Army.objects.filter(kingdom=access.kingdom, pk=wanted).first() if wanted else None
    return army


def _ordered(request: HttpRequest, order, done: str) -> None:
    """The order given, its refusal or what came of it said in the page's messages."""
    try:
        order()
    except Refused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, done)


def _to_siege_train(campaign_id: int) -> HttpResponse:
    return redirect(reverse("kingdom", args=[campaign_id]) + "?tab=armies#siege-train")
