"""Serializers of the campaign API, and the two helpers every app's API shares.

The selectors decide what a viewer sees and hand back plain dicts or rows; these
serializers only give those a shape (and the OpenAPI schema a description of it).
"""

from __future__ import annotations

from collections.abc import Sequence

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers
from rest_framework.settings import api_settings

from campaign.errors import Refused
from campaign.inputs import COORD, TURN
from campaign.models import Campaign, Membership, Turn
from rules.state import Defence, Feature, Terrain
from rules.tables import ScoutLevel
from rules.tabletop_tables import TERRAIN_TABLES

LAND_TERRAINS = [t.value for t in Terrain if t in TERRAIN_TABLES]
"""The terrains a hex may have besides its primary one (Q16: Tables 26–30 have a table
for each)."""


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "integer", "minimum": COORD.low, "maximum": COORD.high},
        "minItems": 2,
        "maxItems": 2,
        "example": [3, -1],
    }
)
class CoordField(serializers.Field):
    """A hex as the pair [q, r] of axial coordinates (E-39)."""

    default_error_messages = {
        "invalid": "Give a hex as a pair of whole numbers [q, r].",
        "far": f"No map reaches that far: q and r are {COORD.low:,} to {COORD.high:,}.",
    }

    def to_internal_value(self, data) -> tuple[int, int]:
        # bool is an int in Python, but [true, false] is no hex.
        is_pair = isinstance(data, list | tuple) and len(data) == 2
        if not is_pair or not all(isinstance(n, int) and not isinstance(n, bool) for n in data):
            self.fail("invalid")
        if not all(COORD.low <= n <= COORD.high for n in data):
            self.fail("far")
        return (data[0], data[1])

    def to_representation(self, value) -> list[int]:
        return list(value)


def validated(
    serializer_class: type[serializers.Serializer], data, *, context: dict | None = None
) -> dict:
    """The request's input, or a Refused naming the first problem and its field.

    Bad input then answers in the same {"detail", "field"} shape as a rule's refusal, so
    a client handles one kind of 400.
    """
    serializer = serializer_class(data=data, context=context or {})
    if serializer.is_valid():
        return serializer.validated_data
    field, message = first_problem(serializer.errors)
    raise Refused(f"{field}: {message}" if field else message, field=field)


def first_problem(errors) -> tuple[str | None, str]:
    """The first of DRF's validation errors (a dict by field, or a list) and the field it
    concerns: None for the input as a whole."""
    field = None
    if isinstance(errors, dict):
        field, errors = next(iter(errors.items()))
        if field == api_settings.NON_FIELD_ERRORS_KEY:
            field = None
    while not isinstance(errors, str):
        # A list of items' errors has an empty one for each good item: skip those.
        errors = next(e for e in (errors.values() if isinstance(errors, dict) else errors) if e)
    return field, str(errors)


class ErrorSerializer(serializers.Serializer):
    """Every refusal and every bad input (campaign.api.errors)."""

    detail = serializers.CharField()
    field = serializers.CharField(
        allow_null=True, help_text="The input attribute at fault, if any."
    )


REFUSED = OpenApiResponse(
    ErrorSerializer, description="Refused: the reason and the field at fault."
)
NOT_FOUND = OpenApiResponse(
    ErrorSerializer,
    description="No such object, or not one you may see: the same answer for both.",
)
TOO_MANY = OpenApiResponse(
    ErrorSerializer,
    description="Too many requests or failed log-ins: the reason; retry after Retry-After seconds.",
)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it as "Authorization: Token <token>".')


class PublishedSeedSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    seed = serializers.CharField(
        help_text="SHA-256 of it is the seed_hash shown while that turn was open."
    )


class TurnSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Turn.State.choices)
    deadline = serializers.DateTimeField(allow_null=True)
    seed_hash = serializers.CharField(help_text="SHA-256 of this turn's secret seed.")
    published_seed = PublishedSeedSerializer(
        allow_null=True,
        help_text="The seed of the last resolved turn, so anyone can re-roll its dice.",
    )


class TurnProgressSerializer(serializers.Serializer):
    percent = serializers.IntegerField()
    note = serializers.CharField(allow_blank=True)


class TurnStatusSerializer(TurnSerializer):
    progress = TurnProgressSerializer()


