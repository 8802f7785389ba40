"""Messages over the API (B 7.0): my threads with their unread counts, a new thread, a
thread's messages, an answer, my read mark; press releases. A thread I may not read
answers as a missing one."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from campaign.core.permissions import MEMBERS
from campaign.core.serializers import NOT_FOUND, REFUSED, validated
from kingdoms.messages.models import Thread
from kingdoms.messages.selectors import (
    inbox,
    message_row,
    readable_threads,
    thread_view,
    visible_press,
)
from kingdoms.messages.serializers import (
    InboxSerializer,
    MessageInputSerializer,
    MessageSerializer,
    PressReleaseInputSerializer,
    PressReleaseSerializer,
    ReadInputSerializer,
    ThreadInputSerializer,
    ThreadSerializer,
)
from kingdoms.messages.services import (
    message_post,
    press_release_write,
    thread_mark_read,
    thread_start,
)


class ThreadListView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: InboxSerializer, 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The threads I may read, the latest written first, each with its unread count,
        and their total."""
        threads = inbox(request.access)
        total = sum(thread["unread"] for thread in threads)
        return Response(InboxSerializer({"unread": total, "threads": threads}).data)

    @extend_schema(
        request=ThreadInputSerializer,
        responses={201: ThreadSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """Start a private thread with player kingdoms (and the game master) and write its
        first message; each of them is told."""
        access = request.access
        wanted = validated(ThreadInputSerializer(data=request.data))
        thread = thread_start(
            campaign=access.campaign,
            by=request.user,
            subject=wanted["subject"],
            kingdom_ids=wanted["kingdoms"],
            with_gm=wanted["with_gm"],
            body=wanted["body"],
        )
        data = ThreadSerializer(thread_view(access, thread)).data
        return Response(data, status=status.HTTP_201_CREATED)


class ThreadMixin:
    """A thread I may read, named in the path; any other answers as a missing one."""

    permission_classes = MEMBERS
    lookup_url_kwarg = "thread_id"

    def get_queryset(self) -> QuerySet[Thread]:
        return readable_threads(self.request.access)


class ThreadView(ThreadMixin, GenericAPIView):
    serializer_class = MessageInputSerializer

    @extend_schema(
        operation_id="campaigns_messages_thread", responses={200: ThreadSerializer, 404: NOT_FOUND}
    )
    def get(self, request: Request, **kwargs) -> Response:
        """The thread and its messages, oldest first, each marked unread if it came after
        my read mark; reading it here does not move the mark (POST …/read/ does)."""
        return Response(ThreadSerializer(thread_view(request.access, self.get_object())).data)

    @extend_schema(
        operation_id="campaigns_messages_write",
        request=MessageInputSerializer,
        responses={201: MessageSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """Write in the thread; its other members are told. The game master reading a
        thread he is not in (gm_reads_messages) may not (403)."""
        thread = self.get_object()
        wanted = validated(MessageInputSerializer(data=request.data))
        message = message_post(thread=thread, by=request.user, body=wanted["body"])
        row = message_row(message, request.access.viewer, read_up_to=message.pk)
        return Response(MessageSerializer(row).data, status=status.HTTP_201_CREATED)


class ThreadReadView(ThreadMixin, GenericAPIView):
    serializer_class = ReadInputSerializer

    @extend_schema(
        operation_id="campaigns_messages_read",
        request=ReadInputSerializer,
        responses={204: None, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """I have read the thread, up to message ``up_to`` or to its last one."""
        thread = self.get_object()
        wanted = validated(ReadInputSerializer(data=request.data))
        thread_mark_read(thread=thread, by=request.user, up_to=wanted.get("up_to"))
        return Response(status=status.HTTP_204_NO_CONTENT)


class PressView(APIView):
    permission_classes = MEMBERS

    @extend_schema(responses={200: PressReleaseSerializer(many=True), 404: NOT_FOUND})
    def get(self, request: Request, **kwargs) -> Response:
        """The press releases I may read: every printed one (its turn resolved), and my
        kingdom's until then; the game master's, all."""
        access = request.access
        releases = visible_press(access.campaign, access.viewer)
        return Response(PressReleaseSerializer(releases, many=True).data)

    @extend_schema(
        request=PressReleaseInputSerializer,
        responses={201: PressReleaseSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request, **kwargs) -> Response:
        """My kingdom's press release for the current turn, printed in the gazette (the
        public chronicle) when the turn is resolved; written again, it replaces the first."""
        wanted = validated(PressReleaseInputSerializer(data=request.data))
        release = press_release_write(
            campaign=request.access.campaign, by=request.user, text=wanted["text"]
        )
        return Response(PressReleaseSerializer(release).data, status=status.HTTP_201_CREATED)
