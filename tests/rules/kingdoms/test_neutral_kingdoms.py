"""Neutral kingdoms in play (rules.kingdoms.neutrals and where the phases use it): discovery
(A-1.4.19, A-1.4.20, Q4), the conquest of a capital (A-1.4.16, A-1.4.17, E-18, E-22,
E-23, Q2, Q3, Q10) and semi-permanence (§5.5, E-09). Pure, with forced dice."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from rules.core.dice import ForcedDice
from rules.core.events import (
    ArmyMoved,
    BattleDeclared,
    BattleFought,
    BattleWon,
    DefenderRecovered,
    DiscoveryRollFailed,
    HexConquered,
    NeutralKingdomConquered,
    NeutralKingdomDiscovered,
    PowerCollected,
)
from rules.core.state import (
    BattleState,
    Defence,
    Defender,
    DefenderKind,
    Feature,
    NeutralConquest,
    NeutralKingdomState,
    Order,
    OrderKind,
    Role,
    Side,
)
from rules.kingdoms.neutrals import (
    conquer_neutral_kingdom,
    conquest_choice,
    conquest_power,
    conquests_applied,
    discover_after_battles,
    discover_after_last_turn,
    knows,
    neutral_capitals,
    protected_hexes,
    protected_kingdoms,
    protector_of,
    recover_defenders,
    standing,
    with_conquest_choice,
)
from rules.turn.final import resolve_final
from rules.turn.orders import why_illegal
from rules.turn.power import collect_power, effective_power_halves, income, kingdom_features
from rules.turn.provisional import declared_battles, resolve_provisional
from rules.turn.visibility import Context, audience
from tests.rules.rules_builder import apply_provisional, army, build, of_type

# Kingdom 1 on the left column, kingdom 2 on the right; neutral kingdom 7 in the middle,
# its capital (1, 1) a City behind a Great Fortress (A-1.4.3, E-22).
MAP = """
F1 F. F.
F1 F. F2
F1 F. F2
"""
CAPITAL = (1, 1)
NEUTRAL = {
    (1, 0): {"neutral_kingdom": 7},
    CAPITAL: {"neutral_kingdom": 7, "feature": Feature.CITY, "defence": Defence.GREAT_FORTRESS},
    (1, 2): {"neutral_kingdom": 7},
}
QF = NeutralConquest.QUICK_FRIENDSHIP
SE = NeutralConquest.SWORN_ENEMIES


def world(*armies, protector=None, known=None, last_turn=(), hexes=None, turn=1):
    w = build(MAP, turn=turn, armies=armies, hexes={**NEUTRAL, **(hexes or {})})
    w.neutral_kingdoms = {
        7: NeutralKingdomState(id=7, name="N7", capital=CAPITAL, protector=protector)
    }
    w.known_neutrals = {k: frozenset(ids) for k, ids in (known or {}).items()}
    w.neutral_battles_last_turn = frozenset(last_turn)
    return w


def neutral_battle(key, hex_, kingdom=1, armies=(1,), choice=None):
    return BattleState(
        key=key,
        hex=hex_,
        defender_kind=DefenderKind.NEUTRAL_KINGDOM,
        attacker=Side(points=3000, kingdom_id=kingdom, army_ids=armies),
        defender=Side(points=2500, neutral_kingdom_id=7),
        neutral_conquest=choice,
    )


def fought(key, winner):
    return BattleFought(
        rule="t", battle_key=key, hex=(0, 0), attacker_strategy="hold",
        defender_strategy="hold", attacker_total=0, defender_total=0, result="solid",
        winner=winner,
    )  # fmt: skip


# --- who knows, who stands, who protects -------------------------------------------


def test_standing_capitals_and_protection():
    w = world(protector=2, known={2: [7]})
    assert knows(w, 2, 7) and not knows(w, 1, 7)
    assert standing(w, 7) and neutral_capitals(w) == {CAPITAL: 7}
    assert protected_kingdoms(w, 2) == [7] and protected_kingdoms(w, 1) == []
    assert protected_hexes(w, 2) == [(1, 0), (1, 1), (1, 2)]
    assert protector_of(w, (1, 0)) == 2 and protector_of(w, (0, 0)) is None


def test_a_kingdom_whose_capital_is_a_players_stands_no_more():
    """A-1.4.17 Sworn Enemies: a kingdom without its capital is gone; its protector, if
    the row still names one, protects nothing."""
    w = world(protector=2, hexes={CAPITAL: {"owner": 1, "neutral_kingdom": None}})
    assert not standing(w, 7) and neutral_capitals(w) == {}
    assert protected_kingdoms(w, 2) == [] and protected_hexes(w, 2) == []
    assert not standing(w, 99), "an unknown kingdom"


# --- §5.5 semi-permanence, E-09 ----------------------------------------------------


def test_e09_defenders_regain_500_up_to_their_first_size():
    w = world(
        hexes={
            (2, 0): {"explored": True, "feature": Feature.TOWN, "defender": Defender(500, 1500)},
            (0, 0): {"defender": Defender(500, 1500)},  # owned: not a neutral defender
        }
    )
    w.hexes[(1, 0)] = msgspec.structs.replace(
        w.hexes[(1, 0)], neutral_kingdom=None, defender=Defender(1200, 1500)
    )
    after, events = recover_defenders(w)
    assert [(e.hex, e.points_gained, e.points) for e in events] == [
        ((1, 0), 300, 1500),
        ((2, 0), 500, 1000),
    ]
    assert all(e.rule == "§5.5 E-09" for e in events)
    assert after.hexes[(2, 0)].defender == Defender(1000, 1500)
    assert after.hexes[(0, 0)].defender == Defender(500, 1500)


@pytest.mark.parametrize("defender", [None, Defender(1000, 1000), Defender(0, 1000)])
def test_e09_whole_absent_or_beaten_defenders_regain_nothing(defender):
    w = world(hexes={(2, 0): {"explored": True, "defender": defender}})
    after, events = recover_defenders(w)
    assert events == [] and after is w


def test_e09_regrowth_comes_before_the_invasion_meets_the_defender():
    w = world(
        army(1, 2, position=(2, 1)),
        hexes={
            (2, 0): {"explored": True, "feature": Feature.TOWN, "defender": Defender(500, 1500)}
        },
    )
    orders = [Order(army_id=1, kind=OrderKind.INVADE, target=(2, 0))]
    events = resolve_provisional(w, orders, ForcedDice([])).events
    assert isinstance(events[0], DefenderRecovered)
    assert of_type(events, BattleDeclared)[0].defender_points == 1000


# --- Q4: step 3a --------------------------------------------------------


def test_a_1_4_20_each_player_who_does_not_know_rolls_a_6():
    w = world(known={2: [7]}, last_turn=[7])
    dice = ForcedDice([6])
    events = discover_after_last_turn(w, dice)
    assert [type(e) for e in events] == [NeutralKingdomDiscovered]
    assert (events[0].kingdom_id, events[0].neutral_kingdom_id) == (1, 7)
    assert events[0].rule == "A-1.4.20 Q4 §3-3a" and events[0].rolls[0].result == 6
    assert "kingdom 1" in dice.rolls[0].purpose and "7" not in dice.rolls[0].purpose


def test_a_1_4_20_a_5_fails_and_says_what_was_needed():
    [event] = discover_after_last_turn(world(known={2: [7]}, last_turn=[7]), ForcedDice([5]))
    assert isinstance(event, DiscoveryRollFailed) and event.needed == 6


def test_a_1_4_20_no_roll_for_the_eliminated_nor_a_fallen_kingdom_nor_a_quiet_one():
    w = world(last_turn=[7])
    w.kingdoms[2] = dataclasses.replace(w.kingdoms[2], eliminated=True)
    assert len(discover_after_last_turn(w, ForcedDice([1]))) == 1, "kingdom 1 only"
    fallen = world(last_turn=[7], hexes={CAPITAL: {"owner": 1, "neutral_kingdom": None}})
    assert discover_after_last_turn(fallen, ForcedDice([])) == []
    assert discover_after_last_turn(world(), ForcedDice([])) == []


def test_a_1_4_20_comes_first_in_provisional_results():
    w = world(last_turn=[7])
    events = resolve_provisional(w, [], ForcedDice([6, 2])).events
    assert [type(e) for e in events] == [NeutralKingdomDiscovered, DiscoveryRollFailed]


# --- step 6d -----------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "roll", "learns"),
    [
        (Role.ATTACKER, 4, True),
        (Role.ATTACKER, 3, False),
        (Role.DEFENDER, 5, True),
        (Role.DEFENDER, 4, False),
        (None, 4, False),  # a draw is no win (E-10)
    ],
)
def test_a_1_4_19_5_or_4_if_he_won(winner, roll, learns):
    events = discover_after_battles(
        world(), [neutral_battle(1, (1, 0))], [fought(1, winner)], ForcedDice([roll])
    )
    [event] = events
    assert isinstance(event, NeutralKingdomDiscovered) is learns
    assert event.rule == "A-1.4.19 §3-6d" and event.kingdom_id == 1
    if not learns:
        assert event.needed == (4 if winner is Role.ATTACKER else 5)


def test_a_1_4_19_one_roll_a_player_and_kingdom_4_if_any_battle_was_won():
    battles = [neutral_battle(1, (1, 0)), neutral_battle(2, (1, 2), armies=(2,))]
    dice = ForcedDice([4])
    [event] = discover_after_battles(
        world(), battles, [fought(1, Role.DEFENDER), fought(2, Role.ATTACKER)], dice
    )
    assert isinstance(event, NeutralKingdomDiscovered)
    assert "(1, 0), (1, 2)" in dice.rolls[0].purpose


def test_a_1_4_19_no_roll_without_a_fight_or_for_whoever_knows():
    battles = [neutral_battle(1, (1, 0))]
    assert discover_after_battles(world(), battles, [], ForcedDice([])) == [], "retreat"
    assert discover_after_battles(world(known={1: [7]}), battles, [fought(1, None)],
                                  ForcedDice([])) == []  # fmt: skip
    learned_now = NeutralKingdomDiscovered(rule="A-1.4.20", kingdom_id=1, neutral_kingdom_id=7)
    assert discover_after_battles(world(), battles, [fought(1, None), learned_now],
                                  ForcedDice([])) == []  # fmt: skip
    fallen = world(hexes={CAPITAL: {"owner": 1, "neutral_kingdom": None}})
    assert discover_after_battles(fallen, battles, [fought(1, None)], ForcedDice([])) == []
    outside = dataclasses.replace(battles[0], hex=(2, 0), defender_kind=DefenderKind.NEUTRAL)
    assert discover_after_battles(world(), [outside], [fought(1, None)], ForcedDice([])) == []


def contested_battle(key, hex_=(1, 0)):
    """P-C3: kingdom 1's army 1 against kingdom 2's army 2, both invading ``hex_``."""
    return BattleState(
        key=key,
        hex=hex_,
        defender_kind=DefenderKind.INVADER,
        attacker=Side(points=3000, kingdom_id=1, army_ids=(1,)),
        defender=Side(points=2000, kingdom_id=2, army_ids=(2,)),
    )


def test_a_1_4_19_both_players_of_a_contested_neutral_hex_roll_4_for_the_winner():
    """A battle between two players in the kingdom's hex (P-C3) is a battle there: the
    winner learns it on 4+, the loser on 5+, with the same 4."""
    w = world(army(1, 1), army(2, 2))
    events = discover_after_battles(
        w, [contested_battle(1)], [fought(1, Role.ATTACKER)], ForcedDice([4, 4])
    )
    assert [(type(e), e.kingdom_id) for e in events] == [
        (NeutralKingdomDiscovered, 1),
        (DiscoveryRollFailed, 2),
    ]
    assert events[1].needed == 5


def test_a_1_4_19_a_contested_hex_outside_the_kingdoms_or_a_retreat_rolls_nothing():
    w = world(army(1, 1), army(2, 2))
    outside = contested_battle(1, (2, 0))
    assert discover_after_battles(w, [outside], [fought(1, None)], ForcedDice([])) == []
    assert discover_after_battles(w, [contested_battle(1)], [], ForcedDice([])) == []


def test_a_1_4_19_e28_the_partner_of_a_combined_assault_rolls_too():
    """E-28: kingdom 2's army 2 fought in kingdom 1's combined force against the
    kingdom's army: each player rolls for himself."""
    w = world(army(1, 1), army(2, 2))
    combined = neutral_battle(1, (1, 0), armies=(1, 2))
    events = discover_after_battles(w, [combined], [fought(1, Role.DEFENDER)], ForcedDice([5, 4]))
    assert [(type(e), e.kingdom_id) for e in events] == [
        (NeutralKingdomDiscovered, 1),
        (DiscoveryRollFailed, 2),
    ]


