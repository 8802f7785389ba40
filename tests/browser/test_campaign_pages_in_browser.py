"""A player's campaign pages on a phone (390×844): the Kingdom page's spending panel
(HTMX), the Bulletin, the Rules and the Agreements, with a second player answering in his
own browser. Screenshots go to /tmp/warpost-*.png for a person to look at.

The ``browser`` and ``log_in`` fixtures are in tests/browser/conftest.py.
"""

from __future__ import annotations

from kingdoms.agreements.models import Agreement
from kingdoms.spending.models import PowerSpend
from tests.browser.chromium import IN_CHROMIUM

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
RUMOUR = "Orc drums beat in the Marienburg Marches; the passes close by winter."

pytestmark = IN_CHROMIUM


def _shot(page, name: str, locator: str | None = None) -> None:
    path = f"/tmp/warpost-{name}.png"
    if locator:
        page.locator(locator).screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=True)


def _fits_the_phone(page) -> None:
    """Nothing pushes the page wider than the phone: no sideways scrolling."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["viewport"]["width"], f"{page.url} is {width}px wide"


def test_a_player_on_a_phone_spends_reads_the_bulletin_and_the_rules_and_agrees(
    live_server, transactional_db, demo, log_in
):
    campaign = f"{live_server.url}/campaigns/{demo.campaign.pk}"
    alice_kingdom, bob_kingdom = demo.kingdoms["alice"], demo.kingdoms["bob"]
    tower = alice_kingdom.hexes.exclude(pk=alice_kingdom.capital_id).order_by("q", "r").first()

    # The GM publishes a rumour with the turn, from his own browser.
    gm = log_in("gm")
    gm.goto(f"{campaign}/bulletin/")
    gm.fill("#rumour-text", RUMOUR)
    gm.click("text=Publish the rumour")
    gm.locator("blockquote.rumour", has_text="Orc drums").wait_for()
    _shot(gm, "gm-bulletin")

    # Kingdom: the spending panel buys a watchtower by HTMX (Table 10) and shows it queued.
    alice = log_in("alice", **PHONE)
    alice.click(f"text={demo.campaign.name}")
    alice.click("header nav >> text=Kingdom")
    alice.wait_for_url(f"{campaign}/kingdom/")
    assert alice.locator("h1").inner_text() == alice_kingdom.name
    _shot(alice, "kingdom")
    _fits_the_phone(alice)
    alice.get_by_role("tab", name="Power and spending").click()
    spending = alice.locator("#spending")
    assert "0 of 2 power committed" in spending.inner_text()
    spending.locator("select[name=kind]").select_option("watchtower")
    spending.locator("input[name=hex_q]").fill(str(tower.q))
    spending.locator("input[name=hex_r]").fill(str(tower.r))
    spending.locator("button.primary").click()
    spending.locator("text=Spending saved.").wait_for()
    panel = alice.locator("#spending").inner_text()
    assert f"Build a watchtower\n ({tower.q}, {tower.r})" in panel or (
        "Build a watchtower" in panel and f"({tower.q}, {tower.r})" in panel
    )
    assert "1 of 2 power committed" in panel
    assert alice.url == f"{campaign}/kingdom/?tab=power", "HTMX: no page load"
    spend = PowerSpend.objects.get()
    assert (spend.kingdom, spend.kind, spend.hex, spend.amount) == (
        alice_kingdom, "watchtower", tower, 1
    )  # fmt: skip
    _shot(alice, "spending", "#spending")

    # Bulletin: the GM's rumour.
    alice.click("header nav >> text=Bulletin")
    alice.locator("blockquote.rumour", has_text="Orc drums").wait_for()
    assert "Publish the rumour" not in alice.content(), "a player gets no form"
    _fits_the_phone(alice)
    _shot(alice, "bulletin")

    # Rules: the ruleset in force in sections, every line with its rule ID; no form for a
    # player.
    alice.click("header nav >> text=Rules")
    alice.click("#section-orders > summary")
    alice.locator("text=Exploring fields").first.wait_for()
    rules = alice.locator("#section-orders").inner_text()
    assert "Patrol radius" in rules and "A-1.0.5" in rules
    assert alice.locator("textarea").count() == 0
    _fits_the_phone(alice)
    _shot(alice, "rules")

    # Agreements: Alice proposes a cease fire to Bob (Q23) ...
    alice.click("header nav >> text=Kingdom")
    alice.get_by_role("tab", name="Diplomacy").click()
    agreements = alice.locator("#agreements")
    agreements.locator("select[name=agreement-kind]").select_option("cease_fire")
    agreements.locator("select[name=agreement-partner]").select_option(str(bob_kingdom.pk))
    agreements.locator("button.primary", has_text="Propose").click()
    alice.locator("#agreements tr.agreement-proposed").wait_for()
    proposal = Agreement.objects.get()
    assert (proposal.kind, proposal.state) == ("cease_fire", "proposed")
    _fits_the_phone(alice)
    _shot(alice, "agreements-proposed", "#agreements")

    # ... and Bob, on his own phone, accepts it, led there by a link to the agreements.
    bob = log_in("bob", **PHONE)
    bob.goto(f"{campaign}/kingdom/#agreements")
    row = bob.locator(f"#agreement-{proposal.pk}")
    assert "Cease fire" in row.inner_text() and alice_kingdom.name in row.inner_text()
    row.locator("button", has_text="Accept").click()
    bob.locator(f"#agreement-{proposal.pk}.agreement-active").wait_for()
    _fits_the_phone(bob)
    _shot(bob, "agreements-accepted", "#agreements")
    proposal.refresh_from_db()
    assert (proposal.state, proposal.public) == ("active", True)

    alice.reload()
    assert "Active" in alice.locator(f"#agreement-{proposal.pk}").inner_text()
