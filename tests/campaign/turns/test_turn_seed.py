"""A-2.1: a turn's seed is drawn once, when the turn opens, and its hash is published at
once; nobody changes it afterwards, the admin included, or the published hash would lie."""

import pytest
from django.contrib.auth.models import User

from campaign.core.errors import Refused
from campaign.models import Turn

pytestmark = pytest.mark.django_db


def _turn_change_form(turn: Turn, **changes) -> dict:
    """The admin's change form for a turn as posted back, with ``changes`` typed in."""
    form = {
        "campaign": turn.campaign_id,
        "number": turn.number,
        "state": turn.state,
        "deadline_0": "",
        "deadline_1": "",
        "decisions_deadline_0": "",
        "decisions_deadline_1": "",
        "resolved_at_0": "",
        "resolved_at_1": "",
    }
    return form | changes


def test_a_2_1_the_admin_cannot_change_a_drawn_seed(demo, client):
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    turn = demo.turn
    drawn, published = turn.seed, turn.seed_hash

    response = client.post(
        f"/admin/campaign/turn/{turn.pk}/change/",
        _turn_change_form(turn, seed="a-seed-of-my-choosing", seed_hash="0" * 64),
    )

    assert response.status_code == 302, response.content[:500]
    turn.refresh_from_db()
    assert (turn.seed, turn.seed_hash) == (drawn, published)


def test_a_2_1_the_admin_shows_the_hash_but_not_the_secret_seed(demo, client):
    client.force_login(User.objects.create_superuser("operator", password="pw-operator"))
    html = client.get(f"/admin/campaign/turn/{demo.turn.pk}/change/").content.decode()
    assert demo.turn.seed_hash in html
    assert demo.turn.seed not in html
    assert 'name="seed"' not in html


def test_a_2_1_a_drawn_seed_cannot_be_changed_through_the_orm(demo):
    turn = Turn.objects.get(pk=demo.turn.pk)
    drawn, published = turn.seed, turn.seed_hash
    turn.seed = "a-seed-of-my-choosing"

    with pytest.raises(Refused, match="drawn once") as refused:
        turn.save()

    assert refused.value.field == "seed"
    turn.refresh_from_db()
    assert (turn.seed, turn.seed_hash) == (drawn, published)


def test_a_2_1_saving_a_turn_keeps_its_seed_and_hash(demo):
    """Other changes to a turn save as before; the published hash is not recomputed."""
    turn = Turn.objects.get(pk=demo.turn.pk)
    drawn, published = turn.seed, turn.seed_hash
    turn.state = Turn.State.DECISIONS
    turn.save()
    turn.refresh_from_db()
    assert (turn.state, turn.seed, turn.seed_hash) == (Turn.State.DECISIONS, drawn, published)
