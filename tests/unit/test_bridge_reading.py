"""How the offline judge reads bridges and shared facts, and how the planner finds the subject."""

import pytest

from research.agents.answers import _fact_stems
from research.agents.bridge_names import bridges
from research.agents.planner import plan_goal
from research.agents.text import mentions, names, sentences, stem
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_a_full_stop_inside_a_parenthesis_ends_no_sentence() -> None:
    text = (
        "Elspeth Varn (bapt. 3 May 1661? (baptismal date) - 9 June 1719) was an English "
        "playwright. She wrote nine plays. An aside (never closed. Next line."
    )
    found = [text[a:b] for a, b in sentences(text)]
    assert found[0].endswith("English playwright.") and found[1] == "She wrote nine plays."
    assert found[-1] == "Next line."  # a parenthesis never closed does not swallow the rest
    film = 'Ego is played by Kurt Vane in "Star Rovers Vol. 2". It opened in 2017.'
    assert next(film[a:b] for a, b in sentences(film)).endswith('"Star Rovers Vol. 2".')


def test_a_life_span_with_a_doubtful_year_and_a_note_inside_states_the_death() -> None:
    stems = _fact_stems("Elspeth Varn (bapt. 3 May 1661? (baptismal date) - 9 June 1719) was")
    assert {stem("died"), stem("born")} <= stems


def test_a_street_address_states_an_address_but_a_year_before_a_street_does_not() -> None:
    assert stem("address") in _fact_stems("It stands at 14 Caldery Street in Norbridge.")
    assert stem("address") not in _fact_stems("In 1902 Caldery Street was paved.")


def test_a_play_by_someone_names_who_wrote_it() -> None:
    play = snip(1, "The Harbour Widow", "The Harbour Widow is a play by Elspeth Varn, first "
                "staged in 1702 at the Dorset Garden Theatre.")  # fmt: skip
    author = snip(2, "Elspeth Varn", "Elspeth Varn (bapt. 3 May 1661? (baptismal date) - "
                  "9 June 1719) was an English playwright and poet.")  # fmt: skip
    a = judge('In what year did the playwright who wrote "The Harbour Widow" die?', [play, author])
    assert a.verdict == Verdict.SUFFICIENT
    assert "play by Elspeth Varn" in quoted(a) and "9 June 1719" in quoted(a)


def test_a_link_may_name_the_entity_by_the_surname_its_passage_gives_in_full() -> None:
    band = snip(1, "The Saltmarsh", "The Saltmarsh were a folk band from Hull with Ada Quill on "
                "vocals and Tomas Brenn on guitar. They split after Brenn was shot in the leg "
                "by a local dealer, Karl Osterby, at a party.")  # fmt: skip
    shooter = snip(2, "Karl Osterby", "Karl Osterby (4 May 1950 - 2 March 1991) was an English "
                   "criminal from Hull.")  # fmt: skip
    a = judge("In what year did the man who shot Tomas Brenn of The Saltmarsh die?",
              [band, shooter])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "2 March 1991" in quoted(a)


def test_a_surname_alone_is_no_link_where_the_passage_never_names_the_person() -> None:
    band = snip(1, "The Saltmarsh", "The Saltmarsh were a folk band from Hull. They split after "
                "Brenn was shot in the leg by a local dealer, Karl Osterby, at a party.")  # fmt: skip
    shooter = snip(2, "Karl Osterby", "Karl Osterby (4 May 1950 - 2 March 1991) was an English "
                   "criminal from Hull.")  # fmt: skip
    a = judge("In what year did the man who shot Tomas Brenn of The Saltmarsh die?",
              [band, shooter], searched=3)  # fmt: skip
    assert "1991" not in quoted(a)


def test_a_link_in_a_document_that_opens_with_the_entity_speaks_of_it() -> None:
    book = snip(1, "Shadows (anthology)", "Shadows: Nine Tales of Dread is a 1998 anthology. "
                "Nine authors contributed, including Mira Osk and Pell Darrow.")  # fmt: skip
    writer = snip(2, "Mira Osk", "Mira Osk (born March 3, 1960) is a Canadian novelist.")
    a = judge("Which contributor to Shadows: Nine Tales of Dread was born on March 3, 1960?",
              [book, writer])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "born March 3, 1960" in quoted(a)


