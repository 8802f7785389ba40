"""The replay (E-29, Q22, A-1.0.9): the map at the end of a past turn, each reader in his
own fog of that time; a turn not yet closed, or none, is missing."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaign.campaigns.setup import demo_campaign_create
from campaign.map.svg import centre
from campaign.models import Turn
from kingdoms.orders.models import ScoutReport
from rules.core.tables import ScoutLevel

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_closed(closed):
    """Turns 1 and 2 closed, turn 3 open."""
    Turn.objects.filter(campaign=closed.campaign, number=2).update(state=Turn.State.CLOSED)
    Turn.objects.create(campaign=closed.campaign, number=3)
    return closed


def _replay(client, demo, who: str, number: int):
    client.force_login(demo.gm if who == "gm" else demo.players[who])
    return client.get(reverse("chronicle-replay", args=[demo.campaign.pk, number]))


def _map(client, demo, who: str, number: int) -> str:
    response = _replay(client, demo, who, number)
    assert response.status_code == 200, response.content
    return response.content.decode()


def _cell(svg: str, coord) -> str:
    q, r = coord
    return re.search(rf'<g class="m-hex" data-q="{q}" data-r="{r}".*?</g>', svg, re.S).group(0)


def _fogged(svg: str, coord) -> bool:
    return 'class="m-fog"' in _cell(svg, coord)


def _army_at(svg: str, army) -> tuple[float, float] | None:
    found = re.search(
        rf'data-army="{army.pk}"[^>]*? transform="translate\(([-\d.]+) ([-\d.]+)\)', svg
    )
    return (float(found.group(1)), float(found.group(2))) if found else None


def _stands_on(svg: str, army, coord) -> bool:
    """The army's disc sits in the hex, fanned out beside the others there."""
    x, y = centre(*coord)
    at = _army_at(svg, army)
    return at is not None and abs(at[0] - x) < 10 and at[1] == round(y + 8, 1)


def _stranger_hex(demo):
    """A land hex nobody holds, unexplored."""
    return (
        demo.campaign.hexes.filter(owner=None, neutral_kingdom=None, explored=False)
        .exclude(terrain="sea")
        .order_by("id")
        .first()
    )


def test_a_hex_explored_later_is_fogged_on_the_map_of_before(client, two_closed, record):
    """A-1.0.9, E-29: a hex first explored in turn 2 is under fog at the end of turn 1,
    for everyone, and open at the end of turn 2."""
    row = _stranger_hex(two_closed)
    row.explored = True
    row.save(update_fields=["explored"])
    record("HexExplored", {"hex": [row.q, row.r], "feature": None, "minor_feature": None},
           turn=2, public=True)  # fmt: skip
    for who in ("alice", "bob"):
        assert _fogged(_map(client, two_closed, who, 1), row.coord)
        assert not _fogged(_map(client, two_closed, who, 2), row.coord)


def test_the_holder_of_a_hex_is_the_holder_of_that_time(client, two_closed, record):
    """A-1.0.9: borders are public; a hex Averland took from Bretonnia in turn 2 is
    Bretonnia's at the end of turn 1."""
    k = two_closed.kingdoms
    row = k["bob"].hexes.exclude(pk=k["bob"].capital_id).order_by("id").first()
    row.owner = k["alice"]
    row.save(update_fields=["owner"])
    conquest = {"hex": [row.q, row.r], "kingdom_id": k["alice"].pk,
                "previous_owner_id": k["bob"].pk}  # fmt: skip
    record("HexConquered", conquest, turn=2, public=True)
    assert "held by Bretonnia" in _cell(_map(client, two_closed, "carol", 1), row.coord)
    assert "held by Averland" in _cell(_map(client, two_closed, "carol", 2), row.coord)
    assert "held by Bretonnia" in _cell(_map(client, two_closed, "carol", 0), row.coord)


def test_a_hex_an_incited_army_took_later_is_its_holders_of_before(client, two_closed, record):
    """Q17: a hex of Bretonnia's that joined a neutral kingdom in turn 2 is Bretonnia's on
    the map of turn 1, nobody's on that of turn 2."""
    bob, neutral = two_closed.kingdoms["bob"], two_closed.neutral_kingdoms[0]
    row = bob.hexes.exclude(pk=bob.capital_id).order_by("id").first()
    row.owner, row.neutral_kingdom = None, neutral
    row.save(update_fields=["owner", "neutral_kingdom"])
    joined = {"hex": [row.q, row.r], "neutral_kingdom_id": neutral.pk,
              "previous_owner_id": bob.pk}  # fmt: skip
    record("HexJoinedNeutralKingdom", joined, turn=2, rule="Q17", public=True)
    assert "held by Bretonnia" in _cell(_map(client, two_closed, "gm", 1), row.coord)
    now = _cell(_map(client, two_closed, "gm", 2), row.coord)
    assert "held by" not in now and f"land of {neutral.name}" in now


def test_what_a_player_held_then_shows_no_contents_he_may_not_see_today(client, two_closed, record):
    """E-29: a hex Averland held at the end of turn 1 and lost in turn 2, never explored:
    its holder of then, but not the fortress its new holder may have built since."""
    k = two_closed.kingdoms
    row = k["alice"].hexes.exclude(pk=k["alice"].capital_id).order_by("id").first()
    row.owner, row.defence, row.explored = k["bob"], "fortress", False
    row.save(update_fields=["owner", "defence", "explored"])
    conquest = {"hex": [row.q, row.r], "kingdom_id": k["bob"].pk,
                "previous_owner_id": k["alice"].pk}  # fmt: skip
    record("HexConquered", conquest, turn=2, public=True)
    then = _cell(_map(client, two_closed, "alice", 1), row.coord)
    assert "held by Averland" in then and "fortress" not in then
    assert "fortress" in _cell(_map(client, two_closed, "gm", 1), row.coord)


