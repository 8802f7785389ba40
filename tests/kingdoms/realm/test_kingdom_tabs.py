"""The kingdom page in tabs: armies (§5.6, Table 6), power and spending (Table 10, E-30),
edicts (§5.3), diplomacy (Q23) and fallback capitals (E-23); a badge on a tab when
something there awaits the player; ?tab= opens one; each form says what it saved, or
why it refused, next to itself."""

from __future__ import annotations

import re

import pytest

from campaign.models import Hex, Turn
from kingdoms.agreements.services import agreement_propose
from kingdoms.edicts.services import edict_submit
from kingdoms.models import Army, Kingdom
from kingdoms.spending.models import PowerSpend
from kingdoms.spending.services import spend_submit
from rules.core.state import Feature

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _page(demo, query: str = "") -> str:
    return f"/campaigns/{demo.campaign.pk}/kingdom/{query}"


def _panel(html: str, slug: str) -> str:
    """The markup of one tab's panel (up to the next panel)."""
    return html.split(f'id="kingdom-{slug}"')[1].split('class="tab-panel"')[0]


def _tab(html: str, slug: str) -> str:
    """The link of one tab, its badge included."""
    return re.search(rf'<a class="tab" id="tab-{slug}".*?</a>', html, re.S).group(0)


def _propose(demo, by: str, to: str):
    return agreement_propose(
        campaign=demo.campaign,
        by=demo.players[by],
        kind="cease_fire",
        partner_id=demo.kingdoms[to].pk,
    )


def test_each_tab_holds_its_sections(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_page(demo)).content.decode()
    labels = ["Armies", "Power and spending", "Edicts", "Diplomacy", "Fallback capitals"]
    slugs = ["armies", "power", "edicts", "diplomacy", "capitals"]
    for slug, label in zip(slugs, labels, strict=True):
        assert f'href="#kingdom-{slug}" data-tab="{slug}"' in _tab(html, slug)
        assert label in _tab(html, slug)
    assert 'id="army-building"' in _panel(html, "armies") and "Entitlements" in _panel(
        html, "armies"
    ), "§5.6, Table 6"
    assert 'id="spending"' in _panel(html, "power"), "Table 10"
    assert 'id="edicts"' in _panel(html, "edicts") and "Decree" in _panel(html, "edicts")
    assert 'id="agreements"' in _panel(html, "diplomacy") and "Propose" in _panel(
        html, "diplomacy"
    ), "Q23"
    assert 'id="fallback-capitals"' in _panel(html, "capitals"), "E-23"


def test_rule_ids_are_small_links_not_labels(demo, client):
    client.force_login(demo.players["alice"])
    html = client.get(_page(demo)).content.decode()
    assert '<a href="/rulebook/questions/#Q23" title="Q23">Q23</a>' in _panel(html, "diplomacy")
    assert '<a href="/rulebook/errata/#E-23" title="E-23">E-23</a>' in _panel(html, "capitals")
    assert '<small class="hint">Q23' not in html and "(B 3.4)</button>" not in html


def test_q23_a_proposal_to_answer_puts_a_badge_on_the_diplomacy_tab(demo, client):
    _propose(demo, by="bob", to="alice")
    client.force_login(demo.players["alice"])
    tab = _tab(client.get(_page(demo)).content.decode(), "diplomacy")
    assert 'class="badge tab-badge"' in tab and ">1<" in tab and "1 agreement to answer" in tab
    client.force_login(demo.players["bob"])  # his own proposal awaits Alice, not him
    assert 'class="badge tab-badge"' not in _tab(
        client.get(_page(demo)).content.decode(), "diplomacy"
    )


def test_e_23_cities_and_no_fallback_list_put_a_badge_on_the_capitals_tab(demo, client):
    alice = demo.kingdoms["alice"]
    client.force_login(demo.players["alice"])
    rows = list(Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).order_by("q", "r"))
    for row in rows[:2]:
        row.feature = Feature.CITY.value
    Hex.objects.bulk_update(rows[:2], ["feature"])
    tab = _tab(client.get(_page(demo)).content.decode(), "capitals")
    assert ">2<" in tab and "2 Cities to name as fallback capitals" in tab
    alice.fallback_capitals = [[rows[0].q, rows[0].r]]
    alice.save(update_fields=["fallback_capitals"])
    assert 'class="badge tab-badge"' not in _tab(
        client.get(_page(demo)).content.decode(), "capitals"
    )


