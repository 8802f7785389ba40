"""Agreements between players in the engine (rules.kingdoms.agreements): E-05 breaches, E-28
combined assaults, the alliance options (Q9, Q13) and vassalage (Q20, E-19, E-23)."""

from __future__ import annotations

import dataclasses

from rules.core.dice import ForcedDice
from rules.core.events import (
    BattleDeclared,
    CampaignWon,
    HexConquered,
    KingdomEliminated,
    OrphanChanged,
    PowerCollected,
)
from rules.core.state import BattleState, DefenderKind, IfWon, Order, OrderKind, Ruleset, Side
from rules.kingdoms.agreements import (
    AgreementBroken,
    AgreementEnded,
    AgreementKind,
    AgreementState,
    CombinedAssault,
    TributePaid,
    VassalageBegan,
    agreement_audience,
    agreements_applied,
    agreements_expired,
    invasion_warning,
    pay_tribute,
    rivals,
)
from rules.kingdoms.capitals import last_kingdom_standing
from rules.turn.final import orphan_changes, resolve_final
from rules.turn.orders import why_illegal
from rules.turn.provisional import declared_battles, resolve_provisional
from tests.rules.rules_builder import apply_provisional, army, build, of_type

CEASE_FIRE, ALLIANCE = AgreementKind.CEASE_FIRE, AgreementKind.ALLIANCE
ASSAULT, VASSALAGE = AgreementKind.COMBINED_ASSAULT, AgreementKind.VASSALAGE

# K1 in the west, K2 in the east, the explored empty (2, 0) between them; K1's (1, 1)
# and K2's (2, 1) touch.
MAP = """
F1 F1 F. F2 F2
F1 F1 F2 F2 F2
"""


def deal(agreement_id, kind, a=1, b=2, **fields) -> AgreementState:
    return AgreementState(id=agreement_id, kind=kind, parties=(a, b), **fields)


def world(*agreements, ruleset=None, **kwargs):
    built = build(
        MAP,
        armies=kwargs.pop("armies", (army(1, 1, 1500, (1, 0)), army(2, 2, 1000, (3, 0)))),
        hexes={(2, 0): {"explored": True}},
        ruleset=ruleset,
        **kwargs,
    )
    return dataclasses.replace(built, agreements=agreements)


def invade(army_id, target):
    return Order(army_id=army_id, kind=OrderKind.INVADE, target=target)


def patrol(army_id, base):
    return Order(army_id=army_id, kind=OrderKind.PATROL, target=base)


def provisional(w, orders, dice=()):
    forced = ForcedDice(list(dice))
    events = resolve_provisional(w, orders, forced).events
    assert forced.unused == []
    return events


def whole_turn(w, orders, dice=()):
    """Provisional, the default Phase 4 answers, Final; the world between the steps as
    the pipeline writes it back (agreements included)."""
    forced = ForcedDice(list(dice))
    first = resolve_provisional(w, orders, forced).events
    between = agreements_applied(apply_provisional(w, first), first)
    final = resolve_final(between, declared_battles(first), forced, orders).events
    assert forced.unused == []
    return first + final


# E-05 --------------------------------------------------------------------------------


def test_e05_invading_a_cease_fire_partner_is_allowed_and_warned():
    w = world(deal(7, CEASE_FIRE))
    assert why_illegal(w, 1, invade(1, (2, 1))) is None
    warning = invasion_warning(w.agreements, 1, 2, "K2", (2, 1)).message
    assert warning.startswith("invading (2, 1) breaks your cease fire with K2: the invasion")
    assert "E-05" not in warning  # the site shows the rule beside the words, as a link
    assert invasion_warning(w.agreements, 1, None, "", (2, 0)) is None  # nobody's hex


