"""rules.turn.visibility: what each viewer reads of the map and the chronicle (E-29, Q22)."""

import msgspec

from rules.core.state import Defender, DefenderKind, Feature, HexState, Terrain
from rules.sieges.events import SiegeBegan
from rules.turn.visibility import (
    GM,
    Context,
    HexFacts,
    Viewer,
    audience,
    entry_view,
    hex_as_known,
    hex_view,
    rule_seen,
)

ALICE = Viewer(kingdom_id=1)
DISCOVERER = Viewer(kingdom_id=2, known_neutral_kingdoms=frozenset({7}))


def _hex(**changes) -> HexFacts:
    facts = HexFacts(
        q=1,
        r=0,
        terrain="river",
        owner_id=None,
        neutral_kingdom_id=None,
        explored=False,
        feature="city",
        minor_feature="ford",
        defence="",
        watchtower=False,
        defender_points=1500,
        orphan=False,
    )
    return facts._replace(**changes)


def test_unexplored_contents_are_hidden_from_players_a_1_0_3():
    seen = hex_view(_hex(), ALICE)
    assert seen["terrain"] == "river"
    assert seen["feature"] is None and seen["defender_points"] is None
    assert hex_view(_hex(), GM)["feature"] == "city"


def test_explored_contents_are_public_a_1_0_9():
    seen = hex_view(_hex(explored=True), ALICE)
    assert seen["feature"] == "city" and seen["defender_points"] == 1500


def test_own_hexes_show_their_contents():
    assert hex_view(_hex(owner_id=1), ALICE)["feature"] == "city"


def test_a_neutral_kingdom_shows_only_to_its_discoverers_a_1_4_18():
    facts = _hex(neutral_kingdom_id=7)
    assert hex_view(facts, ALICE)["neutral_kingdom"] is None
    assert hex_view(facts, DISCOVERER)["neutral_kingdom"] == 7


def test_a_siege_is_seen_by_everyone_who_sees_the_hex_e_37():
    """E-37: the siege mark is public, like the borders: fogged, explored, scouted or own."""
    mark = {"id": 4, "url": "/api/sieges/4/", "page": "/campaigns/1/sieges/4/"}
    sieges = {(1, 0): mark}
    scout = Viewer(kingdom_id=3, scout_reports={(1, 0): {"level": "glimpse", "turn": 1}})
    for viewer in (ALICE, DISCOVERER, scout, GM, Viewer()):
        for facts in (_hex(), _hex(explored=True), _hex(owner_id=1)):
            assert hex_view(facts, viewer, sieges)["siege"] == mark
    assert hex_view(_hex(q=2), ALICE, sieges)["siege"] is None
    assert hex_view(_hex(), ALICE)["siege"] is None


def test_outsiders_get_a_public_entry_without_its_secrets_e_29():
    payload = {"hex": [1, 0], "attacker_points": 1500, "defender_points": 2500}
    secret = ["attacker_points", "defender_points"]
    assert entry_view(payload, True, [2, 3], secret, ALICE) == {"hex": [1, 0]}
    assert entry_view(payload, True, [1, 3], secret, ALICE) == payload
    assert entry_view(payload, False, [2], [], ALICE) is None
    assert entry_view(payload, False, [2], [], GM) == payload


def test_the_chronicle_never_names_an_undiscovered_neutral_kingdom_a_1_4_19():
    """Even a battle's insider learns which neutral kingdom he fought only on discovery."""
    payload = {"hex": [1, 0], "defender_neutral_kingdom_id": 7, "defender_points": 2500}
    assert entry_view(payload, True, [1], [], ALICE)["defender_neutral_kingdom_id"] is None
    assert entry_view(payload, True, [2], [], DISCOVERER)["defender_neutral_kingdom_id"] == 7
    assert entry_view({"neutral_kingdom_id": 7}, True, [], [], ALICE) == {
        "neutral_kingdom_id": None
    }


def test_an_outsider_reads_a_neutral_kingdoms_declaration_as_a_plain_neutrals_a_1_4_18():
    """A-1.4.18–20: who reads the defender as a neutral one reads the rule a plain
    neutral defender's battle cites (A-1.5.1), a contested hex's (P-C3, E-15) too; the
    battle's side and the kingdom's discoverer read the kingdom's own (A-1.4.8, E-06)."""
    payload = {"hex": [1, 0], "defender_kind": "neutral_kingdom", "defender_neutral_kingdom_id": 7}
    contested = "A-2.3 §3-3e A-1.4.8 E-06 P-C3 E-15"
    outsider = Viewer(kingdom_id=3)

    def read(viewer: Viewer, kingdom_ids: list[int]) -> str:
        return rule_seen(contested, payload, entry_view(payload, True, kingdom_ids, [], viewer))

    assert read(outsider, [1]) == "A-2.3 §3-3e A-1.5.1 P-C3 E-15"
    assert read(ALICE, [1]) == read(DISCOVERER, [1]) == read(GM, [1]) == contested


