"""The turn's bulletin over the API (A-2.1): rumours and mercenaries for hire."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.bulletin.models import MercenaryOffer, Rumour
from campaign.bulletin.selectors import turn_bulletin
from campaign.bulletin.services import mercenary_offer_publish, rumour_publish
from campaign.core.access import current_turn_or_404
from campaign.core.inputs import POINTS, POWER, name_api_field
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated


class RumourSerializer(serializers.ModelSerializer):
    class Meta:
        model = Rumour
        fields = ["id", "text", "published_at"]


class MercenaryOfferSerializer(serializers.ModelSerializer):
    class Meta:
        model = MercenaryOffer
        fields = [
            "id", "name", "description", "minimum_bid", "points", "special", "published_at"
        ]  # fmt: skip


class BulletinSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    rumours = RumourSerializer(many=True)
    offers = MercenaryOfferSerializer(many=True)


class RumourInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=2000)


class OfferInputSerializer(serializers.Serializer):
    name = name_api_field(max_length=120)
    minimum_bid = POWER.at_least(1).api_field(help_text="In power (Table 10).")
    description = serializers.CharField(max_length=2000, required=False, default="")
    special = serializers.BooleanField(required=False, default=False)
    points = POINTS.at_least(1).api_field(
        required=False, default=250, help_text="Points they add to the winner's army (Q18)."
    )


class BulletinView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: BulletinSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The current turn's rumours and mercenaries for hire (A-2.1); public."""
        turn = current_turn_or_404(request.access.campaign)
        return Response(BulletinSerializer({"turn": turn.number, **turn_bulletin(turn)}).data)


class RumourView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=RumourInputSerializer,
        responses={201: RumourSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """GM only: publish a rumour with the turn (A-2.1)."""
        turn = current_turn_or_404(request.access.campaign)
        wanted = validated(RumourInputSerializer(data=request.data))
        rumour = rumour_publish(turn=turn, by=request.user, text=wanted["text"])
        return Response(RumourSerializer(rumour).data, status=status.HTTP_201_CREATED)


class MercenaryOfferView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=OfferInputSerializer,
        responses={201: MercenaryOfferSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """GM only: offer mercenaries for hire this turn, with a minimum opening bid."""
        turn = current_turn_or_404(request.access.campaign)
        wanted = validated(OfferInputSerializer(data=request.data))
        offer = mercenary_offer_publish(turn=turn, by=request.user, **wanted)
        return Response(MercenaryOfferSerializer(offer).data, status=status.HTTP_201_CREATED)
