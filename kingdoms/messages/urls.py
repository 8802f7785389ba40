"""The pages of messages and press releases (B 7.0)."""

from django.urls import path

from kingdoms.messages import views

urlpatterns = [
    path("campaigns/<int:campaign_id>/messages/", views.inbox_page, name="message-inbox"),
    path(
        "campaigns/<int:campaign_id>/messages/new/",
        views.thread_new,
        name="message-thread-new",
    ),
    path(
        "campaigns/<int:campaign_id>/messages/<int:thread_id>/",
        views.thread_page,
        name="message-thread",
    ),
    path(  # Q23: propose an agreement to another kingdom of the thread
        "campaigns/<int:campaign_id>/messages/<int:thread_id>/agreement/",
        views.thread_agreement,
        name="message-thread-agreement",
    ),
    path("campaigns/<int:campaign_id>/press/", views.press_page, name="press"),
]
