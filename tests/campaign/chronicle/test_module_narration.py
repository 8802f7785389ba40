"""The chronicle's sentences for the Beast (App G) and Table 31's random events (§5.12,
E-12): each of their news reads as its own plain sentence, naming what the reader may
know, instead of the engine's English note."""

from __future__ import annotations

import pytest

from campaign.chronicle.narration import Names, narrate
from rules.modules.random_events import RandomEvent

pytestmark = pytest.mark.django_db

NAMES = Names(kingdoms={1: "Alba"}, armies={7: "the Red Host"})


def _read(kind: str, **payload) -> str:
    return narrate({"kind": kind, "rule": "App G", **payload}, NAMES)


def test_table_31_every_row_reads_as_its_own_sentence():
    """§5.12 Table 31, E-12: each of the eleven rows is told apart, naming the kingdom it
    strikes; a row the reader cannot read (a newer table) still says a random event came."""
    sentences = {
        event: _read("RandomEventRolled", event=event.value, roll=5, kingdom_id=1)
        for event in RandomEvent
    }
    assert len(set(sentences.values())) == len(RandomEvent)
    assert sentences[RandomEvent.PLAGUE] == "Random event: plague strikes the armies of Alba."
    assert sentences[RandomEvent.QUIET] == "Random event: a quiet turn."
    assert _read("RandomEventRolled", event="earthquake") == "A random event was rolled."


def test_table_31_bandits_storms_and_the_wandering_hero():
    """Table 31 rows 4, 9 and 10 at step 3e (E-12): where the bandits strike and until
    when, whose invasion the storms call off, and the hero's minimum bid (B 6.2)."""
    assert _read("BanditsStruck", kingdom_id=1, hex=[2, 0], unrest_until=4) == (
        "Bandits raid hex (2, 0) of Alba: it suffers Unrest until turn 4."
    )
    assert _read("BanditsStruck", kingdom_id=1, hex=None) == (
        "The bandits find every hex of Alba patrolled and move on."
    )
    assert _read("StormsCalledOff", army_id=7, hex=[3, 1]) == (
        "Storms at sea call off the invasion of hex (3, 1) by the Red Host."
    )
    assert _read("StormsCalledOff", army_id=8, hex=[3, 1]).endswith("by an army.")
    assert _read("WanderingHero", minimum_bid=2) == (
        "A wandering hero will offer his sword on the next turn's bulletin, for a bid of at "
        "least 2 power."
    )


def test_app_g_the_beast_moves_stays_wakes_and_falls():
    """App G, E-12, E-39: the Beast's moves read where it goes (or that it stays), who
    woke it, and who slew it; a neutral slayer stays anonymous."""
    assert _read("BeastNews", what="moved", origin=[0, 0], hex=[1, 0]) == (
        "The Beast moves to hex (1, 0)."
    )
    assert _read("BeastNews", what="moved", origin=[1, 0], hex=[1, 0]) == (
        "The Beast stays in hex (1, 0)."
    )
    assert _read("BeastNews", what="woke", hex=[2, 2]) == (
        "Intruders in hex (2, 2) have woken the Beast in its lair!"
    )
    assert _read("BeastNews", what="woke") == "The Beast has woken and leaves its lair!"
    assert _read("BeastNews", what="slain", hex=[1, 0], kingdom_id=1) == (
        "Alba slays the Beast in hex (1, 0)."
    )
    assert _read("BeastNews", what="slain", hex=[1, 0]) == (
        "A neutral kingdom's army slays the Beast in hex (1, 0)."
    )
    assert _read("BeastNews", what="ravaged", hex=[1, 0]) == "The Beast ravages hex (1, 0)."
