"""Reads of kingdoms, armies and orders, filtered by what the viewer may see."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from django.db.models import OuterRef, Q, QuerySet, Subquery

from battles.siege_selectors import armies_in_sieges, ongoing_sieges
from campaign.models import Campaign, Hex, Turn, TurnEvent
from kingdoms.models import (
    Army,
    Character,
    Edict,
    Kingdom,
    NeutralKingdom,
    Order,
    OrderSet,
    ScoutReport,
)
from rules.edicts import HexHistory, looted_in
from rules.power import land_score_halves
from rules.state import Feature, Ruleset
from rules.support import KingdomSupport, SupportHex, kingdom_support
from rules.visibility import Viewer


def player_kingdoms(campaign: Campaign) -> QuerySet[Kingdom]:
    """Player kingdoms are public: names, colours and borders (A-1.0.9)."""
    return Kingdom.objects.filter(campaign=campaign).order_by("id")


def visible_neutral_kingdoms(campaign: Campaign, viewer: Viewer) -> QuerySet[NeutralKingdom]:
    """A-1.4.18–20: a neutral kingdom exists for a player only once he discovered it."""
    kingdoms = NeutralKingdom.objects.filter(campaign=campaign).order_by("id")
    if viewer.is_gm:
        return kingdoms
    return kingdoms.filter(id__in=viewer.known_neutral_kingdoms)


def visible_neutral_kingdom_list(campaign: Campaign, viewer: Viewer) -> list[dict]:
    """The neutral kingdoms the viewer knows (A-1.4.18–20), each with its army's General
    (A-1.4.10–11, E-20) for the GM alone: a hidden kingdom's General is nobody else's
    business, not even a player's who discovered the kingdom. Two queries."""
    kingdoms = list(visible_neutral_kingdoms(campaign, viewer).select_related("capital"))
    generals = {}
    if viewer.is_gm:
        rows = Character.objects.filter(neutral_kingdom__in=kingdoms, is_general=True)
        generals = {c.neutral_kingdom_id: c for c in rows}
    listed = []
    for kingdom in kingdoms:
        row = {
            "id": kingdom.id,
            "name": kingdom.name,
            "race": kingdom.race,
            "capital": [kingdom.capital.q, kingdom.capital.r],
        }
        general = generals.get(kingdom.id)
        if viewer.is_gm:
            row["general"] = general and {
                "id": general.id,
                "name": general.name,
                "xp": general.xp,
                "generalship": general.generalship,
            }
        listed.append(row)
    return listed


def visible_armies(campaign: Campaign, viewer: Viewer) -> QuerySet[Army]:
    """A player sees his own armies; an enemy's only in a battle it fights (E-29)."""
    armies = Army.objects.filter(kingdom__campaign=campaign).select_related("kingdom", "position")
    if viewer.is_gm:
        return armies.order_by("kingdom_id", "id")
    return armies.filter(kingdom_id=viewer.kingdom_id).order_by("id")


def visible_orders(turn: Turn, viewer: Viewer) -> QuerySet[Order]:
    """Orders are seen by their own kingdom and the GM only, never by others, not even
    after resolution (docs/architecture.md)."""
    orders = Order.objects.filter(turn=turn).select_related(
        "army", "army__kingdom", "target", "origin"
    )
    if viewer.is_gm:
        return orders.order_by("army__kingdom_id", "army_id")
    return orders.filter(army__kingdom_id=viewer.kingdom_id).order_by("army_id")


