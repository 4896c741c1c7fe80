"""Points in time as ISO prefixes, and whether a unit's dates fit the asked ones."""

from __future__ import annotations

import pytest

from research.agents.times import time_clash, time_fit, times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in the week ending 7 June 2021", {"2021-06-07"}),
        ("2021-06-07 — Flow (l/s): 12.5", {"2021-06-07"}),
        ("signed on 07/06/2021 by both parties", {"2021-06-07"}),
        ("June 7, 2021 and again in 2019", {"2021-06-07", "2019"}),
        ("on 3rd Sept. 2020", {"2020-09-03"}),
        ("the June 2021 mean", {"2021-06"}),
        ("budget for 2022", {"2022"}),
        ("pump QX-17 ran 1200 hours", set()),
        ("31/13/2021 is no day of the year, only a year", {"2021"}),
    ],
)
def test_times_reads_days_months_and_years_as_iso_prefixes(text: str, expected: set[str]) -> None:
    assert times(text) == expected


def test_a_day_fits_an_asked_month_but_a_month_does_not_fit_an_asked_day() -> None:
    assert time_fit({"2021-06"}, {"2021-06-07"}) == 1.0
    assert time_fit({"2021-06-07"}, {"2021-06"}) == 0.0
    assert time_fit({"2021-06-07", "2020"}, {"2021-06-07"}) == 0.5
    assert time_fit(set(), {"2021"}) == 0.0


def test_a_unit_dated_outside_every_asked_time_clashes() -> None:
    assert time_clash({"2021-06-07"}, {"2021-06-14"})
    assert time_clash({"2021-06-07"}, {"2021-06"})
    assert not time_clash({"2021-06-07"}, {"2021-06-14", "2021-06-07"})
    assert not time_clash(set(), {"2021-06-14"})
    assert not time_clash({"2021"}, set())
