"""The crown ledger through the app (E-30, E-31, NR-GEN-7, NR-SIEGE-4): an engine paid
in crowns or refused naming the shortfall, the yearly income paid by the turn pipeline,
the ledger on the kingdom page and in the API for the kingdom and the GM only, and
Table 1's standings untouched."""

from __future__ import annotations

import pytest
from django.urls import reverse

from battles.models import SiegeEngine
from battles.sieges.services import siege_engine_build
from campaign.core.errors import Refused
from campaign.models import Hex, TurnEvent
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.services import turn_claim_step
from kingdoms.crowns.models import CrownEntry
from kingdoms.crowns.selectors import crown_balance, crown_ledger
from kingdoms.realm.selectors import standings
from rules.turn.visibility import GM, Viewer
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

CROWNS = "kingdom/crowns/"


def _trains(demo, **options):
    """Siege trains on, turn 1 the winter turn (E-31), every hex of Alice's a forest
    (NR-SIEGE-5) and her strongest army in her capital, a City (NR-SIEGE-4)."""
    demo.campaign.ruleset_overrides = {"options": {"siege_trains": 1, "winter_turn": 1, **options}}
    demo.campaign.save()
    alice = demo.kingdoms["alice"]
    Hex.objects.filter(owner=alice).update(terrain="forest")
    army = alice.armies.order_by("-points").first()
    army.position = alice.capital
    army.save()
    return army


def _resolve_turn(turn) -> None:
    for _ in range(2):
        turn.refresh_from_db()
        turn_claim_step(turn=turn, by=None, enqueue=False)
        turn_step_resolve(turn_id=turn.pk)


def test_e_30_nr_siege_4_an_engine_is_paid_in_crowns_or_refused_with_the_shortfall(demo):
    """The first winter: the 3 crowns due at its winter phase pay one engine (§12.3:
    income before construction); a second finds the treasury 3 short and is refused,
    with nothing written."""
    army = _trains(demo)
    alice = demo.kingdoms["alice"]
    siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")
    [line] = CrownEntry.objects.filter(kingdom=alice)
    assert (line.turn, line.amount, line.kind) == (1, -3, CrownEntry.Kind.ENGINE)
    assert line.reason == f"A giant ram for {army.name}" and "NR-SIEGE-4" in line.rule
    with pytest.raises(Refused) as refused:
        siege_engine_build(army=army, by=demo.players["alice"], kind="siege_tower")
    assert refused.value.message == (
        "A siege tower costs 3 crowns and you have -3 in your treasury and 3 due at this "
        "winter phase: 3 crowns short."
    )
    assert refused.value.field == "kind"
    assert SiegeEngine.objects.count() == 1 and crown_balance(alice) == -3