def test_a_1_4_19_the_beast_fighting_a_neutral_kingdom_rolls_no_discovery():
    """A-1.4.19: a *player* who fought a neutral kingdom's army rolls; the Beast (App G),
    a roaming force of no kingdom, fought it too in the same turn, and rolls nothing:
    the turn resolves and only the player learns the kingdom."""
    beast = dataclasses.replace(
        neutral_battle(2, (1, 2)), attacker=Side(points=2000, kingdom_id=None)
    )
    battles = [neutral_battle(1, (1, 0)), beast]
    events = discover_after_battles(
        world(), battles, [fought(1, Role.ATTACKER), fought(2, Role.ATTACKER)], ForcedDice([6])
    )
    assert [(type(e), e.kingdom_id) for e in events] == [(NeutralKingdomDiscovered, 1)]


# --- E-23: the standing choice -------------------------------------------------------


def declared(hex_, kind=DefenderKind.NEUTRAL_KINGDOM, armies=(1, 2)):
    return BattleDeclared(
        rule="t", hex=hex_, defender_kind=kind, attacker_kingdom_id=1,
        attacker_army_ids=armies, attacker_points=3000, defender_neutral_kingdom_id=7,
    )  # fmt: skip


def invade(army_id, choice):
    return Order(army_id=army_id, kind=OrderKind.INVADE, target=CAPITAL, neutral_conquest=choice)


