"""The GM's writes on the map's hexes: a hex's secondary terrains (Q16), and, while the
campaign is set up, the map he draws.

Every write is a keyword-only function, one transaction each, that validates, writes
and records its chronicle entry (docs/architecture.md, "Every write is an action").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign.campaigns.services import map_version_bump, require_gm
from campaign.campaigns.setup import (
    ARMIES_PER_KINGDOM,
    NEUTRAL_NAMES,
    kingdom_found,
    kingdom_name,
    neutral_found,
    neutral_general,
    starting_armies_create,
)
from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Hidden, Refused
from campaign.core.problems import problem_text
from campaign.hosting.models import Invitation
from campaign.map.selectors import drawn_plan
from campaign.models import Campaign, Hex, Membership
from campaign.turns.selectors import current_turn
from kingdoms.models import Army, Character, Kingdom, NeutralKingdom
from rules.battles.tabletop import secondary_terrains_in_order, secondary_terrains_problem
from rules.core import hexgrid
from rules.core.problems import Problem
from rules.core.setup_checks import setup_warnings
from rules.core.state import Coord, Defence, Feature, Terrain


@transaction.atomic
def hex_secondary_terrains_set(*, hex: Hex, by: User, terrains: Iterable[str]) -> Hex:
    """Q16, A-1.1.1, §5.11: the GM sets the hex's secondary terrains, the "one or more"
    terrain types beside its primary one. Table 7 still reads the primary terrain only;
    each secondary terrain adds one roll on its own table (Tables 26–30) to the ticket
    of a tabletop battle fought there (rules.battles.tabletop.roll_terrain).

    GM only (403). Each value a land terrain, not the primary, once, at most
    rules.battles.tabletop.MAX_SECONDARY_TERRAINS
    (rules.battles.tabletop.secondary_terrains_problem);
    a refusal names the value and saves nothing. They are stored in A-1.1.1's order, so
    that the rolls do not depend on the order they were given in. A change is told in
    the chronicle to the GM alone, like his corrections in the admin.

    A ticket already rolled keeps its pieces: a battle's terrain is rolled once, from the
    turn's seed, when every side opts in to the tabletop (battles.tabletop.services);
    the new terrains count from the next ticket rolled in the hex.
    """
    require_gm(campaign=hex.campaign, user=by)
    wanted = list(terrains)
    problem = secondary_terrains_problem(hex.terrain, wanted)
    if problem is not None:
        raise Refused(problem_text(problem), field=problem.field, rule=problem.rule)
    before = list(hex.secondary_terrains or [])
    after = secondary_terrains_in_order(wanted)
    if after == before:
        return hex
    hex.secondary_terrains = after
    hex.save(update_fields=["secondary_terrains"])
    map_version_bump(campaign=hex.campaign)
    turn = current_turn(hex.campaign)
    if turn is not None:  # a campaign being set up has no chronicle yet
        chronicle_record(
            turn,
            "SecondaryTerrainsSet",
            {
                "by": by.get_username(),
                "hex": [hex.q, hex.r],
                "terrain": hex.terrain,
                "secondary_terrains": after,
                "before": before,
            },
            rule="Q16 §5.11",
        )
    return hex


# The map the GM draws while the campaign is set up (A-1.0.1, A-1.2.1, A-1.4.1–4): each
# write is one click of the editor (campaign.map.views.map_editor) on one hex. The rules'
# set-up defaults are warnings (rules.core.setup_checks), never refusals; what is refused
# is what the game cannot play: a kingdom on the sea, a feature the exploration would roll
# again, a map with holes.


@transaction.atomic
def hex_paint(*, campaign: Campaign, by: User, coord: Coord, terrain: str) -> Hex:
    """A-1.1.1: the hex's primary terrain. The sea holds nothing and cannot be taken
    (A-1.1.2.1), so no kingdom's land, fortress or watchtower turns to sea; a secondary
    terrain the hex now has as its primary, or every one on the sea, goes (Q16)."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    wanted = Terrain(terrain)
    if wanted.is_sea:
        _require_empty_for_sea(row)
    row.terrain = wanted.value
    row.secondary_terrains = [
        t for t in row.secondary_terrains if not wanted.is_sea and t != wanted.value
    ]
    row.save(update_fields=["terrain", "secondary_terrains"])
    return row


