"""Getting an API token with one's user name and password: DRF's own view."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny

from campaign.core.serializers import REFUSED, TOO_MANY
from campaign.core.throttles import ScopedRateThrottle


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text='Send it as "Authorization: Token <token>".')


@extend_schema_view(
    post=extend_schema(
        description="Trade a username and password for an API token.",
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, 400: REFUSED, 429: TOO_MANY},
    )
)
class TokenView(ObtainAuthToken):
    # No session: a client asking for a token has no CSRF cookie to send.
    authentication_classes = ()
    # Anyone may ask: ObtainAuthToken's empty permissions mean the same, but the schema
    # reads only AllowAny as "no credentials needed".
    permission_classes = (AllowAny,)
    throttle_classes = (ScopedRateThrottle,)
    throttle_scope = "token"

    def get_serializer_context(self) -> dict:
        # The log-in lockout (django-axes) marks the Django request, which its middleware
        # then answers with the reason.
        return {**super().get_serializer_context(), "request": self.request._request}
