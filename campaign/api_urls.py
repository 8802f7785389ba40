"""The REST API under /api/ (docs/architecture.md, "Interfaces"); each app adds its own routes."""

from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView

from campaign.adjudication import api as adjudication
from campaign.bulletin import api as bulletin
from campaign.campaigns import api as campaigns
from campaign.chronicle import api as chronicle
from campaign.core.converters import SignedIntConverter
from campaign.map import api as map_api
from campaign.ruleset import api as ruleset
from campaign.tokens import obtain as obtain
from campaign.turns import api as turns

register_converter(SignedIntConverter, "signed")  # hex coordinates (E-39)

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("auth/token/", obtain.TokenView.as_view(), name="api-token"),
    path("", include("campaign.tokens.urls")),  # personal API tokens
    path("campaigns/", campaigns.CampaignListView.as_view(), name="api-campaigns"),
    path(
        "campaigns/<int:campaign_id>/",
        campaigns.CampaignDetailView.as_view(),
        name="api-campaign",
    ),
    path("campaigns/<int:campaign_id>/map/", map_api.MapView.as_view(), name="api-map"),
    path(  # Q16: the GM sets a hex's secondary terrains
        "campaigns/<int:campaign_id>/hexes/<signed:q>/<signed:r>/",
        map_api.HexView.as_view(),
        name="api-hex",
    ),
    path(
        "campaigns/<int:campaign_id>/chronicle/",
        chronicle.ChronicleView.as_view(),
        name="api-chronicle",
    ),
    path("campaigns/<int:campaign_id>/turn/", turns.TurnView.as_view(), name="api-turn"),
    path(
        "campaigns/<int:campaign_id>/turn/resolve/",
        turns.TurnResolveView.as_view(),
        name="api-turn-resolve",
    ),
    path(  # new-rules.md §12.4: the rulings left to the GM
        "campaigns/<int:campaign_id>/gm/prompts/",
        adjudication.PromptListView.as_view(),
        name="api-gm-prompts",
    ),
    path(
        "campaigns/<int:campaign_id>/gm/prompts/<int:prompt_id>/",
        adjudication.PromptAnswerView.as_view(),
        name="api-gm-prompt",
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
    path("", include("kingdoms.api_urls")),
    path("", include("battles.api_urls")),
]
