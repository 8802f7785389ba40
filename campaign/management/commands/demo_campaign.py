from django.core.management.base import BaseCommand, CommandError

from campaign.campaigns.setup import DEMO_PASSWORD, demo_campaign_create, player_names
from campaign.models import Campaign


class Command(BaseCommand):
    help = "Build a playable demo campaign: a map, a GM, players, a hidden neutral kingdom."

    def add_arguments(self, parser):
        parser.add_argument(
            "--hexes", type=int, default=40, help="map size (A-1.0.2: ~40 for 4 players)"
        )
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--seed", default="demo", help="seed of the map generator")
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if a campaign exists"
        )

    def handle(self, *args, hexes, players, seed, if_empty, **options):
        if if_empty and Campaign.objects.exists():
            self.stdout.write("A campaign already exists; the demo is not loaded again.")
            self._print_logins(player_names(4))
            return
        if players < 1 or hexes < 7 * players:
            raise CommandError(f"{hexes} hexes are too few for {players} players (7 a player).")
        demo = demo_campaign_create(hexes=hexes, players=players, seed=seed)
        self.stdout.write(self.style.SUCCESS(f"Campaign {demo.campaign.pk}: {demo.campaign.name}"))
        self._print_logins(list(demo.players))

    def _print_logins(self, players: list[str]) -> None:
        logins = ", ".join(["gm (GM)", *players])
        self.stdout.write(
            f"Log in at http://127.0.0.1:8000 as {logins}; password '{DEMO_PASSWORD}'."
        )
