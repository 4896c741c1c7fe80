"""Bridges the question names or lists: a list of names searched at once, a named place
followed to its own document, a question asked of the document whose title it gives, a bridge
read where another document names it, names compared "with each other"."""

import pytest

from research.agents.bridge_names import enumeration
from research.agents.planner import plan_goal
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit

FILM = (
    "Harbour Lights is a 1987 comedy film directed by Ivo Lask starring Dana Quill, Tomas "
    "Brenn, Ada Morrow (in her debut), Karl Osterby and Wendy Marsh."
)


def test_a_list_is_the_names_joined_by_commas_and_and_not_the_name_before_it() -> None:
    assert enumeration(FILM, "Tomas Brenn") == [
        "Dana Quill", "Tomas Brenn", "Ada Morrow", "Karl Osterby", "Wendy Marsh",
    ]  # fmt: skip
    assert enumeration(FILM, "Ivo Lask") == []  # directed by, not starring
    assert enumeration("It starred Dana Quill and Tomas Brenn.", "Dana Quill") == []  # two
    films = 'It produced "Low Tide", "Quartet in the Rain", "Jane," "Night Harbour" and others.'
    assert enumeration(films, "Quartet in the Rain") == [
        "Low Tide", "Quartet in the Rain", "Jane", "Night Harbour",
    ]  # fmt: skip


def test_which_of_a_list_is_of_a_kind_searches_the_whole_list_at_once() -> None:
    film = snip(1, "Harbour Lights", FILM)
    a = judge("Which star of Harbour Lights was Canadian?", [film])
    assert a.verdict == Verdict.INSUFFICIENT
    listed = [f.text for f in a.follow_ups if "Wendy Marsh" in f.text]
    assert listed and all(n in listed[0] for n in ("Dana Quill", "Karl Osterby", "canadian"))
    star = snip(2, "Karl Osterby", "Karl Osterby (born 1950) is a Canadian actor and comedian.")
    found = judge("Which star of Harbour Lights was Canadian?", [film, star], searched=2)
    assert found.verdict == Verdict.SUFFICIENT and "is a Canadian actor" in quoted(found)


def test_besides_being_something_adds_to_the_answer_and_sets_nothing_aside() -> None:
    group = snip(1, "The Norrow Quartet", "The Norrow Quartet was a group of composers whose "
                 "members were Ivo Lask, Pavel Orn and Mikhail Dov.")  # fmt: skip
    member = snip(2, "Mikhail Dov", "Mikhail Dov (1833-1887) was a Russian composer, as well "
                  "as a doctor and chemist.")  # fmt: skip
    a = judge("Which member of the Norrow Quartet was a chemist besides being a composer?",
              [group, member])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "doctor and chemist" in quoted(a)


def test_a_place_the_question_names_is_followed_to_its_own_document() -> None:
    club = snip(1, "Quill Society", "The Quill Society was a group of London poets founded in "
                "1890. They met at the pub 'The Brass Anchor' in Fleet Street.")  # fmt: skip
    pub = snip(2, "The Brass Anchor", "The Brass Anchor is a Grade II listed public house at "
               "14 Fleet Street, London.")  # fmt: skip
    a = judge("The Quill Society met at The Brass Anchor listed as what type of house?",
              [club, pub])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "listed public house" in quoted(a)


def test_a_question_is_asked_of_the_document_whose_whole_title_it_gives() -> None:
    essay = snip(1, "On the Ringing at the Door in Hamlet", '"On the Ringing at the Door in '
                 'Hamlet" is an essay in Shakespearean criticism by the English author Aldous '
                 "Verne, first published in 1823.")  # fmt: skip
    author = snip(2, "Aldous Verne", 'Aldous Verne (1785-1859) was an English essayist, best '
                  'known for his "Letters of a Lisbon Sailor" (1821).')  # fmt: skip
    question = (
        "On the Ringing at the Door in Hamlet is an essay by what English essayist best known "
        'for "Letters of a Lisbon Sailor"?'
    )
    a = judge(question, [essay, author])
    assert a.verdict == Verdict.SUFFICIENT
    assert "by the English author Aldous Verne" in quoted(a) and "best known" in quoted(a)


def test_a_question_is_asked_of_another_subject_it_names_when_the_first_leads_nowhere() -> None:
    director = snip(1, "Ivo Lask", "Ivo Lask is an American director known for comedies.")
    witch = snip(2, "Orla the Sea Witch", "Orla the Sea Witch is a fictional character in "
                 'Nordic comics. Orla is portrayed by Dana Quill in "Tidefall Vol. 2".')  # fmt: skip
    film = snip(3, "Tidefall Vol. 2", "Tidefall Vol. 2 is a 2017 fantasy film written and "
                "directed by Ivo Lask.")  # fmt: skip
    a = judge("Which movie directed by Ivo Lask portrayed the character Orla the Sea Witch?",
              [director, witch, film])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "portrayed by Dana Quill" in quoted(a) and "directed by Ivo Lask" in quoted(a)


