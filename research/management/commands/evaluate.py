import json
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from ragsite import embedded
from research.errors import ProviderError
from research.evaluation import halves, loader, report
from research.evaluation.fidelity import set_fidelity
from research.evaluation.runner import dossier_run, vanilla_run
from research.evaluation.scoring import CaseScore, score_case
from research.providers.base import get_provider

SKIPPED_NO_SERVER = (
    "skipped: --engine openai_compatible needs a server; pass --base-url "
    "(e.g. http://localhost:11434/v1) or set LLM_BASE_URL, and LLM_MODEL."
)


class Command(BaseCommand):
    help = "Evaluate the research loop (and the vanilla baseline) on an eval set, in its own DB."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--corpora", required=True, type=Path, help="folder of corpus folders")
        parser.add_argument("--set", required=True, type=Path, dest="cases", help="cases JSONL")
        parser.add_argument(
            "--engine", default="offline", choices=["offline", "gemini", "openai_compatible"]
        )
        parser.add_argument(
            "--base-url", default="", help="openai_compatible: the server (else LLM_BASE_URL)"
        )
        parser.add_argument("--baseline", default="", choices=["", "vanilla"])
        parser.add_argument("--perseverance", default="on", choices=["on", "off", "both"])
        parser.add_argument("--limit", type=int, default=0, help="first N cases only")
        parser.add_argument("--types", default="", help="comma-separated case types to keep")
        parser.add_argument("--by-type", action="store_true", help="also print per-type tables")
        parser.add_argument("--database", default="", help="evaluation database name")
        parser.add_argument("--json", type=Path, default=None, dest="json_out")

    def handle(self, *args: object, **opts: Any) -> None:
        if opts["engine"] == "openai_compatible" and not self._server_chosen(opts["base_url"]):
            self.stdout.write(SKIPPED_NO_SERVER)
            return
        if not opts["cases"].exists() or not opts["corpora"].is_dir():
            raise CommandError(
                f"--set must be a JSONL file and --corpora a folder of corpora "
                f"(given: {opts['cases']}, {opts['corpora']})."
            )
        # Without DATABASE_URL / REDIS_URL: the embedded servers, stopped again if we started them.
        with embedded.services_running():
            self._evaluate(opts)

    def _server_chosen(self, base_url: str) -> bool:
        """Point the openai_compatible provider at `base_url` (or LLM_BASE_URL); False if none."""
        if base_url:
            settings.LLM_BASE_URL = base_url
            get_provider.cache_clear()
        if not settings.LLM_BASE_URL:
            return False
        try:
            get_provider("openai_compatible")
        except ProviderError as exc:
            raise CommandError(exc.user_message) from None
        return True

    def _evaluate(self, opts: dict[str, Any]) -> None:
        cases = loader.load_cases(opts["cases"])
        if opts["types"]:
            keep = set(opts["types"].split(","))
            cases = [c for c in cases if c.type in keep]
        if opts["limit"]:
            cases = cases[: opts["limit"]]
        db = loader.use_eval_database(opts["database"] or None)
        self.stdout.write(f"evaluation database: {db}; {len(cases)} cases")
        slugs = {s for c in cases for s in c.corpora}
        corpus_ids = loader.load_corpora(opts["corpora"], only=slugs or None, say=self.stdout.write)
        fidelity = set_fidelity(cases, opts["corpora"], corpus_ids)
        self.stdout.write(fidelity.table())
        evidence_corpora = _evidence_corpora(opts["corpora"])
        user = loader.eval_user()
        runs: list[tuple[str, list[CaseScore]]] = []
        variants = {"on": [True], "off": [False], "both": [True, False]}[opts["perseverance"]]
        for on in variants:
            name = f"dossier {opts['engine']} pers={'on' if on else 'off'}"
            runs.append(
                (
                    name,
                    self._run(
                        cases,
                        corpus_ids,
                        evidence_corpora,
                        name,
                        lambda c, ids, on=on: dossier_run(c, user, ids, opts["engine"], on),
                    ),
                )
            )
        if opts["baseline"] == "vanilla":
            provider = get_provider(opts["engine"])
            runs.append(
                (
                    f"vanilla {opts['engine']}",
                    self._run(
                        cases,
                        corpus_ids,
                        evidence_corpora,
                        "vanilla",
                        lambda c, ids: vanilla_run(c, user, ids, provider),
                    ),
                )
            )
        summaries = [(name, report.summarize(scores)) for name, scores in runs]
        by_half = [(name, halves.summarize_halves(scores)) for name, scores in runs]
        self.stdout.write("\n" + report.table(summaries, report.COLUMNS))
        self.stdout.write("\n" + report.table(summaries, report.RETRIEVAL_COLUMNS))
        self.stdout.write("\n" + report.table(summaries, report.ANSWER_COLUMNS))
        self.stdout.write("\n" + halves.halves_report(by_half))
        if len(summaries) >= 2:
            self._deltas(summaries)
        if opts["by_type"]:
            for name, scores in runs:
                rows = [
                    (f"{name[:16]} {t}", report.summarize(s))
                    for t, s in report.by_type(scores).items()
                ]
                self.stdout.write("\n" + report.table(rows, report.COLUMNS))
                self.stdout.write(report.table(rows, report.RETRIEVAL_COLUMNS))
                self.stdout.write(report.table(rows, report.ANSWER_COLUMNS))
        if opts["json_out"]:
            out: dict[str, Any] = {"fidelity": fidelity.as_json()}
            for name, scores in runs:
                out[name] = {
                    "summary": dict(summaries)[name],
                    "halves": dict(by_half)[name],
                    "cases": report.as_json(scores),
                }
            opts["json_out"].parent.mkdir(parents=True, exist_ok=True)
            opts["json_out"].write_text(json.dumps(out, indent=1, default=str))

    def _run(self, cases, corpus_ids, evidence_corpora, label, fn) -> list[CaseScore]:  # type: ignore[no-untyped-def]
        scores = []
        for n, case in enumerate(cases, start=1):
            ids = [corpus_ids[s] for s in case.corpora if s in corpus_ids]
            if not ids:
                raise CommandError(f"case {case.id}: none of its corpora was loaded")
            scores.append(score_case(case, fn(case, ids), evidence_corpora=evidence_corpora))
            sys.stderr.write(f"\r  {label}: {n}/{len(cases)} cases   ")
            sys.stderr.flush()
        sys.stderr.write("\n")
        return scores

    def _deltas(self, summaries: list[tuple[str, dict[str, Any]]]) -> None:
        base_name, base = summaries[-1]
        for name, summary in summaries[:-1]:
            parts = []
            for key in (
                "completeness",
                "answer_found",
                "all_parts_right",
                "abstention",
                "silent_half_answers",
            ):
                a, b = summary.get(key), base.get(key)
                if a is not None and b is not None:
                    parts.append(f"{key} {a - b:+.3f}")
            self.stdout.write(f"delta {name} vs {base_name}: " + ", ".join(parts))


def _evidence_corpora(root: Path) -> dict[str, set[str]]:
    """Evidence title -> slugs of the corpora holding a document of that title."""
    out: dict[str, set[str]] = {}
    for meta in root.glob("*/documents.json"):
        slug = json.loads((meta.parent / "corpus.json").read_text())["slug"]
        for row in json.loads(meta.read_text()):
            for key in (row.get("title"), row.get("file")):
                if key:
                    out.setdefault(key, set()).add(slug)
    return out
