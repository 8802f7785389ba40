"""Rows written in bulk (campaign.core.bulk.rows_insert, columns_insert, rows_create,
rows_update) read back as saved ones do: COPY on PostgreSQL, one prepared INSERT
elsewhere; one INSERT from arrays returning the ids; one UPDATE from a list of values."""

import math

import pytest
from django.db.models import signals
from django.utils import timezone

from campaign.chronicle.services import chronicle_entries_for, chronicle_entry
from campaign.core.bulk import (
    columns_insert,
    row_instance,
    rows_create,
    rows_insert,
    rows_load,
    rows_update,
)
from campaign.models import Campaign, Hex, Turn, TurnEvent
from kingdoms.models import Character, Kingdom, NeutralKingdom
from rules.core import events as ev
from rules.core.dice import Roll
from rules.core.state import DefenderKind, Feature, Role
from rules.core.tables import ScoutLevel
from rules.turn.visibility import Context, audience

pytestmark = pytest.mark.django_db


def test_hexes_written_in_bulk_keep_their_terrain_owner_and_secondary_terrains():
    """A-1.1.1, Q16, A-1.2.1: each hex a set-up writes in bulk reads back with its terrain,
    its secondary terrains (a list) and its owner, the others with the defaults a saved
    hex has (unexplored, nobody's)."""
    campaign = Campaign.objects.create(name="Bulk")
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland")
    rows_insert(
        Hex,
        [
            Hex(campaign=campaign, q=0, r=0, terrain="river", owner=kingdom, explored=True),
            Hex(campaign=campaign, q=1, r=0, terrain="forest", secondary_terrains=["swamp"]),
            *(Hex(campaign=campaign, q=q, r=1, terrain="sea") for q in range(50)),
        ],
    )
    hexes = {(h.q, h.r): h for h in Hex.objects.filter(campaign=campaign)}
    assert len(hexes) == 52
    capital, wood = hexes[(0, 0)], hexes[(1, 0)]
    assert (capital.terrain, capital.owner, capital.explored) == ("river", kingdom, True)
    assert (wood.secondary_terrains, wood.owner, wood.explored) == (["swamp"], None, False)
    assert all(hexes[(q, 1)].terrain == "sea" for q in range(50))


def test_campaigns_written_in_bulk_get_their_creation_time_and_house_rules():
    """A rule the GM set (the ruleset's overrides, a JSON object) and the time the
    campaign was created are written as a save writes them."""
    before = timezone.now()
    rows_insert(Campaign, [Campaign(name="Bulk", ruleset_overrides={"options": {"x": 1}})])
    campaign = Campaign.objects.get(name="Bulk")
    assert campaign.ruleset_overrides == {"options": {"x": 1}}
    assert before <= campaign.created_at <= timezone.now()


def test_nothing_to_write_writes_nothing(django_assert_num_queries):
    turn = Turn.objects.create(campaign=Campaign.objects.create(name="Bulk"), number=1)
    with django_assert_num_queries(0):
        rows_insert(Hex, [])
        rows_insert(Hex, iter(()))
        assert rows_update(Hex, ["owner"], []) == 0
        columns_insert(TurnEvent, chronicle_entries_for(turn, [], Context()))
    assert not Hex.objects.exists()


def test_chronicle_entries_written_in_bulk_read_in_the_order_they_happened():
    """The chronicle reads its entries in the order the step wrote them (TurnEvent's
    ordering by id), each with its audience (E-29: the kingdoms that see it, the fields
    only they see)."""
    campaign = Campaign.objects.create(name="Bulk")
    turn = Turn.objects.create(campaign=campaign, number=1)
    kinds = [f"Kind{n}" for n in range(30)]
    rows_insert(
        TurnEvent,
        [
            chronicle_entry(turn, kind, {"n": n}, kingdom_ids=[n % 3], secret=["points"] * (n % 2))
            for n, kind in enumerate(kinds)
        ],
    )
    entries = list(TurnEvent.objects.filter(turn=turn))
    assert [e.kind for e in entries] == kinds
    assert [e.payload["n"] for e in entries] == list(range(30))
    assert (entries[4].kingdom_ids, entries[4].secret_fields, entries[4].public) == ([1], [], False)
    assert entries[5].secret_fields == ["points"]
    assert all(e.created_at is not None and e.campaign_id == campaign.pk for e in entries)