def test_q16_secondary_terrains_are_public_like_the_terrain_a_1_0_3():
    """A-1.0.3, A-1.1.1 ("one or more" terrain types): fogged, explored, own or scouted,
    every viewer reads them; a database row hands them over as JSON text."""
    scout = Viewer(kingdom_id=3, scout_reports={(1, 0): {"level": "glimpse", "turn": 1}})
    for more in (["forest", "swamp"], '["forest", "swamp"]'):
        for viewer in (ALICE, DISCOVERER, scout, GM, Viewer()):
            for facts in (_hex(), _hex(explored=True), _hex(owner_id=1)):
                seen = hex_view(facts._replace(secondary_terrains=more), viewer)
                assert seen["secondary_terrains"] == ["forest", "swamp"]
    assert hex_view(_hex(), ALICE)["secondary_terrains"] == []
    assert hex_view(_hex(secondary_terrains="[]"), GM)["secondary_terrains"] == []


def _neutral_town(**changes) -> HexState:
    """A town of neutral kingdom 7, held by 800 points, with its history."""
    facts = HexState(
        coord=(1, 0),
        terrain=Terrain.RIVER,
        neutral_kingdom=7,
        home_neutral_kingdom=7,
        feature=Feature.TOWN,
        defender=Defender(points=800, original_points=800),
        looted_turn=2,
    )
    return msgspec.structs.replace(facts, **changes)


def test_a_request_about_a_hex_is_judged_on_what_the_viewer_may_see_e_29_a_1_4_18():
    """A-1.0.9, E-29, A-1.4.18–20: unexplored (or scouted only), a hex holds nothing for
    a player and belongs to no neutral kingdom he has not discovered; explored, he knows
    its contents but still not the kingdom; the discoverer and the GM know it all."""
    for hidden in (_neutral_town(), _neutral_town(explored=True, scouted_only=True)):
        assert hex_as_known(hidden, ALICE) == HexState(coord=(1, 0), terrain=Terrain.RIVER)
    explored = hex_as_known(_neutral_town(explored=True), ALICE)
    assert explored == _neutral_town(explored=True, neutral_kingdom=None, home_neutral_kingdom=None)
    assert hex_as_known(_neutral_town(explored=True), DISCOVERER) == _neutral_town(explored=True)
    assert hex_as_known(_neutral_town(), GM) == _neutral_town()
    own = _neutral_town(owner=1, neutral_kingdom=None, home_neutral_kingdom=None)
    assert hex_as_known(own, ALICE) == own


def test_a_neutral_garrison_is_named_only_to_its_discoverers_e_37_a_1_4_18():
    """E-37, A-1.4.18–20: a siege of a neutral kingdom's place is public, but which
    kingdom holds it only its discoverers read, the besieger too, like a battle's; that
    a neutral kingdom holds it, the besieger and the discoverers, not other outsiders."""
    began = SiegeBegan(
        rule="E-37", battle_key=1, hex=(1, 0), place="great_fortress",
        besieger_kingdom_id=1, besieger_army_ids=(5,), origins=((5, (0, 0)),),
        defender_kind=DefenderKind.NEUTRAL_KINGDOM, garrison_kingdom_id=None,
        garrison_neutral_kingdom_id=7, garrison_army_ids=(), garrison_points=2500,
        provisions=20, provisions_modifier=-2, mouths=5, wall_damage=0, wall_stages=4,
        camp_ready_day=5,
    )  # fmt: skip
    seen_by = audience(began, Context())
    payload = began.to_dict()

    def read(viewer):
        return entry_view(payload, True, sorted(seen_by.kingdom_ids), seen_by.secret, viewer)

    besieger, discoverer = read(ALICE), read(DISCOVERER)
    assert besieger["garrison_neutral_kingdom_id"] is None
    assert besieger["origins"] == [[5, [0, 0]]] and "provisions" not in besieger
    assert discoverer["garrison_neutral_kingdom_id"] == 7
    assert "besieger_army_ids" not in discoverer and "origins" not in discoverer
    assert read(GM)["provisions"] == 20
    assert besieger["defender_kind"] == discoverer["defender_kind"] == "neutral_kingdom"
    assert read(Viewer(kingdom_id=3))["defender_kind"] == "neutral"


def test_a_fleet_at_sea_is_its_owners_and_pirates_are_everyones_nr_sea_nr_pirate():
    """NR-SEA: a fleet's voyage (stranded, blown off course) is its owner's and the GM's
    alone; NR-PIRATE, NR-NAVAL: pirates and the naval battles they fight are public."""
    from rules.modules.the_sea.events import NavalBattle, PirateNews, SeaVoyage

    voyage = SeaVoyage(rule="NR-SEA-3", what="becalmed", army_id=5, kingdom_ids=(1,), text="")
    pirate = PirateNews(rule="NR-PIRATE-5", what="raided", hex=(1, 0), kingdom_id=1, text="")
    battle = NavalBattle(
        rule="NR-NAVAL-1", pirate_id=1, hex=(1, 0), kingdom_id=1, army_ids=(5,), ships=1,
        kingdom_score=7, pirate_score=4, winner="kingdom", result="sink_one", text="",
    )  # fmt: skip
    assert not audience(voyage, Context()).public
    assert audience(voyage, Context()).kingdom_ids == frozenset({1})
    assert audience(pirate, Context()).public and audience(battle, Context()).public
