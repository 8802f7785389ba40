from django.urls import path

from kingdoms.api import agreements, capitals, crowns, edicts, spending, views
from kingdoms.api.army_urls import urlpatterns as army_urlpatterns

urlpatterns = [
    path("campaigns/<int:campaign_id>/armies/", views.ArmyListView.as_view(), name="api-armies"),
    path("campaigns/<int:campaign_id>/orders/", views.OrderListView.as_view(), name="api-orders"),
    path("campaigns/<int:campaign_id>/edicts/", edicts.EdictListView.as_view(), name="api-edicts"),
    path(
        "campaigns/<int:campaign_id>/spending/",
        spending.SpendingView.as_view(),
        name="api-spending",
    ),
    path(
        "campaigns/<int:campaign_id>/spending/<int:spend_id>/",
        spending.SpendDetailView.as_view(),
        name="api-spend",
    ),
    path(
        "campaigns/<int:campaign_id>/orders/ready/",
        views.OrdersReadyView.as_view(),
        name="api-orders-ready",
    ),
    path(
        "campaigns/<int:campaign_id>/neutral-kingdoms/",
        views.NeutralKingdomListView.as_view(),
        name="api-neutral-kingdoms",
    ),
    path(
        "campaigns/<int:campaign_id>/standings/",
        views.StandingsView.as_view(),
        name="api-standings",
    ),
    path(
        "campaigns/<int:campaign_id>/kingdom/fallback-capitals/",
        capitals.FallbackCapitalsView.as_view(),
        name="api-fallback-capitals",
    ),
    path(  # E-30: the crown ledger (siege trains on)
        "campaigns/<int:campaign_id>/kingdom/crowns/",
        crowns.CrownLedgerView.as_view(),
        name="api-kingdom-crowns",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/",
        agreements.AgreementListView.as_view(),
        name="api-agreements",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/<int:agreement_id>/<slug:action>/",
        agreements.AgreementActionView.as_view(),
        name="api-agreement-action",
    ),
]

urlpatterns += army_urlpatterns  # §5.6 army building (kingdoms.api.army_urls)
