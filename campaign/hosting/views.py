"""The pages of hosting a campaign: the "New campaign" wizard (a generated map, or one
imported from a Warpost export), the players page (seats, invitations, the start), and the
page an invitation link opens.

Each form posts to its own address and works without JavaScript; with HTMX the page
swaps the changed part in place (campaign.core.pages.render_page)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from campaign.campaigns.services import require_gm
from campaign.core.access import Access, campaign_access
from campaign.core.errors import Refused
from campaign.core.pages import refusal_status, render_page
from campaign.hosting.forms import (
    AssignForm,
    CampaignBasicsForm,
    ClaimForm,
    InviteForm,
    MapForm,
)
from campaign.hosting.selectors import (
    map_preview,
    open_invitation,
    pending_invitations,
    race_to_choose,
    seats,
    share_link,
    waiting_players,
)
from campaign.hosting.services import (
    campaign_create,
    campaign_join,
    campaign_start,
    invitation_link_renew,
    invitation_send,
    seat_assign,
    seat_claim,
)
from campaign.map.svg import safe_colour
from campaign.models import Campaign, Membership
from campaign.ruleset.labels import module_words
from campaign.ruleset.selectors import problem_lines
from campaign.transfer.document import document_loads
from campaign.transfer.forms import MapUploadForm
from campaign.transfer.maps import map_from_export
from campaign.transfer.services import campaign_create_from_map
from kingdoms.races import race_name
from kingdoms.selectors import player_kingdoms
from rules.core.dice import new_seed
from rules.core.presets import PRESETS

# The new campaign wizard


@login_required
@require_http_methods(["GET", "POST"])
def campaign_new(request: HttpRequest) -> HttpResponse:
    """Two steps in one form: the campaign and its rules, then the map, previewed and
    re-rolled until the GM accepts it, or a blank one of the size chosen that he draws
    himself. The first step's answers ride along hidden."""
    if request.method == "GET":
        return _wizard(request, CampaignBasicsForm())
    basics = CampaignBasicsForm(request.POST)
    action = request.POST.get("action", "next")
    if action == "back" or not basics.is_valid():
        return _wizard(request, basics, status=_invalid(request, basics))
    players = basics.cleaned_data["players"]
    if action == "next":
        return _wizard(request, basics, MapForm.first(players))
    if action == "import":
        return _map_import(request, basics, MapForm(request.POST, players=players))
    data = request.POST.copy()
    if action == "reroll":
        data["seed"] = new_seed()
    choices = MapForm(data, players=players)
    if not choices.is_valid():
        return _wizard(request, basics, choices, status=_invalid(request, choices))
    if action not in ("accept", "draw"):
        return _wizard(request, basics, choices)
    try:
        campaign = campaign_create(
            by=request.user,
            name=basics.cleaned_data["name"],
            description=basics.cleaned_data["description"],
            preset=basics.cleaned_data["preset"],
            modules=basics.cleaned_data["modules"],
            params=choices.params(basics.cleaned_data["modules"]),
            drawn=action == "draw",
        )
    except Refused as refused:
        status = refusal_status(request, refused)
        if refused.field in basics.fields:  # shown on the step that asks it
            basics.refuse(refused)
            return _wizard(request, basics, status=status)
        choices.refuse(refused)
        return _wizard(request, basics, choices, status=status)
    if action == "draw":  # a blank map: on to the map editor (campaign.map)
        return _go(request, reverse("map-editor", args=[campaign.pk]))
    messages.success(
        request, _("%(campaign)s is ready: invite your players.") % {"campaign": campaign.name}
    )
    return _go(request, reverse("campaign-players", args=[campaign.pk]))


def _map_import(request: HttpRequest, basics: CampaignBasicsForm, choices: MapForm) -> HttpResponse:
    """The wizard's third way: the map of an uploaded Warpost export, its seats free."""
    upload = MapUploadForm(request.POST, request.FILES)
    if not upload.is_valid():
        return _wizard(request, basics, choices, _invalid(request, upload), upload)
    try:
        campaign = campaign_create_from_map(
            by=request.user,
            name=basics.cleaned_data["name"],
            description=basics.cleaned_data["description"],
            preset=basics.cleaned_data["preset"],
            modules=basics.cleaned_data["modules"],
            imported=map_from_export(document_loads(upload.cleaned_data["map_file"].read())),
        )
    except Refused as refused:
        status = refusal_status(request, refused)
        if refused.field in basics.fields:
            basics.refuse(refused)
            return _wizard(request, basics, status=status)
        upload.add_error("map_file", refused.message)
        return _wizard(request, basics, choices, status, upload)
    messages.success(
        request,
        _("%(campaign)s is ready on its imported map: invite your players.")
        % {"campaign": campaign.name},
    )
    return _go(request, reverse("campaign-players", args=[campaign.pk]))


