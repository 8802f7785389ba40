"""My personal API tokens over the API: list them, make one (its key shown once), revoke
one. Nobody else's: another user's token answers as a missing one."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from campaign.core.serializers import NOT_FOUND, REFUSED, InputSerializerMixin, validated
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


@extend_schema_view(
    list=extend_schema(
        description="My personal tokens, newest first, revoked ones included; never their keys."
    ),
    destroy=extend_schema(
        description="Revoke one of my tokens: from the next request on, its key answers 401.",
        responses={204: None, 404: NOT_FOUND},
    ),
)
class PersonalTokenViewSet(
    InputSerializerMixin, mixins.ListModelMixin, mixins.DestroyModelMixin, GenericViewSet
):
    serializer_class = PersonalTokenSerializer
    input_serializer_class = TokenInputSerializer
    lookup_url_kwarg = "token_id"

    def get_queryset(self) -> QuerySet[PersonalToken]:
        return self.request.user.personal_tokens.all()

    @extend_schema(responses={201: NewTokenSerializer, 400: REFUSED})
    def create(self, request: Request) -> Response:
        """Make a token: its key is in this answer and nowhere else, ever."""
        wanted = validated(self.get_serializer(data=request.data))
        token, key = token_create(user=request.user, name=wanted["name"], scope=wanted["scope"])
        token.key = key
        return Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance: PersonalToken) -> None:
        token_revoke(token=instance)