def test_e05_the_invasion_goes_ahead_and_the_agreement_ends_publicly():
    w = world(deal(7, CEASE_FIRE), deal(8, ALLIANCE), deal(9, CEASE_FIRE, 2, 3))
    events = provisional(w, [invade(1, (2, 1))])
    broken = of_type(events, AgreementBroken)
    assert [(e.agreement_id, e.kingdom_id, e.partner_id, e.hex) for e in broken] == [
        (7, 1, 2, (2, 1)),
        (8, 1, 2, (2, 1)),
    ]
    assert agreement_audience(broken[0]) == (True, frozenset(), ())
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_kind is DefenderKind.LOST_CAUSE  # no patrol: P-C2
    assert [a.id for a in agreements_applied(w, events).agreements] == [9]


def test_e05_invading_an_unowned_hex_or_a_third_party_breaks_nothing():
    w = world(deal(7, CEASE_FIRE, 1, 3))
    assert of_type(provisional(w, [invade(1, (2, 0))]), AgreementBroken) == []
    assert of_type(provisional(w, [invade(1, (2, 1))]), AgreementBroken) == []


# E-28 --------------------------------------------------------------------------------


def assault(beneficiary=2, turn=1, hex_=(2, 0)):
    return deal(5, ASSAULT, turn=turn, hex=hex_, beneficiary=beneficiary, public=False)


def test_e28_two_players_in_a_combined_assault_fight_as_one_for_the_beneficiary():
    w = world(assault(beneficiary=2))
    events = whole_turn(w, [invade(1, (2, 0)), invade(2, (2, 0))])
    [joined] = of_type(events, CombinedAssault)
    assert (joined.beneficiary_id, joined.kingdom_ids, joined.points) == (2, (1, 2), 2500)
    [battle] = of_type(events, BattleDeclared)
    assert battle.attacker_kingdom_id == 2
    assert (battle.attacker_army_ids, battle.attacker_points) == ((1, 2), 2500)
    assert "P-C3" not in battle.rule
    [conquest] = of_type(events, HexConquered)
    assert (conquest.hex, conquest.kingdom_id) == ((2, 0), 2)
    # The combined assault of this turn is over once the turn is resolved
    [ended] = of_type(events, AgreementEnded)
    assert (ended.agreement_id, ended.reason, ended.public) == (5, "turn_over", False)
    public, insiders, secret = agreement_audience(joined)
    assert public and insiders == {1, 2} and set(secret) == {"army_ids", "points"}


def test_e28_without_an_assault_for_this_turn_and_hex_the_invasions_are_contested():
    for deals in [(), (assault(turn=2),), (assault(hex_=(2, 1)),)]:
        events = provisional(world(*deals), [invade(1, (2, 0)), invade(2, (2, 0))])
        battles = of_type(events, BattleDeclared)
        # P-C3, E-15: the invaders fight first, the one with more points attacking; then
        # the survivor, whichever he is, meets the hex's defender (here nobody)
        first, *follow_ups = battles
        assert (first.attacker_kingdom_id, first.defender_kingdom_id) == (1, 2)
        assert first.defender_kind is DefenderKind.INVADER
        assert [(b.attacker_kingdom_id, b.after, b.if_won) for b in follow_ups] == [
            (1, 1, IfWon.ATTACKER),
            (2, 1, IfWon.DEFENDER),
        ]
        assert all("P-C3" in b.rule for b in battles)
        assert of_type(events, CombinedAssault) == []


def test_e28_a_combined_assault_needs_both_parties_to_invade():
    events = whole_turn(world(assault(beneficiary=2)), [invade(1, (2, 0))])
    assert of_type(events, CombinedAssault) == []
    [conquest] = of_type(events, HexConquered)
    assert conquest.kingdom_id == 1  # he went alone and takes it himself


# Q13, Q9: alliance options --------------------------------------------------------