@transaction.atomic
def hex_add(*, campaign: Campaign, by: User, coord: Coord, terrain: str) -> Hex:
    """The map grows by a hex of ``terrain`` at its edge, next to one of its hexes."""
    _drawing(campaign, by)
    cells = set(Hex.objects.filter(campaign=campaign).values_list("q", "r"))
    if coord in cells:
        raise Refused(_("The map has %(hex)s already.") % {"hex": _at(coord)})
    if not cells & set(hexgrid.neighbours(coord)):
        raise Refused(
            _("A new hex joins the map at its edge: %(hex)s touches none of its hexes.")
            % {"hex": _at(coord)}
        )
    return Hex.objects.create(
        campaign=campaign, q=coord[0], r=coord[1], terrain=Terrain(terrain).value
    )


@transaction.atomic
def hex_remove(*, campaign: Campaign, by: User, coord: Coord) -> None:
    """A hex at the map's edge goes, unless a kingdom holds it; the last one stays."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    _require_nobodys(row, _("take it out of the kingdom first"))
    cells = set(Hex.objects.filter(campaign=campaign).values_list("q", "r"))
    if len(cells) == 1:
        raise Refused(_("The map keeps one hex at least."))
    if set(hexgrid.neighbours(coord)) <= cells:
        raise Refused(
            _("Only a hex at the map's edge can go: %(hex)s would leave a hole.")
            % {"hex": _at(coord)}
        )
    row.delete()


@transaction.atomic
def hex_feature_set(*, campaign: Campaign, by: User, coord: Coord, feature: str) -> Hex:
    """A major feature (Table 6), or none, in a kingdom's hex: a player's, which then
    supports other armies (§5.6), or a neutral kingdom's (A-1.4.4). A hex of nobody's
    holds what Table 7 rolls when it is first explored (A-1.0.5), and a capital is a City
    (E-22)."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    capital_of = _capital_of(row)
    if capital_of is not None:
        raise Refused(
            _("%(hex)s is the capital of %(kingdom)s: a capital is a City.")
            % {"hex": _at(coord), "kingdom": capital_of}
        )
    if feature and row.owner_id is None and row.neutral_kingdom_id is None:
        raise Refused(
            _(
                "%(hex)s is nobody's: what it holds is rolled when it is first "
                "explored. Give it to a kingdom first."
            )
            % {"hex": _at(coord)},
            field="feature",
        )
    row.feature = Feature(feature).value if feature else ""
    row.save(update_fields=["feature"])
    if row.owner_id is not None:
        _starting_armies_reset(campaign, row.owner)
    return row


@transaction.atomic
def hex_defence_set(*, campaign: Campaign, by: User, coord: Coord, defence: str) -> Hex:
    """A fortress or a great fortress (App B), or none; at most one a hex (A-1.1.3). A
    neutral kingdom's capital stands behind a Great Fortress (A-1.4.3): without one the
    editor warns."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    if defence:
        _require_land(row, _("a fortress stands on land"))
    row.defence = Defence(defence).value if defence else ""
    row.save(update_fields=["defence"])
    return row


@transaction.atomic
def hex_watchtower_toggle(*, campaign: Campaign, by: User, coord: Coord) -> Hex:
    """A watchtower (App B) on the hex, or none: one a hex at most (A-1.1.3)."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    if not row.watchtower:
        _require_land(row, _("a watchtower stands on land"))
    row.watchtower = not row.watchtower
    row.save(update_fields=["watchtower"])
    return row


@transaction.atomic
def kingdom_seat_toggle(*, campaign: Campaign, by: User, coord: Coord) -> Kingdom | None:
    """A player kingdom founded with its capital at ``coord``, a seat nobody plays yet,
    set up as every new campaign's (campaign.campaigns.setup: a City, E-22; starting
    power, Q19; its armies, E-14); or, at a kingdom's capital, that kingdom removed and
    its land left to nobody. A kingdom someone plays, or is invited to play, stays."""
    locked = _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    kingdom = Kingdom.objects.filter(campaign=campaign, capital=row).first()
    if kingdom is not None:
        _kingdom_remove(kingdom)
        _seats_count(locked)
        return None
    _require_land(row, _("a capital stands on land"))
    _require_nobodys(row, _("choose a hex of nobody's"))
    used = set(Kingdom.objects.filter(campaign=campaign).values_list("name", flat=True))
    kingdom = kingdom_found(campaign, _free_index(used, kingdom_name), row, [row])
    kingdom.save()
    row.save(update_fields=["owner", "explored", "feature"])
    starting_armies_create(campaign, [(kingdom, [row])], ARMIES_PER_KINGDOM)
    _seats_count(locked)
    return kingdom


