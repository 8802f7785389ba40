"""The battles page: each battle of the turn, and for one's own sides the Phase 4 choices
while the turn takes decisions: A-2.4 fight or retreat and the Table 24 strategy (for a
contested hex's follow-ups too, P-C3, E-15), the defending patrol (E-15) and the order
of a patrol's battles (P-C4)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_GET, require_http_methods

from battles.decisions.forms import BattleOrderForm, DecisionForm, DefenderForm
from battles.decisions.selectors import patrol_orders, visible_battles
from battles.decisions.services import battle_decide, battle_defender_name, battle_order_set
from battles.models import BattleSide
from battles.words import worded
from campaign.campaigns.views import recent_turns, turn_with_results
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.models import Turn
from kingdoms.models import Army


def _may_choose(access: Access, turn: Turn, battle: dict, side: dict) -> bool:
    """Whether to offer the form; battle_decide itself enforces the rule (Q6, E-24):
    a player decides for his own side, the GM for neutral ones."""
    if turn.state != Turn.State.DECISIONS or not battle["needs_decisions"] or battle["resolved"]:
        return False
    return side["own"] or (access.is_gm and side["kingdom"] is None)


def _battle_card(
    access: Access, turn: Turn, battle: dict, bound: DecisionForm | None = None
) -> dict:
    """The battle and a form per side the viewer may choose for. A ``bound`` form that
    was posted replaces that side's form; for a side the viewer may not choose for, its
    refusal is shown on the card instead."""
    battle = worded(battle)
    forms = {
        side["id"]: DecisionForm.for_side(side)
        for side in battle["sides"]
        if _may_choose(access, turn, battle, side)
    }
    errors = []
    if bound is not None:
        if bound.side_id in forms:
            forms[bound.side_id] = bound
        else:
            errors = [error for field_errors in bound.errors.values() for error in field_errors]
    sides = [
        {**side, "form": forms.get(side["id"]), "defender_form": _defender_form(side, forms)}
        for side in battle["sides"]
    ]
    return {"battle": battle, "sides": sides, "errors": errors}


def _defender_form(side: dict, forms: dict) -> DefenderForm | None:
    """E-15: the owner may name another covering patrol while he may choose for the side."""
    if side["id"] not in forms or not side["patrol_choices"] or not side["own"]:
        return None
    return DefenderForm.for_side(side)


@login_required
@require_GET
def battles(request: HttpRequest, campaign_id: int) -> HttpResponse:
    return _render_list(request, campaign_access(request, campaign_id))


def _render_list(
    request: HttpRequest,
    access: Access,
    bound: BattleOrderForm | DefenderForm | None = None,
    status: int = 200,
    saved: str = "",
) -> HttpResponse:
    """The page, or its list for HTMX, with a posted ``bound`` form in its place, or
    the mark of the form just ``saved``."""
    current, previous = recent_turns(access.campaign)
    shown = turn_with_results(current, previous)
    cards = (
        [_battle_card(access, shown, b) for b in visible_battles(shown, access.viewer)]
        if shown
        else []
    )
    if isinstance(bound, DefenderForm):
        for card in cards:
            for side in card["sides"]:
                if side["id"] == bound.side_id:
                    side["defender_form"] = bound
    orders = []
    if shown is not None and shown.state == Turn.State.DECISIONS and not access.is_gm:
        for patrol in patrol_orders(shown, access.viewer):  # P-C4: his own patrols only
            form = BattleOrderForm(patrol=patrol)
            if isinstance(bound, BattleOrderForm) and bound.patrol["army"] == patrol["army"]:
                form = bound
            orders.append(
                {"patrol": patrol, "form": form, "saved": saved == f"patrol-{patrol['army']}"}
            )
    for card in cards:
        for side in card["sides"]:
            side["defender_saved"] = saved == f"side-{side['id']}"
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": current,
        "previous_turn": previous,
        "shown_turn": shown,
        "cards": cards,
        "patrol_orders": orders,
    }
    return render_page(
        request,
        "battles/decisions/battles.html",
        "battles/decisions/partials/battle_list.html",
        context,
        status,
    )


@login_required
@require_http_methods(["POST"])
def battle_order(request: HttpRequest, campaign_id: int, army_id: int) -> HttpResponse:
    """P-C4: the order in which one's patrol fights the invasions that hit it; the answer
    is the battles list (HTMX) or, after a plain post, the page."""
    access = campaign_access(request, campaign_id)
    army = get_object_or_404(Army, pk=army_id, kingdom__campaign=access.campaign)
    current, previous = recent_turns(access.campaign)
    shown = turn_with_results(current, previous)
    own = patrol_orders(shown, access.viewer) if shown is not None and not access.is_gm else []
    patrol = next((p for p in own if p["army"] == army.pk), None)
    if patrol is None:  # not his patrol, or it faces fewer than two invasions
        raise Http404("No such patrol to order.")
    form = BattleOrderForm(request.POST, patrol=patrol)
    return _list_form_submit(
        request,
        access,
        form,
        lambda: battle_order_set(army=army, by=request.user, battles=form.battles()),
        saved=f"patrol-{army.pk}",
    )


@login_required
@require_http_methods(["POST"])
def battle_defender(request: HttpRequest, campaign_id: int, side_id: int) -> HttpResponse:
    """E-15: the owner names the patrol that defends a hex several of his patrols cover;
    the answer is the battles list (the choice holds for every battle in the hex)."""
    access = campaign_access(request, campaign_id)
    side = get_object_or_404(
        BattleSide.objects.select_related("battle__turn"),
        pk=side_id,
        battle__turn__campaign=access.campaign,
    )
    choices = [{"id": a.id, "name": a.name, "points": a.points} for a in side.patrol_choices.all()]
    form = DefenderForm(request.POST, side_id=side.pk, choices=choices)

    def write() -> None:
        army = Army.objects.get(pk=form.cleaned_data["army"])
        battle_defender_name(side=side, by=request.user, army=army)

    return _list_form_submit(request, access, form, write, saved=f"side-{side.pk}")


def _list_form_submit(request: HttpRequest, access, form, write, saved: str) -> HttpResponse:
    """A Phase 4 form whose answer is the battles list: ``write`` (the service call) runs
    if the form is valid; a refusal goes back on the form, never a 500; without HTMX a
    success redirects to the list, with HTMX the list says ``saved`` ("patrol-<army id>",
    "side-<side id>") next to the form that was saved."""
    status = 200
    if form.is_valid():
        try:
            write()
        except Refused as refused:
            form.refuse(refused)
            status = refusal_status(request, refused)
        else:
            if not request.htmx:
                return redirect("battles", campaign_id=access.campaign.pk)
            return _todo_changed(_render_list(request, access, saved=saved))
    else:
        status = 200 if request.htmx else 400
    return _render_list(request, access, form, status)


@login_required
@require_http_methods(["GET", "POST"])
def battle_decision(request: HttpRequest, campaign_id: int, side_id: int) -> HttpResponse:
    """One side's choice; the answer is the battle's card (HTMX) or a page with it."""
    access = campaign_access(request, campaign_id)
    side = get_object_or_404(
        BattleSide.objects.select_related("battle__turn"),
        pk=side_id,
        battle__turn__campaign=access.campaign,
    )
    form, status = None, 200
    if request.method == "POST":
        form = DecisionForm(request.POST, side_id=side_id)
        if form.is_valid():
            try:
                battle_decide(side=side, by=request.user, **form.cleaned_data)
            except Refused as refused:
                form.refuse(refused)
                status = refusal_status(request, refused)
            else:
                if not request.htmx:
                    return redirect("battles", campaign_id=campaign_id)
                return _todo_changed(_render_card(request, access, side, None, 200, saved=True))
        else:
            status = 200 if request.htmx else 400
    return _render_card(request, access, side, form, status)


def _todo_changed(response: HttpResponse) -> HttpResponse:
    """The page's to-do panel reloads (templates/campaign/turns/partials/todo.html): the
    viewer's battles to decide may have changed."""
    response["HX-Trigger"] = "todo-changed"
    return response


def _render_card(
    request: HttpRequest,
    access: Access,
    side: BattleSide,
    form: DecisionForm | None,
    status: int,
    saved: bool = False,
) -> HttpResponse:
    turn = side.battle.turn
    battle = next(
        (b for b in visible_battles(turn, access.viewer) if b["id"] == side.battle_id), None
    )
    if battle is None:
        raise Http404("No such battle.")
    context = {
        "access": access,
        "campaign": access.campaign,
        "card": {**_battle_card(access, turn, battle, form), "saved": side.pk if saved else None},
    }
    return render_page(
        request,
        "battles/decisions/decision_page.html",
        "battles/decisions/partials/battle_card.html",
        context,
        status,
    )