def test_a_steps_chronicle_written_column_by_column_holds_what_the_orm_saves():
    """E-29: the chronicle a step writes without a model instance an entry
    (chronicle_entries_for, then columns_insert) holds what the ORM's save of the same
    entries holds: each one's kind, rule, dice and payload (enums by value, tuples as
    lists, a scout's facts), who reads it and which fields only they read; all of them
    stamped with the time they were written."""
    campaign = Campaign.objects.create(name="Bulk")
    fast, saved = (Turn.objects.create(campaign=campaign, number=n) for n in (1, 2))
    events = [
        ev.BattleDeclared(
            rule="A-2.3",
            hex=(3, 0),
            defender_kind=DefenderKind.PATROL,
            attacker_kingdom_id=2,
            attacker_army_ids=(7, 8),
            attacker_points=1500,
            defender_kingdom_id=1,
            defender_army_ids=(3,),
            defender_points=1000,
        ),
        ev.HexExplored(
            rule="Table 7",
            rolls=(Roll("Table 7 exploration at (3, 0)", 6, 4),),
            hex=(3, 0),
            feature=Feature.CITY,
            minor_feature=None,
            defender_points=300,
            neutral_kingdom_id=5,
            explorer_kingdom_ids=(2,),
        ),
        ev.HexScouted(
            rule="Table 8",
            army_id=7,
            kingdom_id=2,
            hex=(4, 0),
            origin=(3, 0),
            level=ScoutLevel.LOST,
            total=1,
            facts={"feature": "town", "defender_points": 200},
        ),
        ev.ArmyMoved(rule="E-32", army_id=7, hex=(3, 0)),
        ev.Announcement(rule="Table 31", text="Plague", kingdom_ids=(2, 1)),
    ]
    context = Context(army_kingdom={7: 2, 8: 2})
    before = timezone.now()
    columns_insert(TurnEvent, chronicle_entries_for(fast, events, context))
    after = timezone.now()
    for event in events:  # as the chronicle's entries were saved one by one
        seen_by = audience(event, context)
        payload = event.to_dict()
        chronicle_entry(
            saved,
            payload.pop("type"),
            payload,
            rule=payload.pop("rule"),
            public=seen_by.public,
            kingdom_ids=seen_by.kingdom_ids,
            secret=seen_by.secret,
        ).save()

    def written(turn: Turn) -> list[tuple]:
        columns = ["campaign", "kind", "rule", "payload", "public", "kingdom_ids", "secret_fields"]
        return list(TurnEvent.objects.filter(turn=turn).values_list(*columns))

    assert written(fast) == written(saved)
    assert len(written(fast)) == len(events)
    stamps = set(TurnEvent.objects.filter(turn=fast).values_list("created_at", flat=True))
    assert len(stamps) == 1 and before <= stamps.pop() <= after


def test_rows_written_in_bulk_hold_what_the_orms_save_of_them_holds():
    """A-1.0.5, Table 7, Q16, Table 14: hexes and characters inserted and changed in bulk
    hold what the ORM's save of their twins holds: a kingdom by its id, an enum member
    by its value, a cleared value as NULL, lists and objects as given."""
    campaign = Campaign.objects.create(name="Bulk")
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland")

    def twins(q: int) -> Hex:
        return Hex(campaign=campaign, q=q, r=0, terrain="plains", defender_points=300)

    rows_insert(Hex, [twins(q) for q in range(3)])
    Hex.objects.bulk_create([twins(q) for q in range(3, 6)])
    hexes = list(Hex.objects.filter(campaign=campaign).order_by("q"))
    for row in hexes[::3]:
        row.owner, row.explored, row.feature = kingdom, True, Feature.CITY
        row.secondary_terrains, row.defender_points = ["swamp"], None
    for row in hexes[1::3]:
        row.feature, row.minor_feature = "town", "well"
    fields = ["owner", "explored", "feature", "minor_feature", "secondary_terrains"]
    rows_update(Hex, [*fields, "defender_points"], hexes[:3])
    for row in hexes[3:]:
        row.save(update_fields=[*fields, "defender_points"])
    read = list(Hex.objects.filter(campaign=campaign).order_by("q").values_list(*fields, "r"))
    assert read[:3] == read[3:]
    assert read[0] == (kingdom.pk, True, "city", "", ["swamp"], 0)

    def general(name: str) -> Character:
        status = Character.Status.ACTIVE
        return Character(kingdom=kingdom, name=name, status=status, stat_deltas={"m": -1})

    rows_insert(Character, [general("Bulk")])
    Character.objects.bulk_create([general("Saved")])
    read = {
        name: rest
        for name, *rest in Character.objects.filter(kingdom=kingdom).values_list(
            "name", "status", "stat_deltas", "skills", "xp", "army"
        )
    }
    assert read["Bulk"] == read["Saved"] == ["active", {"m": -1}, [], 0, None]


