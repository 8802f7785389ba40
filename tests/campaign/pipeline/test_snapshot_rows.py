"""The snapshot's rows as the writeback sees them (campaign.pipeline.snapshot.Rows): read
as tuples, an instance built for the rows an applier touches, and only the rows changed
written back."""

from __future__ import annotations

import msgspec
import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext

from campaign.models import Hex
from campaign.pipeline.neighbourhood import neighbourhood_load
from campaign.pipeline.snapshot import snapshot_load
from campaign.pipeline.writeback import Writer
from kingdoms.models import Army, Character, Kingdom
from rules.core.state import CharacterState, Defence, Defender, Feature, HexState, Terrain

pytestmark = pytest.mark.django_db


def _updates(queries) -> list[str]:
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("UPDATE")]


def test_a_hex_an_applier_changed_is_saved_and_one_it_only_read_is_not(demo):
    """A-1.0.5: an explored hex is saved explored; a hex merely looked at costs no write."""
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    writer = Writer(snapshot, demo.turn)
    unexplored = sorted(c for c, h in snapshot.world.hexes.items() if not h.explored)
    changed, untouched = unexplored[:2]
    writer.hex(changed).explored = True
    writer.hex(untouched)  # marked, but left as it was
    with CaptureQueriesContext(connection) as queries:
        writer._save_rows()
    assert len(_updates(queries.captured_queries)) == 1  # the hexes' one statement
    assert Hex.objects.get(campaign=demo.campaign, q=changed[0], r=changed[1]).explored
    assert not Hex.objects.get(campaign=demo.campaign, q=untouched[0], r=untouched[1]).explored


def test_a_step_that_changes_nothing_writes_no_row(demo):
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    writer = Writer(snapshot, demo.turn)
    kingdom_id = next(iter(snapshot.world.kingdoms))
    writer.kingdom(kingdom_id)
    writer.army(next(iter(snapshot.world.armies)))
    with CaptureQueriesContext(connection) as queries:
        writer._save_rows()
    assert _updates(queries.captured_queries) == []


def test_a_fallback_capital_added_in_place_is_saved(demo):
    """E-23: the kingdom's fallback list, a JSON value an applier may append to, is
    compared with the row as loaded, not with itself."""
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    writer = Writer(snapshot, demo.turn)
    kingdom = writer.kingdom(next(iter(snapshot.world.kingdoms)))
    before = list(kingdom.fallback_capitals or [])
    kingdom.fallback_capitals = kingdom.fallback_capitals or []
    kingdom.fallback_capitals.append([0, 0])
    writer._save_rows()
    assert Kingdom.objects.get(pk=kingdom.pk).fallback_capitals == [*before, [0, 0]]


def test_the_characters_of_an_army_follow_a_change_made_during_the_step(demo):
    """E-29: a battle keeps the armies' active characters as they are at that moment."""
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    character = Character.objects.filter(kingdom__campaign=demo.campaign, army__isnull=False)[0]
    characters = snapshot.characters
    assert character.pk in characters.keys_where(army_id=character.army_id)
    characters[character.pk].status = Character.Status.DEAD
    assert character.pk not in characters.keys_where(
        army_id=character.army_id, status=Character.Status.ACTIVE
    )
    assert len(characters._built) == 1  # only the character changed was built
    # Table 16, E-28: a General who takes over another army is found with it, not his own
    other = Army.objects.filter(kingdom__campaign=demo.campaign).exclude(pk=character.army_id)[0]
    mover = characters[character.pk]
    mover.status, mover.army_id = Character.Status.ACTIVE, other.pk
    assert character.pk in characters.keys_where(army_id=other.pk, status="active")
    assert character.pk not in characters.keys_where(army_id=character.army_id)


def test_an_army_has_the_characters_moved_to_it_before_it_was_first_asked_for(demo):
    """Table 16, E-28: a General moved to another army before any battle asked for the
    characters of an army is found with his new army, and with it alone, each time."""
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    character = Character.objects.filter(kingdom__campaign=demo.campaign, army__isnull=False)[0]
    other = Army.objects.filter(kingdom__campaign=demo.campaign).exclude(pk=character.army_id)[0]
    characters = snapshot.characters
    characters[character.pk].army_id = other.pk
    for _ in range(2):
        assert character.pk in characters.keys_where(army_id=other.pk, status="active")
        assert character.pk not in characters.keys_where(army_id=character.army_id)


def test_the_snapshots_hexes_are_those_their_keywords_build(demo):
    """The snapshot gives each hex's state its fields by position (keywords cost a large
    map's snapshot three times as much): each is equal to the one ``HexState``'s keywords
    make from the hex's row as the ORM loads it. Between them the map's hexes give every
    field a value other than its default, so that a field added to HexState, or moved,
    and forgotten by the snapshot fails here rather than in a step."""
    unowned = Hex.objects.filter(campaign=demo.campaign, owner=None)
    explored = unowned.first()
    explored.explored, explored.defender_points, explored.defender_race = True, 120, "orcs"
    explored.scouted_only, explored.watchtower, explored.is_orphan = True, True, True
    explored.save()
    featured = unowned.exclude(pk=explored.pk).first()
    featured.feature, featured.minor_feature, featured.defence = "city", "shrine", "fortress"
    featured.defender_points, featured.defender_original_points = 300, 500
    featured.looted_turn, featured.edict_turn = 1, 4
    featured.unrest_from, featured.unrest_until = 2, 3
    featured.save()
    hexes = snapshot_load(demo.campaign, demo.turn.number).world.hexes
    for field in msgspec.structs.fields(HexState):
        assert any(getattr(h, field.name) != field.default for h in hexes.values()), field.name
    for state in hexes.values():
        assert hash(state) == hash(msgspec.structs.replace(state))
    rows = Hex.objects.filter(campaign=demo.campaign)
    assert hexes == {h.coord: _hex_state(h) for h in rows}
    assert list(hexes) == [h.coord for h in rows]  # the map's order, which the engine keeps


