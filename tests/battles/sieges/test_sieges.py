"""Sieges through the app (E-37, docs/design/sieges.md): the Phase 4 withdrawal, the
investment at Final Results, the siege days of the next turn, the plans, and the siege
sheet's visibility per role, in HTML and in JSON."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from battles.decisions.services import battle_decide
from battles.models import Battle, BattleSide, SiegeEngine
from battles.sieges.services import siege_convoy_form, siege_engine_build, siege_plan_set
from campaign.core.errors import Refused
from campaign.models import Hex, Turn, TurnEvent
from campaign.turns.services import turn_claim_step
from kingdoms.orders.services import order_submit
from rules.core.state import Role
from tests.api_support import api, token_client
from tests.siege_support import invade_and_reach_decisions, lay_siege, quiet_sieges

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_step(django_capture_on_commit_callbacks, demo):
    def run(turn: Turn) -> Turn:
        with django_capture_on_commit_callbacks(execute=True):
            turn_claim_step(turn=turn, by=demo.gm)
        turn.refresh_from_db()
        return turn

    return run


@pytest.fixture
def siege(demo, invasion_targets, run_step):
    quiet_sieges(demo.campaign)
    laid, siege = lay_siege(demo, invasion_targets, run_step)
    return laid, siege


def _login(client, demo, who):
    user = demo.gm if who == "gm" else demo.players[who]
    client.force_login(user)


def test_the_defender_withdraws_and_the_place_is_invested(demo, siege):
    laid, siege = siege
    battle = Battle.objects.get(turn__number=1, hex=laid.hex, seq=1)
    assert battle.result == "withdrew" and battle.resolved and battle.winner == ""
    laid.hex.refresh_from_db()
    assert laid.hex.owner == demo.kingdoms["bob"], "E-37: no field battle, the hex is kept"
    assert siege.ongoing and siege.day == 0 and siege.provisions >= 2
    assert siege.garrison_army_ids == [laid.garrison.pk]
    assert siege.besieger_army_ids == [laid.besiegers.pk]
    laid.besiegers.refresh_from_db()
    assert laid.besiegers.position_id == laid.hex.pk, "E-32: the hex they besiege"
    began = TurnEvent.objects.get(kind="SiegeBegan")
    assert began.public and "provisions@garrison_kingdom_id" in began.secret_fields
    assert began.kingdom_ids == sorted([demo.kingdoms["alice"].pk, demo.kingdoms["bob"].pk])
    assert not TurnEvent.objects.filter(kind="BattleFought", turn__number=1).exists()


def test_withdrawing_needs_walls(demo, invasion_targets, run_step):
    laid = invade_and_reach_decisions(demo, invasion_targets, run_step)
    Hex.objects.filter(pk=laid.hex.pk).update(defence="")
    side = BattleSide.objects.get(battle__turn=laid.turn, role=Role.DEFENDER)
    with pytest.raises(Refused, match="walls to withdraw behind"):
        battle_decide(side=side, by=demo.players["bob"], decision="withdraw")
    attacker = BattleSide.objects.get(battle__turn=laid.turn, role=Role.ATTACKER)
    with pytest.raises(Refused, match="Only the defender"):
        battle_decide(side=attacker, by=demo.players["alice"], decision="withdraw")


def test_the_battles_page_offers_withdraw_to_a_fortress_defender_only(
    client, demo, invasion_targets, run_step
):
    laid = invade_and_reach_decisions(demo, invasion_targets, run_step)
    _login(client, demo, "bob")
    page = client.get(f"/campaigns/{demo.campaign.pk}/battles/").content.decode()
    assert 'value="withdraw"' in page
    _login(client, demo, "alice")
    page = client.get(f"/campaigns/{demo.campaign.pk}/battles/").content.decode()
    assert 'value="withdraw"' not in page
    api = client.get(f"/api/campaigns/{demo.campaign.pk}/battles/").json()
    [mine] = [s for b in api for s in b["sides"] if s["own"]]
    assert mine["may_withdraw"] is False
    del laid


def test_armies_in_a_siege_take_no_order(demo, siege):
    laid, _ = siege
    with pytest.raises(Refused, match="is besieged in .*: it takes no orders while the siege"):
        order_submit(army=laid.garrison, by=demo.players["bob"], kind="rest")


@pytest.mark.parametrize(
    ("who", "exact", "estimate", "insider"),
    [
        ("bob", True, False, True),  # the garrison's kingdom
        ("gm", True, False, True),
        ("alice", False, True, True),  # the besieger
        ("carol", False, False, False),  # anyone else
    ],
)
def test_the_siege_sheet_shows_each_role_its_share(
    client, demo, siege, who, exact, estimate, insider
):
    """Issue 4: the defender sees the exact provisions, the besieger an estimate, others
    neither; the calendar and engines go to the two sides only. HTML and JSON agree."""
    _, siege = siege
    _login(client, demo, who)
    data = client.get(f"/api/sieges/{siege.pk}/").json()
    assert (data["provisions"] == siege.provisions) is exact
    assert (data["provisions"] is None) is (not exact)
    if estimate:
        band = demo.campaign.ruleset.siege_estimate_band
        assert data["provisions_estimate"]["low"] <= siege.provisions
        assert data["provisions_estimate"]["high"] == data["provisions_estimate"]["low"] + band - 1
        assert siege.provisions <= data["provisions_estimate"]["high"]
    else:
        assert data["provisions_estimate"] is None
    assert (data["engines"] is not None) is insider
    assert data["wall_stages"] == 4 and data["status"] == "ongoing"
    page = client.get(f"/campaigns/{demo.campaign.pk}/sieges/{siege.pk}/").content.decode()
    assert ("provisions-exact" in page) is exact
    assert ("provisions-estimate" in page) is estimate
    assert (f"{siege.provisions} days of food" in page) is exact
    listing = client.get(f"/api/campaigns/{demo.campaign.pk}/sieges/").json()
    assert [s["id"] for s in listing] == [siege.pk]
    assert "provisions" not in listing[0]


def test_the_besieger_never_sees_the_provisions_dice_sg_prov_1(client, demo, siege):
    """SG-PROV-1/2, E-37: the investment's dice, with the public ruleset, give the exact
    provisions the besieger may only estimate: his siege sheet (JSON and HTML) and his
    chronicle show none of them, nor the mouths they are counted for; the garrison's
    and the GM's show them all."""
    _, siege = siege
    dice = siege.log[0]["rolls"]
    assert siege.log[0]["day"] == 0 and len(dice) == demo.campaign.ruleset.siege_provisions_dice
    for who, shown in (("alice", []), ("bob", dice), ("gm", dice)):
        _login(client, demo, who)
        data = client.get(f"/api/sieges/{siege.pk}/").json()
        [invested] = [day for day in data["calendar"] if day["day"] == 0]
        assert [roll["result"] for roll in invested["rolls"]] == shown, who
        page = client.get(f"/campaigns/{demo.campaign.pk}/sieges/{siege.pk}/").content.decode()
        row = re.search(r"<tr>\s*<td>1</td><td>0</td>.*?</tr>", page, re.S).group()
        assert row.count("<span title=") == len(shown), who
        chronicle = client.get(f"/api/campaigns/{demo.campaign.pk}/chronicle/").json()
        [began] = [entry for entry in chronicle if entry["kind"] == "SiegeBegan"]
        assert [roll["result"] for roll in began.get("rolls", [])] == shown, who
        assert ("mouths" in began) is bool(shown), who


