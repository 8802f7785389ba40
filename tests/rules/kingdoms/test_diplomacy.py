"""Diplomacy with neutral kingdoms and Table 11 (A-1.4.12–13, §5.6, E-05, E-09, E-18,
E-25, E-26, Q17): each action, its modifiers and refusals, and each Table 11 band."""

import dataclasses

import msgspec
import pytest

from rules.battles.battle import resolve_battle
from rules.core.dice import ForcedDice
from rules.core.events import BattleDeclared, HexConquered
from rules.core.ruleset import ruleset_from_overrides
from rules.core.state import (
    Decision,
    Defence,
    Defender,
    DefenderKind,
    Feature,
    NeutralKingdomState,
    Order,
    OrderKind,
)
from rules.kingdoms import diplomacy
from rules.kingdoms.agreements import AgreementBroken, AgreementKind, AgreementState
from rules.kingdoms.spending import resolve_power_spending, why_illegal_spend
from rules.kingdoms.spending_events import (
    AllianceEnded,
    AllianceFormed,
    DefenderChanged,
    DiplomacyRolled,
    HexJoinedNeutralKingdom,
    IncitedAttack,
    PacifyRolled,
    PacifyVoided,
    PowerSpent,
)
from rules.kingdoms.spending_state import Spend, Spending, SpendKind, SpendResult
from rules.turn.final import resolve_final
from rules.turn.power import income
from rules.turn.provisional import declared_battles, resolve_provisional
from rules.turn.visibility import Context, audience
from tests.rules.rules_builder import army, build, of_type

K = SpendKind
N = 5  # the neutral kingdom


def world(ally=None, protector=None, turn=1, **kw):
    """Kingdom 1 at (0, 0), kingdom 2 at (1, 0) next to neutral kingdom 5 at (2, 0) and
    (3, 0); (0, 1) an explored Town held by 1,000 neutral points."""
    w = build(
        "F1 F2 F. F.\nF. F. F. F.",
        turn=turn,
        armies=(army(1, 1, 2000, (0, 0)), army(2, 2, 2000, (1, 0))),
        hexes={
            (2, 0): {"neutral_kingdom": N, "explored": True},
            (3, 0): {"neutral_kingdom": N, "defence": Defence.GREAT_FORTRESS},
            (0, 1): {
                "explored": True,
                "feature": Feature.TOWN,
                "defender": Defender(points=1000, original_points=1000),
            },
        },
        **kw,
    )
    w.neutral_kingdoms = {
        N: NeutralKingdomState(id=N, name="Karak", capital=(3, 0), ally=ally, protector=protector)
    }
    w.known_neutrals = {1: frozenset({N}), 2: frozenset({N}), 3: frozenset({N})}
    for k in w.kingdoms:
        w.kingdoms[k] = dataclasses.replace(w.kingdoms[k], power=10)
    return w


def spend(id, kind, amount, kingdom=1, **kw):
    if kind in (K.ALLY, K.DEACTIVATE, K.INCITE):
        kw.setdefault("neutral_kingdom_id", N)
    return Spend(id=id, kingdom_id=kingdom, kind=kind, amount=amount, **kw)


def refused(w, s, *others, provoked=None):
    spending = Spending((s, *others), provoked=provoked or {})
    problem = why_illegal_spend(w, s.kingdom_id, s, spending)
    return problem and problem.message


def resolve(w, *spends, dice=()):
    forced = ForcedDice(list(dice))
    out = resolve_power_spending(w, Spending(tuple(spends)), forced)
    assert forced.unused == []
    return out


def rolled(out, spend_id):
    return next(e for e in of_type(out.events, DiplomacyRolled) if e.spend_id == spend_id)


# --- validation ---------------------------------------------------------------------


def test_legal_actions():
    w = world(ally=2)
    assert refused(w, spend(1, K.ALLY, 2)) is None
    assert refused(w, spend(1, K.DEACTIVATE, 3)) is None  # 1 + 2 extra
    assert refused(w, spend(1, K.INCITE, 4, hex=(1, 0))) is None


@pytest.mark.parametrize(
    ("w", "item", "reason"),
    [
        (world(), spend(1, K.ALLY, 1), "spend 2–4, not 1"),
        (world(), spend(1, K.ALLY, 5), "spend 2–4, not 5"),
        (world(), spend(1, K.DEACTIVATE, 1), "allied to nobody"),
        (world(ally=1), spend(1, K.DEACTIVATE, 1), "your own ally"),
        (world(ally=1), spend(1, K.ALLY, 2), "already your ally"),
        (world(), spend(1, K.INCITE, 2, hex=(0, 0)), "your own hex"),
        (world(), spend(1, K.INCITE, 2, hex=(0, 1)), "belongs to no player"),
        (world(protector=2), spend(1, K.ALLY, 2), "immune to diplomacy"),
    ],
)
def test_diplomacy_refusals(w, item, reason):
    assert reason in refused(w, item)


