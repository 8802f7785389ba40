"""The GM console (A-2.0): the turn's state, claiming a server step (confirmed when it is
early), retrying a late one, the step's progress, and the deadlines: the schedule, an
extension, a pause."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from battles.decisions.selectors import visible_battles
from campaign.adjudication.selectors import prompts_open
from campaign.campaigns.views import recent_turns, turn_with_results
from campaign.chronicle.views import chronicle_by_turn
from campaign.core.access import Access, campaign_access, gm_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.models import Campaign, Turn
from campaign.turns.deadlines import resolve_early_gaps
from campaign.turns.forms import DeadlineForm, PauseForm, ScheduleForm
from campaign.turns.schedule import Schedule, held_from, orders_deadline, schedule_text
from campaign.turns.selectors import late_step
from campaign.turns.services import (
    STEP_DEADLINES,
    campaign_pause,
    campaign_resume,
    campaign_schedule_set,
    turn_claim_step,
    turn_deadline_extend,
    turn_progress,
    turn_step_retry,
)
from campaign.turns.todo import facing
from kingdoms.orders.selectors import (
    orders_readiness,
)
from kingdoms.selectors import (
    visible_neutral_kingdom_list,
)


def console_context(access: Access) -> dict:
    current, previous = recent_turns(access.campaign)
    shown = turn_with_results(current, previous)
    return {
        "access": access,
        **step_context(access.campaign, current),
        **deadline_forms(access.campaign, current),
        "previous_turn": previous,
        "results_turn": shown,
        # The console shows results only: the choice forms are on the battles page.
        "cards": [
            {"battle": battle, "sides": battle["sides"]}
            for battle in (visible_battles(shown, access.viewer) if shown else [])
        ],
        "chronicle": chronicle_by_turn(access, shown) if shown else [],
        # Q7: who marked his orders ready while the turn takes them; never the orders
        "readiness": (
            orders_readiness(access.campaign, current, access.viewer)
            if current is not None and current.state == Turn.State.OPEN
            else []
        ),
        "early_resolution": access.campaign.ruleset.early_resolution,
        # A-1.4.10–11, E-20: the neutral kingdoms' Generals, the GM's alone
        "neutral_kingdoms": visible_neutral_kingdom_list(access.campaign, access.viewer),
        # new-rules.md §12.4: the rulings left to him that he may still answer
        "prompts": prompts_open(access),
    }


def step_context(campaign: Campaign, turn: Turn | None) -> dict:
    """The running step's progress, and whether it is late (the console's retry button)."""
    return {
        "campaign": campaign,
        "turn": turn,
        "progress": turn_progress(turn.pk) if turn else None,
        "late": late_step(turn),
    }


def deadline_forms(campaign: Campaign, turn: Turn | None) -> dict:
    """A-2.0.1: the console's deadlines section: the schedule in words with its form, the
    lock of a turn that would open now, and the forms to extend the running deadline and
    to pause the campaign (or resume it)."""
    schedule = Schedule.of(campaign)
    now = timezone.now()
    initial = {f: getattr(campaign, f) for f in ("timezone", "lock_weekday", "lock_hour")}
    running = STEP_DEADLINES.get(turn.state) if turn is not None else None
    return {
        "schedule_text": schedule_text(schedule),
        "next_lock": orders_deadline(held_from(now, campaign.paused_until), schedule),
        "schedule_form": ScheduleForm(initial=initial),
        "deadline_form": DeadlineForm() if running else None,
        "running_deadline": running,
        "pause_form": PauseForm(),
        "paused": campaign.paused_until is not None and campaign.paused_until > now,
    }


@login_required
@require_http_methods(["GET", "POST"])
def gm_console(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's one button: claim the next server step (campaign.turns.services.turn_claim_step).
    Before the step's deadline the button first says what resolving now leaves out ("2 of 4
    kingdoms not ready; the deadline is in 3 days") and asks to confirm: a second POST with
    confirm=1 resolves."""
    if request.method == "POST" and request.POST.get("confirm") != "1":
        access = gm_access(request, campaign_id)
        current, _ = recent_turns(access.campaign)
        gaps = resolve_early_gaps(current, access.viewer) if current is not None else []
        if gaps:
            return console_page(request, access, {"confirm": gaps})
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
            action(turn=_turn_or_refuse(current), by=request.user)
        except Refused as refused:
            refusal, status = refused.message, refusal_status(request, refused)
        else:
            if not request.htmx:
                return redirect("gm-console", campaign_id=campaign_id)
    return console_page(request, access, {"refusal": refusal}, status)


