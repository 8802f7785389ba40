from django.urls import path

from battles.decisions import api as decisions
from battles.sieges import api as sieges
from battles.tabletop import api as tabletop

urlpatterns = [
    path(
        "campaigns/<int:campaign_id>/battles/",
        decisions.BattleListView.as_view(),
        name="api-battles",
    ),
    path(
        "battles/sides/<int:side_id>/decision/",
        decisions.SideDecisionView.as_view(),
        name="api-side-decision",
    ),
    path(  # E-15
        "battles/sides/<int:side_id>/defender/",
        decisions.SideDefenderView.as_view(),
        name="api-side-defender",
    ),
    # one battle's page and its tabletop report (E-24, P-C5, P-C6)
    path("battles/<int:battle_id>/", tabletop.BattlePageView.as_view(), name="api-battle"),
    path(
        "battles/<int:battle_id>/report/", tabletop.ReportView.as_view(), name="api-battle-report"
    ),
    path(
        "battles/<int:battle_id>/report/confirm/",
        tabletop.ReportConfirmView.as_view(),
        name="api-battle-report-confirm",
    ),
    path(
        "battles/<int:battle_id>/report/dispute/",
        tabletop.ReportDisputeView.as_view(),
        name="api-battle-report-dispute",
    ),
    path(
        "battles/<int:battle_id>/report/settle/",
        tabletop.ReportSettleView.as_view(),
        name="api-battle-report-settle",
    ),
    path(
        "battles/<int:battle_id>/report/deadline/",
        tabletop.ReportDeadlineView.as_view(),
        name="api-battle-report-deadline",
    ),
    path(  # E-37: sieges
        "campaigns/<int:campaign_id>/sieges/", sieges.SiegeListView.as_view(), name="api-sieges"
    ),
    path("sieges/<int:siege_id>/", sieges.SiegeSheetView.as_view(), name="api-siege"),
    path("sieges/<int:siege_id>/plan/", sieges.SiegePlanView.as_view(), name="api-siege-plan"),
    path(  # NR-SIEGE-4
        "campaigns/<int:campaign_id>/armies/<int:army_id>/siege-engines/",
        sieges.SiegeEngineBuildView.as_view(),
        name="api-siege-engine-build",
    ),
    path(  # NR-SIEGE-11
        "campaigns/<int:campaign_id>/armies/<int:army_id>/siege-convoy/",
        sieges.SiegeConvoyView.as_view(),
        name="api-siege-convoy",
    ),
    path(  # P-C4
        "campaigns/<int:campaign_id>/patrol-orders/",
        decisions.PatrolOrderListView.as_view(),
        name="api-patrol-orders",
    ),
    path(
        "campaigns/<int:campaign_id>/patrols/<int:army_id>/battle-order/",
        decisions.PatrolOrderView.as_view(),
        name="api-patrol-order",
    ),
]
