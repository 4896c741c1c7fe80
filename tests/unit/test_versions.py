"""A draft gives way to a released version of the same report, and only to that."""

from __future__ import annotations

from research.agents.versions import finals_first, report_key, superseded


def test_version_markers_leave_the_report_key() -> None:
    assert report_key("Fenwick Depot Review 2021 (Draft v0.3)") == "fenwick depot review 2021"
    assert report_key("Fenwick Depot Review 2021 (Final)") == "fenwick depot review 2021"
    assert report_key("Fenwick Depot Review 2021 — draft") == "fenwick depot review 2021"
    assert report_key("Fenwick Depot Review 2021 (Rev. B, issued)") == "fenwick depot review 2021"


def test_a_draft_is_superseded_only_by_a_released_version_of_the_same_report() -> None:
    titles = [
        "Fenwick Depot Review 2021 (Draft v0.3)",
        "Fenwick Depot Review 2021 (Final)",
        "Fenwick Depot Review 2022 (Draft)",
        "Alder Cross Tariff Note (Draft)",
        "Alder Cross Tariff Note (Draft v2)",
    ]

    assert superseded(titles) == {"Fenwick Depot Review 2021 (Draft v0.3)"}


def test_a_final_takes_its_drafts_place_in_a_ranking_and_the_draft_goes_last() -> None:
    draft, final = "Fenwick Depot Review 2021 (Draft v0.3)", "Fenwick Depot Review 2021 (Final)"
    ranked = ["Orla log", draft, "Kelden notice", "Orla audit", final]

    assert finals_first(ranked, str) == ["Orla log", final, "Kelden notice", "Orla audit", draft]
    assert finals_first(["Orla log", draft], str) == ["Orla log", draft]  # no final: as it was
