"""The inbox, marking notifications read, the e-mail preferences, and the GM's gazette webhook
page. Thin: parse, call a service or a selector, render."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from campaign.core.access import Access, gm_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.notifications.forms import PreferencesForm, WebhookForm
from campaign.notifications.models import Notification
from campaign.notifications.selectors import inbox, preferences_of, webhook_log, webhook_of
from campaign.notifications.services import (
    notification_mark_read,
    notifications_mark_all_read,
    preferences_set,
    webhook_remove,
    webhook_secret_renew,
    webhook_set,
)


def _inbox(request: HttpRequest) -> HttpResponse:
    return render_page(
        request,
        "campaign/notifications/inbox.html",
        "campaign/notifications/partials/inbox_list.html",
        {"notifications": inbox(request.user)},
    )


@login_required
@require_http_methods(["GET"])
def inbox_page(request: HttpRequest) -> HttpResponse:
    """The person's own notifications, newest first; reading the page marks nothing."""
    return _inbox(request)


@login_required
@require_POST
def notification_read(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Mark one read; another person's answers as a missing one."""
    mine = Notification.objects.filter(user=request.user)
    notification_mark_read(
        notification=get_object_or_404(mine, pk=notification_id), by=request.user
    )
    return _inbox(request) if request.htmx else redirect("notifications")


@login_required
@require_POST
def notifications_read_all(request: HttpRequest) -> HttpResponse:
    notifications_mark_all_read(by=request.user)
    return _inbox(request) if request.htmx else redirect("notifications")


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    """How each kind of notification is e-mailed. The form is a partial of its own, so
    that the profile page can show it too."""
    current = preferences_of(request.user)
    form, saved, status = PreferencesForm(current=current), False, 200
    if request.method == "POST":
        form = PreferencesForm(request.POST, current=current)
        if form.is_valid():
            preferences_set(user=request.user, choices=form.cleaned_data)
            form, saved = PreferencesForm(current=preferences_of(request.user)), True
        else:
            status = 200 if request.htmx else 400
    return render_page(
        request,
        "campaign/notifications/preferences.html",
        "campaign/notifications/partials/preferences_form.html",
        {"preferences_form": form, "preferences_saved": saved},
        status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def webhook_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM's gazette webhook: its address, its signing secret, its delivery log. A
    post saves the address, renews the secret or removes the webhook (``action``)."""
    access = gm_access(request, campaign_id)
    refusal, status, form = None, 200, None
    if request.method == "POST":
        form = WebhookForm(request.POST)
        try:
            _webhook_action(request, access, form)
        except Refused as refused:
            refusal, status = refused.message, refusal_status(request, refused)
        else:
            if not request.htmx:
                return redirect("gm-webhook", campaign_id=campaign_id)
            form = None
    webhook = webhook_of(access.campaign)
    context = {
        "access": access,
        "campaign": access.campaign,
        "webhook": webhook,
        "deliveries": webhook_log(webhook),
        "webhook_form": form or WebhookForm(initial={"url": webhook.url if webhook else ""}),
        "refusal": refusal,
    }
    return render_page(
        request,
        "campaign/notifications/webhook.html",
        "campaign/notifications/partials/webhook_body.html",
        context,
        status,
    )


def _webhook_action(request: HttpRequest, access: Access, form: WebhookForm) -> None:
    action = request.POST.get("action", "save")
    if action == "renew":
        webhook_secret_renew(campaign=access.campaign, by=request.user)
    elif action == "remove":
        webhook_remove(campaign=access.campaign, by=request.user)
    elif action == "save":
        if not form.is_valid():
            raise form.refusal()
        webhook_set(campaign=access.campaign, by=request.user, url=form.cleaned_data["url"])
    else:
        raise Refused(_("Save the address, renew the secret, or remove the webhook."))
