"""Reads of hosting a campaign: the map a GM's choices give before it exists, its start
positions side by side, the seats and who holds them, and the invitations still open."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.safestring import SafeString

from campaign.campaigns.setup import COLOURS, NEUTRAL_NAMES, kingdom_name
from campaign.hosting.models import Invitation
from campaign.map import svg as mapsvg
from campaign.models import Campaign, Membership
from kingdoms.models import Kingdom
from kingdoms.selectors import player_kingdoms
from rules.core.fairness import FAR, NEAR, StartRoom, start_room
from rules.core.mapgen import MapParams, MapPlan, generate_from
from rules.core.problems import Problem
from rules.core.setup_checks import setup_warnings
from rules.core.state import Defence
from rules.kingdoms.races import as_race


@dataclass(frozen=True)
class Preview:
    """A generated map as the GM sees it before he accepts it, and its start positions."""

    svg: SafeString
    seats: list[tuple[mapsvg.KingdomInfo, StartRoom]]
    neutrals: int
    warnings: list[Problem]  # the rules' set-up defaults it leaves (rules.core.setup_checks)
    near: int = NEAR
    far: int = FAR


def map_preview(params: MapParams) -> Preview:
    """The map ``params`` give, drawn whole (the GM sees everything), each kingdom with the
    name and colour it will have, the room around each start (rules.core.fairness), and
    the rules' set-up defaults it leaves, as a drawn map's (rules.core.setup_checks)."""
    plan = generate_from(params)
    kingdoms = {
        index + 1: mapsvg.KingdomInfo(kingdom_name(index), COLOURS[index % len(COLOURS)])
        for index in range(len(plan.kingdoms))
    }
    features = {cell: f for neutral in plan.neutrals for cell, f in neutral.features.items()}
    rooms = start_room(plan.terrain, [(k.capital, k.hexes) for k in plan.kingdoms], features)
    svg = mapsvg.render_map(_hexes(plan), kingdoms)
    seats = list(zip(kingdoms.values(), rooms, strict=True))
    return Preview(svg, seats, len(plan.neutrals), setup_warnings(_named(plan)))


def _named(plan: MapPlan) -> MapPlan:
    """The plan with the names set-up will give its kingdoms, for the warnings to use."""
    return replace(
        plan,
        kingdoms=[replace(k, name=kingdom_name(i)) for i, k in enumerate(plan.kingdoms)],
        neutrals=[
            replace(n, name=NEUTRAL_NAMES[i % len(NEUTRAL_NAMES)])
            for i, n in enumerate(plan.neutrals)
        ],
    )


def _hexes(plan: MapPlan) -> list[dict]:
    """The plan's hexes as campaign.map.svg draws a map row (rules.turn.visibility's)."""
    owner = {cell: i + 1 for i, k in enumerate(plan.kingdoms) for cell in k.hexes}
    neutral = {cell: i + 1 for i, n in enumerate(plan.neutrals) for cell in n.hexes}
    capitals = {n.capital for n in plan.neutrals}
    features = {cell: f.value for n in plan.neutrals for cell, f in n.features.items()}
    features.update({k.capital: "city" for k in plan.kingdoms})  # E-22
    return [
        {
            "q": q,
            "r": r,
            "terrain": terrain.value,
            "secondary_terrains": [],
            "owner": owner.get((q, r)),
            "explored": True,
            "neutral_kingdom": neutral.get((q, r)),
            "orphan": False,
            "feature": features.get((q, r)),
            "minor_feature": None,
            "defence": Defence.GREAT_FORTRESS.value if (q, r) in capitals else None,
            "watchtower": False,
            "defender_points": None,
            "scouted": None,
            "siege": None,
        }  # fmt: skip
        for (q, r), terrain in sorted(plan.terrain.items())
    ]


@dataclass(frozen=True)
class SeatRow:
    kingdom: Kingdom
    player: User | None  # None: a free seat; its kingdom rests each turn (Q7)


def seats(campaign: Campaign) -> list[SeatRow]:
    """Every player kingdom and who plays it: public within the campaign, like the
    kingdoms' names and borders (A-1.0.9)."""
    players = {
        m.kingdom_id: m.user
        for m in Membership.objects.filter(campaign=campaign, kingdom__isnull=False)
        .select_related("user")
        .order_by()
    }
    return [SeatRow(k, players.get(k.pk)) for k in player_kingdoms(campaign)]


def waiting_players(campaign: Campaign) -> QuerySet[Membership]:
    """The players who joined and play no kingdom yet: the GM may seat them."""
    return (
        Membership.objects.filter(
            campaign=campaign, role=Membership.Role.PLAYER, kingdom__isnull=True
        )
        .select_related("user")
        .order_by("user__username")
    )


def open_invitation(token: str) -> Invitation | None:
    """The invitation the token names while it still lets someone in: not revoked, an
    e-mail invitation not yet used, its campaign not over."""
    return (
        Invitation.objects.select_related("campaign", "kingdom")
        .filter(token=token, revoked_at__isnull=True, used_at__isnull=True)
        .exclude(campaign__status=Campaign.Status.FINISHED)
        .first()
    )


def share_link(campaign: Campaign) -> Invitation | None:
    return (
        Invitation.objects.filter(
            campaign=campaign, kind=Invitation.Kind.LINK, revoked_at__isnull=True
        )
        .order_by("-id")
        .first()
    )


def pending_invitations(campaign: Campaign) -> QuerySet[Invitation]:
    """The e-mail invitations nobody has used yet, newest first."""
    return Invitation.objects.filter(
        campaign=campaign, kind=Invitation.Kind.EMAIL, used_at__isnull=True
    ).select_related("kingdom")


def race_to_choose(campaign: Campaign, kingdom: Kingdom) -> bool:
    """NR-RACE: with the peoples module on, a kingdom without a race is given one by the
    player who claims it."""
    return bool(campaign.ruleset.peoples) and not as_race(kingdom.race)
