"""Routing: descriptions and titles pick corpora, and a first search over all of them adds
every corpus it drew passages from, so a misleading description never hides the answer."""

from __future__ import annotations

from research.agents.router import RouteSignal, route_sub_goal
from research.contracts import CorpusInfo, SubGoal

CORPORA = [
    CorpusInfo(id=1, slug="ops", name="Operations", description="Daily plant operations."),
    CorpusInfo(id=2, slug="fin", name="Finance", description="Budgets and invoices."),
    CorpusInfo(id=3, slug="hr", name="People", description="Staff and training."),
    CorpusInfo(id=4, slug="legal", name="Contracts", description="Agreements and permits."),
]


def part(**update: object) -> SubGoal:
    base = SubGoal(
        key="sg-1",
        text="What was the pump uptime at Kelmarsh Depot?",
        entity="Kelmarsh Depot",
        facts_needed=["pump uptime"],
        corpus_ids=[],
        route_reason="",
        queries=["Kelmarsh Depot pump uptime"],
    )
    return base.model_copy(update=update)


def test_a_corpus_the_first_search_found_passages_in_is_searched_though_its_description_is_far():
    signals = {
        1: RouteSignal(description_sim=0.6, centroid_sim=0.5),
        2: RouteSignal(description_sim=0.1, centroid_sim=0.1, search_hits=3),
        3: RouteSignal(description_sim=0.4, centroid_sim=0.4),
        4: RouteSignal(description_sim=0.1, centroid_sim=0.0),
    }

    routed = route_sub_goal(part(), CORPORA, signals)

    assert routed.corpus_ids == [1, 3, 2]
    assert "a first search over all corpora found passages in Finance" in routed.route_reason


def test_without_search_hits_routing_keeps_to_the_closest_descriptions():
    signals = {
        1: RouteSignal(description_sim=0.6, centroid_sim=0.5),
        2: RouteSignal(description_sim=0.1),
        3: RouteSignal(description_sim=0.4, centroid_sim=0.4),
        4: RouteSignal(),
    }

    assert route_sub_goal(part(), CORPORA, signals).corpus_ids == [1, 3]


def test_a_planner_chosen_route_is_widened_by_the_first_search_too():
    signals = {4: RouteSignal(search_hits=2), 1: RouteSignal(search_hits=5)}

    routed = route_sub_goal(part(corpus_ids=[1], route_reason="plant data"), CORPORA, signals)

    assert routed.corpus_ids == [1, 4]
    assert routed.route_reason.startswith("plant data; a first search")