@transaction.atomic
def neutral_kingdom_toggle(*, campaign: Campaign, by: User, coord: Coord) -> NeutralKingdom | None:
    """A hidden neutral kingdom (A-1.4.1) founded with its capital at ``coord``, a City
    behind a Great Fortress (A-1.4.3, E-22), with its General (E-20); or, at a neutral
    kingdom's capital, that kingdom removed and its land left to nobody."""
    _drawing(campaign, by)
    row = _hex_at(campaign, coord)
    neutral = NeutralKingdom.objects.filter(campaign=campaign, capital=row).first()
    if neutral is not None:
        _neutral_remove(neutral)
        return None
    _require_land(row, _("a capital stands on land"))
    _require_nobodys(row, _("choose a hex of nobody's"))
    used = set(NeutralKingdom.objects.filter(campaign=campaign).values_list("name", flat=True))
    index = _free_index(used, lambda i: NEUTRAL_NAMES[i % len(NEUTRAL_NAMES)])
    neutral = neutral_found(campaign, index, row, [row], {coord: Feature.CITY})  # E-22
    neutral.save()
    row.save(update_fields=["neutral_kingdom", "home_neutral_kingdom", "feature", "defence"])
    neutral_general(neutral).save()
    return neutral


@transaction.atomic
def kingdom_land_toggle(
    *, campaign: Campaign, by: User, coord: Coord, kingdom: Kingdom | NeutralKingdom
) -> Hex:
    """The hex joins ``kingdom``'s land, or leaves it for nobody's: its feature goes with
    it, since Table 7 rolls a hex of nobody's when it is first explored (A-1.0.5). A
    player kingdom's armies are set up again for its land (§5.6, E-14)."""
    _drawing(campaign, by)
    if kingdom.campaign_id != campaign.pk:
        raise Hidden()
    row = _hex_at(campaign, coord)
    player = isinstance(kingdom, Kingdom)
    if kingdom.capital_id == row.pk:
        raise Refused(
            _("%(hex)s is the capital of %(kingdom)s: remove the kingdom instead.")
            % {"hex": _at(coord), "kingdom": kingdom.name}
        )
    held_by = row.owner_id if player else row.neutral_kingdom_id
    if held_by != kingdom.pk:
        cannot_join = _("it cannot join %(kingdom)s") % {"kingdom": kingdom.name}
        _require_land(row, cannot_join)
        _require_nobodys(row, cannot_join)
    joins = held_by != kingdom.pk
    if player:
        row.owner, row.explored = (kingdom, True) if joins else (None, False)
    else:
        row.neutral_kingdom = row.home_neutral_kingdom = kingdom if joins else None
    if not joins:
        row.feature = ""
    row.save(
        update_fields=["owner", "explored", "neutral_kingdom", "home_neutral_kingdom", "feature"]
    )
    if player:
        _starting_armies_reset(campaign, kingdom)
    return row


def map_drawing_finish(*, campaign: Campaign, by: User) -> list[Problem]:
    """The GM is done drawing: the campaign stays set up, each player kingdom a seat to
    claim, and the rules' defaults the map leaves are his to accept
    (rules.core.setup_checks). A map without a player kingdom has no seat to offer."""
    with transaction.atomic():
        _drawing(campaign, by)
        if not Kingdom.objects.filter(campaign=campaign).exists():
            raise Refused(_("Place a player kingdom's capital first: each is a seat to claim."))
    return setup_warnings(drawn_plan(campaign))


def _kingdom_remove(kingdom: Kingdom) -> None:
    """The kingdom goes, with its armies; its land is nobody's, unexplored, empty until
    Table 7 rolls it (A-1.0.5)."""
    played = Membership.objects.filter(kingdom=kingdom).select_related("user").first()
    if played is not None:
        raise Refused(
            _("%(player)s plays %(kingdom)s: it stays.")
            % {"player": played.user.get_username(), "kingdom": kingdom.name}
        )
    if Invitation.objects.filter(kingdom=kingdom).exists():
        raise Refused(_("An invitation names %(kingdom)s: it stays.") % {"kingdom": kingdom.name})
    Hex.objects.filter(owner=kingdom).update(owner=None, explored=False, feature="")
    kingdom.delete()


