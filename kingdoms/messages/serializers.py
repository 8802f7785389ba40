"""Serializers of messages and press releases (B 7.0): what the API shows and what it takes."""

from __future__ import annotations

from rest_framework import serializers

from campaign.core.inputs import ID
from kingdoms.messages.models import BODY_LENGTH, PRESS_LENGTH, SUBJECT_LENGTH, PressRelease
from kingdoms.messages.selectors import is_printed

MEMBERS_AT_MOST = 100  # far above any campaign's kingdoms


class KingdomNameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ThreadSummarySerializer(serializers.Serializer):
    """A thread of the inbox."""

    id = serializers.IntegerField()
    subject = serializers.CharField()
    kingdoms = KingdomNameSerializer(many=True, help_text="Its kingdoms, mine among them.")
    with_gm = serializers.BooleanField(help_text="The game master is one of its members.")
    members = serializers.ListField(child=serializers.CharField(), help_text="Its members' names.")
    member = serializers.BooleanField(
        help_text="I write in it. False: the game master reads it by the campaign's "
        "gm_reads_messages option (B 7.0), and only reads."
    )
    messages = serializers.IntegerField(help_text="How many messages it holds.")
    unread = serializers.IntegerField(help_text="Its messages after my read mark.")
    last_written_at = serializers.DateTimeField(allow_null=True)


class InboxSerializer(serializers.Serializer):
    unread = serializers.IntegerField(help_text="Unread messages in all my threads.")
    threads = ThreadSummarySerializer(many=True, help_text="The latest written first.")


class MessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kingdom = serializers.IntegerField(
        allow_null=True, help_text="The kingdom it was written for; null: the game master's."
    )
    author = serializers.CharField(help_text="The kingdom's name, or The game master.")
    mine = serializers.BooleanField()
    body = serializers.CharField()
    agreement = serializers.IntegerField(
        allow_null=True, help_text="The agreement it proposes (Q23), if any."
    )
    written_at = serializers.DateTimeField()
    unread = serializers.BooleanField(help_text="It came after my read mark.")


class ThreadSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    subject = serializers.CharField()
    kingdoms = KingdomNameSerializer(many=True)
    with_gm = serializers.BooleanField()
    members = serializers.ListField(child=serializers.CharField())
    member = serializers.BooleanField(help_text="I write in it (see the inbox).")
    messages = MessageSerializer(many=True, help_text="Oldest first.")


class ThreadInputSerializer(serializers.Serializer):
    """B 7.0: a new private thread and its first message."""

    subject = serializers.CharField(max_length=SUBJECT_LENGTH)
    kingdoms = serializers.ListField(
        child=ID.api_field(),
        required=False,
        default=list,
        max_length=MEMBERS_AT_MOST,
        help_text="The player kingdoms I write to (neutral kingdoms receive no messages).",
    )
    with_gm = serializers.BooleanField(
        required=False, default=False, help_text="Write to the game master too (players)."
    )
    body = serializers.CharField(max_length=BODY_LENGTH)


class MessageInputSerializer(serializers.Serializer):
    body = serializers.CharField(max_length=BODY_LENGTH)


class ReadInputSerializer(serializers.Serializer):
    up_to = ID.api_field(
        required=False,
        allow_null=True,
        help_text="The last message I read; by default the thread's last one.",
    )


class PressReleaseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    turn = serializers.IntegerField(source="turn.number")
    kingdom = serializers.IntegerField(source="kingdom_id")
    kingdom_name = serializers.CharField(source="kingdom.name")
    text = serializers.CharField()
    printed = serializers.SerializerMethodField(
        help_text="Its turn is resolved: the gazette printed it in the chronicle."
    )
    written_at = serializers.DateTimeField()

    def get_printed(self, release: PressRelease) -> bool:
        return is_printed(release)


class PressReleaseInputSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=PRESS_LENGTH)
