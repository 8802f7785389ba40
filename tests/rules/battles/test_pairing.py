"""The pairing of battles, pure: the order battles are fought in (P-C3, P-C4, E-15), when
a follow-up of a contested hex is fought, and which patrols cover a hex (E-15, Q13)."""

from __future__ import annotations

import dataclasses

from rules.core.dice import ForcedDice
from rules.core.events import BattleWon
from rules.core.state import BattleState, Decision, DefenderKind, IfWon, Role, Side
from rules.turn.final import fighting_order, resolve_final
from rules.turn.orders import Patrol, covering_patrol, covering_patrols, patrol_area
from tests.rules.rules_builder import army, build, of_type

MAP = """
F1 F2 F2 F2
F1 F1 F. F.
"""


def patrol_side(army_id: int, rank: int | None = None) -> Side:
    return Side(points=2000, kingdom_id=2, army_ids=(army_id,), rank=rank)


def invader(kingdom_id: int, army_id: int) -> Side:
    return Side(points=2000, kingdom_id=kingdom_id, army_ids=(army_id,))


def battle(key, kind, attacker, defender=None, hex_=(2, 1), after=None, if_won=None):
    return BattleState(
        key=key,
        hex=hex_,
        defender_kind=kind,
        attacker=attacker,
        defender=defender,
        after=after,
        if_won=if_won,
    )


def test_p_c4_default_order_is_declaration_order():
    battles = [battle(k, DefenderKind.PATROL, invader(1, k), patrol_side(20)) for k in (3, 1, 2)]
    assert [b.key for b in fighting_order(battles)] == [1, 2, 3]


def test_p_c4_a_patrol_fights_in_its_owners_order_the_unranked_last():
    battles = [
        battle(1, DefenderKind.PATROL, invader(1, 1), patrol_side(20)),
        battle(2, DefenderKind.PATROL, invader(1, 2), patrol_side(20, rank=2)),
        battle(3, DefenderKind.PATROL, invader(1, 3), patrol_side(20, rank=1)),
        battle(4, DefenderKind.UNDEFENDED, invader(1, 4)),  # no patrol: its key decides
    ]
    assert [b.key for b in fighting_order(battles)] == [3, 2, 1, 4]


def test_p_c3_a_follow_up_comes_after_the_battle_it_follows_whatever_the_rank():
    """E-15: the patrol's owner ranks the contested hex's follow-up first; the invaders'
    battle there still comes before it."""
    battles = [
        battle(1, DefenderKind.PATROL, invader(1, 1), patrol_side(20, rank=3), hex_=(1, 1)),
        battle(2, DefenderKind.INVADER, invader(1, 2), invader(3, 30)),
        battle(3, DefenderKind.PATROL, invader(1, 2), patrol_side(20, rank=1), after=2,
               if_won=IfWon.ATTACKER),
        battle(4, DefenderKind.PATROL, invader(3, 30), patrol_side(20, rank=2), after=2,
               if_won=IfWon.DEFENDER),
    ]  # fmt: skip
    assert [b.key for b in fighting_order(battles)] == [2, 3, 4, 1]


def test_p_c3_only_the_branch_that_happens_is_fought():
    """Both invaders retreat from each other (Q6, E-15): neither follow-up is fought."""
    w = build(MAP, armies=(army(1, 1, position=(1, 1)), army(20, 2, position=(2, 0))))
    retreat = {"decision": Decision.RETREAT}
    first = battle(
        1,
        DefenderKind.INVADER,
        dataclasses.replace(invader(1, 1), **retreat),
        dataclasses.replace(invader(2, 20), **retreat),
    )
    follow_ups = [
        battle(2, DefenderKind.UNDEFENDED, invader(1, 1), after=1, if_won=IfWon.ATTACKER),
        battle(3, DefenderKind.UNDEFENDED, invader(2, 20), after=1, if_won=IfWon.DEFENDER),
    ]
    dice = ForcedDice([])
    events = resolve_final(w, [first, *follow_ups], dice).events
    assert [(e.battle_key, e.winner) for e in of_type(events, BattleWon)] == [(1, None)]
    nobody = battle(4, DefenderKind.UNDEFENDED, invader(1, 1), after=1, if_won=IfWon.NOBODY)
    events = resolve_final(w, [first, nobody], ForcedDice([])).events
    assert [(e.battle_key, e.winner) for e in of_type(events, BattleWon)] == [
        (1, None),
        (4, Role.ATTACKER),
    ]


def test_e15_covering_patrols_best_first_and_the_default_is_the_first():
    w = build(
        MAP,
        armies=(army(20, 2, 1500, (2, 0)), army(21, 2, 2500, (3, 0)), army(22, 2, 2500, (2, 0))),
    )
    patrols = [
        Patrol(w.armies[20], (2, 0), patrol_area(w, (2, 0))),
        Patrol(w.armies[21], (3, 0), patrol_area(w, (3, 0))),
        Patrol(w.armies[22], (2, 1), patrol_area(w, (2, 1))),
    ]
    found = covering_patrols(w, (2, 0), patrols)
    assert [a.id for a in found] == [21, 22, 20]  # most points first, ties to the lowest id
    assert covering_patrol(w, (2, 0), patrols).id == 21
    assert [a.id for a in covering_patrols(w, (2, 0), patrols, used_up=[21])] == [22, 20]