def test_a_name_a_document_is_titled_by_is_kept_whole_as_a_bridge() -> None:
    link = snip(1, "Ewan Tarr", "Ewan Tarr was educated at Loch Academy and King's College "
                "Dunmore. He later served under Senator Ada Quill.")  # fmt: skip
    titled = [snip(2, "King's College Dunmore", "x"), snip(3, "Ada Quill", "y")]
    found = [n for n, _ in bridges("Ewan Tarr", "Where was Ewan Tarr educated?", [link],
                                   ["educ"], [link, *titled])]  # fmt: skip
    assert "King's College Dunmore" in found and "Ada Quill" in found


def test_a_name_led_by_a_party_adjective_is_also_tried_without_it() -> None:
    link = snip(1, "Ada Quill", "She won her seat in 2008, narrowly beating Republican Joe Marr.")
    found = [n for n, _ in bridges("Ada Quill", "Whom did Ada Quill beat?", [link], ["beat"],
                                   [link])]  # fmt: skip
    assert found.index("Republican Joe Marr") < found.index("Joe Marr")


def test_asked_for_a_name_the_bridge_may_be_the_answer() -> None:
    song = snip(1, "Paper Doll (song)", '"Paper Doll" is a 1997 single by Nordlys, which led to '
                "a lawsuit by the toy maker in 2000.")  # fmt: skip
    group = snip(2, "Nordlys (band)", "Nordlys is a Danish eurodance band formed in 1989.")
    a = judge('Which band had the single "Paper Doll" and was formed in 1989?', [song, group])
    assert a.verdict == Verdict.SUFFICIENT and "band formed in 1989" in quoted(a)


def test_a_bridge_not_of_the_asked_kind_is_not_the_answer() -> None:
    farm = snip(1, "Halvard Bank wind farm", "The Halvard Bank wind farm has 40 turbines supplied "
                "by Tessan Works.")  # fmt: skip
    maker = snip(2, "Tessan Works", "Tessan Works is a Swedish manufacturer of wind turbines.")
    a = judge("In which city is the manufacturer of Halvard Bank's turbines headquartered?",
              [farm, maker], searched=3)  # fmt: skip
    assert a.verdict != Verdict.SUFFICIENT


def test_the_link_may_hold_the_answer_and_the_bridge_the_condition_on_it() -> None:
    season = snip(1, "Cipher (season 2)", "The second season of Cipher aired in 2004. Guest stars "
                  "in season two include Ada Quill, Tomas Reyn and Bo Marr.")  # fmt: skip
    actor = snip(2, "Tomas Reyn", "Tomas Reyn (born 25 June 1961) is an English comedian and "
                 "actor.")  # fmt: skip
    a = judge("Which season of Cipher does the English actor, who was born 25 June 1961, appear "
              "in?", [season, actor])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "season two include" in quoted(a) and "born 25 June 1961" in quoted(a)


def test_a_bridge_the_question_sets_aside_is_not_the_answer() -> None:
    drivers = snip(1, "Grand Prix drivers from Orland", "Orland Grand Prix drivers have raced "
                   "since 1962. Ilse Varo was the first on the podium. Tomas Reyn, the only other "
                   "Orland driver to finish on the podium, races for Harrow Motors.")  # fmt: skip
    reyn = snip(2, "Tomas Reyn", "Tomas Reyn (born 26 January 1990) is an Orland racing "
                "driver, driving for Harrow Motors.")  # fmt: skip
    a = judge("Which other Orland Grand Prix driver has held the podium besides the Harrow "
              "Motors driver born in 1990?", [drivers, reyn], searched=3)  # fmt: skip
    assert "born 26 January 1990" not in quoted(a)


def test_who_is_in_both_is_the_name_the_passages_on_each_give() -> None:
    first = snip(1, "Harbour Lights (film)", "Harbour Lights is a 2019 drama film starring Ann "
                 "Vale, Bo Reyes and Cy Dorn.")  # fmt: skip
    second = snip(2, "The Quarry (TV series)", "The Quarry is a period drama. Its cast includes "
                  "Ann Vale as Nurse Elkins and Dee Marr.")  # fmt: skip
    a = judge('Who plays in both Harbour Lights and "The Quarry"?', [first, second])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text.startswith("Ann Vale is named in the passages on both")
    assert {c.snippet_id for c in a.claims[0].citations} == {1, 2}