def test_a_property_asked_of_a_described_thing_must_be_stated_not_the_description() -> None:
    box = snip(1, "The Vault Tapes", 'The Vault Tapes is a box set by Brass Anchor comprising '
               'their studio albums "Low Tide" and "Night Harbour".')  # fmt: skip
    album = snip(2, "Low Tide", '"Low Tide" is the second studio album by the English rock band '
                 "Brass Anchor, released in 1974 by Orbit Records.")  # fmt: skip
    question = (
        "What is the inspirational source behind the name of this studio album by the English "
        "rock band Brass Anchor released by Orbit Records that was included in The Vault Tapes?"
    )
    assert judge(question, [box, album]).verdict != Verdict.SUFFICIENT
    named = snip(3, "Night Harbour", '"Night Harbour" is a studio album by the English rock band '
                 "Brass Anchor, released by Orbit Records; its name's inspirational source is "
                 "the painting Night Harbour by Ada Morrow.")  # fmt: skip
    a = judge(question, [box, album, named])
    assert a.verdict == Verdict.SUFFICIENT and "the painting Night Harbour" in quoted(a)


def test_another_subject_answers_only_by_reading_through_to_a_further_document() -> None:
    road = snip(1, "Norland State Route 308", "Norland State Route 308 is a state highway in "
                "Dutch County. The highway passes near the fairgrounds and the Quill Brook.")  # fmt: skip
    a = judge("What is the Quill Brook near Norland State Route 308?", [road])
    assert a.verdict != Verdict.SUFFICIENT


def test_another_is_no_fact_to_find() -> None:
    person = snip(1, "Ivo Lask", "Ivo Lask (born 1937) is a politician in Norland. He was "
                  "educated at Ardmore School, then at the University of Keld and at Kestrel "
                  "College.")  # fmt: skip
    college = snip(2, "Kestrel College", "Kestrel College is a public university in Norland. "
                   "Kestrel was established in 1829 by King Olaf IV and the Duke of Varn.")  # fmt: skip
    a = judge("Ivo Lask was educated at the University of Keld and another university "
              "established by what monarch?", [person, college])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "by King Olaf IV" in quoted(a)


def test_another_subject_does_not_answer_by_leading_back_to_the_asked_one() -> None:
    war = snip(1, "Danish Civil War", "The Danish Civil War was fought in 2011 between rebel "
               "forces and the government of Ivo Lask.")  # fmt: skip
    person = snip(2, "Ivo Lask", "Ivo Marten Lask (1942 - 2011), commonly known as Colonel "
                  "Lask, was a Danish politician.")  # fmt: skip
    a = judge("What was Ivo Marten Lask's title during the Danish Civil War?", [war, person])
    assert a.verdict != Verdict.SUFFICIENT


def test_another_subject_may_be_given_by_a_part_of_its_title() -> None:
    author = snip(1, "Ada Varn", 'Varn is co-author of "The Case of Ivo Lask", and producer of '
                  "two documentaries.")  # fmt: skip
    officer = snip(2, "Ivo Lask", 'Ivo Lask (8 April 1912 - 2001) was a Danish "Wachkorps" '
                   "(WK) officer who worked as an assistant to the governor.")  # fmt: skip
    a = judge('When was the Danish "Wachkorps" (WK) officer born based on whose life Varn '
              "co-authored a book?", [author, officer])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "co-author" in quoted(a) and "8 April 1912" in quoted(a)


def test_a_bridge_without_its_own_document_is_read_where_another_names_it() -> None:
    game = snip(1, "Road Raider", "# Road Raider\n\nRoad Raider is an overhead view, vehicular "
                "combat game developed by Kestrel Games and released in arcades in 1983.")  # fmt: skip
    remake = snip(2, "Night Pursuit", "# Night Pursuit\n\nNight Pursuit is a computer game "
                  "remake of Road Raider created by Ada Morrow, initially released in 2003.")  # fmt: skip
    code = snip(3, "Highway code", "A highway code sets the rules of the road for drivers.")
    a = judge("Who created the 2003 remake of the 1983 overhead view, vehicular combat game "
              "developed by Kestrel Games?", [game, remake, code])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "created by Ada Morrow" in quoted(a)
    assert "# Road Raider" not in quoted(a)  # a heading states nothing
    # "road" written in lower case elsewhere does not cut "Road Raider", a retrieved title


def test_names_related_to_each_other_are_one_comparison_not_one_part_each() -> None:
    plan = plan_goal("Norland politicians Ada Morrow and Ivo Lask were born within a year of "
                     "each other beginning in which year?")  # fmt: skip
    assert len(plan.sub_goals) == 1 and plan.sub_goals[0].compare == ["Ada Morrow", "Ivo Lask"]
    each = plan_goal("When were Ada Morrow and Ivo Lask each born?")
    assert [sg.entity for sg in each.sub_goals] == ["Ada Morrow", "Ivo Lask"]