@pytest.mark.parametrize(
    ("query", "opened"),
    [("?tab=diplomacy", "diplomacy"), ("?tab=capitals", "capitals"), ("?tab=nonsense", "armies")],
)
def test_a_link_with_tab_opens_that_tab(demo, client, query, opened):
    """A stale or mistyped tab still shows the kingdom, on its first tab."""
    client.force_login(demo.players["alice"])
    response = client.get(_page(demo, query))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-tab-initial="{opened}"' in html
    assert 'aria-current="page"' in _tab(html, opened)


def test_the_gm_finds_the_edicts_tab_telling_whose_they_are(demo, client):
    client.force_login(demo.gm)
    html = client.get(_page(demo, f"?kingdom={demo.kingdoms['bob'].pk}")).content.decode()
    assert 'id="edicts"' not in html and "the kingdom's player's alone" in _panel(html, "edicts")


def test_a_saved_allocation_says_so_in_its_army_s_row(demo, client):
    army = demo.kingdoms["alice"].armies.order_by("id").first()
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/{army.pk}/general/",
        {f"general-{army.pk}-general": "Ludwig"},
        **HTMX,
    )
    row = response.content.decode().split(f'id="build-army-{army.pk}"')[1].split("</article>")[0]
    assert '<p class="ok" role="status">General named.</p>' in row
    assert "Ludwig" in row


def test_a_raised_army_says_so_in_its_own_row(demo, client):
    client.force_login(demo.players["alice"])
    for row in Hex.objects.filter(campaign=demo.campaign, owner=None, terrain="fields")[:4]:
        row.owner = demo.kingdoms["alice"]
        row.save(update_fields=["owner"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/raise/",
        {"raise-name": "Third Army", "raise-allocation": "1000"},
        **HTMX,
    )
    army = demo.kingdoms["alice"].armies.get(name="Third Army")
    row = response.content.decode().split(f'id="build-army-{army.pk}"')[1].split("</article>")[0]
    assert '<p class="ok" role="status">Third Army raised.</p>' in row


def test_q23_an_answer_says_what_it_did_in_the_agreement_s_row(demo, client):
    agreement = _propose(demo, by="bob", to="alice")
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/agreements/{agreement.pk}/accept/", **HTMX
    )
    row = response.content.decode().split(f'id="agreement-{agreement.pk}"')[1].split("</tr>")[0]
    assert 'role="status">' in row and "accepted." in row


def test_q23_a_refused_answer_says_why_in_the_agreement_s_row(demo, client):
    agreement = _propose(demo, by="bob", to="alice")
    client.force_login(demo.players["alice"])
    url = f"/campaigns/{demo.campaign.pk}/agreements/{agreement.pk}/accept/"
    client.post(url, **HTMX)
    response = client.post(url, **HTMX)  # accepted already: nothing to accept any more
    row = response.content.decode().split(f'id="agreement-{agreement.pk}"')[1].split("</tr>")[0]
    assert '<p class="error" role="alert">' in row


def test_e_23_a_saved_list_says_so_by_its_form(demo, client):
    alice = demo.kingdoms["alice"]
    city = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first()
    city.feature = Feature.CITY.value
    city.save(update_fields=["feature"])
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/fallback-capitals/",
        {"fallback-hexes": f"{city.q},{city.r}"},
        **HTMX,
    )
    form = response.content.decode().split('class="fallback-form"')[1].split("</form>")[0]
    assert '<p class="ok" role="status">Fallback capitals saved.</p>' in form


def test_without_scripts_a_refused_army_form_shows_the_whole_page_on_its_tab(demo, client):
    """A plain post (no HTMX): the kingdom page again, every tab there, the armies one
    open, the refusal by its field and the input kept."""
    army = demo.kingdoms["alice"].armies.order_by("id").first()
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/{army.pk}/list/",
        {f"list-{army.pk}-text": "", f"list-{army.pk}-url": "ftp://lists"},
    )
    html = response.content.decode()
    assert response.status_code == 400 and 'data-tab-initial="armies"' in html
    assert 'id="agreements"' in _panel(html, "diplomacy") and 'id="spending"' in html
    field = html.split(f'id="build-army-{army.pk}"')[1].split('<div class="field url">')[1]
    field = field.split("</div>")[0]
    assert 'value="ftp://lists"' in field and 'role="alert">A link starts with' in field


def test_q23_answering_the_last_proposal_takes_the_badge_off_the_tab(demo, client):
    """HTMX swaps the agreements section; the tab's badge comes with it, out of band."""
    agreement = _propose(demo, by="bob", to="alice")
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/agreements/{agreement.pk}/decline/", **HTMX
    )
    html = response.content.decode()
    badge = html.split('id="tab-badge-diplomacy"')[1].split("</span>")[0]
    assert 'hx-swap-oob="true"' in badge and "tab-badge-slot" in badge
    assert 'class="badge tab-badge"' not in badge


