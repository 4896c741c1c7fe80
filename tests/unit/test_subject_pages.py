"""The asked subject's own page beside an answer quoted from another, words the light stemmer
keeps apart ("title"/"titles") still matched, and a relative named within the subject's name
read as another person."""

import pytest

from research.agents.answers import covers
from research.agents.planner import plan_goal
from research.agents.questions import new_names, type_ok
from research.agents.text import content_terms, names, stem
from research.agents.unasked import kind_of_both
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_an_answer_from_another_page_also_quotes_what_the_subject_is() -> None:
    film = snip(1, "Cold Harbour (film)", "Cold Harbour is a 1991 American comedy film directed "
                "by Ivo Lask, starring Ada Vik and Tom Berg.")  # fmt: skip
    person = snip(2, "Ivo Lask", "Ivo Lask (1944 - 2014) was an American actor, director and "
                  "writer. He grew up in Chicago.")  # fmt: skip
    a = judge("What movie was directed by Ivo Lask and stars Ada Vik?", [film, person])
    assert a.verdict == Verdict.SUFFICIENT
    assert "Cold Harbour is a 1991" in quoted(a)
    assert "Ivo Lask (1944 - 2014) was an American actor" in quoted(a)
    assert "Chicago" not in quoted(a)


def test_a_page_titled_by_more_than_the_subject_is_not_its_own() -> None:
    film = snip(1, "Cold Harbour (film)", "Cold Harbour is a 1991 American comedy film directed "
                "by Ivo Lask, starring Ada Vik and Tom Berg.")  # fmt: skip
    season = snip(2, "1990 Ivo Lask season", "The 1990 Ivo Lask season was a tour of Europe.")
    a = judge("What movie was directed by Ivo Lask and stars Ada Vik?", [film, season])
    assert a.verdict == Verdict.SUFFICIENT
    assert "tour of Europe" not in quoted(a)


def test_an_answer_from_the_subject_s_own_page_quotes_nothing_more() -> None:
    person = snip(1, "Ada Vik", "Ada Vik is a Czech cyclist. In 2010 Vik won the Tour of Bohemia "
                  "race.")  # fmt: skip
    other = snip(2, "Tour of Bohemia", "The Tour of Bohemia is a stage race held in Czechia.")
    a = judge("Which race did Ada Vik win in 2010?", [person, other])
    assert a.verdict == Verdict.SUFFICIENT and "In 2010 Vik won" in quoted(a)
    assert "Czech cyclist" not in quoted(a)


def test_a_word_whose_forms_the_stemmer_keeps_apart_still_matches() -> None:
    assert stem("titles") != stem("title")  # the light stemmer strips "-es" whole
    assert covers(stem("title"), {stem("titles")}) and covers(stem("titles"), {stem("title")})
    assert not covers(stem("tile"), {stem("titles")})
    player = snip(1, "Ada Vik", "Ada Vik (born 1950) is a retired Czech tennis player. She won "
                  "12 singles titles and over 40 doubles titles.")  # fmt: skip
    other = snip(2, "Tom Berg", "Tom Berg (born 1990) is a Danish tennis player specialising "
                 "in doubles. He won the 2016 Wimbledon doubles title.")  # fmt: skip
    a = judge("Have tennis players Ada Vik and Tom Berg both won a doubles title?", [player, other])
    assert a.verdict == Verdict.SUFFICIENT
    assert "over 40 doubles titles" in quoted(a)


def test_prepositions_are_no_fact_to_find() -> None:
    terms = content_terms("Which member was a doctor besides being a composer?")
    assert stem("besides") not in terms and stem("doctor") in terms


def test_a_song_described_by_its_chart_date_leads_to_its_singer_s_home_city() -> None:
    song = snip(1, "Little Red Kite", '"Little Red Kite" is a novelty song performed by Dora '
                "Vell in 1961. The song peaked at number 12 on the Top Chart in November 1961.")  # fmt: skip
    singer = snip(2, "Dora Vell", "Dora Vell (born May 3, 1950) is a former singer and child "
                  "star from Tulsa City, Tulsa. Her family moved to Enid in 1958.")  # fmt: skip
    q = (
        "From which city in Tulsa is the singer of a song that peaked at number 12 on the Top "
        "Chart in November 1961?"
    )
    a = judge(q, [song, singer], searched=2)
    assert a.verdict == Verdict.SUFFICIENT
    assert "from Tulsa City, Tulsa" in quoted(a) and "performed by Dora Vell" in quoted(a)


def test_a_known_name_with_a_kind_noun_after_it_names_another_thing() -> None:
    sentence = "She is a singer from Tulsa City, Tulsa, and lives in Tulsa."
    assert new_names(sentence, ("Tulsa",)) == ["Tulsa City"]
    assert type_ok("name", sentence, ("Tulsa",))
    assert not type_ok("name", "She is a singer from Tulsa.", ("Tulsa",))
    assert new_names("Ada Vik Rowe sings.", ("Ada Vik",)) == []  # more of a name, same person


def test_the_subject_s_own_page_stating_the_fact_speaks_before_another_page() -> None:
    own = snip(1, "Ada Vik", "Ada Vik (born 1950) is a retired Czech tennis player. She won "
               "12 singles titles and over 40 doubles titles.")  # fmt: skip
    match = snip(2, "1970 Open - Women's Doubles", "Eva Lund and Mia Sand won the Women's Doubles "
                 "tennis title, defeating Ada Vik and Una Hart in the final.")  # fmt: skip
    other = snip(3, "Tom Berg", "Tom Berg (born 1990) is a Danish tennis player. Tom won the "
                 "2016 Wimbledon mixed doubles title.")  # fmt: skip
    q = "Have tennis players Ada Vik and Tom Berg both won a doubles title?"
    a = judge(q, [match, own, other], searched=2)
    assert a.verdict == Verdict.SUFFICIENT
    assert "over 40 doubles titles" in quoted(a) and "defeating Ada Vik" not in quoted(a)
    assert a.claims[0].text.startswith("Yes: the sources state it of both")


def test_the_kind_both_are_said_to_be_is_not_asked_of_either() -> None:
    assert kind_of_both("Have tennis players Ada Vik and Tom Berg both won a title?") == {
        stem("tennis"), stem("players"),
    }  # fmt: skip
    assert kind_of_both("Did musicians Ada Vik and Tom Berg ever record together?") == {
        stem("musicians")
    }
    assert kind_of_both("Which band has released more albums Queen or Abba?") == set()
    assert kind_of_both("What towns did Ada Vik visit?") == set()


def test_a_name_opening_with_an_okina_is_one_name() -> None:
    q = "What do Ada Vik and ʻAkala Palace have in common?"
    assert names(q) == ["Ada Vik", "ʻAkala Palace"]
    assert plan_goal(q).sub_goals[0].compare == ["Ada Vik", "ʻAkala Palace"]


def test_a_relative_named_within_the_subjects_name_is_read_as_another_person() -> None:
    son = snip(1, "Jack Binn", "Jack Ivo Lask Binn (born 1937) is an American businessman. "
               "Binn is the son of casino owner Ivo Lask Binn and worked for his father.")  # fmt: skip
    father = snip(2, "Ivo Lask Binn", 'Lester Ivo "Lask" Binn (1904-1989) was an American '
                  "casino owner.")  # fmt: skip
    a = judge("What is the first name of Jack Ivo Lask Binn's father?", [son, father])
    assert a.verdict == Verdict.SUFFICIENT
    assert "son of casino owner Ivo Lask Binn" in quoted(a) and "Lester Ivo" in quoted(a)
