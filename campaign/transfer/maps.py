"""A map taken from a Warpost export, to set up a new campaign on it: the hexes with their
terrain and what they hold (features, fortifications, defenders), each kingdom's capital
and lands, the neutral kingdoms. Nothing of the campaign's history comes with it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from campaign.core.errors import Refused
from campaign.core.problems import problem_sentence
from campaign.models import Campaign, Hex
from campaign.transfer.document import MAP_TABLES, document_tables
from kingdoms.models import Kingdom, NeutralKingdom
from rules.battles.tabletop import secondary_terrains_problem
from rules.core.mapgen import KingdomPlan, MapPlan, NeutralPlan
from rules.core.state import Coord, Feature, Terrain

# What a hex holds besides its terrain and whose it is. Its turns of loot, edicts and
# unrest belong to the old campaign's calendar, and whether it is an orphan follows from
# the new one's borders.
HEX_CONTENTS = (
    "secondary_terrains", "explored", "scouted_only", "feature", "minor_feature", "defence",
    "watchtower", "defender_points", "defender_original_points", "defender_race",
)  # fmt: skip
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
HEX, KINGDOM, NEUTRAL = MAP_TABLES


@dataclass(frozen=True)
class MapImport:
    """What a new campaign takes from an export: the map plan the set-up lays out
    (campaign.campaigns.setup.map_plan_build), with the kingdoms' and neutral kingdoms'
    names, and each hex's contents."""

    name: str  # the exported campaign's, for a new campaign that names none
    plan: MapPlan
    contents: dict[Coord, dict]


def map_from_export(document: dict) -> MapImport:
    """The map of a Warpost export. A kingdom holding its capital is a seat of the new
    campaign, with the hexes it owns; a neutral kingdom holding its capital is placed
    again, hidden, with its hexes. Refused for a file that is not a Warpost export of
    this version, a broken one, or a map without a kingdom."""
    tables = document_tables(document, MAP_TABLES)
    coords, terrain, contents, owners, neutrals = {}, {}, {}, {}, {}
    for row in tables[HEX]:
        hex_ = _hex(row)
        if hex_.coord in terrain:
            raise Refused(
                _("This map is broken: hex %(coord)s is in it twice.") % {"coord": hex_.coord},
                field="map_file",
            )
        coords[row.get("id")] = hex_.coord
        terrain[hex_.coord] = Terrain(hex_.terrain)
        contents[hex_.coord] = {name: getattr(hex_, name) for name in HEX_CONTENTS}
        owners.setdefault(row.get("owner"), []).append(hex_.coord)
        neutrals.setdefault(row.get("neutral_kingdom"), []).append(hex_.coord)
    kingdoms = [
        _kingdom(row, coords.get(row.get("capital")), owners.get(row.get("id"), []))
        for row in tables[KINGDOM]
        if not row.get("eliminated")
    ]
    plan = MapPlan(
        terrain=terrain,
        kingdoms=[kingdom for kingdom in kingdoms if kingdom is not None],
        neutrals=[
            neutral
            for row in tables[NEUTRAL]
            if (neutral := _neutral(row, coords, neutrals.get(row.get("id"), []), contents))
        ],
    )
    if not plan.kingdoms:
        raise Refused(_("This map has no kingdom that holds its capital."), field="map_file")
    name = next((row.get("name") for row in document["tables"].get(Campaign._meta.label, [])), "")
    return MapImport(name if isinstance(name, str) else "", plan, contents)


def _hex(row: dict) -> Hex:
    """The hex the row describes, checked as the hex editor and the set-up would."""
    wanted = ("q", "r", "terrain", *HEX_CONTENTS)
    hex_ = Hex(**{name: row[name] for name in wanted if name in row})
    try:
        hex_.clean_fields(exclude=[f.name for f in Hex._meta.fields if f.name not in wanted])
    except ValidationError as error:
        raise _broken(row, " ".join(error.messages)) from None
    problem = secondary_terrains_problem(hex_.terrain, hex_.secondary_terrains or [])
    if not isinstance(hex_.secondary_terrains, list) or problem is not None:
        why = problem_sentence(problem) if problem else _("its secondary terrains are no list.")
        raise _broken(row, why)
    return hex_


def _kingdom(row: dict, capital: Coord | None, hexes: list[Coord]) -> KingdomPlan | None:
    if capital not in hexes:
        return None
    name = _checked(Kingdom, "name", row)
    colour = row.get("colour")
    colour = colour.lower() if isinstance(colour, str) and COLOUR.fullmatch(colour) else ""
    return KingdomPlan(capital=capital, hexes=hexes, name=name, colour=colour)


def _neutral(
    row: dict, coords: dict, hexes: list[Coord], contents: dict[Coord, dict]
) -> NeutralPlan | None:
    capital = coords.get(row.get("capital"))
    if capital not in hexes:
        return None  # taken as a Sworn Enemy: only a name in the chronicle
    features = {c: Feature(contents[c]["feature"]) for c in hexes if contents[c]["feature"]}
    return NeutralPlan(
        capital=capital,
        hexes=hexes,
        features=features,
        name=_checked(NeutralKingdom, "name", row),
        race=_checked(NeutralKingdom, "race", row),
    )


def _checked(model, name: str, row: dict) -> str:
    """The row's text for ``model``'s field ``name``, checked as the model checks it;
    none: the set-up names it."""
    value = row.get(name)
    if not value:
        return ""
    try:
        return model._meta.get_field(name).clean(value, None)
    except ValidationError as error:
        raise _broken(row, " ".join(error.messages)) from None


def _broken(row: dict, why: str) -> Refused:
    return Refused(
        _("This map is broken: in the row %(id)s, %(why)s") % {"id": row.get("id"), "why": why},
        field="map_file",
    )