def _neutral_remove(neutral: NeutralKingdom) -> None:
    """The neutral kingdom goes, with its General; its land is nobody's and empty, and
    its capital's Great Fortress goes with it."""
    Hex.objects.filter(pk=neutral.capital_id).update(defence="")
    Hex.objects.filter(neutral_kingdom=neutral).update(
        neutral_kingdom=None, home_neutral_kingdom=None, feature=""
    )
    neutral.delete()


def _starting_armies_reset(campaign: Campaign, kingdom: Kingdom) -> None:
    """The kingdom's armies set up again for its land as it is now (§5.6, E-14)."""
    Character.objects.filter(kingdom=kingdom).delete()
    Army.objects.filter(kingdom=kingdom).delete()
    land = list(Hex.objects.filter(owner=kingdom))
    starting_armies_create(campaign, [(kingdom, land)], ARMIES_PER_KINGDOM)


def _seats_count(campaign: Campaign) -> None:
    """A drawn map has a seat for each of its player kingdoms (campaign.hosting)."""
    campaign.max_players = Kingdom.objects.filter(campaign=campaign).count()
    campaign.save(update_fields=["max_players"])


def _free_index(used: set[str], name_of: Callable[[int], str]) -> int:
    """The first index of set-up's names (campaign.campaigns.setup) that no kingdom has
    yet; past the last, the next."""
    return next((i for i in range(len(used)) if name_of(i) not in used), len(used))


def _drawing(campaign: Campaign, by: User) -> Campaign:
    """The campaign's row, locked while its map changes: its GM's to draw while it is set
    up, and only then. The map's version goes up with it: the caller's change commits
    with the new version or, refused, neither does."""
    require_gm(campaign=campaign, user=by)
    locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if locked.status != Campaign.Status.SETUP:
        raise Refused(
            _(
                "%(campaign)s has started: its map is drawn. The secondary terrains "
                "of its hexes stay yours to set."
            )
            % {"campaign": locked.name}
        )
    map_version_bump(campaign=locked, whole=True)
    return locked


def _hex_at(campaign: Campaign, coord: Coord) -> Hex:
    row = Hex.objects.filter(campaign=campaign, q=coord[0], r=coord[1]).first()
    if row is None:
        raise Refused(
            _("The map has no hex %(hex)s: grow the map to reach it.") % {"hex": _at(coord)}
        )
    return row


def _at(coord: Coord) -> str:
    return "({}, {})".format(*coord)


def _require_land(row: Hex, why: str) -> None:
    """A-1.1.2.1: the sea holds nothing and cannot be taken."""
    if Terrain(row.terrain).is_sea:
        raise Refused(
            _("%(hex)s is sea, which holds nothing and cannot be taken: %(why)s.")
            % {"hex": _at((row.q, row.r)), "why": why}
        )


def _require_nobodys(row: Hex, otherwise: str) -> None:
    holder = row.owner or row.neutral_kingdom
    if holder is not None:
        raise Refused(
            _("%(hex)s is the land of %(kingdom)s: %(otherwise)s.")
            % {"hex": _at((row.q, row.r)), "kingdom": holder.name, "otherwise": otherwise}
        )


def _require_empty_for_sea(row: Hex) -> None:
    """A-1.1.2.1: the sea cannot be taken, nor hold a fortress or a watchtower."""
    _require_nobodys(row, _("the sea cannot be taken"))
    if row.defence or row.watchtower:
        thing = row.get_defence_display().lower() if row.defence else _("watchtower")
        raise Refused(
            _("%(hex)s holds a %(thing)s: take it away before the sea covers it.")
            % {"hex": _at((row.q, row.r)), "thing": thing},
            field="terrain",
        )


def _capital_of(row: Hex) -> str | None:
    """The name of the kingdom, player or neutral, whose capital ``row`` is."""
    capital = Kingdom.objects.filter(capital=row).values_list("name", flat=True).first()
    return (
        capital or NeutralKingdom.objects.filter(capital=row).values_list("name", flat=True).first()
    )
