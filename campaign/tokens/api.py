"""My personal API tokens over the API: list them, make one (its key shown once), revoke
one. Nobody else's: another user's token answers as a missing one."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.access import visible_or_404
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from campaign.tokens.models import PersonalToken
from campaign.tokens.services import token_create, token_revoke


class PersonalTokenSerializer(serializers.ModelSerializer):
    prefix = serializers.CharField(help_text="The key's first letters, to tell keys apart.")

    class Meta:
        model = PersonalToken
        fields = ["id", "name", "scope", "prefix", "created_at", "last_used_at", "revoked_at"]


class NewTokenSerializer(PersonalTokenSerializer):
    key = serializers.CharField(
        help_text='Send it as "Authorization: Token <key>". Shown this once: only a '
        "digest of it is kept."
    )

    class Meta(PersonalTokenSerializer.Meta):
        fields = [*PersonalTokenSerializer.Meta.fields, "key"]


class TokenInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="What it is for: a script's name.")
    scope = serializers.ChoiceField(
        choices=PersonalToken.Scope.choices,
        default=PersonalToken.Scope.READ,
        help_text="read: GET only (any other method answers 403); write: everything I may do.",
    )


class TokenListView(APIView):
    @extend_schema(responses=PersonalTokenSerializer(many=True))
    def get(self, request: Request) -> Response:
        """My personal tokens, newest first, revoked ones included; never their keys."""
        tokens = request.user.personal_tokens.all()
        return Response(PersonalTokenSerializer(tokens, many=True).data)

    @extend_schema(request=TokenInputSerializer, responses={201: NewTokenSerializer, 400: REFUSED})
    def post(self, request: Request) -> Response:
        """Make a token: its key is in this answer and nowhere else, ever."""
        wanted = validated(TokenInputSerializer, request.data)
        token, key = token_create(user=request.user, name=wanted["name"], scope=wanted["scope"])
        token.key = key
        return Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    @extend_schema(responses={204: None, 404: NOT_FOUND})
    def delete(self, request: Request, token_id: int) -> Response:
        """Revoke one of my tokens: from the next request on, its key answers 401."""
        token_revoke(token=visible_or_404(request.user.personal_tokens.all(), token_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
