"""Loop overhead: the share of a run's wall time not spent waiting for the provider.

A provider that sleeps 1 s per call (plan, each assessment, synthesis) stands in for a
model; everything else (retrieval, events, gate) is the loop's overhead. Target: <= 10 %.
Usage: python bench/loop.py [--runs 3]
"""

from __future__ import annotations

import argparse
import time

from _django import setup

setup()


from research.contracts import Scope  # noqa: E402
from research.evaluation.loader import eval_user, load_corpora, use_eval_database  # noqa: E402
from research.loop import run_loop  # noqa: E402
from research.models import ResearchRun  # noqa: E402
from research.providers.offline import OfflineProvider  # noqa: E402
from research.recorder import Recorder  # noqa: E402
from research.services import run_start  # noqa: E402

GOALS = [
    "Report the installed capacity of Skarvik Bank, Lundholm Reef, Ostra Flats and Kalvsund Banks, "
    "citing a source for each.",
    "In which city is the manufacturer of Skarvik Bank's turbines headquartered?",
    "What is the usable battery capacity of the Voltera X3?",
]


class SleepyProvider(OfflineProvider):
    """The offline engine's answers, each after a 1 s wait, like a remote model."""

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s

    def plan(self, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(self.delay_s)
        return super().plan(**kwargs)

    def assess(self, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(self.delay_s)
        return super().assess(**kwargs)

    def synthesize(self, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(self.delay_s)
        return super().synthesize(**kwargs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--delay", type=float, default=1.0)
    args = ap.parse_args()
    use_eval_database()
    from pathlib import Path

    loaded = load_corpora(
        Path(__file__).resolve().parents[1] / "evals" / "corpora", say=lambda s: None
    )
    user = eval_user()
    ids = list(loaded.values())
    provider = SleepyProvider(args.delay)
    from corpora.embedders import get_embedder

    get_embedder("local").embed_query("warm-up")  # model load is per process, not per run
    print(f"{'goal':48}{'calls':>6}{'wall s':>8}{'provider s':>11}{'overhead':>10}")
    totals = [0.0, 0.0]
    for goal in GOALS:
        run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=ids), enqueue=False)
        ResearchRun.objects.filter(pk=run.pk).update(status=ResearchRun.Status.RUNNING)
        run.refresh_from_db()
        started = time.perf_counter()
        run_loop(run, provider=provider, recorder=Recorder(run))
        wall = time.perf_counter() - started
        final = run.events.get(kind="dossier").payload
        waited = final["provider_seconds"]
        totals[0] += wall
        totals[1] += waited
        print(
            f"{goal[:46]:48}{final['usage']['calls']:>6}{wall:>8.2f}{waited:>11.2f}"
            f"{(wall - waited) / wall:>10.1%}"
        )
    print(
        f"{'all':48}{'':>6}{totals[0]:>8.2f}{totals[1]:>11.2f}{(totals[0] - totals[1]) / totals[0]:>10.1%}"
        "   target <= 10 %"
    )


if __name__ == "__main__":
    main()
