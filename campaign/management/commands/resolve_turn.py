from django.core.management.base import BaseCommand, CommandError

from campaign.errors import Refused
from campaign.models import Campaign
from campaign.pipeline.steps import turn_step_resolve
from campaign.selectors import current_turn
from campaign.services import turn_claim_step


class Command(BaseCommand):
    help = "Run the next server step of a campaign's current turn, in this process."

    def add_arguments(self, parser):
        parser.add_argument("campaign", type=int, help="campaign id")

    def handle(self, *args, campaign, **options):
        found = Campaign.objects.filter(pk=campaign).first()
        if found is None:
            raise CommandError(f"There is no campaign {campaign}.")
        turn = current_turn(found)
        if turn is None:
            raise CommandError(f"Campaign {campaign} has no turn.")
        try:
            turn = turn_claim_step(turn=turn, by=None, enqueue=False)
        except Refused as refused:
            raise CommandError(refused.message) from None
        turn_step_resolve(turn_id=turn.pk)
        turn.refresh_from_db()
        self.stdout.write(f"Turn {turn.number} is now: {turn.get_state_display()}.")
