"""A campaign of several turns with a siege, played through the services: what an export
must carry whole."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from battles.models import Battle, Siege
from battles.sieges.services import siege_engine_build, siege_plan_set
from battles.tabletop.services import (
    battle_report_confirm,
    battle_report_submit,
    report_from_input,
)
from campaign.bulletin.services import mercenary_offer_publish, rumour_publish
from campaign.campaigns.setup import Demo
from campaign.models import Hex, Turn
from campaign.turns.services import turn_claim_step
from kingdoms.agreements.services import agreement_accept, agreement_propose
from kingdoms.armies.services import army_disband, army_list_submit
from kingdoms.edicts.services import edict_submit
from kingdoms.messages.services import (
    message_post,
    press_release_write,
    thread_mark_read,
    thread_start,
)
from kingdoms.orders.services import order_submit, orders_ready_set
from kingdoms.spending.services import spend_submit, spend_withdraw
from tests.siege_support import lay_siege, quiet_sieges


@dataclass
class Played:
    demo: Demo
    siege: Siege
    turn: Turn  # turn 4, open, with orders given


@pytest.fixture
def run_step(django_capture_on_commit_callbacks, demo):
    def run(turn: Turn) -> Turn:
        with django_capture_on_commit_callbacks(execute=True):
            turn_claim_step(turn=Turn.objects.get(pk=turn.pk), by=demo.gm)
        turn.refresh_from_db()
        return turn

    return run


def _own_hex(kingdom, *, capital: bool = False) -> Hex:
    hexes = kingdom.hexes.order_by("id")
    return (
        hexes.filter(pk=kingdom.capital_id).get()
        if capital
        else hexes.exclude(pk=kingdom.capital_id).first()
    )


@pytest.fixture
def played(demo, invasion_targets, run_step) -> Played:
    """Four turns of the demo with siege trains (NR-SIEGE) and a winter in turn 1 (E-31):
    turn 1 the bulletin, a mercenary bid, a spend withdrawn, an engine bought with crowns,
    a loot, an alliance and a thread between the allies, a press release, an army list, an
    army disbanded, and Alice invading Bob's fortress, which Bob leaves to a siege (E-37);
    turn 2 both sides plan to play the assault on the tabletop (E-24) and Carol scouts;
    turn 3 the assault is reported, confirmed and takes the place; turn 4 open with Carol's
    and Dave's orders, Dave's marked ready."""
    campaign, players = demo.campaign, demo.players
    alice, bob, carol, dave = (demo.kingdoms[name] for name in ("alice", "bob", "carol", "dave"))
    quiet_sieges(campaign, siege_trains=1, winter_turn=1)
    turn = demo.turn
    rumour_publish(turn=turn, by=demo.gm, text="The Marches stir behind the hills.")
    offer = mercenary_offer_publish(turn=turn, by=demo.gm, name="Ogre bulls", minimum_bid=1)
    carol_first = carol.armies.order_by("id").first()
    spend_submit(
        campaign=campaign,
        by=players["carol"],
        kind="mercenary_bid",
        amount=1,
        offer_id=offer.pk,
        army_id=carol_first.pk,
    )
    surgeon = spend_submit(campaign=campaign, by=players["dave"], kind="surgeon")
    spend_withdraw(campaign=campaign, by=players["dave"], spend_id=surgeon.pk)
    Hex.objects.filter(pk=_own_hex(alice).pk).update(terrain="forest")  # NR-SIEGE-5
    siege_engine_build(
        army=alice.armies.order_by("points", "id").first(), by=players["alice"], kind="giant_ram"
    )
    edict_submit(campaign=campaign, by=players["dave"], hex=_own_hex(dave).coord, kind="loot")
    alliance = agreement_propose(
        campaign=campaign, by=players["carol"], kind="alliance", partner_id=dave.pk
    )
    agreement_accept(agreement=alliance, by=players["dave"])
    talk = thread_start(  # B 7.0: the allies' private thread, read by Dave, and a press release
        campaign=campaign,
        by=players["carol"],
        subject="Terms",
        kingdom_ids=[dave.pk],
        body="Allies?",
    )
    message_post(thread=talk, by=players["dave"], body="Allies.")
    thread_mark_read(thread=talk, by=players["carol"])
    press_release_write(
        campaign=campaign, by=players["carol"], text="Carol and Dave stand together."
    )
    army_list_submit(army=carol_first, by=players["carol"], text="20 Ironbreakers")
    army_disband(army=dave.armies.order_by("-id").first(), by=players["dave"])
    _, siege = lay_siege(demo, invasion_targets, run_step)

    siege_plan_set(siege=siege, by=players["alice"], actions=["assault"], tabletop=True)
    siege_plan_set(siege=siege, by=players["bob"], actions=["pass"], tabletop=True)
    scout = invasion_targets(carol)[0]
    order_submit(army=carol_first, by=players["carol"], kind="scout", target=scout)
    run_step(run_step(Turn.objects.get(campaign=campaign, number=2)))

    turn = run_step(Turn.objects.get(campaign=campaign, number=3))  # the assault announced
    battle = Battle.objects.get(siege_battle__siege=siege)
    besiegers = battle.sides.get(role="attacker").armies.get()
    garrison = battle.sides.get(role="defender").armies.get()
    report = report_from_input(
        winner="attacker",
        casualties=[{"army": besiegers.pk, "unit": "Spearmen", "fate": "destroyed", "points": 90}],
        removed=[{"character": garrison.characters.get(is_general=True).pk}],
        kills=[{"character": besiegers.characters.get(is_general=True).pk, "count": 1}],
    )
    battle_report_submit(battle=battle, by=players["alice"], report=report, text="Over the wall")
    battle_report_confirm(battle=battle, by=players["bob"])
    run_step(turn)

    turn = Turn.objects.get(campaign=campaign, number=4)
    unexplored = next(
        c
        for c in invasion_targets(carol)
        if not Hex.objects.get(campaign=campaign, q=c[0], r=c[1]).explored
    )
    order_submit(army=carol_first, by=players["carol"], kind="invade", target=unexplored)
    order_submit(army=dave.armies.get(), by=players["dave"], kind="rest")
    orders_ready_set(campaign=campaign, by=players["dave"], ready=True)
    siege.refresh_from_db()
    return Played(demo, siege, turn)
