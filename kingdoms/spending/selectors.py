"""Reads of power spending (Table 10): a kingdom's spending is its own and the GM's,
never another player's, not even after resolution; the chronicle tells each kingdom
its own results, and everyone the public facts (a build, an alliance)."""

from __future__ import annotations

from django.db.models import Q, QuerySet, Sum

from campaign.bulletin.models import MercenaryOffer
from campaign.core.problems import problem_refusal
from campaign.models import Turn
from campaign.pipeline.snapshot import Snapshot
from kingdoms.models import Army, Kingdom, NeutralKingdom
from kingdoms.spending.forms import SpendForm
from kingdoms.spending.models import PowerSpend
from kingdoms.spending.writeback import provoked_spends, spending_load
from rules.core.problems import Problem
from rules.core.state import Coord
from rules.kingdoms.spending import why_illegal_spend
from rules.kingdoms.spending_state import BUILDS, Spend, SpendKind, fixed_cost
from rules.turn.visibility import Viewer, world_as_known


def visible_spends(turn: Turn, viewer: Viewer) -> QuerySet[PowerSpend]:
    """The turn's spends the viewer may see: his kingdom's; the GM sees them all."""
    spends = PowerSpend.objects.filter(turn=turn).select_related(
        "hex", "army", "offer", "neutral_kingdom", "recipient", "kingdom"
    )
    if viewer.is_gm:
        return spends.order_by("kingdom_id", "id")
    return spends.filter(kingdom_id=viewer.kingdom_id).order_by("id")


def spend_choices(turn: Turn, kingdom: Kingdom) -> dict[str, list[tuple[int, str]]]:
    """What the spending form offers: the kingdom's armies, this turn's mercenaries, the
    neutral kingdoms it knows (A-1.4.18) and the other kingdoms still in play. Four
    queries."""
    armies = Army.objects.filter(kingdom=kingdom).order_by("id")
    offers = MercenaryOffer.objects.filter(turn=turn).order_by("id")
    neutrals = NeutralKingdom.objects.filter(known_by=kingdom).order_by("id")
    others = Kingdom.objects.filter(campaign_id=kingdom.campaign_id, eliminated=False)
    return {
        "army": [(a.pk, f"{a.name} ({a.points} pts)") for a in armies],
        "offer": [(o.pk, f"{o.name}: {o.points} pts, from {o.minimum_bid} power") for o in offers],
        "neutral_kingdom": [(n.pk, n.name) for n in neutrals],
        "recipient": [(k.pk, k.name) for k in others.exclude(pk=kingdom.pk).order_by("id")],
    }


def spending_panel(
    turn: Turn | None,
    kingdom: Kingdom | None,
    viewer: Viewer,
    form: SpendForm | None = None,
    saved: bool = False,
    refusal: str = "",
    about: int | None = None,
) -> dict | None:
    """What templates/kingdoms/spending/partials/spending_panel.html shows: the kingdom's
    spends of the current turn, their total against the power held (E-25's worst case)
    and, for its own player while orders are open, the form; ``refusal`` by the spend
    ``about`` names when it is listed (a refused withdrawal). None for an outsider; the
    GM sees any kingdom's, without a form. A fixed number of queries."""
    if turn is None or kingdom is None:
        return None
    if not viewer.is_gm and viewer.kingdom_id != kingdom.pk:
        return None
    is_open = turn.state == Turn.State.OPEN and not viewer.is_gm and not kingdom.eliminated
    if is_open and form is None:
        form = SpendForm(choices=spend_choices(turn, kingdom))
    spends = list(visible_spends(turn, viewer).filter(kingdom=kingdom))
    committed = sum(s.amount for s in spends)
    return {
        "turn": turn,
        "kingdom": kingdom,
        "spends": spends,
        "committed": committed,
        "left": kingdom.power - committed,
        "form": form if is_open else None,
        "open": is_open,
        "saved": saved,
        "refusal": refusal,
        "refused_id": about if any(spend.pk == about for spend in spends) else None,
    }


def power_committed(turn: Turn, kingdom: Kingdom) -> int:
    """E-25: the power the kingdom's spends and bids would take if every bid won."""
    total = PowerSpend.objects.filter(turn=turn, kingdom=kingdom).aggregate(Sum("amount"))
    return total["amount__sum"] or 0


def spend_hexes(turn: Turn, kingdom_id: int, neutral_kingdom_id: int | None) -> list[Q]:
    """The hexes ``spend_problem`` reads beyond the spend's own and the kingdom's: those
    its other spends of the turn name, those Provoked in the last two turns (Table 11),
    and the land of the neutral kingdom a spend names (§5.6 diplomacy: an incited attack
    aims next to it). Filters of hexes, for campaign.pipeline.neighbourhood."""
    mine = PowerSpend.objects.filter(turn=turn, kingdom_id=kingdom_id)
    hexes = [Q(pk__in=mine.values("hex_id")), Q(pk__in=provoked_spends(turn).values("hex_id"))]
    if neutral_kingdom_id is not None:
        hexes.append(Q(neutral_kingdom_id=neutral_kingdom_id))
    return hexes


def spend_problem(snapshot: Snapshot, turn: Turn, viewer: Viewer, wanted: Spend) -> Problem | None:
    """Why the kingdom may not add ``wanted`` to its spending of the turn, its hex judged
    as the player knows it; None if it may (spend_submit, and the map's hex panel)."""
    spending = spending_load(turn, snapshot, kingdom_id=wanted.kingdom_id)
    known = world_as_known(snapshot.world, viewer, [wanted.hex])
    return why_illegal_spend(known, wanted.kingdom_id, wanted, spending)


def hex_builds(
    snapshot: Snapshot, turn: Turn, viewer: Viewer, kingdom_id: int, coord: Coord
) -> list[dict]:
    """Table 10, A-1.1.3: the builds the map's hex panel offers for the kingdom's hex
    (a watchtower, a fortress, a great fortress), each with its price in power and the
    rules' refusal."""
    builds = []
    for kind in BUILDS:
        cost = fixed_cost(snapshot.world.ruleset, kind)
        wanted = Spend(id=0, kingdom_id=kingdom_id, kind=kind, amount=cost, hex=coord)
        problem = spend_problem(snapshot, turn, viewer, wanted)
        builds.append(
            {
                "kind": kind.value,
                "label": kind.label,
                "cost": cost,
                "refusal": problem_refusal(problem) if problem else None,
            }
        )
    return builds


def hex_pacify(
    snapshot: Snapshot, turn: Turn, viewer: Viewer, kingdom_id: int, coord: Coord
) -> dict:
    """Table 11: pacifying the neutral defenders of a hex the map's hex panel shows: the
    power it may take (the least to the most), and the rules' refusal, judged at the
    least."""
    rules = snapshot.world.ruleset
    low, high = rules.pacify_power_min, rules.pacify_power_max
    wanted = Spend(id=0, kingdom_id=kingdom_id, kind=SpendKind.PACIFY, amount=low, hex=coord)
    problem = spend_problem(snapshot, turn, viewer, wanted)
    return {
        "label": SpendKind.PACIFY.label,
        "amounts": list(range(low, high + 1)),
        "refusal": problem_refusal(problem) if problem else None,
    }