def _hex_state(h: Hex) -> HexState:
    """The hex's state made by its keywords from its model instance."""
    return HexState(
        coord=(h.q, h.r),
        terrain=Terrain(h.terrain),
        owner=h.owner_id,
        neutral_kingdom=h.neutral_kingdom_id,
        home_neutral_kingdom=h.home_neutral_kingdom_id,
        explored=h.explored,
        scouted_only=h.scouted_only,
        feature=Feature(h.feature) if h.feature else None,
        minor_feature=h.minor_feature or None,
        defence=Defence(h.defence) if h.defence else None,
        watchtower=h.watchtower,
        defender=(
            Defender(
                h.defender_points, h.defender_original_points or h.defender_points, h.defender_race
            )
            if h.defender_points is not None
            else None
        ),
        orphan=h.is_orphan,
        looted_turn=h.looted_turn,
        edict_turn=h.edict_turn,
        unrest_from=h.unrest_from,
        unrest_until=h.unrest_until,
    )


def test_a_hexs_secondary_terrains_unread_by_the_snapshot_are_read_on_use(demo):
    """Q16: the World has no secondary terrains, and the snapshot does not read them; a
    hex's row built for the writeback (a battle's hex) still has them, read when asked."""
    forest = Hex.objects.filter(campaign=demo.campaign, terrain="forest").first()
    Hex.objects.filter(pk=forest.pk).update(secondary_terrains=["swamp"])
    snapshot = snapshot_load(demo.campaign, demo.turn.number)
    assert "secondary_terrains" not in snapshot.hexes.read[forest.coord]._fields
    row = snapshot.hexes[forest.coord]
    assert row.get_deferred_fields() == {"secondary_terrains"}
    assert row.secondary_terrains == ["swamp"]


def test_the_snapshots_characters_are_those_their_keywords_build(demo):
    """The snapshot gives each character's state its fields by position, as a hex's:
    each equals the one ``CharacterState``'s keywords make from the character's row as
    the ORM loads it, a neutral kingdom's General's too (E-20). Between them the
    characters give every field a value other than its default."""
    hurt = Character.objects.filter(kingdom__campaign=demo.campaign).first()
    hurt.profile, hurt.stat_deltas, hurt.skills = {"m": 4}, {"m": -1}, ["hardened"]
    hurt.xp, hurt.shaken_until_turn, hurt.is_wizard, hurt.wizard_level = 3, 2, True, 1
    hurt.generalship, hurt.tactician, hurt.is_grand_marshal = 2, True, True
    hurt.status = Character.Status.RETIRED
    hurt.save()
    characters = snapshot_load(demo.campaign, demo.turn.number).world.characters
    rows = Character.objects.filter(
        Q(kingdom__campaign=demo.campaign) | Q(neutral_kingdom__campaign=demo.campaign)
    )
    assert any(c.neutral_kingdom_id is not None for c in characters.values())
    for field in msgspec.structs.fields(CharacterState):
        assert any(getattr(c, field.name) != field.default for c in characters.values()), field
    assert characters == {c.pk: _character_state(c) for c in rows}


def _character_state(c: Character) -> CharacterState:
    """The character's state made by its keywords from its model instance."""
    return CharacterState(
        id=c.pk,
        name=c.name,
        kingdom_id=c.kingdom_id,
        army_id=c.army_id,
        xp=c.xp,
        generalship=c.generalship,
        is_general=c.is_general,
        is_grand_marshal=c.is_grand_marshal,
        tactician=c.tactician,
        neutral_kingdom_id=c.neutral_kingdom_id,
        status=c.status,
        profile=c.profile or {},
        deltas=c.stat_deltas or {},
        skills=tuple(c.skills or ()),
        is_wizard=c.is_wizard,
        wizard_level=c.wizard_level,
        shaken_until=c.shaken_until_turn,
    )


def test_a_neighbourhoods_hexes_are_those_of_the_whole_map(demo):
    """The order path's snapshot (campaign.pipeline.neighbourhood) reads part of the map
    the same way: each hex it holds has the whole map's state and row, in the map's
    order."""
    whole = snapshot_load(demo.campaign, demo.turn.number)
    kingdom = next(iter(whole.world.kingdoms.values()))
    part = neighbourhood_load(
        demo.campaign, demo.turn.number, kingdom.id, around=[kingdom.capital], radius=1
    )
    coords = list(part.world.hexes)
    assert 0 < len(coords) < len(whole.world.hexes)
    assert coords == [c for c in whole.world.hexes if c in part.world.hexes]
    assert part.world.hexes == {c: whole.world.hexes[c] for c in coords}
    assert [part.hexes.read[c] for c in coords] == [whole.hexes.read[c] for c in coords]
    assert part.coord_of == {pk: c for pk, c in whole.coord_of.items() if c in part.world.hexes}