def test_of_several_shared_names_the_one_of_the_asked_kind_answers_or_none() -> None:
    first = snip(1, "8 Quay Street", "8 Quay Street is a tower in Lower Harbour, Port Elm City.")
    second = snip(2, "Trade Hall", "Trade Hall is an exchange in Lower Harbour, Port Elm City.")
    a = judge("In what city are both 8 Quay Street and Trade Hall located?", [first, second])
    assert a.claims and a.claims[0].text.startswith("Port Elm City is named")
    b = judge("What do 8 Quay Street and Trade Hall have in common?", [first, second], searched=3)
    assert not any("is named in the passages" in c.text for c in b.claims)


def test_a_shared_question_joins_a_one_word_name_and_a_case_name_keeps_its_v() -> None:
    plan = plan_goal("What kind of group do At the Drive-In and Muse have in common?")
    assert plan.sub_goals[0].compare == ["At the Drive-In", "Muse"]
    assert names("Which case was decided first, Selle v. Gibb or Reynolds v. Sims?") == [
        "Selle v. Gibb",
        "Reynolds v. Sims",
    ]
    assert names('Who wrote lyrics for the song "Be Our Guest?"') == ["Be Our Guest"]
    assert names('The sign read "?!" in red.') == []  # punctuation quoted is no name


def test_a_passage_on_both_compared_entities_is_no_evidence_of_what_they_share() -> None:
    third = snip(1, "Gull Air", "Based at Marsh End Airport, the charter firm flew for "
                 "Northwind Airways and later for SkyHop.")  # fmt: skip
    first = snip(2, "Northwind Airways", "Northwind Airways is an airline founded in 1974.")
    second = snip(3, "SkyHop", "SkyHop is a low-cost airline founded in 1995.")
    a = judge("Northwind Airways and SkyHop are both based out of where?", [third, first, second],
              searched=3)  # fmt: skip
    assert not any("is named in the passages" in c.text for c in a.claims)
    assert len({c.text for c in a.claims}) == len(a.claims)  # one sentence for both, once


def test_names_come_in_order_of_appearance_quoted_titles_too() -> None:
    question = 'The English actor Ann Vale played which character in "Harbour Lights"?'
    assert names(question)[-2:] == ["Ann Vale", "Harbour Lights"]
    assert plan_goal(question).sub_goals[0].entity == "Ann Vale"


def test_the_place_the_answer_lies_in_is_not_the_subject() -> None:
    question = 'From which city in Norland is the singer of the song "Paper Doll"?'
    assert plan_goal(question).sub_goals[0].entity == "Paper Doll"
    assert plan_goal("Which city in Norland has the most people?").sub_goals[0].entity == "Norland"


def test_words_set_before_a_name_to_describe_it_are_not_required() -> None:
    actor = snip(1, "Ann Vale", 'Ann Vale (born 1973) is an English actor. She played DI Rosa '
                 'Kemp in "Harbour Lights", taking over the role for its third series.')  # fmt: skip
    a = judge("The English actor Ann Vale played which character in the highly rated "
              'comedy-drama television series "Harbour Lights"?', [actor])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "DI Rosa Kemp" in quoted(a)


def test_the_name_the_questions_verb_is_asked_of_is_the_subject() -> None:
    question = "Which ground force of the Northern Dual Monarchy did Jan Romer join?"
    assert plan_goal(question).sub_goals[0].entity == "Jan Romer"


def test_more_than_a_number_counts_and_compares_nothing() -> None:
    question = ("Ann Vale has had more than 30 singles on the Northern Charts, but which single "
                "from her album Blue Days never reached the top ten?")  # fmt: skip
    assert plan_goal(question).sub_goals[0].compare == []
    assert plan_goal(
        "Which airport served more people, Elm Field or Port Marsh Airport?"
    ).sub_goals[0].compare == ["Elm Field", "Port Marsh Airport"]


