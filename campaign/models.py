"""Campaigns, memberships, turns, the chronicle and the hex map."""

from __future__ import annotations

from functools import lru_cache

import orjson
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from campaign.core import words
from campaign.core.errors import Refused
from campaign.core.inputs import (
    COORD,
    HOUR,
    POINTS,
    TURN,
    WEEKDAY,
    validate_name,
    validate_time_zone,
)
from rules.core.dice import new_seed, seed_hash
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import Defence, Feature, Ruleset, Terrain


def turn_seed() -> str:
    """A new turn's secret seed; looked up at call time, so that tests can pin seeds."""
    return new_seed()


MAP_VERSION_FIELDS = {"map_version", "map_version_whole"}


class Campaign(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        FINISHED = "finished", _("Finished")
        # A new campaign: its map and seats, no turn yet; the GM starts it
        # (campaign.hosting.services.campaign_start)
        SETUP = "setup", _("Setting up")

    name = models.CharField(max_length=200, validators=[validate_name])
    description = models.TextField(blank=True)
    # The seats a GM opened: joining stops there (campaign.hosting); 0, the demo's: no limit
    max_players = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # The GM's house rules: {"options": {...}, "tables": {...}} over the rulebook's
    # defaults (rules.core.ruleset); always validated by campaign_ruleset_change.
    ruleset_overrides = models.JSONField(default=dict, blank=True)
    # The optional modules' own state (rules.modules: World.module_state), written by the
    # turn pipeline only, e.g. the Beast's lair
    module_state = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The schedule (campaign.turns.schedule): the time zone the orders deadline is counted
    # in, and the weekday (0 Monday) and hour orders lock; no weekday keeps the ruleset's
    # turn length from the turn's opening
    timezone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    lock_weekday = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=WEEKDAY.validators()
    )
    lock_hour = models.PositiveSmallIntegerField(default=18, validators=HOUR.validators())
    # The GM's pause (campaign.turns.services.campaign_pause): until then no deadline
    # resolves a turn
    paused_until = models.DateTimeField(null=True, blank=True)
    pause_reason = models.CharField(max_length=200, blank=True)
    # What the map shows, by version: one more each time anything on it may have changed
    # (campaign.campaigns.services.map_version_bump), so that the map API answers "not
    # modified" without building the map, and a poller asks for what changed since.
    map_version = models.PositiveIntegerField(default=0, editable=False)
    # The first version a ``?since=`` answer cannot reach by comparing maps: a change
    # outside the turn steps (a GM's edit, a correction, a seat) may take back what a
    # viewer knew, so an older poller gets the whole map again
    map_version_whole = models.PositiveIntegerField(default=0, editable=False)

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # The map's version moves only by map_version_bump's one UPDATE: a campaign saved
        # with the version it read would take back a step's bump committed since, and one
        # ETag would then name two different maps.
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in MAP_VERSION_FIELDS
            ]
        super().save(*args, **kwargs)

    @property
    def ruleset(self) -> Ruleset:
        return _ruleset(orjson.dumps(self.ruleset_overrides or {}, option=orjson.OPT_SORT_KEYS))


@lru_cache(maxsize=256)
def _ruleset(overrides: bytes) -> Ruleset:
    """The ruleset of a campaign's overrides (their JSON text, keys in order). A request or
    a step asks for it several times, and checking the options and reading the tables'
    texts costs a tenth of a millisecond each time; a Ruleset is frozen, and the same
    overrides make the same one. Overrides that make none raise each time."""
    return ruleset_from_overrides(orjson.loads(overrides))


class Membership(models.Model):
    class Role(models.TextChoices):
        GM = "gm", _("Game master")
        PLAYER = "player", _("Player")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=8, choices=Role.choices)
    kingdom = models.OneToOneField(
        "kingdoms.Kingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="membership",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_campaign")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) in {self.campaign}"


