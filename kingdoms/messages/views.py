"""The pages of messages (B 7.0): the inbox of threads with their unread counts, a new
thread, a thread with its messages, the answer form and the "Propose an agreement" form;
the press release form. Each form posts to its own address and works without JavaScript;
with HTMX the page swaps the changed part in place (campaign.core.pages.render_page)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign.core.access import Access, campaign_access, visible_or_404
from campaign.core.errors import Hidden, Refused
from campaign.core.pages import refusal_status, render_page
from campaign.turns.selectors import current_turn
from kingdoms.agreements.forms import AgreementForm
from kingdoms.messages.forms import MessageForm, PressForm, ThreadForm
from kingdoms.messages.models import Thread
from kingdoms.messages.selectors import (
    addressable_kingdoms,
    inbox,
    is_printed,
    readable_threads,
    thread_view,
    visible_press,
)
from kingdoms.messages.services import (
    message_post,
    press_release_write,
    thread_agreement_propose,
    thread_mark_read,
    thread_start,
)


def _context(access: Access, **more) -> dict:
    return {"access": access, "campaign": access.campaign, **more}


def _invalid(request: HttpRequest) -> int:
    """A form's errors: 400, but 200 for HTMX, which swaps successful answers only."""
    return 200 if request.htmx else 400


