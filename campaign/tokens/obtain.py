"""Getting an API token with one's user name and password."""

from __future__ import annotations

from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.serializers import REFUSED, TOO_MANY, validated
from campaign.core.throttles import ScopedRateThrottle


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it as "Authorization: Token <token>".')


class TokenView(APIView):
    # No session: a client asking for a token has no CSRF cookie to send.
    authentication_classes = ()
    permission_classes = (AllowAny,)
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "token"

    @extend_schema(
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, 400: REFUSED, 429: TOO_MANY},
    )
    def post(self, request: Request) -> Response:
        """Trade a username and password for an API token."""
        # The log-in lockout (django-axes) marks the Django request, which its middleware
        # then answers with the reason.
        context = {"request": request._request}
        credentials = validated(AuthTokenSerializer, request.data, context=context)
        token, _ = Token.objects.get_or_create(user=credentials["user"])
        return Response({"token": token.key})
