"""Battles declared at Provisional Results, their sides' choices and results."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from django.conf import settings
from django.db import models

from campaign.core.inputs import COUNT, POINTS
from rules.battles.tabletop import TabletopReport
from rules.core.state import Decision, DefenderKind, IfWon, Role, Strategy


def _choices(enum) -> list[tuple[str, str]]:
    return [(member.value, member.value.replace("_", " ").capitalize()) for member in enum]


class Battle(models.Model):
    class Mode(models.TextChoices):
        ABSTRACT = "abstract", "Abstract (Tables 23–25)"
        TABLETOP = "tabletop", "Tabletop"

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="battles")
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="battles")
    seq = models.PositiveIntegerField(validators=COUNT.validators())
    defender_kind = models.CharField(max_length=20, choices=_choices(DefenderKind))
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.ABSTRACT)
    resolved = models.BooleanField(default=False)
    result = models.CharField(max_length=20, blank=True)  # draw/marginal/solid/massacre/...
    winner = models.CharField(max_length=10, blank=True, choices=_choices(Role))
    # P-C3, E-15: a follow-up battle of a contested hex is fought only if the battle
    # ``after`` ends as ``if_won`` (its attacker or defender won, or nobody did)
    after = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="follow_ups"
    )
    if_won = models.CharField(max_length=10, blank=True, choices=_choices(IfWon))
    # E-24, P-C5, §5.11: a tabletop battle's pieces (Tables 26–30, Table 17, App B), rolled
    # when every side opted in ([{"source", "piece", "roll"}]), and its report deadline
    terrain = models.JSONField(default=list, blank=True)
    report_deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["turn", "seq"]
        constraints = [models.UniqueConstraint(fields=["turn", "seq"], name="one_battle_per_seq")]

    def __str__(self) -> str:
        return f"Battle {self.seq} at ({self.hex.q}, {self.hex.r})"

    @property
    def needs_decisions(self) -> bool:
        return self.defender_kind not in (DefenderKind.UNDEFENDED, DefenderKind.LOST_CAUSE)

    @property
    def confirmed_report(self) -> TabletopReport | None:
        """P-C6: the report the other side confirmed or the GM settled, as rules.battles.tabletop
        reads it; None if there is none (E-24: the battle is then resolved abstract)."""
        report = getattr(self, "report", None)  # a missing reverse one-to-one raises
        if report is None or report.status not in BattleReport.CONFIRMED:
            return None
        return report.as_rules()


class BattleSide(models.Model):
    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="sides")
    role = models.CharField(max_length=10, choices=_choices(Role))
    kingdom = models.ForeignKey(
        "kingdoms.Kingdom", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    neutral_kingdom = models.ForeignKey(
        "kingdoms.NeutralKingdom", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    armies = models.ManyToManyField("kingdoms.Army", blank=True, related_name="battle_sides")
    points = models.PositiveIntegerField(validators=POINTS.validators())
    decision = models.CharField(max_length=8, choices=_choices(Decision), default=Decision.FIGHT)
    strategy = models.CharField(max_length=10, blank=True, choices=_choices(Strategy))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # E-24: this side opts in to play the battle on the tabletop (the GM for a neutral)
    tabletop = models.BooleanField(default=False)
    # P-C4: a defending patrol's place for this battle among its battles, as its owner
    # ordered them at Phase 4 (battles.decisions.services.battle_order_set); his secret
    rank = models.PositiveSmallIntegerField(null=True, blank=True, validators=COUNT.validators())
    # E-15: the patrols of this side's kingdom that cover the hex, the default first,
    # when there are two or more: the owner may name another (battle_defender_name)
    patrol_choices = models.ManyToManyField("kingdoms.Army", blank=True, related_name="+")
    # E-29: the side's armies as they went into the battle, kept when it was fought or
    # otherwise ended ([{"id", "name", "points", "characters", "list_text", "list_url"}]):
    # the battle's page shows them, not the armies as they are later; None before that
    armies_seen = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["battle", "role"], name="one_side_per_role")]

    def __str__(self) -> str:
        return f"{self.battle} {self.role}"

    @property
    def is_neutral(self) -> bool:
        return self.kingdom_id is None


@dataclass(eq=False, slots=True)
class SideRow:
    """A battle's side as a turn step reads and writes it (campaign.pipeline.snapshot):
    the BattleSide columns it reads and its armies, as (kingdom id, army id) pairs in
    the order of ``BattleSide.armies`` (Army's: by kingdom, then id). Not a model
    instance: each ``side.armies`` makes a related manager, and prefetching them cost the
    step's hundred sides ten times the reading of their rows. ``rows_update`` saves its
    ``points`` and ``armies_seen`` as it would a BattleSide's."""

    pk: int
    battle_id: int
    role: str
    kingdom_id: int | None
    neutral_kingdom_id: int | None
    points: int
    decision: str
    strategy: str
    rank: int | None
    armies: tuple[tuple[int, int], ...] = ()
    armies_seen: list[dict] | None = None  # E-29: set by the step, then saved

    @classmethod
    def of(cls, side: BattleSide, armies: Iterable[tuple[int, int]]) -> SideRow:
        """The row of a side the step made, with its ``armies``' (kingdom id, army id)."""
        return cls(*(getattr(side, name) for name in SIDE_COLUMNS), armies=tuple(sorted(armies)))

    @property
    def army_ids(self) -> list[int]:
        return [army_id for _, army_id in self.armies]


# The BattleSide columns a SideRow holds, in its order: all its fields but what the step
# adds of its own (the armies, and the armies as they went into battle)
SIDE_COLUMNS = tuple(f.name for f in fields(SideRow) if f.name not in {"armies", "armies_seen"})


def characters_seen(characters: Iterable) -> list[dict]:
    """Characters on a battle's page, Generals first: Character rows, or the turn step's
    rows as read (campaign.pipeline.snapshot.Rows.now), hence ``id`` rather than ``pk``."""
    people = sorted(characters, key=lambda c: (not c.is_general, c.id))
    return [{"id": c.id, "name": c.name, "is_general": c.is_general} for c in people]


def army_seen(army, characters: Iterable) -> dict:
    """An army on a battle's page (battles.tabletop.selectors) with its active
    ``characters``: what BattleSide.armies_seen keeps of it."""
    return {
        "id": army.id,
        "kingdom": army.kingdom_id,
        "name": army.name,
        "points": army.points,
        "characters": characters_seen(characters),
        "list_text": army.list_text,
        "list_url": army.list_url,
    }


# Django finds an app's models in its models module: the domains' own models join here.
from battles.sieges.models import Siege, SiegeBattle, SiegeEngine, SiegePlan  # noqa: E402, F401
from battles.tabletop.models import BattleReport  # noqa: E402, F401