def test_an_undiscovered_or_conquered_kingdom_is_no_target():
    w = world()
    w.known_neutrals = {}
    assert "discovered" in refused(w, spend(1, K.ALLY, 2))
    w = world()
    w.hexes[(3, 0)] = msgspec.structs.replace(w.hexes[(3, 0)], owner=2, neutral_kingdom=None)
    assert "conquered and is immune to diplomacy" in refused(w, spend(1, K.ALLY, 2))


def test_incite_target_must_be_adjacent_to_the_kingdom():
    w = build("F1 F3 F2 F.", hexes={(3, 0): {"neutral_kingdom": N}})
    w.neutral_kingdoms = {N: NeutralKingdomState(id=N, name="Karak", capital=(3, 0))}
    w.known_neutrals = {1: frozenset({N})}
    w.kingdoms[1] = dataclasses.replace(w.kingdoms[1], power=5)
    assert "not adjacent" in refused(w, spend(1, K.INCITE, 2, hex=(1, 0)))
    assert refused(w, spend(1, K.INCITE, 2, hex=(2, 0))) is None


@pytest.mark.parametrize(
    ("changes", "amount", "reason"),
    [
        ({}, 4, "1–3 power"),
        ({"owner": 2}, 1, "a player's hex"),
        ({"neutral_kingdom": N}, 1, "use diplomacy"),
        ({"explored": False}, 1, "not been explored"),
        ({"scouted_only": True}, 1, "not been explored"),
        ({"defender": None}, 1, "no feature held by a neutral defender"),
        ({"feature": None}, 1, "no feature held by a neutral defender"),
    ],
)
def test_pacify_refusals(changes, amount, reason):
    w = world()
    w.hexes[(0, 1)] = msgspec.structs.replace(w.hexes[(0, 1)], **changes)
    assert reason in refused(w, spend(1, K.PACIFY, amount, hex=(0, 1)))


def test_pacify_needs_adjacency_and_waits_two_turns_after_provoked():
    w = world(turn=3)
    w.hexes[(3, 1)] = msgspec.structs.replace(w.hexes[(0, 1)], coord=(3, 1))
    assert "not adjacent" in refused(w, spend(1, K.PACIFY, 1, hex=(3, 1)))
    assert "before turn 4" in refused(w, spend(1, K.PACIFY, 1, hex=(0, 1)), provoked={(0, 1): 1})
    w = world(turn=4)
    assert refused(w, spend(1, K.PACIFY, 1, hex=(0, 1)), provoked={(0, 1): 1}) is None


# --- Deactivate, Ally, Incite -------------------------------------------------------


def test_deactivate_on_4_plus_ends_the_alliance_publicly():
    out = resolve(world(ally=2), spend(1, K.DEACTIVATE, 1), dice=[4])
    assert rolled(out, 1).success and out.world.neutral_kingdoms[N].ally is None
    [ended] = of_type(out.events, AllianceEnded)
    assert (ended.kingdom_id, ended.reason) == (2, "deactivated")
    assert audience(ended, Context()).public


def test_deactivate_fails_on_3_and_power_is_spent():
    out = resolve(world(ally=2), spend(1, K.DEACTIVATE, 1), dice=[3])
    assert not rolled(out, 1).success and out.world.neutral_kingdoms[N].ally == 2
    assert of_type(out.events, PowerSpent)[0].amount == 1


def test_extra_power_adds_to_the_roll_but_a_natural_1_always_fails():
    out = resolve(world(ally=2), spend(1, K.DEACTIVATE, 3), dice=[2])
    assert rolled(out, 1).total == 4 and rolled(out, 1).success
    out = resolve(world(ally=1), spend(1, K.INCITE, 4, hex=(1, 0)), dice=[1])
    assert rolled(out, 1).total == 3 and not rolled(out, 1).success  # 3+ on an ally


def test_ally_on_5_plus_and_pays_1_power_a_turn():
    out = resolve(world(), spend(1, K.ALLY, 2), dice=[5])
    assert of_type(out.events, AllianceFormed)[0].kingdom_id == 1
    assert income(out.world, 1)[0] == income(world(), 1)[0] + 1


