"""The audit trail as a reviewer reads it, folded from the events a real run recorded."""

from __future__ import annotations

import pytest

from research.run_page import RunPage
from research.timeline import Timeline
from tests.factories import UserFactory
from tests.integration.test_research_views import bases_corpus, finished_run

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def run():
    user = UserFactory()
    return finished_run(user, bases_corpus(user))


def _timeline(run) -> Timeline:
    timeline = Timeline(corpus_names=dict(run.corpora.values_list("pk", "name")))
    for event in run.events.order_by("seq"):
        timeline.apply(event.seq, event.kind, event.payload, event.created)
    return timeline


def test_the_timeline_has_one_step_per_happening_in_order_with_routing_folded_into_the_plan(run):
    steps = _timeline(run).steps
    kinds = [s.kind for s in steps]
    assert kinds[:4] == ["queued", "started", "plan", "budget"]  # the route joined the plan
    assert "route" not in kinds and "hits" not in kinds  # hits joined their query
    assert kinds.count("query") == run.events.filter(kind="query").count() == 6
    assert kinds[-3:] == ["synthesis", "gate", "dossier"]
    assert [s.seq for s in steps] == sorted(s.seq for s in steps)
    plan = steps[2].data
    assert [p["key"] for p in plan["parts"]] == ["sg-1", "sg-2", "sg-3", "sg-4"]
    assert all(p["corpora"] == ["Bases"] for p in plan["parts"])
    assert plan["parts"][0]["route_reason"] == "the only corpus in scope"


def test_each_query_carries_its_hits_and_a_follow_up_names_its_parent(run):
    queries = {s.data["key"]: s.data for s in _timeline(run).steps if s.kind == "query"}
    first = queries["q-2"]
    assert first["part"] == "sg-1: Report the availability of the Alpha base"
    assert first["corpora"] == ["Bases"]
    assert first["hits"][0]["title"] == "Alpha report"
    assert first["hits"][0]["page_start"] == 1
    assert first["hits"][0]["score"] > 0
    assert queries["q-1"]["part"] == "the whole goal"
    follow = queries["q-6"]
    assert (follow["iteration"], follow["parent"]) == (2, "q-5")
    assert follow["parent_text"] == "Report the availability of the Delta base"


def test_verdicts_the_gate_and_the_cost_are_steps_with_their_reasons(run):
    steps = _timeline(run).steps
    verdicts = [s.data for s in steps if s.kind == "assessment"]
    delta = [v for v in verdicts if v["part"].startswith("sg-4")]
    assert [v["verdict"] for v in delta] == ["insufficient", "unanswerable"]
    assert delta[-1]["reason"] == "No passage in the selected sources names Delta."
    gate = next(s.data for s in steps if s.kind == "gate")
    assert [c["part"][:4] for c in gate["kept"]] == ["sg-1", "sg-2", "sg-3"]
    assert gate["dropped"] == gate["withdrawn"] == []
    end = steps[-1].data
    assert end["status"] == "partial"
    assert end["calls"] == 7
    assert end["searches"] == 6
    assert (end["input_tokens"], end["output_tokens"]) == (0, 0)


def test_the_support_checks_withdrawal_is_a_step_with_its_reason(run):
    """A gate event whose claim the support check withdrew (payload as the loop records it)."""
    timeline = _timeline(run)
    gate = run.events.get(kind="gate")
    claim = {"kept": False, "claim": "Base Bravo is open.", "sub_goal": "sg-2",
             "reasons": ["the quote is about another base"],
             "support": "the quote is about another base"}  # fmt: skip
    changed = timeline.apply(gate.seq + 100, "gate", {"claims": [claim]}, gate.created)
    step = timeline.step(gate.seq + 100)
    assert changed == [(gate.seq + 100, True)]
    assert step.data["withdrawn"] == [
        {
            "part": "sg-2: Report the availability of the Bravo base",
            "claim": "Base Bravo is open.",
            "reason": "the quote is about another base",
        }
    ]
    assert step.data["dropped"] == []


def test_the_run_page_folds_the_same_timeline_the_module_builds(run):
    page = RunPage.for_run(run)
    assert [(s.seq, s.kind) for s in page.timeline.steps] == [
        (s.seq, s.kind) for s in _timeline(run).steps
    ]