class KingdomPublicSerializer(serializers.Serializer):
    """Player kingdoms are public (A-1.0.9)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()


class CampaignSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=Campaign.Status.choices)
    role = serializers.ChoiceField(choices=Membership.Role.choices, help_text="My role in it.")
    kingdom = serializers.IntegerField(
        allow_null=True, help_text="My kingdom's id; null for the GM."
    )
    current_turn = TurnSerializer(allow_null=True)


class CampaignDetailSerializer(CampaignSerializer):
    kingdoms = KingdomPublicSerializer(many=True)


class ScoutedSerializer(serializers.Serializer):
    """Schema only: my latest scouting report of a hex (Table 8), private to me (E-29).
    Each level tells what the levels below it tell, and more; a key is absent when my
    scouts did not learn it."""

    level = serializers.ChoiceField(choices=[level.value for level in ScoutLevel])
    turn = serializers.IntegerField()
    major_feature = serializers.BooleanField(required=False, help_text="2–3 and up.")
    neutral_kingdom = serializers.BooleanField(
        required=False, help_text="2–3 and up: whether a neutral kingdom holds the hex."
    )
    feature = serializers.CharField(allow_null=True, required=False, help_text="4–5 and up.")
    minor_feature = serializers.CharField(allow_null=True, required=False)
    defender_about = serializers.IntegerField(
        allow_null=True, required=False, help_text="4–5: the defender to the nearest 500."
    )
    patrolled = serializers.BooleanField(
        required=False, help_text="4–5, a player's hex: whether a patrol covers it."
    )
    defender_points = serializers.IntegerField(allow_null=True, required=False, help_text="6+.")
    defender_race = serializers.CharField(allow_null=True, required=False)
    patrol_points = serializers.IntegerField(
        allow_null=True, required=False, help_text="6+, a player's hex: the covering patrol."
    )
    defence = serializers.CharField(allow_null=True, required=False)
    watchtower = serializers.BooleanField(required=False)
    capital = CoordField(required=False, help_text="6+, a neutral kingdom's capital.")
    extent = serializers.ListField(
        child=CoordField(), required=False, help_text="6+, a neutral kingdom's hexes."
    )


class HexSiegeSerializer(serializers.Serializer):
    """E-37: the ongoing siege of a hex, which everyone sees."""

    id = serializers.IntegerField(help_text="The siege's id.")
    url = serializers.CharField(help_text="Its siege sheet in the API: GET /api/sieges/{id}/.")
    page = serializers.CharField(help_text="Its siege sheet's page, for a browser.")


class HexSerializer(serializers.Serializer):
    """Schema only: the map view returns campaign.selectors.visible_map's dicts as they are."""

    q = serializers.IntegerField()
    r = serializers.IntegerField()
    terrain = serializers.ChoiceField(
        choices=[t.value for t in Terrain], help_text="The primary terrain (Table 7, Q16)."
    )
    secondary_terrains = serializers.ListField(
        child=serializers.ChoiceField(choices=LAND_TERRAINS),
        help_text="Q16: the hex's other terrain types (A-1.1.1), one extra tabletop roll "
        "each (§5.11); public like the terrain. Set by the GM: PATCH "
        "/api/campaigns/{id}/hexes/{q}/{r}/.",
    )
    owner = serializers.IntegerField(
        allow_null=True, help_text="Player kingdom id; borders are public."
    )
    explored = serializers.BooleanField()
    neutral_kingdom = serializers.IntegerField(
        allow_null=True, help_text="Only once the viewer discovered it (A-1.4.18–20)."
    )
    orphan = serializers.BooleanField()
    feature = serializers.ChoiceField(choices=[f.value for f in Feature], allow_null=True)
    minor_feature = serializers.CharField(allow_null=True)
    defence = serializers.ChoiceField(choices=[d.value for d in Defence], allow_null=True)
    watchtower = serializers.BooleanField()
    defender_points = serializers.IntegerField(
        allow_null=True, help_text="Contents are seen once the hex is explored (A-1.0.9)."
    )
    scouted = ScoutedSerializer(
        allow_null=True,
        help_text="What my scouts learned of it (Table 8); seen by me alone (E-29). On a hex "
        "explored by scouting alone, feature and defender show only what they learned.",
    )
    siege = HexSiegeSerializer(
        allow_null=True,
        help_text="The hex's ongoing siege (E-37), seen by everyone; null if none.",
    )


class MapSerializer(serializers.Serializer):
    """Schema only, like HexSerializer."""

    turn = serializers.IntegerField(allow_null=True)
    hexes = HexSerializer(many=True)


class ChronicleQuerySerializer(serializers.Serializer):
    turn = TURN.api_field(required=False, help_text="Only this turn's entries.")


class ChronicleEntrySerializer(serializers.Serializer):
    """Schema only: an entry also carries its event's own attributes, minus those the
    viewer may not read (E-29)."""

    turn = serializers.IntegerField()
    id = serializers.IntegerField()
    kind = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)


def turn_summary(turns: Sequence[Turn]) -> dict | None:
    """The current turn (the last one) with the published seed of the last resolved one."""
    if not turns:
        return None
    current = turns[-1]
    resolved = next((turn for turn in reversed(turns) if turn.published_seed), None)
    published = None
    if resolved is not None:
        published = {"turn": resolved.number, "seed": resolved.published_seed}
    return {
        "number": current.number,
        "state": current.state,
        "deadline": current.deadline,
        "seed_hash": current.seed_hash,
        "published_seed": published,
    }


def campaign_summary(campaign: Campaign, membership: Membership, turns: Sequence[Turn]) -> dict:
    return {
        "id": campaign.id,
        "name": campaign.name,
        "status": campaign.status,
        "role": membership.role,
        "kingdom": membership.kingdom_id,
        "current_turn": turn_summary(turns),
    }
