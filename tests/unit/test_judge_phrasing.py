"""The offline judge reads a fact in the words its source uses: a category through its
members, a noun through its verb, a restated comparison, a nickname, a description of the
entity, one of two choices, a company's defining sentence, "looking ahead" for an outlook, a
demonym for a nationality."""

import pytest

from research.agents.answers import coverage, covers
from research.agents.lexicon import members_of, title_stems
from research.agents.planner import plan_goal
from research.agents.questions import answer_type, outcome_terms
from research.agents.text import mentions, names, sentences
from research.agents.unasked import restated, second_conjuncts
from research.contracts import Assessment, Snippet, Verdict
from tests.unit.judging import judge as judge_with
from tests.unit.judging import snip

pytestmark = pytest.mark.unit


def judge(question: str, hits: list[Snippet], searched: int = 3) -> Assessment:
    return judge_with(question, hits, searched)


def test_a_verb_states_its_noun_but_unrelated_words_stay_apart() -> None:
    assert coverage(["acquisition"], "In May the group acquired Norrvik Foods.") == 1.0
    assert coverage(["expansion"], "It expanded into Chile.") == 1.0
    assert coverage(["revision"], "The board revised its charter.") == 1.0
    assert not covers("commission", {"commit"})
    assert not covers("station", {"state"})
    assert not covers("nation", {"native"})


def test_an_officer_is_senior_management_and_a_title_its_abbreviation() -> None:
    cfo = "In May 2020, Tarnow Mills appointed Ola Berg as the new Chief Financial Officer."
    assert coverage(["senior", "management"], cfo) == 1.0
    assert coverage(["ceo"], "Lena Dahl became Chief Executive Officer in 2019.") == 1.0
    assert {"chief", "executive", "officer"} <= title_stems("The CEO resigned.")
    assert coverage(["board", "director"], cfo) == 0.0
    assert members_of(["senior", "incident"])[:2] == ["chief", "officer"]


def test_a_comparisons_second_sentence_restates_the_first() -> None:
    q = ("Compare the times of compliance updates for Tarnow Mills and Osk Foods. Which "
         "company updated its compliance standards earlier?")  # fmt: skip
    assert {"standard"} <= restated(q) and "compliance" not in restated(q)
    assert restated("Which company updated its standards earlier?") == frozenset()
    assert second_conjuncts("the ethics and integrity incidents") == {"integrity", "incident"}


def test_when_a_management_change_happened_is_read_from_an_appointment() -> None:
    tarnow = snip(1, "Tarnow Mills annual report", "Tarnow Mills had a quiet year. In May "
                  "2020, Tarnow Mills appointed Ola Berg as the new Chief Financial Officer.")  # fmt: skip
    osk = snip(2, "Osk Foods annual report", "In March 2018, Osk Foods experienced senior "
               "management changes that shifted its priorities.")  # fmt: skip
    a = judge("Compare the times of senior management changes for Tarnow Mills and Osk Foods. "
              "Which company made changes to their senior management earlier?", [tarnow, osk])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    quotes = " ".join(c.citations[0].quote for c in a.claims)
    assert "Chief Financial Officer" in quotes and "March 2018" in quotes


def test_a_heading_of_two_topics_is_stated_by_the_first_but_not_by_a_namesake() -> None:
    q = ("When did Tarnow Mills launch its sustainability and social responsibility "
         "initiatives?")  # fmt: skip
    program = snip(1, "Tarnow Mills annual report", "In April 2021, Tarnow Mills launched a "
                   "sustainability program that cut its water use by a third.")  # fmt: skip
    assert judge(q, [program]).verdict == Verdict.SUFFICIENT
    board = snip(1, "Tarnow Mills annual report", "In April 2021, Tarnow Mills appointed two "
                 "new directors to its board.")  # fmt: skip
    assert judge(q, [board]).verdict != Verdict.SUFFICIENT


def test_without_a_management_change_the_next_query_asks_for_the_officers() -> None:
    hudson = snip(1, "Hudson Goods annual report", "In June 2019, Hudson Goods improved "
                  "supply chain management and opened two warehouses.")  # fmt: skip
    a = judge("When did Hudson Goods make senior management changes?", [hudson])
    assert a.verdict == Verdict.INSUFFICIENT and not a.claims
    assert a.follow_ups[0].text.startswith("Hudson Goods chief officer ceo cfo")