def _invalid(request: HttpRequest, form) -> int:
    """A form's errors: 400, but 200 for HTMX, which swaps successful answers only."""
    return 200 if request.htmx or not form.errors else 400


def _wizard(
    request: HttpRequest,
    basics: CampaignBasicsForm,
    choices: MapForm | None = None,
    status=200,
    upload: MapUploadForm | None = None,
) -> HttpResponse:
    chosen = basics.cleaned_data if basics.is_bound and not basics.errors else {}
    modules = chosen.get("modules", [])
    preview = map_preview(choices.params(modules)) if choices and choices.is_valid() else None
    context = {
        "basics": basics,
        "choices": choices,
        "upload": upload or MapUploadForm(),
        "presets": PRESETS.values(),
        "switches": module_words(),
        "preset": PRESETS.get(chosen.get("preset", "")),
        "switched_on": [s.label for s in module_words() if s.option in modules],
        "preview": preview,
        "warnings": problem_lines(preview.warnings) if preview else [],
    }
    return render_page(
        request,
        "campaign/hosting/new_campaign.html",
        "campaign/hosting/partials/new_campaign.html",
        context,
        status,
    )


def _go(request: HttpRequest, url: str) -> HttpResponse:
    """After a form succeeds: the browser goes to ``url``, HTMX or not."""
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# The players page: seats, invitations, the start