def test_battles_updated_in_bulk_hold_what_the_orms_save_of_them_holds():
    """§3 6c, E-24, E-29: battles resolved in one update, and the armies each side saw,
    hold what the ORM's save of their twins holds: a winner's role by its value, a
    result of any characters, a JSON list with a null in it, a cleared JSON value as
    NULL, a report deadline as the same moment."""
    from battles.models import Battle, BattleSide

    campaign = Campaign.objects.create(name="Bulk")
    turn = Turn.objects.create(campaign=campaign, number=1)
    place = Hex.objects.create(campaign=campaign, q=0, r=0, terrain="plains")
    battles = [
        Battle.objects.create(turn=turn, hex=place, seq=seq, defender_kind="player")
        for seq in range(1, 5)
    ]
    sides = [BattleSide.objects.create(battle=b, role="defender", points=1) for b in battles]
    deadline = timezone.now()
    for battle, side in zip(battles[::2], sides[::2], strict=True):
        battle.resolved, battle.winner, battle.mode = True, Role.ATTACKER, "tabletop"
        battle.result, battle.terrain = '"a", {b} \\ NULL ✓', ["hill", None]
        battle.report_deadline, side.armies_seen = deadline, [3, None]
    for battle, side in zip(battles[1::2], sides[1::2], strict=True):
        battle.result, battle.terrain, battle.report_deadline = "NULL", [], None
        side.armies_seen = None
    fields = ["resolved", "winner", "mode", "result", "terrain", "report_deadline"]
    rows_update(Battle, fields, battles[:2])
    rows_update(BattleSide, ["armies_seen"], sides[:2])
    for battle, side in zip(battles[2:], sides[2:], strict=True):
        battle.save(update_fields=fields)
        side.save(update_fields=["armies_seen"])
    read = list(Battle.objects.filter(turn=turn).order_by("seq").values_list(*fields))
    seen = list(BattleSide.objects.order_by("battle__seq").values_list("armies_seen", flat=True))
    assert read[:2] == read[2:] and seen[:2] == seen[2:]
    assert read[0][1:5] == ("attacker", "tabletop", '"a", {b} \\ NULL ✓', ["hill", None])
    assert read[0][5] == deadline and read[1][3:] == ("NULL", [], None)
    assert seen[:2] == [[3, None], None]
    assert BattleSide.objects.filter(armies_seen__isnull=True).count() == 2


def test_land_given_to_a_kingdom_before_it_was_saved_is_written_as_its_own():
    """A-1.2.1, A-1.4.2: a set-up hands each kingdom and neutral kingdom its land before
    they have ids, then writes the land in one update: each hex reads back as theirs, the
    fields not named are left as they were."""
    campaign = Campaign.objects.create(name="Bulk")
    rows_insert(Hex, [Hex(campaign=campaign, q=q, r=0, terrain="plains") for q in range(6)])
    hexes = list(Hex.objects.filter(campaign=campaign).order_by("q"))
    kingdom = Kingdom(campaign=campaign, name="Averland", capital=hexes[0])
    neutral = NeutralKingdom(campaign=campaign, name="Grey Vaults", capital=hexes[3])
    for row in hexes[:3]:
        row.owner, row.explored, row.terrain = kingdom, True, "sea"
    for row in hexes[3:5]:
        row.neutral_kingdom = row.home_neutral_kingdom = neutral
    hexes[0].feature = "city"
    kingdom.save()
    neutral.save()
    assert rows_update(Hex, ["owner", "explored", "feature"], hexes[:3]) == 3
    rows_update(Hex, ["neutral_kingdom", "home_neutral_kingdom"], hexes[3:5])
    read = list(Hex.objects.filter(campaign=campaign).order_by("q"))
    assert [(h.owner_id, h.explored) for h in read] == [(kingdom.pk, True)] * 3 + [
        (None, False)
    ] * 3
    assert [h.neutral_kingdom_id for h in read] == [None] * 3 + [neutral.pk] * 2 + [None]
    assert [h.home_neutral_kingdom_id for h in read][3:5] == [neutral.pk] * 2
    assert read[0].feature == "city" and {h.terrain for h in read} == {"plains"}