def test_what_a_player_learned_later_is_not_on_the_map_of_before(client, two_closed, record):
    """Table 8, A-1.4.19: a scout report of turn 2 and a neutral kingdom discovered in
    turn 2 are on the map of turn 2, not on that of turn 1."""
    alice = two_closed.kingdoms["alice"]
    scouted = _stranger_hex(two_closed)
    ScoutReport.objects.create(
        kingdom=alice, hex=scouted, turn=two_closed.campaign.turns.get(number=2),
        level=ScoutLevel.REPORT, facts={"feature": "mine", "minor_feature": None},
    )  # fmt: skip
    neutral = two_closed.neutral_kingdoms[0]
    alice.known_neutral_kingdoms.add(neutral)
    found = {"kingdom_id": alice.pk, "neutral_kingdom_id": neutral.pk}
    record("NeutralKingdomDiscovered", found, turn=2, kingdom_ids=[alice.pk])
    land = neutral.hexes.order_by("id").first()
    before, after = (_map(client, two_closed, "alice", n) for n in (1, 2))
    assert 'class="m-scouted"' not in _cell(before, scouted.coord)
    assert 'class="m-scouted"' in _cell(after, scouted.coord)
    assert neutral.name not in before and "m-nk" not in _cell(before, land.coord)
    assert f"land of {neutral.name}" in _cell(after, land.coord)


def test_armies_stand_where_they_stood_and_only_the_readers_own(client, two_closed, record):
    """E-29: a player sees his own armies, where they stood at the end of the turn; never
    another's. The GM sees every army."""
    k = two_closed.kingdoms
    army = k["alice"].armies.order_by("id").first()
    stranger = _stranger_hex(two_closed)
    record("ArmyMoved", {"army_id": army.pk, "hex": [stranger.q, stranger.r]}, turn=1,
           kingdom_ids=[k["alice"].pk])  # fmt: skip
    today = army.position.coord
    record("ArmyMoved", {"army_id": army.pk, "hex": list(today)}, turn=2,
           kingdom_ids=[k["alice"].pk])  # fmt: skip
    assert _stands_on(_map(client, two_closed, "alice", 1), army, stranger.coord)
    assert _stands_on(_map(client, two_closed, "alice", 2), army, today)
    bob_army = k["bob"].armies.order_by("id").first()
    for number in (0, 1, 2):
        assert _army_at(_map(client, two_closed, "alice", number), bob_army) is None
    gm = _map(client, two_closed, "gm", 2)
    assert _army_at(gm, bob_army) is not None and _army_at(gm, army) is not None


def test_a_turn_not_closed_or_never_played_is_missing(client, two_closed):
    """Only a closed turn never changes: the open turn and one to come answer 404, as
    a turn that does not exist; the start (turn 0) is always there."""
    for who in ("alice", "gm"):
        assert _replay(client, two_closed, who, 3).status_code == 404
        assert _replay(client, two_closed, who, 9).status_code == 404
        assert _replay(client, two_closed, who, 0).status_code == 200


def test_a_past_turn_is_kept_by_the_browser(client, two_closed):
    """A closed turn never changes: the answer may be kept, privately (it is the
    reader's own fog), apart for another login and for the page and its htmx part."""
    response = _replay(client, two_closed, "alice", 1)
    assert "private" in response["Cache-Control"] and "max-age=" in response["Cache-Control"]
    assert {"Cookie", "HX-Request"} <= {v.strip() for v in response["Vary"].split(",")}


def test_the_page_offers_the_slider_over_the_closed_turns(client, two_closed, record):
    """A range from the start to the last closed turn, its turns labelled, the buttons
    beside it, the last closed turn's map shown, and what the replay cannot tell said;
    beside each closed turn of the gazette, a link to its map."""
    for number in (1, 2, 3):
        record("CampaignEndRoll", {"turn": number, "result": 3, "ends": False}, turn=number,
               rule="A-3.0.2", public=True)  # fmt: skip
    client.force_login(two_closed.players["alice"])
    page = client.get(reverse("chronicle", args=[two_closed.campaign.pk])).content.decode()
    assert re.search(r'<input type="range" name="turn" min="0" max="2" step="1" value="2"', page)
    assert '<ol class="replay-ticks" aria-hidden="true"><li>0</li><li>1</li><li>2</li></ol>' in page
    assert "Previous turn" in page and "Next turn" in page
    assert 'aria-valuetext="Turn 2"' in page
    assert re.search(r"<output[^>]*data-replay-output[^>]*>Turn 2</output>", page)
    assert 'data-replay-turn="2"' in page
    assert "shown as they are today" in page
    for number in (1, 2):
        url = reverse("chronicle-replay", args=[two_closed.campaign.pk, number])
        assert f'<a href="{url}" data-replay-to="{number}">' in page
    assert 'data-replay-to="3"' not in page  # the open turn has no map yet


def _replay_queries(client, demo) -> int:
    """The slider's swap (htmx): the map alone, without the page around it, whose to-do
    depends on the campaign's state rather than its size."""
    client.force_login(demo.players["alice"])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(
            reverse("chronicle-replay", args=[demo.campaign.pk, 1]), headers={"HX-Request": "true"}
        )
    assert response.status_code == 200
    return len(queries)


def test_the_replay_costs_as_many_queries_on_a_big_map_as_on_a_small_one(client, closed):
    small = _replay_queries(client, closed)
    big = demo_campaign_create(hexes=120, players=4, seed="bigger", name="Bigger")
    big.campaign.turns.filter(number=1).update(state=Turn.State.CLOSED)
    assert _replay_queries(client, big) == small