def test_ally_fails_on_4():
    out = resolve(world(), spend(1, K.ALLY, 2), dice=[4])
    assert not of_type(out.events, AllianceFormed)


def test_ally_highest_modified_roll_wins():
    out = resolve(world(), spend(1, K.ALLY, 2), spend(2, K.ALLY, 3, kingdom=2), dice=[6, 4])
    assert out.world.neutral_kingdoms[N].ally == 1  # 6 against 4 + 1
    out = resolve(world(), spend(1, K.ALLY, 2), spend(2, K.ALLY, 3, kingdom=2), dice=[6, 6])
    assert out.world.neutral_kingdoms[N].ally == 2  # 6 against 6 + 1


def test_ally_tie_rolled_off():
    out = resolve(world(), spend(1, K.ALLY, 2), spend(2, K.ALLY, 2, kingdom=2), dice=[5, 5, 6, 1])
    assert out.world.neutral_kingdoms[N].ally == 1
    assert "another player's envoy" in rolled(out, 2).outcome
    assert len(rolled(out, 1).rolls) == 2  # its roll and the roll-off


def test_an_allied_kingdom_needs_a_deactivate_first():
    out = resolve(world(ally=2), spend(1, K.ALLY, 2), dice=[6])
    assert "still allied" in rolled(out, 1).outcome and out.world.neutral_kingdoms[N].ally == 2
    out = resolve(world(ally=2), spend(1, K.DEACTIVATE, 1), spend(2, K.ALLY, 2), dice=[4, 5])
    assert out.world.neutral_kingdoms[N].ally == 1


def test_incite_4_plus_or_3_plus_on_your_ally():
    out = resolve(world(), spend(1, K.INCITE, 2, hex=(1, 0)), dice=[3])
    assert not of_type(out.events, IncitedAttack)
    out = resolve(world(ally=1), spend(1, K.INCITE, 2, hex=(1, 0)), dice=[3])
    [attack] = of_type(out.events, IncitedAttack)
    assert (attack.hex, attack.target_owner_id) == ((1, 0), 2)
    assert not audience(attack, Context()).public  # private unless it breaks an agreement


def test_one_incited_attack_per_kingdom_the_highest_roll_picks():
    w = build(
        "F1 F2 F. F3",
        hexes={(2, 0): {"neutral_kingdom": N, "defence": Defence.GREAT_FORTRESS}},
    )
    w.neutral_kingdoms = {N: NeutralKingdomState(id=N, name="Karak", capital=(2, 0))}
    for k in w.kingdoms:
        w.kingdoms[k] = dataclasses.replace(w.kingdoms[k], power=5)
    spends = (spend(1, K.INCITE, 2, hex=(3, 0)), spend(2, K.INCITE, 2, kingdom=3, hex=(1, 0)))
    out = resolve(w, *spends, dice=[4, 6])
    [attack] = of_type(out.events, IncitedAttack)
    assert attack.kingdom_id == 3
    assert rolled(out, 1).outcome == "another incitement was chosen"
    assert len(of_type(out.events, PowerSpent)) == 2  # spent either way


def test_an_incite_on_a_partner_breaks_the_agreement_publicly():
    w = world()
    w.agreements = (AgreementState(id=9, kind=AgreementKind.CEASE_FIRE, parties=(1, 2)),)
    out = resolve(w, spend(1, K.INCITE, 2, hex=(1, 0)), dice=[5])
    [attack] = of_type(out.events, IncitedAttack)
    assert attack.breaks_agreement == "cease fire" and audience(attack, Context()).public
    [broken] = of_type(out.events, AgreementBroken)
    assert (broken.agreement_id, broken.kingdom_id, broken.partner_id) == (9, 1, 2)


def test_incited_attack_is_declared_at_3e_against_the_patrol_and_the_hex_can_fall():
    w = world()
    orders = [Order(army_id=2, kind=OrderKind.PATROL, target=(1, 0))]
    dice = ForcedDice([5])
    events = resolve_provisional(
        w, orders, dice, Spending((spend(1, K.INCITE, 2, hex=(1, 0)),))
    ).events
    [declared] = of_type(events, BattleDeclared)
    assert (declared.attacker_neutral_kingdom_id, declared.attacker_points) == (N, 2000)
    assert declared.defender_kind is DefenderKind.PATROL and declared.defender_army_ids == (2,)
    assert audience(declared, Context()).public
    [battle] = declared_battles(events)
    assert battle.attacker.neutral_kingdom_id == N
    # the patrol retreats: the neutral army wins and the hex joins the kingdom (Q17)
    battle = dataclasses.replace(
        battle, defender=dataclasses.replace(battle.defender, decision=Decision.RETREAT)
    )
    final = resolve_final(w, [battle], ForcedDice([6]), orders).events
    [joined] = of_type(final, HexJoinedNeutralKingdom)
    assert (joined.hex, joined.neutral_kingdom_id, joined.previous_owner_id) == ((1, 0), N, 2)