@login_required
@require_http_methods(["GET"])
def players_page(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Who plays which kingdom, for every member; the GM's invitations and start button; a
    free kingdom to claim for a player who plays none yet."""
    return _players(request, campaign_access(request, campaign_id))


@login_required
@require_POST
def invitation_link(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    try:
        invitation_link_renew(campaign=access.campaign, by=request.user)
    except Refused as refused:
        return _players(request, access, refusal=refused)
    messages.success(request, _("A new share link is ready; any link before it no longer works."))
    return _done(request, access)


@login_required
@require_POST
def invitation_invite(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    not_gm = _unless_gm(request, access)
    if not_gm is not None:
        return not_gm
    form = InviteForm(request.POST, kingdoms=player_kingdoms(access.campaign))
    if not form.is_valid():
        return _players(request, access, forms={"invite": form}, status=_invalid(request, form))
    try:
        invitation_send(
            campaign=access.campaign,
            by=request.user,
            email=form.cleaned_data["email"],
            kingdom=form.cleaned_data["kingdom"],
            site=request.build_absolute_uri("/").rstrip("/"),
        )
    except Refused as refused:
        form.refuse(refused)
        return _players(request, access, forms={"invite": form}, refusal=refused)
    messages.success(
        request, _("Invitation sent to %(email)s.") % {"email": form.cleaned_data["email"]}
    )
    return _done(request, access)


@login_required
@require_POST
def seat_claim_view(request: HttpRequest, campaign_id: int, kingdom_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    kingdom = get_object_or_404(player_kingdoms(access.campaign), pk=kingdom_id)
    choose_race = race_to_choose(access.campaign, kingdom)  # NR-RACE
    form = ClaimForm(request.POST, prefix=f"claim-{kingdom.pk}", choose_race=choose_race)
    key = ("claim", kingdom.pk)
    if not form.is_valid():
        return _players(request, access, forms={key: form}, status=_invalid(request, form))
    try:
        claimed = seat_claim(
            campaign=access.campaign,
            user=request.user,
            kingdom=kingdom,
            name=form.cleaned_data["name"],
            colour=form.cleaned_data["colour"],
            race=form.cleaned_data.get("race", ""),
        )
    except Refused as refused:
        form.refuse(refused)
        return _players(request, access, forms={key: form}, refusal=refused)
    messages.success(request, _("You play %(kingdom)s.") % {"kingdom": claimed.name})
    return _done(request, campaign_access(request, campaign_id))


@login_required
@require_POST
def seat_assign_view(request: HttpRequest, campaign_id: int, kingdom_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    kingdom = get_object_or_404(player_kingdoms(access.campaign), pk=kingdom_id)
    not_gm = _unless_gm(request, access)  # after the kingdom: another campaign's is missing
    if not_gm is not None:
        return not_gm
    form = AssignForm(
        request.POST, prefix=f"assign-{kingdom.pk}", waiting=waiting_players(access.campaign)
    )
    key = ("assign", kingdom.pk)
    if not form.is_valid():
        return _players(request, access, forms={key: form}, status=_invalid(request, form))
    player = form.cleaned_data["player"].user
    try:
        seat_assign(campaign=access.campaign, by=request.user, kingdom=kingdom, player=player)
    except Refused as refused:
        form.refuse(refused)
        return _players(request, access, forms={key: form}, refusal=refused)
    messages.success(
        request,
        _("%(player)s now plays %(kingdom)s.")
        % {"player": player.get_username(), "kingdom": kingdom.name},
    )
    return _done(request, access)


@login_required
@require_POST
def campaign_start_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = campaign_access(request, campaign_id)
    try:
        campaign_start(campaign=access.campaign, by=request.user)
    except Refused as refused:
        return _players(request, access, refusal=refused)
    return _go(request, reverse("campaign-detail", args=[access.campaign.pk]))


def _unless_gm(request: HttpRequest, access: Access) -> HttpResponse | None:
    """The GM's refusal, before a form is read: whatever a player posts, he is told that
    it is the GM's to do."""
    try:
        require_gm(campaign=access.campaign, user=request.user)
    except Refused as refused:
        return _players(request, access, refusal=refused)
    return None


def _done(request: HttpRequest, access: Access) -> HttpResponse:
    if request.htmx:
        return _players(request, access)
    return redirect("campaign-players", access.campaign.pk)


def _players(
    request: HttpRequest,
    access: Access,
    *,
    forms: dict | None = None,
    refusal: Refused | None = None,
    status: int | None = None,
) -> HttpResponse:
    """The players page; ``forms``: the bound forms of a refused post, by what they are
    for (("claim", kingdom id), ("assign", kingdom id), "invite")."""
    forms = forms or {}
    campaign, is_gm = access.campaign, access.viewer.is_gm
    can_claim = (
        access.membership.role == Membership.Role.PLAYER
        and access.kingdom is None
        and campaign.status != Campaign.Status.FINISHED
    )
    waiting = waiting_players(campaign)
    rows = [
        {
            "kingdom": row.kingdom,
            "colour": safe_colour(row.kingdom.colour),
            "player": row.player,
            "race": race_name(row.kingdom.race),  # public (docs/design/supplement.md)
            "claim": (
                forms.get(("claim", row.kingdom.pk))
                or ClaimForm(
                    prefix=f"claim-{row.kingdom.pk}",
                    initial={"name": row.kingdom.name, "colour": safe_colour(row.kingdom.colour)},
                    choose_race=race_to_choose(campaign, row.kingdom),
                )
            )
            if can_claim and row.player is None and not row.kingdom.eliminated
            else None,
            "assign": (
                forms.get(("assign", row.kingdom.pk))
                or AssignForm(prefix=f"assign-{row.kingdom.pk}", waiting=waiting)
            )
            if is_gm and not row.kingdom.eliminated
            else None,
        }
        for row in seats(campaign)
    ]
    context = {
        "access": access,
        "campaign": campaign,
        "rows": rows,
        "can_claim": can_claim,
        "setting_up": campaign.status == Campaign.Status.SETUP,
        "free": [row["kingdom"].name for row in rows if row["player"] is None],
        "refusal": refusal,
    }
    if is_gm:
        context |= _gm_context(request, campaign, forms, list(waiting))
    if status is None:
        status = 200 if refusal is None else refusal_status(request, refusal)
    return render_page(
        request,
        "campaign/hosting/players.html",
        "campaign/hosting/partials/players.html",
        context,
        status,
    )


def _gm_context(request: HttpRequest, campaign: Campaign, forms: dict, waiting: list) -> dict:
    link = share_link(campaign)
    join = lambda token: request.build_absolute_uri(reverse("campaign-join", args=[token]))  # noqa: E731
    return {
        "waiting": waiting,
        "share_link": join(link.token) if link else None,
        "invite_form": forms.get("invite") or InviteForm(kingdoms=player_kingdoms(campaign)),
        "pending": [(i, join(i.token)) for i in pending_invitations(campaign)],
    }


# An invitation's page


@login_required
@require_http_methods(["GET", "POST"])
def join_page(request: HttpRequest, token: str) -> HttpResponse:
    """What an invitation link opens, once signed in (login_required sends a stranger to
    log in or sign up and back here): the campaign, and a button to join it."""
    invitation = open_invitation(token)
    if invitation is None:
        raise Http404(_("No such invitation."))
    campaign = invitation.campaign
    refusal = None
    if request.method == "POST":
        try:
            membership = campaign_join(invitation=invitation, user=request.user)
        except Refused as refused:
            refusal = refused
        else:
            if membership.kingdom_id is not None:  # a substitute: his kingdom's map
                return _go(request, reverse("campaign-detail", args=[campaign.pk]))
            messages.success(
                request,
                _("Welcome to %(campaign)s: claim a free kingdom.") % {"campaign": campaign.name},
            )
            return _go(request, reverse("campaign-players", args=[campaign.pk]))
    member = campaign.memberships.filter(user=request.user).exists()
    context = {
        "invitation": invitation,
        "campaign": campaign,
        "gms": campaign.memberships.filter(role=Membership.Role.GM).select_related("user"),
        "free": sum(row.player is None for row in seats(campaign)),
        "member": member,
        "refusal": refusal,
    }
    status = 200 if refusal is None else refusal_status(request, refusal)
    return render_page(
        request,
        "campaign/hosting/join.html",
        "campaign/hosting/partials/join.html",
        context,
        status,
    )
