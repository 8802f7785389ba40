from django.core.management.base import BaseCommand, CommandError

from campaign.campaigns.setup import DEMO_PASSWORD, demo_campaign_create, player_names
from campaign.models import Campaign
from rules.core.presets import module_switches


def modules_chosen(spec: str) -> list[str]:
    """The optional modules ``--modules`` names: "all" is every module registered
    (rules.modules.REGISTRY, whatever modules are there), otherwise a comma-separated list
    of their options; an unknown name is a CommandError naming it."""
    # Several Modules may share one switch: each option once, in registry order
    known = [switch.option for switch in module_switches()]
    if spec.strip() == "all":
        return known
    chosen = [name.strip() for name in spec.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise CommandError(
            f"Unknown module {', '.join(repr(name) for name in unknown)}: "
            f"use 'all' or some of {', '.join(known)}."
        )
    return list(dict.fromkeys(chosen))


class Command(BaseCommand):
    help = "Build a playable demo campaign: a map, a GM, players, a hidden neutral kingdom."

    def add_arguments(self, parser):
        parser.add_argument(
            "--hexes", type=int, default=40, help="map size (A-1.0.2: ~40 for 4 players)"
        )
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--armies", type=int, default=2, help="armies each kingdom starts with")
        parser.add_argument("--seed", default="demo", help="seed of the map generator")
        parser.add_argument(
            "--modules",
            default="",
            help="optional modules switched on: 'all', or their options separated by commas",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if a campaign exists"
        )

    def handle(self, *args, hexes, players, armies, seed, modules, if_empty, **options):
        chosen = modules_chosen(modules)
        if if_empty and Campaign.objects.exists():
            self.stdout.write("A campaign already exists; the demo is not loaded again.")
            self._print_logins(player_names(4))
            return
        if players < 1 or hexes < 7 * players:
            raise CommandError(f"{hexes} hexes are too few for {players} players (7 a player).")
        if armies < 1:
            raise CommandError(f"A kingdom starts with at least one army, not {armies}.")
        demo = demo_campaign_create(
            hexes=hexes, players=players, armies_per_kingdom=armies, seed=seed, modules=chosen
        )
        self.stdout.write(self.style.SUCCESS(f"Campaign {demo.campaign.pk}: {demo.campaign.name}"))
        if chosen:
            self.stdout.write(f"Optional modules on: {', '.join(chosen)}.")
        self._print_logins(list(demo.players))

    def _print_logins(self, players: list[str]) -> None:
        logins = ", ".join(["gm (GM)", *players])
        self.stdout.write(
            f"Log in at http://127.0.0.1:8000 as {logins}; password '{DEMO_PASSWORD}'."
        )