def test_incited_attack_on_an_unpatrolled_hex_is_a_lost_cause():
    events = resolve_provisional(
        world(), [], ForcedDice([4]), Spending((spend(1, K.INCITE, 2, hex=(1, 0)),))
    ).events
    [declared] = of_type(events, BattleDeclared)
    assert declared.defender_kind is DefenderKind.LOST_CAUSE
    [battle] = declared_battles(events)
    assert resolve_battle(world(), battle, ForcedDice([]), {})[0].winner == "attacker"


def test_invading_your_neutral_ally_ends_the_alliance():
    w = world(ally=2)
    orders = [Order(army_id=2, kind=OrderKind.INVADE, target=(2, 0))]
    events = resolve_provisional(w, orders, ForcedDice([])).events
    [ended] = of_type(events, AllianceEnded)
    assert (ended.kingdom_id, ended.reason) == (2, "invaded")


def test_protected_kingdoms_pay_tribute_not_alliance_income():
    assert diplomacy.alliance_income(world(ally=1, protector=1), 1) == 0
    assert diplomacy.alliance_income(world(ally=1), 1) == 1


# --- Table 11 -----------------------------------------------------------------------


def pacify(w, amount, roll):
    return resolve(w, spend(1, K.PACIFY, amount, hex=(0, 1)), dice=[roll])


def test_table_11_provoked_adds_500_capped_at_the_band_maximum():
    out = pacify(world(), 1, 1)
    assert of_type(out.events, PacifyRolled)[0].result == "provoked"
    assert of_type(out.events, DefenderChanged)[0].points == 1500
    w = world()
    w.hexes[(0, 1)] = msgspec.structs.replace(w.hexes[(0, 1)], defender=Defender(1800, 1800))
    assert of_type(pacify(w, 1, 1).events, DefenderChanged)[0].points == 2000  # E-09


@pytest.mark.parametrize(("amount", "roll"), [(1, 2), (1, 3), (2, 2)])
def test_table_11_no_effect(amount, roll):
    out = pacify(world(), amount, roll)
    assert of_type(out.events, PacifyRolled)[0].result == "no_effect"
    assert not of_type(out.events, DefenderChanged)


@pytest.mark.parametrize(("points", "halved"), [(1000, 500), (1500, 750), (750, 500), (500, 250)])
def test_table_11_wavering_halves_rounded_up_to_250(points, halved):
    w = world()
    w.hexes[(0, 1)] = msgspec.structs.replace(w.hexes[(0, 1)], defender=Defender(points, points))
    out = pacify(w, 2, 3)  # 3 + 1 = 4
    assert of_type(out.events, PacifyRolled)[0].result == "wavering"
    assert of_type(out.events, DefenderChanged)[0].points == halved
    assert out.world.hexes[(0, 1)].defender.points == halved


def test_table_11_pacified_joins_at_the_end_of_the_turn_if_still_unowned():
    out = pacify(world(), 3, 4)  # 4 + 2 = 6
    assert out.results[1] is SpendResult.PACIFIED
    s = dataclasses.replace(spend(1, K.PACIFY, 3, hex=(0, 1)), result=SpendResult.PACIFIED)
    final = resolve_final(world(), [], ForcedDice([]), spends=[s]).events
    [joined] = [e for e in of_type(final, HexConquered) if e.hex == (0, 1)]
    assert joined.kingdom_id == 1 and joined.rule == "Table 11 E-26"
    owners = {(0, 1): 2}
    assert of_type(diplomacy.pacified_join(owners, world(), [s]), PacifyVoided)  # E-26


def test_table_11_is_the_rulesets_table():
    w = world()
    w = dataclasses.replace(
        w,
        ruleset=ruleset_from_overrides(
            {
                "tables": {
                    "table-11": "1-5 no_effect\n6 pacified",
                    "diplomacy-ally": "1-3 no\n4-6 yes",
                }
            }
        ),
    )
    assert pacify(w, 1, 1).results[1] is SpendResult.NO_EFFECT
    assert of_type(resolve(w, spend(2, K.ALLY, 2), dice=[4]).events, AllianceFormed)
