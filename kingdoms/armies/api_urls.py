"""Army building's API routes, under /api/campaigns/{id}/armies/ (kingdoms.armies.api)."""

from django.urls import path

from kingdoms.armies import api as views

_ARMY = "campaigns/<int:campaign_id>/armies/<int:army_id>/"

urlpatterns = [
    path(
        "campaigns/<int:campaign_id>/armies/raise/",
        views.ArmyRaiseView.as_view(),
        name="api-army-raise",
    ),
    path(
        "campaigns/<int:campaign_id>/armies/lists/",
        views.ArmyListsView.as_view(),
        name="api-army-lists",
    ),
    path(_ARMY + "allocation/", views.ArmyAllocationView.as_view(), name="api-army-allocation"),
    path(_ARMY + "disband/", views.ArmyDisbandView.as_view(), name="api-army-disband"),
    path(_ARMY + "general/", views.ArmyGeneralView.as_view(), name="api-army-general"),
    path(_ARMY + "slots/", views.ArmySlotsView.as_view(), name="api-army-slots"),
    path(_ARMY + "list/", views.ArmyListView.as_view(), name="api-army-list"),
    path(
        _ARMY + "list/approve/", views.ArmyListApproveView.as_view(), name="api-army-list-approve"
    ),
]