def standings(campaign: Campaign, viewer: Viewer) -> list[dict]:
    """Table 1 every turn: each kingdom's hexes and their score are public (the
    map is); its effective power, which counts unspent power, only to itself and the GM.
    The hexes of a neutral kingdom a player protects (Quick Friendship) count for him at
    their normal values (Q10, E-18), in ``hexes`` too, and ``protected_hexes`` says how
    many they are. A hex looted in the last resolved turn scores 0 (Table 1, §5.3) but
    counts among the hexes. Once the campaign is over, effective power is the final score
    it published (E-13). Two queries (three when over), whatever the map size."""
    features: dict[int, list[Feature | None]] = defaultdict(list)  # of the hexes that score
    hexes: dict[int, int] = defaultdict(int)
    protected: dict[int, int] = defaultdict(int)
    resolved = Turn.objects.filter(campaign=campaign, state=Turn.State.CLOSED)
    rows = (
        Hex.objects.filter(
            Q(owner__isnull=False) | Q(neutral_kingdom__protector__isnull=False), campaign=campaign
        )
        .annotate(scored_turn=Subquery(resolved.order_by("-number").values("number")[:1]))
        .values_list("owner_id", "neutral_kingdom__protector_id", "feature", "looted_turn",
                     "scored_turn", "minor_feature")
    )  # fmt: skip
    looted: dict[int, int] = defaultdict(int)
    minors: dict[int, list[str]] = defaultdict(list)  # Table 17's Monument (optional)
    for owner_id, protector_id, feature, looted_turn, scored_turn, minor in rows:
        hexes[owner_id or protector_id] += 1
        if owner_id is None:
            protected[protector_id] += 1
        elif scored_turn is not None and looted_in(HexHistory(looted_turn), scored_turn):
            looted[owner_id] += 1  # Table 1: it scores 0 for the turn it was looted
            continue
        features[owner_id or protector_id].append(Feature(feature) if feature else None)
        minors[owner_id or protector_id].append(minor)
    final = _final_scores(campaign)
    ruleset = campaign.ruleset  # Table 1's values in half-points
    table = []
    for kingdom in player_kingdoms(campaign):
        land = land_score_halves(
            ruleset, features[kingdom.id], looted[kingdom.id], minors[kingdom.id]
        )
        effective = final.get(kingdom.id, land + ruleset.score_unspent_power * kingdom.power)
        sees_power = viewer.is_gm or viewer.kingdom_id == kingdom.id
        table.append(
            {
                "kingdom": kingdom.id,
                "name": kingdom.name,
                "colour": kingdom.colour,
                "hexes": hexes[kingdom.id],
                "protected_hexes": protected[kingdom.id],
                "land_score": land / 2,
                "power": kingdom.power if sees_power else None,
                "effective_power": effective / 2 if sees_power else None,
                "eliminated": kingdom.eliminated,
            }
        )
    return sorted(table, key=lambda row: (-row["land_score"], row["kingdom"]))


def _final_scores(campaign: Campaign) -> dict[int, int]:
    """A finished campaign's Table 1, in half-points, as its CampaignWon entry published it
    (A-3.1). It may differ from land + power: E-13 leaves the last turn's edict power out,
    although the kingdom holds it."""
    if campaign.status != Campaign.Status.FINISHED:
        return {}
    won = (
        TurnEvent.objects.filter(campaign=campaign, kind="CampaignWon")
        .values_list("payload", flat=True)
        .last()
    )
    return {kingdom_id: score for kingdom_id, score in won["scores"]} if won else {}


def last_scout_reports(viewer: Viewer, army_ids: list[int]) -> dict[int, ScoutReport]:
    """Table 8, E-29: each army's latest scouting report, lost scouts included. A report
    is its kingdom's and the GM's alone, whatever armies are asked for. One query."""
    reports = (
        ScoutReport.objects.filter(army_id__in=army_ids)
        .select_related("hex", "turn")
        .order_by("turn__number", "id")
    )
    if not viewer.is_gm:
        reports = reports.filter(kingdom_id=viewer.kingdom_id)
    return {report.army_id: report for report in reports}


def _own_hexes(kingdom: Kingdom) -> tuple[list[SupportHex], int, int]:
    """The kingdom's own hexes as §5.6 reads them, the campaign's current turn number
    and how many of the hexes are orphans. One query."""
    current = Turn.objects.filter(campaign=OuterRef("campaign")).order_by("-number")
    rows = list(
        Hex.objects.filter(owner=kingdom)
        .annotate(turn_number=Subquery(current.values("number")[:1]))
        .values_list("feature", "looted_turn", "unrest_from", "unrest_until", "is_orphan",
                     "turn_number")
    )  # fmt: skip
    hexes = [
        SupportHex(kingdom.pk, Feature(feature) if feature else None, looted, start, end)
        for feature, looted, start, end, _, _ in rows
    ]
    turn = next((row[5] for row in rows if row[5] is not None), 0)
    return hexes, turn, sum(1 for row in rows if row[4])


def kingdom_support_now(kingdom: Kingdom, ruleset: Ruleset) -> KingdomSupport:
    """A-1.1.4, §5.6: Total Support and the entitlements pool of ``kingdom`` in the
    campaign's current turn, by ``ruleset``, as rules.support.kingdom_support counts
    them (hexes looted last turn, under Unrest or Quick-Friendship give none). The one
    reader of the kingdom page, army building and its checks. One query."""
    hexes, turn, _ = _own_hexes(kingdom)
    return kingdom_support(ruleset, hexes, kingdom.pk, turn)


