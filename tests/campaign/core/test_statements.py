"""A reading query written once a process (campaign.core.statements): run for any
values, it finds what the ORM's own query for those values finds, and a query that
could not be written once is refused on its first run, naming the argument lost."""

import pytest
from django.db.models import QuerySet

from campaign.core.bulk import instances_load, rows_load
from campaign.core.statements import written_once
from campaign.models import Campaign, Hex, Turn
from kingdoms.models import Kingdom

pytestmark = pytest.mark.django_db


@written_once
def _kingdom_names(campaign_id: int, name: str) -> QuerySet:
    rows = Kingdom.objects.filter(campaign_id=campaign_id).exclude(name=name)
    return rows.order_by("name").values_list("name", "power")


@written_once
def _turns_from(campaign_id: int, number: int) -> QuerySet[Turn]:
    return Turn.objects.filter(campaign_id=campaign_id, number__gte=number).order_by("number")


def _campaign(name: str, kingdoms: list[str], turns: int) -> Campaign:
    campaign = Campaign.objects.create(name=name)
    for power, kingdom in enumerate(kingdoms, start=1):
        Kingdom.objects.create(campaign=campaign, name=kingdom, power=power)
    for number in range(1, turns + 1):
        Turn.objects.create(campaign=campaign, number=number)
    return campaign


def test_a_statement_finds_for_each_campaign_what_the_orm_finds():
    """The same statement, run for two campaigns and two names, reads each campaign's
    rows, as the queryset built for those values reads them."""
    first = _campaign("First", ["Averland", "Bretonnia", "Cathay"], turns=3)
    second = _campaign("Second", ["Kislev", "Norsca"], turns=1)
    for campaign, name in [(first, "Bretonnia"), (second, "Kislev"), (second, "nobody")]:
        expected = list(
            Kingdom.objects.filter(campaign=campaign)
            .exclude(name=name)
            .order_by("name")
            .values_list("name", "power")
        )
        assert [tuple(row) for row in _kingdom_names(campaign.pk, name).rows()] == expected
    assert [tuple(r) for r in _kingdom_names(first.pk, "Cathay").rows()] == [
        ("Averland", 1),
        ("Bretonnia", 2),
    ]


def test_a_statement_reads_model_instances_and_named_rows():
    """A turn compared with a number (an integer column, which PostgreSQL's driver takes
    as its own integer type) reads the turns from that number on, as instances and as
    named rows."""
    campaign = _campaign("Turns", [], turns=4)
    turns = instances_load(_turns_from(campaign.pk, 3))
    assert [(t.number, t.campaign_id, t.state) for t in turns] == [
        (3, campaign.pk, Turn.State.OPEN),
        (4, campaign.pk, Turn.State.OPEN),
    ]
    assert turns[0] == Turn.objects.get(campaign=campaign, number=3)
    assert [row.number for row in rows_load(_turns_from(campaign.pk, 1))] == [1, 2, 3, 4]
    assert rows_load(_turns_from(campaign.pk, 5)) == []


def test_a_statement_that_computes_with_its_argument_is_refused_by_name():
    """A value the query computes from its argument could not be replaced by another
    run's: the first run says which argument, rather than reading the wrong rows."""

    @written_once
    def before(campaign_id: int, number: int) -> QuerySet[Turn]:
        return Turn.objects.filter(campaign_id=campaign_id, number__lt=number - 1)

    with pytest.raises(ValueError, match="before: number did not reach the SQL as given"):
        before(1, 3).rows()


def test_a_statement_takes_annotated_ids_and_texts_only():
    with pytest.raises(TypeError, match="annotate hexes int or str"):

        @written_once
        def among(hexes: list) -> QuerySet[Hex]:
            return Hex.objects.filter(pk__in=hexes)

    with pytest.raises(TypeError, match="takes 2 values, not 1"):
        _kingdom_names(1)
