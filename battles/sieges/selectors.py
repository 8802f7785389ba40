"""Reads of sieges with their visibility (E-37, "Players see a siege sheet").

Everyone sees that a place is besieged, by whom, since when, its days and its walls (the
map shows a siege; walls are seen from outside). The two sides (the besieger's kingdom
and the garrison's; the GM for a neutral garrison) see the sheet: the calendar of the
days with their rolls, the engines, the siege's battles, and their own plan. The
provisions are the garrison's secret: its side sees the exact number, the besieger a
band of ``siege_estimate_band`` days that holds it, anyone else nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from battles.models import BattleSide, Siege, SiegeBattle, SiegeEngine, SiegePlan
from campaign.models import Campaign, Turn
from rules.core.state import Defence, DefenderKind, Feature, HexState, Role, Terrain
from rules.sieges.state import BesiegerAction, GarrisonAction, SiegeStatus, withdraw_problem
from rules.turn.visibility import Viewer

BESIEGER, GARRISON, OUTSIDER = "besieger", "garrison", "outsider"


@dataclass(frozen=True)
class OngoingSiege:
    """What the map and the order pages need of an ongoing siege (E-37): where it is and
    which armies it holds. Public: everyone sees that a place is besieged."""

    id: int
    campaign_id: int
    q: int
    r: int
    besieger_army_ids: frozenset[int]
    garrison_army_ids: frozenset[int]

    @property
    def page(self) -> str:
        """The siege sheet's page."""
        return reverse("siege", args=[self.campaign_id, self.id])

    @property
    def url(self) -> str:
        """The siege sheet in the API."""
        return reverse("api-siege", args=[self.id])


@dataclass(frozen=True)
class ArmyInSiege:
    """An army an ongoing siege holds, as a besieger or in the garrison (E-37)."""

    siege: OngoingSiege
    role: str  # BESIEGER or GARRISON

    @property
    def page(self) -> str:
        """The siege sheet's page."""
        return self.siege.page

    @property
    def rule(self) -> str:
        """The rule that holds the army, shown beside :meth:`no_orders`."""
        return "E-37"

    def no_orders(self, army_name: str) -> str:
        """docs/design/sieges.md "Who chooses what": why the army takes no Table 5 order.
        The order service's refusal and the army card's line say the same."""
        where = {"army": army_name, "q": self.siege.q, "r": self.siege.r}
        if self.role == BESIEGER:
            text = _(
                "%(army)s is besieging (%(q)s, %(r)s): it takes no orders while the siege lasts."
            )
        else:
            text = _(
                "%(army)s is besieged in (%(q)s, %(r)s): it takes no orders while the siege lasts."
            )
        return text % where


def ongoing_sieges(campaign_id: int) -> list[OngoingSiege]:
    """The campaign's ongoing sieges (E-37), in one query. The app's one reading of "the
    armies in a siege" and "the besieged hexes" (the engine's is rules.sieges.state over
    ``World.sieges``): the order service, the order page, the ready line and the map."""
    rows = (
        Siege.objects.filter(campaign_id=campaign_id, status=SiegeStatus.ONGOING.value)
        .order_by("id")
        .values_list("id", "hex__q", "hex__r", "besieger_army_ids", "garrison_army_ids")
    )
    return [
        OngoingSiege(pk, campaign_id, q, r, frozenset(besiegers or ()), frozenset(garrison or ()))
        for pk, q, r, besiegers, garrison in rows
    ]


def armies_in_sieges(sieges: Iterable[OngoingSiege]) -> dict[int, ArmyInSiege]:
    """E-37, docs/design/sieges.md "Who chooses what": the armies the ongoing ``sieges``
    hold, by id, as rules.sieges.state.locked_army_ids reads them in the engine. They take
    no Table 5 order and do not rest, so they are neither ordered nor missing (Q7)."""
    held = {}
    for siege in sieges:
        for army_id in siege.garrison_army_ids:
            held[army_id] = ArmyInSiege(siege, GARRISON)
        for army_id in siege.besieger_army_ids:
            held[army_id] = ArmyInSiege(siege, BESIEGER)
    return held


def may_withdraw(side: BattleSide) -> bool:
    """E-37: the side is a fortified place's defender that may withdraw behind its walls.
    Reads the battle's prefetched sides and selected hex: no query."""
    battle = side.battle
    if side.role != Role.DEFENDER or battle.resolved:
        return False
    hex_ = battle.hex
    facts = HexState(
        coord=(hex_.q, hex_.r),
        terrain=Terrain(hex_.terrain),
        feature=Feature(hex_.feature) if hex_.feature else None,
        defence=Defence(hex_.defence) if hex_.defence else None,
    )
    attacker = next((s for s in battle.sides.all() if s.role == Role.ATTACKER), None)
    if attacker is None:
        return False
    kind = DefenderKind(battle.defender_kind)
    return withdraw_problem(facts, kind, attacker.kingdom_id) is None


def viewer_side(siege: Siege, viewer: Viewer) -> str:
    """The viewer's side of the siege; the GM sees as the garrison (all of it)."""
    if viewer.kingdom_id is not None and viewer.kingdom_id == siege.besieger_id:
        return BESIEGER
    if viewer.is_gm or (viewer.kingdom_id is not None and viewer.kingdom_id == siege.garrison_id):
        return GARRISON
    return OUTSIDER


def provisions_estimate(provisions: int, band: int) -> dict:
    """The besieger's estimate: the band of ``band`` days that holds the true number."""
    low = provisions // band * band
    return {"low": low, "high": low + band - 1}


