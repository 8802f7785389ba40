"""Writes of tabletop battles (E-24, P-C5, P-C6): the opt-in's consequence (the battle
becomes tabletop, its terrain rolled and its report deadline set), and the report: one
side reports, the other confirms or disputes, the GM settles a dispute or extends the
deadline. Each function is one transaction that validates, writes and records its
chronicle entry; a refusal saves nothing.

The report is read at Final Results (campaign.pipeline, rules.battles.battle). Until then a
tabletop battle waits: the GM cannot start Final Results while a tabletop battle has no
confirmed report and its deadline has not passed (``tabletop_battles_awaited``); once it
has, the Final step resolves that battle abstract with the strategies on file (E-24).
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from battles.models import Battle, BattleSide
from battles.tabletop.models import BattleReport
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.problems import problem_text
from campaign.core.turn_lock import turn_locked
from campaign.models import Membership, Turn
from campaign.notifications.models import Kind
from campaign.notifications.services import THE_GM, Recipients, notify
from campaign.turns.narration import when_text
from kingdoms.models import Character
from rules.battles.postbattle import UnitLoss
from rules.battles.postbattle_tables import UnitFate
from rules.battles.tabletop import (
    RemovedCharacter,
    SideFacts,
    TabletopReport,
    normalized,
    report_problem,
    roll_terrain,
)
from rules.core.dice import Dice
from rules.core.state import Decision, Defence, Role, Terrain

TERRAINS = {terrain.value for terrain in Terrain}


def participants(battle: Battle) -> set[int]:
    """The player kingdoms fighting in the battle (E-28: a partner's armies too)."""
    sides = battle.sides.all()
    return {s.kingdom_id for s in sides if s.kingdom_id} | {
        a.kingdom_id for s in sides for a in s.armies.all()
    }


def tabletop_battles_awaited(turn: Turn, now: dt.datetime | None = None) -> list[Battle]:
    """E-24: the turn's tabletop battles that still wait for a confirmed report within
    their deadline; Final Results waits for them (campaign.turns.services.turn_claim_step)."""
    now = now or timezone.now()
    battles = Battle.objects.filter(
        turn=turn, mode=Battle.Mode.TABLETOP, resolved=False, report_deadline__gt=now
    ).select_related("report", "hex", "after__report")
    return [b for b in battles.order_by("seq") if b.confirmed_report is None and not _passed_by(b)]


def _passed_by(battle: Battle) -> bool:
    """P-C3, E-15: a follow-up battle of a contested hex that will not be fought, since
    the battle it follows has a confirmed report with another outcome: nothing to wait
    for."""
    first = battle.after.confirmed_report if battle.after_id else None
    if first is None:
        return False
    outcome = first.winner.value if first.winner else "nobody"
    return outcome != battle.if_won


def report_deadlines_shift(turn: Turn, by: dt.timedelta) -> None:
    """E-24: the GM's pause moves the report deadlines of the turn's tabletop battles still
    to be fought by its length (campaign.turns.services.campaign_pause), so that a pause
    costs no battle its game; the pause's own chronicle entry tells it."""
    Battle.objects.filter(
        turn=turn, mode=Battle.Mode.TABLETOP, resolved=False, report_deadline__isnull=False
    ).update(report_deadline=F("report_deadline") + by)


# --- E-24: the opt-in ----------------------------------------------------------------


def tabletop_mode_update(battle: Battle, turn: Turn) -> None:
    """E-24: a battle is played on the tabletop only if every side opted in (and
    fights). The first time it becomes so, its terrain is rolled (§5.11) and its report
    deadline set (the fight-or-retreat deadline plus ``report_days``). Called by
    battles.decisions.services.battle_decide inside its transaction."""
    sides = list(battle.sides.all())
    wanted = len(sides) == 2 and all(s.tabletop and s.decision == Decision.FIGHT for s in sides)
    tabletop = battle.mode == Battle.Mode.TABLETOP
    if wanted == tabletop:
        return
    if not wanted and BattleReport.objects.filter(battle=battle).exists():
        raise Refused(
            _("This battle was reported from the table: it stays a tabletop battle."),
            field="tabletop",
        )
    battle.mode = Battle.Mode.TABLETOP if wanted else Battle.Mode.ABSTRACT
    fields = ["mode"]
    if wanted and not battle.terrain:
        battle.terrain = _terrain_roll(battle, turn)
        fields.append("terrain")
    if wanted and battle.report_deadline is None:
        start = max(turn.decisions_deadline or timezone.now(), timezone.now())
        battle.report_deadline = start + dt.timedelta(days=turn.campaign.ruleset.report_days)
        fields.append("report_deadline")
    battle.save(update_fields=fields)
    payload = {"battle_id": battle.pk, "battle": battle.seq, "hex": list(battle.hex.coord)}
    if wanted:
        payload["report_deadline"] = battle.report_deadline.isoformat()
    chronicle_record(
        turn,
        "TabletopAgreed" if wanted else "TabletopWithdrawn",
        payload,
        rule="E-24",
        kingdom_ids=participants(battle),
    )
    if wanted:
        _report_wanted(battle, turn, "agreed")


def _report_wanted(battle: Battle, turn: Turn, step: str) -> None:
    """The sides that file or answer the report are told (the GM for a neutral one)."""
    notify(
        kind=Kind.TABLETOP_REPORT,
        campaign=turn.campaign,
        recipients=Recipients(gm=True, kingdom_ids=tuple(sorted(participants(battle)))),
        context={"battle_id": battle.pk, "step": step},
    )


def _terrain_roll(battle: Battle, turn: Turn) -> list[dict]:
    """§5.11 Tables 26–30, Q16, Table 17, App B: the battle's pieces, from a stream of
    the turn's seed of its own (``<seed>:terrain:<battle seq>``), so that no other roll
    of the turn moves and anyone can re-roll it once the seed is published. Logged to
    the battle's participants (and the GM)."""
    hex_ = battle.hex
    dice = Dice(f"{turn.seed}:terrain:{battle.seq}")
    pieces = roll_terrain(
        turn.campaign.ruleset,
        dice,
        terrain=Terrain(hex_.terrain),
        secondary=[Terrain(t) for t in hex_.secondary_terrains or () if t in TERRAINS],
        minor_feature=hex_.minor_feature or None,
        defence=Defence(hex_.defence) if hex_.defence else None,
        watchtower=hex_.watchtower,
    )
    terrain = [piece.to_dict() for piece in pieces]
    chronicle_record(
        turn,
        "TerrainRolled",
        {
            "battle_id": battle.pk,
            "battle": battle.seq,
            "hex": list(hex_.coord),
            "pieces": terrain,
            "rolls": [
                {"purpose": r.purpose, "sides": r.sides, "result": r.result} for r in dice.rolls
            ],
        },
        rule="§5.11 Tables 26–30 P-C5",
        kingdom_ids=participants(battle),
    )
    return terrain


# --- P-C6: the report ------------------------------------------------------------------


def _membership(battle: Battle, user: User) -> Membership | None:
    return Membership.objects.filter(campaign_id=battle.turn.campaign_id, user=user).first()


def _roles_of(battle: Battle, user: User) -> tuple[set[Role], bool]:
    """The sides ``user`` answers for (a player his kingdom's; the GM the neutral ones,
    Q17, E-24), and whether he is the GM."""
    membership = _membership(battle, user)
    if membership is None:
        return set(), False
    gm = membership.role == Membership.Role.GM
    roles = set()
    for side in battle.sides.all():
        if (gm and side.kingdom_id is None) or (
            side.kingdom_id is not None and side.kingdom_id == membership.kingdom_id
        ):
            roles.add(Role(side.role))
    return roles, gm


def _resolved(turn: Turn | None) -> str:
    return _("Turn %(number)s no longer takes battle reports: it is resolved.") % {
        "number": turn.number if turn else 0
    }


def _locked(battle: Battle) -> tuple[Battle, Turn]:
    """The battle and its turn, locked; refused unless the battle is a tabletop battle of
    a turn still before Final Results."""
    turn = turn_locked(turn_id=battle.turn_id, states=(Turn.State.DECISIONS,), refusal=_resolved)
    battle = Battle.objects.select_related("hex", "turn").get(pk=battle.pk)
    if battle.resolved:
        raise Refused(_resolved(turn))
    if battle.mode != Battle.Mode.TABLETOP:
        raise Refused(
            _("This battle is not played on the tabletop: every side must opt in first."),
            rule="E-24",
        )
    return battle, turn


def _in_time(battle: Battle, gm: bool) -> None:
    if not gm and battle.report_deadline and timezone.now() > battle.report_deadline:
        raise Refused(
            _(
                "The report deadline passed (%(when)s): the battle will be resolved abstract, "
                "unless the GM extends it."
            )
            % {"when": when_text(battle.report_deadline)},
            rule="E-24",
        )


def _side_facts(battle: Battle) -> list[SideFacts]:
    """What a report may name: each side's armies and their points now, its characters
    able to fight (or a neutral kingdom's General, E-20)."""
    facts = []
    for side in battle.sides.prefetch_related("armies"):
        armies = list(side.armies.all())
        if armies:
            people = Character.objects.filter(army__in=armies, status=Character.Status.ACTIVE)
        elif side.neutral_kingdom_id:
            people = Character.objects.filter(
                neutral_kingdom_id=side.neutral_kingdom_id, status=Character.Status.ACTIVE
            )
        else:
            people = Character.objects.none()
        facts.append(
            SideFacts(
                role=Role(side.role),
                points=side.points,
                armies={a.pk: (a.name, a.points) for a in armies},
                characters={c.pk: c.name for c in people.order_by("pk")},
                neutral=side.kingdom_id is None,
            )
        )
    return facts


def _whole(value, what: str, field: str, *, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(str(value).strip())
        except ValueError:
            raise Refused(
                _("%(what)s must be a whole number.") % {"what": what}, field=field
            ) from None
    return value


def report_from_input(
    *,
    winner: str,
    massacre: bool = False,
    vp_margin=None,
    casualties=(),
    neutral_losses=0,
    removed=(),
    kills=(),
) -> TabletopReport:
    """The report as rules.battles.tabletop reads it, from a form's or the API's plain values;
    Refused names the field of a malformed one."""
    try:
        won = Role(winner) if winner else None
    except ValueError:
        raise Refused(_("Name the attacker, the defender, or a draw."), field="winner") from None
    units = []
    for entry in casualties:
        try:
            fate = UnitFate(entry.get("fate"))
        except ValueError:
            raise Refused(
                _("A unit was destroyed or fled."), field="casualties", rule="Table 12"
            ) from None
        units.append(
            UnitLoss(
                army_id=_whole(entry.get("army"), _("An army"), "casualties"),
                unit=str(entry.get("unit") or "").strip(),
                fate=fate,
                points=_whole(entry.get("points"), _("A unit's points"), "casualties"),
                table_roll=_whole(
                    entry.get("table_roll"), _("A table roll"), "casualties", allow_none=True
                ),
            )
        )
    return TabletopReport(
        winner=won,
        massacre=bool(massacre),
        vp_margin=_whole(vp_margin, _("The VP margin"), "vp_margin", allow_none=True),
        units=tuple(units),
        removed=tuple(
            RemovedCharacter(
                _whole(r.get("character"), _("A character"), "removed"),
                _whole(r.get("table_roll"), _("A table roll"), "removed", allow_none=True),
            )
            for r in removed
        ),
        kills=tuple(
            (
                _whole(k.get("character"), _("A character"), "kills"),
                _whole(k.get("count"), _("A count"), "kills"),
            )
            for k in kills
        ),
        neutral_losses=_whole(neutral_losses or 0, _("The neutral losses"), "neutral_losses"),
    )


def _checked(battle: Battle, turn: Turn, report: TabletopReport, gm: bool) -> TabletopReport:
    ruleset = turn.campaign.ruleset
    report = normalized(ruleset, report)  # P-C5: the VP margin makes the Massacre
    problem = report_problem(ruleset, _side_facts(battle), report, gm=gm)
    if problem is not None:
        raise Refused(problem_text(problem), field=problem.field, rule=problem.rule)
    return report


def _write(row: BattleReport, report: TabletopReport, text: str) -> None:
    row.winner = report.winner.value if report.winner else ""
    row.massacre = report.massacre
    row.vp_margin = report.vp_margin
    row.casualties = [
        {
            "army": u.army_id,
            "unit": u.unit,
            "fate": u.fate.value,
            "points": u.points,
            "table_roll": u.table_roll,
        }
        for u in report.units
    ]
    row.neutral_losses = report.neutral_losses
    row.removed = [
        {"character": r.character_id, "table_roll": r.table_roll} for r in report.removed
    ]
    row.kills = [{"character": c, "count": n} for c, n in report.kills]
    row.text = text.strip()


def _record(turn: Turn, battle: Battle, kind: str, row: BattleReport, rule: str, **extra) -> None:
    """A report's step in the chronicle: for the battle's participants and the GM (E-29)."""
    payload = {
        "battle_id": battle.pk,
        "battle": battle.seq,
        "hex": list(battle.hex.coord),
        "status": row.status,
        "result": row.as_rules().result.value,
        "winner": row.winner or None,
        **extra,
    }
    chronicle_record(turn, kind, payload, rule=rule, kingdom_ids=participants(battle))


@transaction.atomic
def battle_report_submit(
    *, battle: Battle, by: User, report: TabletopReport, text: str = ""
) -> BattleReport:
    """P-C6: a side reports the tabletop battle (the GM for a neutral side, Q17): the
    result (P-C5: a margin of 900 VP or more is a Massacre), the casualties per unit, the
    characters removed and the enemy characters each one killed, and a text. It replaces
    a report not yet confirmed; the other side confirms or disputes it."""
    roles, gm = _roles_of(battle, by)
    if not roles:
        raise Refused(_("Only the battle's sides report it."), status=403, rule="P-C6")
    battle, turn = _locked(battle)
    _in_time(battle, gm)
    if len(text) > 4000:
        raise Refused(_("A report is 4,000 letters at most."), field="text")
    row = BattleReport.objects.select_for_update().filter(battle=battle).first()
    if row is not None and row.is_confirmed:
        raise Refused(_("This battle's report is already confirmed."), rule="P-C6")
    report = _checked(battle, turn, report, gm=False)
    row = row or BattleReport(battle=battle)
    _write(row, report, text)
    row.status = BattleReport.Status.REPORTED
    row.reported_by, row.reported_role = by, sorted(roles)[0].value
    row.answered_by, row.dispute, row.ruling = None, "", ""
    row.save()
    _record(turn, battle, "BattleReported", row, "P-C6 P-C5", role=row.reported_role)
    _report_wanted(battle, turn, "reported")
    return row


def _answering(battle: Battle, by: User) -> tuple[Battle, Turn, BattleReport, bool]:
    """The report the other side answers: refused unless ``by`` plays a side other than
    the reporter's and the report awaits an answer."""
    roles, gm = _roles_of(battle, by)
    if not roles:
        raise Refused(_("Only the battle's sides answer its report."), status=403, rule="P-C6")
    battle, turn = _locked(battle)
    row = BattleReport.objects.select_for_update().filter(battle=battle).first()
    if row is None:
        raise Refused(_("Nobody has reported this battle yet."), rule="P-C6")
    if not roles - {Role(row.reported_role)}:
        raise Refused(_("The other side answers this report, not its reporter."), status=403)
    if row.status != BattleReport.Status.REPORTED:
        raise Refused(
            _("The report is %(status)s: nothing to answer.")
            % {"status": row.get_status_display().lower()}
        )
    _in_time(battle, gm)
    return battle, turn, row, gm


@transaction.atomic
def battle_report_confirm(*, battle: Battle, by: User) -> BattleReport:
    """P-C6: the other side confirms the report; Final Results will use it."""
    battle, turn, row, _gm = _answering(battle, by)
    row.status, row.answered_by = BattleReport.Status.CONFIRMED, by
    row.save(update_fields=["status", "answered_by", "updated_at"])
    _record(turn, battle, "BattleReportConfirmed", row, "P-C6")
    return row


@transaction.atomic
def battle_report_dispute(*, battle: Battle, by: User, reason: str) -> BattleReport:
    """P-C6: the other side disputes the report, saying why; the GM settles it (or a
    side reports again)."""
    reason = reason.strip()
    if not reason:
        raise Refused(_("Say what is wrong with the report."), field="reason")
    if len(reason) > 2000:
        raise Refused(_("A dispute is 2,000 letters at most."), field="reason")
    battle, turn, row, _gm = _answering(battle, by)
    row.status, row.answered_by, row.dispute = BattleReport.Status.DISPUTED, by, reason
    row.save(update_fields=["status", "answered_by", "dispute", "updated_at"])
    _record(turn, battle, "BattleReportDisputed", row, "P-C6", reason=reason)
    notify(
        kind=Kind.REPORT_DISPUTED,
        campaign=turn.campaign,
        recipients=THE_GM,
        context={"battle_id": battle.pk},
    )
    return row


def _require_gm(battle: Battle, by: User) -> None:
    membership = _membership(battle, by)
    if membership is None or membership.role != Membership.Role.GM:
        raise Refused(_("Only the campaign's game master can do that."), status=403)


@transaction.atomic
def battle_report_settle(
    *,
    battle: Battle,
    by: User,
    report: TabletopReport | None = None,
    text: str = "",
    ruling: str = "",
) -> BattleReport:
    """P-C6, P-C5: the GM settles the battle's report: as it stands, or as he gives it
    (he may rule a Massacre below the VP margin). It counts as confirmed."""
    _require_gm(battle, by)
    battle, turn = _locked(battle)
    row = BattleReport.objects.select_for_update().filter(battle=battle).first()
    if row is not None and row.is_confirmed:
        raise Refused(_("This battle's report is already confirmed."), rule="P-C6")
    if report is None and row is None:
        raise Refused(_("There is no report to settle: give the result."), field="winner")
    if report is not None:
        report = _checked(battle, turn, report, gm=True)
        row = row or BattleReport(battle=battle, reported_by=by)
        _write(row, report, text or (row.text if row.pk else ""))
    row.status, row.answered_by, row.ruling = BattleReport.Status.SETTLED, by, ruling.strip()
    row.save()
    _record(turn, battle, "BattleReportSettled", row, "P-C6 P-C5", ruling=row.ruling)
    return row


@transaction.atomic
def battle_report_deadline_extend(*, battle: Battle, by: User, until: dt.datetime) -> Battle:
    """E-24: "The GM may extend the deadline instead" of resolving the battle abstract."""
    _require_gm(battle, by)
    battle, turn = _locked(battle)
    if battle.confirmed_report is not None:
        raise Refused(_("This battle's report is already confirmed: there is nothing to wait for."))
    if until <= timezone.now():
        raise Refused(_("Extend the deadline to a time still to come."), field="until")
    battle.report_deadline = until
    battle.save(update_fields=["report_deadline"])
    chronicle_record(
        turn,
        "ReportDeadlineExtended",
        {"battle_id": battle.pk, "battle": battle.seq, "until": until.isoformat()},
        rule="E-24",
        kingdom_ids=participants(battle),
    )
    return battle


def side_for(battle: Battle, role: str) -> BattleSide | None:
    return next((s for s in battle.sides.all() if s.role == role), None)
