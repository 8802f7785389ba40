"""A snapshot of the part of the world a player's order, edict or spend is judged on: the
hexes within the rules' judging radius of the places it names
(rules.turn.orders.judged_radius), the kingdom's own hexes, armies and characters, and
the few rows every snapshot holds (the kingdoms, the neutral kingdoms' capitals, the
besieged hexes); another kingdom's capital is there only if it is near. Its
queries and rows do not grow with the map, so a player's write stays quick on a map of
10,000 hexes and more. The orphan flags are those the step keeps on the hexes (A-1.3.3),
so the kingdom's connection to its capital is read, never searched."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from campaign.models import Campaign, Hex
from campaign.pipeline.snapshot import Snapshot, snapshot_build
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.core.state import Coord
from rules.turn.orders import judged_radius


def neighbourhood_load(
    campaign: Campaign,
    turn_number: int,
    kingdom_id: int,
    around: Iterable[Coord | None],
    *,
    radius: int | None = None,
    cells: Iterable[Coord | None] = (),
    also: Iterable[Q] = (),
) -> Snapshot:
    """The snapshot of the hexes within ``radius`` (the rules' judging radius unless
    given) of each coord of ``around``, each coord of ``cells`` alone, the hexes each
    filter of ``also`` picks (the hexes a domain's rows name), and the kingdom's own
    hexes and armies, and the armies standing near; None among the coords is skipped.
    As many queries as snapshot_load, whatever the size of the map."""
    reach = judged_radius(campaign.ruleset) if radius is None else radius
    centres = {tuple(c) for c in around if c is not None}
    alone = {tuple(c) for c in cells if c is not None} - centres
    near = Q()
    for q, r in centres:
        # A square in axial coordinates holds the hexes within the radius and a few more,
        # which the rules may read as the whole map would give them.
        near |= Q(q__range=(q - reach, q + reach), r__range=(r - reach, r + reach))
    for q, r in alone:
        near |= Q(q=q, r=r)
    campaign_hexes = Hex.objects.filter(campaign=campaign).order_by()
    nearby = campaign_hexes.filter(near) if near else campaign_hexes.none()
    # One query, each part read through an index, so that no part reads the whole map: the
    # hexes near, the kingdom's, and what snapshot_build needs (the neutral kingdoms'
    # capitals, the besieged hexes) with the kingdom's capital, should it have lost it.
    hexes = nearby.union(
        campaign_hexes.filter(owner_id=kingdom_id),
        campaign_hexes.filter(
            pk__in=NeutralKingdom.objects.filter(campaign=campaign).values("capital_id")
        ),
        campaign_hexes.filter(sieges__campaign=campaign),
        campaign_hexes.filter(pk__in=Kingdom.objects.filter(pk=kingdom_id).values("capital_id")),
        *(campaign_hexes.filter(more) for more in also),
    )
    return snapshot_build(
        campaign,
        turn_number,
        hexes=hexes,
        kingdoms=Kingdom.objects.filter(campaign=campaign),
        armies=Army.objects.filter(Q(kingdom_id=kingdom_id) | Q(position__in=nearby.values("pk"))),
        characters=Character.objects.filter(kingdom_id=kingdom_id),
        for_kingdom=kingdom_id,
    )


def hex_id(snapshot: Snapshot, coord: Coord) -> int:
    """The id of the row of the hex at ``coord``, which the snapshot holds: what a write
    saves as its foreign key, whatever form the snapshot keeps its rows in."""
    return next(pk for pk, at in snapshot.coord_of.items() if at == tuple(coord))
