"""Bridges named by a retrieved document's title, and the conclusion of a date comparison."""

import pytest

from research.agents.conclusions import stated_date
from research.agents.planner import plan_goal
from research.agents.questions import answer_type
from research.agents.text import mentions, names
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


ATHLETE = snip(1, "Marek Olsen", "Marek Olsen (born 1971) is a Danish hammer thrower. In 2004 "
               "he tested positive for the steroid Velorane at the Nordic Games.")  # fmt: skip


def test_a_word_written_in_lower_case_elsewhere_is_a_bridge_when_a_document_is_titled_by_it():
    drug = snip(2, "Velorane", "Velorane is an injected anabolic steroid. As velorane "
                "decanoate it is used to treat anaemia.")  # fmt: skip
    a = judge("Marek Olsen tested positive for which type of injected steroid?", [ATHLETE, drug])
    assert a.verdict == Verdict.SUFFICIENT
    assert "steroid Velorane" in quoted(a) and "injected anabolic steroid" in quoted(a)


def test_without_a_document_titled_by_it_the_lower_case_word_is_no_bridge():
    other = snip(2, "Steroid use in sport", "Anabolic steroids are injected. As velorane "
                 "decanoate it is used to treat anaemia.")  # fmt: skip
    a = judge("Marek Olsen tested positive for which type of injected steroid?", [ATHLETE, other])
    assert a.verdict != Verdict.SUFFICIENT
    assert "Velorane" not in [f.entity for f in a.follow_ups]


def test_a_name_with_a_small_word_is_the_phrase_not_its_one_distinctive_word():
    assert mentions("Holding On is a reality series.", "Holding On")
    assert not mentions("Nine Sons and Holding is a reality series.", "Holding On")
    assert mentions("The Knick is a drama.", "The Knick")


def test_a_title_sharing_a_word_with_the_entity_is_a_bridge_not_the_entity_again():
    spin = snip(1, "Holding On", 'Holding On is a spin-off of "Nine Sons and Holding"; it '
                "follows the Brandt family and eleven of their twelve siblings.")  # fmt: skip
    parent = snip(2, "Nine Sons and Holding", "Nine Sons and Holding is a reality series. It "
                  "features the Brandt family: twelve children, nine boys and three girls.")  # fmt: skip
    a = judge("How many girls are in the twelve sibling family featured on Holding On?",
              [spin, parent])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "three girls" in quoted(a) and "spin-off" in quoted(a)


def test_a_short_number_closing_a_name_is_part_of_it_and_a_date_is_not_a_name():
    assert "Starlane 59" in names("Which band, Velvet Harbor or Starlane 59, was formed first?")
    assert names("On May 20 1908 he sailed.") == []


BANDS = [
    snip(1, "Velvet Harbor", "Velvet Harbor is an American folk band formed in 1986 in Ohio."),
    snip(2, "Starlane 59", "Starlane 59 is a rock band formed in March 1993 in Texas."),
]


def test_which_came_first_is_answered_by_naming_the_earlier_with_both_dates_cited():
    a = judge("Which band was formed first, Velvet Harbor or Starlane 59?", BANDS)
    assert a.verdict == Verdict.SUFFICIENT
    first = a.claims[0]
    assert first.text.startswith("Velvet Harbor is the earlier")
    assert "1986" in first.text and "March 1993" in first.text
    assert [c.snippet_id for c in first.citations] == [1, 2]


def test_which_came_later_names_the_other():
    a = judge("Which band was formed later, Velvet Harbor or Starlane 59?", BANDS)
    assert a.claims[0].text.startswith("Starlane 59 is the later")


def test_was_a_or_b_first_is_a_choice_concluded_without_reading_further_names():
    assert answer_type("Was Velvet Harbor or Starlane 59 formed first?") != "yesno"
    assert answer_type("Did the band tour or record in 1990?") == "yesno"
    a = judge("Was Velvet Harbor or Starlane 59 formed first?", BANDS)
    assert a.claims[0].text.startswith("Velvet Harbor is the earlier")
    assert not a.follow_ups  # "Ohio" and "Texas" are not what a comparison of dates needs


