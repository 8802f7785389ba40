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
]
