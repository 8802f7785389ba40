"""The rules engine's refusals in the reader's language (campaign.core.problems): the
template is translated, then filled in, the engine's own words among the values
translated too; English reads exactly as the engine's message."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation

from campaign.accounts.models import Profile
from campaign.core import problems
from campaign.core.problems import problem_sentence, problem_text
from campaign.ruleset.selectors import rule_href
from rules.battles.tabletop import secondary_terrains_problem
from rules.core.problems import Phrase, Problem
from rules.core.state import Order, OrderKind
from rules.kingdoms.crowns import spend_problem
from rules.turn.orders import why_illegal
from tests.api_support import api, first_army, session_client
from tests.rules.core.test_problems import _orders_world

ITALIAN = {
    "{target} is already your hex": "{target} è già un tuo esagono",
    "a {kind} order needs a hex": "un ordine {kind} richiede un esagono",
    "Invade": "Invadere",
    "{what} costs {price} crowns and you have {held}: {short} crown short": (
        "{what} costa {price} corone e ne hai {held}: manca {short} corona"
    ),
    "{balance} in your treasury": "{balance} nel tesoro",
    "{coord} is not on the map": "{esagono} non è sulla mappa",  # a translator's slip
    "'{value}' is not a land terrain: use {land}.": (
        "'{value}' non è un terreno di terra: usa {land}."
    ),
    "forest": "bosco",
    "mountain": "montagna",
}


@pytest.fixture
def italian(monkeypatch):
    """A tiny Italian catalog, read while Italian is the active language."""

    def gettext(text: str) -> str:
        return ITALIAN.get(text, text) if translation.get_language() == "it" else text

    monkeypatch.setattr(problems, "gettext", gettext)
    # Every engine word through the tiny catalog, whatever the real one holds
    words = {word: _Lazy(word, gettext) for word in problems.ENGINE_WORDS}
    monkeypatch.setattr(problems, "ENGINE_WORDS", words)


class _Lazy:
    """Stands for a gettext_lazy text: it is translated when it is read."""

    def __init__(self, text, gettext):
        self.text, self.gettext = text, gettext

    def __str__(self) -> str:
        return self.gettext(self.text)


def test_table_5_in_english_a_refusal_reads_as_the_engine_wrote_it():
    problem = why_illegal(
        _orders_world(), 1, Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))
    )
    with translation.override("en"):
        assert problem_text(problem) == problem.message == "(1, 0) is already your hex"
        assert problem_sentence(problem) == problem.sentence == "(1, 0) is already your hex."


def test_table_5_in_italian_the_template_is_translated_then_filled_in(italian):
    problem = why_illegal(
        _orders_world(), 1, Order(army_id=1, kind=OrderKind.INVADE, target=(1, 0))
    )
    with translation.override("it"):
        assert problem_sentence(problem) == "(1, 0) è già un tuo esagono."
    assert problem.message == "(1, 0) is already your hex"  # the API's English is unchanged


def test_table_5_the_engines_own_words_among_the_values_are_translated(italian):
    problem = Problem("Table 5", "target", "a {kind} order needs a hex", kind="Invade")
    with translation.override("it"):
        assert problem_text(problem) == "un ordine Invadere richiede un esagono"


def test_e_30_a_part_of_the_sentence_is_translated_on_its_own(italian):
    problem = spend_problem("A siege tower", 3, 2, 0)
    with translation.override("it"):
        assert problem_text(problem) == (
            "A siege tower costa 3 corone e ne hai 2 nel tesoro: manca 1 corona"
        )


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_the_english(italian):
    with translation.override("it"):
        assert problem_text(Phrase("{coord} is not on the map", coord=(9, 9))) == (
            "(9, 9) is not on the map"
        )


def test_a_players_own_name_is_never_taken_for_an_engine_word(italian):
    problem = Problem("A-1.4.13", "neutral_kingdom", "{neutral}: conquered", neutral="Invader")
    with translation.override("it"):
        assert problem_text(problem) == "Invader: conquered"


@pytest.mark.django_db
def test_table_5_a_refused_order_reads_in_italian_on_the_page_and_in_english_in_the_api(
    client, demo, italian
):
    """The same refusal of the engine: the order form of a player who reads Italian shows
    the translation; the API, to the same logged-in browser, answers in English."""
    alice = demo.players["alice"]
    Profile.objects.create(user=alice, language="it")
    capital = demo.kingdoms["alice"].capital
    army = first_army(demo, "alice")
    client.force_login(alice)
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    fields = {"kind": "invade", "target_q": capital.q, "target_r": capital.r}
    page = client.post(url, {f"army-{army.pk}-{k}": v for k, v in fields.items()})
    assert f"({capital.q}, {capital.r}) è già un tuo esagono" in page.content.decode()
    body = {"army": army.pk, "kind": "invade", "target": [capital.q, capital.r]}
    answer = session_client(alice).post(
        api(demo, "orders/"), body, format="json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert answer.status_code == 400
    assert answer.json()["detail"] == f"({capital.q}, {capital.r}) is already your hex"


def test_a_1_1_1_a_list_of_the_engines_words_is_translated_word_by_word(italian):
    problem = secondary_terrains_problem("fields", ["lava"])
    assert problem.message == (
        "'lava' is not a land terrain: use fields, river, forest, swamp, mountain."
    )
    with translation.override("it"):
        assert problem_text(problem) == (
            "'lava' non è un terreno di terra: usa fields, river, bosco, swamp, montagna."
        )


CATALOG = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: it\\n"

#, python-brace-format
msgid "{what} costs {price} crowns and you have {held}: {short} crowns short"
msgstr "{what} costa {price} corone e ne hai {held}: ne mancano {short}"

#, python-brace-format
msgid "{balance} in your treasury and {due} due at this winter phase"
msgstr "{balance} nel tesoro e {due} in arrivo questo inverno"
"""