def test_no_conclusion_when_the_dates_cannot_be_told_apart():
    same = [
        BANDS[0],
        snip(2, "Starlane 59", "Starlane 59 is a rock band formed in 1986 in Texas."),
    ]
    a = judge("Which band was formed first, Velvet Harbor or Starlane 59?", same)
    assert a.verdict == Verdict.SUFFICIENT
    assert not any("the earlier" in c.text for c in a.claims)


def test_of_several_dates_the_one_after_the_event_word_is_read_or_none():
    assert stated_date("Opened in 1990, it was founded in 1985.", ["found"]).text == "1985"
    assert stated_date("It played in 1990 and in 1985.", ["found"]) is None


def test_an_origin_in_other_words_and_the_own_document_settle_which_was_formed_first():
    folk = snip(1, "The Quiet Lanterns", "The Quiet Lanterns (stylised in lower case on all "
                "releases since 1995) is an American folk band. The group was formed in Dover, "
                "Delaware in the early 1980s.")  # fmt: skip
    album = snip(3, "Harbour Lights (album)", "Harbour Lights was released in 2015 by Marl "
                 "Records, a label with which the Quiet Lanterns formed a band partnership.")  # fmt: skip
    rock = snip(2, "Starlane 59", "Starlane 59 is a rock band that was founded in 1993.")
    a = judge("Which band The Quiet Lanterns or Starlane 59 was formed first?", [folk, album, rock])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("The Quiet Lanterns is the earlier")
    assert "the 1980s" in a.claims[0].text and "1993" in a.claims[0].text
    assert "early 1980s" in quoted(a) and "2015" not in quoted(a)


def test_a_demonym_describes_and_the_name_after_it_is_the_entity():
    goal = "Which South Asian island country does the footballer Aram Velesh play for?"
    assert plan_goal(goal).sub_goals[0].entity == "Aram Velesh"


def test_both_is_answered_yes_only_when_each_ones_sentence_states_it():
    ola = snip(1, "Ola Berg", "Ola Berg (born 1950) is a Swedish physicist and musician.")
    lena = snip(2, "Lena Dahl", "Lena Dahl (born 1961) is a Danish musician.")
    a = judge("Are Ola Berg and Lena Dahl both musicians?", [ola, lena])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Yes") and len(a.claims[0].citations) == 2
    pilot = snip(2, "Lena Dahl", "Lena Dahl (born 1961) is a Danish test pilot.")
    b = judge("Are Ola Berg and Lena Dahl both musicians?", [ola, pilot], searched=3)
    assert b.verdict != Verdict.SUFFICIENT
    assert not any(c.text.startswith("Yes") for c in b.claims)
    # each side quoted, neither saying all of it: no conclusion, so answered only in part
    radio = snip(2, "Lena Dahl", "Lena Dahl (born 1961) is a Danish musician. Swedish radio "
                 "often plays her songs.")  # fmt: skip
    c = judge("Are Ola Berg and Lena Dahl both Swedish musicians?", [ola, radio], searched=3)
    assert c.verdict == Verdict.SUFFICIENT and "Danish musician" in quoted(c)
    assert not any(claim.text.startswith("Yes") for claim in c.claims)
    assert c.missing == [
        "the answer for Ola Berg and Lena Dahl: the quoted sentences do not settle it"
    ]


def test_both_needs_every_asked_word_of_each_not_half():
    ola = snip(1, "Ola Berg", "Ola Berg (born 1950) is a Swedish folk musician.")
    lena = snip(2, "Lena Dahl", "Lena Dahl (born 1961) is a Danish jazz musician. Her "
                "parents sold folk records.")  # fmt: skip
    a = judge("Are Ola Berg and Lena Dahl both folk musicians?", [ola, lena])
    assert a.verdict == Verdict.SUFFICIENT  # each is a musician; that Dahl plays folk is not said
    assert not any(c.text.startswith("Yes") for c in a.claims)


OVAL = snip(1, "Harlow Memorial Oval", "The Harlow Memorial Oval is a public park located "
            "within the suburb of Kestrel Bay.")  # fmt: skip


