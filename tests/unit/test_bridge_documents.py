"""Which documents a bridge is read from: names joined by a slash, the entity's own document's
names before those of a page naming it in passing, each document naming the bridge in turn,
and the words that only place an asked date in a span."""

import pytest

from research.agents.answers import compounds
from research.agents.bridge_names import bridges, concepts
from research.agents.relations import converse_kin
from research.agents.text import mentions, names
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit

SPECIAL = snip(
    1,
    "Snowfall Eve",
    "Snowfall Eve is a 1974 Christmas stop motion television special produced by Quarry/Lune "
    "Productions. It was first broadcast on December 10, 1974.",
)
WRITER = snip(
    2,
    "Dale Merritt",
    "Dale Merritt is a screenwriter and producer best known for Harbour Lights and Night Tide. "
    "He also wrote the 2006 remake of Snowfall Eve.",
)
COMPANY = snip(
    3,
    "Quarry/Lune Productions",
    "Quarry/Lune Productions was an American production company, known for its seasonal "
    "television specials, particularly its work in stop motion animation.",
)
ASKED = "For what type of work is the production company for Snowfall Eve best known?"


def test_a_slash_joins_two_capitalised_words_into_one_name() -> None:
    assert "Quarry/Lune Productions" in names(SPECIAL.text)
    assert "AC/DC" in names("She toured with AC/DC and sang and/or played.")


def test_the_entitys_own_document_names_the_bridge_before_a_page_naming_it_in_passing() -> None:
    a = judge(ASKED, [SPECIAL, WRITER])
    assert a.verdict == Verdict.INSUFFICIENT
    assert a.follow_ups[0].entity == "Quarry/Lune Productions"
    found = judge(ASKED, [SPECIAL, WRITER, COMPANY], searched=2)
    assert found.verdict == Verdict.SUFFICIENT
    assert "seasonal television specials" in quoted(found)


def test_each_document_naming_the_bridge_is_read_until_one_states_the_rest() -> None:
    sitcom = snip(1, "Dravin & Lew", "Dravin & Lew is an American teen sitcom created by Tala Odum "
                  "for Nickelodeon. It starred Dravin Marlow and Lew Dent.")  # fmt: skip
    star = snip(2, "Dravin Marlow", 'Dravin Marlow is an American actor. He is known for his role '
                'as Dravin in the sitcom "Dravin & Lew" and for the film "Good Harbour".')  # fmt: skip
    film = snip(3, "Gold Ransom", "Gold Ransom is a 2005 comedy film directed by Ivo Lask and "
                'written by Wes Conley, who was a writer for "Dravin & Lew".')  # fmt: skip
    question = "Who is the writer for an American teen sitcom created by Tala Odum?"
    a = judge(question, [sitcom, star, film], searched=2)
    assert a.verdict == Verdict.SUFFICIENT and "written by Wes Conley" in quoted(a)


def test_beginning_in_which_year_places_the_date_and_asks_no_fact() -> None:
    one = snip(1, "Ada Morrow", "Ada Morrow (born July 25, 1951) is an American politician "
               "who served in the Vermont Senate.")  # fmt: skip
    two = snip(2, "Karl Osterby", "Karl Osterby (born June 25, 1952) is an American politician "
               "and a member of the Vermont House.")  # fmt: skip
    question = (
        "Vermont politicians Ada Morrow and Karl Osterby were born within a year of each "
        "other beginning in which year?"
    )
    a = judge(question, [one, two])
    assert a.verdict == Verdict.SUFFICIENT
    assert "1951" in quoted(a) and "1952" in quoted(a)


def test_a_concept_the_passage_uses_in_lower_case_leads_to_the_document_titled_by_it() -> None:
    novel = snip(1, "The Curse of Alder Hill", "The Curse of Alder Hill is an American "
                 "thriller film written by Ivo Lask, based on a 1999 novel.")  # fmt: skip
    genre = snip(2, "Thriller (genre)", "Thriller is a broad genre of literature and film. "
                 "Thrillers are characterized and defined by the moods they elicit, giving "
                 "viewers heightened feelings of suspense.")  # fmt: skip
    a = judge("What defines The Curse of Alder Hill as a thriller?", [novel, genre])
    assert a.verdict == Verdict.SUFFICIENT and "defined by the moods" in quoted(a)
    assert concepts(
        "It was attacked for being too politically correct.", {"political correctness"}
    ) == ["politically correct"]
    assert (
        concepts("It was attacked by Political Correctness Weekly.", {"political correctness"})
        == []
    )


def test_a_title_of_mostly_common_words_is_named_only_as_a_phrase() -> None:
    song = "I Love the Way You Love Me"
    assert not mentions('"Love the Way You Lie" is a song by a Barbadian singer.', song)
    assert mentions(f'His single "{song}" reached number one.', song)
    assert mentions("The Lord of the Rings trilogy", "The Lord of the Rings")


