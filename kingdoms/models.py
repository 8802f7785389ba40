"""Kingdoms, neutral kingdoms, armies, characters and orders."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from campaign.inputs import COUNT, LEDGER, NAME_LENGTH, POINTS, TURN, validate_name
from rules.spending_state import SpendKind, SpendResult
from rules.state import EdictKind, NeutralConquest, OrderKind, Structure
from rules.tables import ScoutLevel


class Kingdom(models.Model):
    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="kingdoms"
    )
    name = models.CharField(max_length=NAME_LENGTH, validators=[validate_name])
    colour = models.CharField(max_length=7, default="#888888")
    capital = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # a new campaign gives its ruleset.starting_power
    power = models.IntegerField(default=0, validators=LEDGER.validators())
    industry = models.IntegerField(default=0, validators=LEDGER.validators())
    eliminated = models.BooleanField(default=False)
    # E-23: the player's Cities to move the capital to, in order, as [[q, r], ...]; the
    # kingdom's and the GM's alone (kingdoms.capital_services, rules.capitals)
    fallback_capitals = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["campaign", "id"]

    def __str__(self) -> str:
        return self.name


class NeutralKingdom(models.Model):
    """A-1.4: placed in secret; each player learns of it on his own (A-1.4.19–20).

    Taken under Quick Friendship (A-1.4.17, E-18), it keeps its hexes and has the
    conqueror as ``protector``; taken under Sworn Enemies, its hexes leave it and it is a
    name in the chronicle only."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="neutral_kingdoms"
    )
    name = models.CharField(max_length=NAME_LENGTH, validators=[validate_name])
    race = models.CharField(max_length=40, blank=True)
    capital = models.ForeignKey("campaign.Hex", on_delete=models.PROTECT, related_name="+")
    known_by = models.ManyToManyField(Kingdom, blank=True, related_name="known_neutral_kingdoms")
    protector = models.ForeignKey(
        Kingdom,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="protected_neutral_kingdoms",
    )
    # allied by diplomacy to one player at a time (rules.diplomacy)
    ally = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="neutral_allies"
    )

    def __str__(self) -> str:
        return self.name


class Army(models.Model):
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="armies")
    name = models.CharField(max_length=NAME_LENGTH, validators=[validate_name])
    # E-14: the persistent support allocation, and the current points, at most it
    allocation = models.PositiveIntegerField(validators=POINTS.validators())
    points = models.PositiveIntegerField(validators=POINTS.validators())
    position = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.SET_NULL, related_name="armies"
    )
    rested = models.BooleanField(default=False)  # E-01
    # Army building (§5.6, E-14; kingdoms.army_services): the turn it was raised, and the
    # turn its allocation was changed on a Rest (it must then Rest that turn)
    raised_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    rest_required_turn = models.PositiveIntegerField(
        null=True, blank=True, validators=TURN.validators()
    )
    # B 3.5: the army list, as text and/or a link, seen by its owner and the GM only; the
    # GM approves it (a change withdraws the approval)
    list_text = models.TextField(max_length=20000, blank=True)
    list_url = models.CharField(max_length=500, blank=True)  # http(s), checked by the service
    list_approved = models.BooleanField(default=False)
    # §5.6, E-21: the entitlement slots it uses this turn, {"lord": 1, "hero": 2, …}
    slots = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["kingdom", "id"]
        verbose_name_plural = "armies"

    def __str__(self) -> str:
        return self.name


