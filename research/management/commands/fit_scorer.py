from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from ragsite import embedded
from research.evaluation import loader, scorer_fit


class Command(BaseCommand):
    help = (
        "Fit the evidence scorer's weights on the tune halves of evaluation sets and print "
        "them with both halves' figures (paste the numbers into research/agents/scorer.py)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--eval",
            nargs=2,
            action="append",
            required=True,
            metavar=("CORPORA", "SET"),
            help="a folder of corpus folders and its cases JSONL; repeat for several sets",
        )
        parser.add_argument("--database", default="", help="evaluation database name")

    def handle(self, *args: object, **opts: Any) -> None:
        pairs = [(Path(c), Path(s)) for c, s in opts["eval"]]
        for corpora, cases in pairs:
            if not corpora.is_dir() or not cases.exists():
                raise CommandError(f"not a corpora folder and a JSONL file: {corpora}, {cases}")
        with embedded.services_running():
            loader.use_eval_database(opts["database"] or None)
            user = loader.eval_user()
            parts: list[scorer_fit.PartRows] = []
            for corpora, path in pairs:
                cases = loader.load_cases(path)
                ids = loader.load_corpora(
                    corpora, only={s for c in cases for s in c.corpora}, say=self.stdout.write
                )
                found = scorer_fit.collect(path.parent.name, cases, ids, user)
                self.stdout.write(f"{path}: {len(found)} parts")
                parts += found
        tune = [p for p in parts if p.half == "tune"]
        check = [p for p in parts if p.half == "check"]
        weights, none = scorer_fit.fit(tune)
        threshold = scorer_fit.threshold_for(tune, weights, none)
        self.stdout.write(f"WEIGHTS = {tuple(round(w, 3) for w in weights)}")
        self.stdout.write(f"NONE = {none:.3f}")
        self.stdout.write(f"ANSWERED = {threshold}")
        for name, half in (("tune", tune), ("check", check)):
            self.stdout.write(scorer_fit.outcome(half, weights, none, threshold).line(name))
            self.stdout.write(f"         {scorer_fit.ceilings(half, weights, none)}")
        for source in dict.fromkeys(p.source for p in parts):
            for name, half in (("tune", tune), ("check", check)):
                own = [p for p in half if p.source == source]
                self.stdout.write(f"{source} {name}: {scorer_fit.ceilings(own, weights, none)}")
        self.stdout.write("threshold: right/answerable, wrong/answered (tune | check)")
        for t in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8):
            a, b = (scorer_fit.outcome(h, weights, none, t) for h in (tune, check))
            self.stdout.write(
                f"  {t:.1f}  {a.right}/{a.answerable}, {a.wrong}/{a.answered}"
                f"  |  {b.right}/{b.answerable}, {b.wrong}/{b.answered}"
            )