def test_a_word_formed_from_a_name_states_what_is_named_for_it_and_quotes_its_origin() -> None:
    journal = snip(1, "Skylore Review", '"Skylore Review" was an American magazine devoted to '
                   "the subject of meteors, as well as folklore and Quenbyan subjects.")  # fmt: skip
    writer = snip(2, "Ada Quenby", "Ada Quenby (1874-1932) was an American writer on unusual "
                  'events. The term "Quenbyan" is used for such events.')  # fmt: skip
    question = "Skylore Review covers what subject named for Ada Lise Quenby?"
    a = judge(question, [journal, writer])
    assert a.verdict == Verdict.SUFFICIENT
    assert "Quenbyan subjects" in quoted(a) and 'The term "Quenbyan"' in quoted(a)
    assert judge(
        question, [journal.model_copy(update={"text": "It covered meteors."})]
    ).verdict != (Verdict.SUFFICIENT)


def test_a_word_of_a_quoted_title_is_no_bridge_of_its_own() -> None:
    page = snip(1, "Ivo Lask", 'Several of his singles crossed over to the "Billboard" Hot 100, '
                'his highest peak achieved by "Letters from Home" in 2004.')  # fmt: skip
    found = [
        n for n, _ in bridges("Ivo Lask", "Which single peaked highest?", [page], ["peak"], [page])
    ]
    assert "Letters from Home" in found and "Home" not in found and "Letters" not in found


def test_asked_who_did_it_the_sentence_saying_so_answers_and_the_definition_describes() -> None:
    first = snip(1, "Kestrel TV", "Kestrel TV is a Norvian music TV channel, broadcasting since "
                 "1996. It predates the launching of Lumen Norvia in 1998.")  # fmt: skip
    second = snip(2, "Lumen Norvia", "Lumen Norvia is a free-to-air 24-hour music and "
                  "entertainment channel broadcasting in Norvia. Under a licence from Ivo Media "
                  "the channel was operated by Harbour Media.")  # fmt: skip
    question = "Kestrel TV was launched before the 24-hour music channel that was operated by what company?"
    a = judge(question, [first, second])
    assert a.verdict == Verdict.SUFFICIENT
    assert "operated by Harbour Media" in quoted(a) and "24-hour music" in quoted(a)


def test_the_bridge_named_whole_leads_on_before_a_namesake_inside_its_name() -> None:
    dept = snip(1, "Río Seco Department", "Río Seco Department is a department of Norvia in "
                "Santa Ines del Monte Province.")  # fmt: skip
    city = snip(2, "Santa Ines del Monte", "Santa Ines del Monte is the capital of Santa Ines "
                "del Monte Province in northern Norvia. It lies on the Seco River and on National "
                "Route 9, at a distance of 1,042 km north-northwest from Port Alva.")  # fmt: skip
    province = snip(3, "Santa Ines del Monte Province", "Santa Ines del Monte is a province in "
                    "the north of Norvia.")  # fmt: skip
    a = judge("In what directional area of Norvia would one find the Rio Seco Department?",
              [dept, city, province])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "is a province in the north" in quoted(a)


def test_the_whole_description_after_which_is_the_kind_and_two_words_may_be_one() -> None:
    mia = snip(1, "Mia Dorn", "Mia Dorn (born 1968) is an American former competition swimmer "
               "who swam at the 1988 Olympics. She won bronze in the relay together with "
               "teammates Bea Lind, Ada Rook and Tess Vail.")  # fmt: skip
    ada = snip(2, "Ada Rook", "Ada Rook (born 1967) is an American former competitive swimmer "
               "and a twelve-time Olympic medalist.")  # fmt: skip
    a = judge("Which American former competitive swimmer was Mia Dorn team mate", [mia, ada])
    assert a.verdict == Verdict.SUFFICIENT
    assert "together with teammates" in quoted(a) and "Ada Rook (born 1967)" in quoted(a)
    assert compounds(["team", "mate", "relay"], {"teammat", "relay"}) == ["teammate", "relay"]


def test_a_page_titled_by_several_listed_names_speaks_for_them_without_naming_them() -> None:
    suite = snip(1, "Norvia Office", "Norvia Office is a service from Norvia. It features "
                 "several web applications with similar functionality to office suites, including "
                 "Quill Mail, Harbour Talk, Norvia Calendar, Drive, Docs, Sheets, Slides, Groups, "
                 "News, Play, Sites, and Vault.")  # fmt: skip
    apps = snip(2, "Norvia Docs, Sheets, and Slides", "Norvia Docs, Norvia Sheets and Norvia "
                "Slides are a word processor, a spreadsheet and a presentation program. The "
                "apps are compatible with Lumen Office file formats.")  # fmt: skip
    question = (
        "These three apps that have similar functionality to Norvia Office are compatible "
        "with what Lumen file format?"
    )
    a = judge(question, [suite, apps])
    assert a.verdict == Verdict.SUFFICIENT and "compatible with Lumen Office" in quoted(a)


