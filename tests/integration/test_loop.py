"""The research loop on the real database and worker: coverage, iteration, barrier, audit."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from django.test import override_settings
from django.utils import timezone

from corpora.models import Chunk
from research.agents.gate import quote_offset
from research.agents.support import NOT_ABOUT_ENTITY
from research.contracts import NO_DATA, Citation, Claim, Dossier, Scope, SectionStatus, Verdict
from research.loop import run_loop
from research.models import ResearchRun
from research.providers.base import Reply
from research.providers.offline import OfflineProvider
from research.recorder import Recorder
from research.services import STALE_REASON, run_cancel, run_execute, run_start, runs_sweep_stale
from tests.factories import UserFactory
from tests.fakes.scripted import ChattyProvider, FailingProvider, StubbornProvider
from tests.helpers import make_corpus

pytestmark = pytest.mark.integration

BASES = {
    "Base Alpha report": "Base Alpha is a coastal logistics base. In 2024 Base Alpha reached an "
    "availability of 97.2% across its cargo cranes and fuel depots.",
    "Base Bravo report": "Base Bravo sits inland near the river delta. Its availability in 2024 "
    "was 88.5%, limited by two long power outages in February.",
    "Base Charlie report": "Base Charlie is the newest base. Base Charlie achieved an availability "
    "of 93.1% in its first full year of service.",
}
GOAL = "Report the availability of bases Alpha, Bravo, Charlie and Delta, citing a source for each."
BRIDGE = {
    "Skarvik Bank wind farm": "Skarvik Bank is an offshore wind farm of 124 turbines. The turbines "
    "were supplied by Norrland Turbine Works under a 2019 contract.",
    "Norrland Turbine Works": "Norrland Turbine Works is a Swedish maker of nacelles and blades. "
    "The company is headquartered in Sundsvall, where it runs its largest factory.",
    "Harbour notes": "The harbour of Sundsvall handles timber and paper exports.",
    # Distractors that match the question's words better than the bridge document does, so
    # the first query cannot reach Norrland Turbine Works: only the follow-up can.
    **{
        f"Turbine market note {i}": f"Which city is the turbine manufacturer in? Manufacturer "
        f"number {i} of offshore turbines is headquartered in the city of Port {i}; its turbines "
        f"power wind farm {i} and the manufacturer's headquarters city hosts its factory."
        for i in range(30)
    },
}


# The wind farm's page names two organisations in one sentence, both "Turbine" names, the
# first without a document of its own.
LINKED = {
    **BRIDGE,
    "Skarvik Bank wind farm": "Skarvik Bank is an offshore wind farm of 124 turbines. The "
    "turbines were inspected by Baltic Turbine Survey and supplied by Norrland Turbine Works.",
}


def _run(user, corpus, goal, **kwargs) -> ResearchRun:
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=[corpus.pk]), enqueue=False)
    run_execute(run_id=run.pk, **kwargs)
    run.refresh_from_db()
    return run


def _wait(run: ResearchRun, timeout_s: float = 60) -> ResearchRun:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.is_terminal:
            return run
        time.sleep(0.1)
    raise AssertionError(f"run {run.pk} still {run.status}")


@pytest.mark.django_db(transaction=True)
def test_a_four_part_goal_with_one_missing_part_is_partial_with_no_data_for_it(
    celery_worker,
) -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="bases", docs=BASES, public=True)
    run = run_start(
        user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk])
    )  # queued to the worker
    run = _wait(run)
    assert run.status == ResearchRun.Status.PARTIAL
    dossier = Dossier.model_validate(run.dossier["dossier"])
    assert len(dossier.sections) == 4
    answered = [s for s in dossier.sections if s.status == SectionStatus.ANSWERED]
    assert len(answered) == 3 and all(s.claims for s in answered)
    delta = dossier.sections[3]
    assert "Delta" in delta.heading and delta.status != SectionStatus.ANSWERED
    assert delta.no_data_text == NO_DATA and not delta.claims
    texts = " ".join(c.text for s in answered for c in s.claims)
    assert "97.2%" in texts and "88.5%" in texts and "93.1%" in texts


@pytest.mark.django_db
def test_events_are_contiguous_and_every_citation_resolves_to_a_run_snippet() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="bases2", docs=BASES, public=True)
    run = _run(user, corpus, GOAL)
    seqs = list(run.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == run.last_seq
    hit_ids = {h["id"] for e in run.events.filter(kind="hits") for h in e.payload["hits"]}
    dossier = Dossier.model_validate(run.dossier["dossier"])
    citations = [c for s in dossier.sections for cl in s.claims for c in cl.citations]
    assert citations
    for c in citations:
        assert c.snippet_id in hit_ids
        assert quote_offset(Chunk.objects.get(pk=c.snippet_id).text, c.quote) is not None
        assert c.page == 1


@pytest.mark.django_db
def test_a_simple_goal_uses_at_most_three_provider_calls() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="bases3", docs=BASES, public=True)
    run = _run(user, corpus, "What availability did Base Bravo reach in 2024?")
    assert run.status == ResearchRun.Status.COMPLETE
    final = run.events.get(kind="dossier")
    assert final.payload["usage"]["calls"] <= 3


@pytest.mark.django_db
def test_a_follow_up_query_finds_the_fact_the_first_pass_missed() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="bridge", docs=BRIDGE, public=True)
    run = _run(
        user, corpus, "In which city is the manufacturer of Skarvik Bank's turbines headquartered?"
    )
    assert run.status == ResearchRun.Status.COMPLETE
    queries = [e.payload for e in run.events.filter(kind="query").order_by("seq")]
    follow = [q for q in queries if q["iteration"] > 1]
    assert any("Norrland Turbine Works" in q["text"] and q["suggested_by"] for q in follow)
    assert all(q["parent"] for q in follow)
    first_pass = {h["title"] for e in run.events.filter(kind="hits") for h in e.payload["hits"]
                  if e.payload["query"] in {q["key"] for q in queries if q["iteration"] == 1}}  # fmt: skip
    dossier = Dossier.model_validate(run.dossier["dossier"])
    assert "Sundsvall" in " ".join(c.text for c in dossier.sections[0].claims)
    assert "Norrland Turbine Works" not in first_pass  # reachable only through the follow-up
    link = next(q for q in follow if "Norrland" in q["text"])
    assert Chunk.objects.get(pk=link["suggested_by"]).document.title == "Skarvik Bank wind farm"
    # ... and the run page shows that lineage to a reviewer.
    from django.test import Client

    client = Client()
    client.force_login(user)
    page = client.get(run.get_absolute_url()).content.decode()
    assert link["text"] in page and f"suggested by snippet {link['suggested_by']}" in page


@pytest.mark.django_db
def test_the_barrier_refuses_a_final_answer_while_parts_are_open_and_budget_remains() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="barrier", docs=BASES, public=True)
    run = run_start(
        user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk], depth=1), enqueue=False
    )
    run.status = ResearchRun.Status.RUNNING
    run.save()
    run_loop(run, provider=StubbornProvider(), recorder=Recorder(run), perseverance=True)
    barriers = list(run.events.filter(kind="barrier").order_by("seq"))
    assert 1 <= len(barriers) <= 3
    assert barriers[0].payload["open"] and barriers[0].payload["budget_left"] > 0
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.PARTIAL  # never complete after a failed check


@pytest.mark.django_db
def test_perseverance_off_disables_the_barrier_and_budget_scaling() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="noper", docs=BASES, public=True)
    run = run_start(
        user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk], depth=1), enqueue=False
    )
    run.status = ResearchRun.Status.RUNNING
    run.save()
    run_loop(run, provider=StubbornProvider(), recorder=Recorder(run), perseverance=False)
    assert not run.events.filter(kind="barrier").exists()
    assert run.events.get(kind="budget").payload["budget"] == 5
    assert run.events.filter(kind="query").count() <= 5


@pytest.mark.django_db
def test_the_search_budget_bounds_a_provider_that_always_wants_more() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="chatty", docs=BASES, public=True)
    run = run_start(
        user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk], depth=3), enqueue=False
    )
    run.status = ResearchRun.Status.RUNNING
    run.save()
    run_loop(run, provider=ChattyProvider(), recorder=Recorder(run), perseverance=True)
    budget = run.events.get(kind="budget").payload["budget"]
    assert budget == 13  # 5 + 2 x 4 sub-goals, under the ceiling of 15
    assert run.events.filter(kind="query").count() == budget


@pytest.mark.django_db
def test_a_provider_failure_fails_the_run_without_a_dossier() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="fail", docs=BASES, public=True)
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    from research.providers import base

    base.get_provider.cache_clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(base, "get_provider", lambda name: FailingProvider())
        run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.FAILED and run.dossier is None
    assert "failed after 4 attempts" in run.failure_reason
    assert run.events.order_by("-seq").first().kind == "error"


@pytest.mark.django_db
def test_cancelling_a_queued_run_ends_it_and_the_worker_then_skips_it() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="cancel", docs=BASES, public=True)
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    run_cancel(run=run)
    assert run_execute(run_id=run.pk) == ResearchRun.Status.CANCELLED
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.CANCELLED and run.dossier is None


@pytest.mark.django_db
def test_the_sweeper_fails_a_run_whose_worker_died() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="stale", docs=BASES, public=True)
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    ResearchRun.objects.filter(pk=run.pk).update(
        status=ResearchRun.Status.RUNNING, heartbeat=timezone.now() - dt.timedelta(hours=1)
    )
    assert runs_sweep_stale() == [run.pk]
    run.refresh_from_db()
    assert run.status == ResearchRun.Status.FAILED and run.failure_reason == STALE_REASON
    seqs = list(run.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


@pytest.mark.django_db
@override_settings(RUN_STALE_AFTER_S=0)
def test_a_redelivered_run_restarts_and_is_recorded_as_such() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="redeliver", docs=BASES, public=True)
    run = run_start(user=user, scope=Scope(goal=GOAL, corpus_ids=[corpus.pk]), enqueue=False)
    ResearchRun.objects.filter(pk=run.pk).update(status=ResearchRun.Status.RUNNING, attempts=1)
    run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.events.filter(kind="restarted").exists()
    assert run.status == ResearchRun.Status.PARTIAL


@pytest.mark.django_db
def test_the_ledger_explains_the_missing_part_with_its_queries_hits_and_verdict() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="ledger", docs=BASES, public=True)
    run = _run(user, corpus, GOAL)
    ledger = run.dossier["ledger"]
    assert [row["status"] for row in ledger].count(SectionStatus.ANSWERED) == 3
    delta = ledger[3]
    assert delta["status"] != SectionStatus.ANSWERED and "Delta" in delta["text"]
    assert delta["corpora"] == [corpus.name] and delta["route_reason"]
    assert len(delta["queries"]) >= 2 and any("Delta" in q for q in delta["queries"])
    assert delta["best_hits"] and all(h["score"] > 0 for h in delta["best_hits"])
    assert delta["verdict"] == "unanswerable" and "Delta" in delta["reason"]
    assert delta["follow_up_needed"]
    assert all(row["citations"] for row in ledger[:3])


@pytest.mark.django_db
def test_follow_ups_go_first_after_entities_that_title_a_document() -> None:
    user = UserFactory()
    corpus = make_corpus(owner=user, slug="linked", docs=LINKED, public=True)
    run = _run(
        user, corpus, "In which city is the manufacturer of Skarvik Bank's turbines headquartered?"
    )
    follow = [
        e.payload["text"] for e in run.events.filter(kind="query") if e.payload["iteration"] == 2
    ]
    assessment = run.events.filter(kind="assessment").order_by("seq").first().payload["assessment"]
    offered = [f["entity"] for f in assessment["follow_ups"]]
    assert offered.index("Baltic Turbine Survey") < offered.index("Norrland Turbine Works")
    assert follow and "Norrland Turbine Works" in follow[0]
    assert "Sundsvall" in " ".join(str(run.dossier).split())


def _annual_report() -> str:
    """A long report whose governance section runs over several chunks. Its month paragraphs
    share no word with a summary question; far from them, general principles repeat the
    question's words and take the places of one search."""
    filler = [
        f"Route {i} links the harbour of Kalmar with island number {i}, sailing twice a day "
        f"with a ro-pax vessel of {100 + i} metres that carries lorries, cars and passengers."
        for i in range(40)
    ]
    months = [
        "In January, the company moved its head office to Kalmar.",
        "In February, Ingrid Sol took over as chief executive after eleven years at Baltlink.",
        "In March, the finance director Ola Berg retired.",
        "In April, two independent directors joined the board of directors.",
        "In May, a whistle-blowing channel opened for all employees.",
        "In June, the annual meeting approved a new remuneration policy.",
        "In August, the company adopted a code of conduct for suppliers.",
        "In September, an audit committee with three members began its work.",
        "In October, the board set up a safety committee for the fleet.",
        "In November, the chairman Per Alm stepped down and Lena Ek succeeded him.",
    ]
    aside = (
        " The news reached the crews by letter, and the works council discussed it at its "
        "next meeting in the canteen of the Kalmar terminal, where the ferry captains, the "
        "cooks and the deck hands of all routes asked questions for an afternoon."
    )
    return "\n".join(
        [
            "Norrvik Ferries operates passenger and freight ferries in the Baltic.",
            *filler[:20],
            "In 2022, Norrvik Ferries made several changes to its governance structure.",
            *(m + aside for m in months),
            *filler[20:],
            *(
                f"Principle {i}: changes to the governance structure of Norrvik Ferries follow "
                f"the Swedish corporate governance code, and any change in governance is "
                f"summarized for the owners."
                for i in range(12)
            ),
        ]
    )


