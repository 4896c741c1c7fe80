from django.core.management.base import BaseCommand, CommandError

from ragsite.health import FAIL, WARN, run_checks


class Command(BaseCommand):
    help = "Report each component in use (database, Redis, worker, embedder, LLM, OCR) and fixes."

    def handle(self, *args: object, **options: object) -> None:
        checks = run_checks(probe=True)
        width = max(len(c.component) for c in checks)
        for c in checks:
            style = {FAIL: self.style.ERROR, WARN: self.style.WARNING}.get(
                c.status, self.style.SUCCESS
            )
            self.stdout.write(f"{c.component:<{width}}  {style(c.status.upper()):<6}  {c.detail}")
            if c.status != "ok" and c.fix:
                self.stdout.write(f"{'':<{width}}  fix: {c.fix}")
        failed = [c.component for c in checks if c.status == FAIL]
        if failed:
            raise CommandError(f"required component(s) missing: {', '.join(failed)}")