def test_kin_said_from_the_other_side_states_the_relation_only_one_way() -> None:
    uncle = snip(1, "Ivo Lask", "Ivo Lask (1919-1998) was a preacher from Norvia. He has been "
                 "cited as a mentor by his nephew, former congressman, Karl Lask.")  # fmt: skip
    nephew = snip(2, "Karl Lask", "Karl Lask (born 1957) is a Norvian politician who was a "
                  "college football quarterback for the Alva Sooners.")  # fmt: skip
    a = judge("Ivo Lask is the uncle of a politician who played college football for which team?",
              [uncle, nephew])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "for the Alva Sooners" in quoted(a)
    said = "He was cited by his nephew, Karl Lask."
    assert converse_kin("Ivo Lask is the uncle of a politician; which team?", "Ivo Lask", said)
    assert not converse_kin("Who is the uncle of Ivo Lask?", "Ivo Lask", said)


def test_a_subject_given_by_description_is_related_to_a_bridge_by_its_words() -> None:
    falls = snip(1, "Tall Falls (Alva River)", "The Tall Falls of the Alva River are a series of "
                 "waterfalls on the upper Alva River in Norvia. The five falls lie along a 10 "
                 "mile segment of the river.")  # fmt: skip
    seal = snip(2, "Seal of Norvia", "The Great Seal of Norvia was adopted in 1865. The inner "
                "circle depicts a landscape of mountains by the Tall Falls on the Alva River.")  # fmt: skip
    a = judge("Which river with five waterfalls is depicted on the seal of a state?", [falls, seal])
    assert a.verdict == Verdict.SUFFICIENT and "depicts a landscape" in quoted(a)


def test_another_sets_aside_the_bridge_the_question_names() -> None:
    person = snip(1, "Ivo Lask", "Ivo Lask (born 1937) is a Norvian politician. He was educated "
                  "at the University of Alder Cross and at Queen's College Harbour.")  # fmt: skip
    alder = snip(2, "Prior of Alder Cross", "The Prior of Alder Cross headed the canons of Alder "
                 "Cross Priory. It was established by King David I in 1140.")  # fmt: skip
    queens = snip(3, "Queen's College Harbour", "Queen's College Harbour is a public research "
                  "university. It was established in 1829 by King George IV.")  # fmt: skip
    question = (
        "Ivo Lask was educated at the University of Alder Cross and another university "
        "established by what monarch?"
    )
    assert "King David I" not in quoted(judge(question, [person, alder]))
    a = judge(question, [person, alder, queens])
    assert a.verdict == Verdict.SUFFICIENT
    assert "King George IV" in quoted(a) and "King David I" not in quoted(a)


def test_the_bridge_s_own_page_links_to_the_entity_and_states_the_rest() -> None:
    team = snip(1, "Vik University football under Tom Berg", "Tom Berg was the coach of Vik "
                "University's football team from 1997 to 2001, and was succeeded by Ivo Lask.")  # fmt: skip
    coach = snip(2, "Ivo Lask (American football)", "Ivo Lask (born 1955) is an American football "
                 "coach and former player. He is the offensive coordinator at Brenna Hawks. "
                 "Before that, he served as the head coach at Vik University from 2002 to 2007.")  # fmt: skip
    a = judge("One of the coaches of Vik University also played what role at the Brenna Hawks?",
              [team, coach])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "He is the offensive coordinator at Brenna Hawks." in quoted(a)
    assert "head coach at Vik University" in quoted(a)


def test_the_entity_s_own_page_calling_it_by_a_concept_relates_them_in_framing_words() -> None:
    school = snip(1, "Alder Hill School", "Alder Hill School is a primary school in Leeds. It "
                  "renamed itself a place of learning in 2009. The change was attacked for being "
                  "too environmentally friendly.")  # fmt: skip
    concept = snip(2, "Environmental friendliness", "The term environmental friendliness (adjectivally: "
                   "environmentally friendly) is used to describe goods and services claimed to inflict minimal harm on nature.")  # fmt: skip
    a = judge("Alder Hill School's name change is an example of what term used to describe goods "
              "claimed to inflict minimal harm on nature?", [school, concept])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "The term environmental friendliness (adjectivally" in quoted(a)


def test_another_subject_s_leads_are_followed_when_the_planned_one_s_are_not_enough() -> None:
    festival = snip(1, "Harbour Festival", "The Harbour Festival is a film festival held in Oslo "
                    "each September.")  # fmt: skip
    studio = snip(2, "Quarry Films", 'Quarry Films is the film-making arm of Quarry. It has '
                  'produced "Cold Harbour", "Grey Tide" and "Salt Road".')  # fmt: skip
    a = judge("In what year did the Harbour Festival premiere a movie produced by Quarry Films?",
              [festival, studio])  # fmt: skip
    assert a.verdict == Verdict.INSUFFICIENT
    assert any("Grey Tide" in f.text for f in a.follow_ups)
