"""City ruins and tombs as pure rules (new-rules.md §5: NR-RUIN, NR-TOMB, T-RUIN,
T-DISCOVERY, T-TOMB, T-TOMB-WIZARD): the discovery handler called as the examination
(NR-WILD-2) will call it, with forced dice."""

from __future__ import annotations

from rules.core.dice import ForcedDice
from rules.core.events import ArmyDestroyed, ArmyWeakened, BattleDeclared, ModuleStateChanged
from rules.core.ruleset import ruleset_from_overrides
from rules.kingdoms.crowns import CrownsCollected
from rules.modules.wildlands.burdens import KEY as BURDENS
from rules.modules.wildlands.points import ArmyStrengthened
from rules.modules.wildlands.ruins import RuinsNews, discover, search
from rules.modules.wildlands.sites import HANDLERS, Examination, Site, key_of
from rules.turn.visibility import Audience, Context, audience
from tests.rules.rules_builder import army, build, of_type

ON = ruleset_from_overrides({"options": {"wildlands": 1}})
RUINS = key_of(Site.RUINS_TOMB)
FOUND = {"found_by": 1, "army_id": 1, "turn": 1}  # as every site's record (sites.place)


def _world(armies=None, rows="F1 F1 F1 F1 F1 F1 F1\nF1 F1 F1 F1 F1 F1 F1", **options):
    rules = ruleset_from_overrides({"options": {"wildlands": 1, **options}})
    armies = armies or (army(1, 1, 2000, (3, 0)),)
    return build(rows, armies=armies, ruleset=rules)


def _exam(hex_=(3, 0), army_id=1):
    return Examination(hex=hex_, army_id=army_id, kingdom_id=1, column="plain", roll=53)


def test_the_ruins_handler_is_registered_as_a_permanent_site():
    assert HANDLERS[Site.RUINS_TOMB].discover is discover
    assert HANDLERS[Site.RUINS_TOMB].permanent


def test_a_desecrated_tomb_is_searched_at_once_and_leaves_the_ruins_searched():
    """NR-RUIN-1, AMB-07: the finder searches at once; T-RUIN 4 does nothing."""
    dice = ForcedDice([4])
    world, events = discover(_world(), _exam(), dice)
    assert dice.unused == []
    assert world.module_state[RUINS]["3,0"] == {"kind": "ruins", "searched": True, **FOUND}
    [found, result] = of_type(events, RuinsNews)
    assert (found.what, result.what) == ("found", "desecrated")
    assert result.kingdom_ids == (1,)  # the finder's and the GM's


def test_without_the_policy_the_ruins_wait_for_a_resting_army():
    dice = ForcedDice([])
    world, events = discover(_world(ruins_search_at_once=0), _exam(), dice)
    assert world.module_state[RUINS]["3,0"] == {"kind": "ruins", "searched": False, **FOUND}
    assert [e.what for e in of_type(events, RuinsNews)] == ["found"]


def test_plague_rats_strike_each_army_on_the_hex_apart():
    """T-RUIN 3, NR-RUIN-2, AMB-45: a d6 × 50 for each army there; one at 0 is gone."""
    armies = (army(1, 1, 2000, (3, 0)), army(2, 1, 100, (3, 0), allocation=1000), army(3, 1))
    dice = ForcedDice([3, 4, 2])
    _, events = discover(_world(armies), _exam(), dice)
    weakened = of_type(events, ArmyWeakened)
    assert [(e.army_id, e.points_lost, e.points_left) for e in weakened] == [
        (1, 200, 1800),
        (2, 100, 0),
    ]
    assert [e.army_id for e in of_type(events, ArmyDestroyed)] == [2]


def test_a_heros_treasure_places_tombs_by_direction_and_distance():
    """T-RUIN 5, NR-RUIN-3, AMB-08: d6 tombs; each a direction (1 = N, clockwise) and
    2d6 hexes; off the map rolled again; on a hex that is not barren, the nearest barren
    one. Here two tombs: direction 3, 1 + 1 = 2 hexes from (3, 0), is (5, 0), barren
    (explored, no feature, no site); then north (1), 2 hexes, off the map, rolled again:
    direction 6, 2 hexes, is (1, 0)."""
    dice = ForcedDice([5, 2, 3, 1, 1, 1, 1, 1, 6, 1, 1])
    world, events = discover(_world(), _exam(), dice)
    assert dice.unused == []
    located = [e.hex for e in of_type(events, RuinsNews) if e.what == "tomb_located"]
    assert located == [(5, 0), (1, 0)]
    assert world.module_state[RUINS]["5,0"] == {"kind": "tomb", "searched": False, **FOUND}