def test_a_kind_in_common_is_the_head_noun_of_what_each_ones_own_document_says_it_is() -> None:
    punk = snip(1, "Red Mesa", "Red Mesa is an American punk rock band from Tucson, formed in "
                "1996. Its guitarist later formed Blue Hollow.")  # fmt: skip
    rock = snip(2, "Lantern (band)", "Lantern are an English rock band from Devon, formed in "
                "1994. The band consists of Ann Moss and Tom Reed.")  # fmt: skip
    a = judge("What kind of group does Red Mesa and Lantern have in common?", [punk, rock])
    assert a.verdict == Verdict.SUFFICIENT
    assert a.claims[0].text == "Red Mesa and Lantern are each described as a band."
    assert len(a.claims[0].citations) == 2
    duo = snip(2, "Lantern (band)", "Lantern are an English pop duo from Devon.")
    b = judge("What kind of group does Red Mesa and Lantern have in common?", [punk, duo], 3)
    assert b.verdict != Verdict.SUFFICIENT


def test_a_bridge_named_first_in_its_own_document_is_also_followed_from_the_other_one() -> None:
    band = snip(1, "Kelpie (band)", "Kelpie is a Finnish synthpop group, best known for their "
                "1996 single \"Glass Doll\". The group formed in 1990.")  # fmt: skip
    case = snip(2, "Toyco v. Nord Records", "Toyco v. Nord Records (2003) was a series of "
                "lawsuits that resulted from the 1996 Kelpie song, \"Glass Doll\".")  # fmt: skip
    # Ranked before the case, another document names the group and the single only in passing.
    song = snip(3, "Paper Kite (song)", "\"Paper Kite\" is a song by Finnish synthpop group "
                "Kelpie, their follow-up to \"Glass Doll\".")  # fmt: skip
    q = 'What Finnish synthpop group had a single called "Glass Doll" which resulted in a lawsuit in 2003?'
    a = judge(q, [band, song, case])
    assert a.verdict == Verdict.SUFFICIENT
    assert "lawsuits that resulted" in quoted(a) and "Finnish synthpop group" in quoted(a)


def test_both_asks_of_two_so_a_comma_joined_place_is_one_name() -> None:
    sg = plan_goal("Are Kelp Pond, Norland and Varde Salt Marsh both located in Europe?")
    assert [s.compare for s in sg.sub_goals] == [["Kelp Pond, Norland", "Varde Salt Marsh"]]
    # Without "both", three listed names stay three parts.
    listed = plan_goal("Were Alpha Base, Bravo Base and Charlie Base built in 2001?")
    assert [s.entity for s in listed.sub_goals] == ["Alpha Base", "Bravo Base", "Charlie Base"]


def test_a_show_that_featured_someone_is_one_they_appeared_on() -> None:
    owl = snip(1, "Gully the Talking Owl", "Gully the Talking Owl is a puppet voiced by Tam "
               "Brody. He appeared on \"Late Hours\" and on \"The Gully and Pip Show\".")  # fmt: skip
    show = snip(2, "The Gully and Pip Show", "The Gully and Pip Show is a sitcom that premiered "
                "in 2015. The series was created by Tam Brody and Lia Fenn.")  # fmt: skip
    a = judge("Who created the show that featured Gully the Talking Owl?", [owl, show])
    assert a.verdict == Verdict.SUFFICIENT and "created by Tam Brody and Lia Fenn" in quoted(a)


def test_the_kind_asked_for_is_asked_of_the_bridge_though_the_entity_is_of_it_too() -> None:
    mia = snip(1, "Mia Dorn", "Mia Dorn is an American competitive swimmer. She won bronze in "
               "the relay with her partners Bea Lind and Ada Rook.")  # fmt: skip
    bea = snip(2, "Bea Lind", "Bea Lind is a Canadian rower and coach.")
    ada = snip(3, "Ada Rook", "Ada Rook is an American competitive swimmer from Ohio.")
    a = judge("Which American competitive swimmer was a relay partner of Mia Dorn?",
              [mia, bea, ada])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "Ada Rook is an American competitive swimmer" in quoted(a)
    assert "Bea Lind is" not in quoted(a)


