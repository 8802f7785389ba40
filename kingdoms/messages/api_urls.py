"""The API routes of messages and press releases (B 7.0), under /api/."""

from django.urls import path

from kingdoms.messages import api

urlpatterns = [
    path(
        "campaigns/<int:campaign_id>/messages/",
        api.ThreadListView.as_view(),
        name="api-message-threads",
    ),
    path(
        "campaigns/<int:campaign_id>/messages/<int:thread_id>/",
        api.ThreadView.as_view(),
        name="api-message-thread",
    ),
    path(
        "campaigns/<int:campaign_id>/messages/<int:thread_id>/read/",
        api.ThreadReadView.as_view(),
        name="api-message-thread-read",
    ),
    path("campaigns/<int:campaign_id>/press/", api.PressView.as_view(), name="api-press"),
]