def test_e_30_the_api_refuses_a_build_without_crowns_with_400_never_500(demo):
    army = _trains(demo, crowns_yearly=2)  # a house rule: 2 a year, an engine costs 3
    url = api(demo, f"armies/{army.pk}/siege-engines/")
    answer = token_client(demo.players["alice"]).post(url, {"kind": "giant_ram"}, format="json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["field"] == "kind"
    assert "1 crown short" in answer.json()["detail"]
    assert not SiegeEngine.objects.exists() and not CrownEntry.objects.exists()


def test_e_30_a_house_rule_price_of_0_writes_no_ledger_line(demo):
    army = _trains(demo, siege_engine_crowns=0, crowns_yearly=0)
    siege_engine_build(army=army, by=demo.players["alice"], kind="great_cannon")
    assert SiegeEngine.objects.count() == 1 and not CrownEntry.objects.exists()


def test_e_31_nr_gen_7_the_winter_phase_pays_the_yearly_crowns(demo, client):
    """Turn 1 is the winter turn: Final Results pay each kingdom 3 crowns, one ledger
    line each; Alice's engine bought against them leaves her at 0. The chronicle entry
    is each kingdom's own. The next turn, not a winter one, pays nothing."""
    army = _trains(demo)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    siege_engine_build(army=army, by=demo.players["alice"], kind="stone_thrower")
    _resolve_turn(demo.turn)
    income = CrownEntry.objects.filter(kind=CrownEntry.Kind.INCOME)
    assert sorted(income.values_list("kingdom_id", "amount", "turn")) == sorted(
        (k.pk, 3, 1) for k in demo.kingdoms.values()
    )
    assert crown_balance(alice) == 0 and crown_balance(bob) == 3
    entry = TurnEvent.objects.get(kind="CrownsCollected", kingdom_ids=[bob.pk])
    assert not entry.public and entry.rule == "E-30 E-31 NR-GEN-7"
    assert entry.payload["balance"] == 3 and entry.payload["year"] == 1
    client.force_login(demo.players["bob"])
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert f"{bob.name} collected 3 crowns in the winter phase of year 1" in chronicle
    assert f"{alice.name} collected" not in chronicle, "another's crowns are not his"
    next_turn = demo.campaign.turns.get(number=2)
    _resolve_turn(next_turn)
    assert CrownEntry.objects.filter(kind=CrownEntry.Kind.INCOME).count() == len(demo.kingdoms)


def test_e_30_the_ledger_is_shown_to_its_kingdom_and_the_gm_only(demo, client):
    """The kingdom page and the API: Alice and the GM see Alice's crowns; Bob sees his
    own and never Alice's; with the module off nobody sees a ledger."""
    army = _trains(demo)
    alice, bob = demo.kingdoms["alice"], demo.kingdoms["bob"]
    siege_engine_build(army=army, by=demo.players["alice"], kind="giant_ram")
    page = reverse("kingdom", args=[demo.campaign.pk])
    client.force_login(demo.players["alice"])
    html = client.get(page).content.decode()
    assert 'id="crowns"' in html and f"A giant ram for {army.name}" in html
    client.force_login(demo.players["bob"])
    html = client.get(page).content.decode()
    # his own ledger, empty, and his own siege train (its order form names every engine)
    alices_engine = f'{army.name}</td>\n          <td data-label="Engines">a giant ram'
    assert 'id="crowns"' in html and f"A giant ram for {army.name}" not in html
    assert alices_engine not in html
    html = client.get(page, {"kingdom": alice.pk}).content.decode()
    assert f"A giant ram for {army.name}" not in html and alices_engine not in html, (
        "a player's ?kingdom= is ignored: his own page only"
    )
    client.force_login(demo.gm)
    html = client.get(page, {"kingdom": alice.pk}).content.decode()
    assert f"A giant ram for {army.name}" in html and alices_engine in html

    mine = token_client(demo.players["alice"]).get(api(demo, CROWNS))
    assert mine.status_code == 200
    assert mine.json()["balance"] == -3 and mine.json()["due"] == 3
    assert mine.json()["entries"][0]["reason"] == f"A giant ram for {army.name}"
    bobs = token_client(demo.players["bob"])
    assert bobs.get(api(demo, CROWNS)).json()["kingdom"] == bob.pk
    assert bobs.get(api(demo, CROWNS), {"kingdom": alice.pk}).status_code == 404
    gm = token_client(demo.gm)
    assert gm.get(api(demo, CROWNS), {"kingdom": alice.pk}).json()["balance"] == -3
    assert gm.get(api(demo, CROWNS)).status_code == 404  # the GM names the kingdom

    assert crown_ledger(alice, Viewer(kingdom_id=bob.pk), demo.campaign) is None
    assert crown_ledger(alice, GM, demo.campaign)["balance"] == -3


def test_e_30_no_ledger_without_a_module_that_uses_crowns(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(reverse("kingdom", args=[demo.campaign.pk])).content.decode()
    assert 'id="crowns"' not in html
    assert token_client(demo.players["alice"]).get(api(demo, CROWNS)).status_code == 404
    assert crown_ledger(demo.kingdoms["alice"], GM, demo.campaign) is None


def test_e_30_crowns_never_change_table_1(demo):
    """Standings (Table 1: land and unspent power) are the same with a full treasury."""
    _trains(demo)
    before = standings(demo.campaign, GM)
    for kingdom in demo.kingdoms.values():
        CrownEntry.objects.create(
            kingdom=kingdom, turn=1, amount=50, kind=CrownEntry.Kind.INCOME, reason="test"
        )
    assert standings(demo.campaign, GM) == before
    rows = token_client(demo.gm).get(api(demo, "standings/")).json()
    assert all("crowns" not in row for row in rows)


def test_e_30_the_gm_corrects_a_ledger_in_the_admin_and_it_is_chronicled(demo, client):
    from django.contrib.auth.models import User

    _trains(demo)
    alice = demo.kingdoms["alice"]
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    response = client.post(
        "/admin/kingdoms/crownentry/add/",
        {"kingdom": alice.pk, "turn": 1, "amount": 2, "kind": "correction",
         "reason": "Lost tithe found", "rule": "E-30"},
    )  # fmt: skip
    assert response.status_code == 302, response.content[:500]
    assert crown_balance(alice) == 2
    entry = TurnEvent.objects.get(kind="GMCorrection")
    assert not entry.public and entry.kingdom_ids == []  # the GM's alone
