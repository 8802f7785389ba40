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

from django.db import connection
from django.db.models import BooleanField, Model, Q, QuerySet
from django.db.models.expressions import RawSQL

from campaign.models import Campaign, Hex
from campaign.pipeline.snapshot import Snapshot, map_hexes, snapshot_build
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
    every_kingdom: bool = True,
) -> Snapshot:
    """The snapshot of the hexes within ``radius`` (the rules' judging radius unless
    given) of each coord of ``around``, each coord of ``cells`` alone, the hexes each
    filter of ``also`` picks (the hexes a domain's rows name), and the kingdom's own
    hexes and armies, and the armies standing near; None among the coords is skipped.
    As many queries as snapshot_load, whatever the size of the map. Without
    ``every_kingdom`` the kingdoms are the kingdom and the owners of the hexes it holds,
    all that an order's rules name (Table 5; Q20: the target's owner), not the
    campaign's hundreds."""
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
    campaign_hexes = Hex.objects.filter(campaign=campaign)
    nearby = [campaign_hexes.filter(near).values("pk")] if near else []
    # The hexes near, the kingdom's, and what snapshot_build needs (the neutral kingdoms'
    # capitals, the besieged hexes) with the kingdom's capital, should it have lost it.
    hexes = Hex.objects.filter(
        _id_among(
            Hex,
            "id",
            *nearby,
            Hex.objects.filter(owner_id=kingdom_id).values("pk"),
            NeutralKingdom.objects.filter(campaign=campaign).values("capital_id"),
            campaign_hexes.filter(sieges__campaign=campaign).values("pk"),
            Kingdom.objects.filter(pk=kingdom_id).values("capital_id"),
            *(campaign_hexes.filter(more).values("pk") for more in also),
        )
    )
    kingdoms = Kingdom.objects.filter(campaign=campaign)
    if not every_kingdom:
        owners = hexes.filter(owner__isnull=False).values("owner_id").distinct()
        kingdoms = Kingdom.objects.filter(
            _id_among(Kingdom, "id", Kingdom.objects.filter(pk=kingdom_id).values("pk"), owners)
        )
    # The kingdom's armies and those standing near, each part through its index, in the
    # order the whole map's snapshot has them (without its join to the kingdoms)
    armies = Army.objects.filter(kingdom_id=kingdom_id).values("pk")
    standing = [Army.objects.filter(_id_among(Army, "position_id", *nearby)).values("pk")]
    return snapshot_build(
        campaign,
        turn_number,
        hexes=map_hexes(hexes),
        kingdoms=kingdoms,
        armies=Army.objects.filter(
            _id_among(Army, "id", armies, *(standing if nearby else ()))
        ).order_by("kingdom_id", "id"),
        characters=Character.objects.filter(kingdom_id=kingdom_id),
        for_kingdom=kingdom_id,
    )


def _id_among(model: type[Model], column: str, *ids: QuerySet) -> RawSQL:
    """The condition that the row's ``column`` is one of the ids the querysets of one
    column select. PostgreSQL gets them as an array (``= ANY(ARRAY(…))``), which it reads
    first and then looks up through an index, each part by its own index: ``IN (…)``
    would let it read the whole map to join it with, say, the neutral kingdoms' capitals,
    as its statistics may prefer. Each part compiles its one column only, a fraction of
    what a union of whole rows costs the ORM on every request."""
    parts = [q.order_by().query.get_compiler(q.db).as_sql() for q in ids]
    union = " UNION ALL ".join(sql for sql, _ in parts)
    params = [p for _, part in parts for p in part]
    quote = connection.ops.quote_name
    where = f"{quote(model._meta.db_table)}.{quote(column)}"
    among = f"= ANY(ARRAY({union}))" if connection.vendor == "postgresql" else f"IN ({union})"
    return RawSQL(f"{where} {among}", params, output_field=BooleanField())


def hex_id(snapshot: Snapshot, coord: Coord) -> int:
    """The id of the row of the hex at ``coord``, which the snapshot holds: what a write
    saves as its foreign key, whatever form the snapshot keeps its rows in."""
    return next(pk for pk, at in snapshot.coord_of.items() if at == tuple(coord))
