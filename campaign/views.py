"""Campaign pages: the list, the campaign and its map, the GM console and the chronicle.

Views are thin (docs/architecture.md): they find the viewer, read through the selectors, write
through the services and render. For an HTMX request they render only the partial of the
same page (NetBox style); ``render_page`` picks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from battles.selectors import visible_battles
from battles.siege_selectors import ArmyInSiege, OngoingSiege, armies_in_sieges, ongoing_sieges
from campaign import mapsvg
from campaign.errors import Refused
from campaign.models import Campaign, Membership, Turn
from campaign.narration import Names, narrate, scouting_findings
from campaign.selectors import (
    NotAMember,
    campaigns_for,
    late_step,
    membership_for,
    viewer_for,
    visible_chronicle,
    visible_map,
)
from campaign.services import turn_claim_step, turn_progress, turn_step_retry
from kingdoms.agreements_selectors import order_warning
from kingdoms.edict_selectors import edicts_panel
from kingdoms.forms import OrderForm
from kingdoms.selectors import (
    last_scout_reports,
    order_status,
    orders_readiness,
    player_kingdoms,
    standings,
    visible_armies,
    visible_neutral_kingdom_list,
    visible_neutral_kingdoms,
    visible_orders,
)
from rules.visibility import Viewer


@dataclass(frozen=True)
class Seat:
    """Who is looking at which campaign: what every campaign page starts from."""

    campaign: Campaign
    membership: Membership
    viewer: Viewer

    @property
    def kingdom(self):
        return self.membership.kingdom


def seat_for(request: HttpRequest, campaign_id: int) -> Seat:
    """The request's seat at the campaign; 404 for a non-member, so as not to reveal it."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    try:
        membership = membership_for(request.user, campaign)
    except NotAMember:
        raise Http404("No such campaign.") from None
    return Seat(campaign, membership, viewer_for(membership))