def test_q13_allied_patrols_protect_an_allys_hex_only_with_the_option():
    armies = (army(1, 1, 1500, (1, 0)), army(2, 2, 1000, (3, 0)), army(3, 3, 1000))
    three = """
    F1 F1 F. F2 F2
    F1 F1 F3 F2 F2
    """
    orders = [patrol(1, (1, 1)), invade(2, (2, 1))]
    on = Ruleset(allied_patrols=1)
    for ruleset, kind in [(Ruleset(), DefenderKind.LOST_CAUSE), (on, DefenderKind.PATROL)]:
        w = dataclasses.replace(
            build(three, armies=armies, ruleset=ruleset), agreements=(deal(4, ALLIANCE, 1, 3),)
        )
        [battle] = of_type(provisional(w, orders), BattleDeclared)
        assert battle.defender_kind is kind
        if kind is DefenderKind.PATROL:
            assert (battle.defender_kingdom_id, battle.defender_army_ids) == (1, (1,))


def test_q13_the_owners_own_patrol_defends_before_a_stronger_allied_one():
    armies = (army(1, 1, 1500, (0, 0)), army(2, 2, 1000, (3, 0)), army(3, 3, 1000))
    three = """
    F1 F3 F. F2 F2
    F1 F1 F3 F2 F2
    """
    w = dataclasses.replace(
        build(three, armies=armies, ruleset=Ruleset(allied_patrols=1)),
        agreements=(deal(4, ALLIANCE, 1, 3),),
    )
    events = provisional(w, [patrol(1, (1, 1)), patrol(3, (2, 1)), invade(2, (2, 1))])
    [battle] = of_type(events, BattleDeclared)
    assert battle.defender_army_ids == (3,)


def test_q9_a_friendly_path_through_an_allys_hexes_only_with_the_option():
    # K1's (2, 0) reaches its capital (0, 0) only through K3's (1, 0).
    rows = "F1 F3 F1 F2"
    for option, orphan in [(0, True), (1, False)]:
        w = dataclasses.replace(
            build(rows, ruleset=Ruleset(allied_friendly_path=option)),
            agreements=(deal(4, ALLIANCE, 1, 3),),
        )
        changes = orphan_changes(w, w)
        assert [(e.hex, e.orphan) for e in changes] == ([((2, 0), True)] if orphan else [])


# Q20, E-19, E-23: vassalage ---------------------------------------------------------

# K2's capital (3, 0) has no City behind it: when K1 takes it, K2 would be eliminated.
VASSAL_MAP = """
F1 F1 F2 F2 F2
F1 F1 F. F2 F2
"""


def capital_taken(*agreements, power=None):
    w = build(
        VASSAL_MAP,
        armies=(army(1, 1, 1500, (1, 0)), army(20, 2, 1000, (4, 0))),
        capitals={1: (0, 0), 2: (3, 0)},
    )
    if power is not None:
        w.kingdoms[2] = dataclasses.replace(w.kingdoms[2], power=power)
    w = dataclasses.replace(w, agreements=agreements)
    battle = BattleState(
        key=1,
        hex=(3, 0),
        defender_kind=DefenderKind.LOST_CAUSE,
        attacker=Side(points=1500, kingdom_id=1, army_ids=(1,)),
        defender=None,
    )
    dice = ForcedDice([])
    events = resolve_final(w, [battle], dice).events
    return w, events


def standing_offer(overlord=1, vassal=2):
    return deal(3, VASSALAGE, vassal, overlord, overlord=overlord, vassal=vassal)


def test_q20_without_a_standing_vassalage_the_kingdom_is_eliminated():
    _, events = capital_taken()
    assert [e.kingdom_id for e in of_type(events, KingdomEliminated)] == [2]


def test_q20_e23_a_standing_vassalage_makes_him_the_takers_vassal_instead():
    _, events = capital_taken(standing_offer())
    assert of_type(events, KingdomEliminated) == []
    [sworn] = of_type(events, VassalageBegan)
    assert (sworn.kingdom_id, sworn.overlord_id, sworn.capital) == (2, 1, (3, 0))
    assert agreement_audience(sworn)[0] is True
    # E-19: his path runs to K1's capital through K1's hexes: (2, 0) touches K1's (1, 0)
    # and (3, 0), now K1's; (4, 0), (3, 1) and (4, 1) reach it through (3, 0). Only K1's
    # new (3, 0) is an orphan: K1's own path runs through his own hexes alone.
    assert [e.hex for e in of_type(events, OrphanChanged) if e.orphan] == [(3, 0)]


