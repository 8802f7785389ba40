"""Power spending in the API (Table 10, Table 11, §5.6 diplomacy): my spends for the
current turn, adding one and withdrawing one. Another kingdom's spending is never
shown, not even after resolution; the GM sees all."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from campaign.core.access import current_turn_or_404
from campaign.core.inputs import ID, POWER
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import (
    NOT_FOUND,
    REFUSED,
    CoordField,
    InputSerializerMixin,
    validated,
)
from kingdoms.spending.models import PowerSpend
from kingdoms.spending.selectors import visible_spends
from kingdoms.spending.services import spend_submit, spend_withdraw
from rules.kingdoms.spending_state import SpendKind


class SpendSerializer(serializers.ModelSerializer):
    hex = CoordField(source="hex.coord", allow_null=True)

    class Meta:
        model = PowerSpend
        fields = [
            "id", "kingdom", "kind", "amount", "hex", "army", "offer", "neutral_kingdom",
            "recipient", "result", "roll", "points", "submitted_at",
        ]  # fmt: skip


class SpendInputSerializer(serializers.Serializer):
    """One line of spending; the rules engine then judges it (rules.kingdoms.spending, E-25)."""

    kind = serializers.ChoiceField(choices=[kind.value for kind in SpendKind])
    amount = POWER.at_least(1).api_field(
        required=False,
        allow_null=True,
        help_text="Power. Builds and the surgeon may leave it out (Table 10); diplomacy "
        "takes up to 2 extra for +1 each on the roll; pacify 1–3; a bid at least the "
        "offer's minimum. All spends plus all bids at most the power held (E-25).",
    )
    hex = CoordField(
        required=False, allow_null=True, help_text="Builds, pacify, and an incite's target."
    )
    army = ID.api_field(
        required=False, allow_null=True, help_text="Recruit and mercenary bid: my army."
    )
    offer = ID.api_field(
        required=False, allow_null=True, help_text="Mercenary bid: the GM's offer."
    )
    neutral_kingdom = ID.api_field(
        required=False, allow_null=True, help_text="Diplomacy: a neutral kingdom I know."
    )
    recipient = ID.api_field(
        required=False, allow_null=True, help_text="Share power: the kingdom receiving it."
    )


@extend_schema_view(
    list=extend_schema(
        description="My power spending for the current turn; never another kingdom's.",
        responses={200: SpendSerializer(many=True), 404: NOT_FOUND},
    ),
    destroy=extend_schema(
        description="Withdraw one line of my spending while orders are open.",
        responses={204: None, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    ),
)
class SpendingViewSet(
    InputSerializerMixin, mixins.ListModelMixin, mixins.DestroyModelMixin, GenericViewSet
):
    permission_classes = MEMBERS
    serializer_class = SpendSerializer
    input_serializer_class = SpendInputSerializer
    lookup_url_kwarg = "spend_id"

    def get_queryset(self) -> QuerySet[PowerSpend]:
        """The current turn's spends I may see: another kingdom's spend answers as a
        missing one, whatever the turn's state."""
        access = self.request.access
        return visible_spends(current_turn_or_404(access.campaign), access.viewer)

    @extend_schema(
        responses={201: SpendSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def create(self, request: Request, **kwargs) -> Response:
        """Add one line of spending to my orders for the open turn (Table 10)."""
        wanted = validated(self.get_serializer(data=request.data))
        spend = spend_submit(
            campaign=request.access.campaign,
            by=request.user,
            kind=wanted["kind"],
            amount=wanted.get("amount"),
            hex=wanted.get("hex"),
            army_id=wanted.get("army"),
            offer_id=wanted.get("offer"),
            neutral_kingdom_id=wanted.get("neutral_kingdom"),
            recipient_id=wanted.get("recipient"),
        )
        return Response(SpendSerializer(spend).data, status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance: PowerSpend) -> None:
        spend_withdraw(
            campaign=self.request.access.campaign, by=self.request.user, spend_id=instance.pk
        )
