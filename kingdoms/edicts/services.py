"""Writes of edicts (§5.3 Table 2): a player decrees a Loot or Raze of one of his hexes
for the open turn, or withdraws it. The rules engine decides legality (rules.kingdoms.edicts);
the turn and its deadline are checked as for army orders (campaign.core.turn_lock)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.access import player_in_play
from campaign.core.errors import Refused
from campaign.core.problems import problem_text
from campaign.models import Campaign
from campaign.pipeline.neighbourhood import hex_id, neighbourhood_load
from kingdoms.edicts.models import Edict
from kingdoms.edicts.selectors import edict_problem
from kingdoms.locks import kingdom_taking_orders
from kingdoms.models import Kingdom
from rules.core.state import Coord, EdictKind, Structure
from rules.core.state import Edict as EdictState


def _edict_kingdom(campaign: Campaign, user: User) -> Kingdom:
    """The user's kingdom in the campaign, if he is a player still in play."""
    return player_in_play(campaign, user, acts="gives edicts", acts_not="gives no edicts").kingdom


def _edict_kind(kind: str) -> EdictKind:
    try:
        return EdictKind(kind)
    except ValueError:
        kinds = ", ".join(k.value for k in EdictKind)
        raise Refused(
            _("'%(kind)s' is not an edict: choose %(kinds)s.") % {"kind": kind, "kinds": kinds},
            field="kind",
            rule="Table 2",
        ) from None


def _structure(structure: str | None) -> Structure | None:
    if not structure:
        return None
    try:
        return Structure(structure)
    except ValueError:
        names = ", ".join(s.value for s in Structure)
        raise Refused(
            _("'%(structure)s' is not a structure: a Raze names one of %(names)s.")
            % {"structure": structure, "names": names},
            field="structure",
            rule="E-26",
        ) from None


def _payload(kingdom: Kingdom, hex_: Coord, kind: EdictKind, structure: Structure | None) -> dict:
    return {
        "kingdom_id": kingdom.pk,
        "hex": list(hex_),
        "edict": kind.value,
        "structure": structure.value if structure else None,
    }


@transaction.atomic
def edict_submit(
    *, campaign: Campaign, by: User, hex: Coord, kind: str, structure: str | None = None
) -> Edict:
    """Table 2: decree a Loot or a Raze (naming the structure it destroys, E-26) of one
    of the player's own, non-orphan hexes, not his capital, for the open turn. A hex
    receives one edict a turn: to change it, withdraw it first. A refusal names the
    problem and the field at fault; nothing is saved then."""
    kingdom = _edict_kingdom(campaign, by)
    turn = kingdom_taking_orders(campaign.pk, kingdom.pk)
    edict_kind, named = _edict_kind(kind), _structure(structure)
    coord = (hex[0], hex[1])
    given = Edict.objects.filter(turn=turn, kingdom=kingdom).values("hex_id")
    snapshot = neighbourhood_load(  # Table 2 reads the hex, the kingdom and its edicts
        campaign, turn.number, kingdom.pk, around=(), cells=[coord], also=[Q(pk__in=given)]
    )
    if coord not in snapshot.hexes:
        raise Refused(
            _("(%(q)s, %(r)s) is not on the map.") % {"q": coord[0], "r": coord[1]}, field="hex"
        )
    wanted = EdictState(kingdom_id=kingdom.pk, hex=coord, kind=edict_kind, structure=named)
    problem = edict_problem(snapshot, turn, wanted)
    if problem:
        raise Refused(problem_text(problem), field=problem.field, rule=problem.rule)
    edict = Edict.objects.create(
        turn=turn,
        kingdom=kingdom,
        hex_id=hex_id(snapshot, coord),
        kind=edict_kind.value,
        structure=named.value if named else "",
        submitted_by=by,
    )
    payload = _payload(kingdom, coord, edict_kind, named)
    chronicle_record(turn, "EdictSubmitted", payload, rule="Table 2", kingdom_ids=[kingdom.pk])
    return edict


@transaction.atomic
def edict_withdraw(*, campaign: Campaign, by: User, hex: Coord) -> None:
    """Take back the player's edict for ``hex`` in the open turn (until the deadline)."""
    kingdom = _edict_kingdom(campaign, by)
    turn = kingdom_taking_orders(campaign.pk, kingdom.pk)
    coord = (hex[0], hex[1])
    edict = (
        Edict.objects.filter(turn=turn, kingdom=kingdom, hex__q=coord[0], hex__r=coord[1])
        .select_related("hex")
        .first()
    )
    if edict is None:
        raise Refused(
            _("You gave no edict for (%(q)s, %(r)s) this turn.") % {"q": coord[0], "r": coord[1]},
            field="hex",
        )
    edict.delete()
    structure = Structure(edict.structure) if edict.structure else None
    payload = _payload(kingdom, coord, EdictKind(edict.kind), structure)
    chronicle_record(turn, "EdictWithdrawn", payload, rule="Table 2", kingdom_ids=[kingdom.pk])
