"""Two campaigns side by side, with one object of each kind in each, for the tests of
who may reach what (test_access_matrix.py, test_hidden_as_missing.py).

Campaign A is the demo: alice (the owning player), bob (another player), carol, dave and
their GM. Campaign B, "Elsewhere", is erin's, frank's, grace's and heidi's, run by gail:
nobody of A sits in it, so its objects are hidden from A's people, and A's from erin.
The owner's objects concern a third player (carol), the other's a fourth (dave), so that
neither player has a part in the other's.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test.utils import override_settings
from rest_framework.authtoken.models import Token

from battles.models import Battle, BattleSide, Siege
from campaign.adjudication.models import GmPrompt
from campaign.campaigns.setup import Demo, demo_campaign_create
from campaign.hosting.models import Invitation
from campaign.hosting.services import invitation_link_renew
from campaign.models import Campaign, Hex, Turn
from campaign.notifications.models import Kind, Notification
from campaign.tokens.models import PersonalToken
from campaign.tokens.services import token_create
from kingdoms.agreements.models import Agreement
from kingdoms.messages.models import Thread
from kingdoms.messages.services import thread_start
from kingdoms.models import Army, Kingdom, NeutralKingdom
from kingdoms.spending.models import PowerSpend
from rules.core.state import DefenderKind

MISSING = 987654321
"""An id no table of the tests ever reaches."""
FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@dataclass
class Side:
    """One campaign's objects: each of the owner's and each of the other player's."""

    demo: Demo
    owner: Kingdom
    other: Kingdom
    own_army: Army
    other_army: Army
    own_battle: Battle  # the owner attacks a third player
    other_battle: Battle  # the other player attacks a fourth
    own_side: BattleSide
    other_side: BattleSide
    own_siege: Siege
    other_siege: Siege
    own_agreement: Agreement  # the owner's proposal to a third player
    other_agreement: Agreement  # the other player's proposal to a fourth
    own_spend: PowerSpend
    other_spend: PowerSpend
    own_token: PersonalToken  # the owner's read-write token (not the one the tests use)
    other_token: PersonalToken
    invitation: Invitation  # the GM's share link
    own_notification: Notification  # one for the owner, one for the other player
    other_notification: Notification
    own_thread: Thread  # the owner's thread with a third player (B 7.0)
    other_thread: Thread  # the other player's with a fourth
    prompt: GmPrompt  # a ruling left to the GM (new-rules.md §12.4): his alone


@dataclass
class World:
    a: Side
    b: Side
    gm: User
    owner: User
    other: User
    outsider: User  # a player of campaign B only
    readonly_key: str  # the owner's read-only personal token


