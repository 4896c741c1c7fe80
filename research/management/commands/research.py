import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from corpora.models import Corpus
from research.contracts import Scope
from research.exports import dossier_markdown
from research.models import ResearchRun
from research.services import run_execute, run_start


class Command(BaseCommand):
    help = "Run the research loop synchronously and print the dossier (or its JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("goal")
        parser.add_argument("--corpus", action="append", default=[], help="corpus slug (repeat)")
        parser.add_argument("--user", default="", help="run as this user (default: a superuser)")
        parser.add_argument("--provider", default="", help="offline or gemini")
        parser.add_argument("--depth", type=int, default=2, choices=[1, 2, 3])
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: object, **opts: object) -> None:
        users = get_user_model().objects
        user = (
            users.filter(username=opts["user"]).first()
            if opts["user"]
            else users.filter(is_superuser=True).order_by("pk").first()
        )
        if user is None:
            raise CommandError("No such user; pass --user USERNAME.")
        slugs = list(opts["corpus"]) or list(Corpus.objects.values_list("slug", flat=True))
        corpora = list(Corpus.objects.filter(slug__in=slugs).values_list("pk", flat=True))
        if not corpora:
            raise CommandError(f"No corpus matches {', '.join(slugs) or '(none)'}.")
        scope = Scope(goal=str(opts["goal"]), corpus_ids=corpora, depth=int(opts["depth"]))
        run = run_start(user=user, scope=scope, provider=opts["provider"] or None, enqueue=False)
        run_execute(run_id=run.pk)
        run.refresh_from_db()
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "run": run.pk,
                        "status": run.status,
                        "failure_reason": run.failure_reason,
                        **(run.dossier or {}),
                    },
                    indent=2,
                )
            )
            return
        if run.status == ResearchRun.Status.FAILED:
            raise CommandError(f"Run {run.pk} failed: {run.failure_reason}")
        self.stdout.write(dossier_markdown(run))