def test_q20_a_vassalage_with_someone_else_does_not_save_him():
    _, events = capital_taken(standing_offer(overlord=3))
    assert [e.kingdom_id for e in of_type(events, KingdomEliminated)] == [2]


def test_e19_the_vassal_pays_one_power_at_6g_and_nothing_when_he_has_none():
    for power, paid in [(2, 1), (0, 0)]:
        _, events = capital_taken(standing_offer(), power=power)
        [tribute] = of_type(events, TributePaid)
        assert (tribute.kingdom_id, tribute.overlord_id, tribute.power) == (2, 1, paid)
        income = {e.kingdom_id: e for e in of_type(events, PowerCollected)}
        assert income[2].power == power - paid  # no capital power: the capital is K1's
        assert income[2].gained == -paid
        assert income[1].gained == 1 + paid  # his own capital, and the tribute


def test_e19_pay_tribute_leaves_kingdoms_without_an_overlord_alone():
    w = world(deal(3, VASSALAGE, 2, 1, overlord=1, vassal=2))  # standing, not in force
    income = [PowerCollected(rule="", kingdom_id=k, gained=1, power=3, industry=0) for k in (1, 2)]
    assert pay_tribute(w, income) == (income, [])


def sworn_world(*others):
    w = build(VASSAL_MAP, capitals={1: (0, 0), 2: (3, 0)})
    sworn = deal(3, VASSALAGE, 2, 1, overlord=1, vassal=2, in_force=True)
    return dataclasses.replace(w, agreements=(sworn, *others))


def test_q20_e19_neither_overlord_nor_vassal_may_invade_the_other():
    w = sworn_world()
    w.armies[1] = army(1, 1, 1500)
    w.armies[20] = army(20, 2, 1000)
    by_overlord = why_illegal(w, 1, invade(1, (2, 0)))
    by_vassal = why_illegal(w, 2, invade(20, (1, 0)))
    assert "your vassal: an overlord may not invade" in by_overlord.message
    assert "your overlord: a vassal may not invade" in by_vassal.message


def test_e19_a_vassal_is_not_a_rival_for_his_overlords_victory_but_is_for_others():
    w = sworn_world()
    assert rivals(w, 1) == set() and rivals(w, 2) == {1}
    assert last_kingdom_standing(w) == 1
    three = dataclasses.replace(
        w, kingdoms={**w.kingdoms, 3: dataclasses.replace(w.kingdoms[1], id=3)}
    )
    assert rivals(three, 3) == {1, 2}
    assert last_kingdom_standing(three) is None


def test_e19_a_vassal_cannot_win_at_the_end_roll():
    w = dataclasses.replace(sworn_world(), turn=8)
    w.kingdoms[2] = dataclasses.replace(w.kingdoms[2], power=30)
    w.kingdoms[3] = dataclasses.replace(w.kingdoms[1], id=3, name="K3")
    events = resolve_final(w, [], ForcedDice([6])).events
    [won] = of_type(events, CampaignWon)
    assert 2 not in won.winner_ids and 2 not in dict(won.scores)


# Endings -------------------------------------------------------------------------------


def test_notice_a_past_assault_and_an_eliminated_party_end_agreements_after_6e():
    w = world(
        deal(1, CEASE_FIRE, notice=True),
        deal(2, ALLIANCE),
        deal(3, ASSAULT, turn=1, hex=(2, 0), beneficiary=1, public=False),
        deal(4, ALLIANCE, 2, 3),
    )
    eliminated = [KingdomEliminated(rule="", kingdom_id=3, hexes=())]
    after, ended = agreements_expired(w, eliminated)
    assert [(e.agreement_id, e.reason, e.public) for e in ended] == [
        (1, "notice", True),
        (3, "turn_over", False),
        (4, "eliminated", True),
    ]
    assert [a.id for a in after.agreements] == [2]