def test_a_siege_tells_outsiders_where_and_whom_not_the_armies_or_the_food_e_37(demo, siege):
    """E-37, E-29: everyone reads that the place is besieged and by whom; as with a
    BattleDeclared, the armies, the camp's engines and the choice for a neutral capital
    (E-23) are the two sides'; where the besiegers came from is the besieger's alone,
    the provisions and what they were rolled from the garrison's (SG-PROV)."""
    laid, _ = siege
    sides = {"besieger_army_ids", "garrison_army_ids", "camp_ready_day", "neutral_conquest"}
    besieger = {"origins"}
    garrison = {"provisions", "provisions_modifier", "mouths", "rolls", "garrison_points"}
    readers = {"carol": set(), "alice": sides | besieger, "bob": sides | garrison}
    for who, secrets in readers.items():
        chronicle = token_client(demo.players[who]).get(api(demo, "chronicle/")).json()
        [began] = [entry for entry in chronicle if entry["kind"] == "SiegeBegan"]
        assert began["hex"] == list(laid.hex.coord)
        assert began["besieger_kingdom_id"] == demo.kingdoms["alice"].pk
        assert (sides | besieger | garrison) & set(began) == secrets, who
    [began] = [e for e in token_client(demo.gm).get(api(demo, "chronicle/")).json()
               if e["kind"] == "SiegeBegan"]  # fmt: skip
    assert began["origins"] and began["besieger_army_ids"] == [laid.besiegers.pk]


