from django.core.management.base import BaseCommand, CommandParser

from ragsite.launcher import Launcher


class Command(BaseCommand):
    help = (
        "Start PostgreSQL, Redis, migrations, demo data, Celery workers and uvicorn; "
        "Ctrl-C stops all."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-seed", action="store_true", help="skip demo accounts and data")

    def handle(self, *args: object, **options: object) -> None:
        launcher = Launcher(
            host=str(options["host"]),
            port=int(options["port"]),  # type: ignore[call-overload]
            seed=not options["no_seed"],
            say=lambda line: self.stdout.write(line),
        )
        raise SystemExit(launcher.run())