def test_e23_the_choice_rides_on_a_battle_at_the_capital_only():
    w = world()
    both_quick = [invade(1, QF), invade(2, QF)]
    assert with_conquest_choice(w, declared(CAPITAL), both_quick).neutral_conquest is QF
    mixed = [invade(1, QF), invade(2, SE)]
    assert with_conquest_choice(w, declared(CAPITAL), mixed).neutral_conquest is SE
    assert with_conquest_choice(w, declared((1, 0)), both_quick).neutral_conquest is None
    patrol = declared(CAPITAL, kind=DefenderKind.PATROL)
    assert with_conquest_choice(w, patrol, both_quick).neutral_conquest is None


def test_e23_a_force_takes_quick_friendship_only_if_every_army_chose_it():
    assert conquest_choice([1, 2], {1, 2, 3}) is QF
    assert conquest_choice([1, 2], {1}) is SE
    assert conquest_choice([], {1}) is SE


def test_e23_provisional_declares_the_choice_and_final_reads_it():
    w = world(army(1, 1, points=3000, position=(0, 1)))
    orders = [Order(army_id=1, kind=OrderKind.INVADE, target=CAPITAL, neutral_conquest=QF)]
    events = resolve_provisional(w, orders, ForcedDice([])).events
    [battle] = declared_battles(events)
    assert battle.neutral_conquest is QF


