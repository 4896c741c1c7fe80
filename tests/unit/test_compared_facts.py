"""What each side of a comparison is asked when the question's words are not the fact's: where
each one is ("farther west"), the date its own page gives it ("decided first"), the earliest of
two named things, and a "no" only from a stated contrary."""

import pytest

from research.agents.places import asks_place
from research.agents.planner import plan_goal
from research.agents.questions import answer_nouns
from research.agents.text import stem
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_where_a_thing_is_from_is_the_sentence_that_places_it() -> None:
    band = snip(1, "Korvid", "Korvid is an American metal band from Red Hollow, Ohio, formed "
                "by the brothers Ivo and Pavel Lask. Korvid toured Europe in 2011.")  # fmt: skip
    a = judge("Where is Korvid from?", [band])
    assert a.verdict == Verdict.SUFFICIENT and "from Red Hollow, Ohio" in quoted(a)
    assert "toured" not in quoted(a)


def test_a_direction_compared_asks_each_side_where_it_is() -> None:
    one = snip(1, "Korvid", "Korvid is an American metal band from Red Hollow, Ohio.")
    other = snip(2, "Stonebird", "Stonebird was an American rock supergroup formed in Linden "
                 "Falls in 2001.")  # fmt: skip
    a = judge("Who is from farther west, Korvid or Stonebird?", [one, other])
    assert a.verdict == Verdict.SUFFICIENT
    assert "Red Hollow" in quoted(a) and "formed in Linden Falls" in quoted(a)
    assert asks_place("Which lies further north, Ebbot or Vale?")
    assert not asks_place("Where did the money for Korvid's tour come from, and who paid?")


def test_a_thing_compared_by_date_is_dated_by_the_year_its_own_page_gives_it() -> None:
    first = snip(1, "Orn v. Lask", "Orn v. Lask, 741 F.2d 896 (7th Cir. 1984) was a landmark "
                 "ruling on the doctrine of striking similarities.")  # fmt: skip
    second = snip(2, "Dahl v. Berg", "Dahl v. Berg, 377 U.S. 533 (1964) was a Supreme Court "
                  "case that ruled on districts.")  # fmt: skip
    a = judge("Which case was decided first, Orn v. Lask or Dahl v. Berg?", [first, second])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Dahl v. Berg is the earlier")
    lived = snip(3, "Ivo Lask", "Ivo Lask (1901–1980) was a Czech composer.")
    born = snip(4, "Pavel Orn", "Pavel Orn was a Czech composer.")
    # two years on a page do not say which is the thing's own
    b = judge("Which one was decided first, Ivo Lask or Pavel Orn?", [lived, born])
    assert b.verdict != Verdict.SUFFICIENT


def test_the_earliest_of_two_named_things_compares_them() -> None:
    q = "When was the earliest film of Harbour Lights and The Night Tide shot?"
    assert len(plan_goal(q).sub_goals[0].compare) == 2


def test_a_name_read_short_of_its_lower_case_words_is_the_title_the_question_gives() -> None:
    school = snip(1, "Night School (1968 film)", "Night School is a 1968 American documentary "
                  "film directed by Ivo Lask.")  # fmt: skip
    thorn = snip(2, "The Thorn in the Sea", "The Thorn in the Sea (French: \"L'épine\") is a "
                 "2009 French documentary film directed by Ada Vik.")  # fmt: skip
    q = "When was the earliest film of Night School and The Thorn in the Sea shot?"
    a = judge(q, [school, thorn])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Night School is the earlier")
    assert "The Thorn in the Sea" in a.claims[0].text


def test_what_two_things_have_in_common_is_the_run_of_words_both_own_pages_say() -> None:
    game = snip(1, "Two-way game", "A two-way game is an expression used in ice hockey to "
                "describe a forward's play at both ends of the rink.")  # fmt: skip
    player = snip(2, "Ivo Lask", "Ivo Lask (born 1988) is a Canadian professional ice hockey "
                  "centre who plays for the Orm Bears.")  # fmt: skip
    a = judge("What sport do Two-way game and Ivo Lask have in common?", [game, player])
    assert a.verdict == Verdict.SUFFICIENT and a.claims[0].text.startswith("“ice hockey”")
    assert len(a.claims[0].citations) == 2
    other = snip(3, "Pavel Orn", "Pavel Orn (born 1990) is a Czech tennis player from Brno.")
    b = judge("What sport do Two-way game and Pavel Orn have in common?", [game, other])
    assert b.verdict != Verdict.SUFFICIENT  # nothing said of both


def test_a_console_both_came_out_on_is_not_where_they_came_out() -> None:
    one = snip(1, "Skyline Drift", "Skyline Drift is a 2016 racing game developed by Vell for "
               "the Orbit Three and Orbit Four. Skyline Drift was released on Orbit Four in "
               "Europe and Japan in 2017.")  # fmt: skip
    two = snip(2, "Harbor Chase", "Harbor Chase is a racing game developed by Vell. It was "
               "released in Japan and Europe for Orbit Four in 2015.")  # fmt: skip
    q = "Which gaming console was both Skyline Drift and Harbor Chase released on?"
    a = judge(q, [one, two])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Orbit Four is named in the passages on both")


def test_a_thing_s_own_page_that_names_the_other_still_speaks_for_it() -> None:
    one = snip(1, "Skyline Drift", "Skyline Drift is a racing game developed by Vell. Like "
               '"Harbor Chase" before it, Skyline Drift was released exclusively on Orbit Four '
               "in 2017.")  # fmt: skip
    sequel = snip(3, "Skyline Drift 2", "Skyline Drift 2 is a racing game by Vell. The game is "
                  "set to be released for Orbit Four in 2018.")  # fmt: skip
    two = snip(2, "Harbor Chase", "Harbor Chase is a racing game developed by Vell. It was "
               "released for Orbit Four in 2015.")  # fmt: skip
    q = "Which gaming console was both Skyline Drift and Harbor Chase released on?"
    a = judge(q, [sequel, one, two])
    assert a.verdict == Verdict.SUFFICIENT and a.claims[0].text.startswith("Orbit Four is named")
    cited = {c.snippet_id for c in a.claims[0].citations}
    assert cited == {1, 2}
    assert answer_nouns(q, whole=True) == {stem("gaming"), stem("console")}
    assert answer_nouns(q) == {stem("console")}  # asked of one, its page describes it
    assert answer_nouns("What dividend did Ivo Lask pay?", whole=True) == set()


def test_a_stated_contrary_concludes_no_and_silence_concludes_nothing() -> None:
    one = snip(1, "Alder State University", "Alder State University (ASU) is a public college "
               "in Alder, Idaho.")  # fmt: skip
    two = snip(2, "Norvia University", "Norvia University is a private research university "
               "in Norvia, New York.")  # fmt: skip
    a = judge("Are both Alder State University and Norvia University public colleges?", [one, two])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("No: Norvia University's own page calls it private")
    silent = two.model_copy(update={"text": "Norvia University is a research university."})
    b = judge("Are both Alder State University and Norvia University public colleges?",
              [one, silent])  # fmt: skip
    assert not any(c.text.startswith("No") for c in b.claims)
