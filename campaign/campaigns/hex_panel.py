"""The map's hex panel: what the viewer knows of one hex, and what his armies may do
there this turn (Table 5). Everything it shows comes through the visibility selectors
(campaign.map.selectors.visible_hex, kingdoms.selectors.visible_armies); the orders it
offers are judged by the rules as order_submit judges them (kingdoms.orders.judge)."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from battles.models import Battle
from campaign.core import words
from campaign.core.access import Access
from campaign.map import marks
from campaign.map.selectors import visible_hex
from campaign.models import Turn
from campaign.turns.selectors import current_turn
from kingdoms.edicts.selectors import hex_edicts
from kingdoms.models import Army, Kingdom
from kingdoms.orders.judge import OrderJudge
from kingdoms.orders.selectors import visible_orders
from kingdoms.races import settlement_people
from kingdoms.selectors import visible_armies, visible_neutral_kingdoms
from kingdoms.spending.selectors import hex_builds, hex_pacify
from rules.core.state import Coord, OrderKind, Terrain

# The rules' names of terrains and features, as a player reads them
WORDS = {
    value: capfirst(name)
    for value, name in {**words.TERRAINS, **words.FEATURES, **words.DEFENCES}.items()
}
# The orders the panel offers, in its order; Examine only with the wildlands module on
ORDERS = (OrderKind.INVADE, OrderKind.SCOUT, OrderKind.PATROL, OrderKind.REST)


def word(value: str | None) -> str | None:
    """A rules name in plain words; a name without a translation reads as it is written."""
    if not value:
        return None
    return WORDS.get(value) or value.replace("_", " ").capitalize()


def hex_panel(access: Access, coord: Coord, first_army: int | None = None) -> dict | None:
    """The panel of the hex at ``coord``, or None when the map has no such hex. The army
    ``first_army`` (one the viewer tapped on the map) leads the list of actions."""
    seen = visible_hex(access.campaign, access.viewer, coord)
    if seen is None:
        return None
    [seen] = marks.with_sites(access.campaign, access.viewer, [seen])  # NR-WILD-5
    turn = current_turn(access.campaign)
    armies = list(visible_armies(access.campaign, access.viewer))
    return {
        "hex": seen,
        "title": _title(seen),
        "terrain": word(seen["terrain"]),
        "secondary": [word(t) for t in seen["secondary_terrains"]],
        "feature": word(seen["feature"]),
        "minor_feature": word(seen["minor_feature"]),
        "site": capfirst(words.WILDLAND_SITES[seen["site"]]) if seen.get("site") else None,
        **_roamer(seen),
        "defence": word(seen["defence"]),
        "people": settlement_people(access.campaign, seen, access.is_gm),  # NR-RACE-3
        "owner": _owner_name(access, seen),
        "armies_here": [a for a in armies if _at(a, coord)],
        "battles": _battles_at(access, coord),
        **_actions(access, turn, armies, seen, first_army),
    }


# The rule that puts each force of the wilds on the map (rules.modules.wildlands.roamers)
_ROAMER_RULES = {
    "chaos_horde": "NR-CHORDE-2",
    "wyvern": "NR-WYVERN-2",
    "northern_raiders": "NR-RAIDER-2",
}


def _roamer(seen: dict) -> dict:
    """A Chaos horde, the wyvern or a raiders' ship in the hex (campaign.map.marks.with_sites)."""
    kind = seen.get("roamer")
    if not kind:
        return {"roamer": None}
    return {"roamer": capfirst(words.WILDLAND_SITES[kind]), "roamer_rule": _ROAMER_RULES[kind]}


def _title(seen: dict) -> str:
    """The hex named in words as the map's accessible name begins (campaign.map.svg
    describe): its terrain first, then what stands on it that the viewer may see; the
    coordinates are the page's small print."""
    terrain = str(word(seen["terrain"]))
    if seen["secondary_terrains"]:  # Q16
        others = ", ".join(str(words.TERRAINS.get(t, t)) for t in seen["secondary_terrains"])
        terrain = _("%(terrain)s with %(others)s") % {"terrain": terrain, "others": others}
    found = [
        str(vocabulary[seen[key]])
        for key, vocabulary in (("feature", words.FEATURES), ("defence", words.DEFENCES))
        if seen[key] in vocabulary
    ]
    if seen["bridge"]:  # NR-BRIDGE-2, seen with the contents (rules.turn.visibility)
        found.append(_("a bridge"))
    return ", ".join([terrain, *found])


