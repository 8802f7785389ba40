"""Reads of one battle's page and printable sheet ("each battle has a page: the
ticket, decisions, result, rolls, report text"), with E-29's visibility:

* everyone in the campaign sees where the battle is, between whom, and its result
  (battles.decisions.selectors.visible_battles, the public chronicle);
* the battle's participants and the GM see the ticket: each side's armies with their
  points and characters, the terrain pieces (Tables 26–30), the board (P-C5), the
  deadlines, the report (P-C6) and its dispute or ruling, and the battle's chronicle;
* an army's list (B 3.5) goes to its owner and the GM, and to the enemy once the battle
  is played on the tabletop (E-24: they meet across the table);
* a neutral kingdom's General is the GM's alone (E-20, A-1.4.18).
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from battles.decisions.selectors import visible_battles
from battles.models import Battle, BattleSide, SiegeBattle, army_seen, characters_seen
from battles.tabletop.models import BattleReport
from campaign.chronicle.narration import Names, narrate
from campaign.chronicle.selectors import chronicle_entry_view
from campaign.models import Membership, TurnEvent
from kingdoms.models import Character
from rules.battles.tabletop import board_size
from rules.core.state import Role
from rules.turn.visibility import Viewer, entry_view


def battle_page(battle: Battle, viewer: Viewer, names: Names) -> dict:
    """One battle as ``viewer`` may see it: the list's view of it (``battle``) and, for
    its participants and the GM, the ticket, the report and the battle's chronicle."""
    [view] = [b for b in visible_battles(battle.turn, viewer) if b["id"] == battle.pk]
    insider = viewer.is_gm or view["mine"]
    page = {
        "battle": view,
        "turn": battle.turn.number,
        "massacre_margin": battle.turn.campaign.ruleset.massacre_vp_margin,  # P-C5
        "insider": insider,
        "tabletop": battle.mode == Battle.Mode.TABLETOP,
        "report_deadline": battle.report_deadline,
        "decisions_deadline": battle.turn.decisions_deadline,
        "features": _features(battle),
        "terrain": battle.terrain if insider else [],
        "board": None,
        "armies": {},
        "report": None,
        "siege": None,
        "chronicle": _chronicle(battle, viewer, names),
    }
    if not insider:
        return page
    page["siege"] = _siege(battle)
    sides = {side.role: side for side in battle.sides.all()}
    width, depth = board_size(battle.turn.campaign.ruleset, [s.points for s in sides.values()])
    page["board"] = f"{width}'×{depth}'"
    page["armies"] = _armies(battle, sides, viewer, view)
    page["report"] = _report(battle, page["armies"])
    return page


def _siege(battle: Battle) -> dict | None:
    """A siege's battle: its kind and day, and the walls as the day found them (the
    table needs them: SG-BREACH, the fortification's bonus while the wall stands)."""
    link = SiegeBattle.objects.filter(battle=battle).select_related("siege").first()
    if link is None:
        return None
    siege = link.siege
    return {
        "id": siege.pk,
        "kind": link.kind,
        "day": link.day,
        "place": siege.place,
        "wall_damage": siege.wall_damage,
        "wall_stages": siege.wall_stages,
        "breached": siege.wall_damage >= siege.wall_stages,
        "text": _("the %(kind)s of day %(day)s of the siege of this %(place)s")
        % {
            "kind": link.kind.replace("_", " "),
            "day": link.day,
            "place": siege.place.replace("_", " "),
        },
        "page": reverse("siege", args=[siege.campaign_id, siege.pk]),
    }


def _features(battle: Battle) -> dict:
    """The hex's minor and defensive features: public once the hex was invaded (A-1.0.9)."""
    hex_ = battle.hex
    return {
        "terrain": hex_.terrain,
        "secondary": list(hex_.secondary_terrains or ()),
        "minor_feature": hex_.minor_feature or None,
        "defence": hex_.defence or None,
        "watchtower": hex_.watchtower,
    }


def _armies(battle: Battle, sides: dict, viewer: Viewer, view: dict) -> dict[str, list[dict]]:
    """Each side's armies with their points and characters; the list as B 3.5 and E-24
    allow (see the module's docstring). Neutral sides show their points only, and their
    General to the GM (E-20)."""
    tabletop = battle.mode == Battle.Mode.TABLETOP
    found: dict[str, list[dict]] = {}
    for role, side in sides.items():
        armies = [_army_shown(army, viewer, tabletop) for army in _armies_of(side)]
        if not armies:
            name = next(s["name"] for s in view["sides"] if s["role"] == role)
            people = Character.objects.none()
            if viewer.is_gm and side.neutral_kingdom_id:
                people = Character.objects.filter(
                    neutral_kingdom_id=side.neutral_kingdom_id, status=Character.Status.ACTIVE
                )
            armies.append(
                {
                    "id": None,
                    "name": name,
                    "points": side.points,
                    "characters": characters_seen(people),
                    "list_text": "",
                    "list_url": "",
                }
            )
        found[role] = armies
    return found