@pytest.fixture
def real_italian(tmp_path, settings):
    """A tiny Italian catalog, compiled by msgfmt as make install compiles the real ones,
    that the site reads in place of locale/."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (gettext) is not installed")
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(CATALOG, encoding="utf-8")
    subprocess.run(
        [msgfmt, "--check-format", "-o", folder / "django.mo", folder / "django.po"], check=True
    )
    settings.LOCALE_PATHS = [tmp_path]  # resets Django's translations (setting_changed)


def test_e_30_a_catalog_compiled_by_msgfmt_translates_the_engines_template(real_italian):
    problem = spend_problem("A siege tower", 5, 2, 1)
    with translation.override("it"):
        assert problem_sentence(problem) == (
            "A siege tower costa 5 corone e ne hai 2 nel tesoro e 1 in arrivo questo inverno: "
            "ne mancano 2."
        )
    with translation.override("en"):
        assert problem_sentence(problem) == problem.sentence


@pytest.mark.django_db
def test_table_5_a_refusal_shows_its_rule_as_a_link_beside_the_sentence(client, demo):
    """The refused order reads in plain words on the page, its rule a small link into the
    rulebook beside it; the API names the rule in its own field."""
    alice = demo.players["alice"]
    capital = demo.kingdoms["alice"].capital
    army = first_army(demo, "alice")
    client.force_login(alice)
    url = reverse("order-form", args=[demo.campaign.pk, army.pk])
    fields = {"kind": "invade", "target_q": capital.q, "target_r": capital.r}
    page = client.post(url, {f"army-{army.pk}-{k}": v for k, v in fields.items()})
    link = f'<small class="rule-ref"><a href="{rule_href("Table 5")}" title="Table 5">Table 5</a>'
    assert f"({capital.q}, {capital.r}) is already your hex {link}" in page.content.decode()
    body = {"army": army.pk, "kind": "invade", "target": [capital.q, capital.r]}
    answer = session_client(alice).post(api(demo, "orders/"), body, format="json")
    assert answer.status_code == 400
    assert answer.json() == {
        "detail": f"({capital.q}, {capital.r}) is already your hex",
        "field": "target",
        "rule": "Table 5",
    }
