"""Writes of hosting a campaign: creating it from the GM's choices, inviting people, seating
players in its kingdoms, handing a kingdom to a substitute, and starting it."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.accounts.locale import their_locale
from campaign.accounts.selectors import account_of_address
from campaign.campaigns.services import map_version_bump, require_gm
from campaign.campaigns.setup import ARMIES_PER_KINGDOM, map_plan_build
from campaign.chronicle.services import chronicle_record
from campaign.core.collector import collector_paused
from campaign.core.errors import Hidden, Refused
from campaign.core.problems import problem_refusal
from campaign.hosting.models import Invitation
from campaign.hosting.selectors import race_to_choose
from campaign.models import Campaign, Membership, Turn
from campaign.notifications.mail import html_email
from campaign.turns.services import turn_open
from kingdoms.models import Kingdom
from rules.core.mapgen import MapParams, blank_map, generate_from, map_params_problem
from rules.core.presets import preset_overrides
from rules.core.ruleset import RulesetError
from rules.kingdoms.races import as_race

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@transaction.atomic
@collector_paused()  # the map's rows (campaign.core.collector)
def campaign_create(
    *,
    by: User,
    name: str,
    description: str,
    preset: str,
    modules: Iterable[str],
    params: MapParams,
    drawn: bool = False,
) -> Campaign:
    """A new campaign in set-up, its creator its GM: the ruleset of the preset with the
    chosen modules on, the generated map with a free seat for each player (a kingdom
    nobody plays yet, A-1.2.1) and the hidden neutral kingdoms (A-1.4.1). With ``drawn``
    the GM draws the map himself (campaign.map's editor), from a blank map of the size
    chosen with no kingdom yet."""
    problem = map_params_problem(params)
    if problem is not None:
        raise problem_refusal(problem)
    campaign = campaign_set_up(
        by=by,
        name=name,
        description=description,
        preset=preset,
        modules=modules,
        players=params.players,
    )
    plan = blank_map(params.radius) if drawn else generate_from(params)
    map_plan_build(campaign=campaign, plan=plan, armies_per_kingdom=ARMIES_PER_KINGDOM)
    return campaign


def campaign_set_up(
    *, by: User, name: str, description: str, preset: str, modules: Iterable[str], players: int
) -> Campaign:
    """A new campaign in set-up without its map yet, its creator its GM, ``players``
    seats: the ruleset of the preset with the chosen modules on. Inside the caller's
    transaction, which lays out the map."""
    try:
        overrides = preset_overrides(preset, modules)
    except RulesetError as error:
        raise Refused(error.message, field=error.key) from None
    campaign = Campaign.objects.create(
        name=name,
        description=description,
        max_players=players,
        status=Campaign.Status.SETUP,
        ruleset_overrides=overrides,
    )
    Membership.objects.create(campaign=campaign, user=by, role=Membership.Role.GM)
    return campaign


@transaction.atomic
def invitation_link_renew(*, campaign: Campaign, by: User) -> Invitation:
    """The GM's share link, new: the one before it stops working at once."""
    require_gm(campaign=campaign, user=by)
    _require_not_over(campaign)
    Invitation.objects.filter(
        campaign=campaign, kind=Invitation.Kind.LINK, revoked_at__isnull=True
    ).update(revoked_at=timezone.now())
    return Invitation.objects.create(
        campaign=campaign, kind=Invitation.Kind.LINK, token=_token(), created_by=by
    )


@transaction.atomic
def invitation_send(
    *, campaign: Campaign, by: User, email: str, kingdom: Kingdom | None, site: str
) -> Invitation:
    """An invitation by e-mail to ``email``, good once; with ``kingdom``, its taker plays
    that kingdom (a substitute for its player). ``site`` is the scheme and host the link
    in the mail starts with."""
    require_gm(campaign=campaign, user=by)
    _require_not_over(campaign)
    if kingdom is not None and kingdom.campaign_id != campaign.pk:
        raise Refused(_("Choose one of this campaign's kingdoms."), field="kingdom")
    invitation = Invitation.objects.create(
        campaign=campaign,
        kind=Invitation.Kind.EMAIL,
        token=_token(),
        email=email,
        kingdom=kingdom,
        created_by=by,
    )
    # A player with an account reads it in his language; a stranger in the inviting GM's.
    with their_locale(account_of_address(email) or by) as language:
        subject = _("%(gm)s invites you to %(campaign)s on Warpost") % {
            "gm": by.get_username(),
            "campaign": campaign.name,
        }
        context = {
            "campaign": campaign,
            "gm": by.get_username(),
            "kingdom": kingdom,
            "link": site + reverse("campaign-join", args=[invitation.token]),
            "language": language,
        }
        mail = html_email(email, subject, "campaign/hosting/email/invitation", context, language)
    mail.send()
    return invitation


@transaction.atomic
def campaign_join(*, invitation: Invitation, user: User) -> Membership:
    """A player's membership by an invitation. An invitation that holds a seat seats him
    at once, in place of its player (``seat_assign``); else he claims a free kingdom
    (``seat_claim``) or the GM seats him."""
    campaign = Campaign.objects.select_for_update().get(pk=invitation.campaign_id)
    _require_not_over(campaign)
    invitation.refresh_from_db(fields=["revoked_at", "used_at"])  # under the campaign's lock
    if invitation.revoked_at is not None or invitation.used_at is not None:
        raise Refused(_("This invitation no longer works: ask the game master for a new one."))
    if campaign.memberships.filter(user=user).exists():
        raise Refused(_("You are already in %(campaign)s.") % {"campaign": campaign.name})
    players = campaign.memberships.filter(role=Membership.Role.PLAYER).count()
    if invitation.kingdom is None and campaign.max_players and players >= campaign.max_players:
        raise Refused(
            _("%(campaign)s is full: its %(seats)s seats are taken.")
            % {"campaign": campaign.name, "seats": campaign.max_players}
        )
    membership = Membership.objects.create(
        campaign=campaign, user=user, role=Membership.Role.PLAYER
    )
    if invitation.kind == Invitation.Kind.EMAIL:
        invitation.used_by, invitation.used_at = user, timezone.now()
        invitation.save(update_fields=["used_by", "used_at"])
    if invitation.kingdom is not None:
        _seat(campaign, _locked(campaign, invitation.kingdom), membership)
    return membership


@transaction.atomic
def seat_claim(
    *, campaign: Campaign, user: User, kingdom: Kingdom, name: str, colour: str, race: str = ""
) -> Kingdom:
    """A player without a kingdom takes a free one. While the campaign is set up he
    names it and gives its colour; once started, a kingdom keeps its name, which its
    history tells. With the peoples module on, a kingdom without a race takes the one he
    chooses (NR-RACE); one that has a race keeps it."""
    membership = Membership.objects.select_for_update().filter(campaign=campaign, user=user).first()
    if membership is None:
        raise Hidden()  # a campaign he is not in, as if it did not exist
    if membership.role != Membership.Role.PLAYER:
        raise Refused(_("The game master plays no kingdom."))
    if membership.kingdom_id is not None:
        raise Refused(_("You already play %(kingdom)s.") % {"kingdom": membership.kingdom.name})
    kingdom = _locked(campaign, kingdom)
    if Membership.objects.filter(kingdom=kingdom).exists():
        raise Refused(_("%(kingdom)s is taken: choose a free kingdom.") % {"kingdom": kingdom.name})
    _require_seat_open(campaign, kingdom)
    if campaign.status == Campaign.Status.SETUP:
        _name_and_colour(kingdom, name.strip(), colour)
    if race_to_choose(campaign, kingdom):
        _choose_race(kingdom, race)
    membership.kingdom = kingdom
    membership.save(update_fields=["kingdom"])
    return kingdom


def _choose_race(kingdom: Kingdom, race: str) -> None:
    chosen = as_race(race)
    if chosen is None:
        raise Refused(_("Choose your kingdom's race."), field="race")
    kingdom.race = chosen.value
    kingdom.save(update_fields=["race"])


@transaction.atomic
def seat_assign(*, campaign: Campaign, by: User, kingdom: Kingdom, player: User) -> Kingdom:
    """The GM seats a member of the campaign who plays no kingdom yet at ``kingdom``. If
    someone played it, the member is his substitute: the kingdom, its armies and its
    history stay, and the one who played it leaves the campaign, so that he sees nothing
    of the kingdom's from then on (visibility goes through the membership)."""
    require_gm(campaign=campaign, user=by)
    membership = (
        Membership.objects.select_for_update().filter(campaign=campaign, user=player).first()
    )
    if membership is None:
        raise Refused(_("Choose a member of this campaign."), field="player")
    if membership.role != Membership.Role.PLAYER:
        raise Refused(_("The game master plays no kingdom."), field="player")
    if membership.kingdom_id is not None:
        raise Refused(
            _("%(player)s already plays %(kingdom)s.")
            % {"player": player.get_username(), "kingdom": membership.kingdom.name},
            field="player",
        )
    _seat(campaign, _locked(campaign, kingdom), membership)
    return kingdom


def _locked(campaign: Campaign, kingdom: Kingdom) -> Kingdom:
    """The kingdom's row, locked while a seat changes hands; one of another campaign is
    missing."""
    locked = Kingdom.objects.select_for_update().filter(pk=kingdom.pk, campaign=campaign).first()
    if locked is None:
        raise Hidden()
    return locked


def _seat(campaign: Campaign, kingdom: Kingdom, membership: Membership) -> None:
    _require_seat_open(campaign, kingdom)
    before = Membership.objects.filter(kingdom=kingdom).select_related("user").first()
    if before is not None:
        before.delete()
    membership.kingdom = kingdom
    membership.save(update_fields=["kingdom"])
    turn = campaign.turns.order_by("-number").first()
    if before is not None and turn is not None:
        chronicle_record(
            turn,
            "KingdomHandedOver",
            {
                "kingdom_id": kingdom.pk,
                "player": membership.user.get_username(),
                "before": before.user.get_username(),
            },
            public=True,
        )


@transaction.atomic
def campaign_start(*, campaign: Campaign, by: User) -> Turn:
    """The GM starts his campaign: turn 1 opens for orders (A-2.1). A kingdom nobody
    plays yet rests each turn (Q7) until a player takes it."""
    require_gm(campaign=campaign, user=by)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.SETUP:
        raise Refused(_("%(campaign)s has already started.") % {"campaign": campaign.name})
    if not Membership.objects.filter(campaign=campaign, kingdom__isnull=False).exists():
        raise Refused(_("Nobody plays a kingdom yet: invite players or seat them first."))
    campaign.status = Campaign.Status.ACTIVE
    campaign.save(update_fields=["status"])
    turn = turn_open(campaign=campaign, number=1)
    map_version_bump(campaign=campaign, whole=True)
    return turn


def _token() -> str:
    return secrets.token_urlsafe(24)


def _require_not_over(campaign: Campaign) -> None:
    if campaign.status == Campaign.Status.FINISHED:
        raise Refused(_("%(campaign)s is over.") % {"campaign": campaign.name})


def _require_seat_open(campaign: Campaign, kingdom: Kingdom) -> None:
    _require_not_over(campaign)
    if kingdom.eliminated:
        raise Refused(
            _("%(kingdom)s is eliminated: nobody can play it.") % {"kingdom": kingdom.name}
        )


def _name_and_colour(kingdom: Kingdom, name: str, colour: str) -> None:
    if not name:
        raise Refused(_("Give your kingdom a name."), field="name")
    if not COLOUR.fullmatch(colour):
        raise Refused(
            _("A colour is written #rrggbb, as the colour picker gives it."), field="colour"
        )
    others = Kingdom.objects.filter(campaign=kingdom.campaign_id).exclude(pk=kingdom.pk)
    if others.filter(name__iexact=name).exists():
        raise Refused(_("Another kingdom is called %(name)s.") % {"name": name}, field="name")
    if others.filter(colour__iexact=colour).exists():
        raise Refused(
            _("Another kingdom has that colour: the map would not tell you apart."), field="colour"
        )
    kingdom.name, kingdom.colour = name, colour.lower()
    kingdom.save(update_fields=["name", "colour"])