# --- E-18: step 6b ----------------------------------------------


def test_sworn_enemies_every_unowned_hex_joins_the_capital_first():
    w = world()
    owners = {coord: h.owner for coord, h in w.hexes.items()} | {(1, 2): 2}
    events = conquer_neutral_kingdom(w, neutral_battle(1, CAPITAL, choice=SE), owners)
    assert [(type(e), getattr(e, "hex", None)) for e in events] == [
        (HexConquered, CAPITAL),
        (HexConquered, (1, 0)),
        (NeutralKingdomConquered, None),
        (NeutralKingdomDiscovered, None),
    ]
    conquest = events[2]
    assert conquest.hexes == (CAPITAL, (1, 0)) and conquest.choice is SE
    assert (conquest.power, conquest.previous_protector_id) == (3, None)
    assert events[3].rule == "A-1.4.16"


def test_quick_friendship_no_hex_changes_hands_and_the_protector_changes():
    w = world(protector=2, known={1: [7]})
    owners = {coord: h.owner for coord, h in w.hexes.items()}
    events = conquer_neutral_kingdom(w, neutral_battle(1, CAPITAL, choice=QF), owners)
    [conquest] = events  # no HexConquered; kingdom 1 knew it already
    assert conquest.choice is QF and conquest.previous_protector_id == 2
    assert conquest.hexes == (CAPITAL, (1, 0), (1, 2))