def test_a_secret_passage_puts_new_ruins_at_its_far_end():
    """T-RUIN 6, T-DISCOVERY 6, NR-RUIN-4, AMB-09: the exit 2d6 away, both ends linked."""
    dice = ForcedDice([6, 6, 3, 1, 1])
    world, events = discover(_world(), _exam(), dice)
    state = world.module_state[RUINS]
    assert state["3,0"]["passage"] == "5,0"
    assert state["5,0"] == {"kind": "ruins", "searched": False, "passage": "3,0", **FOUND}
    assert [e.what for e in of_type(events, RuinsNews)][-1] == "secret_passage"


def test_the_tomb_curse_burdens_the_army():
    """T-TOMB 1, NR-TOMB-1: the army is cursed (its owner's and the GM's secret)."""
    world = _world()
    world.module_state = {RUINS: {"3,0": {"kind": "tomb", "searched": False}}}
    world, events = search(world, (3, 0), 1, ForcedDice([1]))
    assert world.module_state[BURDENS] == {"1": {"cursed": True}}
    news = [e for e in of_type(events, RuinsNews) if e.what == "curse"]
    assert news and news[0].kingdom_ids == (1,)
    changed = [e for e in events if isinstance(e, ModuleStateChanged) and e.module == BURDENS]
    assert audience(changed[0], Context()) == Audience(False)


def test_a_wizards_tomb_adds_magic_items_to_the_army():
    """T-TOMB 4, T-TOMB-WIZARD 6: (d6 + 1) × 100 points, NR-TOMB-2."""
    world = _world()
    world.module_state = {RUINS: {"3,0": {"kind": "tomb", "searched": False}}}
    _, events = search(world, (3, 0), 1, ForcedDice([4, 6, 2]))
    [gain] = of_type(events, ArmyStrengthened)
    assert (gain.points_gained, gain.points_left) == (300, 2300)
    assert audience(gain, Context()) == Audience(False, frozenset({1}))


def test_an_empty_wizards_tomb_gives_nothing():
    world = _world()
    world.module_state = {RUINS: {"3,0": {"kind": "tomb", "searched": False}}}
    _, events = search(world, (3, 0), 1, ForcedDice([4, 2]))
    assert of_type(events, ArmyStrengthened) == []


def test_a_rich_wizards_tomb_gives_items_and_crowns():
    """T-TOMB 5: d6 × 100 points of items and d6 crowns into the ledger (E-30)."""
    world = _world()
    world.module_state = {RUINS: {"3,0": {"kind": "tomb", "searched": False}}}
    _, events = search(world, (3, 0), 1, ForcedDice([5, 3, 4]))
    [gain] = of_type(events, ArmyStrengthened)
    [crowns] = of_type(events, CrownsCollected)
    assert (gain.points_gained, crowns.crowns, crowns.kingdom_id) == (300, 4, 1)


def test_the_black_orb_is_kept_for_its_player():
    """T-TOMB 6, NR-TOMB-3: the Orb is the finder's."""
    world = _world()
    world.module_state = {RUINS: {"3,0": {"kind": "tomb", "searched": False}}}
    world, events = search(world, (3, 0), 1, ForcedDice([6]))
    assert world.module_state[RUINS]["3,0"]["orb"] == 1
    assert [e.what for e in of_type(events, RuinsNews)] == ["black_orb"]


def test_every_ruins_result_is_told_to_the_searcher_alone():
    for faces in ([2, 5], [4]):  # bandits (T-BANDIT 5: cowed), nothing
        _, events = discover(_world(), _exam(), ForcedDice(faces))
        for news in of_type(events, RuinsNews):
            assert audience(news, Context()) == Audience(False, frozenset({1}))


def test_a_monsters_lair_fights_the_searching_army_at_once():
    """T-RUIN 1, T-MONSTER 4, AMB-27: 2d6 × 100 points of creature, a roaming force,
    attack the army."""
    _, events = discover(_world(), _exam(), ForcedDice([1, 4, 3, 4]))
    [battle] = of_type(events, BattleDeclared)
    assert (battle.attacker_kingdom_id, battle.attacker_points) == (None, 700)
    assert (battle.defender_army_ids, battle.defender_points) == ((1,), 2000)
