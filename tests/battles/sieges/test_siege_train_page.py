"""The siege train on the kingdom page's Armies tab (new-rules.md §9, NR-SIEGE): each
army's engines, and the forms through which the player orders an engine in the winter
turn and sends engines off as a convoy, each refusal said in words on the page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from battles.models import SiegeEngine
from campaign.models import Hex
from kingdoms.crowns.models import CrownEntry
from kingdoms.models import Army

pytestmark = pytest.mark.django_db


def _trains_on(demo, winter_turn: int = 1) -> Army:
    """Siege trains on, turn 1 the winter turn (E-31), Alice's land all Forest (timber for
    an engine a hex, NR-SIEGE-5) and her strongest army in her capital (a City)."""
    alice = demo.kingdoms["alice"]
    demo.campaign.ruleset_overrides = {"options": {"siege_trains": 1, "winter_turn": winter_turn}}
    demo.campaign.save()
    Hex.objects.filter(owner=alice).update(terrain="forest")
    army = alice.armies.order_by("-points").first()
    army.position = alice.capital
    army.save()
    return army


def _client(demo, who: str) -> Client:
    client = Client()
    client.force_login(demo.players.get(who) or demo.gm)
    return client


def _armies_tab(client: Client, demo) -> str:
    url = reverse("kingdom", args=[demo.campaign.pk]) + "?tab=armies"
    return client.get(url, follow=True).content.decode()


def test_nr_siege_the_armies_tab_shows_the_siege_train_only_with_the_module(demo):
    """NR-SIEGE: without the module the tab has no siege train; with it each army is
    listed with its engines (one captured said so), and the player has the order forms
    while the GM reading the kingdom has none."""
    alice = demo.kingdoms["alice"]
    assert 'id="siege-train"' not in _armies_tab(_client(demo, "alice"), demo)
    army = _trains_on(demo)
    SiegeEngine.objects.create(kingdom=alice, army=army, kind="giant_ram", captured=True)
    page = _armies_tab(_client(demo, "alice"), demo)
    assert 'id="siege-train"' in page
    assert f'<td data-label="Army">{army.name}</td>' in page
    assert 'a giant ram <span class="hint">(captured)</span>' in page
    assert reverse("kingdom-siege-engine", args=[demo.campaign.pk]) in page
    gm_page = _armies_tab(_client(demo, "gm"), demo)
    assert 'id="siege-train"' in gm_page and "a giant ram" in gm_page
    assert reverse("kingdom-siege-engine", args=[demo.campaign.pk]) not in gm_page


def test_nr_siege_4_an_engine_ordered_from_the_tab_is_paid_and_listed(demo):
    """NR-SIEGE-4, E-30: the form orders the engine through the service: paid from the
    crown ledger, carried by the army, said done and listed as standing from the winter
    phase."""
    army = _trains_on(demo)
    client = _client(demo, "alice")
    url = reverse("kingdom-siege-engine", args=[demo.campaign.pk])
    answer = client.post(url, {"army": army.pk, "kind": "siege_tower"})
    assert answer.status_code == 302 and answer["Location"].endswith("?tab=armies#siege-train")
    [engine] = SiegeEngine.objects.all()
    assert (engine.army_id, engine.kind) == (army.pk, "siege_tower")
    assert CrownEntry.objects.filter(kind=CrownEntry.Kind.ENGINE).count() == 1
    page = _armies_tab(client, demo)
    assert "Engine ordered: it stands from this winter&#x27;s phase." in page
    assert """a siege tower <span class="hint">(stands from this winter's phase)</span>""" in page


def test_nr_siege_4_a_refused_engine_says_why_and_builds_nothing(demo):
    """An army outside a City or fortress is refused by its name (NR-SIEGE-4); a made-up
    engine, another kingdom's army or no army at all get a plain request to choose; the GM,
    who has no kingdom to build for, finds no such page; nothing is built or paid."""
    army = _trains_on(demo)
    client = _client(demo, "alice")
    url = reverse("kingdom-siege-engine", args=[demo.campaign.pk])
    field = Hex.objects.filter(owner=demo.kingdoms["alice"]).exclude(pk=army.position_id).first()
    Hex.objects.filter(pk=field.pk).update(feature="", defence="")
    army.position = field
    army.save()
    client.post(url, {"army": army.pk, "kind": "giant_ram"})
    page = _armies_tab(client, demo)
    assert f"{army.name} must stand in a City or fortress of your kingdom" in page
    bobs = demo.kingdoms["bob"].armies.first()
    for bad in ({"army": army.pk, "kind": "catapult"}, {"army": bobs.pk, "kind": "giant_ram"},
                {"army": "first", "kind": "giant_ram"}, {"kind": "giant_ram"}):  # fmt: skip
        answer = client.post(url, bad)
        assert answer.status_code == 302, bad
        assert "Choose one of your armies and an engine." in _armies_tab(client, demo)
    assert _client(demo, "gm").post(url, {"army": army.pk, "kind": "giant_ram"}).status_code == 404
    assert not SiegeEngine.objects.exists() and not CrownEntry.objects.exists()


def test_nr_siege_4_out_of_winter_the_tab_says_when_engines_are_ordered(demo):
    _trains_on(demo, winter_turn=4)
    page = _armies_tab(_client(demo, "alice"), demo)
    assert "Engines are ordered in the winter turn and stand from its winter phase." in page
    assert reverse("kingdom-siege-engine", args=[demo.campaign.pk]) not in page


def test_nr_siege_11_a_convoy_is_sent_off_from_the_tab(demo):
    """NR-SIEGE-11: an army with three engines has the convoy form; two engines ticked
    are refused with the rule's words, three leave as an army of their own, which the tab
    then lists with them."""
    army = _trains_on(demo)
    alice = demo.kingdoms["alice"]
    engines = [
        SiegeEngine.objects.create(kingdom=alice, army=army, kind=kind).pk
        for kind in ("giant_ram", "siege_tower", "great_cannon")
    ]
    client = _client(demo, "alice")
    assert f"Send engines of {army.name} off as a convoy" in _armies_tab(client, demo)
    url = reverse("kingdom-siege-convoy", args=[demo.campaign.pk])
    client.post(url, {"army": army.pk, "engines": engines[:2]})
    assert "onvoy carries 3 engines or more" in _armies_tab(client, demo)
    assert not Army.objects.filter(siege_engines__isnull=False).exclude(pk=army.pk).exists()
    answer = client.post(url, {"army": army.pk, "engines": engines})
    assert answer.status_code == 302
    convoy = Army.objects.get(name=f"{army.name} convoy")
    assert set(convoy.siege_engines.values_list("pk", flat=True)) == set(engines)
    page = _armies_tab(client, demo)
    assert "The convoy is sent off: it takes orders as an army of its own." in page
    assert f'<td data-label="Army">{convoy.name}</td>' in page


def test_a_convoy_of_engines_the_army_does_not_carry_is_refused_in_words(demo):
    army = _trains_on(demo)
    other = demo.kingdoms["alice"].armies.exclude(pk=army.pk).first()
    elsewhere = SiegeEngine.objects.create(
        kingdom=demo.kingdoms["alice"], army=other, kind="giant_ram"
    )
    client = _client(demo, "alice")
    client.post(reverse("kingdom-siege-convoy", args=[demo.campaign.pk]),
                {"army": army.pk, "engines": [elsewhere.pk]})  # fmt: skip
    assert "Tick the engines of one of your armies to send off." in _armies_tab(client, demo)
    assert SiegeEngine.objects.get().army_id == other.pk
