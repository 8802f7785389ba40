"""The house rules (§7) in sections a GM recognises: each saved on its own, modules as
switches, every option and table in plain words with its rule one tap away, and every
change announced to the players in those words."""

from __future__ import annotations

import re

import pytest

from campaign.models import Campaign, TurnEvent
from campaign.ruleset.labels import BLOCK_WORDS, CHOICES, OPTION_WORDS, TABLE_WORDS, is_switch
from campaign.ruleset.sections import BY_SLUG, SECTIONS
from rules import modules
from rules.core.ruleset import OPTIONS, TABLES, rows_to_text
from rules.core.state import Ruleset
from rules.core.table_options import GROUPS
from tests.test_rule_citations import CITATION


def _url(demo) -> str:
    return f"/campaigns/{demo.campaign.pk}/rules/"


def _section_form(campaign: Campaign, section: str, **changes) -> dict:
    """A section as the page fills it from the rules in force; a switch that is off is
    not posted, as a browser leaves out an unchecked box."""
    ruleset, fields = campaign.ruleset, BY_SLUG[section]
    form = {"section": section}
    form |= {f"table-{key}": rows_to_text(key, TABLES[key].default) for key in fields.tables}
    for name in fields.options:
        value = getattr(ruleset, name)
        if not is_switch(name) or value:
            form[f"option-{name}"] = str(value)
    form |= changes
    return {key: value for key, value in form.items() if value is not None}


def test_every_block_of_the_rulebook_lies_in_exactly_one_section():
    placed = [block for section in SECTIONS for block in section.blocks]
    assert sorted(placed) == sorted(GROUPS)


def test_each_optional_module_has_its_own_section_with_its_switch():
    by_module = {section.module: section for section in SECTIONS if section.module}
    assert set(by_module) == {module.option for module in modules.REGISTRY}
    for option, section in by_module.items():
        assert option in section.options and is_switch(option)


def test_every_option_and_table_has_plain_words_and_no_rule_id_in_them():
    """Rule IDs are links, not labels: no label or help matches the citation grammar."""
    assert set(OPTION_WORDS) == set(OPTIONS) and set(TABLE_WORDS) == set(TABLES)
    words = [str(w) for pair in [*OPTION_WORDS.values(), *TABLE_WORDS.values()] for w in pair]
    words += [str(title) for title, _ in BLOCK_WORDS.values()]
    words += [str(name) for choices in CHOICES.values() for _, name in choices]
    cited = {text: CITATION.search(text).group() for text in words if CITATION.search(text)}
    assert cited == {}
    assert all(words), "every label and help says something"


@pytest.mark.django_db
def test_each_label_on_the_page_sits_by_a_link_to_its_rule(demo, client):
    client.force_login(demo.gm)
    html = client.get(_url(demo)).content.decode()
    for name in ("patrol_radius", "army_cap_this_turn", "siege_days_per_turn"):
        row = html.split(f'id="label-{name}"')[1].split("</li>")[0]
        assert re.search(r'<small class="rule-ref"><a href="/rulebook/[a-z]+/', row), name
    assert "1 on, 0 off" not in html and "(1 yes, 0 no)" not in html


@pytest.mark.django_db
def test_the_sections_are_collapsed_with_a_save_button_each(demo, client):
    client.force_login(demo.gm)
    html = client.get(_url(demo)).content.decode()
    assert html.count('<details class="rule-section"') == len(SECTIONS)
    assert not re.search(r'<details class="rule-section"[^>]* open>', html), "all closed"
    assert html.count('name="section"') == len(SECTIONS)


@pytest.mark.django_db
def test_saving_one_section_leaves_the_others_untouched(demo, client):
    """The GM saves the battles section: the house rule he made in the power section
    stays, though its field was not posted."""
    client.force_login(demo.gm)
    campaign = demo.campaign
    power = _section_form(campaign, "power", **{"option-army_cap_this_turn": "4000"})
    assert client.post(_url(demo), power).status_code == 200
    campaign.refresh_from_db()
    battles = _section_form(campaign, "battles", **{"option-match_up_bonus": "3"})
    assert client.post(_url(demo), battles).status_code == 200
    campaign.refresh_from_db()
    assert campaign.ruleset_overrides["options"] == {
        "army_cap_this_turn": 4000,
        "match_up_bonus": 3,
    }
    html = client.get(_url(demo)).content.decode()
    summary = html.split('id="section-power"')[1].split("</summary>")[0]
    assert "1 house rule" in summary, "the section tells it holds a house rule, closed"


