"""The browser's pages. The REST API has its own routes under /api/."""

from allauth.account import views as account_views
from django.urls import include, path

from battles.decisions import views as battle_views
from battles.sieges import views as siege_views
from battles.tabletop import views as tabletop_views
from campaign.adjudication import views as adjudication_views
from campaign.bulletin import views as bulletin_views
from campaign.campaigns import hex_views as map_action_views
from campaign.campaigns import views as campaigns_views
from campaign.chronicle import views as chronicle_views
from campaign.map import views as hex_views
from campaign.notifications import views as notification_views
from campaign.ruleset import views as ruleset_views
from campaign.transfer import views as transfer_views
from campaign.turns import views as turns_views
from kingdoms.agreements import views as agreements_views
from kingdoms.armies import views as army_views
from kingdoms.capitals import views as capital_views
from kingdoms.edicts import views as edict_views
from kingdoms.orders import views as kingdom_views
from kingdoms.realm import views as overview_views
from kingdoms.spending import views as spending_views
from kingdoms.works import views as works_views

urlpatterns = [
    # django-allauth's log-in and log-out, where players have always found them
    path("login/", account_views.login, name="login"),
    path("logout/", account_views.logout, name="logout"),
    path("accounts/", include("campaign.accounts.urls")),
    path("", campaigns_views.campaign_list, name="campaign-list"),
    path("", include("campaign.hosting.urls")),  # new campaigns, invitations, seats
    path("", include("kingdoms.messages.urls")),  # messages and press releases (B 7.0)
    path("campaigns/<int:campaign_id>/", campaigns_views.campaign_detail, name="campaign-detail"),
    path(  # the map's hex panel; <signed:> is the API's converter (campaign.api_urls)
        "campaigns/<int:campaign_id>/map/hex/<signed:q>/<signed:r>/",
        map_action_views.hex_panel_view,
        name="hex-panel",
    ),
    path(
        "campaigns/<int:campaign_id>/armies/<int:army_id>/targets/",
        map_action_views.army_targets,
        name="army-targets",
    ),
    path("notifications/", notification_views.inbox_page, name="notifications"),
    path(
        "notifications/read/",
        notification_views.notifications_read_all,
        name="notifications-read-all",
    ),
    path(
        "notifications/<int:notification_id>/read/",
        notification_views.notification_read,
        name="notification-read",
    ),
    path(
        "notifications/preferences/",
        notification_views.preferences,
        name="notification-preferences",
    ),
    path(
        "campaigns/<int:campaign_id>/armies/<int:army_id>/order/",
        kingdom_views.order_form,
        name="order-form",
    ),
    path(
        "campaigns/<int:campaign_id>/orders/ready/",
        kingdom_views.orders_ready,
        name="orders-ready",
    ),
    path("campaigns/<int:campaign_id>/edicts/", edict_views.edicts, name="edicts"),
    path("campaigns/<int:campaign_id>/todo/", turns_views.todo_panel, name="campaign-todo"),
    path("campaigns/<int:campaign_id>/gm/", turns_views.gm_console, name="gm-console"),
    path(
        "campaigns/<int:campaign_id>/gm/progress/",
        turns_views.turn_progress_view,
        name="turn-progress",
    ),
    path(
        "campaigns/<int:campaign_id>/gm/retry/",
        turns_views.turn_step_retry_view,
        name="turn-step-retry",
    ),
    path(  # new-rules.md §12.4: the GM answers a ruling left to him
        "campaigns/<int:campaign_id>/gm/prompts/<int:prompt_id>/",
        adjudication_views.gm_prompt_answer,
        name="gm-prompt-answer",
    ),
    path(  # the GM's schedule, an extended deadline, a pause
        "campaigns/<int:campaign_id>/gm/schedule/",
        turns_views.gm_schedule,
        name="gm-schedule",
    ),
    path(
        "campaigns/<int:campaign_id>/gm/deadline/",
        turns_views.gm_deadline_extend,
        name="gm-deadline-extend",
    ),
    path("campaigns/<int:campaign_id>/gm/pause/", turns_views.gm_pause, name="gm-pause"),
    path("campaigns/<int:campaign_id>/gm/resume/", turns_views.gm_resume, name="gm-resume"),
    path(  # the campaign's public gazette, posted to a webhook the GM names
        "campaigns/<int:campaign_id>/gm/webhook/",
        notification_views.webhook_page,
        name="gm-webhook",
    ),
    path(  # the whole campaign as a file: a backup, or a move to another server
        "campaigns/<int:campaign_id>/gm/export/",
        transfer_views.campaign_export_download,
        name="gm-export",
    ),
    path(  # Q16: the GM sets a hex's secondary terrains
        "campaigns/<int:campaign_id>/gm/hexes/",
        hex_views.hex_terrain,
        name="gm-hex-terrain",
    ),
    path(  # the GM draws the map of a campaign being set up
        "campaigns/<int:campaign_id>/map/draw/", hex_views.map_editor, name="map-editor"
    ),
    path(
        "campaigns/<int:campaign_id>/map/draw/done/",
        hex_views.map_editor_done,
        name="map-editor-done",
    ),
    path("campaigns/<int:campaign_id>/battles/", battle_views.battles, name="battles"),
    path(
        "campaigns/<int:campaign_id>/battles/sides/<int:side_id>/",
        battle_views.battle_decision,
        name="battle-decision",
    ),
    path(  # E-15: the owner names the defending patrol
        "campaigns/<int:campaign_id>/battles/sides/<int:side_id>/defender/",
        battle_views.battle_defender,
        name="battle-defender",
    ),
    path(  # P-C4: the order of a patrol's battles
        "campaigns/<int:campaign_id>/battles/patrols/<int:army_id>/order/",
        battle_views.battle_order,
        name="battle-order",
    ),
    path(  # one battle's page, its printable sheet, its tabletop report (P-C6)
        "campaigns/<int:campaign_id>/battles/<int:battle_id>/",
        tabletop_views.battle_detail,
        name="battle-detail",
    ),
    path(
        "campaigns/<int:campaign_id>/battles/<int:battle_id>/sheet/",
        tabletop_views.battle_sheet,
        name="battle-sheet",
    ),
    path(
        "campaigns/<int:campaign_id>/battles/<int:battle_id>/report/<slug:action>/",
        tabletop_views.battle_report_action,
        name="battle-report-action",
    ),
    path("campaigns/<int:campaign_id>/sieges/", siege_views.sieges, name="sieges"),  # E-37
    path(  # NR-SIEGE-4: an engine of the siege train, from the kingdom's Armies tab
        "campaigns/<int:campaign_id>/kingdom/siege-engines/",
        siege_views.siege_engine_order,
        name="kingdom-siege-engine",
    ),
    path(  # NR-SIEGE-11: engines sent off as a convoy
        "campaigns/<int:campaign_id>/kingdom/siege-convoy/",
        siege_views.siege_convoy_order,
        name="kingdom-siege-convoy",
    ),
    path(
        "campaigns/<int:campaign_id>/sieges/<int:siege_id>/",
        siege_views.siege_page,
        name="siege",
    ),
    path("campaigns/<int:campaign_id>/chronicle/", chronicle_views.chronicle, name="chronicle"),
    path(
        "campaigns/<int:campaign_id>/chronicle/replay/<int:number>/",
        chronicle_views.chronicle_replay,
        name="chronicle-replay",
    ),
    path("campaigns/<int:campaign_id>/rules/", ruleset_views.ruleset_page, name="ruleset"),
    path("rulebook/<slug:page>/", ruleset_views.rulebook_page, name="rulebook"),
    path("campaigns/<int:campaign_id>/bulletin/", bulletin_views.bulletin_page, name="bulletin"),
    path("campaigns/<int:campaign_id>/kingdom/", overview_views.kingdom_page, name="kingdom"),
    path(
        "campaigns/<int:campaign_id>/kingdom/spending/",
        spending_views.spending,
        name="kingdom-spending",
    ),
    path(
        "campaigns/<int:campaign_id>/kingdom/fallback-capitals/",
        capital_views.fallback_capitals,
        name="kingdom-fallback-capitals",
    ),
    path(  # NR-BRIDGE: the works module's bridges
        "campaigns/<int:campaign_id>/kingdom/bridges/",
        works_views.bridges,
        name="kingdom-bridges",
    ),
    path(  # NR-TEMPLE-1: temples built in the winter turn
        "campaigns/<int:campaign_id>/kingdom/temples/",
        works_views.temples,
        name="kingdom-temples",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/",
        agreements_views.agreements,
        name="agreements",
    ),
    path(
        "campaigns/<int:campaign_id>/agreements/<int:agreement_id>/<slug:action>/",
        agreements_views.agreement_action,
        name="agreement-action",
    ),
    path(
        "campaigns/<int:campaign_id>/kingdom/armies/raise/",
        army_views.army_raise,
        name="army-raise",
    ),
    path(
        "campaigns/<int:campaign_id>/kingdom/armies/<int:army_id>/<slug:action>/",
        army_views.army_action,
        name="army-action",
    ),
]
