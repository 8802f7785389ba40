"""Tabletop battles in the app (E-24, P-C5, P-C6): the opt-in at Phase 4 and the
ticket it makes (terrain rolled and logged, board, report deadline), the report that one
side sends and the other confirms or disputes, the GM's settling and extension, the
refusals (which save nothing), who sees what of it in HTML and JSON (E-29), and Final
Results: waiting for the reports in time, using a confirmed one as an abstract result
would be used (the map, Table 12, XP), and resolving a late one abstract with the
strategies on file (E-24).

Alice's strongest army invades one of Bob's hexes (not his capital), held by Bob's
strongest army; the battle is built as Provisional Results leave it.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from battles.models import Battle, BattleSide
from battles.tabletop.models import BattleReport
from battles.tabletop.services import tabletop_battles_awaited
from campaign.core.errors import Refused
from campaign.models import Hex, Turn, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.models import Army, Character
from rules.core.state import DefenderKind
from tests.api_support import token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(demo) -> Battle:
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    deadline = timezone.now() + dt.timedelta(hours=48)
    Turn.objects.filter(pk=demo.turn.pk).update(
        state=Turn.State.DECISIONS, decisions_deadline=deadline
    )
    hex_row = Hex.objects.filter(owner=bob).exclude(pk=bob.capital_id).order_by("q", "r").first()
    battle = Battle.objects.create(
        turn=demo.turn, hex=hex_row, seq=1, defender_kind=DefenderKind.PATROL
    )
    for role, kingdom in (("attacker", alice), ("defender", bob)):
        army = kingdom.armies.order_by("-points", "pk").first()
        Army.objects.filter(pk=army.pk).update(list_text=f"{kingdom.name}'s secret list")
        side = BattleSide.objects.create(
            battle=battle, role=role, kingdom=kingdom, points=army.points
        )
        side.armies.set([army])
    return battle


def _army(battle: Battle, role: str) -> Army:
    return battle.sides.get(role=role).armies.get()


def _general(battle: Battle, role: str) -> Character:
    return Character.objects.get(army=_army(battle, role), is_general=True)


def _side(battle: Battle, role: str) -> BattleSide:
    return battle.sides.get(role=role)


def _opt_in(demo, battle: Battle) -> None:
    for role, player in (("attacker", "alice"), ("defender", "bob")):
        url = f"/api/battles/sides/{_side(battle, role).pk}/decision/"
        body = {"decision": "fight", "tabletop": True}
        response = token_client(demo.players[player]).post(url, body, format="json")
        assert response.status_code == 200, response.json()
    battle.refresh_from_db()


def _report(demo, battle: Battle, player: str = "alice", **changes) -> dict:
    bob_army = _army(battle, "defender")
    body = {
        "winner": "attacker",
        "vp_margin": 350,
        "casualties": [
            {
                "army": bob_army.pk,
                "unit": "Spearmen",
                "fate": "destroyed",
                "points": 150,
                "table_roll": 5,
            },
            {"army": bob_army.pk, "unit": "Archers", "fate": "fled", "points": 100},
        ],  # fmt: skip
        "removed": [{"character": _general(battle, "defender").pk, "table_roll": 6}],
        "kills": [{"character": _general(battle, "attacker").pk, "count": 1}],
        "text": "The spears broke on the hill; the archers ran.",
        **changes,
    }
    url = f"/api/battles/{battle.pk}/report/"
    return token_client(demo.players[player]).post(url, body, format="json")


def _final(demo) -> Turn:
    turn = Turn.objects.get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=demo.gm, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    turn.refresh_from_db()
    return turn


# E-24: the opt-in, the ticket ---------------------------------------------------------


def test_every_side_opts_in_and_the_battle_becomes_tabletop_with_its_ticket(client, demo, battle):
    """Alice opts in on the page (HTMX form), Bob by the API: only then is the battle
    tabletop (E-24); its terrain is rolled on Table 26–30 from the turn's seed and
    logged to the sides; its report deadline is the fight-or-retreat deadline plus the
    ruleset's 5 days."""
    client.force_login(demo.players["alice"])
    side = _side(battle, "attacker")
    prefix = f"side-{side.pk}"
    response = client.post(
        reverse("battle-decision", args=[demo.campaign.pk, side.pk]),
        {
            f"{prefix}-decision": "fight",
            f"{prefix}-strategy": "assault",
            f"{prefix}-tabletop": "on",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    battle.refresh_from_db()
    assert battle.mode == Battle.Mode.ABSTRACT and battle.terrain == []
    url = f"/api/battles/sides/{_side(battle, 'defender').pk}/decision/"
    body = {"decision": "fight", "tabletop": True}
    assert token_client(demo.players["bob"]).post(url, body, format="json").json()["tabletop"]
    battle.refresh_from_db()
    assert battle.mode == Battle.Mode.TABLETOP
    assert 3 <= len([p for p in battle.terrain if p["source"].startswith("Table ")]) <= 5
    turn = Turn.objects.get(pk=demo.turn.pk)
    assert battle.report_deadline == turn.decisions_deadline + dt.timedelta(days=5)
    rolled = TurnEvent.objects.get(kind="TerrainRolled")
    sides = sorted([demo.kingdoms["alice"].pk, demo.kingdoms["bob"].pk])
    assert (rolled.public, rolled.kingdom_ids) == (False, sides)
    assert rolled.payload["rolls"][0]["purpose"].startswith("§5.11 number of terrain pieces")
    assert TurnEvent.objects.filter(kind="TabletopAgreed").count() == 1


def test_the_opt_in_is_refused_after_the_fight_or_retreat_deadline(demo, battle):
    Turn.objects.filter(pk=demo.turn.pk).update(
        decisions_deadline=timezone.now() - dt.timedelta(minutes=1)
    )
    url = f"/api/battles/sides/{_side(battle, 'attacker').pk}/decision/"
    alice = token_client(demo.players["alice"])
    response = alice.post(url, {"decision": "fight", "tabletop": True}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "tabletop"
    assert "deadline passed" in response.json()["detail"]
    assert not _side(battle, "attacker").tabletop
    # the strategy stays on file until Final Results (E-24)
    response = alice.post(url, {"decision": "fight", "strategy": "outflank"}, format="json")
    assert response.status_code == 200 and _side(battle, "attacker").strategy == "outflank"


def test_provisional_results_set_the_fight_or_retreat_deadline(demo):
    turn = Turn.objects.get(pk=demo.turn.pk)
    turn_claim_step(turn=turn, by=demo.gm, enqueue=False)
    turn_step_resolve(turn_id=turn.pk)
    turn.refresh_from_db()
    expected = timezone.now() + dt.timedelta(hours=48)
    assert turn.state == Turn.State.DECISIONS
    assert abs((turn.decisions_deadline - expected).total_seconds()) < 60


# P-C6: report and confirm, through to Final Results ------------------------------------


def test_a_confirmed_report_is_applied_at_final_results(demo, battle):
    """Alice reports (a Table 12 and a Table 13 die rolled at the table), Bob confirms;
    Final Results take the report as they would take an abstract result: the hex is
    Alice's, Bob's army loses its units and gets back the one that recovers, Bob's
    General rolls his Table 13 at the table, and the XP is Table 15's."""
    _opt_in(demo, battle)
    bob_army, alice_general = _army(battle, "defender"), _general(battle, "attacker")
    points, xp = bob_army.points, alice_general.xp
    assert _report(demo, battle).status_code == 200
    confirm = f"/api/battles/{battle.pk}/report/confirm/"
    response = token_client(demo.players["bob"]).post(confirm)
    assert response.status_code == 200, response.json()
    assert response.json()["report"]["status"] == "confirmed"

    _final(demo)
    battle.refresh_from_db()
    assert (battle.resolved, battle.winner, battle.result) == (True, "attacker", "victory")
    assert battle.hex.__class__.objects.get(pk=battle.hex_id).owner == demo.kingdoms["alice"]
    spearmen = TurnEvent.objects.get(kind="UnitRecovered", payload__unit="Spearmen")
    assert spearmen.payload["returned"] and spearmen.payload["rolls"][0]["result"] == 5
    assert spearmen.payload["rolls"][0]["purpose"].endswith("(rolled at the table)")
    archers = TurnEvent.objects.get(kind="UnitRecovered", payload__unit="Archers")
    back = 150 + (100 if archers.payload["returned"] else 0)
    bob_army.refresh_from_db()
    assert bob_army.points == points - 250 + back
    recovery = TurnEvent.objects.get(kind="CharacterRecoveryRolled")
    assert recovery.payload["rolls"][0]["result"] == 6  # 6 - 1 (lost): full recovery
    alice_general.refresh_from_db()
    assert alice_general.xp == xp + 4  # took part, won, a kill, the winning General
    assert not TurnEvent.objects.filter(turn=demo.turn, kind="BattleFought").exists()
    fought = TurnEvent.objects.get(kind="TabletopBattleFought")
    assert fought.public and "vp_margin" in fought.secret_fields


@pytest.mark.parametrize("tabletop", [True, False], ids=["tabletop", "abstract"])
def test_a_fought_battle_shows_the_enemy_army_as_it_was_not_as_it_is_e_29(
    client, demo, battle, tabletop
):
    """E-29, E-24: once the battle is over, its page (JSON and HTML) shows Alice Bob's
    army as it went into the battle: its points before its losses, its characters and,
    played on the tabletop, the list she met across the table; what the army becomes
    afterwards (recruits, a new character, a new list) is not hers to see."""
    if tabletop:
        _opt_in(demo, battle)
    bob_army = _army(battle, "defender")
    before = {
        "id": bob_army.pk,
        "name": bob_army.name,
        "points": bob_army.points,
        "characters": [
            {"id": c.pk, "name": c.name, "is_general": c.is_general}
            for c in Character.objects.filter(army=bob_army).order_by("-is_general", "pk")
        ],
        "list_text": f"{demo.kingdoms['bob'].name}'s secret list" if tabletop else "",
        "list_url": "",
    }
    if tabletop:
        assert _report(demo, battle).status_code == 200
        confirm = f"/api/battles/{battle.pk}/report/confirm/"
        assert token_client(demo.players["bob"]).post(confirm).status_code == 200
    _final(demo)
    assert Battle.objects.get(pk=battle.pk).resolved

    Army.objects.filter(pk=bob_army.pk).update(points=2900, list_text="Bob's new list")
    Character.objects.create(kingdom=demo.kingdoms["bob"], army=bob_army, name="Captain Newcomer")
    alice = token_client(demo.players["alice"]).get(f"/api/battles/{battle.pk}/").json()
    assert alice["armies"]["defender"] == [before]
    client.force_login(demo.players["alice"])
    page = client.get(reverse("battle-detail", args=[demo.campaign.pk, battle.pk]))
    assert "Captain Newcomer" not in page.content.decode()
    assert "Bob&#x27;s new list" not in page.content.decode()


def test_final_results_wait_for_a_report_within_its_deadline(demo, battle):
    _opt_in(demo, battle)
    turn = Turn.objects.get(pk=demo.turn.pk)
    with pytest.raises(Refused, match="wait for tabletop reports"):
        turn_claim_step(turn=turn, by=demo.gm, enqueue=False)
    assert Turn.objects.get(pk=turn.pk).state == Turn.State.DECISIONS
    _report(demo, battle)  # reported, not confirmed: still waiting
    with pytest.raises(Refused, match="battle 1"):
        turn_claim_step(turn=turn, by=demo.gm, enqueue=False)


def test_a_follow_up_that_will_not_be_fought_is_not_waited_for(demo, battle):
    """P-C3, E-15: battle 2 is fought only if the defender wins battle 1; battle 1's
    confirmed report says the attacker won, so Final Results do not wait for battle 2."""
    _opt_in(demo, battle)
    follow_up = Battle.objects.create(
        turn=demo.turn, hex=battle.hex, seq=2, defender_kind=DefenderKind.NEUTRAL,
        after=battle, if_won="defender", mode=Battle.Mode.TABLETOP,
        report_deadline=battle.report_deadline,
    )  # fmt: skip
    _report(demo, battle)
    turn = Turn.objects.get(pk=demo.turn.pk)
    assert [b.seq for b in tabletop_battles_awaited(turn)] == [1, 2]  # not confirmed yet
    token_client(demo.players["bob"]).post(f"/api/battles/{battle.pk}/report/confirm/")
    assert tabletop_battles_awaited(turn) == []
    Battle.objects.filter(pk=follow_up.pk).update(if_won="attacker")
    assert [b.seq for b in tabletop_battles_awaited(turn)] == [2]


def test_a_late_report_leaves_the_battle_to_abstract_resolution(demo, battle):
    """E-24: reported but never confirmed, and the deadline passed: Final Results go on
    and fight it abstract with the strategies on file (Alice's Assault; Bob gave none,
    so Hold)."""
    _opt_in(demo, battle)
    url = f"/api/battles/sides/{_side(battle, 'attacker').pk}/decision/"
    body = {"decision": "fight", "strategy": "assault"}
    token_client(demo.players["alice"]).post(url, body, format="json")
    _report(demo, battle)
    Battle.objects.filter(pk=battle.pk).update(
        report_deadline=timezone.now() - dt.timedelta(minutes=1)
    )
    late = _report(demo, battle, player="bob", winner="defender")
    assert late.status_code == 400 and "deadline passed" in late.json()["detail"]

    _final(demo)
    battle.refresh_from_db()
    assert battle.resolved and battle.mode == Battle.Mode.ABSTRACT
    turned = TurnEvent.objects.get(kind="TabletopTurnedAbstract")
    assert turned.public and turned.rule == "E-24 A-2.5"
    fought = TurnEvent.objects.get(kind="BattleFought")
    assert (fought.payload["attacker_strategy"], fought.payload["defender_strategy"]) == (
        "assault",
        "hold",
    )
    assert not TurnEvent.objects.filter(kind__in=["UnitRecovered", "TabletopBattleFought"])


# Dispute and settle, extension ---------------------------------------------------------


def test_a_disputed_report_is_settled_by_the_gm(client, demo, battle):
    """Bob reports a draw; Alice disputes it on the page; the GM settles it by the API
    with his own result, a Massacre below the margin (P-C5: his ruling)."""
    _opt_in(demo, battle)
    assert _report(demo, battle, player="bob", winner="draw", kills=[]).status_code == 200
    client.force_login(demo.players["alice"])
    page = client.get(reverse("battle-detail", args=[demo.campaign.pk, battle.pk]))
    assert "Confirm this report" in page.content.decode()
    url = reverse("battle-report-action", args=[demo.campaign.pk, battle.pk, "dispute"])
    response = client.post(url, {"dispute-reason": "We won on objectives."}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "Disputed: We won on objectives." in response.content.decode()

    settle = f"/api/battles/{battle.pk}/report/settle/"
    body = {"winner": "attacker", "massacre": True, "vp_margin": 400, "ruling": "Objectives."}
    response = token_client(demo.gm).post(settle, body, format="json")
    assert response.status_code == 200, response.json()
    report = response.json()["report"]
    assert (report["status"], report["result"], report["ruling"]) == (
        "settled", "massacre", "Objectives.",
    )  # fmt: skip
    assert Battle.objects.get(pk=battle.pk).confirmed_report.massacre
    kinds = list(TurnEvent.objects.filter(turn=demo.turn).values_list("kind", flat=True))
    assert ["BattleReported", "BattleReportDisputed", "BattleReportSettled"] == [
        k for k in kinds if k.startswith("BattleReport")
    ]


def test_the_gm_extends_a_report_deadline(demo, battle):
    _opt_in(demo, battle)
    url = f"/api/battles/{battle.pk}/report/deadline/"
    gm = token_client(demo.gm)
    past = (timezone.now() - dt.timedelta(hours=1)).isoformat()
    assert gm.post(url, {"until": past}, format="json").status_code == 400
    later = timezone.now() + dt.timedelta(days=9)
    response = gm.post(url, {"until": later.isoformat()}, format="json")
    assert response.status_code == 200
    assert Battle.objects.get(pk=battle.pk).report_deadline == later
    response = token_client(demo.players["alice"]).post(url, {"until": later.isoformat()})
    assert response.status_code == 403


# Refusals save nothing -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "changes", "status", "words"),
    [
        ("carol", {}, 403, "Only the battle's sides"),
        ("alice", {"massacre": True, "vp_margin": 100}, 400, "only the GM rules one"),
        ("alice", {"winner": "draw", "massacre": True}, 400, "A draw has no loser"),
        ("alice", {"casualties": [{"army": 10**9, "unit": "X", "fate": "fled", "points": 5}]}, 400,
         "not in this battle"),
        ("alice", {"casualties": [{"army": 1, "unit": "X", "fate": "ran", "points": 5}]}, 400,
         "not a valid choice"),
        ("alice", {"kills": [{"character": 10**9, "count": 1}]}, 400, "not in this battle"),
        ("gm", {}, 403, "Only the battle's sides"),
    ],
)  # fmt: skip
def test_a_bad_report_is_refused_and_saves_nothing(demo, battle, player, changes, status, words):
    _opt_in(demo, battle)
    user = demo.gm if player == "gm" else demo.players[player]
    body = {**_report_body(demo, battle), **changes}
    response = token_client(user).post(f"/api/battles/{battle.pk}/report/", body, format="json")
    assert response.status_code == status, response.json()
    assert words in str(response.json())
    assert not BattleReport.objects.exists()
    assert not TurnEvent.objects.filter(kind__startswith="BattleReport").exists()


def _report_body(demo, battle) -> dict:
    return {"winner": "attacker", "casualties": [], "text": "short"}


def test_a_report_before_the_opt_in_and_wrong_answers_are_refused(client, demo, battle):
    assert _report(demo, battle).status_code == 400  # not tabletop yet (E-24)
    _opt_in(demo, battle)
    confirm = f"/api/battles/{battle.pk}/report/confirm/"
    assert token_client(demo.players["bob"]).post(confirm).status_code == 400  # nothing yet
    _report(demo, battle)
    assert token_client(demo.players["alice"]).post(confirm).status_code == 403  # his own
    dispute = f"/api/battles/{battle.pk}/report/dispute/"
    response = token_client(demo.players["bob"]).post(dispute, {"reason": " "}, format="json")
    assert response.status_code == 400
    client.force_login(demo.players["bob"])
    url = reverse("battle-report-action", args=[demo.campaign.pk, battle.pk, "report"])
    response = client.post(url, {"report-winner": "attacker", "report-army_0": "999"})
    assert response.status_code == 400  # not one of the armies: the form says so
    row = BattleReport.objects.get()
    assert (row.status, row.reported_role, row.dispute) == ("reported", "attacker", "")
    # an opt-out once a report is filed is refused (the battle stays on the table)
    url = f"/api/battles/sides/{_side(battle, 'attacker').pk}/decision/"
    response = token_client(demo.players["alice"]).post(
        url, {"decision": "fight", "tabletop": False}, format="json"
    )
    assert response.status_code == 400 and _side(battle, "attacker").tabletop


def test_p_c5_a_vp_margin_beyond_any_battle_is_refused_by_the_api_and_saves_nothing(demo, battle):
    """A margin too big for its column once gave a server error."""
    _opt_in(demo, battle)
    response = _report(demo, battle, vp_margin=10**20)
    assert response.status_code == 400
    assert response.json()["field"] == "vp_margin"
    assert "less than or equal to 1000000" in response.json()["detail"]
    assert not BattleReport.objects.exists()


def test_p_c5_a_vp_margin_beyond_any_battle_is_refused_by_the_page_and_saves_nothing(
    client, demo, battle
):
    _opt_in(demo, battle)
    client.force_login(demo.players["alice"])
    url = reverse("battle-report-action", args=[demo.campaign.pk, battle.pk, "report"])
    response = client.post(url, {"report-winner": "attacker", "report-vp_margin": str(10**20)})
    assert response.status_code == 400
    assert "less than or equal to 1000000" in response.content.decode()
    assert not BattleReport.objects.exists()


def test_p_c6_a_refused_confirm_on_the_page_says_why(client, demo, battle):
    """Confirming before anyone reported once gave a server error; now the page says why."""
    _opt_in(demo, battle)
    client.force_login(demo.players["bob"])
    url = reverse("battle-report-action", args=[demo.campaign.pk, battle.pk, "confirm"])
    response = client.post(url)
    assert response.status_code == 400
    assert "Nobody has reported this battle yet" in response.content.decode()
    assert not BattleReport.objects.exists()


# E-29: who sees what -------------------------------------------------------------------


def test_the_battle_page_shows_each_role_what_it_may_see(client, demo, battle):
    _opt_in(demo, battle)
    _report(demo, battle)
    url = reverse("battle-detail", args=[demo.campaign.pk, battle.pk])
    views = {}
    for who in ("alice", "bob", "carol", "gm"):
        client.force_login(demo.gm if who == "gm" else demo.players[who])
        response = client.get(url)
        assert response.status_code == 200
        views[who] = response.content.decode()
    bob_list = f"{demo.kingdoms['bob'].name}&#x27;s secret list"
    for insider in ("alice", "bob", "gm"):
        page = views[insider]
        assert "The spears broke on the hill" in page and "<dt>Board " in page
        assert bob_list in page, "E-24: the lists cross the table once it is tabletop"
        assert "Table 2" in page or "Table 3" in page  # a terrain piece's source
    outsider = views["carol"]
    assert "The spears broke" not in outsider and bob_list not in outsider
    assert (
        "<dt>Board " not in outsider
        and str(_army(battle, "defender").points)
        not in (outsider.split('id="battle-page"')[1].split("</dl>")[0])
    )
    assert "Confirm this report" in views["bob"] and "Confirm this report" not in views["alice"]
    assert "The GM's tools" in views["gm"] and "The GM's tools" not in views["bob"]


def test_the_battle_api_gives_each_role_what_it_may_see(demo, battle):
    _opt_in(demo, battle)
    _report(demo, battle)
    url = f"/api/battles/{battle.pk}/"
    alice = token_client(demo.players["alice"]).get(url).json()
    carol = token_client(demo.players["carol"]).get(url).json()
    gm = token_client(demo.gm).get(url).json()
    assert alice["report"]["text"].startswith("The spears") and alice["board"] == "6'×4'"
    assert alice["powers"] == {"report": True, "answer": False, "settle": False}
    assert alice["armies"]["defender"][0]["list_text"].endswith("secret list")
    assert carol["report"] is None and carol["terrain"] == [] and carol["armies"] == {}
    assert [s["points"] for s in carol["battle"]["sides"]] == [None, None]
    assert carol["chronicle"] == []  # the report's steps are the sides' (E-29)
    assert gm["powers"]["settle"] and gm["report"]["casualties"][0]["army_name"]
    other = token_client(demo.players["alice"]).get("/api/battles/999999/")
    assert other.status_code == 404


def test_the_public_chronicle_tells_where_between_whom_and_the_result(client, demo, battle):
    """E-29: an outsider reads where the battle was and its result, in JSON and on the
    chronicle page; not the VP margin, the report or its casualties."""
    _opt_in(demo, battle)
    _report(demo, battle)
    token_client(demo.players["bob"]).post(f"/api/battles/{battle.pk}/report/confirm/")
    _final(demo)
    url = f"/api/campaigns/{demo.campaign.pk}/chronicle/"
    carol = token_client(demo.players["carol"]).get(url).json()
    [fought] = [e for e in carol if e["kind"] == "TabletopBattleFought"]
    assert (fought["hex"], fought["result"], fought["winner"]) == (
        [battle.hex.q, battle.hex.r], "victory", "attacker",
    )  # fmt: skip
    assert "vp_margin" not in fought
    assert not [e for e in carol if e["kind"].startswith("BattleReport")]
    assert "Spearmen" not in str(carol)
    client.force_login(demo.players["carol"])
    page = client.get(reverse("chronicle", args=[demo.campaign.pk])).content.decode()
    assert (
        f"The battle at hex ({battle.hex.q}, {battle.hex.r}) was played on the tabletop: "
        "a victory for the attacker." in page
    )
    alice = token_client(demo.players["alice"]).get(url).json()
    [seen] = [e for e in alice if e["kind"] == "TabletopBattleFought"]
    assert seen["vp_margin"] == 350


def test_the_printable_sheet(client, demo, battle):
    _opt_in(demo, battle)
    url = reverse("battle-sheet", args=[demo.campaign.pk, battle.pk])
    client.force_login(demo.players["alice"])
    page = client.get(url).content.decode()
    assert "<h2>At the table " in page and "6&#x27;×4&#x27;" in page
    assert "warpost.css" in page and 'class="sheet"' in page
    client.force_login(demo.players["carol"])
    page = client.get(url).content.decode()
    assert "The ticket goes to the battle's sides" in page and "At the table" not in page
