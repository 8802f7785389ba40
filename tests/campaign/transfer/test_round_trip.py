"""A campaign exported and imported again (docs/export-format.md): a second campaign,
the same in every field and every chronicle entry but its ids, which reads the same to
each person and whose dice roll the same."""

from __future__ import annotations

import pytest

from campaign.chronicle.views import chronicle_by_turn
from campaign.core.access import Access
from campaign.core.viewers import viewer_for
from campaign.models import Campaign, Membership, Turn, TurnEvent
from campaign.transfer.document import TABLES
from campaign.transfer.selectors import campaign_export
from campaign.transfer.services import campaign_import
from kingdoms.models import Army, PowerSpend
from tests.campaign.transfer.support import normalised, through_json

pytestmark = pytest.mark.django_db


def _copy(campaign: Campaign) -> Campaign:
    imported = campaign_import(document=through_json(campaign_export(campaign)))
    assert imported.new_people == [], "everyone has his account on this server"
    return imported.campaign


def test_an_import_gives_a_second_identical_campaign(played):
    """Field by field and entry by entry: exported again, the copy gives the same
    document but for its ids; the seeds are kept, so the published hashes stay true."""
    original = played.demo.campaign
    first = through_json(campaign_export(original))
    assert all(first["tables"][t.label] for t in TABLES), "the story fills every table"
    copy = _copy(original)
    assert copy.pk != original.pk and copy.name == original.name
    again = through_json(campaign_export(copy))
    assert again["tables"]["campaign.Hex"][0]["id"] != first["tables"]["campaign.Hex"][0]["id"]
    assert normalised(again) == normalised(first)
    seeds = lambda c: [(t.number, t.seed, t.seed_hash) for t in c.turns.order_by("number")]  # noqa: E731
    assert seeds(copy) == seeds(original)
    assert Campaign.objects.count() == 2


def test_a_destroyed_armys_or_withdrawn_spends_entry_names_nothing_in_the_copy(played):
    """The chronicle still tells of the army Dave disbanded and the spend he withdrew;
    in the copy their ids name no row, not even another's."""
    copy = _copy(played.demo.campaign)
    entries = TurnEvent.objects.filter(campaign=copy)
    disbanded = entries.get(kind="ArmyDisbanded").payload["army_id"]
    withdrawn = entries.get(kind="SpendWithdrawn").payload["spend_id"]
    assert not Army.objects.filter(pk=disbanded).exists()
    assert not PowerSpend.objects.filter(pk=withdrawn).exists()


def test_the_copy_reads_the_same_to_everyone(played):
    """Each person's chronicle, narrated with the names he may know (E-29, A-1.4.18),
    word for word the same in both campaigns."""
    original = played.demo.campaign
    copy = _copy(original)
    for membership in Membership.objects.filter(campaign=original).select_related("user"):
        mine = Membership.objects.get(campaign=copy, user=membership.user)
        told = [
            chronicle_by_turn(Access(c, m, viewer_for(m)))
            for c, m in ((original, membership), (copy, mine))
        ]
        lines = [[(g["number"], g["lines"]) for g in groups] for groups in told]
        assert lines[0] == lines[1], membership.user.username
        assert lines[0], "everyone has something to read"


def test_the_copys_dice_roll_as_the_originals(played, run_step):
    """The open turn resolved in both campaigns: the same orders, the same seed, the same
    events, roll by roll."""
    original = played.demo.campaign
    copy = _copy(original)
    for campaign in (original, copy):
        run_step(Turn.objects.get(campaign=campaign, number=4))
    told = []
    for campaign in (original, copy):
        events = normalised(through_json(campaign_export(campaign)))["campaign.TurnEvent"]
        turn = Turn.objects.get(campaign=campaign, number=4)
        told.append([e | {"created_at": None} for e in events if e["turn"] == turn.number])
    assert told[0] == told[1]
    assert any(e["payload"].get("rolls") for e in told[0]), "the step rolled dice"