def test_a_title_going_on_in_lower_case_is_a_bridge() -> None:
    city = snip(1, "Ardmore, North Vale", "Ardmore is the largest city in the state of North "
                "Vale. Ardmore is near the northern end of the Kestrel corridor.")  # fmt: skip
    state = snip(2, "North Vale", "North Vale is a state in the east. Its capital is Tull.")
    region = snip(3, "Kestrel corridor", "The Kestrel corridor is the most urbanized region of "
                  "the east. It includes the major cities of Bram, Tull and Vess.")  # fmt: skip
    question = (
        "Ardmore, North Vale is a part of the Kestrel corridor which included what other major "
        "cities?"
    )
    assert plan_goal(question).sub_goals[0].entity == "North Vale"
    a = judge(question, [city, state, region])
    assert a.verdict == Verdict.SUFFICIENT
    assert "near the northern end of the Kestrel corridor" in quoted(a)
    assert "major cities of Bram, Tull and Vess" in quoted(a)


def test_names_the_question_gives_are_not_read_as_what_the_answer_names() -> None:
    director = snip(1, "Ivo Lask", 'Ivo Lask is a Norland director. He directed the movie '
                    '"Harbour Lights" (1993), starring Dana Quill and Tomas Brenn.')  # fmt: skip
    film = snip(2, "Harbour Lights", "Harbour Lights is a 1993 Norland comedy film.")
    quill = snip(3, "Dana Quill", "Dana Quill is a Norland actress.")
    brenn = snip(4, "Tomas Brenn", "Tomas Brenn is a Norland actor.")
    a = judge("What movie was directed by Ivo Lask and stars Dana Quill and Tomas Brenn?",
              [director, film, quill, brenn])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "Harbour Lights is a 1993 Norland comedy film." in quoted(a)
    assert "Norland actress" not in quoted(a)


def test_a_title_that_goes_on_from_the_planned_subject_is_another_subject() -> None:
    election = snip(1, "Vale Senate election in Orm, 1990", "The 1990 Vale Senate election in "
                    "Orm took place on November 3, 1990 alongside other elections to the Vale "
                    "Senate. Incumbent Democrat V.S. Senator Ivo Lask won re-election to a "
                    "third term.")  # fmt: skip
    senator = snip(2, "Ivo Lask", "Ivo Lask was a Vale Senator from Orm from 1963 to 2012. He "
                   "was president of the Vale Senate from 2010 until his death in 2012, making "
                   "him the highest-ranking Czech American politician in Vale history.")  # fmt: skip
    senate = snip(3, "Vale Senate", "The Vale Senate is the upper chamber of the Vale "
                  "Parliament.")  # fmt: skip
    q = ("The Vale Senate election in Orm that took place in 1990 ended with the winning of "
         "which Czech-American politician?")  # fmt: skip
    a = judge(q, [election, senator, senate], searched=3)
    assert a.verdict == Verdict.SUFFICIENT
    assert "Ivo Lask won re-election" in quoted(a) and "Czech American politician" in quoted(a)


def test_a_name_listed_in_the_group_s_own_page_is_one_of_its_members() -> None:
    group = snip(1, "The Quiet Five", "The Quiet Five, also known as The Northern School, were "
                 "five Danish painters. Ivo Lask, Tom Berg, Ada Vik, Karl Osterby and Wendy Marsh "
                 "all lived in Aarhus.")  # fmt: skip
    painter = snip(2, "Karl Osterby", "Karl Osterby (1830-1890) was a Danish painter, as well as "
                   "a surgeon and botanist.")  # fmt: skip
    q = (
        "Which member of The Northern School was both a surgeon and a botanist besides being a "
        "painter?"
    )
    a = judge(q, [group, painter], searched=2)
    assert a.verdict == Verdict.SUFFICIENT and "a surgeon and botanist" in quoted(a)
    assert "Karl Osterby all lived" not in quoted(a) and "Wendy Marsh all lived" in quoted(a)


def test_a_gloss_in_the_bridge_s_page_gives_its_english_name() -> None:
    person = snip(1, "Ivo Lask", "Ivo Lask (1820-1870) was a Czech chemist. Lask did much for "
                  'the theory of heat in Prague through his editorial work on the "Listy pro '
                  'chemii".')  # fmt: skip
    journal = snip(2, "Listy pro chemii", 'Listy pro chemii (Czech for "Letters for Chemistry") '
                   "is a journal founded in Prague in 1801.")  # fmt: skip
    a = judge("What is the English name of Ivo Lask's editorial?", [person, journal], 2)
    assert a.verdict == Verdict.SUFFICIENT and '"Letters for Chemistry"' in quoted(a)


def test_a_division_of_fighters_up_to_a_weight_is_the_weight_limit_of_their_class() -> None:
    fighter = snip(1, "Ivo Lask", "Ivo Lask (born 1980) is a Czech mixed martial artist. He "
                   "competed in the Bantam division.")  # fmt: skip
    division = snip(2, "Bantam (MMA)", "The bantam division in mixed martial arts groups "
                    "together all competitors 135 lb (61 kg) and below.")  # fmt: skip
    q = "What is the weight limit of the weight class that Ivo Lask fights in?"
    a = judge(q, [fighter, division], searched=2)
    assert a.verdict == Verdict.SUFFICIENT and "135 lb (61 kg) and below" in quoted(a)