@login_required
@require_GET
def inbox_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The threads the member may read, the latest first, each with its unread count."""
    access = campaign_access(request, campaign_id)
    threads = inbox(access)
    context = _context(access, threads=threads, unread=sum(t["unread"] for t in threads))
    return render_page(
        request, "kingdoms/messages/inbox.html", "kingdoms/messages/partials/inbox.html", context
    )


def _thread_form(access: Access, data=None) -> ThreadForm:
    kingdoms = addressable_kingdoms(access.campaign, access.viewer)
    return ThreadForm(data, kingdoms=kingdoms, is_gm=access.is_gm)


def _new_thread_page(
    request: HttpRequest, access: Access, form: ThreadForm, status: int = 200
) -> HttpResponse:
    return render_page(
        request,
        "kingdoms/messages/thread_new.html",
        "kingdoms/messages/partials/thread_form.html",
        _context(access, form=form),
        status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def thread_new(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET: the form; POST: start the thread (thread_start), then open it."""
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _new_thread_page(request, access, _thread_form(access))
    form = _thread_form(access, request.POST)
    if not form.is_valid():
        return _new_thread_page(request, access, form, _invalid(request))
    data = form.cleaned_data
    try:
        thread = thread_start(
            campaign=access.campaign,
            by=request.user,
            subject=data["subject"],
            kingdom_ids=data["kingdoms"],
            with_gm=data.get("with_gm", False),
            body=data["body"],
        )
    except Refused as refused:
        form.refuse(refused)
        return _new_thread_page(request, access, form, refusal_status(request, refused))
    url = reverse("message-thread", args=[access.campaign.pk, thread.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _agreement_form(access: Access, thread: Thread, data=None) -> AgreementForm | None:
    """The proposal form, for a player of the thread whose kingdom stands, while another
    kingdom of the thread stands to propose it to."""
    me = access.kingdom
    if me is None or me.eliminated:
        return None
    form = AgreementForm(data, me=me, kingdoms=list(thread.kingdoms.all()))
    return form if form.fields["partner"].choices else None


def _thread_page(
    request: HttpRequest,
    access: Access,
    thread: Thread,
    *,
    message_form: MessageForm | None = None,
    agreement_form: AgreementForm | None = None,
    done: str = "",
    status: int = 200,
) -> HttpResponse:
    view = thread_view(access, thread)
    standing = access.kingdom is None or not access.kingdom.eliminated
    may_write = view["member"] and standing
    context = _context(
        access,
        thread=view,
        message_form=(message_form or MessageForm()) if may_write else None,
        agreement_form=agreement_form or _agreement_form(access, thread),
        done=done,
    )
    return render_page(
        request,
        "kingdoms/messages/thread.html",
        "kingdoms/messages/partials/thread.html",
        context,
        status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def thread_page(request: HttpRequest, campaign_id: int, thread_id: int) -> HttpResponse:
    """GET: the thread, which it marks read; POST: write in it (message_post)."""
    access = campaign_access(request, campaign_id)
    thread = visible_or_404(readable_threads(access), thread_id)
    if request.method == "GET":
        response = _thread_page(request, access, thread)  # new messages marked as such
        thread_mark_read(thread=thread, by=request.user)
        return response
    form = MessageForm(request.POST)
    if not form.is_valid():
        return _thread_page(request, access, thread, message_form=form, status=_invalid(request))
    try:
        message = message_post(thread=thread, by=request.user, body=form.cleaned_data["body"])
    except Refused as refused:
        form.refuse(refused)
        status = refusal_status(request, refused)
        return _thread_page(request, access, thread, message_form=form, status=status)
    if not request.htmx:
        url = reverse("message-thread", args=[access.campaign.pk, thread.pk])
        return redirect(f"{url}#message-{message.pk}")
    return _thread_page(request, access, thread, done=_("Sent."))


@login_required
@require_POST
def thread_agreement(request: HttpRequest, campaign_id: int, thread_id: int) -> HttpResponse:
    """Q23 from a thread: propose an agreement to another of its kingdoms; the thread says
    so, with a link to it."""
    access = campaign_access(request, campaign_id)
    thread = visible_or_404(readable_threads(access), thread_id)
    form = _agreement_form(access, thread, request.POST)
    if form is None:
        raise Hidden()  # no kingdom of his to propose for, or none to propose to
    if not form.is_valid():
        return _thread_page(request, access, thread, agreement_form=form, status=_invalid(request))
    try:
        agreement = thread_agreement_propose(thread=thread, by=request.user, **form.proposal())
    except Refused as refused:
        form.refuse(refused)
        status = refusal_status(request, refused)
        return _thread_page(request, access, thread, agreement_form=form, status=status)
    done = _("%(agreement)s proposed to %(partner)s.") % {
        "agreement": agreement.get_kind_display(),
        "partner": agreement.partner,
    }
    if not request.htmx:
        return redirect(reverse("message-thread", args=[access.campaign.pk, thread.pk]))
    return _thread_page(request, access, thread, done=done)


# Press releases


def _press_page(
    request: HttpRequest,
    access: Access,
    form: PressForm | None = None,
    *,
    refusal: str = "",
    done: str = "",
    status: int = 200,
) -> HttpResponse:
    """The press desk: the form for a player whose kingdom stands, the releases waiting
    for their turn to be resolved that he may see, and the gazette's printed ones."""
    turn = current_turn(access.campaign)
    releases = list(visible_press(access.campaign, access.viewer))
    waiting = [r for r in releases if not is_printed(r)]
    me = access.kingdom
    if form is None and me is not None and not me.eliminated:
        own = next((r for r in waiting if r.kingdom_id == me.pk), None)  # this turn's
        form = PressForm(initial={"text": own.text} if own else None)
    context = _context(
        access,
        turn=turn,
        form=form,
        waiting=waiting,
        printed=[r for r in reversed(releases) if is_printed(r)],
        refusal=refusal,
        done=done,
    )
    return render_page(
        request,
        "kingdoms/messages/press.html",
        "kingdoms/messages/partials/press.html",
        context,
        status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def press_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """GET: the press desk; POST: write the kingdom's press release for this turn
    (press_release_write)."""
    access = campaign_access(request, campaign_id)
    if request.method == "GET":
        return _press_page(request, access)
    form = PressForm(request.POST)
    if not form.is_valid():
        return _press_page(request, access, form, status=_invalid(request))
    try:
        release = press_release_write(
            campaign=access.campaign, by=request.user, text=form.cleaned_data["text"]
        )
    except Refused as refused:
        form.refuse(refused)
        return _press_page(
            request, access, form, refusal=refused.message, status=refusal_status(request, refused)
        )
    if not request.htmx:
        return redirect(reverse("press", args=[access.campaign.pk]))
    done = _("The gazette prints it when turn %(turn)s is resolved.") % {
        "turn": release.turn.number
    }
    return _press_page(request, access, done=done)