def test_a_characters_wounds_skills_and_shaken_turns_written_in_bulk_read_back():
    """Tables 13–15: a post-battle roll's wounds (a JSON object), skills (a JSON list) and
    Shaken turns written in one update read back as given; one cleared (None, an empty
    list) reads back cleared, and a character not named keeps his."""
    campaign = Campaign.objects.create(name="Bulk")
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland")
    hurt, healed, untouched = (
        Character.objects.create(
            kingdom=kingdom, name=name, skills=["tactician"], shaken_until_turn=2
        )
        for name in ("Hurt", "Healed", "Untouched")
    )
    hurt.stat_deltas, hurt.skills, hurt.shaken_until_turn = {"m": -1, "ws": -1}, ["a", "b"], 4
    healed.stat_deltas, healed.skills, healed.shaken_until_turn = {}, [], None
    rows_update(Character, ["stat_deltas", "skills", "shaken_until_turn"], [hurt, healed])
    read = {c.name: c for c in Character.objects.filter(kingdom=kingdom)}
    assert (read["Hurt"].stat_deltas, read["Hurt"].skills) == ({"m": -1, "ws": -1}, ["a", "b"])
    assert read["Hurt"].shaken_until_turn == 4
    assert (read["Healed"].stat_deltas, read["Healed"].skills) == ({}, [])
    assert read["Healed"].shaken_until_turn is None
    assert (read["Untouched"].skills, read["Untouched"].shaken_until_turn) == (["tactician"], 2)