def test_without_scripts_a_saved_list_is_said_on_the_page_the_post_leads_back_to(demo, client):
    alice = demo.kingdoms["alice"]
    city = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first()
    city.feature = Feature.CITY.value
    city.save(update_fields=["feature"])
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/fallback-capitals/",
        {"fallback-hexes": f"{city.q},{city.r}"},
        follow=True,
    )
    assert response.redirect_chain[-1][0].endswith("/kingdom/#fallback-capitals")
    assert '<ul class="messages" role="status"><li class="ok">Fallback capitals saved.' in (
        response.content.decode()
    )


def test_without_scripts_an_edict_decreed_on_the_kingdom_page_leads_back_to_it(demo, client):
    """§5.3: the edicts panel sits on the campaign page and the kingdom page; a plain post
    goes back to the one it came from, saying what it saved."""
    alice = demo.kingdoms["alice"]
    own = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first()
    client.force_login(demo.players["alice"])
    html = client.get(_page(demo)).content.decode()
    assert '<input type="hidden" name="back" value="kingdom">' in _panel(html, "edicts")
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/edicts/",
        {"edict-hex_q": own.q, "edict-hex_r": own.r, "edict-kind": "loot", "back": "kingdom"},
        follow=True,
    )
    assert response.redirect_chain[-1][0].endswith("/kingdom/#edicts")
    html = response.content.decode()
    assert '<li class="ok">Edicts saved.</li>' in html and "Loot" in _panel(html, "edicts")


def _close_orders(demo) -> None:
    demo.turn.state = Turn.State.DECISIONS
    demo.turn.save(update_fields=["state"])


def test_table_10_a_refused_withdrawal_says_why_by_its_spend(demo, client):
    alice = demo.kingdoms["alice"]
    Kingdom.objects.filter(pk=alice.pk).update(power=8)
    spend = spend_submit(
        campaign=demo.campaign, by=demo.players["alice"], kind="surgeon", amount=None
    )
    _close_orders(demo)
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/spending/", {"withdraw": spend.pk}, **HTMX
    )
    line = response.content.decode().split('<ul class="spend-list">')[1].split("</li>")[0]
    assert '<p class="error" role="alert">' in line and PowerSpend.objects.filter(pk=spend.pk)


def test_s5_3_a_refused_withdrawal_says_why_by_its_edict(demo, client):
    alice = demo.kingdoms["alice"]
    own = Hex.objects.filter(owner=alice).exclude(pk=alice.capital_id).first()
    edict_submit(campaign=demo.campaign, by=demo.players["alice"], hex=own.coord, kind="loot")
    _close_orders(demo)
    client.force_login(demo.players["alice"])
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/edicts/", {"withdraw": f"{own.q},{own.r}"}, **HTMX
    )
    line = response.content.decode().split('<ul class="edict-list">')[1].split("</li>")[0]
    assert '<p class="error" role="alert">' in line and f"({own.q}, {own.r})" in line


def test_e_14_allocations_over_support_put_a_badge_on_the_armies_tab_until_cut(demo, client):
    army = demo.kingdoms["alice"].armies.order_by("id").first()
    allocation = army.allocation
    Army.objects.filter(pk=army.pk).update(allocation=allocation + 500)  # 500 over
    client.force_login(demo.players["alice"])
    tab = _tab(client.get(_page(demo)).content.decode(), "armies")
    assert 'class="badge tab-badge"' in tab and "an allocation to cut" in tab
    response = client.post(
        f"/campaigns/{demo.campaign.pk}/kingdom/armies/{army.pk}/allocation/",
        {f"allocation-{army.pk}-allocation": str(allocation)},
        **HTMX,
    )
    html = response.content.decode()
    assert "Allocation saved" in html
    badge = html.split('id="tab-badge-armies"')[1].split("</span>")[0]
    assert 'hx-swap-oob="true"' in badge and 'class="badge tab-badge"' not in badge
    Army.objects.filter(pk=army.pk).update(allocation=allocation + 500)
    client.force_login(demo.gm)  # the player cuts; the GM looking on is not asked to
    html = client.get(_page(demo, f"?kingdom={demo.kingdoms['alice'].pk}")).content.decode()
    assert "500 points more than" in html and 'class="badge tab-badge"' not in _tab(html, "armies")