def test_a_place_the_answer_names_is_defined_from_its_own_document_or_asked_for():
    suburb = snip(2, "Kestrel Bay, New Wessex", "Kestrel Bay is a seaside suburb within the "
                  "City of Marrowdale.")  # fmt: skip
    question = "What major city is the Harlow Memorial Oval located within?"
    read = judge(question, [OVAL, suburb])
    assert read.verdict == Verdict.SUFFICIENT and "City of Marrowdale" in quoted(read)
    assert not read.follow_ups
    unread = judge(question, [OVAL])
    assert unread.verdict == Verdict.SUFFICIENT and "Marrowdale" not in quoted(unread)
    assert [f.entity for f in unread.follow_ups] == ["Kestrel Bay"]


def test_a_bridges_life_dates_state_its_death_in_no_words():
    album = snip(1, "Northern Lights Orchestra", "Northern Lights Orchestra is the final solo "
                 "album by Ivar Lunde.")  # fmt: skip
    person = snip(2, "Ivar Lunde", "Ivar Lunde (March 3, 1938 – May 9, 2014) was a Norwegian "
                  "folk singer.")  # fmt: skip
    a = judge("The person Northern Lights Orchestra was the final solo album for died when?",
              [album, person])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "May 9, 2014" in quoted(a)


CALDER = (
    "In 2018, Calder Mills reported operating income of $25 million and revenue of $300 million."
)
BRENNA = "In 2020, Brenna Retail's operating income reached $0.5 billion."
FIRMS = [
    snip(1, "Calder Mills annual report 2018", CALDER),
    snip(2, "Brenna Retail annual report 2020", BRENNA),
]


def test_which_had_the_higher_figure_is_answered_in_the_questions_words():
    question = ("Compare the operating income of Calder Mills in 2018 and Brenna Retail in 2020. "
                "Which company had higher operating income?")  # fmt: skip
    a = judge(question, FIRMS)
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text == (
        "Brenna Retail had the higher operating income of the two by the quoted figures: "
        "$0.5 billion, against $25 million for Calder Mills."
    )
    lower = judge(question.replace("higher", "lower"), FIRMS)
    assert lower.claims[0].text.startswith("Calder Mills had the lower operating income")


def test_no_figure_conclusion_across_units():
    euros = [FIRMS[0], snip(2, "Brenna Retail annual report 2020", "In 2020, Brenna Retail's "
                            "operating income reached EUR 40 million.")]  # fmt: skip
    a = judge("Compare the operating income of Calder Mills in 2018 and Brenna Retail in 2020. "
              "Which company had higher operating income?", euros)  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert not any("of the two" in c.text for c in a.claims)


def test_a_count_spelled_out_settles_which_has_more_and_a_band_named_for_the_other_is_not_asked():
    duo = snip(1, "Paper Harbour", "Paper Harbour is an indie band formed in Leeds in 2001. "
               "They have released seven regular studio albums.")  # fmt: skip
    singer = snip(2, "Ivo Marsh", "Ivo Marsh (born 1966) is a singer. Marsh rose to fame in the "
                  "band Grey Marsh, releasing three studio albums with the band.")  # fmt: skip
    q = "Which band has released the most studio albums, Paper Harbour or Ivo Marsh's band Grey Marsh?"
    a = judge(q, [duo, singer])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Paper Harbour had the most studio albums")
    assert "seven" in a.claims[0].text and "three" in a.claims[0].text
    assert len(a.claims[0].citations) == 2


def test_more_of_an_adjective_is_no_count():
    lake = snip(1, "Lake Orvet", "Lake Orvet is a glacial lake with three dangerous currents.")
    peak = snip(2, "Mount Selva", "Mount Selva is a mountain with two dangerous ridges.")
    a = judge("Which is more dangerous, Lake Orvet or Mount Selva?", [lake, peak], searched=3)
    assert not any("the quoted figures" in c.text for c in a.claims)


def test_a_name_read_without_its_article_is_the_whole_title_of_its_document():
    band = snip(1, "A Quiet Engine", "A Quiet Engine are an English rock band from Bath. The "
                "band consists of two members.")  # fmt: skip
    board = snip(3, "Norden Film Festival", "The quiet engine of the festival is its board. "
                 "Other members of the board are Ann Lutz, Per Holm and Eva Sand.")  # fmt: skip
    trio = snip(2, "The Lindens", "The Lindens are an Irish band. The band has five members.")
    a = judge("Which band, A Quiet Engine or The Lindens, has more members?", [band, board, trio])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("The Lindens had more members")
    assert "Ann Lutz" not in quoted(a)


