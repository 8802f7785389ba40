from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from campaign.transfer.document import document_dumps
from campaign.transfer.selectors import campaign_export


class Command(BaseCommand):
    help = "Write a whole campaign as a Warpost export (docs/export-format.md)."

    def add_arguments(self, parser):
        parser.add_argument("campaign", type=int, help="campaign id")
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")

    def handle(self, *args, campaign, output, **options):
        found = Campaign.objects.filter(pk=campaign).first()
        if found is None:
            raise CommandError(f"There is no campaign {campaign}.")
        text = document_dumps(campaign_export(found))
        if output is None:
            self.stdout.write(text)
            return
        with open(output, "w", encoding="utf-8") as file:
            file.write(text)
        self.stderr.write(f"Campaign {campaign} written to {output}.")
