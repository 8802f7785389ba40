"""The GM's prompts over the API (new-rules.md §12.4): his alone. A player, or anyone
else, gets the 404 of a campaign or a prompt that does not exist."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.adjudication.models import GmPrompt
from campaign.adjudication.selectors import gm_prompts, prompt_deadline, prompt_state
from campaign.adjudication.services import prompt_answer
from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated


class PromptSerializer(serializers.ModelSerializer):
    turn = serializers.IntegerField(source="turn.number")
    state = serializers.SerializerMethodField(help_text="open, or closed: no answer taken")
    deadline = serializers.SerializerMethodField(
        help_text="The turn's fight-or-retreat deadline: the default stands after it."
    )
    question = serializers.CharField(source="question_text")
    choices = serializers.ListField(
        source="choice_texts",
        child=serializers.ListField(child=serializers.CharField()),
        help_text="[value, plain words] pairs; the answer is a value.",
    )
    standing = serializers.CharField(help_text="The answer, else the default.")

    class Meta:
        model = GmPrompt
        fields = [
            "id", "turn", "rule", "key", "question", "choices", "default", "answer",
            "standing", "state", "deadline", "hex", "army_id", "kingdom_id", "answered_at",
        ]  # fmt: skip

    def get_state(self, prompt: GmPrompt) -> str:
        return prompt_state(prompt)

    def get_deadline(self, prompt: GmPrompt) -> str | None:
        deadline = prompt_deadline(prompt)
        return deadline.isoformat() if deadline else None


class AnswerSerializer(serializers.Serializer):
    answer = serializers.CharField(max_length=40, help_text="One of the prompt's choices.")


class PromptListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: PromptSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """GM only: the rulings the rules leave to him, the latest turn's first."""
        return Response(PromptSerializer(gm_prompts(request.access), many=True).data)


class PromptAnswerView(APIView):
    permission_classes = MEMBERS

    @extend_schema(
        request=AnswerSerializer,
        responses={200: PromptSerializer, 400: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, prompt_id: int, **kwargs) -> Response:
        """GM only: answer a prompt by its fight-or-retreat deadline; Final Results apply
        an answer other than the default in its place."""
        wanted = validated(AnswerSerializer(data=request.data))
        prompt = prompt_answer(
            access=request.access, prompt_id=prompt_id, answer=wanted["answer"], by=request.user
        )
        return Response(PromptSerializer(prompt).data)
