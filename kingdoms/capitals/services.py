"""The fallback-capital list, its one write (A-3.2, §3 step 6e, E-23).

E-23: the player chooses in advance where his capital moves if it falls; the ordered
list of his Cities stands until he changes it, and the pipeline reads it at step 6e
(rules.kingdoms.capitals.fallback_capital). He changes it with his orders, while the turn is
open; the chronicle entry is his kingdom's and the GM's alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.problems import problem_text
from campaign.models import Hex, Membership
from kingdoms.locks import kingdom_taking_orders
from kingdoms.models import Kingdom
from rules.core.state import Coord, Feature
from rules.kingdoms.capitals import fallback_list_problem


@transaction.atomic
def fallback_capitals_set(*, kingdom: Kingdom, by: User, hexes: Sequence[Coord]) -> Kingdom:
    """E-23: ``hexes``, in order, become the kingdom's fallback-capital list: his own
    Cities, not the capital, each once (rules.kingdoms.capitals.fallback_list_problem); an empty
    list leaves E-23's default (the City with the most own hexes connected to it)."""
    owns = Membership.objects.filter(
        campaign_id=kingdom.campaign_id, user=by, kingdom_id=kingdom.pk
    ).exists()
    if not owns:
        raise Refused(_("That is not your kingdom."), field="kingdom", status=403)
    turn = kingdom_taking_orders(kingdom.campaign_id, kingdom.pk)
    kingdom = Kingdom.objects.get(pk=kingdom.pk)
    if kingdom.eliminated:
        raise Refused(_("%(kingdom)s is eliminated.") % {"kingdom": kingdom.name}, field="kingdom")
    wanted = [(q, r) for q, r in hexes]
    rows = list(Hex.objects.filter(owner=kingdom).values_list("pk", "q", "r", "feature"))
    own = {(q, r): Feature(feature) if feature else None for _, q, r, feature in rows}
    capital = next(((q, r) for pk, q, r, _ in rows if pk == kingdom.capital_id), None)
    found = fallback_list_problem(wanted, own, capital)
    if found:
        index, problem = found
        raise Refused(
            _("Entry %(number)s: %(reason)s.")
            % {"number": index + 1, "reason": problem_text(problem)},
            field=problem.field,
            rule=problem.rule,
        )
    kingdom.fallback_capitals = [list(coord) for coord in wanted]
    kingdom.save(update_fields=["fallback_capitals"])
    chronicle_record(
        turn,
        "FallbackCapitalsSet",
        {"kingdom_id": kingdom.pk, "hexes": kingdom.fallback_capitals},
        rule="E-23 A-3.2",
        kingdom_ids=[kingdom.pk],
    )
    return kingdom
