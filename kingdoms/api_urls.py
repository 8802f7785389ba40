from django.urls import path

from kingdoms.agreements import api as agreements
from kingdoms.armies.api_urls import urlpatterns as army_urlpatterns
from kingdoms.capitals import api as capitals
from kingdoms.crowns import api as crowns
from kingdoms.edicts import api as edicts
from kingdoms.messages.api_urls import urlpatterns as message_urlpatterns
from kingdoms.orders import api as orders
from kingdoms.realm import api as realm
from kingdoms.spending import api as spending
from kingdoms.works import api as works

urlpatterns = [
    path("campaigns/<int:campaign_id>/armies/", orders.ArmyListView.as_view(), name="api-armies"),
    path("campaigns/<int:campaign_id>/orders/", orders.OrderListView.as_view(), name="api-orders"),
    path(
        "campaigns/<int:campaign_id>/edicts/",
        edicts.EdictViewSet.as_view({"get": "list", "post": "create", "delete": "withdraw"}),
        name="api-edicts",
    ),
    path(
        "campaigns/<int:campaign_id>/spending/",
        spending.SpendingViewSet.as_view({"get": "list", "post": "create"}),
        name="api-spending",
    ),
    path(
        "campaigns/<int:campaign_id>/spending/<int:spend_id>/",
        spending.SpendingViewSet.as_view({"delete": "destroy"}),
        name="api-spend",
    ),
    path(
        "campaigns/<int:campaign_id>/orders/ready/",
        orders.OrdersReadyView.as_view(),
        name="api-orders-ready",
    ),
    path(
        "campaigns/<int:campaign_id>/neutral-kingdoms/",
        realm.NeutralKingdomListView.as_view(),
        name="api-neutral-kingdoms",
    ),
    path(
        "campaigns/<int:campaign_id>/standings/",
        realm.StandingsView.as_view(),
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
    path(  # NR-BRIDGE: the works module's bridges
        "campaigns/<int:campaign_id>/kingdom/bridges/",
        works.BridgesView.as_view(),
        name="api-kingdom-bridges",
    ),
    path(  # NR-TEMPLE-1: temples built in the winter turn
        "campaigns/<int:campaign_id>/kingdom/temples/",
        works.TemplesView.as_view(),
        name="api-kingdom-temples",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/",
        agreements.AgreementViewSet.as_view({"get": "list", "post": "create"}),
        name="api-agreements",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/<int:agreement_id>/<slug:action>/",
        agreements.AgreementActionView.as_view(),
        name="api-agreement-action",
    ),
]

urlpatterns += army_urlpatterns  # §5.6 army building (kingdoms.armies.api_urls)
urlpatterns += message_urlpatterns  # B 7.0 messages and press (kingdoms.messages.api_urls)
