"""Serializers of the map: a hex as the viewer may see it, its siege and scouting marks."""

from __future__ import annotations

from rest_framework import serializers

from campaign.core.serializers import CoordField
from rules.battles.tabletop_tables import TERRAIN_TABLES
from rules.core.state import Defence, Feature, Terrain
from rules.core.tables import ScoutLevel

LAND_TERRAINS = [t.value for t in Terrain if t in TERRAIN_TABLES]
"""The terrains a hex may have besides its primary one (Q16: Tables 26–30 have a table
for each)."""


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
    """Schema only: the map view returns campaign.map.selectors.visible_map's dicts as they are."""

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
    bridge = serializers.BooleanField(
        help_text="NR-BRIDGE-2: a bridge stands on the hex (the works module's, or a chasm "
        "City's); seen with the hex's contents, so false where they are hidden."
    )


class MapSerializer(serializers.Serializer):
    """Schema only, like HexSerializer."""

    turn = serializers.IntegerField(allow_null=True)
    version = serializers.IntegerField(
        help_text="The map's version: one more each server step and each change of the GM's "
        "outside one. Send it back as ?since= to get only what changed."
    )
    since = serializers.IntegerField(
        required=False,
        help_text="Only with ?since=: the version asked about; ``hexes`` then holds the "
        "hexes changed since it. Absent, the answer is the whole map.",
    )
    hexes = HexSerializer(many=True)