def _garrison_name(siege: Siege, viewer: Viewer) -> str:
    if siege.garrison is not None:
        return siege.garrison.name
    neutral = siege.garrison_neutral_kingdom
    if neutral is not None and (viewer.is_gm or neutral.pk in viewer.known_neutral_kingdoms):
        return neutral.name
    return _("Neutral garrison")


def _summary(siege: Siege, viewer: Viewer) -> dict:
    """What everyone may see of a siege."""
    side = viewer_side(siege, viewer)
    return {
        "id": siege.pk,
        "hex": {"q": siege.hex.q, "r": siege.hex.r, "terrain": siege.hex.terrain},
        "place": siege.place,
        "status": siege.status,
        "besieger": {"kingdom": siege.besieger_id, "name": siege.besieger.name},
        "garrison": {"kingdom": siege.garrison_id, "name": _garrison_name(siege, viewer)},
        "started_turn": siege.started_turn,
        "ended_turn": siege.ended_turn,
        "day": siege.day,
        "wall_damage": siege.wall_damage,
        "wall_stages": siege.wall_stages,
        "breached": siege.wall_damage >= siege.wall_stages,
        "my_side": None if side == OUTSIDER or viewer.is_gm else side,
    }


def visible_sieges(campaign: Campaign, viewer: Viewer) -> list[dict]:
    """Every siege of the campaign as everyone may see it, newest first. One query."""
    sieges = Siege.objects.filter(campaign=campaign).select_related(
        "hex", "besieger", "garrison", "garrison_neutral_kingdom"
    )
    return [_summary(s, viewer) for s in sieges]


def siege_sheet(siege: Siege, viewer: Viewer, turn: Turn | None = None) -> dict:
    """The siege sheet (SG-SHEET-1 at the campaign's scale) as ``viewer`` may see it: the
    summary; for the two sides the provisions (exact or estimated), the engines, the
    calendar of days with their rolls, the siege's battles and their own plan for
    ``turn`` (the current one)."""
    sheet = _summary(siege, viewer)
    side = viewer_side(siege, viewer)
    insider = side != OUTSIDER
    ruleset = siege.campaign.ruleset
    sheet["provisions"] = siege.provisions if side == GARRISON else None
    sheet["provisions_estimate"] = (
        provisions_estimate(siege.provisions, ruleset.siege_estimate_band)
        if side == BESIEGER
        else None
    )
    sheet["engines"] = None
    sheet["calendar"] = []
    sheet["battles"] = []
    sheet["plan"] = None
    if not insider:
        return sheet
    train = SiegeEngine.objects.filter(army_id__in=siege.besieger_army_ids or [-1])
    sheet["engines"] = {
        "camp_mangonels": siege.camp_engines,
        "camp_ready_day": siege.camp_ready_day,
        "out_until_day": siege.engines_out_until,
        "train": [{"id": e.pk, "kind": e.kind, "army": e.army_id} for e in train],
    }
    sheet["calendar"] = [
        {
            "turn": entry.get("turn"),
            "day": entry.get("day"),
            "event": entry.get("event"),
            "initiative": entry.get("initiative"),
            "action": entry.get("action") or entry.get("text", ""),
            "result": entry.get("result", ""),
            "bombardment": entry.get("bombardment"),
            "wall_damage": entry.get("wall_damage"),
            "what": entry.get("what") or [],
            "rolls": _calendar_rolls(entry, side),
        }
        for entry in siege.log
    ]
    fought = SiegeBattle.objects.filter(siege=siege).select_related("battle__turn")
    sheet["battles"] = [
        {
            "id": b.battle_id,
            "turn": b.battle.turn.number,
            "day": b.day,
            "kind": b.kind,
            "result": b.battle.result,
            "winner": b.battle.winner,
        }
        for b in fought
    ]
    if not viewer.is_gm or siege.garrison_id is None:  # the GM plans for a neutral garrison
        # E-24: a day a tabletop battle stopped is the turn's first, with its action fixed
        days = ruleset.siege_days_per_turn - (1 if siege.pending_kind else 0)
        sheet["plan"] = _plan(siege, side, turn, days)
    return sheet


def _calendar_rolls(entry: dict, side: str) -> list[dict]:
    """A calendar entry's rolls. The investment's (day 0) are the provisions dice
    (SG-PROV-1): with the public ruleset they give the exact provisions, so they are the
    garrison's and the GM's alone, like the provisions; the besieger only estimates."""
    if entry.get("day") == 0 and side != GARRISON:
        return []
    return [
        r if isinstance(r, dict) else {"purpose": "", "sides": 10, "result": r}
        for r in entry.get("rolls") or []
    ]


def _plan(siege: Siege, side: str, turn: Turn | None, days: int) -> dict | None:
    """The viewer's own plan for the turn's days, the defaults filled in."""
    if turn is None or side == OUTSIDER:
        return None
    row = SiegePlan.objects.filter(siege=siege, turn=turn, role=side).first()
    default = BesiegerAction.WAIT.value if side == BESIEGER else GarrisonAction.PASS.value
    actions = list(row.actions) if row else []
    actions += [default] * (days - len(actions))
    return {
        "turn": turn.number,
        "role": side,
        "actions": actions,
        "strategy": (row.strategy or None) if row else None,
        "lift": bool(row and row.lift),
        "tabletop": bool(row and row.tabletop),  # E-24
        "stopped": (
            {"kind": siege.pending_kind, "day": siege.pending_day} if siege.pending_kind else None
        ),
        "choices": [a.value for a in (BesiegerAction if side == BESIEGER else GarrisonAction)],
    }
