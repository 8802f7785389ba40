"""Serializers of turns: a turn, its published seed and its step's progress."""

from __future__ import annotations

from collections.abc import Sequence

from rest_framework import serializers

from campaign.models import Turn


class PublishedSeedSerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    seed = serializers.CharField(
        help_text="SHA-256 of it is the seed_hash shown while that turn was open."
    )


class TurnSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Turn.State.choices)
    deadline = serializers.DateTimeField(allow_null=True)
    seed_hash = serializers.CharField(help_text="SHA-256 of this turn's secret seed.")
    published_seed = PublishedSeedSerializer(
        allow_null=True,
        help_text="The seed of the last resolved turn, so anyone can re-roll its dice.",
    )


class TurnProgressSerializer(serializers.Serializer):
    percent = serializers.IntegerField()
    note = serializers.CharField(allow_blank=True)


class TurnStatusSerializer(TurnSerializer):
    progress = TurnProgressSerializer()


def turn_summary(turns: Sequence[Turn]) -> dict | None:
    """The current turn (the last one) with the published seed of the last resolved one."""
    if not turns:
        return None
    current = turns[-1]
    resolved = next((turn for turn in reversed(turns) if turn.published_seed), None)
    published = None
    if resolved is not None:
        published = {"turn": resolved.number, "seed": resolved.published_seed}
    return {
        "number": current.number,
        "state": current.state,
        "deadline": current.deadline,
        "seed_hash": current.seed_hash,
        "published_seed": published,
    }