def _at(army: Army, coord: Coord) -> bool:
    return army.position is not None and (army.position.q, army.position.r) == tuple(coord)


def _owner_name(access: Access, seen: dict) -> str | None:
    """A player kingdom's name is public (A-1.0.9); a neutral one's only once discovered
    (A-1.4.18–20), which visible_hex already judged."""
    if seen["owner"] is not None:
        return Kingdom.objects.filter(pk=seen["owner"]).values_list("name", flat=True).first()
    if seen["neutral_kingdom"] is not None:
        neutrals = visible_neutral_kingdoms(access.campaign, access.viewer)
        return neutrals.filter(pk=seen["neutral_kingdom"]).values_list("name", flat=True).first()
    return None


def _battles_at(access: Access, coord: Coord) -> list[Battle]:
    """Where a battle was fought is public (E-29): the hex's last few."""
    battles = Battle.objects.filter(
        turn__campaign=access.campaign, hex__q=coord[0], hex__r=coord[1]
    ).select_related("turn")
    return list(battles.order_by("-turn__number", "seq")[:5])


NO_ACTIONS = {"actions": [], "edicts": [], "builds": [], "pacify": None}


def _actions(
    access: Access, turn: Turn | None, armies: list[Army], seen: dict, first: int | None
) -> dict:
    """What the player may do at the hex this turn, each with the rules' refusal when he
    may not, all judged on one snapshot: his armies' orders, the army ``first`` leading
    (Table 5), and what his power and edicts may do there. Nothing for the GM, nor when
    the turn takes no orders."""
    if access.is_gm or access.kingdom is None or turn is None or turn.state != Turn.State.OPEN:
        return NO_ACTIONS
    judge = OrderJudge(turn, access.viewer)
    own = sorted(
        (a for a in armies if a.kingdom_id == access.kingdom.pk), key=lambda a: a.pk != first
    )
    return {
        "actions": _army_lines(access, turn, judge, own, (seen["q"], seen["r"])),
        **_realm_actions(access, turn, judge, seen),
    }


def _army_lines(
    access: Access, turn: Turn, judge: OrderJudge, armies: list[Army], coord: Coord
) -> list[dict]:
    """Each army with its order of the turn and the four orders towards the hex (Table 5),
    a Patrol by the sea with the land across it to choose (A-1.1.2.4), and Examine when
    the campaign plays the wildlands (NR-WILD-2)."""
    orders = {o.army_id: o for o in visible_orders(turn, access.viewer)}
    kinds = ORDERS + ((OrderKind.EXAMINE,) if judge.snapshot.world.ruleset.wildlands else ())
    return [
        {
            "army": army,
            "order": orders.get(army.pk),
            "choices": [
                {
                    "kind": kind.value,
                    "label": words.ORDER_KINDS[kind],
                    "target": None if kind is OrderKind.REST else coord,
                    "refusal": judge.refusal(army, kind, coord),
                    "sea": judge.sea_choice(coord) if kind is OrderKind.PATROL else None,
                }
                for kind in kinds
            ],
        }
        for army in armies
    ]


def _realm_actions(access: Access, turn: Turn, judge: OrderJudge, seen: dict) -> dict:
    """In the player's own hex, its edicts (Table 2) and builds (Table 10); in an unowned
    land hex, pacifying its neutrals (Table 11)."""
    coord, kingdom_id, snapshot = (seen["q"], seen["r"]), access.kingdom.pk, judge.snapshot
    mine = seen["owner"] == kingdom_id
    unowned_land = seen["owner"] is None and not Terrain(seen["terrain"]).is_sea
    return {
        "edicts": hex_edicts(snapshot, turn, kingdom_id, coord) if mine else [],
        "builds": hex_builds(snapshot, turn, access.viewer, kingdom_id, coord) if mine else [],
        "pacify": hex_pacify(snapshot, turn, access.viewer, kingdom_id, coord)
        if unowned_land
        else None,
    }
