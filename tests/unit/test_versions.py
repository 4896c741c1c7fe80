"""A draft gives way to a released version of the same report, and only to that."""

from __future__ import annotations

from research.agents.versions import report_key, superseded


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
