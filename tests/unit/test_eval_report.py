"""The tune/check halves: which half a case is in, each half's figures, the gap verdict."""

import pytest

from research.evaluation.halves import gap_line, half_of, halves_report, summarize_halves
from research.evaluation.report import COLUMNS, summarize, table
from research.evaluation.scoring import CaseScore, PartScore

pytestmark = pytest.mark.unit


def case(case_id: str, *parts: PartScore, seconds: float = 1.0, silent: bool = False) -> CaseScore:
    return CaseScore(
        case_id=case_id,
        type="single",
        parts=list(parts),
        seconds=seconds,
        silent_half_answer=silent,
    )


RIGHT = PartScore(answerable=True, answered=True, correct=True, answer_found=True, all_at_10=True)
WRONG = PartScore(answerable=True, answered=True, correct=False, wrong=True, all_at_10=False)
NO_DATA = PartScore(answerable=True, answered=False, correct=False, all_at_10=True)
NULL_KEPT = PartScore(answerable=False, answered=False, correct=True)


def test_half_of_is_the_parity_of_the_ids_sha256() -> None:
    # sha256("c1") ends in an even hex digit, sha256("h1") and sha256("k4") in odd ones
    assert [half_of(i) for i in ("c1", "h1", "k4", "case-0")] == ["tune", "check", "check", "tune"]
    assert half_of("h1") == half_of("h1")


def test_half_of_splits_a_set_of_ids_into_both_halves() -> None:
    ids = [f"id-{n}" for n in range(40)]
    tune = [i for i in ids if half_of(i) == "tune"]
    assert 0 < len(tune) < len(ids)
    assert {half_of(i) for i in ids} == {"tune", "check"}


# tune: c1, case-0; check: h1, k4
SCORES = [
    case("c1", RIGHT, NULL_KEPT, seconds=2.0),
    case("case-0", RIGHT, NO_DATA, seconds=4.0),
    case("h1", WRONG, seconds=10.0, silent=True),
    case("k4", RIGHT, NO_DATA, seconds=30.0),
]


def test_each_half_is_summarized_from_its_own_cases() -> None:
    halves = summarize_halves(SCORES)
    tune, check = halves["tune"], halves["check"]
    assert (tune["cases"], check["cases"]) == (2, 2)
    assert tune["completeness"] == pytest.approx(2 / 3)
    assert check["completeness"] == pytest.approx(1 / 3)
    assert tune["false_abstention"] == pytest.approx(1 / 3)
    assert check["false_abstention"] == pytest.approx(1 / 3)
    assert (tune["abstention"], check["abstention"]) == (1.0, None)
    assert (tune["wrong_answers"], check["wrong_answers"]) == (0.0, 0.5)
    assert (tune["wrong_answers_count"], check["wrong_answers_count"]) == (0, 1)
    assert (tune["silent_half_answers"], check["silent_half_answers"]) == (0, 1)
    assert tune["all_at_10"] == 1.0 and check["all_at_10"] == pytest.approx(2 / 3)
    assert (tune["median_seconds"], check["median_seconds"]) == (3.0, 20.0)


def test_the_gap_verdict_is_ok_within_five_points_and_wide_beyond() -> None:
    line = gap_line(summarize_halves(SCORES))
    assert line == "tune/check gap: completeness 0.333 WIDE, false abstention 0.000 ok"
    edge = {"tune": {"completeness": 0.55, "false_abstention": 0.1},
            "check": {"completeness": 0.5, "false_abstention": None}}  # fmt: skip
    assert gap_line(edge) == "tune/check gap: completeness 0.050 ok, false abstention n/a"


def test_the_halves_table_has_a_row_per_run_and_half_and_a_verdict_per_run() -> None:
    out = halves_report([("dossier offline pers=on", summarize_halves(SCORES))])
    print("\n" + out)
    lines = out.splitlines()
    assert "null abst" in lines[0] and "wrong" in lines[0] and "median s" in lines[0]
    assert lines[2].split()[:6] == ["dossier", "offline", "pers=on", "·", "tune", "0.667"]
    assert lines[3].split()[:6] == ["dossier", "offline", "pers=on", "·", "check", "0.333"]
    assert lines[4].startswith("dossier offline pers=on: tune/check gap: completeness 0.333 WIDE")


def test_the_whole_set_table_prints_wrong_answers_and_median_seconds() -> None:
    out = table([("run a", summarize(SCORES))], COLUMNS)
    _, _, row = out.splitlines()
    labels = [label for _, label in COLUMNS]
    assert {"wrong", "wrong n", "median s", "null abst"} <= set(labels)
    cells = row.split()[2:]
    assert cells[labels.index("wrong")] == "0.250"  # one of four answered parts
    assert cells[labels.index("wrong n")] == "1"
    assert cells[labels.index("median s")] == "7.000"
