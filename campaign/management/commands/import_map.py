from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from campaign.core.errors import Refused
from campaign.transfer.document import document_loads
from campaign.transfer.maps import map_from_export
from campaign.transfer.services import campaign_create_from_map
from rules.core.presets import PRESETS


class Command(BaseCommand):
    help = (
        "Set up a new campaign on the map of a Warpost export: its hexes, kingdoms and neutral "
        "kingdoms, none of its history; the seats are free until players claim them. Prints "
        "the new campaign's id."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a Warpost export, as export_campaign writes it")
        parser.add_argument("--gm", required=True, help="the username of its game master")
        parser.add_argument("--name", help="the new campaign's name (default: the export's)")
        parser.add_argument("--preset", default="core", choices=sorted(PRESETS))

    def handle(self, *args, file, gm, name, preset, **options):
        user = User.objects.filter(username=gm).first()
        if user is None:
            raise CommandError(f"There is no user {gm}.")
        try:
            with open(file, "rb") as source:
                imported = map_from_export(document_loads(source.read()))
            campaign = campaign_create_from_map(
                by=user,
                name=name or imported.name or "Imported map",
                description="",
                preset=preset,
                modules=(),
                imported=imported,
            )
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except Refused as refused:
            raise CommandError(refused.message) from None
        self.stdout.write(str(campaign.pk))
