"""What the question says of the thing an answer speaks of, quoted from that thing's page;
a subject's exact page before pages titled by more; counts of people stated by the persons
counted; "known for" said as "recognized for"."""

import pytest

from research.agents.answers import covers
from research.agents.passages import asks_what_it_is, head_word
from research.agents.questions import answer_type
from research.agents.text import stem
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_the_described_work_s_page_is_quoted_where_it_states_the_description() -> None:
    role = snip(1, "Ivo Lask", "Ivo Lask (born 1970) is a Czech goalkeeper. Lask is played by "
                "actor Tom Berg in the film.")  # fmt: skip
    actor = snip(2, "Tom Berg", "Tom Berg (born 1980) is a Danish actor and retired professional "
                 "hockey player. He is best known for playing Ivo Lask in the 2015 film "
                 '"Cold Harbour".')  # fmt: skip
    film = snip(3, "Cold Harbour (film)", "Cold Harbour is a 2015 drama film directed by Ada Vik. "
                "The film is based on Nora Vance's 2009 novel of the same name.")  # fmt: skip
    question = (
        "Which retired hockey player played Ivo Lask in a movie adaptation of a Nora Vance novel?"
    )
    a = judge(question, [role, actor, film])
    assert a.verdict == Verdict.SUFFICIENT and "Tom Berg" in quoted(a)
    assert "based on Nora Vance's 2009 novel" in quoted(a)


def test_a_page_the_answer_does_not_name_is_not_quoted_for_the_description() -> None:
    role = snip(1, "Ivo Lask", "Ivo Lask (born 1970) is a Czech goalkeeper. Lask is played by "
                "actor Tom Berg in the film.")  # fmt: skip
    actor = snip(2, "Tom Berg", "Tom Berg (born 1980) is a Danish actor and retired professional "
                 "hockey player.")  # fmt: skip
    other = snip(3, "Grey Harbour (film)", "Grey Harbour is a 2011 film. The film is based on "
                 "Nora Vance's 2002 novel of the same name.")  # fmt: skip
    question = (
        "Which retired hockey player played Ivo Lask in a movie adaptation of a Nora Vance novel?"
    )
    a = judge(question, [role, actor, other])
    assert "Grey Harbour" not in quoted(a) and "2002 novel" not in quoted(a)


def test_the_no_quotes_the_subject_s_exact_page_before_one_titled_by_more() -> None:
    public = snip(1, "Ada College", "Ada College is a public college in Leeds, England.")
    choir = snip(2, "Vik University Choir", "The Vik University Choir is the choir of Vik "
                 "University, a private university in Oslo.")  # fmt: skip
    own = snip(3, "Vik University", "Vik University is a private research university in Bergen, "
               "Norway.")  # fmt: skip
    a = judge("Are both Ada College and Vik University public colleges?", [public, choir, own])
    assert a.verdict == Verdict.SUFFICIENT and a.claims[0].text.startswith("No")
    assert "private research university in Bergen" in a.claims[0].citations[0].quote


def test_more_people_are_counted_by_the_persons_a_sentence_counts() -> None:
    one = snip(1, "Ada Museum", "The Ada Museum is an art museum in Leeds. In 2019 it drew "
               "2.1 million visitors.")  # fmt: skip
    two = snip(2, "Vik Gallery", "The Vik Gallery is a gallery in Oslo. The gallery drew 340,000 "
               "visitors in 2019.")  # fmt: skip
    a = judge("Which museum drew more people in 2019, Ada Museum or Vik Gallery?", [one, two])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Ada Museum had more people")


def test_known_for_is_said_as_recognized_for() -> None:
    assert covers(stem("known"), {stem("recognized")})
    assert not covers(stem("known"), {stem("unknown")})


def test_what_a_name_is_comes_from_the_page_on_the_common_noun_it_ends_in() -> None:
    road = snip(1, "Route 12 (Ontario)", "Route 12 is a short highway in Ontario. The road passes "
                "near a mill and the Bexley Creek.")  # fmt: skip
    creek = snip(2, "Creek (stream)", "In hydrology, a creek is a small stream of water.")
    a = judge("What is the Bexley Creek near Route 12?", [road, creek])
    assert a.verdict == Verdict.SUFFICIENT
    assert "passes near a mill and the Bexley Creek" in quoted(a)
    assert "a creek is a small stream" in quoted(a)
    assert not asks_what_it_is("What is the Bexley Creek's length?", "Bexley Creek")
    assert asks_what_it_is("What is the Bexley Creek?", "Bexley Creek")
    assert head_word("Bexley Creek") == "creek" and head_word("Ada Vik") is None


def test_what_a_name_is_comes_from_its_own_defining_sentence_first() -> None:
    own = snip(1, "Bexley Creek", "The Bexley Creek is a tributary of the Avon in Ontario.")
    creek = snip(2, "Creek (stream)", "In hydrology, a creek is a small stream of water.")
    a = judge("What is the Bexley Creek?", [own, creek])
    assert a.verdict == Verdict.SUFFICIENT and quoted(a) == own.text


def test_who_after_a_verb_asks_whom_it_is_done_to_in_any_words() -> None:
    assert answer_type("Fellows show an ability to lead or guide who?") == "any"
    assert answer_type("The film was directed by who?") == "name"
    assert answer_type("Who guided the expedition?") == "name"


def test_a_kind_both_own_pages_use_is_what_they_have_in_common() -> None:
    person = snip(1, "Ada Vik", "Ada Vik (1945 - 2003) was a Norwegian museum curator and "
                  "historian, who was the curator of Lund Hall.")  # fmt: skip
    hall = snip(2, "Lund Hall", "Lund Hall was the royal residence of the kings of Norvia. The "
                "hall was restored and opened to the public as a museum in 1978.")  # fmt: skip
    a = judge("What type of building do Ada Vik and Lund Hall have in common?", [person, hall])
    assert a.verdict == Verdict.SUFFICIENT and a.claims[0].text.startswith("Museum:")
    cited = " ".join(c.quote for c in a.claims[0].citations)
    assert "museum curator" in cited and "as a museum in 1978" in cited


def test_a_subject_named_only_by_its_kind_is_told_apart_by_its_clause() -> None:
    one = snip(1, "Cold Harbour", "Cold Harbour is a 1951 Norwegian crime drama film starring Ada "
               "Vik and directed by Ivo Lask. The film is notable as the feature film debut of "
               "Tom Berg.")  # fmt: skip
    two = snip(2, "Grey Tide", "Grey Tide is a 1951 Norwegian crime drama film directed by Per "
               "Holm.")  # fmt: skip
    actor = snip(3, "Tom Berg", "Tom Berg (May 2, 1930 - 2001) was a Norwegian actor.")
    question = ("Who was the director of 1951 Norwegian crime drama film, which was the feature "
                "film debut of the actor born on May 2, 1930?")  # fmt: skip
    a = judge(question, [two, one, actor])
    assert a.verdict == Verdict.SUFFICIENT
    assert "directed by Ivo Lask" in quoted(a) and "Per Holm" not in quoted(a)
    assert "feature film debut of Tom Berg" in quoted(a)
    assert "Tom Berg (May 2, 1930 - 2001) was a Norwegian actor." in quoted(a)