def _armies_of(side: BattleSide) -> list[dict]:
    """The side's armies as they went into the battle, once it is over (E-29: what an
    army became since, its points, characters and list, is not the enemy's to see);
    before that, as they are."""
    if side.armies_seen is not None:
        return side.armies_seen
    return [
        army_seen(army, Character.objects.filter(army=army, status=Character.Status.ACTIVE))
        for army in side.armies.all()
    ]


def _army_shown(army: dict, viewer: Viewer, tabletop: bool) -> dict:
    """An army of the battle for ``viewer``: its list only as B 3.5 and E-24 allow."""
    listed = viewer.is_gm or tabletop or viewer.kingdom_id == army["kingdom"]
    return {
        "id": army["id"],
        "name": army["name"],
        "points": army["points"],
        "characters": army["characters"],
        "list_text": army["list_text"] if listed else "",
        "list_url": army["list_url"] if listed else "",
    }


def _report(battle: Battle, armies: dict[str, list[dict]]) -> dict | None:
    """P-C6: the report as it stands, with names for the ids it holds."""
    row = BattleReport.objects.filter(battle=battle).select_related("reported_by").first()
    if row is None:
        return None
    army_names = {a["id"]: a["name"] for side in armies.values() for a in side}
    people = {c["id"]: c["name"] for side in armies.values() for a in side for c in a["characters"]}
    report = row.as_rules()
    return {
        "status": row.status,
        "status_text": row.get_status_display(),
        "confirmed": row.is_confirmed,
        "reported_role": row.reported_role or None,
        "reported_by": row.reported_by.username if row.reported_by else None,
        "winner": row.winner or None,
        "result": report.result.value,
        "massacre": row.massacre,
        "vp_margin": row.vp_margin,
        "casualties": [
            {**unit, "army_name": army_names.get(unit["army"], _("an army"))}
            for unit in row.casualties
        ],
        "neutral_losses": row.neutral_losses,
        "removed": [
            {**r, "name": people.get(r["character"], _("a character"))} for r in row.removed
        ],
        "kills": [{**k, "name": people.get(k["character"], _("a character"))} for k in row.kills],
        "text": row.text,
        "dispute": row.dispute,
        "ruling": row.ruling,
    }


def _chronicle(battle: Battle, viewer: Viewer, names: Names) -> list[dict]:
    """The battle's chronicle entries the viewer may read (rules.turn.visibility), narrated,
    with their rolls: the engine's (``battle_key``) and the services' (``battle_id``)."""
    rows = (
        TurnEvent.objects.filter(turn_id=battle.turn_id)
        .filter(Q(payload__battle_key=battle.pk) | Q(payload__battle_id=battle.pk))
        .order_by("id")
        .values_list("kind", "rule", "payload", "public", "kingdom_ids", "secret_fields")
    )
    entries = []
    for kind, rule, payload, public, kingdom_ids, secret in rows:
        seen = entry_view(payload, public, kingdom_ids, secret, viewer)
        if seen is None:
            continue
        entries.append(
            {
                "kind": kind,
                "rule": rule,
                "text": narrate(chronicle_entry_view(kind, rule, seen), names),
                "rolls": [
                    {"purpose": r["purpose"], "sides": r["sides"], "result": r["result"]}
                    for r in seen.get("rolls") or ()
                ],
            }
        )
    return entries


def report_powers(battle: Battle, viewer: Viewer, membership: Membership) -> dict[str, bool]:
    """What the viewer may do with the report now (the services enforce it): report for
    his side, answer the other side's report, or, as the GM, settle and extend."""
    open_ = battle.mode == Battle.Mode.TABLETOP and battle.turn.state == "decisions"
    open_ = open_ and not battle.resolved
    row = BattleReport.objects.filter(battle=battle).first()
    confirmed = row is not None and row.is_confirmed
    mine = set()
    for side in battle.sides.all():
        if (viewer.is_gm and side.kingdom_id is None) or (
            side.kingdom_id is not None and side.kingdom_id == viewer.kingdom_id
        ):
            mine.add(Role(side.role))
    answering = (
        row is not None
        and row.status == BattleReport.Status.REPORTED
        and bool(mine - {Role(row.reported_role)})
    )
    return {
        "report": open_ and bool(mine) and not confirmed,
        "answer": open_ and answering,
        "settle": open_ and viewer.is_gm and not confirmed,
    }