def test_of_names_alike_in_the_words_the_one_standing_at_the_asked_relation_is_shared() -> None:
    show = snip(1, "Tin Harbour (musical)", "Tin Harbour is a 1984 musical. Its book and lyrics "
                "were written by Rosa Penn, its music by Otto Lamm.")  # fmt: skip
    song = snip(2, "Lantern Waltz", "\"Lantern Waltz\" is a song written by lyricist Rosa "
                "Penn and composer Otto Lamm for the 1990 film \"Night Ferry\".")  # fmt: skip
    a = judge('Who wrote lyrics for both "Tin Harbour" and the song "Lantern Waltz"?', [show, song])
    assert a.claims and a.claims[0].text.startswith("Rosa Penn is named in the passages on both")
    # the shared name's own page says what it is
    own = snip(
        3, "Rosa Penn", "Rosa Ilse Penn (1950-1991) was an American playwright and lyricist."
    )
    b = judge('Who wrote lyrics for both "Tin Harbour" and the song "Lantern Waltz"?',
              [show, song, own])  # fmt: skip
    assert "Rosa Ilse Penn (1950-1991) was an American playwright" in quoted(b)


def test_a_name_typed_without_its_accents_is_the_accented_one() -> None:
    assert mentions("Río Seco Department is a department of Norvia.", "Rio Seco Department")
    assert mentions("Ivo Pavić won the doubles.", "Ivo Pavic")
    assert not mentions("Rio Grande is a river.", "Rio Seco Department")


def test_a_lower_case_particle_joins_a_name() -> None:
    assert names("It lies in Santa Rosa del Monte Province, near Vila da Serra.") == [
        "Santa Rosa del Monte Province",
        "Vila da Serra",
    ]


def test_in_what_area_asks_for_a_place_and_a_compass_point_states_the_direction() -> None:
    dept = snip(1, "Río Seco Department", "Río Seco Department is a department of Norvia in "
                "Alta Vista Province.")  # fmt: skip
    province = snip(2, "Alta Vista Province", "Alta Vista is a province in the north of "
                    "Norvia. Its capital is Puerto Alto.")  # fmt: skip
    a = judge("In what directional area of Norvia would one find the Rio Seco Department?",
              [dept, province])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "in the north of Norvia" in quoted(a)


def test_a_movie_is_a_film_and_stars_is_starring() -> None:
    person = snip(1, "Ada Vell", "Ada Vell (born 1950) is an American director. Her films "
                  "include \"Salt Road\" (1980) and \"Tern Island\" (1993).")  # fmt: skip
    other = snip(2, "Salt Road", "Salt Road is a 1980 comedy movie directed by Ada Vell. It stars "
                 "Cy Dorn and Bo Reyes.")  # fmt: skip
    film = snip(3, "Tern Island (film)", "Tern Island is a 1993 drama film directed by Ada Vell, "
                "starring Bo Reyes and Dee Marr.")  # fmt: skip
    a = judge("What movie was directed by Ada Vell and stars Dee Marr?", [person, other, film])
    assert a.verdict == Verdict.SUFFICIENT
    assert quoted(a).startswith("Tern Island is a 1993 drama film")


def test_a_kind_word_inside_a_name_does_not_bring_the_name_nearer_the_question() -> None:
    link = snip(1, "Cy Dorn", "His film roles include Tom in \"The Long Salt Road\", Bo Reyes in \"Tern "
                "Island\", and Pip in the Sky Movies Kite prequel \"Neverfall\".")  # fmt: skip
    question = "Cy Dorn plays Bo Reyes in a film based on what novel?"
    found = [n for n, _ in bridges("Cy Dorn", question, [link],
                                   ["play", "bo", "reyes", "film", "bas", "novel"], [link])]  # fmt: skip
    assert found[0] == "Tern Island"


def test_a_count_of_inhabitants_states_a_population() -> None:
    assert stem("population") in _fact_stems("It is a city of about 265,000 inhabitants.")
    assert stem("population") in _fact_stems("a town of 1.2 million residents")
    assert stem("population") not in _fact_stems("The residents voted against it.")


def test_a_name_stating_a_term_in_its_own_words_is_the_likelier_bridge() -> None:
    link = snip(1, "Kelp Bank", "Its 124 turbines were shipped from Vasa Port and supplied by "
                "Norrland Turbine Works.")  # fmt: skip
    question = "In which city is the manufacturer of Kelp Bank's turbines headquartered?"
    found = [n for n, _ in bridges("Kelp Bank", question, [link],
                                   ["manufactur", "turbin", "headquart"], [link])]  # fmt: skip
    assert found[0] == "Norrland Turbine Works"
