"""Reads of a kingdom as a whole: the standings and the "My kingdom" overview (Table 1, Table 9,
A-3.1)."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Exists, OuterRef, Q, Subquery

from campaign.models import Campaign, Hex, Membership, Turn, TurnEvent
from kingdoms.models import Kingdom
from kingdoms.selectors import _own_hexes, player_kingdoms
from rules.core.state import Feature, Ruleset
from rules.kingdoms.edicts import HexHistory, looted_in
from rules.kingdoms.support import kingdom_support
from rules.turn.power import land_score_halves
from rules.turn.visibility import Viewer


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
    seated = Membership.objects.filter(kingdom=OuterRef("pk"))
    for kingdom in player_kingdoms(campaign).annotate(played=Exists(seated)):
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
                "played": kingdom.played,  # Q7: a kingdom nobody plays rests each turn
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


def kingdom_overview(kingdom: Kingdom, ruleset: Ruleset) -> dict:
    """A-1.1.4, §5.6, Table 6: what a kingdom may field, by the campaign's ``ruleset``.
    Only for its player and the GM (the views check who asks); two queries. A hex
    looted last turn or under Unrest gives no Support and no Entitlements this turn
    (rules.kingdoms.support.kingdom_support); ``idle`` counts them. ``over`` is how far the
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
