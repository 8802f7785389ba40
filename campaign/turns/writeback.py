"""The end of a turn's events in the pipeline: the end roll and the campaign's winner go to
the chronicle alone (A-3.0.2, A-3.1); campaign.pipeline.steps reads CampaignWon to close
the campaign."""

from __future__ import annotations

from campaign.pipeline.registry import register_chronicle_only
from rules.core import events as ev


def register() -> None:
    register_chronicle_only(ev.CampaignEndRoll, ev.CampaignWon)
