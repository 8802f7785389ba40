"""The army order form (Table 5): one army's card, re-rendered in place by HTMX; and the
player's "my orders are ready" mark (Q7), with the count of armies ordered."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.models import Turn
from campaign.turns.selectors import current_turn
from kingdoms.models import Army
from kingdoms.orders.cards import army_card, order_form_for
from kingdoms.orders.forms import OrderForm
from kingdoms.orders.holds import armies_held
from kingdoms.orders.selectors import last_scout_reports, order_status, visible_orders
from kingdoms.orders.services import order_submit, orders_ready_set
from kingdoms.selectors import visible_armies


def _army_for_order(access: Access, army_id: int) -> Army:
    """An army the viewer may see: another kingdom's gets the 404 of a missing one, the
    same as its card (order_submit refuses the GM, who sees them all)."""
    return get_object_or_404(visible_armies(access.campaign, access.viewer), pk=army_id)


def _card(
    access: Access, army_id: int, bound: OrderForm | None = None, saved: bool = False
) -> dict:
    """The army's card; a ``bound`` form that was refused keeps its input and errors."""
    visible = visible_armies(access.campaign, access.viewer).filter(pk=army_id).first()
    turn = current_turn(access.campaign)
    order = visible_orders(turn, access.viewer).filter(army_id=army_id).first() if turn else None
    form = bound if bound is not None else order_form_for(access, turn, visible, order)
    scouting = last_scout_reports(access.viewer, [army_id]).get(army_id) if visible else None
    siege = armies_held(access.campaign.pk).get(army_id)  # E-37
    return army_card(army_id, visible, order, form, saved, scouting, siege)


@login_required
@require_http_methods(["GET", "POST"])
def order_form(request: HttpRequest, campaign_id: int, army_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        card = _card(access, army_id)
        if card["army"] is None:
            raise Http404("No such army.")
        return _render(request, access, card)
    army = _army_for_order(access, army_id)
    form = OrderForm(request.POST, army_id=army_id)
    if not form.is_valid():
        return _render(request, access, _card(access, army_id, form), 200 if request.htmx else 400)
    try:
        order_submit(
            army=army,
            by=request.user,
            kind=form.cleaned_data["kind"],
            target=form.order_target(),
            sea_cover=form.order_sea_cover(),
            neutral_conquest=form.order_neutral_conquest(),
            membership=access.membership,
        )
    except Refused as refused:
        form.refuse(refused)
        return _render(
            request, access, _card(access, army_id, form), refusal_status(request, refused)
        )
    if not request.htmx:
        return redirect(reverse("campaign-detail", args=[campaign_id]) + f"#army-{army_id}")
    response = _render(request, access, _card(access, army_id, saved=True))
    response["HX-Trigger"] = "orders-changed"  # the "3 of 4 armies ordered" line reloads
    return response


@login_required
@require_http_methods(["GET", "POST"])
def orders_ready(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Q7: the player's orders as a whole: how many armies have one, and his "ready"
    mark, which he sets or takes back here (kingdoms.orders.services.orders_ready_set)."""
    access = campaign_access(request, campaign_id)
    turn = current_turn(access.campaign)
    if access.kingdom is None or turn is None:
        raise Http404("No orders of yours here.")
    refusal, status = None, 200
    if request.method == "POST":
        try:
            orders_ready_set(
                campaign=access.campaign, by=request.user, ready=request.POST.get("ready") == "1"
            )
        except Refused as refused:
            refusal, status = refused.message, refusal_status(request, refused)
        else:
            if not request.htmx:
                return redirect(reverse("campaign-detail", args=[campaign_id]) + "#my-orders")
            turn.refresh_from_db()
            if turn.state != Turn.State.OPEN:  # early resolution started: show the new state
                response = HttpResponse()
                response["HX-Refresh"] = "true"
                return response
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": turn,
        "order_status": order_status(turn, access.kingdom),
        "early_resolution": access.campaign.ruleset.early_resolution,
        "refusal": refusal,
    }
    response = render_page(
        request,
        "kingdoms/orders/orders_ready_page.html",
        "kingdoms/orders/partials/orders_status.html",
        context,
        status,
    )
    if request.method == "POST" and refusal is None:
        response["HX-Trigger"] = "todo-changed"  # the page's to-do drops "mark ready"
    return response


def _render(request: HttpRequest, access: Access, card: dict, status: int = 200) -> HttpResponse:
    context = {"access": access, "campaign": access.campaign, "card": card}
    return render_page(
        request,
        "kingdoms/orders/order_page.html",
        "kingdoms/orders/partials/army_card.html",
        context,
        status,
    )
