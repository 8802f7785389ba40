from django.core.management.base import BaseCommand, CommandError

from campaign.core.errors import Refused
from campaign.transfer.document import document_loads
from campaign.transfer.services import campaign_import


class Command(BaseCommand):
    help = (
        "Add the campaign of a Warpost export (docs/export-format.md) to this server and print "
        "its new id. People are found by username; one missing here gets an inactive account."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a Warpost export, as export_campaign writes it")

    def handle(self, *args, file, **options):
        try:
            with open(file, "rb") as source:
                imported = campaign_import(document=document_loads(source.read()))
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except Refused as refused:
            raise CommandError(refused.message) from None
        if imported.new_people:
            self.stderr.write(
                "New accounts, inactive until the admin activates them or the GM gives their "
                f"seats to others: {', '.join(imported.new_people)}."
            )
        self.stdout.write(str(imported.campaign.pk))
