from django.core.management.base import BaseCommand, CommandError

from campaign.core.errors import Refused
from campaign.models import Campaign
from campaign.pipeline.steps import turn_step_resolve
from campaign.turns.selectors import current_turn, late_step
from campaign.turns.services import turn_claim_step, turn_step_retry


class Command(BaseCommand):
    help = "Run the next server step of a campaign's current turn, in this process."

    def add_arguments(self, parser):
        parser.add_argument("campaign", type=int, help="campaign id")
        parser.add_argument(
            "--retry",
            action="store_true",
            help="run again the step that is running but late (its worker was lost)",
        )

    def handle(self, *args, campaign, retry, **options):
        found = Campaign.objects.filter(pk=campaign).first()
        if found is None:
            raise CommandError(f"There is no campaign {campaign}.")
        turn = current_turn(found)
        if turn is None:
            raise CommandError(f"Campaign {campaign} has no turn.")
        start = turn_step_retry if retry else turn_claim_step
        try:
            turn = start(turn=turn, by=None, enqueue=False)
        except Refused as refused:
            raise CommandError(self._refusal(refused, turn, retry)) from None
        turn_step_resolve(turn_id=turn.pk)
        turn.refresh_from_db()
        self.stdout.write(f"Turn {turn.number} is now: {turn.get_state_display()}.")

    def _refusal(self, refused: Refused, turn, retry: bool) -> str:
        late = late_step(turn)
        if retry or late is None:
            return refused.message
        return (
            f"{refused.message} {late.name} have been running for {late.minutes} minutes: "
            "add --retry to run it again."
        )
