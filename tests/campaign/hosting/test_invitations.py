"""Invitations, seats and the start: a share link or an e-mail brings a player in (through
log-in), he claims a free kingdom or the GM seats him, the GM starts the campaign with the
empty seats resting (Q7), and a substitute takes a kingdom over mid-campaign."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from battles.decisions.selectors import sides_undecided
from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide
from campaign.core.errors import Refused
from campaign.hosting.models import Invitation
from campaign.hosting.selectors import share_link
from campaign.hosting.services import campaign_create, campaign_join, invitation_link_renew
from campaign.models import Campaign, Membership, Turn, TurnEvent
from kingdoms.models import Kingdom
from kingdoms.orders.services import orders_ready_set
from rules.core.mapgen import MapParams
from rules.core.state import DefenderKind
from tests.api_support import token_client

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase"


def _user(name: str) -> User:
    return User.objects.create_user(name, email=f"{name}@example.com", password=PASSWORD)


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def hosted():
    """A new campaign of 4 seats, set up by hana, nobody seated; the short preset (turns
    close once every player is ready, Q7)."""
    gm = _user("hana")
    return campaign_create(
        by=gm,
        name="The Border Wars",
        description="Four lords, one crown.",
        preset="short",
        modules=[],
        params=MapParams(players=4, radius=3, seed="pinned"),
    )


def _gm(campaign: Campaign) -> User:
    return campaign.memberships.get(role=Membership.Role.GM).user


def _link(campaign: Campaign) -> Invitation:
    return invitation_link_renew(campaign=campaign, by=_gm(campaign))


def _joined(campaign: Campaign, name: str) -> User:
    user = _user(name)
    campaign_join(invitation=share_link(campaign) or _link(campaign), user=user)
    return user


def _seats(campaign: Campaign) -> list[Kingdom]:
    return list(campaign.kingdoms.order_by("id"))


def test_a_share_link_brings_a_stranger_through_log_in_to_join_and_claim(hosted):
    gm = _client(_gm(hosted))
    made = gm.post(reverse("invitation-link", args=[hosted.pk]))
    assert made.status_code == 302
    token = share_link(hosted).token
    join = reverse("campaign-join", args=[token])
    assert join in gm.get(reverse("campaign-players", args=[hosted.pk])).content.decode()

    _user("ivan")
    visitor = Client()
    sent = visitor.get(join)
    assert sent.status_code == 302 and sent["Location"] == f"{reverse('login')}?next={join}"
    back = visitor.post(reverse("login"), {"login": "ivan", "password": PASSWORD, "next": join})
    assert back["Location"] == join
    page = visitor.get(join).content.decode()
    assert "The Border Wars" in page and "Four lords, one crown." in page and "hana" in page

    joined = visitor.post(join)
    assert joined["Location"] == reverse("campaign-players", args=[hosted.pk])
    membership = Membership.objects.get(campaign=hosted, user__username="ivan")
    assert membership.role == Membership.Role.PLAYER and membership.kingdom is None

    seat = _seats(hosted)[0]
    claimed = visitor.post(
        reverse("seat-claim", args=[hosted.pk, seat.pk]),
        {f"claim-{seat.pk}-name": "Ironhold", f"claim-{seat.pk}-colour": "#123ABC"},
    )
    assert claimed.status_code == 302
    seat.refresh_from_db()
    assert (seat.name, seat.colour) == ("Ironhold", "#123abc")
    page = visitor.get(reverse("campaign-players", args=[hosted.pk])).content.decode()
    assert "Played by <strong>ivan</strong> (you)" in page


def test_a_new_share_link_stops_the_old_one(hosted):
    old = _link(hosted)
    new = _link(hosted)
    visitor = _client(_user("ivan"))
    assert visitor.get(reverse("campaign-join", args=[old.token])).status_code == 404
    assert visitor.get(reverse("campaign-join", args=[new.token])).status_code == 200


def test_an_email_invitation_lands_in_the_outbox_and_works_once(hosted):
    gm = _client(_gm(hosted))
    sent = gm.post(reverse("invitation-send", args=[hosted.pk]), {"email": "ivan@example.com"})
    assert sent.status_code == 302
    (message,) = mail.outbox
    invitation = Invitation.objects.get(kind=Invitation.Kind.EMAIL)
    link = f"http://testserver{reverse('campaign-join', args=[invitation.token])}"
    assert message.to == ["ivan@example.com"]
    assert message.subject == "hana invites you to The Border Wars on Warpost"
    assert link in message.body and "Four lords, one crown." in message.body
    html, kind = message.alternatives[0]
    assert kind == "text/html" and f'href="{link}"' in html
    assert (
        "ivan@example.com" in gm.get(reverse("campaign-players", args=[hosted.pk])).content.decode()
    )

    assert _client(_user("ivan")).post(link).status_code == 302
    assert _client(_user("jana")).get(link).status_code == 404, "it works once"


def test_an_email_invitation_already_used_lets_nobody_else_in(hosted):
    """Two people with one e-mail link at once: the second finds it used."""
    gm = _gm(hosted)
    _client(gm).post(reverse("invitation-send", args=[hosted.pk]), {"email": "ivan@example.com"})
    invitation = Invitation.objects.get(kind=Invitation.Kind.EMAIL)
    campaign_join(invitation=invitation, user=_user("ivan"))
    stale = Invitation.objects.get(pk=invitation.pk)
    stale.used_at = None  # as read by the second request before the first wrote
    with pytest.raises(Refused, match="This invitation no longer works"):
        campaign_join(invitation=stale, user=_user("jana"))


def test_joining_twice_is_refused(hosted):
    ivan = _joined(hosted, "ivan")
    again = _client(ivan).post(reverse("campaign-join", args=[share_link(hosted).token]))
    assert again.status_code == 400
    assert "You are already in The Border Wars." in again.content.decode()


def test_joining_a_full_campaign_is_refused(hosted):
    for name in ("ivan", "jana", "karl", "lena"):
        _joined(hosted, name)
    late = _client(_user("mona")).post(reverse("campaign-join", args=[share_link(hosted).token]))
    assert late.status_code == 400
    assert "The Border Wars is full: its 4 seats are taken." in late.content.decode()
    assert not Membership.objects.filter(user__username="mona").exists()


def test_claiming_a_taken_kingdom_is_refused(hosted):
    seat = _seats(hosted)[0]
    _client(_joined(hosted, "ivan")).post(
        reverse("seat-claim", args=[hosted.pk, seat.pk]),
        {f"claim-{seat.pk}-name": "Ironhold", f"claim-{seat.pk}-colour": "#123abc"},
    )
    refused = _client(_joined(hosted, "jana")).post(
        reverse("seat-claim", args=[hosted.pk, seat.pk]),
        {f"claim-{seat.pk}-name": "Mine", f"claim-{seat.pk}-colour": "#abcdef"},
    )
    assert refused.status_code == 400
    assert "Ironhold is taken: choose a free kingdom." in refused.content.decode()
    assert Kingdom.objects.get(pk=seat.pk).name == "Ironhold"


def test_a_claim_is_refused_a_name_or_colour_another_kingdom_has(hosted):
    first, second = _seats(hosted)[:2]
    refused = _client(_joined(hosted, "ivan")).post(
        reverse("seat-claim", args=[hosted.pk, second.pk]),
        {f"claim-{second.pk}-name": first.name, f"claim-{second.pk}-colour": "#abcdef"},
    )
    assert refused.status_code == 400
    assert refused.context["rows"][1]["claim"].errors["name"] == [
        f"Another kingdom is called {first.name}."
    ]


def test_a_player_cannot_start_the_campaign(hosted):
    ivan = _joined(hosted, "ivan")
    refused = _client(ivan).post(reverse("campaign-start", args=[hosted.pk]))
    assert refused.status_code == 403
    assert "Only the campaign&#x27;s game master can do that." in refused.content.decode()
    hosted.refresh_from_db()
    assert hosted.status == Campaign.Status.SETUP and not hosted.turns.exists()


def test_starting_with_nobody_seated_is_refused(hosted):
    refused = _client(_gm(hosted)).post(reverse("campaign-start", args=[hosted.pk]))
    assert refused.status_code == 400
    assert "Nobody plays a kingdom yet" in refused.content.decode()


def test_the_gm_seats_a_member_and_starts_with_the_empty_seats_resting(hosted):
    """A-2.1: starting opens turn 1 for orders; Q7: the kingdoms nobody plays rest, and
    the standings say so."""
    ivan = _joined(hosted, "ivan")
    seat = _seats(hosted)[1]
    gm = _client(_gm(hosted))
    assigned = gm.post(
        reverse("seat-assign", args=[hosted.pk, seat.pk]), {f"assign-{seat.pk}-player": ivan.pk}
    )
    assert assigned.status_code == 302
    assert Membership.objects.get(user=ivan).kingdom == seat

    started = gm.post(reverse("campaign-start", args=[hosted.pk]))
    assert started["Location"] == reverse("campaign-detail", args=[hosted.pk])
    hosted.refresh_from_db()
    assert hosted.status == Campaign.Status.ACTIVE
    assert Turn.objects.get(campaign=hosted).number == 1
    assert Turn.objects.get(campaign=hosted).state == Turn.State.OPEN
    page = gm.get(reverse("campaign-detail", args=[hosted.pk])).content.decode()
    assert page.count("(no player: it rests)") == 3  # and its rule, Q7, a link beside it
    rows = token_client(ivan).get(reverse("api-standings", args=[hosted.pk])).json()
    assert sorted(row["played"] for row in rows) == [False, False, False, True]

    again = gm.post(reverse("campaign-start", args=[hosted.pk]))
    assert "The Border Wars has already started." in again.content.decode()


def test_early_resolution_waits_for_the_players_only_q7(hosted):
    """With early resolution on, the one player ready starts the turn: the kingdoms nobody
    plays rest and are waited for by nobody."""
    ivan = _joined(hosted, "ivan")
    seat = _seats(hosted)[0]
    _client(ivan).post(
        reverse("seat-claim", args=[hosted.pk, seat.pk]),
        {f"claim-{seat.pk}-name": "Ironhold", f"claim-{seat.pk}-colour": "#123abc"},
    )
    _client(_gm(hosted)).post(reverse("campaign-start", args=[hosted.pk]))
    orders_ready_set(campaign=hosted, by=ivan, ready=True)
    assert Turn.objects.get(campaign=hosted).state != Turn.State.OPEN
    assert TurnEvent.objects.filter(campaign=hosted, kind="EarlyResolution").exists()


# Substitutes, mid-campaign (the demo: alice, bob, carol and dave play; turn 1 is open)


def test_a_substitute_invited_by_email_takes_the_kingdom_and_its_history(demo):
    averland = demo.kingdoms["alice"]
    armies = set(averland.armies.values_list("pk", flat=True))
    gm = _client(demo.gm)
    gm.post(
        reverse("invitation-send", args=[demo.campaign.pk]),
        {"email": "sub@example.com", "kingdom": averland.pk},
    )
    assert "You are invited to play Averland." in mail.outbox[0].body
    token = Invitation.objects.get(email="sub@example.com").token
    substitute = _user("sub")
    joined = _client(substitute).post(reverse("campaign-join", args=[token]))
    assert joined["Location"] == reverse("campaign-detail", args=[demo.campaign.pk])

    assert Membership.objects.get(user=substitute).kingdom == averland
    assert set(averland.armies.values_list("pk", flat=True)) == armies
    assert not Membership.objects.filter(user=demo.players["alice"]).exists()
    handed = TurnEvent.objects.get(kind="KingdomHandedOver")
    assert handed.public and handed.payload["before"] == "alice"
    chronicle = gm.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert "Averland is now played by sub, in place of alice." in chronicle


def test_the_old_player_loses_the_kingdoms_secrets_at_once(demo):
    """Visibility goes through the membership: alice, replaced, gets the 404 of a
    missing thing on her former kingdom's page and her former army's order form."""
    alice = _client(demo.players["alice"])
    army = demo.kingdoms["alice"].armies.order_by("id").first()
    order_form = reverse("order-form", args=[demo.campaign.pk, army.pk])
    assert alice.get(reverse("kingdom", args=[demo.campaign.pk])).status_code == 200
    assert alice.get(order_form).status_code == 200

    substitute = _user("sub")
    Membership.objects.create(campaign=demo.campaign, user=substitute, role=Membership.Role.PLAYER)
    handed = _client(demo.gm).post(
        reverse("seat-assign", args=[demo.campaign.pk, demo.kingdoms["alice"].pk]),
        {f"assign-{demo.kingdoms['alice'].pk}-player": substitute.pk},
    )
    assert handed.status_code == 302

    missing = alice.get(reverse("order-form", args=[demo.campaign.pk, 987654321]))
    for url in (reverse("kingdom", args=[demo.campaign.pk]), order_form):
        response = alice.get(url)
        assert (response.status_code, response.content) == (404, missing.content)
    assert _client(substitute).get(reverse("kingdom", args=[demo.campaign.pk])).status_code == 200


def test_only_a_member_without_a_kingdom_can_be_seated(demo):
    bretonnia = demo.kingdoms["bob"]
    refused = _client(demo.gm).post(
        reverse("seat-assign", args=[demo.campaign.pk, bretonnia.pk]),
        {f"assign-{bretonnia.pk}-player": demo.players["alice"].pk},
    )
    assert refused.status_code == 400
    assert "Choose a member of this campaign." in refused.content.decode()
    assert Membership.objects.get(user=demo.players["bob"]).kingdom == bretonnia


SETUP_PAGES = (
    "campaign-detail", "kingdom", "battles", "sieges", "bulletin", "chronicle", "ruleset",
    "campaign-players", "agreements", "kingdom-spending", "edicts", "kingdom-fallback-capitals",
)  # fmt: skip


def test_every_page_of_a_campaign_being_set_up_answers_before_turn_1(hosted):
    """No turn yet: the pages answer, for the GM and a seated player, and never with a
    server error; those of a turn's orders may have nothing to show (404)."""
    ivan = _joined(hosted, "ivan")
    seat = _seats(hosted)[0]
    _client(ivan).post(
        reverse("seat-claim", args=[hosted.pk, seat.pk]),
        {f"claim-{seat.pk}-name": "Ironhold", f"claim-{seat.pk}-colour": "#123abc"},
    )
    shown = {"campaign-detail", "chronicle", "ruleset", "campaign-players", "battles"}
    for user in (_gm(hosted), ivan):
        client = _client(user)
        for name in SETUP_PAGES:
            status = client.get(reverse(name, args=[hosted.pk])).status_code
            assert status in ((200,) if name in shown else (200, 404)), (user, name, status)
    page = _client(ivan).get(reverse("campaign-detail", args=[hosted.pk])).content.decode()
    assert "The campaign has not started yet." in page and "Ironhold" in page


def test_fight_or_retreat_waits_for_no_kingdom_nobody_plays_q7(demo):
    """A kingdom nobody plays answers nothing at fight or retreat: it fights (Q7), and
    Final Results need not wait for it once the players have answered (A-2.4)."""
    alice, bretonnia = demo.kingdoms["alice"], demo.kingdoms["bob"]
    Membership.objects.filter(kingdom=bretonnia).delete()
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    hex_row = bretonnia.hexes.exclude(pk=bretonnia.capital_id).order_by("q", "r").first()
    battle = Battle.objects.create(
        turn=demo.turn, hex=hex_row, seq=1, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom in (("attacker", alice), ("defender", bretonnia)):
        army = kingdom.armies.order_by("-points", "pk").first()
        side = BattleSide.objects.create(
            battle=battle, role=role, kingdom=kingdom, points=army.points
        )
        side.armies.set([army])
    assert [side.kingdom for side in sides_undecided(demo.turn)] == [alice]
    battle_decide(
        side=battle.sides.get(role="attacker"), by=demo.players["alice"], decision="fight"
    )
    assert sides_undecided(demo.turn) == []