def console_page(
    request: HttpRequest, access: Access, extra: dict, status: int = 200
) -> HttpResponse:
    """The console, or its body for HTMX, with ``extra`` over its context (a refusal, a
    confirmation to ask, a posted form with its errors)."""
    return render_page(
        request,
        "campaign/turns/gm_console.html",
        "campaign/turns/partials/gm_console_body.html",
        {**console_context(access), **extra},
        status,
    )


@login_required
@require_POST
def gm_schedule(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A-2.0.1: the campaign's schedule (campaign.turns.services.campaign_schedule_set)."""
    access = gm_access(request, campaign_id)
    return console_form(
        request,
        access,
        "schedule_form",
        ScheduleForm(request.POST),
        lambda data: campaign_schedule_set(
            campaign=access.campaign,
            by=request.user,
            zone=data["timezone"],
            lock_weekday=data["lock_weekday"],
            lock_hour=data["lock_hour"],
        ),
    )


@login_required
@require_POST
def gm_deadline_extend(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A-2.0.1: the running deadline extended (campaign.turns.services.turn_deadline_extend)."""
    access = gm_access(request, campaign_id)
    current, _ = recent_turns(access.campaign)
    return console_form(
        request,
        access,
        "deadline_form",
        DeadlineForm(request.POST),
        lambda data: turn_deadline_extend(
            turn=_turn_or_refuse(current), by=request.user, until=data["until"]
        ),
    )


@login_required
@require_POST
def gm_pause(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The campaign paused (campaign.turns.services.campaign_pause)."""
    access = gm_access(request, campaign_id)
    return console_form(
        request,
        access,
        "pause_form",
        PauseForm(request.POST),
        lambda data: campaign_pause(
            campaign=access.campaign, by=request.user, until=data["until"], reason=data["reason"]
        ),
    )


@login_required
@require_POST
def gm_resume(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The pause ended early (campaign.turns.services.campaign_resume)."""
    access = gm_access(request, campaign_id)
    try:
        campaign_resume(campaign=access.campaign, by=request.user)
    except Refused as refused:
        return console_page(
            request, access, {"refusal": refused.message}, refusal_status(request, refused)
        )
    return _console_saved(request, access)


def console_form(request: HttpRequest, access: Access, name: str, form, action) -> HttpResponse:
    """A console form posted: ``action`` with its cleaned data, then the console. Bad input,
    or the service's refusal, shows next to its field, and nothing is saved."""
    if not form.is_valid():
        return console_page(request, access, {name: form}, 200 if request.htmx else 400)
    try:
        action(form.cleaned_data)
    except Refused as refused:
        form.refuse(refused)
        return console_page(request, access, {name: form}, refusal_status(request, refused))
    return _console_saved(request, access)


def _console_saved(request: HttpRequest, access: Access) -> HttpResponse:
    if not request.htmx:
        return redirect("gm-console", campaign_id=access.campaign.pk)
    return console_page(request, access, {})


def _turn_or_refuse(turn: Turn | None) -> Turn:
    if turn is None:
        raise Refused(gettext("This campaign has no turn yet: it has not started."))
    return turn


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


@login_required
@require_GET
def todo_panel(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The viewer's to-do alone (campaign.turns.todo), which the page reloads after a
    form saved by HTMX changed it ("orders-changed", "todo-changed")."""
    access = campaign_access(request, campaign_id)
    return render(request, "campaign/turns/partials/todo.html", {"facing": facing(access)})