def kingdom_overview(kingdom: Kingdom, ruleset: Ruleset) -> dict:
    """A-1.1.4, §5.6, Table 6: what a kingdom may field, by the campaign's ``ruleset``.
    Only for its player and the GM (the views check the seat); two queries. A hex
    looted last turn or under Unrest gives no Support and no Entitlements this turn
    (rules.support.kingdom_support); ``idle`` counts them. ``over`` is how far the
    allocations exceed Total Support: the page warns that the player must cut at his
    orders, or the largest is cut at Provisional Results (E-14)."""
    hexes, turn, orphans = _own_hexes(kingdom)
    support = kingdom_support(ruleset, hexes, kingdom.pk, turn)
    armies = list(kingdom.armies.order_by("id"))
    allocated = sum(army.allocation for army in armies)
    return {
        "kingdom": kingdom,
        "hexes": support.hexes,
        "orphans": orphans,
        "idle": support.idle,
        "support": support.support,
        "allocated": allocated,
        "over": max(0, allocated - support.support),
        "entitlements": support.entitlements,
        "ruleset": ruleset,  # the page's hints give the campaign's numbers
        "armies": armies,
    }


def order_status(
    turn: Turn,
    kingdom: Kingdom,
    *,
    armies: Collection[int] | None = None,
    ordered: Collection[int] | None = None,
    edicts: int | None = None,
    held: Collection[int] | None = None,
) -> dict:
    """Q7: a kingdom's orders for ``turn`` as a whole, for its own player: how many of
    its armies have an order (the others rest), how many edicts it gave (§5.3) and
    whether the player marked them ready. An army in an ongoing siege takes no order and
    does not rest (E-37, docs/design/sieges.md "Who chooses what"): it is neither
    ordered nor missing, only counted ``in_siege``. Five queries, one if the caller has
    the ids of the kingdom's ``armies``, of those ``ordered``, of the armies ``held`` in
    a siege (battles.siege_selectors.armies_in_sieges) and counted its ``edicts``."""
    if armies is None:
        armies = list(Army.objects.filter(kingdom=kingdom).values_list("id", flat=True))
    if ordered is None:
        orders = Order.objects.filter(turn=turn, army__kingdom=kingdom)
        ordered = list(orders.values_list("army_id", flat=True))
    if edicts is None:
        edicts = Edict.objects.filter(turn=turn, kingdom=kingdom).count()
    if held is None:
        held = armies_in_sieges(ongoing_sieges(kingdom.campaign_id))
    free = {army_id for army_id in armies if army_id not in held}
    given = sum(1 for army_id in set(ordered) if army_id in free)
    ready = OrderSet.objects.filter(turn=turn, kingdom=kingdom, ready=True).exists()
    return {
        "kingdom": kingdom.id,
        "name": kingdom.name,
        "ready": ready,
        "armies": len(free),
        "ordered": given,
        "resting": len(free) - given,
        "in_siege": len(set(armies)) - len(free),
        "edicts": edicts,
        "open": turn.state == Turn.State.OPEN,
    }


def orders_readiness(campaign: Campaign, turn: Turn, viewer: Viewer) -> list[dict]:
    """Q7: who marked his orders for ``turn`` ready. The GM sees every non-eliminated
    kingdom's mark, never its orders or their number; a player sees his own kingdom's
    row alone, with his counts: whether the others are ready is not his to know (it
    would tell him who is still thinking), nor is it needed, as the turn resolves itself
    when everyone is ready (early resolution) or at the deadline."""
    if viewer.is_gm:
        ready = set(
            OrderSet.objects.filter(turn=turn, ready=True).values_list("kingdom_id", flat=True)
        )
        return [
            {"kingdom": k.id, "name": k.name, "ready": k.id in ready, "armies": None,
             "ordered": None, "resting": None, "in_siege": None,
             "open": turn.state == Turn.State.OPEN}
            for k in player_kingdoms(campaign).filter(eliminated=False)
        ]  # fmt: skip
    kingdom = Kingdom.objects.filter(pk=viewer.kingdom_id, campaign=campaign).first()
    return [order_status(turn, kingdom)] if kingdom is not None else []
