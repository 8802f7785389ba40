"""Reads of kingdoms, armies and orders, filtered by what the viewer may see."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from campaign.models import Campaign, Hex, Turn
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.core.state import Feature, Ruleset
from rules.kingdoms.support import KingdomSupport, SupportHex, kingdom_support
from rules.turn.visibility import Viewer


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
    campaign's current turn, by ``ruleset``, as rules.kingdoms.support.kingdom_support counts
    them (hexes looted last turn, under Unrest or Quick-Friendship give none). The one
    reader of the kingdom page, army building and its checks. One query."""
    hexes, turn, _ = _own_hexes(kingdom)
    return kingdom_support(ruleset, hexes, kingdom.pk, turn)