def test_respectively_gives_each_entity_its_own_year() -> None:
    plan = plan_goal("How did Tarnow Mills and Osk Foods respond to safety incidents in 2019 "
                     "and 2021, respectively?")  # fmt: skip
    texts = [sg.text for sg in plan.sub_goals]
    assert texts == [
        "How did Tarnow Mills respond to safety incidents in 2019?",
        "How did Osk Foods respond to safety incidents in 2021?",
    ]


def test_a_sentence_glued_to_the_next_without_a_space_is_still_two() -> None:
    text = "It sells flour in the north.In May 2020, it opened a mill. Osk Foods Inc. said so."
    assert [text[a:b] for a, b in sentences(text)] == [
        "It sells flour in the north.",
        "In May 2020, it opened a mill.",
        "Osk Foods Inc. said so.",
    ]


def test_a_quantity_word_that_only_qualifies_an_event_asks_for_no_number() -> None:
    assert answer_type("What were the major asset acquisitions completed by X in 2017?") == "any"
    assert answer_type("What was the shareholder equity of X in 2018?") == "number"
    assert answer_type("What was the cash flow of X in 2021?") == "number"
    assert answer_type("What were the sales figures of X in 2020?") == "number"


def test_what_a_how_question_lists_after_including_is_expected_not_required() -> None:
    q = ("How did the charter revision in May 2019, including the appointment of two "
         "directors, strengthen oversight at Tarnow Mills?")  # fmt: skip
    assert {"appointment", "director", "oversight"} <= outcome_terms(q)
    assert not {"charter", "revision"} & outcome_terms(q)
    report = snip(1, "Tarnow Mills annual report", "In May 2019, Tarnow Mills revised its "
                  "charter. The board gained an audit committee.")  # fmt: skip
    assert judge(q, [report]).verdict == Verdict.SUFFICIENT


def test_a_nickname_is_part_of_the_name_and_names_it_with_the_surname() -> None:
    q = 'What town did Moe Sedway have success in after Benjamin "Bugsy" Siegel\'s murder?'
    assert 'Benjamin "Bugsy" Siegel' in names(q)
    assert mentions("an associate of Bugsy Siegel", 'Benjamin "Bugsy" Siegel')
    assert not mentions("Benjamin Franklin", 'Benjamin "Bugsy" Siegel')
    moe = snip(1, "Moe Sedway", "Moe Sedway was an associate of Bugsy Siegel. He made the "
               "Flamingo casino in Las Vegas a success after Siegel's murder.")  # fmt: skip
    a = judge(q, [moe])
    assert a.verdict == Verdict.SUFFICIENT and "Las Vegas" in a.claims[-1].text


def test_a_description_of_the_entity_is_not_required() -> None:
    hecker = snip(1, "Tim Hecker", "Tim Hecker is an electronic musician based in Montreal. "
                  "His latest album “Love Streams” was released in 2016.")  # fmt: skip
    a = judge("What is the latest album of Tim Hecker, the Canadian electronic music maker?",
              [hecker])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "Love Streams" in a.claims[-1].text


def test_which_one_of_two_is_answered_by_the_one_that_states_it() -> None:
    q = "Which singer is also a comic book writer, Ola Berg or Lena Dahl?"
    berg = snip(1, "Ola Berg", "Ola Berg is a Swedish singer. Berg also writes comic books "
                "for Marvel as a comic book writer.")  # fmt: skip
    dahl = snip(2, "Lena Dahl", "Lena Dahl is a Danish singer who toured Europe in 2004.")
    a = judge(q, [berg, dahl])
    assert a.verdict == Verdict.SUFFICIENT and "comic book writer" in quoted_text(a)
    assert a.claims[0].text == "Ola Berg: the sources state it of Ola Berg, not of Lena Dahl."
    # what the other one is, from her own passage, shows the choice was between the two
    assert a.claims[-1].text == "Lena Dahl is a Danish singer who toured Europe in 2004."
    # a name no source speaks of may be the answer: the choice stays open
    a = judge("Which singer is also a comic book writer, Ola Berg or Tove Lund?", [berg, dahl])
    assert a.verdict != Verdict.SUFFICIENT
    # "which is older" needs both dates, not one
    a = judge("Who is older, Ola Berg or Lena Dahl?", [berg, dahl])
    assert a.verdict != Verdict.SUFFICIENT


def quoted_text(a: Assessment) -> str:
    return " ".join(c.text for c in a.claims)