def test_no_choice_on_the_battle_means_sworn_enemies():
    w = world()
    owners = {coord: h.owner for coord, h in w.hexes.items()}
    events = conquer_neutral_kingdom(w, neutral_battle(1, CAPITAL), owners)
    assert of_type(events, NeutralKingdomConquered)[0].choice is SE


def test_conquests_applied_q3_e22_the_capital_is_a_town_behind_a_fortress():
    w = world(protector=2)
    owners = {coord: h.owner for coord, h in w.hexes.items()}
    sworn = conquests_applied(w, conquer_neutral_kingdom(w, neutral_battle(1, CAPITAL), owners))
    capital = sworn.hexes[CAPITAL]
    assert (capital.owner, capital.neutral_kingdom) == (1, None)
    assert (capital.feature, capital.defence) == (Feature.TOWN, Defence.FORTRESS)
    assert sworn.neutral_kingdoms[7].protector is None and not standing(sworn, 7)
    quick_events = conquer_neutral_kingdom(w, neutral_battle(1, CAPITAL, choice=QF), owners)
    quick = conquests_applied(w, quick_events)
    assert quick.neutral_kingdoms[7].protector == 1 and quick.hexes == w.hexes
    assert conquests_applied(w, []) is w
    assert conquest_power([*quick_events, *quick_events]) == {1: 6}


def capital_turn(*armies, choice, **world_args):
    """Army 1 of kingdom 1 takes the capital: Assault (1) against the default Hold,
    6 against 1."""
    w = world(army(1, 1, points=3000, position=(0, 1)), *armies, **world_args)
    return w, neutral_battle(1, CAPITAL, choice=choice)


def test_final_e18_a_single_hex_taken_later_in_the_turn_is_not_swallowed():
    """E-18: battle 1 takes the capital, battle 2 (kingdom 2) a single hex of the same
    kingdom: the kingdom's conquest waits for it. Kingdom 2's kingdom is gone: no 6d
    roll."""
    w, first = capital_turn(army(2, 2, points=3000, position=(2, 2)), choice=SE)
    second = neutral_battle(2, (1, 2), kingdom=2, armies=(2,))
    events = resolve_final(w, [first, second], ForcedDice([1, 6, 1, 1, 6, 1])).events
    conquered = [(e.hex, e.kingdom_id) for e in of_type(events, HexConquered)]
    assert conquered == [((1, 2), 2), (CAPITAL, 1), ((1, 0), 1)]
    assert of_type(events, ArmyMoved)[-1] == ArmyMoved(rule="E-32", army_id=1, hex=CAPITAL)


