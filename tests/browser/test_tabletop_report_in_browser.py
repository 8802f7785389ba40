"""Issue 4's browser test: two players report and confirm a tabletop result, each in his
own browser context on a phone (390×844). Alice and Bob both opt in to the tabletop on
the battles page (E-24); Alice reports the battle from its page (P-C6: the result, a
casualty with its Table 12 die rolled at the table, Bob's General removed, a text);
Bob reads it and confirms it; the GM resolves Final Results, and the battle's page
shows the result and the rolls. Screenshots of the battle page and of the printable
sheet (print media) go to /tmp/warpost-tabletop-*.png for a person to look at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from battles.models import Battle, BattleSide
from battles.tabletop.models import BattleReport
from kingdoms.models import Character
from tests.api_support import battle_in_bobs_hex
from tests.browser.chromium import IN_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


pytestmark = IN_CHROMIUM


def _opt_in(page, url: str, side: BattleSide) -> None:
    page.goto(url)
    form = page.locator(f"#battle-{side.battle_id} .decision-form")
    form.locator("input[value=fight]").check()
    form.locator("input[name$='-tabletop']").check()
    form.locator("button[type=submit]").click()
    page.locator(f"#battle-{side.battle_id} li.own", has_text="opts in to the tabletop").wait_for()


def _fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"{page.url} is {width}px wide"


def test_two_players_report_and_confirm_a_tabletop_result(
    live_server, transactional_db, demo, log_in
):
    battle = battle_in_bobs_hex(demo)
    attacker, defender = battle.sides.get(role="attacker"), battle.sides.get(role="defender")
    bob_army = defender.armies.get()
    bob_general = Character.objects.get(army=bob_army, is_general=True)
    battles_url = f"{live_server.url}/campaigns/{demo.campaign.pk}/battles/"
    page_url = f"{battles_url}{battle.pk}/"

    alice = log_in("alice", **PHONE)
    bob = log_in("bob", **PHONE)
    _opt_in(alice, battles_url, attacker)
    _opt_in(bob, battles_url, defender)
    bob.locator(f"#battle-{battle.pk} h3", has_text="tabletop").wait_for()
    battle.refresh_from_db()
    assert battle.mode == Battle.Mode.TABLETOP and battle.terrain

    # Alice reports from the battle's page
    alice.goto(battles_url)
    alice.click(f"#battle-{battle.pk} h3 a")
    alice.wait_for_url(page_url)
    alice.locator(".ticket", has_text="Board").wait_for()
    form = alice.locator(".report-form")
    form.locator("select[name=report-winner]").select_option("attacker")
    form.locator("input[name=report-vp_margin]").fill("420")
    form.locator("select[name=report-army_0]").select_option(str(bob_army.pk))
    form.locator("input[name=report-unit_0]").fill("Spearmen")
    form.locator("select[name=report-fate_0]").select_option("destroyed")
    form.locator("input[name=report-points_0]").fill("150")
    form.locator("input[name=report-roll_0]").fill("4")
    form.locator(f"input[name=report-removed_{bob_general.pk}]").check()
    form.locator("textarea[name=report-text]").fill("The spears broke on the hill.")
    form.locator("button[type=submit]").click()
    alice.locator("#report .badge", has_text="Reported").wait_for()
    assert "The spears broke on the hill." in alice.locator("#report").inner_text()
    _fits_the_phone(alice)

    # Bob reads it and confirms it
    bob.goto(page_url)
    report = bob.locator("#report")
    assert "Spearmen" in report.inner_text() and "The attacker won" in report.inner_text()
    bob.screenshot(path="/tmp/warpost-tabletop-to-confirm.png", full_page=True)
    report.locator("button", has_text="Confirm this report").click()
    bob.locator("#report .badge", has_text="Confirmed").wait_for()
    assert BattleReport.objects.get(battle=battle).status == BattleReport.Status.CONFIRMED
    _fits_the_phone(bob)

    # The GM resolves Final Results; the page shows the result and the rolls
    gm = log_in("gm")
    gm.goto(f"{live_server.url}/campaigns/{demo.campaign.pk}/gm/")
    gm.click("text=Resolve next step")
    gm.click("text=Resolve anyway")  # before the deadline the console asks to confirm
    gm.locator("#console .badge", has_text="Orders open").wait_for()
    alice.goto(page_url)
    alice.locator(".ticket .result", has_text="Won by the attacker (victory)").wait_for()
    chronicle = alice.locator(".battle-chronicle").inner_text()
    assert "played on the tabletop: a victory for the attacker" in chronicle
    assert "Spearmen" not in chronicle  # Bob's unit recovery is his own (E-29)
    bob.goto(page_url)
    theirs = bob.locator(".battle-chronicle").inner_text()
    assert "Unit Spearmen (destroyed) rolled 4" in theirs
    assert "(rolled at the table)" in theirs  # the Table 12 die came from the table
    alice.screenshot(path="/tmp/warpost-tabletop-battle.png", full_page=True)
    _fits_the_phone(alice)

    # The printable sheet, as it prints
    alice.goto(f"{page_url}sheet/")
    alice.emulate_media(media="print")
    assert alice.locator(".no-print").first.is_hidden()
    assert "At the table" in alice.locator("main").inner_text()
    alice.screenshot(path="/tmp/warpost-tabletop-sheet.png", full_page=True)