def test_the_next_turn_plays_the_siege_days_from_the_plans(client, demo, siege, run_step):
    laid, siege = siege
    turn = Turn.objects.get(campaign=demo.campaign, number=2)
    siege_plan_set(siege=siege, by=demo.players["alice"], actions=["wait"] * 7, strategy="hold")
    _login(client, demo, "bob")
    answer = client.post(
        f"/api/sieges/{siege.pk}/plan/",
        {"actions": ["pass", "supply"], "strategy": "hold"},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["actions"][:3] == ["pass", "supply", "pass"]
    refused = client.post(
        f"/api/sieges/{siege.pk}/plan/", {"actions": ["assault"]}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "actions"
    _login(client, demo, "carol")
    assert (
        client.post(
            f"/api/sieges/{siege.pk}/plan/", {"actions": []}, content_type="application/json"
        ).status_code
        == 403
    )
    run_step(turn)  # provisional
    turn = run_step(Turn.objects.get(pk=turn.pk))  # final: the siege days
    assert turn.state == Turn.State.CLOSED
    siege.refresh_from_db()
    days = TurnEvent.objects.filter(turn=turn, kind="SiegeDay").count()
    assert days == siege.day >= 1
    assert len(siege.log) == days + 1  # the investment, then each day
    assert TurnEvent.objects.filter(turn=turn, kind="SiegeProvisions").get().kingdom_ids == [
        demo.kingdoms["bob"].pk
    ]
    _login(client, demo, "alice")
    sheet = client.get(f"/api/sieges/{siege.pk}/").json()
    assert len(sheet["calendar"]) == days + 1
    assert sheet["calendar"][1]["rolls"], "the besieger sees each day's rolls"
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert "Siege of" in chronicle


# The engine's words as a bare table cell: a value shown without its translation.
RAW_CELL = re.compile(
    r"<td>(?:besieger|garrison|wait|pass|assault|negotiate|sortie|supply|general_sortie)</td>"
)


def test_e37_an_italian_reader_reads_the_siege_sheet_in_italian(client, demo, siege, run_step):
    """E-37: the sheet's place, its calendar's sides and actions are the reader's words,
    never the engine's values."""
    laid, siege = siege
    turn = Turn.objects.get(campaign=demo.campaign, number=2)
    siege_plan_set(siege=siege, by=demo.players["alice"], actions=["wait"] * 7, strategy="hold")
    run_step(run_step(turn))  # provisional, then final: the siege days
    _login(client, demo, "alice")
    url = f"/campaigns/{demo.campaign.pk}/sieges/{siege.pk}/"
    with translation.override("en"):  # the request's Italian stays with the request
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    place = {"fortress": "Fortezza", "great_fortress": "Grande fortezza", "city": "Città"}
    assert f"{place[siege.place]} in ({laid.hex.q}, {laid.hex.r})" in page
    assert "<td>Attendere</td>" in page and "<td>assediante</td>" in page
    assert not RAW_CELL.search(page)


def test_e37_the_siege_refusals_name_the_engine_words_in_the_readers_language(demo, siege):
    """SG-INIT-2/3, NR-SIEGE §9.1: a refused plan or engine names the sides, the actions,
    the strategies and the engines in the reader's words."""
    laid, siege = siege
    with translation.override("it"), pytest.raises(Refused) as refused:
        siege_plan_set(siege=siege, by=demo.players["bob"], actions=["assault"], strategy="")
    assert "guarnigione" in refused.value.message
    assert "Passare" in refused.value.message and "pass," not in refused.value.message
    with translation.override("it"), pytest.raises(Refused) as refused:
        siege_plan_set(siege=siege, by=demo.players["bob"], actions=[], strategy="charge")
    assert "assalto, aggiramento" in refused.value.message
    demo.campaign.ruleset_overrides = {"options": {"siege_trains": 1}}
    demo.campaign.save()
    army = demo.kingdoms["alice"].armies.first()
    with translation.override("es"), pytest.raises(Refused) as refused:
        siege_engine_build(army=army, by=demo.players["alice"], kind="catapult")
    assert "giant ram" not in refused.value.message


def test_engines_are_built_in_winter_in_a_fortified_city(demo, invasion_targets):
    alice = demo.kingdoms["alice"]
    army = alice.armies.order_by("-points").first()
    campaign = demo.campaign
    with pytest.raises(Refused, match="not used"):
        siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")
    campaign.ruleset_overrides = {"options": {"siege_trains": 1, "winter_turn": 1}}
    campaign.save()
    Hex.objects.filter(owner=alice).update(terrain="forest")
    army.position = alice.capital
    army.save()
    engine = siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")
    assert engine.army == army and engine.built_turn == 1
    campaign.ruleset_overrides = {"options": {"siege_trains": 1, "winter_turn": 2}}
    campaign.save()
    with pytest.raises(Refused, match="winter turn"):
        siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")
    assert SiegeEngine.objects.count() == 1


def test_nr_siege_5_the_forest_cap_counts_the_engines_built_not_those_captured(demo):
    """AMB-38 as Warpost reads it: a captured engine used none of its new owner's timber."""
    alice = demo.kingdoms["alice"]
    army = alice.armies.order_by("-points").first()
    demo.campaign.ruleset_overrides = {"options": {"siege_trains": 1, "winter_turn": 1}}
    demo.campaign.save()
    Hex.objects.filter(owner=alice).update(terrain="fields")
    forest = Hex.objects.filter(owner=alice).first()
    forest.terrain = "forest"
    forest.save()
    army.position = alice.capital
    army.save()
    SiegeEngine.objects.create(kingdom=alice, army=army, kind="giant_ram", captured=True)
    siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")  # the one Forest
    with pytest.raises(Refused) as refused:
        siege_engine_build(army=army, by=demo.players["alice"], kind="siege_tower")
    assert refused.value.rule == "NR-SIEGE-5 AMB-38"


def test_nr_siege_11_a_convoy_is_sent_off_as_an_army_of_its_own(demo):
    """Three engines leave with a 500-point escort taken from their army; two may not."""
    alice = demo.kingdoms["alice"]
    army = alice.armies.order_by("-points").first()
    points, allocation = army.points, army.allocation
    demo.campaign.ruleset_overrides = {"options": {"siege_trains": 1}}
    demo.campaign.save()
    engines = [
        SiegeEngine.objects.create(kingdom=alice, army=army, kind=kind).pk
        for kind in ("giant_ram", "siege_tower", "great_cannon")
    ]
    with pytest.raises(Refused) as refused:
        siege_convoy_form(army=army, by=demo.players["alice"], engine_ids=engines[:2])
    assert refused.value.rule == "NR-SIEGE-11"
    with pytest.raises(Refused) as refused:
        siege_convoy_form(army=army, by=demo.players["bob"], engine_ids=engines)
    assert refused.value.status == 403
    convoy = siege_convoy_form(army=army, by=demo.players["alice"], engine_ids=engines)
    army.refresh_from_db()
    assert (convoy.points, convoy.allocation, convoy.position_id) == (500, 500, army.position_id)
    assert (army.points, army.allocation) == (points - 500, allocation - 500)
    assert set(SiegeEngine.objects.values_list("army_id", flat=True)) == {convoy.pk}
    assert TurnEvent.objects.filter(kind="SiegeConvoyFormed").exists()