class Turn(models.Model):
    """One campaign turn and its place in the pipeline (docs/architecture.md).

    OPEN (orders) → PROVISIONAL (server step) → DECISIONS (fight or retreat, strategies)
    → FINAL (server step) → CLOSED, and the next turn opens. PROVISIONAL and FINAL are the
    states in which a worker owns the turn; claiming a step is the conditional UPDATE
    into them.
    """

    class State(models.TextChoices):
        OPEN = "open", _("Orders open")
        PROVISIONAL = "provisional", _("Resolving provisional results")
        DECISIONS = "decisions", _("Fight or retreat")
        FINAL = "final", _("Resolving final results")
        CLOSED = "closed", _("Resolved")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="turns")
    number = models.PositiveIntegerField(validators=TURN.validators())
    state = models.CharField(max_length=16, choices=State.choices, default=State.OPEN)
    seed = models.CharField(max_length=64, default=turn_seed)
    seed_hash = models.CharField(max_length=64, editable=False)
    deadline = models.DateTimeField(null=True, blank=True)
    decisions_deadline = models.DateTimeField(null=True, blank=True)
    opened_at = models.DateTimeField(auto_now_add=True)
    # When the running server step was claimed (or last queued again): a step still
    # running long after it is late (campaign.turns.selectors.late_step)
    claimed_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "number"], name="one_turn_number")
        ]
        ordering = ["campaign", "number"]

    def __str__(self) -> str:
        return f"{self.campaign} turn {self.number}"

    def save(self, *args, **kwargs):
        if self._state.adding:
            self.seed_hash = seed_hash(self.seed)
        else:
            self._refuse_a_new_seed(kwargs.get("update_fields"))
        super().save(*args, **kwargs)

    def _refuse_a_new_seed(self, update_fields) -> None:
        """A-2.1: the seed is drawn once, when the turn opens, and its hash published at
        once; changing it afterwards would make the published hash a lie."""
        if update_fields is not None and not {"seed", "seed_hash"} & set(update_fields):
            return
        drawn = Turn.objects.filter(pk=self.pk).values_list("seed", "seed_hash").first()
        if drawn is not None and (self.seed, self.seed_hash) != drawn:
            raise Refused(
                "A turn's seed is drawn once, when it opens, and never changes.", field="seed"
            )

    @property
    def published_seed(self) -> str | None:
        """The seed is secret until the turn is resolved (provably fair dice)."""
        return self.seed if self.state == self.State.CLOSED else None

    @property
    def is_running(self) -> bool:
        return self.state in (self.State.PROVISIONAL, self.State.FINAL)


class TurnEvent(models.Model):
    """The chronicle: append-only. Everything that tells history reads these rows.

    ``public`` events are seen by everyone; the others only by the GM and the kingdoms
    in ``kingdom_ids``. Only those kingdoms see the ``secret_fields`` of a public entry
    (an enemy's strength, E-29); rules.turn.visibility.entry_view applies this.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="events")
    # Indexed with its kind (Meta.indexes), which serves the turn's own lookups too
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="events", db_index=False)
    kind = models.CharField(max_length=40)
    rule = models.CharField(max_length=80, blank=True)
    payload = models.JSONField(default=dict)
    public = models.BooleanField(default=False)
    kingdom_ids = models.JSONField(default=list)
    secret_fields = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]  # insertion order is the order things happened
        # A turn's entries of a kind (the wandering hero a turn opens with, a battle's
        # post-battle news) found among its thousands without reading them
        indexes = [models.Index(fields=["turn", "kind"])]

    def __str__(self) -> str:
        return f"{self.turn}: {self.kind}"


class Hex(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="hexes")
    q = models.IntegerField(validators=COORD.validators())
    r = models.IntegerField(validators=COORD.validators())
    terrain = models.CharField(max_length=16, choices=words.choices(Terrain, words.TERRAINS))
    # Q16: optional secondary terrains (values of Terrain): extra tabletop pieces, one
    # roll each on its table (§5.11); Table 7 reads the primary terrain only
    secondary_terrains = models.JSONField(default=list, blank=True)
    owner = models.ForeignKey(
        "kingdoms.Kingdom", null=True, blank=True, on_delete=models.SET_NULL, related_name="hexes"
    )
    neutral_kingdom = models.ForeignKey(
        "kingdoms.NeutralKingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hexes",
    )
    # E-18: the neutral kingdom the hex belonged to at set-up, whoever holds it now.
    home_neutral_kingdom = models.ForeignKey(
        "kingdoms.NeutralKingdom",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Table 7 was rolled. With ``scouted_only`` only a scout did it (§5.4): the
    # contents stay secret, the map shows the hex unexplored until it is invaded (E-29).
    explored = models.BooleanField(default=False)
    scouted_only = models.BooleanField(default=False)
    feature = models.CharField(
        max_length=16,
        blank=True,
        choices=words.choices(Feature, words.FEATURES),
    )
    minor_feature = models.CharField(max_length=40, blank=True)
    defence = models.CharField(
        max_length=16,
        blank=True,
        choices=words.choices(Defence, words.DEFENCES),
    )
    watchtower = models.BooleanField(default=False)
    defender_points = models.PositiveIntegerField(
        null=True, blank=True, validators=POINTS.validators()
    )
    defender_original_points = models.PositiveIntegerField(
        null=True, blank=True, validators=POINTS.validators()
    )
    defender_race = models.CharField(max_length=40, blank=True)
    is_orphan = models.BooleanField(default=False)
    # §5.3 edicts (rules.kingdoms.edicts): the last turn the hex was looted, the last turn an edict
    # was carried out in it (Table 3's −1), and its Unrest, first to last turn
    looted_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    edict_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    unrest_from = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    unrest_until = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "q", "r"], name="one_hex_per_coord")
        ]
        ordering = ["campaign", "r", "q"]
        verbose_name_plural = "hexes"

    def __str__(self) -> str:
        return f"({self.q}, {self.r}) {self.terrain}"

    @property
    def coord(self) -> tuple[int, int]:
        return (self.q, self.r)


# Django finds an app's models in its models module: the domains' own models join here.
from campaign.bulletin.models import MercenaryOffer, Rumour  # noqa: E402, F401