@pytest.mark.django_db
def test_a_summary_part_reads_the_section_around_its_best_hit() -> None:
    user = UserFactory()
    docs = {"Norrvik Ferries annual report 2022": _annual_report()}
    corpus = make_corpus(owner=user, slug="ferries", docs=docs, public=True)
    report = Chunk.objects.filter(document__title__startswith="Norrvik")
    assert report.count() > 8  # more chunks than one search returns
    run = _run(
        user,
        corpus,
        "Summarize the changes in the governance structure of Norrvik Ferries in 2022.",
    )
    queries = {e.payload["key"]: e.payload for e in run.events.filter(kind="query")}
    hits = {e.payload["query"]: [h["id"] for h in e.payload["hits"]]
            for e in run.events.filter(kind="hits")}  # fmt: skip
    section = next(q for q in queries.values() if q["text"].startswith("section of"))
    centre = Chunk.objects.get(pk=section["suggested_by"])
    assert centre.document.title.startswith("Norrvik")
    searched = {i for key, ids in hits.items() if key != section["key"] for i in ids}
    only_section = set(hits[section["key"]]) - searched
    dossier = Dossier.model_validate(run.dossier["dossier"])
    cited = {c.snippet_id for cl in dossier.sections[0].claims for c in cl.citations}
    said = " ".join(cl.text for cl in dossier.sections[0].claims)
    assert run.status == ResearchRun.Status.COMPLETE
    assert cited & only_section  # the summary quotes what only the section read brought
    assert "In April, two independent directors joined the board" in said
    assert "Lena Ek succeeded him" in said
    assert "Route 3 links" not in said


