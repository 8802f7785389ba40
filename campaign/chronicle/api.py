"""The chronicle over the API, as the viewer may see it (Q22)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.chronicle.selectors import visible_chronicle
from campaign.chronicle.serializers import (
    ChronicleEntrySerializer,
    ChronicleQuerySerializer,
)
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated


class ChronicleView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        parameters=[ChronicleQuerySerializer],
        responses={200: ChronicleEntrySerializer(many=True), 400: REFUSED, 404: NOT_FOUND},
    )
    def get(self, request: Request, **kwargs) -> Response:
        """The chronicle entries I may read, newest turn first (E-29)."""
        access = request.access
        number = validated(ChronicleQuerySerializer(data=request.query_params)).get("turn")
        turn = None
        if number is not None:
            turn = access.campaign.turns.filter(number=number).first()
            if turn is None:
                raise NotFound(_("The campaign has no turn %(number)s.") % {"number": number})
        return Response(visible_chronicle(access.campaign, access.viewer, turn))
