"""The GM console (A-2.0): the turn's state, claiming a server step, retrying a late one, and the
step's progress."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from battles.decisions.selectors import visible_battles
from campaign.campaigns.views import recent_turns, turn_with_results
from campaign.chronicle.views import chronicle_by_turn
from campaign.core.access import Access, gm_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.models import Campaign, Turn
from campaign.turns.selectors import late_step
from campaign.turns.services import turn_claim_step, turn_progress, turn_step_retry
from kingdoms.orders.selectors import (
    orders_readiness,
)
from kingdoms.selectors import (
    visible_neutral_kingdom_list,
)


def console_context(access: Access, refusal: str | None = None) -> dict:
    current, previous = recent_turns(access.campaign)
    shown = turn_with_results(current, previous)
    return {
        "access": access,
        **step_context(access.campaign, current),
        "previous_turn": previous,
        "results_turn": shown,
        # The console shows results only: the choice forms are on the battles page.
        "cards": [
            {"battle": battle, "sides": battle["sides"]}
            for battle in (visible_battles(shown, access.viewer) if shown else [])
        ],
        "chronicle": chronicle_by_turn(access, shown) if shown else [],
        "refusal": refusal,
        # Q7: who marked his orders ready while the turn takes them; never the orders
        "readiness": (
            orders_readiness(access.campaign, current, access.viewer)
            if current is not None and current.state == Turn.State.OPEN
            else []
        ),
        "early_resolution": access.campaign.ruleset.early_resolution,
        # A-1.4.10–11, E-20: the neutral kingdoms' Generals, the GM's alone
        "neutral_kingdoms": visible_neutral_kingdom_list(access.campaign, access.viewer),
    }


def step_context(campaign: Campaign, turn: Turn | None) -> dict:
    """The running step's progress, and whether it is late (the console's retry button)."""
    return {
        "campaign": campaign,
        "turn": turn,
        "progress": turn_progress(turn.pk) if turn else None,
        "late": late_step(turn),
    }


@login_required
@require_http_methods(["GET", "POST"])
def gm_console(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's one button: claim the next server step (campaign.turns.services.turn_claim_step)."""
    return console_action(request, campaign_id, turn_claim_step)


@login_required
@require_POST
def turn_step_retry_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A late step queued again (campaign.turns.services.turn_step_retry)."""
    return console_action(request, campaign_id, turn_step_retry)


def console_action(request: HttpRequest, campaign_id: int, action) -> HttpResponse:
    """The console, after ``action`` on the current turn for a POST; a refusal is shown."""
    access = gm_access(request, campaign_id)
    refusal, status = None, 200
    if request.method == "POST":
        current, _ = recent_turns(access.campaign)
        try:
            if current is None:
                raise Refused("This campaign has no turn to resolve.")
            action(turn=current, by=request.user)
        except Refused as refused:
            refusal, status = refused.message, refusal_status(request, refused)
        else:
            if not request.htmx:
                return redirect("gm-console", campaign_id=campaign_id)
    return render_page(
        request,
        "campaign/turns/gm_console.html",
        "campaign/turns/partials/gm_console_body.html",
        console_context(access, refusal),
        status,
    )


@login_required
@require_GET
def turn_progress_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Polled every second while a step runs; once it stops, the console reloads its body."""
    access = gm_access(request, campaign_id)
    current, _ = recent_turns(access.campaign)
    if current is None:
        raise Http404("No turn yet.")
    context = step_context(access.campaign, current)
    response = render(request, "campaign/turns/partials/turn_progress.html", context)
    if not current.is_running:
        response["HX-Trigger"] = "turn-step-done"
    return response