class MisquotingProvider(OfflineProvider):
    """Drafts each answered part from a sentence of another document: the citation holds (the
    words are there), but it is about another base, so the support check withdraws it."""

    name = "misquoting"

    def assess(self, *, goal, sub_goal, snippets, searched):  # type: ignore[no-untyped-def]
        reply = super().assess(goal=goal, sub_goal=sub_goal, snippets=snippets, searched=searched)
        other = next((s for s in snippets if sub_goal.entity not in s.title), None)
        if reply.value.verdict != Verdict.SUFFICIENT or other is None:
            return reply
        quote = other.text.split(". ")[-1]
        claim = Claim(text="misquoted", citations=[Citation(snippet_id=other.id, quote=quote)])
        return Reply(reply.value.model_copy(update={"claims": [claim]}), reply.usage, self.name)


@pytest.mark.django_db
def test_a_claim_quoting_another_subject_is_withdrawn_and_the_page_says_so() -> None:
    from django.test import Client

    user = UserFactory()
    corpus = make_corpus(owner=user, slug="misquote", docs=BASES, public=True)
    goal = "Report the availability of Base Alpha in 2024."
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=[corpus.pk]), enqueue=False)
    run.status = ResearchRun.Status.RUNNING
    run.save()
    run_loop(run, provider=MisquotingProvider(), recorder=Recorder(run))
    run.refresh_from_db()
    gate = run.events.get(kind="gate").payload
    assert gate["withdrawn"] >= 1
    assert any(c["support"] == NOT_ABOUT_ENTITY for c in gate["claims"])
    assert run.status == ResearchRun.Status.PARTIAL  # complete only with a supported claim
    dossier = Dossier.model_validate(run.dossier["dossier"])
    assert all(s.status == SectionStatus.NO_DATA for s in dossier.sections)
    client = Client()
    client.force_login(user)
    page = client.get(run.get_absolute_url()).content.decode()
    assert f"{gate['withdrawn']} claim" in page and "withdrawn by the support check" in page
    assert NOT_ABOUT_ENTITY.replace("'", "&#x27;") in page