def render_page(
    request: HttpRequest, full: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The whole page, or for an HTMX request only the partial that the page includes."""
    return render(request, partial if request.htmx else full, context, status=status)


def refusal_status(request: HttpRequest, refused: Refused) -> int:
    """HTMX only swaps successful answers, so a refusal it shows is a 200; a plain form
    post gets the refusal's own status."""
    return 200 if request.htmx else refused.status


def recent_turns(campaign: Campaign) -> tuple[Turn | None, Turn | None]:
    """The current turn and the one before it, in one query (turns are public)."""
    current, previous, *_ = [*campaign.turns.order_by("-number")[:2], None, None]
    return current, previous


def turn_with_results(current: Turn | None, previous: Turn | None) -> Turn | None:
    """While a turn takes orders its battles do not exist yet: show the last resolved one."""
    if current is not None and current.state == Turn.State.OPEN and previous is not None:
        return previous
    return current


def chronicle_names(seat: Seat) -> Names:
    """Names the reader may know, so that narration never names a stranger."""
    return Names(
        kingdoms={k.id: k.name for k in player_kingdoms(seat.campaign)},
        neutral_kingdoms={
            n.id: n.name for n in visible_neutral_kingdoms(seat.campaign, seat.viewer)
        },
        armies={
            a.id: f"{a.kingdom.name}'s {a.name}" for a in visible_armies(seat.campaign, seat.viewer)
        },
    )


def chronicle_by_turn(seat: Seat, turn: Turn | None = None) -> list[dict]:
    """Narrated entries grouped by turn, newest first, each turn with its public seed."""
    entries = visible_chronicle(seat.campaign, seat.viewer, turn)
    if not entries:
        return []
    names = chronicle_names(seat)
    turns = {t.number: t for t in seat.campaign.turns.all()}
    groups: list[dict] = []
    for entry in entries:
        if not groups or groups[-1]["number"] != entry["turn"]:
            groups.append({"number": entry["turn"], "turn": turns.get(entry["turn"]), "lines": []})
        groups[-1]["lines"].append({"kind": entry["kind"], "text": narrate(entry, names)})
    return groups


@login_required
@require_GET
def campaign_list(request: HttpRequest) -> HttpResponse:
    campaigns = campaigns_for(request.user)
    return render(request, "campaign/campaign_list.html", {"campaigns": campaigns})


def map_svg(seat: Seat, kingdoms, armies, sieges: list[OngoingSiege] | None = None) -> str:
    neutral = {n.id: n.name for n in visible_neutral_kingdoms(seat.campaign, seat.viewer)}
    return mapsvg.render_map(
        visible_map(seat.campaign, seat.viewer, sieges),
        {k.id: mapsvg.KingdomInfo(k.name, k.colour) for k in kingdoms},
        armies,
        viewer_kingdom_id=seat.viewer.kingdom_id,
        neutral_names=neutral,
    )


@login_required
@require_GET
def campaign_detail(request: HttpRequest, campaign_id: int) -> HttpResponse:
    seat = seat_for(request, campaign_id)
    current, previous = recent_turns(seat.campaign)
    kingdoms = list(player_kingdoms(seat.campaign))
    armies = list(visible_armies(seat.campaign, seat.viewer))
    orders = {o.army_id: o for o in visible_orders(current, seat.viewer)} if current else {}
    edicts = edicts_panel(current, seat.viewer)  # §5.3: a player's own
    sieges = ongoing_sieges(seat.campaign.pk)  # E-37: the map's marks, the armies they hold
    held = armies_in_sieges(sieges)
    context = {
        "seat": seat,
        "campaign": seat.campaign,
        "turn": current,
        "previous_turn": previous,
        "legend": [{"name": k.name, "colour": mapsvg.safe_colour(k.colour)} for k in kingdoms],
        "map_svg": map_svg(seat, kingdoms, armies, sieges),
        "army_cards": army_cards(seat, current, armies, orders, held),
        "standings": standings(seat.campaign, seat.viewer),
        "order_status": _order_status(seat, current, armies, orders, edicts, held),
        "early_resolution": seat.campaign.ruleset.early_resolution,
        "edicts_panel": edicts,
    }
    return render_page(
        request, "campaign/campaign_detail.html", "campaign/partials/campaign_body.html", context
    )


def _order_status(
    seat: Seat,
    turn: Turn | None,
    armies: list,
    orders: dict,
    edicts: dict | None = None,
    held: dict | None = None,
) -> dict | None:
    """Q7: "3 of 4 armies ordered" and the ready mark, for a player: his visible armies,
    orders and edicts (the panel's) are all his own, already loaded; ``held`` are the
    armies in a siege (E-37), which take no order."""
    if turn is None or seat.kingdom is None or seat.viewer.is_gm:
        return None
    given = len(edicts["edicts"]) if edicts is not None else None
    return order_status(
        turn,
        seat.kingdom,
        armies=[army.id for army in armies],
        ordered=list(orders),
        edicts=given,
        held=held,
    )


def army_card(
    army_id: int,
    army,
    order,
    form: OrderForm | None,
    saved: bool = False,
    scouting=None,
    siege: ArmyInSiege | None = None,
) -> dict:
    """What templates/kingdoms/partials/army_card.html shows; ``army`` is None when the
    viewer may not see it (an order refused for another kingdom's army). ``scouting`` is
    the army's last ScoutReport (kingdoms.selectors.last_scout_reports), if any. An army
    in a ``siege`` takes no order (E-37): its card has no form, but a line that says so
    and links to the siege sheet."""
    in_siege = None
    if siege is not None and army is not None:
        in_siege = {"text": siege.no_orders(army.name), "page": siege.siege.page}
    return {
        "army_id": army_id,
        "army": army,
        "order": order,
        "form": None if in_siege else form,
        "saved": saved,
        "scouting": scouting_line(scouting),
        "warning": order_warning(order),  # E-05: it would break a cease fire or alliance
        "siege": in_siege,
    }


def scouting_line(report) -> dict | None:
    """Table 8: a ScoutReport as the army card tells it."""
    if report is None:
        return None
    return {
        "turn": report.turn.number,
        "q": report.hex.q,
        "r": report.hex.r,
        "level": report.level,
        "text": scouting_findings(report.level, report.facts),
    }


def order_form_for(seat: Seat, turn: Turn | None, army, order) -> OrderForm | None:
    """An order form for the viewer's own armies, while the turn takes orders."""
    if turn is None or turn.state != Turn.State.OPEN:
        return None
    if army is None or army.kingdom_id != seat.viewer.kingdom_id:
        return None
    return OrderForm.for_order(army.id, order)


def army_cards(
    seat: Seat, turn: Turn | None, armies, orders: dict, held: dict[int, ArmyInSiege]
) -> list[dict]:
    """Each visible army with its order, its last scouting report, and an order form for
    the viewer's own, unless a siege ``held`` holds it (E-37)."""
    reports = last_scout_reports(seat.viewer, [army.id for army in armies]) if armies else {}
    return [
        army_card(
            army.id,
            army,
            orders.get(army.id),
            order_form_for(seat, turn, army, orders.get(army.id)),
            scouting=reports.get(army.id),
            siege=held.get(army.id),
        )
        for army in armies
    ]


def gm_seat(request: HttpRequest, campaign_id: int) -> Seat:
    seat = seat_for(request, campaign_id)
    if not seat.viewer.is_gm:
        raise PermissionDenied("The console is for the campaign's game master only.")
    return seat


def console_context(seat: Seat, refusal: str | None = None) -> dict:
    current, previous = recent_turns(seat.campaign)
    shown = turn_with_results(current, previous)
    return {
        "seat": seat,
        **step_context(seat.campaign, current),
        "previous_turn": previous,
        "results_turn": shown,
        # The console shows results only: the choice forms are on the battles page.
        "cards": [
            {"battle": battle, "sides": battle["sides"]}
            for battle in (visible_battles(shown, seat.viewer) if shown else [])
        ],
        "chronicle": chronicle_by_turn(seat, shown) if shown else [],
        "refusal": refusal,
        # Q7: who marked his orders ready while the turn takes them; never the orders
        "readiness": (
            orders_readiness(seat.campaign, current, seat.viewer)
            if current is not None and current.state == Turn.State.OPEN
            else []
        ),
        "early_resolution": seat.campaign.ruleset.early_resolution,
        # A-1.4.10–11, E-20: the neutral kingdoms' Generals, the GM's alone
        "neutral_kingdoms": visible_neutral_kingdom_list(seat.campaign, seat.viewer),
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
    """The GM's one button: claim the next server step (campaign.services.turn_claim_step)."""
    return console_action(request, campaign_id, turn_claim_step)


@login_required
@require_POST
def turn_step_retry_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """A late step queued again (campaign.services.turn_step_retry)."""
    return console_action(request, campaign_id, turn_step_retry)


def console_action(request: HttpRequest, campaign_id: int, action) -> HttpResponse:
    """The console, after ``action`` on the current turn for a POST; a refusal is shown."""
    seat = gm_seat(request, campaign_id)
    refusal, status = None, 200
    if request.method == "POST":
        current, _ = recent_turns(seat.campaign)
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
        "campaign/gm_console.html",
        "campaign/partials/gm_console_body.html",
        console_context(seat, refusal),
        status,
    )


@login_required
@require_GET
def turn_progress_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Polled every second while a step runs; once it stops, the console reloads its body."""
    seat = gm_seat(request, campaign_id)
    current, _ = recent_turns(seat.campaign)
    if current is None:
        raise Http404("No turn yet.")
    context = step_context(seat.campaign, current)
    response = render(request, "campaign/partials/turn_progress.html", context)
    if not current.is_running:
        response["HX-Trigger"] = "turn-step-done"
    return response


@login_required
@require_GET
def chronicle(request: HttpRequest, campaign_id: int) -> HttpResponse:
    seat = seat_for(request, campaign_id)
    current, previous = recent_turns(seat.campaign)
    context = {
        "seat": seat,
        "campaign": seat.campaign,
        "turn": current,
        "previous_turn": previous,
        "chronicle": chronicle_by_turn(seat),
    }
    return render_page(
        request, "campaign/chronicle.html", "campaign/partials/chronicle_turns.html", context
    )
