"""Comparisons by a count ("more members") read the names a sentence lists when it states no
figure; a measure ("higher revenue") never does."""

import pytest

from research.agents.conclusions import listed_names
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_the_longest_run_of_listed_names_is_counted() -> None:
    said = "Founded by Ada Vik, the band's lineup includes Tom Berg (drums), Per Holm and Eva Sand."
    assert listed_names(said) == ["Tom Berg", "Per Holm", "Eva Sand"]
    assert listed_names("Ada Vik met Tom Berg in Oslo.") == ["Ada Vik"]


def test_more_members_is_told_by_the_names_each_band_s_sentence_lists() -> None:
    duo = snip(1, "Quiet Engine", "Quiet Engine are an English rock band from Bath. The band "
               "consists of Ann Lutz (vocals) and Per Holm (drums).")  # fmt: skip
    four = snip(2, "The Lindens", "The Lindens are an Irish band from Cork. The band's lineup "
                "includes Tom Berg, Eva Sand, Ivo Lask and Nora Vance.")  # fmt: skip
    a = judge("Which band, Quiet Engine or The Lindens, has more members?", [duo, four])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith(
        "The Lindens had more members of the two by the quoted names"
    )
    assert "Ann Lutz (vocals) and Per Holm" in quoted(a) and "Ivo Lask and Nora" in quoted(a)


def test_a_measure_is_not_told_by_names() -> None:
    one = snip(1, "Arno Retail", "Arno Retail is a grocer. Its revenue came from stores run by "
               "Ann Lutz, Per Holm and Eva Sand.")  # fmt: skip
    two = snip(2, "Brenna Retail", "Brenna Retail is a grocer. Its revenue came from stores run "
               "by Tom Berg and Ivo Lask.")  # fmt: skip
    a = judge("Which company had the higher revenue, Arno Retail or Brenna Retail?", [one, two],
              searched=3)  # fmt: skip
    assert not any("by the quoted" in c.text for c in a.claims)
