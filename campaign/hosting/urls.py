"""The pages of hosting a campaign (campaign.hosting.views); campaign.web_urls includes them."""

from django.urls import path

from campaign.hosting import views

urlpatterns = [
    path("campaigns/new/", views.campaign_new, name="campaign-new"),
    path("campaigns/<int:campaign_id>/players/", views.players_page, name="campaign-players"),
    path(
        "campaigns/<int:campaign_id>/players/link/",
        views.invitation_link,
        name="invitation-link",
    ),
    path(
        "campaigns/<int:campaign_id>/players/invite/",
        views.invitation_invite,
        name="invitation-send",
    ),
    path(
        "campaigns/<int:campaign_id>/players/seats/<int:kingdom_id>/claim/",
        views.seat_claim_view,
        name="seat-claim",
    ),
    path(
        "campaigns/<int:campaign_id>/players/seats/<int:kingdom_id>/assign/",
        views.seat_assign_view,
        name="seat-assign",
    ),
    path("campaigns/<int:campaign_id>/start/", views.campaign_start_view, name="campaign-start"),
    path("join/<slug:token>/", views.join_page, name="campaign-join"),
]