def test_final_quick_friendship_tribute_and_the_winners_stay_home():
    w, battle = capital_turn(choice=QF)
    events = resolve_final(w, [battle], ForcedDice([1, 6, 1])).events
    assert of_type(events, HexConquered) == [] and of_type(events, ArmyMoved) == []
    power = {e.kingdom_id: e.gained for e in of_type(events, PowerCollected)}
    assert power == {1: 1 + 3 + 1, 2: 1}, "capital, the conquest, the tribute (Q2)"


def test_final_a_lost_battle_at_the_capital_conquers_nothing():
    w, battle = capital_turn(choice=SE)
    events = resolve_final(w, [battle], ForcedDice([5, 1, 6, 5])).events
    assert of_type(events, BattleWon)[0].winner is Role.DEFENDER
    assert of_type(events, NeutralKingdomConquered) == []
    assert of_type(events, NeutralKingdomDiscovered)[0].rule == "A-1.4.19 §3-6d"


def test_apply_provisional_passes_knowledge_on_to_final():
    w = world(last_turn=[7])
    provisional = resolve_provisional(w, [], ForcedDice([6, 1])).events
    assert apply_provisional(w, provisional).known_neutrals == {1: frozenset({7})}


# --- Table 9, Table 1, Q2, Q10, E-18 -------------------------------------------------


def test_q2_tribute_only_for_a_standing_protectorate():
    assert income(world(protector=1), 1) == (2, 0), "capital + tribute"
    fallen = world(protector=1, hexes={CAPITAL: {"owner": 2, "neutral_kingdom": None}})
    assert income(fallen, 1) == (1, 0)


def test_q10_protected_hexes_count_in_table_1_at_their_normal_values():
    w = world(protector=1)
    assert sorted(kingdom_features(w, 1), key=str) == [None] * 5 + [Feature.CITY]
    assert effective_power_halves(w, 1, power=2) == 4 + 3 * 2 + 2 * 2 + 4
    assert kingdom_features(w, 2) == [None, None]


def test_collect_power_adds_the_conquest_bonus():
    events = collect_power(world(), {1: 3})
    assert [(e.kingdom_id, e.gained) for e in events] == [(1, 4), (2, 1)]


# --- E-18: the protector's orders ----------------------------------------------------


def test_e18_the_protector_may_not_invade_his_protectorate():
    w = world(army(1, 1, position=(0, 0)), army(2, 2, position=(2, 1)), protector=1)
    problem = why_illegal(w, 1, Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0)))
    assert problem.message == (
        "(1, 0) belongs to a neutral kingdom under your protection (Quick Friendship): "
        "you may not invade it"
    )
    assert why_illegal(w, 2, Order(army_id=2, kind=OrderKind.INVADE, target=(1, 2))) is None
    scout = Order(army_id=1, kind=OrderKind.SCOUT, target=(1, 0))
    assert why_illegal(w, 1, scout) is None, "scouting it is harmless"


# --- who reads what ------------------------------------------------------------------


def test_audiences():
    ctx = Context()
    recovered = DefenderRecovered(rule="t", hex=(2, 0), points_gained=500, points=1000)
    assert audience(recovered, ctx).public
    failed = DiscoveryRollFailed(rule="t", kingdom_id=1, neutral_kingdom_id=7, needed=5)
    assert audience(failed, ctx) == audience(
        NeutralKingdomDiscovered(rule="t", kingdom_id=1, neutral_kingdom_id=7), ctx
    )
    assert not audience(failed, ctx).public and audience(failed, ctx).kingdom_ids == {1}
    conquest = NeutralKingdomConquered(
        rule="t", neutral_kingdom_id=7, kingdom_id=1, choice=SE, capital=CAPITAL, hexes=(CAPITAL,)
    )
    assert audience(conquest, ctx).public and audience(conquest, ctx).secret == ()
    quick = dataclasses.replace(conquest, choice=QF, previous_protector_id=2)
    seen = audience(quick, ctx)
    assert seen.public and seen.secret == ("hexes", "restored") and seen.kingdom_ids == {1, 2}
    assert "neutral_conquest" in audience(declared(CAPITAL), ctx).secret