def test_rows_written_in_bulk_take_one_statement_however_many_they_are(
    django_assert_num_queries,
):
    """A step that changes ten thousand hexes writes them in one statement on PostgreSQL,
    as it writes one; SQLite takes them in batches within its limit of parameters."""
    from django.db import connection

    campaign = Campaign.objects.create(name="Bulk")
    rows_insert(Hex, [Hex(campaign=campaign, q=q, r=0, terrain="plains") for q in range(3000)])
    hexes = list(Hex.objects.filter(campaign=campaign))
    for row in hexes:
        row.explored = True
    # SQLite: 999 parameters a statement, two a row (its id, explored)
    statements = 1 if connection.vendor == "postgresql" else math.ceil(len(hexes) / (999 // 2))
    with django_assert_num_queries(statements):
        rows_update(Hex, ["explored"], hexes)
    assert not Hex.objects.filter(campaign=campaign, explored=False).exists()


def test_rows_of_several_tables_written_at_once_read_back_as_written(
    django_assert_num_queries,
):
    """A step writes the hexes, kingdoms and characters it changed in one statement on
    PostgreSQL (one a table on SQLite): each row reads back as written, the rows not
    named as they were. A table named twice is refused: of two changes to one of its
    rows in one statement, one would be lost."""
    from django.db import connection

    from campaign.core.bulk import rows_update_all

    campaign = Campaign.objects.create(name="Bulk")
    rows_insert(Hex, [Hex(campaign=campaign, q=q, r=0, terrain="plains") for q in range(4)])
    hexes = list(Hex.objects.filter(campaign=campaign).order_by("q"))
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland", power=5)
    general = Character.objects.create(kingdom=kingdom, name="Gerhard", xp=1)
    for row in hexes[:2]:
        row.owner, row.explored = kingdom, True
    kingdom.power = 3
    general.xp, general.skills = 4, ["tactician"]
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 3):
        rows_update_all(
            [
                (Hex, ["owner", "explored"], hexes[:2]),
                (Kingdom, ["power"], [kingdom]),
                (NeutralKingdom, ["ally"], []),
                (Character, ["xp", "skills"], [general]),
            ]
        )
    read = list(Hex.objects.filter(campaign=campaign).order_by("q"))
    assert [(h.owner_id, h.explored) for h in read] == [(kingdom.pk, True)] * 2 + [
        (None, False)
    ] * 2
    assert Kingdom.objects.get(pk=kingdom.pk).power == 3
    assert Character.objects.filter(pk=general.pk).values_list("xp", "skills").get() == (
        4,
        ["tactician"],
    )
    with pytest.raises(ValueError, match="each table once"):
        rows_update_all([(Hex, ["explored"], hexes[:1]), (Hex, ["owner"], hexes[1:2])])


def test_a_text_too_long_for_its_column_is_refused_not_cut():
    """Written in bulk, a text longer than its column holds is refused, as the ORM's save
    refuses it on PostgreSQL, and nothing of the statement is written; never cut short
    without a word. (SQLite keeps any length, by bulk or by save.)"""
    from django.db import DataError, connection, transaction

    from battles.models import Battle

    if connection.vendor != "postgresql":
        pytest.skip("SQLite does not hold a text to its column's length")
    campaign = Campaign.objects.create(name="Bulk")
    hexes = list(Hex.objects.bulk_create([Hex(campaign=campaign, q=q, r=0) for q in range(2)]))
    hexes[0].minor_feature, hexes[1].minor_feature = "Old Mill", "x" * 41  # 40 at most
    with pytest.raises(DataError), transaction.atomic():
        rows_update(Hex, ["minor_feature"], hexes)
    assert set(Hex.objects.filter(campaign=campaign).values_list("minor_feature", flat=True)) == {
        ""
    }
    turn = Turn.objects.create(campaign=campaign, number=1)
    long_mode = "x" * (Battle._meta.get_field("mode").max_length + 1)
    with pytest.raises(DataError), transaction.atomic():
        rows_create(Battle, [Battle(turn=turn, hex=hexes[0], seq=1, mode=long_mode)])
    assert not Battle.objects.filter(turn=turn).exists()


def test_rows_created_in_bulk_are_what_bulk_create_makes(demo, django_assert_num_queries):
    """§3 step 3e: the battles a step declares and their sides, made by ``rows_create``
    (one statement a table, their ids read back for the rows that point to them), are
    the rows bulk_create makes of twin instances: the defaults, a JSON value, a choice
    given as its enum, each id set on its own instance."""
    from battles.models import Battle, BattleSide
    from rules.core.state import DefenderKind, Role

    hexes = list(Hex.objects.filter(campaign=demo.campaign).order_by("q", "r")[:3])
    kingdom = demo.kingdoms["alice"]

    def battles(first_seq: int) -> list[Battle]:
        return [
            Battle(turn=demo.turn, hex=hexes[0], seq=first_seq, defender_kind=DefenderKind.PATROL),
            Battle(
                turn=demo.turn,
                hex_id=hexes[1].pk,
                seq=first_seq + 1,
                defender_kind=DefenderKind.UNDEFENDED,
                terrain=[{"source": "table 26", "piece": "hill", "roll": 4}],
            ),
        ]

    def sides(made: list[Battle]) -> list[BattleSide]:
        return [BattleSide(battle=b, role=Role.ATTACKER, kingdom=kingdom, points=9) for b in made]

    twins = Battle.objects.bulk_create(battles(1))
    twin_sides = BattleSide.objects.bulk_create(sides(twins))
    with django_assert_num_queries(2):
        made = rows_create(Battle, battles(3))
        made_sides = rows_create(BattleSide, sides(made))

    def read(rows: list) -> list[dict]:
        model = type(rows[0])
        stored = model.objects.in_bulk([row.pk for row in rows])
        return [
            {f.attname: getattr(stored[row.pk], f.attname) for f in model._meta.concrete_fields}
            for row in rows
        ]

    assert [row.seq for row in made] == [3, 4]
    assert [row.battle_id for row in made_sides] == [row.pk for row in made]
    different = {"id", "seq", "battle_id"}
    for ours, theirs in [(read(made), read(twins)), (read(made_sides), read(twin_sides))]:
        assert [{k: v for k, v in row.items() if k not in different} for row in ours] == [
            {k: v for k, v in row.items() if k not in different} for row in theirs
        ]
    assert not made[0]._state.adding
    with django_assert_num_queries(0):
        assert rows_create(Battle, []) == []


def test_land_given_to_a_kingdom_never_saved_is_refused():
    """A hex handed to a kingdom that was never saved is refused by name rather than
    written as nobody's."""
    campaign = Campaign.objects.create(name="Bulk")
    row = Hex.objects.create(campaign=campaign, q=0, r=0, terrain="plains")
    row.owner = Kingdom(campaign=campaign, name="Averland")
    with pytest.raises(ValueError, match="owner"):
        rows_update(Hex, ["owner"], [row])


def test_rows_read_in_bulk_keep_their_json_each_row_its_own():
    """Q16, Table 14: a hex read in bulk (campaign.core.bulk.rows_load, the turn step's snapshot)
    has its secondary terrains as saved, an empty list where it has none; each row's
    list is its own, so that a step changing one hex's changes no other's; a character's
    injuries and skills likewise."""
    campaign = Campaign.objects.create(name="Bulk")
    rows_insert(
        Hex,
        [
            Hex(campaign=campaign, q=0, r=0, terrain="forest", secondary_terrains=["swamp"]),
            *(Hex(campaign=campaign, q=q, r=0, terrain="plains") for q in range(1, 4)),
        ],
    )
    rows = sorted(rows_load(Hex.objects.filter(campaign=campaign)), key=lambda row: row.q)
    assert [row.secondary_terrains for row in rows] == [["swamp"], [], [], []]
    rows[1].secondary_terrains.append("hills")
    assert [row.secondary_terrains for row in rows[2:]] == [[], []]
    kingdom = Kingdom.objects.create(campaign=campaign, name="Averland")
    Character.objects.create(kingdom=kingdom, name="Hurt", stat_deltas={"m": -1})  # Table 14
    Character.objects.create(kingdom=kingdom, name="Whole")
    read = rows_load(Character.objects.filter(kingdom=kingdom).order_by("name"))
    assert [(c.name, c.stat_deltas, c.skills) for c in read] == [
        ("Hurt", {"m": -1}, []),
        ("Whole", {}, []),
    ]


def test_a_row_read_in_bulk_is_the_instance_the_orm_loads(demo):
    """A turn step's rows (campaign.core.bulk.row_instance) are the instances the ORM loads,
    field for field, saved, of the same database; a column not read is loaded on use.
    They are built without the model's ``__init__``: none of their models may listen to
    its signals."""
    from kingdoms.models import Army

    campaign = demo.campaign
    rows = {
        Hex: Hex.objects.filter(campaign=campaign, owner__isnull=False),
        Kingdom: Kingdom.objects.filter(campaign=campaign),
        Army: Army.objects.filter(kingdom__campaign=campaign),
        Character: Character.objects.filter(kingdom__campaign=campaign),
        NeutralKingdom: NeutralKingdom.objects.filter(campaign=campaign),
    }
    for model, queryset in rows.items():
        loaded = queryset.order_by("pk").first()
        [read] = rows_load(model.objects.filter(pk=loaded.pk))
        row = row_instance(model, read._fields, read)
        assert _fields_of(row) == _fields_of(loaded), model
        assert (row._state.adding, row._state.db) == (False, loaded._state.db)
        assert not signals.pre_init.has_listeners(model)
        assert not signals.post_init.has_listeners(model)
    hex_ = rows[Hex].order_by("pk").first()
    row = row_instance(Hex, ("r", "id", "q"), (hex_.r, hex_.pk, hex_.q))
    assert (row.pk, row.q, row.r) == (hex_.pk, hex_.q, hex_.r)
    assert "terrain" in row.get_deferred_fields()
    assert (row.terrain, row.owner_id) == (hex_.terrain, hex_.owner_id)  # read on use


def _fields_of(row) -> dict:
    return {name: value for name, value in vars(row).items() if name != "_state"}


def _army_with_everything(demo, name: str):
    """One of the demo's armies with a row of each kind that points to an army: its
    General (a character), an order, a scouting report, a place on a battle's side
    among its armies and its patrol choices."""
    from battles.models import Battle, BattleSide
    from kingdoms.models import Army
    from kingdoms.orders.models import Order, ScoutReport

    kingdom = demo.kingdoms[name]
    army = Army.objects.filter(kingdom=kingdom).order_by("id").first()
    capital = kingdom.capital
    Order.objects.create(turn=demo.turn, army=army, kind="patrol", target=capital)
    ScoutReport.objects.create(kingdom=kingdom, army=army, hex=capital, turn=demo.turn)
    seq = Battle.objects.filter(turn=demo.turn).count() + 1
    battle = Battle.objects.create(turn=demo.turn, hex=capital, seq=seq, defender_kind="player")
    side = BattleSide.objects.create(battle=battle, role="defender", kingdom=kingdom, points=1)
    side.armies.add(army)
    side.patrol_choices.add(army)
    return army, side


def _what_points_to(army, side) -> dict:
    from kingdoms.orders.models import Order, ScoutReport

    return {
        "army": type(army).objects.filter(pk=army.pk).exists(),
        "characters": Character.objects.filter(army_id=army.pk).count(),
        "orders": Order.objects.filter(army_id=army.pk).count(),
        "reports without army": ScoutReport.objects.filter(
            kingdom_id=army.kingdom_id, army=None
        ).count(),
        "side's armies": side.armies.count(),
        "side's patrol choices": side.patrol_choices.count(),
    }


def test_armies_deleted_in_bulk_leave_what_the_orms_delete_leaves(demo):
    """Table 5, B 3.3: an army destroyed in a step goes with its order and its place in
    the turn's battles; its General stays in the kingdom without an army, its scouting
    reports stay with the kingdom. ``rows_delete`` leaves exactly what the ORM's delete
    of a twin army leaves."""
    from campaign.core.bulk import rows_delete

    by_rows, by_rows_side = _army_with_everything(demo, sorted(demo.kingdoms)[0])
    by_orm, by_orm_side = _army_with_everything(demo, sorted(demo.kingdoms)[1])
    kept = type(by_rows).objects.exclude(pk__in=[by_rows.pk, by_orm.pk]).count()
    assert Character.objects.filter(army_id=by_rows.pk).exists()

    rows_delete(type(by_rows), [by_rows.pk])
    type(by_orm).objects.filter(pk=by_orm.pk).delete()

    expected = {
        "army": False,
        "characters": 0,
        "orders": 0,
        "reports without army": 1,
        "side's armies": 0,
        "side's patrol choices": 0,
    }
    assert _what_points_to(by_rows, by_rows_side) == _what_points_to(by_orm, by_orm_side)
    assert _what_points_to(by_rows, by_rows_side) == expected
    assert type(by_rows).objects.count() == kept


def test_armies_deleted_in_bulk_take_as_many_statements_for_one_as_for_all(
    demo, django_assert_num_queries
):
    """A step that destroys one army and one that destroys every army send the same
    statements: on PostgreSQL one, which clears or deletes what points to the armies in
    each of the seven tables that do and deletes the armies; on SQLite one per table and
    the armies' own. Nothing is left pointing to an army that is gone: the foreign keys,
    checked before the commit would check them, hold."""
    from django.db import connection

    from campaign.core.bulk import rows_delete
    from kingdoms.models import Army

    ids = list(Army.objects.filter(kingdom__campaign=demo.campaign).values_list("pk", flat=True))
    assert len(ids) > 1
    statements = 1 if connection.vendor == "postgresql" else 8  # seven tables point to an army
    with django_assert_num_queries(statements):
        rows_delete(Army, ids[:1])
    with django_assert_num_queries(statements):
        rows_delete(Army, ids[1:])
    connection.check_constraints()
    assert not Army.objects.filter(kingdom__campaign=demo.campaign).exists()
    assert (
        Character.objects.filter(kingdom__campaign=demo.campaign, army__isnull=False).count() == 0
    )


def test_rows_with_a_protected_relation_are_deleted_by_the_orm(demo):
    """A kingdom's deletion goes on through its armies to their orders and reports, and
    sets its hexes free: ``rows_delete`` leaves such a cascade to the ORM, which knows
    the whole of it."""
    from campaign.core.bulk import rows_delete

    kingdom = demo.kingdoms[sorted(demo.kingdoms)[0]]
    rows_delete(Kingdom, [kingdom.pk])
    assert not Kingdom.objects.filter(pk=kingdom.pk).exists()
    assert not Character.objects.filter(kingdom_id=kingdom.pk).exists()
