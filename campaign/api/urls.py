"""The REST API under /api/ (docs/architecture.md, "Interfaces"); each app adds its own routes."""

from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView

from campaign.api import bulletin, hexes, ruleset, views
from campaign.converters import SignedIntConverter

register_converter(SignedIntConverter, "signed")  # hex coordinates (E-39)

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("", include("campaign.tokens.urls")),  # personal API tokens
    path("campaigns/", views.CampaignListView.as_view(), name="api-campaigns"),
    path("campaigns/<int:campaign_id>/", views.CampaignDetailView.as_view(), name="api-campaign"),
    path("campaigns/<int:campaign_id>/map/", views.MapView.as_view(), name="api-map"),
    path(  # Q16: the GM sets a hex's secondary terrains
        "campaigns/<int:campaign_id>/hexes/<signed:q>/<signed:r>/",
        hexes.HexView.as_view(),
        name="api-hex",
    ),
    path(
        "campaigns/<int:campaign_id>/chronicle/",
        views.ChronicleView.as_view(),
        name="api-chronicle",
    ),
    path("campaigns/<int:campaign_id>/turn/", views.TurnView.as_view(), name="api-turn"),
    path(
        "campaigns/<int:campaign_id>/turn/resolve/",
        views.TurnResolveView.as_view(),
        name="api-turn-resolve",
    ),
    path("campaigns/<int:campaign_id>/ruleset/", ruleset.RulesetView.as_view(), name="api-ruleset"),
    path(
        "campaigns/<int:campaign_id>/bulletin/",
        bulletin.BulletinView.as_view(),
        name="api-bulletin",
    ),
    path(
        "campaigns/<int:campaign_id>/bulletin/rumours/",
        bulletin.RumourView.as_view(),
        name="api-rumours",
    ),
    path(
        "campaigns/<int:campaign_id>/bulletin/mercenaries/",
        bulletin.MercenaryOfferView.as_view(),
        name="api-mercenaries",
    ),
    path("", include("kingdoms.api.urls")),
    path("", include("battles.api.urls")),
]
