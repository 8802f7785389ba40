"""The garbage collector paused for a batch (campaign.core.collector): a step or a set-up
ends with it running as it was, whatever happens inside."""

import gc

import pytest

from campaign.core.collector import collector_paused


@pytest.fixture(autouse=True)
def _collector_restored():
    enabled = gc.isenabled()
    yield
    (gc.enable if enabled else gc.disable)()


def test_the_collector_is_paused_inside_and_running_after():
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_pause_inside_another_leaves_the_outer_one_paused():
    gc.enable()
    with collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_batch_that_fails_leaves_the_collector_running():
    gc.enable()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("half-way")
    assert gc.isenabled()


def test_a_collector_someone_turned_off_stays_off():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_as_a_decorator_each_call_pauses_it_anew():
    gc.enable()
    seen = []

    @collector_paused()
    def batch():
        seen.append(gc.isenabled())

    batch()
    batch()
    assert seen == [False, False]
    assert gc.isenabled()
