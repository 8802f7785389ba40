from django.urls import path

from battles.api import views

urlpatterns = [
    path(
        "campaigns/<int:campaign_id>/battles/", views.BattleListView.as_view(), name="api-battles"
    ),
    path(
        "battles/sides/<int:side_id>/decision/",
        views.SideDecisionView.as_view(),
        name="api-side-decision",
    ),
    path(  # E-15
        "battles/sides/<int:side_id>/defender/",
        views.SideDefenderView.as_view(),
        name="api-side-defender",
    ),
    path(  # P-C4
        "campaigns/<int:campaign_id>/patrol-orders/",
        views.PatrolOrderListView.as_view(),
        name="api-patrol-orders",
    ),
    path(
        "campaigns/<int:campaign_id>/patrols/<int:army_id>/battle-order/",
        views.PatrolOrderView.as_view(),
        name="api-patrol-order",
    ),
]