def test_a_size_compared_by_an_adjective_is_settled_by_the_figures_and_a_minus_sign_counts():
    north = snip(1, "Kolby Station", "Kolby Station lies at 900 m. The mean annual air "
                 "temperature at Kolby for 1991–2020 is -3.9 °C.")  # fmt: skip
    south = snip(2, "Orvik Station", "Orvik Station lies on the coast. Its mean annual air "
                 "temperature for 1991–2020 is -4.8 °C, compared with -6.9 °C before.")  # fmt: skip
    q = "Which station has the lower mean annual air temperature for 1991-2020, Kolby Station or Orvik Station?"
    a = judge(q, [north, south])
    assert a.claims[0].text.startswith("Orvik Station had the lower mean annual air temperature")
    cell = snip(3, "Arno A5", "The A5 carries a battery with a usable capacity of 98.4 kWh.")
    pack = snip(4, "Brisa B7", "The B7 has a battery with a usable capacity of 82.0 kWh.")
    b = judge("Which has the larger usable battery, the Arno A5 or the Brisa B7?", [cell, pack])
    assert b.claims[0].text.startswith("Arno A5 had the larger usable battery of the two")
    assert "98.4 kWh, against 82.0 kWh for Brisa B7" in b.claims[0].text  # said with its unit


def test_a_verb_compared_by_more_names_the_higher_figure():
    east = snip(1, "Eastbreen", "Surveys show the ice has thinned by 38.4 m at the stakes "
                "since 1985.")  # fmt: skip
    west = snip(2, "Westbreen", "At the stakes, Westbreen has thinned by 22.7 m since 1985.")
    q = "Which glacier has thinned more at its stakes since 1985, Eastbreen or Westbreen?"
    a = judge(q, [east, west])
    assert a.claims[0].text.startswith("Eastbreen had the higher figure of the two")


def test_the_kind_both_are_of_is_not_asked_of_either_when_told_apart_by_date():
    first = snip(1, "Ostby Flats", "Ostby Flats is an offshore wind farm. It was commissioned "
                 "in 2016.")  # fmt: skip
    second = snip(2, "Lunde Reef", "Lunde Reef is an offshore wind farm in the Baltic Sea. It "
                  "has a capacity of 612 MW and was commissioned in 2019. A bird study running "
                  "from 2015 to 2023 found that ducks avoid the wind farm.")  # fmt: skip
    a = judge(
        "Which wind farm was commissioned earlier, Ostby Flats or Lunde Reef?", [first, second]
    )
    assert a.claims[0].text.startswith("Ostby Flats is the earlier of the two")
    assert "commissioned in 2019" in quoted(a) and "bird study" not in quoted(a)


def test_an_ordinal_beside_two_names_is_no_comparison_unless_the_part_asks_of_both():
    q = "The 2017 Harbor Kings season was the first under which coach that began with the Red Owls?"
    assert plan_goal(q).sub_goals[0].compare == []
    assert plan_goal("Who was born first, Ola Berg or Lena Dahl?").sub_goals[0].compare == [
        "Ola Berg",
        "Lena Dahl",
    ]
    assert len(plan_goal("Is Ola Berg older than Lena Dahl?").sub_goals[0].compare) == 2


def test_a_singer_or_a_bassist_is_a_musician_and_a_novelist_a_writer():
    ola = snip(1, "Ola Berg", "Ola Berg (born 1950) is a Swedish singer, bassist and composer.")
    lena = snip(2, "Lena Dahl", "Lena Dahl (born 1961) is a Danish musician.")
    a = judge("Are Ola Berg and Lena Dahl both musicians?", [ola, lena])
    assert a.claims[0].text.startswith("Yes") and "Swedish singer" in quoted(a)
    pilot = snip(1, "Ola Berg", "Ola Berg (born 1950) is a Swedish novelist.")
    b = judge("Is Ola Berg a writer?", [pilot])
    assert b.verdict == Verdict.SUFFICIENT and "Swedish novelist" in quoted(b)
