"""Kingdoms, neutral kingdoms, armies, characters and orders."""

from __future__ import annotations

from django.db import models

from campaign.core.inputs import COUNT, LEDGER, NAME_LENGTH, POINTS, TURN, validate_name


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
    # kingdom's and the GM's alone (kingdoms.capitals.services, rules.kingdoms.capitals)
    fallback_capitals = models.JSONField(default=list, blank=True)
    # NR-RACE, E-40: the people the player chose when he claimed it, with the peoples
    # module on (a rules.kingdoms.races.Race value; kingdoms.races names it); public
    race = models.CharField(max_length=20, blank=True, default="")

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
    # allied by diplomacy to one player at a time (rules.kingdoms.diplomacy)
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
    # Army building (§5.6, E-14; kingdoms.armies.services): the turn it was raised, and the
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
    # NR-ALLY: an allied army's people, chosen when it is raised with the peoples module
    # ("": its kingdom's; rules.modules.peoples)
    race = models.CharField(max_length=20, blank=True, default="")

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
    # §5.8–5.9, E-03, E-11 (rules.battles.postbattle): his fate, his racial profile as the GM
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


# Django finds an app's models in its models module: the domains' own models join here.
from kingdoms.agreements.models import Agreement  # noqa: E402, F401
from kingdoms.crowns.models import CrownEntry  # noqa: E402, F401
from kingdoms.edicts.models import Edict  # noqa: E402, F401
from kingdoms.messages.models import Message, PressRelease, ReadMark, Thread  # noqa: E402, F401
from kingdoms.orders.models import Order, OrderSet, ScoutReport  # noqa: E402, F401
from kingdoms.spending.models import PowerSpend  # noqa: E402, F401
