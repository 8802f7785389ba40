"""Edicts API (§5.3 Table 2): my edicts for the current turn, decreeing and withdrawing
one. Another kingdom's edicts are never shown; the GM sees them all."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from campaign.core.access import current_turn_or_404
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import (
    NOT_FOUND,
    REFUSED,
    CoordField,
    InputSerializerMixin,
    validated,
)
from kingdoms.edicts.models import Edict
from kingdoms.edicts.selectors import visible_edicts
from kingdoms.edicts.services import edict_submit, edict_withdraw
from rules.core.state import EdictKind, Structure


class EdictSerializer(serializers.ModelSerializer):
    hex = CoordField(source="hex.coord")
    turn = serializers.IntegerField(source="turn.number")
    structure = serializers.CharField(allow_null=True, help_text="A Raze's structure (E-26).")

    class Meta:
        model = Edict
        fields = ["id", "turn", "kingdom", "hex", "kind", "structure", "submitted_at"]

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["structure"] = data["structure"] or None
        return data


class EdictInputSerializer(serializers.Serializer):
    """Table 2: what a player sends; the rules engine then judges it (rules.kingdoms.edicts)."""

    hex = CoordField(help_text="One of my own, non-orphan hexes; not my capital (Table 4).")
    kind = serializers.ChoiceField(choices=[kind.value for kind in EdictKind])
    structure = serializers.ChoiceField(
        choices=[structure.value for structure in Structure],
        required=False,
        allow_null=True,
        help_text="Raze only (E-26): the structure it destroys. Table 4: a feature is "
        "removed, a mega-feature downgraded; a fortress or watchtower removed; a great "
        "fortress becomes a fortress.",
    )


class EdictWithdrawSerializer(serializers.Serializer):
    hex = CoordField(help_text="The hex whose edict I take back.")


@extend_schema_view(
    list=extend_schema(
        description="My edicts for the current turn; never another kingdom's (the GM sees all).",
        responses={200: EdictSerializer(many=True), 404: NOT_FOUND},
    )
)
class EdictViewSet(InputSerializerMixin, mixins.ListModelMixin, GenericViewSet):
    """The current turn's edicts: list them, decree one, withdraw one by its hex (one edict
    a hex, so the hex names it)."""

    permission_classes = MEMBERS
    serializer_class = EdictSerializer
    input_serializer_class = EdictInputSerializer

    def get_queryset(self) -> QuerySet[Edict]:
        access = self.request.access
        edicts = visible_edicts(current_turn_or_404(access.campaign), access.viewer)
        return edicts.select_related("turn")

    @extend_schema(
        responses={201: EdictSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def create(self, request: Request, **kwargs) -> Response:
        """Decree a Loot or Raze of one of my hexes for the open turn (Table 2). One
        edict a hex: withdraw it first to change it."""
        wanted = validated(self.get_serializer(data=request.data))
        edict = edict_submit(
            campaign=request.access.campaign,
            by=request.user,
            hex=wanted["hex"],
            kind=wanted["kind"],
            structure=wanted.get("structure"),
        )
        return Response(EdictSerializer(edict).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        request=EdictWithdrawSerializer,
        responses={204: None, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def withdraw(self, request: Request, **kwargs) -> Response:
        """Withdraw my edict for a hex in the open turn: {"hex": [q, r]} (the body, or
        ?hex=q,r)."""
        data = request.data or {}
        if not data and "hex" in request.query_params:
            data = {"hex": [_int(n) for n in request.query_params["hex"].split(",")]}
        wanted = validated(EdictWithdrawSerializer(data=data))
        edict_withdraw(campaign=request.access.campaign, by=request.user, hex=wanted["hex"])
        return Response(status=status.HTTP_204_NO_CONTENT)


def _int(text: str):
    """A query number, or the text itself for CoordField to refuse."""
    try:
        return int(text)
    except ValueError:  # "²" too: str.isdigit takes it, int does not
        return text
