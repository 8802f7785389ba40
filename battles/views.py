"""The battles page: each battle of the turn, and for one's own sides the Phase 4 choice
(A-2.4 fight or retreat, Table 24 strategy) while the turn takes decisions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_GET, require_http_methods

from battles.forms import DecisionForm
from battles.models import BattleSide
from battles.selectors import visible_battles
from battles.services import battle_decide
from campaign.errors import Refused
from campaign.models import Turn
from campaign.views import (
    Seat,
    recent_turns,
    refusal_status,
    render_page,
    seat_for,
    turn_with_results,
)


def _may_choose(seat: Seat, turn: Turn, battle: dict, side: dict) -> bool:
    """Whether to offer the form; battle_decide itself enforces the rule (Q6, E-24):
    a player decides for his own side, the GM for neutral ones."""
    if turn.state != Turn.State.DECISIONS or not battle["needs_decisions"] or battle["resolved"]:
        return False
    return side["own"] or (seat.viewer.is_gm and side["kingdom"] is None)


def _battle_card(seat: Seat, turn: Turn, battle: dict, bound: DecisionForm | None = None) -> dict:
    """The battle and a form per side the viewer may choose for. A ``bound`` form that
    was posted replaces that side's form; for a side the viewer may not choose for, its
    refusal is shown on the card instead."""
    forms = {
        side["id"]: DecisionForm.for_side(side)
        for side in battle["sides"]
        if _may_choose(seat, turn, battle, side)
    }
    errors = []
    if bound is not None:
        if bound.side_id in forms:
            forms[bound.side_id] = bound
        else:
            errors = [error for field_errors in bound.errors.values() for error in field_errors]
    sides = [{**side, "form": forms.get(side["id"])} for side in battle["sides"]]
    return {"battle": battle, "sides": sides, "errors": errors}


@login_required
@require_GET
def battles(request: HttpRequest, campaign_id: int) -> HttpResponse:
    seat = seat_for(request, campaign_id)
    current, previous = recent_turns(seat.campaign)
    shown = turn_with_results(current, previous)
    cards = (
        [_battle_card(seat, shown, b) for b in visible_battles(shown, seat.viewer)] if shown else []
    )
    context = {
        "seat": seat,
        "campaign": seat.campaign,
        "turn": current,
        "previous_turn": previous,
        "shown_turn": shown,
        "cards": cards,
    }
    return render_page(
        request, "battles/battles.html", "battles/partials/battle_list.html", context
    )


@login_required
@require_http_methods(["GET", "POST"])
def battle_decision(request: HttpRequest, campaign_id: int, side_id: int) -> HttpResponse:
    """One side's choice; the answer is the battle's card (HTMX) or a page with it."""
    seat = seat_for(request, campaign_id)
    side = get_object_or_404(
        BattleSide.objects.select_related("battle__turn"),
        pk=side_id,
        battle__turn__campaign=seat.campaign,
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
                form = None
        else:
            status = 200 if request.htmx else 400
    return _render_card(request, seat, side, form, status)


def _render_card(
    request: HttpRequest, seat: Seat, side: BattleSide, form: DecisionForm | None, status: int
) -> HttpResponse:
    turn = side.battle.turn
    battle = next(
        (b for b in visible_battles(turn, seat.viewer) if b["id"] == side.battle_id), None
    )
    if battle is None:
        raise Http404("No such battle.")
    context = {
        "seat": seat,
        "campaign": seat.campaign,
        "card": _battle_card(seat, turn, battle, form),
    }
    return render_page(
        request, "battles/decision_page.html", "battles/partials/battle_card.html", context, status
    )
