from django.urls import path

from kingdoms.api import views

urlpatterns = [
    path("campaigns/<int:campaign_id>/armies/", views.ArmyListView.as_view(), name="api-armies"),
    path("campaigns/<int:campaign_id>/orders/", views.OrderListView.as_view(), name="api-orders"),
    path(
        "campaigns/<int:campaign_id>/orders/ready/",
        views.OrdersReadyView.as_view(),
        name="api-orders-ready",
    ),
    path(
        "campaigns/<int:campaign_id>/standings/",
        views.StandingsView.as_view(),
        name="api-standings",
    ),
]