class Character(models.Model):
    """A player kingdom's character, with its army; or the General of a neutral kingdom's
    army (A-1.4.10–11, E-20): ``neutral_kingdom`` set, no kingdom and no army, one a
    neutral kingdom, seen by the GM alone (the kingdom is hidden, A-1.4.18)."""

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        DEAD = "dead", "Dead (Table 13)"
        RETIRED = "retired", "Retired at 0 W (E-03)"

    kingdom = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="characters"
    )
    neutral_kingdom = models.ForeignKey(
        NeutralKingdom,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="characters",
    )
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="characters"
    )
    name = models.CharField(max_length=NAME_LENGTH, validators=[validate_name])
    xp = models.PositiveIntegerField(default=0, validators=COUNT.validators())
    # E-11: starts at 0
    generalship = models.PositiveSmallIntegerField(default=0, validators=COUNT.validators())
    is_general = models.BooleanField(default=False)
    is_grand_marshal = models.BooleanField(default=False)
    tactician = models.BooleanField(default=False)
    # §5.8–5.9, E-03, E-11 (rules.postbattle): his fate, his racial profile as the GM
    # entered it ({"w": 3, "ws": 5, …}; may stay empty), the injuries and skills as deltas
    # on it, the skills gained in order (Tables 19–22), his magic, and Shaken (Table 14)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ACTIVE)
    profile = models.JSONField(default=dict, blank=True)
    stat_deltas = models.JSONField(default=dict, blank=True)
    skills = models.JSONField(default=list, blank=True)
    is_wizard = models.BooleanField(default=False)
    wizard_level = models.PositiveSmallIntegerField(default=0, validators=COUNT.validators())
    shaken_until_turn = models.PositiveIntegerField(
        null=True, blank=True, validators=TURN.validators()
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kingdom"],
                condition=models.Q(is_grand_marshal=True),
                name="one_grand_marshal_per_kingdom",  # B 3.4
            ),
            models.UniqueConstraint(
                fields=["army"],
                condition=models.Q(is_general=True),
                name="one_general_per_army",  # B 3.3
            ),
            models.UniqueConstraint(
                fields=["neutral_kingdom"],
                condition=models.Q(is_general=True),
                name="one_general_per_neutral_kingdom",  # E-20
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(kingdom__isnull=False, neutral_kingdom__isnull=True)
                    | models.Q(
                        kingdom__isnull=True, neutral_kingdom__isnull=False, army__isnull=True
                    )
                ),
                name="character_of_one_kingdom",  # E-20: a player's, or a neutral General
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Order(models.Model):
    """One army's order for one turn (Table 5). Seen only by its kingdom and the GM."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="orders")
    army = models.ForeignKey(Army, on_delete=models.CASCADE, related_name="orders")
    kind = models.CharField(max_length=16, choices=[(k.value, k.name.title()) for k in OrderKind])
    target = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    origin = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # Patrol: the land hexes across its sea hexes it covers, as [[q, r], …] (A-1.1.2.4)
    sea_cover = models.JSONField(default=list, blank=True)
    # Invade: what to do with a neutral capital it takes, chosen in advance (E-23)
    neutral_conquest = models.CharField(
        max_length=20,
        choices=[(c.value, c.value.replace("_", " ").capitalize()) for c in NeutralConquest],
        default=NeutralConquest.SWORN_ENEMIES.value,
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn", "army"], name="one_order_per_army")]

    def __str__(self) -> str:
        return f"{self.army}: {self.kind}"

    @property
    def sea_cover_coords(self) -> tuple[tuple[int, int], ...]:
        return tuple((q, r) for q, r in self.sea_cover)


class Edict(models.Model):
    """A kingdom's Loot or Raze of one of its hexes for one turn (§5.3 Table 2), given
    with the orders and resolved after step 6b (E-26, rules.edicts). A Raze names the
    structure it destroys (E-26). Seen only by its kingdom and the GM; the chronicle
    tells the results."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="edicts")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="edicts")
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=[(k.value, k.name.title()) for k in EdictKind])
    structure = models.CharField(
        max_length=16,
        blank=True,
        choices=[(s.value, s.value.replace("_", " ").capitalize()) for s in Structure],
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn", "hex"], name="one_edict_per_hex")]
        ordering = ["turn", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.kind} {self.hex}"


class OrderSet(models.Model):
    """One kingdom's orders for one turn as a whole (Q7): whether its player has marked
    them ready. Marking them ready locks nothing: the player may still change an order
    until the deadline, and they stay ready. Seen by its kingdom and the GM only."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="order_sets")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="order_sets")
    ready = models.BooleanField(default=False)
    ready_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["turn", "kingdom"], name="one_order_set_per_turn")
        ]

    def __str__(self) -> str:
        return f"{self.kingdom} turn orders ({'ready' if self.ready else 'not ready'})"


class ScoutReport(models.Model):
    """What one army's scouts learned of a hex (Table 5 Scout, Table 8), private to its
    kingdom (E-29). Append-only, one row per scouting; the map shows the kingdom the
    latest report of each hex (rules.visibility.hex_view). ``facts`` hold what the
    ``level`` told (rules.scouting.scouting_facts), nothing more."""

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="scout_reports")
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="scout_reports"
    )
    hex = models.ForeignKey("campaign.Hex", on_delete=models.CASCADE, related_name="+")
    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="+")
    level = models.CharField(max_length=16, choices=[(s.value, s.name.title()) for s in ScoutLevel])
    facts = models.JSONField(default=dict)

    class Meta:
        ordering = ["turn", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom} scouted {self.hex} ({self.level})"


class Agreement(models.Model):
    """A mutual agreement between two player kingdoms (Q23, B 7.2–7.5): proposed by one,
    accepted or declined by the other (kingdoms.agreements_services). The engine sees
    the active ones (rules.agreements). A combined assault names its turn, hex and
    beneficiary (E-28); a vassalage its overlord and vassal, and ``vassal_since`` once
    the vassal's capital fell and he swore (Q20, E-19, E-23)."""

    class Kind(models.TextChoices):
        CEASE_FIRE = "cease_fire", "Cease fire"
        ALLIANCE = "alliance", "Alliance"
        COMBINED_ASSAULT = "combined_assault", "Combined assault"
        VASSALAGE = "vassalage", "Vassalage"

    class State(models.TextChoices):
        PROPOSED = "proposed", "Proposed"
        ACTIVE = "active", "Active"
        DECLINED = "declined", "Declined"
        ENDED = "ended", "Ended"
        BROKEN = "broken", "Broken"

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="agreements"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    proposer = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=State.choices, default=State.PROPOSED)
    # Announced to every player on acceptance (cease fire, alliance, vassalage), so the
    # whole campaign sees it from then on; a combined assault stays the parties' (Q23).
    public = models.BooleanField(default=False)
    # Combined assault (E-28): the turn, the hex invaded together, who takes it
    turn_number = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    target = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    beneficiary = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # Vassalage (Q20, E-19)
    overlord = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    vassal = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    vassal_since = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    proposed_turn = models.PositiveIntegerField(validators=TURN.validators())
    started_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    # it ends after that turn
    notice_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    notice_by = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_turn = models.PositiveIntegerField(null=True, blank=True, validators=TURN.validators())
    ended_by = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    end_reason = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "id"]
        indexes = [models.Index(fields=["campaign", "state"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.proposer} and {self.partner} ({self.state})"

    @property
    def kingdom_ids(self) -> tuple[int, int]:
        return (self.proposer_id, self.partner_id)


class PowerSpend(models.Model):
    """One line of a kingdom's power spending for a turn (Table 10, Table 11, §5.6),
    given with its orders (kingdoms.spending_services) and resolved at step 3b (E-25).
    Private: seen by its kingdom and the GM only, never by others. ``result`` is ""
    until step 3b; ``points`` what a recruit or a won bid added this turn."""

    turn = models.ForeignKey("campaign.Turn", on_delete=models.CASCADE, related_name="spends")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="spends")
    kind = models.CharField(max_length=16, choices=[(k.value, k.label) for k in SpendKind])
    amount = models.PositiveIntegerField()
    hex = models.ForeignKey(
        "campaign.Hex", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    army = models.ForeignKey(
        Army, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    offer = models.ForeignKey(
        "campaign.MercenaryOffer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="bids",
    )
    neutral_kingdom = models.ForeignKey(
        NeutralKingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recipient = models.ForeignKey(
        Kingdom, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    result = models.CharField(
        max_length=16,
        blank=True,
        choices=[(r.value, r.value.replace("_", " ")) for r in SpendResult],
    )
    roll = models.SmallIntegerField(null=True, blank=True)  # diplomacy, pacify: the total
    points = models.PositiveIntegerField(default=0)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["turn", "kingdom", "id"]

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.kind} ({self.amount} power)"


class CrownEntry(models.Model):
    """E-30: one line of a kingdom's crown ledger, kept only while a supplement module
    with crown prices is on (rules.crowns): income paid by the turn's winter phase
    (E-31, NR-GEN-7), a purchase priced in crowns (a siege engine, NR-SIEGE-4) or a
    GM's correction in the admin. The balance is the sum of the lines. Crowns never
    convert to or from power and never score in Table 1. Private: its kingdom's and the
    GM's (rules.visibility.sees_treasury)."""

    class Kind(models.TextChoices):
        INCOME = "income", "Yearly income"
        ENGINE = "engine", "Siege engine"
        CORRECTION = "correction", "GM correction"  # the admin's (kingdoms.admin)

    kingdom = models.ForeignKey(Kingdom, on_delete=models.CASCADE, related_name="crown_entries")
    turn = models.PositiveIntegerField(validators=TURN.validators())  # the campaign turn's number
    amount = models.IntegerField(validators=LEDGER.validators())  # crowns in (+) or out (−)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    reason = models.CharField(max_length=200)  # what the player reads, e.g. "Giant ram for …"
    rule = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kingdom", "turn", "id"]
        verbose_name_plural = "crown entries"

    def __str__(self) -> str:
        return f"{self.kingdom}: {self.amount:+d} crowns, turn {self.turn} ({self.reason})"
