from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from ragsite.demo import demo_data_ensure


class Command(BaseCommand):
    help = "Create the demo user, demo admin and demo corpora (development only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--allow-production", action="store_true")

    def handle(self, *args: object, **options: object) -> None:
        if not settings.DEVELOPMENT and not options["allow_production"]:
            raise CommandError("Refusing to seed demo accounts with DEBUG off.")
        creds = demo_data_ensure()
        for username, password in creds.items():
            self.stdout.write(f"  {username:<6} / {password}")