def _battle(turn: Turn, seq: int, attacker: Kingdom, defender: Kingdom) -> Battle:
    """``attacker`` invades a hex of ``defender``'s that one of his patrols covers."""
    hex_row = Hex.objects.filter(owner=defender).order_by("id").first()
    battle = Battle.objects.create(
        turn=turn, hex=hex_row, seq=seq, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom, points in (("attacker", attacker, 1500), ("defender", defender, 1000)):
        side = BattleSide.objects.create(battle=battle, role=role, kingdom=kingdom, points=points)
        side.armies.set(kingdom.armies.order_by("-points")[:1])
    return battle


def _siege(demo: Demo, besieger: Kingdom, garrison: Kingdom) -> Siege:
    hex_row = Hex.objects.filter(owner=garrison).order_by("-id").first()
    return Siege.objects.create(
        campaign=demo.campaign, hex=hex_row, started_turn=1, place="fortress",
        besieger=besieger, garrison=garrison, defender_kind="patrol",
        besieger_army_ids=[besieger.armies.order_by("id").first().pk],
        garrison_army_ids=[garrison.armies.order_by("id").first().pk],
    )  # fmt: skip


def _proposal(demo: Demo, proposer: Kingdom, partner: Kingdom) -> Agreement:
    return Agreement.objects.create(
        campaign=demo.campaign, kind="cease_fire", proposer=proposer, partner=partner,
        proposed_turn=demo.turn.number,
    )  # fmt: skip


def _spend(demo: Demo, kingdom: Kingdom) -> PowerSpend:
    return PowerSpend.objects.create(turn=demo.turn, kingdom=kingdom, kind="surgeon", amount=1)


def _notification(demo: Demo, player: str) -> Notification:
    return Notification.objects.create(
        user=demo.players[player], campaign=demo.campaign, kind=Kind.TURN_OPENED, subject="Turn 1"
    )


def _thread(demo: Demo, writer: str, to: Kingdom) -> Thread:
    return thread_start(
        campaign=demo.campaign, by=demo.players[writer], subject="Terms", kingdom_ids=[to.pk],
        body="Shall we talk?",
    )  # fmt: skip


def _prompt(demo: Demo) -> GmPrompt:
    """BASE-16: the question the wyvern's waking asks the GM."""
    return GmPrompt.objects.create(
        campaign=demo.campaign, turn=demo.turn, key="dragon_wrath:1:wyvern #1",
        kind="dragon_wrath", rule="BASE-16 E-39", question="Does the wyvern rage?",
        choices=[["rages", "It rages"], ["sleeps", "It sleeps"]], default="rages",
    )  # fmt: skip


def _side(demo: Demo) -> Side:
    """alice's and bob's objects in the demo campaign; the turn takes decisions."""
    k, owner, other, third, fourth = demo.kingdoms, "alice", "bob", "carol", "dave"
    own_battle = _battle(demo.turn, 1, k[owner], k[third])
    other_battle = _battle(demo.turn, 2, k[other], k[fourth])
    Turn.objects.filter(pk=demo.turn.pk).update(state=Turn.State.DECISIONS)
    return Side(
        demo=demo,
        owner=k[owner],
        other=k[other],
        own_army=k[owner].armies.order_by("id").first(),
        other_army=k[other].armies.order_by("id").first(),
        own_battle=own_battle,
        other_battle=other_battle,
        own_side=own_battle.sides.get(role="attacker"),
        other_side=other_battle.sides.get(role="attacker"),
        own_siege=_siege(demo, k[owner], k[third]),
        other_siege=_siege(demo, k[other], k[fourth]),
        own_agreement=_proposal(demo, k[owner], k[third]),
        other_agreement=_proposal(demo, k[other], k[fourth]),
        own_spend=_spend(demo, k[owner]),
        other_spend=_spend(demo, k[other]),
        own_token=token_create(user=demo.players[owner], name="own", scope="write")[0],
        other_token=token_create(user=demo.players[other], name="other", scope="write")[0],
        invitation=invitation_link_renew(campaign=demo.campaign, by=demo.gm),
        own_notification=_notification(demo, owner),
        other_notification=_notification(demo, other),
        own_thread=_thread(demo, owner, k[third]),
        other_thread=_thread(demo, other, k[fourth]),
        prompt=_prompt(demo),
    )


def world_build() -> World:
    """Campaign B first, its people renamed, so that A's demo gets people of its own."""
    elsewhere = demo_campaign_create(hexes=40, players=4, seed="elsewhere", name="Elsewhere")
    names = {"gm": "gail", "alice": "erin", "bob": "frank", "carol": "grace", "dave": "heidi"}
    for user in (elsewhere.gm, *elsewhere.players.values()):
        user.username = names[user.username]
        user.save(update_fields=["username"])
    b = _side(elsewhere)
    demo = demo_campaign_create(hexes=40, players=4, seed="test")
    a = _side(demo)
    # E-30: a crown ledger to ask for; NR-BRIDGE, NR-TEMPLE-1: bridges and temples to ask for
    Campaign.objects.filter(pk=demo.campaign.pk).update(
        ruleset_overrides={"options": {"siege_trains": 1, "works": 1, "wildlands": 1}}
    )
    # E-24: played on the tabletop, so that a report's refusals are about who asks
    Battle.objects.update(mode=Battle.Mode.TABLETOP)
    for side in (a, b):  # E-15: a patrol each attacking side may name
        side.own_side.patrol_choices.set(side.owner.armies.order_by("-id")[:1])
        side.other_side.patrol_choices.set(side.other.armies.order_by("-id")[:1])
    owner = demo.players["alice"]
    return World(
        a=a,
        b=b,
        gm=demo.gm,
        owner=owner,
        other=demo.players["bob"],
        outsider=elsewhere.players["alice"],
        readonly_key=token_create(user=owner, name="read only", scope="read")[1],
    )


def kept_world(django_db_blocker) -> Iterator[World]:
    """A module-scoped fixture's world: built once, outside the tests' transactions (each
    test's own writes are rolled back all the same), and deleted at the end. Its turn
    seeds are pinned like every test's."""
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        with pytest.MonkeyPatch.context() as patch:
            seeds = itertools.count(1)
            patch.setattr("campaign.models.new_seed", lambda: f"kept-seed-{next(seeds)}")
            world = world_build()
            for user in (world.gm, world.owner, world.other, world.outsider):
                Token.objects.get_or_create(user=user)  # each one's DRF token, made now
        yield world
        world_delete()


def world_delete() -> None:
    """Everything world_build made (for a world kept beyond one test's transaction).
    Kingdoms first: a kingdom's capital protects its hex from the campaign's cascade."""
    Kingdom.objects.all().delete()
    NeutralKingdom.objects.all().delete()
    Campaign.objects.all().delete()
    User.objects.all().delete()