@pytest.mark.django_db
def test_a_module_switch_goes_on_and_off_again(demo, client):
    """§5.12: the Beast's switch checked turns the module on; unchecked (not posted by
    the browser) turns it off."""
    client.force_login(demo.gm)
    section = "module-the_beast"
    on = _section_form(demo.campaign, section, **{"option-the_beast": "1"})
    html = client.post(_url(demo), on).content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.the_beast == 1
    assert 'role="switch" value="1" checked' in html
    off = _section_form(
        Campaign.objects.get(pk=demo.campaign.pk), section, **{"option-the_beast": None}
    )
    html = client.post(_url(demo), off).content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.the_beast == 0
    assert "The Beast awakes: on → off" in html


@pytest.mark.django_db
def test_a_refusal_keeps_the_input_and_shows_the_reason_by_the_field_over_htmx(demo, client):
    client.force_login(demo.gm)
    form = _section_form(
        demo.campaign,
        "power",
        **{"option-army_cap_this_turn": "2000", "option-watchtower_cost": "2"},
    )
    response = client.post(_url(demo), form, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200, "HTMX swaps only successful answers"
    assert "<html" not in html, "only the section is swapped"
    assert re.search(r'<details class="rule-section" id="section-power"[^>]* open>', html)
    error = html.split('id="error-army_cap_this_turn"')[1].split("</p>")[0]
    assert (
        'role="alert"' in error
        and "Must be at least “Largest army allocation (points)”, which is 3,000." in error
    )
    assert 'value="2000"' in html and 'name="option-watchtower_cost"' in html
    assert 'value="2"' in html.split('name="option-watchtower_cost"')[1].split(">")[0]
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset_overrides == {}


@pytest.mark.django_db
def test_the_announcement_lists_each_change_in_plain_words(demo, client):
    client.force_login(demo.gm)
    form = _section_form(
        demo.campaign,
        "power",
        **{"option-army_cap_this_turn": "4000", "option-monument_scores": "1"},
    )
    response = client.post(_url(demo), form, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    expected = ["Monuments add to the score: off → on", "Army size cap (points): 3,500 → 4,000"]
    assert TurnEvent.objects.get(kind="RulesetChanged").payload["changes"] == [
        {"option": "monument_scores", "before": 0, "after": 1},
        {"option": "army_cap_this_turn", "before": 3500, "after": 4000},
    ]
    status = html.split('role="status"')[1].split("</div>")[0]
    assert "Saved: 2 changes" in status and all(line in status for line in expected)
    client.force_login(demo.players["alice"])
    chronicle = client.get(f"/campaigns/{demo.campaign.pk}/chronicle/").content.decode()
    assert "Army size cap (points): 3,500 → 4,000" in chronicle


@pytest.mark.django_db
def test_an_unknown_section_is_refused_with_a_clear_reason(demo, client):
    client.force_login(demo.gm)
    response = client.post(_url(demo), {"section": "nowhere", "option-patrol_radius": "2"})
    assert response.status_code == 400
    assert "no such section" in response.content.decode()
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset == Ruleset()


@pytest.mark.django_db
def test_q12_when_the_end_roll_begins_is_a_choice_of_two_named_ways(demo, client):
    """Q12: the first end roll at the announced turn or from the turn after, as radio
    buttons in words; the choice saved is announced in those words."""
    client.force_login(demo.gm)
    html = client.get(_url(demo)).content.decode()
    row = html.split('id="label-end_roll_at_announced_turn"')[1].split("</li>")[0]
    assert row.count('type="radio"') == 2 and 'role="switch"' not in row
    assert "at the announced turn" in row and "from the turn after it" in row
    form = _section_form(demo.campaign, "turns", **{"option-end_roll_at_announced_turn": "0"})
    response = client.post(_url(demo), form)
    assert Campaign.objects.get(pk=demo.campaign.pk).ruleset.end_roll_at_announced_turn == 0
    assert (
        "When the first end roll is made: at the announced turn → from the turn after it"
        in response.content.decode()
    )
