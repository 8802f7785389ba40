"""Agreements API (Q23): list the ones I may see, propose one, accept, decline, end."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from campaign.core.errors import Hidden
from campaign.core.inputs import ID, TURN
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import (
    NOT_FOUND,
    REFUSED,
    CoordField,
    InputSerializerMixin,
    validated,
)
from kingdoms.agreements.models import Agreement
from kingdoms.agreements.selectors import agreement_view, agreement_views, visible_agreements
from kingdoms.agreements.services import (
    agreement_accept,
    agreement_decline,
    agreement_end,
    agreement_propose,
)

ACTIONS = {"accept": agreement_accept, "decline": agreement_decline, "end": agreement_end}


class AgreementSerializer(serializers.Serializer):
    """An agreement between two player kingdoms. Mine, proposals included, and the public
    ones (an accepted cease fire, alliance or vassalage); never another's proposals."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Agreement.Kind.choices)
    state = serializers.ChoiceField(choices=Agreement.State.choices)
    public = serializers.BooleanField(help_text="Announced to every player (Q23).")
    proposer = serializers.IntegerField()
    proposer_name = serializers.CharField()
    partner = serializers.IntegerField()
    partner_name = serializers.CharField()
    mine = serializers.BooleanField(help_text="My kingdom is a party to it.")
    turn = serializers.IntegerField(allow_null=True, help_text="Combined assault: its turn.")
    target = CoordField(allow_null=True, help_text="Combined assault: the hex invaded.")
    beneficiary = serializers.IntegerField(
        allow_null=True, help_text="Combined assault: the kingdom that takes the hex (E-28)."
    )
    overlord = serializers.IntegerField(allow_null=True, help_text="Vassalage (Q20).")
    vassal = serializers.IntegerField(allow_null=True, help_text="Vassalage (Q20).")
    vassal_since = serializers.IntegerField(
        allow_null=True, help_text="Vassalage: the turn the vassal's capital fell (E-19)."
    )
    proposed_turn = serializers.IntegerField()
    started_turn = serializers.IntegerField(allow_null=True)
    notice_turn = serializers.IntegerField(
        allow_null=True, help_text="Notice given: it ends when this turn is resolved."
    )
    ended_turn = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(
        help_text="declined, withdrawn, called_off, notice, turn_over, eliminated or broken"
    )
    actions = serializers.ListField(
        child=serializers.ChoiceField(choices=list(ACTIONS)),
        help_text="What I may do with it now: accept, decline, end.",
    )


class AgreementInputSerializer(serializers.Serializer):
    """Q23: a proposal to another player, who accepts or declines it."""

    kind = serializers.ChoiceField(choices=Agreement.Kind.choices)
    partner = ID.api_field(help_text="The kingdom I propose it to.")
    turn = TURN.api_field(
        required=False,
        allow_null=True,
        help_text="Combined assault: the turn of the invasion; by default the current one.",
    )
    target = CoordField(
        required=False, allow_null=True, help_text="Combined assault: the hex both invade."
    )
    beneficiary = ID.api_field(
        required=False,
        allow_null=True,
        help_text="Combined assault: who takes the hex, me or the partner (E-28).",
    )
    overlord = ID.api_field(
        required=False,
        allow_null=True,
        help_text="Vassalage: me or the partner; the other becomes his vassal if the "
        "overlord takes his capital and he has no City to move it to (Q20, E-23).",
    )


class AgreementViewSet(InputSerializerMixin, GenericViewSet):
    """Q23: the agreements I may see, and a proposal."""

    permission_classes = MEMBERS
    serializer_class = AgreementSerializer
    input_serializer_class = AgreementInputSerializer

    @extend_schema(responses={200: AgreementSerializer(many=True), 404: NOT_FOUND})
    def list(self, request: Request, **kwargs) -> Response:
        """The agreements I may see: mine, proposals included, and the public ones."""
        access = request.access
        rows = agreement_views(access.campaign, access.viewer)
        return Response(self.get_serializer(rows, many=True).data)

    @extend_schema(
        responses={201: AgreementSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def create(self, request: Request, **kwargs) -> Response:
        """Propose an agreement: cease_fire, alliance, combined_assault (turn, target,
        beneficiary) or vassalage (overlord)."""
        access = request.access
        wanted = validated(self.get_serializer(data=request.data))
        agreement = agreement_propose(
            campaign=access.campaign,
            by=request.user,
            kind=wanted["kind"],
            partner_id=wanted["partner"],
            turn_number=wanted.get("turn"),
            target=wanted.get("target"),
            beneficiary_id=wanted.get("beneficiary"),
            overlord_id=wanted.get("overlord"),
        )
        data = AgreementSerializer(agreement_view(agreement, access.viewer)).data
        return Response(data, status=status.HTTP_201_CREATED)


class AgreementActionView(GenericAPIView):
    """Q23: what I do with an agreement I may see: another's proposal answers as a missing
    agreement."""

    permission_classes = MEMBERS
    lookup_url_kwarg = "agreement_id"
    serializer_class = serializers.Serializer  # the action is in the path: no input

    def get_queryset(self) -> QuerySet[Agreement]:
        access = self.request.access
        return visible_agreements(access.campaign, access.viewer)

    @extend_schema(
        operation_id="campaigns_agreements_act",
        request=None,
        responses={200: AgreementSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, action: str, **kwargs) -> Response:
        """accept or decline a proposal made to me; end: withdraw my proposal, call off a
        combined assault, or give notice (the agreement ends when this turn is resolved;
        it binds until then, E-05)."""
        agreement = self.get_object()
        if action not in ACTIONS:
            raise Hidden()
        done = ACTIONS[action](agreement=agreement, by=request.user)
        return Response(AgreementSerializer(agreement_view(done, request.access.viewer)).data)