def test_who_is_older_is_told_by_each_birth_date() -> None:
    berg = snip(1, "Ola Berg", "Ola Berg (born 3 May 1950) is a Swedish physicist.")
    dahl = snip(2, "Lena Dahl", "Lena Dahl (born 9 June 1961) is a Danish test pilot.")
    a = judge("Between two scientists Ola Berg and Lena Dahl, who is older?", [berg, dahl])
    assert a.verdict == Verdict.SUFFICIENT
    assert "1950" in quoted_text(a) and "1961" in quoted_text(a)


def test_a_name_joined_by_of_the_is_also_followed_by_each_side() -> None:
    player = snip(1, "Anton Varga", "Anton Varga (born 1987) is a Hungarian basketball player "
                  "for Pannon Kaposvar of the Hungarian Basketball League.")  # fmt: skip
    club = snip(2, "BC Pannon", "BC Pannon is a basketball club located in Kaposvar, Hungary. "
                "It was founded in 2011.")  # fmt: skip
    a = judge("Which basketball club located in Kaposvar does Anton Varga play for?",
              [player, club])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "club located in Kaposvar" in quoted_text(a) and "Pannon Kaposvar" in quoted_text(a)


def test_what_a_company_does_is_read_from_the_sentence_that_defines_it() -> None:
    report = snip(1, "Tarnow Mills Inc. annual report", "In 2021 Tarnow Mills Inc. grew its "
                  "business areas. Tarnow Mills Inc. is a flour miller founded in 1990, "
                  "specializing in organic rye flour.")  # fmt: skip
    a = judge("What are the main businesses of Tarnow Mills Inc.?", [report])
    assert a.verdict == Verdict.SUFFICIENT
    assert quoted_text(a).startswith("Tarnow Mills Inc. is a flour miller")
    a = judge("What was the revenue of Tarnow Mills Inc. in 2021?", [report])
    assert a.verdict != Verdict.SUFFICIENT  # not a definition question: no number, no answer


def test_looking_ahead_states_the_future_outlook() -> None:
    report = snip(1, "Tarnow Mills annual report", "In May 2021, Tarnow Mills opened a mill.\n"
                  "Looking ahead, Tarnow Mills plans to invest in rye milling and to enter the "
                  "Baltic markets.")  # fmt: skip
    a = judge("Based on Tarnow Mills' 2021 report, summarize its future outlook.", [report])
    assert a.verdict == Verdict.SUFFICIENT
    assert "Looking ahead, Tarnow Mills plans to invest" in quoted_text(a)
    past = snip(1, "Tarnow Mills annual report", "In May 2021, Tarnow Mills opened a mill.")
    a = judge("Based on Tarnow Mills' 2021 report, summarize its future outlook.", [past])
    assert a.verdict != Verdict.SUFFICIENT


def test_the_kind_named_before_two_entities_is_not_asked_of_them() -> None:
    berg = snip(1, "Ola Berg", "Ola Berg (born 1951) is a Swedish former tennis player. His "
                "career-high singles ranking was world no. 14.")  # fmt: skip
    dahl = snip(2, "Lars Dahl", "Lars Dahl is a Danish tennis player. He reached a career-high "
                "singles ranking of world no. 19 in 1988.")  # fmt: skip
    q = ("Of the retired tennis players Ola Berg and Lars Dahl, which player reached a higher "
         "career-high singles ranking?")  # fmt: skip
    a = judge(q, [berg, dahl])
    assert a.verdict == Verdict.SUFFICIENT
    assert "no. 14" in quoted_text(a) and "no. 19" in quoted_text(a)


def test_a_demonym_or_a_citizenship_states_a_nationality() -> None:
    terms = ["nationality", "born"]
    assert coverage(terms, "Ivo Lask (born 1975) is a United States citizen.") == 1.0
    assert coverage(terms, "Ivo Lask (born 1975) is a Canadian actor.") == 1.0
    assert coverage(terms, "Ivo Lask (born 1975) moved to Ottawa.") == 0.5


def test_what_a_kind_does_only_says_which_ones_are_meant() -> None:
    blog = snip(1, "Harbour Voices", "Harbour Voices is a politics blog started in 2004. The "
                "blog was credited with giving conservative sailors a sense of community during "
                "the 2008 harbour election.")  # fmt: skip
    a = judge("Harbour Voices was credited with giving sailors emphasizing tradition and thrift "
              "a sense of community during which harbour election?", [blog])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "2008 harbour election" in quoted_text(a)
