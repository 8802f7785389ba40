"""The campaign pages: the list of one's campaigns, and the campaign with its map."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from battles.sieges.selectors import OngoingSiege, armies_in_sieges, ongoing_sieges
from campaign.campaigns.selectors import campaigns_for
from campaign.core.access import Access, campaign_access
from campaign.core.pages import render_page
from campaign.map import marks
from campaign.map import svg as mapsvg
from campaign.map.selectors import visible_map
from campaign.models import Campaign, Turn
from kingdoms.edicts.selectors import edicts_panel
from kingdoms.orders.cards import _order_status, army_cards
from kingdoms.orders.selectors import (
    visible_orders,
)
from kingdoms.realm.selectors import standings
from kingdoms.selectors import (
    player_kingdoms,
    visible_armies,
    visible_neutral_kingdoms,
)


def recent_turns(campaign: Campaign) -> tuple[Turn | None, Turn | None]:
    """The current turn and the one before it, in one query (turns are public)."""
    current, previous, *_ = [*campaign.turns.order_by("-number")[:2], None, None]
    return current, previous


def turn_with_results(current: Turn | None, previous: Turn | None) -> Turn | None:
    """While a turn takes orders its battles do not exist yet: show the last resolved one."""
    if current is not None and current.state == Turn.State.OPEN and previous is not None:
        return previous
    return current


@login_required
@require_GET
def campaign_list(request: HttpRequest) -> HttpResponse:
    campaigns = campaigns_for(request.user)
    return render(request, "campaign/campaigns/campaign_list.html", {"campaigns": campaigns})


def map_hexes(access: Access, sieges: list[OngoingSiege] | None = None) -> list[dict]:
    """The map's hexes as the viewer sees them (visible_map), with the wildland sites he
    knows of (campaign.map.marks)."""
    viewer = access.viewer
    return marks.with_sites(access.campaign, viewer, visible_map(access.campaign, viewer, sieges))


def map_svg(access: Access, hexes: list[dict], kingdoms, armies) -> str:
    """The map of ``hexes`` (map_hexes) as the viewer sees it, with his marks: his orders
    of the current turn and his patrols' cover, the battles of the turn with results
    (campaign.map.marks)."""
    viewer = access.viewer
    neutrals = list(visible_neutral_kingdoms(access.campaign, viewer).select_related("capital"))
    current, previous = recent_turns(access.campaign)
    shown = turn_with_results(current, previous)
    arrows, cover = marks.order_marks(current, viewer, hexes) if current else ([], set())
    capital = access.kingdom.capital if access.kingdom and access.kingdom.capital_id else None
    return mapsvg.render_map(
        hexes,
        {k.id: mapsvg.KingdomInfo(k.name, k.colour) for k in kingdoms},
        armies,
        viewer_kingdom_id=viewer.kingdom_id,
        neutral_names={n.id: n.name for n in neutrals},
        neutral_capitals=marks.neutral_capitals(neutrals),
        home=(capital.q, capital.r) if capital else None,
        orders=arrows,
        battles=marks.battle_marks(shown, viewer) if shown else (),
        patrol_cover=cover,
        pirates=marks.pirate_marks(access.campaign),
        overview=True,  # map-view.js swaps it for the hexes
    )


@login_required
@require_GET
def campaign_detail(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    current, previous = recent_turns(access.campaign)
    kingdoms = list(player_kingdoms(access.campaign))
    armies = list(visible_armies(access.campaign, access.viewer))
    orders = {o.army_id: o for o in visible_orders(current, access.viewer)} if current else {}
    edicts = edicts_panel(current, access.viewer)  # §5.3: a player's own
    sieges = ongoing_sieges(access.campaign.pk)  # E-37: the map's marks, the armies they hold
    held = armies_in_sieges(sieges)
    hexes = map_hexes(access, sieges)
    context = {
        "access": access,
        "campaign": access.campaign,
        "turn": current,
        "previous_turn": previous,
        "legend": [{"name": k.name, "colour": mapsvg.safe_colour(k.colour)} for k in kingdoms],
        "map_tiles": mapsvg.tile_legend(access.campaign.ruleset.new_tiles),
        "map_svg": map_svg(access, hexes, kingdoms, armies),
        "map_bridges": any(h["bridge"] for h in hexes),  # NR-BRIDGE-2: its legend entry
        "army_cards": army_cards(access, current, armies, orders, held),
        "standings": standings(access.campaign, access.viewer),
        "order_status": _order_status(access, current, armies, orders, edicts, held),
        "early_resolution": access.campaign.ruleset.early_resolution,
        "edicts_panel": edicts,
    }
    return render_page(
        request,
        "campaign/campaigns/campaign_detail.html",
        "campaign/campaigns/partials/campaign_body.html",
        context,
    )
