"""The GM's writes on the map's hexes (Q16): a hex's secondary terrains.

Every write is a keyword-only function, one transaction each, that validates, writes
and records its chronicle entry (docs/architecture.md, "Every write is an action").
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction

from campaign.campaigns.services import require_gm
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.models import Hex
from campaign.turns.selectors import current_turn
from rules.battles.tabletop import secondary_terrains_in_order, secondary_terrains_problem


@transaction.atomic
def hex_secondary_terrains_set(*, hex: Hex, by: User, terrains: Iterable[str]) -> Hex:
    """Q16, A-1.1.1, §5.11: the GM sets the hex's secondary terrains, the "one or more"
    terrain types beside its primary one. Table 7 still reads the primary terrain only;
    each secondary terrain adds one roll on its own table (Tables 26–30) to the ticket
    of a tabletop battle fought there (rules.battles.tabletop.roll_terrain).

    GM only (403). Each value a land terrain, not the primary, once, at most
    rules.battles.tabletop.MAX_SECONDARY_TERRAINS
    (rules.battles.tabletop.secondary_terrains_problem);
    a refusal names the value and saves nothing. They are stored in A-1.1.1's order, so
    that the rolls do not depend on the order they were given in. A change is told in
    the chronicle to the GM alone, like his corrections in the admin.

    A ticket already rolled keeps its pieces: a battle's terrain is rolled once, from the
    turn's seed, when every side opts in to the tabletop (battles.tabletop.services);
    the new terrains count from the next ticket rolled in the hex.
    """
    require_gm(campaign=hex.campaign, user=by)
    wanted = list(terrains)
    problem = secondary_terrains_problem(hex.terrain, wanted)
    if problem is not None:
        raise Refused(problem.message, field=problem.field)
    before = list(hex.secondary_terrains or [])
    after = secondary_terrains_in_order(wanted)
    if after == before:
        return hex
    hex.secondary_terrains = after
    hex.save(update_fields=["secondary_terrains"])
    turn = current_turn(hex.campaign)
    if turn is not None:  # a campaign being set up has no chronicle yet
        chronicle_record(
            turn,
            "SecondaryTerrainsSet",
            {
                "by": by.get_username(),
                "hex": [hex.q, hex.r],
                "terrain": hex.terrain,
                "secondary_terrains": after,
                "before": before,
            },
            rule="Q16 §5.11",
        )
    return hex
