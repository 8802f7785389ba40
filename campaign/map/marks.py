"""The marks one viewer's map bears beyond the hexes (campaign.map.svg): his own orders of
the turn as arrows, the hexes his patrols cover, the battles he may see, the wildland
sites he knows of.

Each comes from the selector that already decides who sees what: the orders from
kingdoms.orders.selectors.visible_orders (a kingdom's own and the GM's, never another's),
the battles from battles.decisions.selectors.visible_battles (public where they are).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

from battles.decisions.selectors import visible_battles
from campaign.map import svg as mapsvg
from campaign.models import Turn
from kingdoms.orders.models import Order
from kingdoms.orders.selectors import visible_orders
from rules.core.hexgrid import within
from rules.core.state import Coord, HexState, OrderKind, Terrain, World
from rules.modules.wildlands.sites import sites_seen
from rules.turn.minor_features import patrol_radius
from rules.turn.orders import patrol_area
from rules.turn.visibility import Viewer


def order_marks(
    turn: Turn, viewer: Viewer, hexes: list[dict]
) -> tuple[list[mapsvg.Arrow], set[Coord]]:
    """The viewer's orders of ``turn`` as arrows, and the hexes his patrols cover
    (Table 5, A-1.1.2.4, Q13), with an arrow to each hex a patrol covers across the
    sea. ``hexes``: the map as the viewer sees it (campaign.map.selectors.visible_map)."""
    orders = list(visible_orders(turn, viewer).select_related("army__position"))
    arrows = [arrow for order in orders if (arrow := _arrow(order)) is not None]
    patrols = [o for o in orders if o.kind == OrderKind.PATROL and o.target is not None]
    if not patrols:
        return arrows, set()
    world = _world_as_seen(turn, hexes)
    cover: set[Coord] = set()
    for order in patrols:
        base = (order.target.q, order.target.r)
        area = patrol_area(world, base, order.sea_cover_coords)
        cover |= area
        for across in sorted(area - set(within(base, patrol_radius(world, base)))):
            arrows.append(
                mapsvg.Arrow(order.army_id, order.army.name, mapsvg.SEA_COVER, base, across)
            )
    return arrows, cover


def _arrow(order: Order) -> mapsvg.Arrow | None:
    """From where the army stands (or the hex its scouts leave from) to its target."""
    start = order.origin or order.army.position
    if order.target is None or start is None or order.kind not in mapsvg.ARROW_KINDS:
        return None
    return mapsvg.Arrow(
        order.army_id,
        order.army.name,
        order.kind,
        (start.q, start.r),
        (order.target.q, order.target.r),
    )


def _world_as_seen(turn: Turn, hexes: list[dict]) -> World:
    """Enough of a World for rules.turn.orders.patrol_area: the terrain (public) and the
    minor features the viewer sees, which in his own patrols' bases he does."""
    return World(
        turn=turn.number,
        hexes={
            (h["q"], h["r"]): HexState(
                (h["q"], h["r"]), Terrain(h["terrain"]), minor_feature=h["minor_feature"]
            )
            for h in hexes
        },
        ruleset=turn.campaign.ruleset,
    )


def battle_marks(turn: Turn, viewer: Viewer) -> list[mapsvg.BattleMark]:
    """The battles of ``turn`` the viewer may see, each with who fights it."""
    return [_battle_mark(view) for view in visible_battles(turn, viewer)]


def _battle_mark(view: dict) -> mapsvg.BattleMark:
    sides = ", ".join(side["name"] for side in view["sides"])
    if view["resolved"]:
        label = _("Battle %(number)s, fought: %(sides)s")
    elif view.get("not_fought"):
        label = _("Battle %(number)s, not fought: %(sides)s")
    else:
        label = _("Battle %(number)s, to be fought: %(sides)s")
    hex_ = view["hex"]
    return mapsvg.BattleMark(hex_["q"], hex_["r"], label % {"number": view["seq"], "sides": sides})


def with_sites(campaign, viewer: Viewer, hexes: list[dict]) -> list[dict]:
    """NR-WILD-5: the map's hexes, each lasting wildland site the viewer knows of
    (rules.modules.wildlands.sites.sites_seen) under ``site``; as they are without the
    wildlands module."""
    if not campaign.ruleset.wildlands:
        return hexes
    owners = {(h["q"], h["r"]): h["owner"] for h in hexes}
    seen = sites_seen(campaign.module_state, owners, viewer.kingdom_id, viewer.is_gm)
    if not seen:
        return hexes
    return [
        {**h, "site": seen[(h["q"], h["r"])].value} if (h["q"], h["r"]) in seen else h
        for h in hexes
    ]


def neutral_capitals(neutrals: Iterable) -> set[Coord]:
    """The capitals of the neutral kingdoms the viewer knows (kingdoms.selectors.
    visible_neutral_kingdoms rows, with their capital)."""
    return {(n.capital.q, n.capital.r) for n in neutrals if n.capital is not None}
