"""The offline judge's reading of sentences: bridges, units, abbreviations, counts, steps."""

import pytest

from research.agents.abbreviations import defined, expanded
from research.agents.evidence import assess_offline
from research.agents.planner import plan_goal
from research.agents.questions import without_source
from research.agents.text import mentions, names, words
from research.agents.units import implied_stems
from research.contracts import Verdict
from tests.unit.judging import judge, quoted, snip

pytestmark = pytest.mark.unit


def test_a_one_word_bridge_name_leads_to_the_answer() -> None:
    car = snip(1, "Corsa Z7 road test", "The Corsa Z7 is a large electric estate. Every new "
               "Z7 comes with 12 months of free charging on the Brightway network.")  # fmt: skip
    network = snip(2, "Brightway charging network", "Brightway is a charging network. At the "
                   "end of 2023 Brightway operated 377 charging sites in six countries.")  # fmt: skip
    a = judge("How many charging sites does the network that gives new Corsa Z7 buyers "
              "12 months of free charging operate?", [car, network])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "377 charging sites" in quoted(a) and "Brightway network" in quoted(a)


def test_a_word_capitalised_only_by_opening_a_sentence_is_no_bridge() -> None:
    text = ("The Halvard-3 campaign drilled to bedrock. Progress was fastest in summer. "
            "The drill was made by Tessan Instruments.")  # fmt: skip
    a = judge("In which city is the maker of the drill used in the Halvard-3 campaign based?",
              [snip(1, "Halvard-3 drilling campaign", text)])  # fmt: skip
    entities = [f.entity for f in a.follow_ups]
    assert "Tessan Instruments" in entities and "Progress" not in entities


def test_a_sister_ship_mentioned_in_another_vessels_document_is_not_its_bridge() -> None:
    text = ("Harbour Star is a jack-up vessel built in 2015. Its sister vessel Harbour Moon "
            "followed in 2016.\n\n| Main crane capacity | 2,500 tonnes |")  # fmt: skip
    a = judge("What is the main crane capacity of the jack-up vessel Harbour Moon?",
              [snip(1, "Jack-up vessel Harbour Star", text)], searched=3)  # fmt: skip
    assert a.verdict != Verdict.SUFFICIENT and "2,500" not in quoted(a)


def test_a_namesake_with_the_same_fact_is_not_a_bridge() -> None:
    z7 = snip(1, "Corsa Z7 review", "The Corsa Z7 Touring is roomy. Buyers who need less "
              "space should look at the Corsa Z5, which has a lower price.")  # fmt: skip
    z5 = snip(2, "Corsa Z5 review", "The Corsa Z5 is compact. Prices start at €38,900.")
    a = judge("What is the starting price of the Corsa Z7 Touring?", [z7, z5], searched=3)
    assert "38,900" not in quoted(a)


@pytest.mark.parametrize(
    ("question", "title", "text", "figure"),
    [
        ("Report the peak DC charging power of the Corsa Z7.", "Corsa Z7 review",
         "The Corsa Z7 has a 90 kWh battery. It charges at up to 210 kW on DC.", "210 kW"),
        ("Report the elevation of Brekka Station.", "Brekka Station",
         "Brekka Station lies on a terrace at 1,204 m above sea level.", "1,204 m"),
        ("How long did the 2022 cable repair at Tarn Flats take?", "Tarn Flats wind farm",
         "In 2022 the cable at Tarn Flats failed 6 km from shore. The cable repair in 2022 "
         "took 9 days.", "9 days"),
    ],
)  # fmt: skip
def test_units_state_the_quantity_the_question_names(
    question: str, title: str, text: str, figure: str
) -> None:
    a = judge(question, [snip(1, title, text)])
    assert a.verdict == Verdict.SUFFICIENT and figure in quoted(a)


def test_units_imply_only_their_own_quantity() -> None:
    assert "power" in implied_stems("charges at 210 kW")
    assert "temperature" not in implied_stems("charges at 210 kW")
    assert not implied_stems("The station was founded by the navy.")


def test_an_abbreviation_defined_in_the_document_states_its_long_form() -> None:
    text = ("The primary endpoint was the objective response rate (ORR) by central review. "
            "The ORR was 38.5% in the full population. Among patients with brain "
            "metastases, the intracranial response rate was 21%.")  # fmt: skip
    a = judge("What objective response rate did the TIDE-4 trial report?",
              [snip(1, "TIDE-4: a phase 2 trial", text)])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "38.5%" in quoted(a)
    assert defined("the Psoriasis Area and Severity Index (PASI)")["PASI"] >= {"area", "index"}
    assert expanded("the FDA said", defined("an (FDA) note")) == set()


def test_how_many_needs_the_counted_thing_but_people_go_by_many_names() -> None:
    text = "The TIDE-9 trial enrolled 1,480 adults with asthma at 120 sites."
    hits = [snip(1, "TIDE-9 trial", text)]
    assert judge("How many patients were enrolled in the TIDE-9 trial?", hits).verdict == (
        Verdict.SUFFICIENT
    )
    a = judge("In how many countries did TIDE-9 enrol participants?", hits, searched=3)
    assert a.verdict != Verdict.SUFFICIENT and not a.claims


def test_a_name_headed_by_a_question_noun_is_a_step_not_the_answer() -> None:
    text = "Brekka Station was founded in 1968 and is operated by the Norland Polar Institute."
    a = judge("Who directs the institute that operates Brekka Station?",
              [snip(1, "Brekka Station", text)], searched=3)  # fmt: skip
    assert a.verdict != Verdict.SUFFICIENT
    b = judge("Which institute operates Brekka Station?", [snip(1, "Brekka Station", text)])
    assert b.verdict == Verdict.SUFFICIENT and "Norland Polar Institute" in quoted(b)


def test_names_split_at_possessives_and_start_at_word_starts() -> None:
    assert names("the capacity of Quill Energy's Soria factory") == ["Quill Energy", "Soria"]
    assert "W" not in " ".join(names("It charges at up to 250 kW on DC chargers."))


def test_a_colon_list_of_clauses_becomes_one_part_per_place() -> None:
    plan = plan_goal("Report the following temperatures, citing a source for each: the mean "
                     "annual temperature at Brekka Station, at Holm Ridge Observatory and at "
                     "Skard Col, and the June-August 2023 mean summer temperature at Lind "
                     "Glacier's KB-2 station.")  # fmt: skip
    assert [sg.entity for sg in plan.sub_goals] == [
        "Brekka Station",
        "Holm Ridge Observatory",
        "Skard Col",
        "Lind Glacier",
    ]
    assert "summer" in plan.sub_goals[3].text and "summer" not in plan.sub_goals[0].text


def test_when_was_it_established_needs_the_passive_not_an_active_verb() -> None:
    text = ("In April 2021, Velda Tours Ltd. established partnerships with airlines. "
            "Velda Tours Ltd. was founded on 3 March 2009 in Oslo.")  # fmt: skip
    a = judge("When was Velda Tours Ltd. established?", [snip(1, "Velda Tours Ltd.", text)])
    assert a.verdict == Verdict.SUFFICIENT and "3 March 2009" in quoted(a)
    only_active = snip(1, "Velda Tours Ltd.", text.split(". Velda")[0] + ".")
    b = judge("When was Velda Tours Ltd. established?", [only_active], searched=3)
    assert b.verdict != Verdict.SUFFICIENT


def test_each_compared_entity_is_judged_with_its_own_qualifiers() -> None:
    question = ("Compare the operating income of Tidy Homes Ltd. in 2018 and Urban Mart in 2020. "
                "Which company had higher operating income?")  # fmt: skip
    sg = plan_goal(question).sub_goals[0]
    assert sg.compare == ["Tidy Homes Ltd.", "Urban Mart"]
    assert "2020" not in sg.queries[0] and "2018" not in sg.queries[1]
    tidy = snip(1, "Tidy Homes Ltd. annual report", "Tidy Homes Ltd. cleans houses. The company "
                "reported an operating income of $25 million in 2018.")  # fmt: skip
    mart = snip(2, "Urban Mart annual report", "Urban Mart sells food. The operating income "
                "for 2020 was $500 million.")  # fmt: skip
    a = assess_offline(sg, [tidy, mart], searched=["q"])
    assert a.verdict == Verdict.SUFFICIENT
    assert "$25 million" in quoted(a) and "$500 million" in quoted(a)
    # each side's sentence says whose it is: "the company" under a heading naming both is neither
    texts = [c.text for c in a.claims]
    assert (
        "Tidy Homes Ltd.: The company reported an operating income of $25 million in 2018." in texts
    )
    assert "Urban Mart: The operating income for 2020 was $500 million." in texts


def test_a_sentence_dated_to_another_year_does_not_answer() -> None:
    text = ("Arbor Foods Inc. reported revenue of $80 million in 2021. "
            "The company was founded in 2009 and reports every year since 2019.")  # fmt: skip
    a = judge("What was the revenue of Arbor Foods Inc. in 2019?",
              [snip(1, "Arbor Foods Inc. annual report", text)], searched=3)  # fmt: skip
    assert "$80 million" not in quoted(a)


def test_a_route_may_take_a_second_step_through_a_named_institute() -> None:
    glacier = snip(1, "Lind Glacier mass balance 2023", "Weather data used in the mass-balance "
                   "analysis of Lind Glacier come from Brekka Station, 14 km to the south.")  # fmt: skip
    station = snip(2, "Brekka Station", "Brekka Station was founded in 1968. It is operated "
                   "by the Norland Polar Institute.")  # fmt: skip
    institute = snip(3, "Norland Polar Institute: annual report", "The Norland Polar Institute "
                     "is directed by Signe Holm, who took office in 2019.")  # fmt: skip
    question = ("Who directs the institute that operates the station whose weather data are "
                "used for Lind Glacier's mass-balance analysis?")  # fmt: skip
    a = judge(question, [glacier, station, institute])
    assert a.verdict == Verdict.SUFFICIENT and "Signe Holm" in quoted(a)
    # "It is operated by ..." is quoted after the sentence naming what "it" is.
    assert "Brekka Station was founded in 1968. It is operated by the Norland" in quoted(a)
    b = judge(question, [glacier, station], searched=2)
    assert b.verdict == Verdict.INSUFFICIENT
    assert "Norland Polar Institute" in [f.entity for f in b.follow_ups]


def test_a_table_row_means_what_its_header_says() -> None:
    text = ("| Version | Power | Price from |\n| --- | --- | --- |\n"
            "| Z7 Touring | 300 kW | €61,200 |\n| Z7 Sport | 420 kW | €74,900 |")  # fmt: skip
    a = judge(
        "What is the starting price of the Corsa Z7 Sport?", [snip(1, "Corsa Z7 review", text)]
    )
    assert a.verdict == Verdict.SUFFICIENT and quoted(a) == "| Z7 Sport | 420 kW | €74,900 |"


def test_a_number_of_another_quantity_does_not_answer() -> None:
    text = "Tarn Flats substation was built on a jacket in 108 m of water and collects at 66 kV."
    a = judge("What did Tarn Flats cost to build?", [snip(1, "Tarn Flats wind farm", text)],
              searched=3)  # fmt: skip
    assert a.verdict != Verdict.SUFFICIENT and not a.claims
    count = "TIDE-4 was a randomised phase 3 trial of an antibody against interleukin-23 in adults."
    b = judge("How many patients were enrolled in TIDE-4?", [snip(1, "TIDE-4 trial", count)],
              searched=3)  # fmt: skip
    assert b.verdict != Verdict.SUFFICIENT


def test_a_demonym_is_no_bridge_and_a_heading_no_answer() -> None:
    person = snip(1, "Arvid Lund", "Arvid Lund (1942-2011) was a Norwegian politician.")
    heading = snip(2, "Timeline of the 2011 Norwegian crisis", "# Timeline of the 2011 "
                   "Norwegian crisis\n\nThe crisis began in March.")  # fmt: skip
    a = judge("What was Arvid Lund's title during the 2011 Norwegian crisis?", [person, heading])
    assert "Norwegian" not in [f.entity for f in a.follow_ups]
    assert all(not c.citations[0].quote.startswith("#") for c in a.claims)


def test_an_explanation_is_quoted_with_the_rest_of_its_paragraph_that_goes_on_about_it() -> None:
    first = snip(1, "Arbor Foods Inc. annual report", "Arbor Foods Inc. had a calm year. In June "
                 "2021, Arbor Foods Inc. updated its risk management measures to ensure "
                 "continuous operation.")  # fmt: skip
    # The next chunk of the same document repeats the end of the sentence, then goes on: about
    # the measures, about the company, and as a result of them, then to something else.
    second = first.model_copy(update={"id": 2, "ordinal": first.ordinal + 1, "text": (
        "measures to ensure continuous operation. This involved identifying new risks and "
        "mitigation plans. Arbor Foods Inc. also trained its staff on the new plans. As a "
        "result, in August 2021 no line stopped for a supplier failure. Revenue rose. In "
        "October 2021, Arbor Foods Inc. opened a plant.")})  # fmt: skip
    a = judge("How did the risk management measures updated in June 2021 ensure continuous "
              "operation for Arbor Foods Inc.?", [first, second])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    said = quoted(a)
    assert "This involved identifying new risks" in said and "also trained its staff" in said
    assert "no line stopped" in said
    assert "Revenue" not in said and "opened a plant" not in said


def test_an_explanation_ends_at_another_dated_event_of_its_paragraph() -> None:
    text = ("In March 2022, Arbor Foods Inc. refinanced its debt at lower rates. Arbor Foods "
            "Inc. thereby cut its interest costs. In May 2022, Arbor Foods Inc. bought a dairy.")  # fmt: skip
    a = judge("How did the refinancing in March 2022 help Arbor Foods Inc.?",
              [snip(1, "Arbor Foods Inc. annual report", text)])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    assert "cut its interest costs" in quoted(a) and "dairy" not in quoted(a)


def test_an_amount_of_money_needs_a_currency_but_a_rate_of_it_does_not() -> None:
    text = ("The return on equity for the year was 16%, reflecting strong shareholder equity. "
            "Revenue growth in 2021 was 12%.")  # fmt: skip
    hits = [snip(1, "Velda Tours Ltd. annual report", text)]
    a = judge("What was the shareholder equity of Velda Tours Ltd. in 2021?", hits, searched=3)
    assert a.verdict != Verdict.SUFFICIENT and "16%" not in quoted(a)
    b = judge("What was the revenue growth of Velda Tours Ltd. in 2021?", hits)
    assert b.verdict == Verdict.SUFFICIENT and "12%" in quoted(b)


def test_a_based_on_clause_names_the_source_not_the_fact() -> None:
    assert (
        without_source("Based on Norrvik Ferries Ltd.'s 2022 annual report, how many ships sail?")
        == "2022 how many ships sail?"
    )
    assert without_source("How many ships, based on the report?") == (
        "How many ships, based on the report?"
    )
    assert words("Norrvik Ferries Ltd.'s fleet") == ["norrvik", "ferries", "ltd", "fleet"]


def test_a_frame_before_the_question_says_what_it_is_about_not_what_to_find() -> None:
    assert (
        without_source("About the ferry stoppage at Orvik in May 2021 (STP-2021-04): on what "
                       "date did it end?") == "2021 on what date did it end?"
    )  # fmt: skip
    assert without_source("For Dunmere depot in 2019, give: the fleet size") == (
        "2019 give: the fleet size"
    )
    assert without_source("The Orvik pier collapsed in 2020. Who rebuilt it?") == (
        "2020 Who rebuilt it?"
    )
    assert without_source("Under contract KV-2018-332, what is the fee?") == "what is the fee?"
    for unframed in ("In which year, after the war, did Orvik open?", "What is Orvik, in short?"):
        assert without_source(unframed) == unframed


def test_a_sentence_answers_a_framed_question_without_repeating_the_frame() -> None:
    text = (
        "A stoppage notice was issued at 06:10 on 2021-05-03 to the 1,240 season ticket holders. "
        "The stoppage ended at 18:00 on 2021-05-07, when the pier reopened."
    )
    hits = [snip(1, "Incident Report STP-2021-04 Orvik Ferry Stoppage", text)]
    question = (
        "About the ferry stoppage at Orvik in May 2021 (STP-2021-04): on what date did it end?"
    )
    a = judge(question, hits)
    assert a.verdict == Verdict.SUFFICIENT and "2021-05-07" in quoted(a)
    assert "2021-05-03" not in quoted(a)


def test_a_run_in_heading_names_the_quantity_its_clause_states() -> None:
    text = (
        "4.1 Spill flow. The operator shall pass over Carrow Weir not less than 3.2 Ml/d.\n"
        "4.2 Intake screen. The screen openings shall not exceed 5 mm."
    )
    hits = [snip(1, "Operating Permit OP-7 Carrow Weir", text)]
    a = judge("What is the spill flow at Carrow Weir under permit OP-7?", hits)
    assert a.verdict == Verdict.SUFFICIENT and "3.2 Ml/d" in quoted(a)
    assert quoted(a).startswith("The operator shall")  # the heading frames, the sentence states


def test_names_match_across_spaced_initials_and_left_out_middle_names() -> None:
    assert mentions("C. J. Hunter (born 1968) is a shot putter.", "C.J. Hunter")
    assert mentions("Howard Ashman wrote the lyrics.", "Howard Elliott Ashman")
    assert not mentions("Howard Elliott wrote the lyrics.", "Howard Elliott Ashman")
    assert not mentions("Green Ltd. grows grain.", "Green Fields Agriculture Ltd.")
    assert not mentions("C. J. Hunt ran.", "C.J. Hunter")


def test_names_in_a_header_repeated_across_documents_are_no_bridges() -> None:
    header = "Source: Lindqvist Archive (collected station notes)\n"
    hits = [
        snip(1, "Tindra station", header + "Tindra is a weather station on a ridge. Its data "
             "go to the Polar Office in Kiruna."),
        snip(2, "Ystad station", header + "Ystad is a coastal station."),
        snip(3, "Orsa station", header + "Orsa is a lake station."),
    ]  # fmt: skip
    a = judge("Who runs the office that receives the Tindra station's data?", hits)
    entities = [f.entity for f in a.follow_ups]
    assert "Polar Office" in entities and "Lindqvist Archive" not in entities


def test_a_life_span_after_a_name_states_the_birth() -> None:
    assert {"born", "birth", "death"} <= implied_stems("Ada Vik (12 May 1890 – 3 June 1960) wrote.")
    assert "born" not in implied_stems("The line (opened 1890) ran until 1960 - 1961.")
    hits = [
        snip(1, "Ada Vik", "Ada Vik (12 May 1890 – 3 June 1960) was a Norwegian novelist."),
        snip(2, "Bo Lund", "Bo Lund (born 4 April 1901) is a Danish poet."),
    ]
    a = judge("Who was born first, Ada Vik or Bo Lund?", hits)
    assert a.verdict == Verdict.SUFFICIENT
    assert "1890" in quoted(a) and "1901" in quoted(a)


def test_a_named_after_question_needs_a_sentence_that_names() -> None:
    creek = snip(1, "Vessel Creek", "Vessel Creek is a 20 mi tributary of the Ose River in the "
                 "west of the county. It begins west of Ardale.")  # fmt: skip
    town = snip(2, "Ardale", "Ardale is a village of 900 people. Ardale is named for the "
                "surveyor Richard Orr.")  # fmt: skip
    question = "Vessel Creek is a tributary, and its beginning in the west is named after?"
    alone = judge(question, [creek], searched=3)
    assert alone.verdict != Verdict.SUFFICIENT
    a = judge(question, [creek, town])
    assert a.verdict == Verdict.SUFFICIENT and "named for the surveyor Richard Orr" in quoted(a)


def test_born_answers_a_question_about_a_birth() -> None:
    hits = [snip(1, "Ada Vik", "Ada Vik is a Norwegian novelist. She was born in Tromsø.")]
    a = judge("What is the birth city of Ada Vik?", hits)
    assert a.verdict == Verdict.SUFFICIENT and "born in Tromsø" in quoted(a)


def test_a_participle_after_its_noun_may_be_phrased_otherwise() -> None:
    report = snip(1, "Norrvik Ferries annual report", "In August 2019, Norrvik Ferries "
                  "rewarded its owners by distributing 5 million euros of dividends.")  # fmt: skip
    a = judge("What were the dividend distributions declared by Norrvik Ferries in 2019?",
              [report])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "5 million euros" in quoted(a)
    film = snip(2, "Harbour Nights", "Harbour Nights is a 1999 film starring Ada Vik.")
    b = judge("What film was directed by Ada Vik?", [film], searched=3)
    assert b.verdict != Verdict.SUFFICIENT  # "was directed by" is the fact asked


def test_two_sentences_about_one_subject_state_a_fact_together() -> None:
    page = snip(1, "Ada Vik", "Ada Marie Vik (1890–1960) was a Norwegian novelist of the "
                "Fjord School. Vik was awarded many honours, including the Nobel Prize.")  # fmt: skip
    a = judge("Which Norwegian novelist of the Fjord School won the Nobel Prize?", [page])
    assert a.verdict == Verdict.SUFFICIENT
    assert len(a.claims) == 2 and "Ada Marie Vik" in quoted(a) and "Nobel Prize" in quoted(a)
    other = snip(2, "Fjord School", "Ada Vik was a Norwegian novelist of the Fjord School. "
                 "The Nobel Prize that year went to a chemist.")  # fmt: skip
    b = judge("Which Norwegian novelist of the Fjord School won the Nobel Prize?", [other],
              searched=3)  # fmt: skip
    assert b.verdict != Verdict.SUFFICIENT  # the second sentence is about something else


def test_of_several_names_in_the_link_the_one_by_the_relation_goes_first() -> None:
    page = snip(1, "Ola Berg", "Ola Berg is a British executive, the former CEO of Norvik, "
                "also known from the Arden TV show with its host Lord Hale.")  # fmt: skip
    a = judge("Ola Berg was the CEO of a company that makes what sort of products?", [page])
    assert a.follow_ups[0].entity == "Norvik"


def test_which_came_first_reads_each_entitys_date_of_origin_in_any_words() -> None:
    hits = [
        snip(1, "Grey Harbour", "Grey Harbour is a 2004 documentary film about a fishing port."),
        snip(2, "Salt Roads", "Salt Roads is a 2009 documentary film by Ada Vik."),
    ]
    a = judge("Which documentary film came out first, Grey Harbour or Salt Roads?", hits)
    assert a.verdict == Verdict.SUFFICIENT and "2004" in quoted(a) and "2009" in quoted(a)
    firms = [
        snip(3, "Orn Oy", "Orn Oy is a shipping company founded in 2001."),
        snip(4, "Ekby AB", "Ekby AB is a shipping company founded in 1999."),
    ]
    b = judge("Which company changed its board of directors earlier, Orn Oy or Ekby AB?", firms,
              searched=3)  # fmt: skip
    assert b.verdict != Verdict.SUFFICIENT  # a founding year is no board change


def test_a_which_question_over_a_list_joined_by_or_is_one_choice() -> None:
    choice = plan_goal("Which ferry is the oldest: Ada, Brita, Cilla or Dora Vik?").sub_goals
    assert len(choice) == 1 and choice[0].compare == ["Ada", "Brita", "Cilla", "Dora Vik"]
    report = plan_goal("Report the tonnage of Ada, Brita, Cilla and Dora Vik.").sub_goals
    assert [sg.entity for sg in report] == ["Ada", "Brita", "Cilla", "Dora Vik"]


def test_how_did_x_lead_to_y_finds_x_and_quotes_what_it_led_to() -> None:
    report = snip(1, "Norrvik Ferries annual report", "In 2022, Norrvik Ferries went through "
                  "several changes. In January, it raised 40 million euros in a bond issue. "
                  "Fuel prices were high. The new funds paid for a second route to Gotland. "
                  "In May, the company bought two hybrid ferries for the new route.")  # fmt: skip
    a = judge("How did the bond issue of Norrvik Ferries in January 2022 contribute to its "
              "growth through a second route and hybrid ferries?", [report])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT
    said = quoted(a)
    assert "raised 40 million euros" in said and "second route to Gotland" in said
    assert "hybrid ferries" in said and "Fuel prices" not in said
    b = judge("How did the share buyback of Norrvik Ferries in January 2022 contribute to its "
              "growth through a second route?", [report], searched=3)  # fmt: skip
    assert b.verdict != Verdict.SUFFICIENT  # the event asked about is not in the report
    c = judge("How did the debt restructuring of Norrvik Ferries in May 2022 lead to lower "
              "costs through refinancing?", [report], searched=3)  # fmt: skip
    assert c.verdict != Verdict.SUFFICIENT  # "In May, ..." is the month, not the event


def test_asked_what_was_done_a_plan_is_no_answer_but_asked_the_plans_it_is() -> None:
    report = snip(1, "Arbor Foods Inc. annual report", (
        "Looking ahead, Arbor Foods Inc. plans to implement new risk management measures. "
        "In May 2021, Arbor Foods Inc. updated its risk management framework."))  # fmt: skip
    done = judge("What risk management measures did Arbor Foods Inc. implement in 2021?", [report])
    assert done.verdict == Verdict.SUFFICIENT
    assert quoted(done).startswith("In May 2021") and "plans to" not in quoted(done)
    planned = judge("What risk management measures does Arbor Foods Inc. plan to implement?",
                    [report])  # fmt: skip
    assert "plans to implement" in quoted(planned)
    only_plan = snip(2, "Birch Foods Inc. annual report",
                     "Birch Foods Inc. aims to implement risk management measures next year.")  # fmt: skip
    none = judge("What risk management measures did Birch Foods Inc. implement?", [only_plan],
                 searched=3)  # fmt: skip
    assert none.verdict != Verdict.SUFFICIENT


def test_an_intention_states_a_plan_in_other_words() -> None:
    report = snip(1, "Arbor Foods Inc. annual report", "Revenue rose in 2021. Arbor Foods Inc. "
                  "intends to invest heavily in research and development.")  # fmt: skip
    a = judge("What are the investment plans of Arbor Foods Inc.?", [report])
    assert a.verdict == Verdict.SUFFICIENT and quoted(a).startswith("Arbor Foods Inc. intends")


def test_a_hard_term_may_sit_in_another_chunk_of_the_sentences_document() -> None:
    title = "Arbor Foods Inc. annual report"
    year = snip(1, title, "In 2019, Arbor Foods Inc. went through several significant events.")
    deal = year.model_copy(update={"id": 2, "ordinal": 5, "text": (
        "Additionally, in March, Arbor Foods Inc. completed the acquisition of Birch Dairy. "
        "This acquisition expanded its business scope.")})  # fmt: skip
    a = judge("How did the acquisition of Birch Dairy in March 2019 contribute to Arbor Foods "
              "Inc.'s growth through an expanded business scope?", [year, deal])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "acquisition of Birch Dairy" in quoted(a)
    elsewhere = deal.model_copy(update={"document_id": 9, "title": "Birch Dairy profile"})
    b = judge("How did the acquisition of Birch Dairy in March 2019 contribute to Arbor Foods "
              "Inc.'s growth through an expanded business scope?", [year, elsewhere], searched=3)  # fmt: skip
    assert b.verdict != Verdict.SUFFICIENT  # 2019 is in no chunk of that document


def test_financial_indicators_are_read_through_the_figures_that_are_them() -> None:
    report = snip(1, "Arbor Foods Inc. annual report", (
        "New stores shaped the financial results of Arbor Foods Inc. in 2021. In terms of "
        "operating income, Arbor Foods Inc. recorded $20 million in 2021, which can be "
        "attributed to the new stores."))  # fmt: skip
    a = judge("What were the key financial indicators of Arbor Foods Inc. in 2021 and their "
              "influencing factors?", [report])  # fmt: skip
    assert a.verdict == Verdict.SUFFICIENT and "recorded $20 million" in quoted(a)


def test_a_quote_opening_with_he_comes_after_the_sentence_naming_him() -> None:
    singer = snip(1, "Cy Dorn", 'Cyrus "Cy" Dorn is the lead singer of the band Tin Harbour. '
                  "He also writes the comic book series Night Ferry.")  # fmt: skip
    a = judge("Who writes the comic book series Night Ferry?", [singer])
    assert a.verdict == Verdict.SUFFICIENT
    texts = [c.text for c in a.claims]
    assert (
        texts[0].startswith('Cyrus "Cy" Dorn is the lead singer') and "He also writes" in texts[1]
    )


def test_a_subject_known_by_the_name_a_document_gives_it_is_answered_from_that_document() -> None:
    """ "Plant 2" is what the Orrin report calls Orrin Water Treatment Works: the report's
    figure answers for Plant 2, and another works' figure does not."""
    orrin = "Orrin WTW Monthly Report May 2024"
    hits = [
        snip(
            1,
            orrin,
            "Site: Orrin Water Treatment Works (site code OR-7, called Plant 2 by "
            "the operators)\nReporting period: 1 to 31 May 2024",
        ),
        snip(2, orrin, "Design output: 31 Ml/d\nThe works ran on both filters all month."),
        snip(3, "Selby WTW Monthly Report May 2024", "Design output: 44 Ml/d"),
    ]
    hits[1] = hits[1].model_copy(update={"document_id": 1})

    a = judge("What is the design output of Plant 2?", hits)

    assert a.verdict == Verdict.SUFFICIENT
    assert "31 Ml/d" in quoted(a) and "44" not in quoted(a)


def test_the_judge_passes_over_a_sentence_on_another_part_s_subject() -> None:
    """The report titled by Harlow Fen quotes Tarn Moss's output; asked of both, the judge
    answers Harlow Fen from its own sentence."""
    text = (
        "The best year was at Tarn Moss. Its output was 88 GWh of power.\n"
        "The output of Harlow Fen was 41 GWh of power."
    )
    hits = [snip(1, "Harlow Fen Cooperative report", text)]
    sg = plan_goal("Output of Tarn Moss and Harlow Fen").sub_goals[1]

    a = assess_offline(sg, hits, searched=["q"], siblings=("Tarn Moss",))

    assert sg.entity == "Harlow Fen"
    assert "41 GWh" in quoted(a) and "88" not in quoted(a)


def test_a_sentence_on_another_given_value_does_not_answer() -> None:
    """ "the deviation at 40 bar": a sentence on the deviation at 30 bar says nothing of it,
    though it shares every word of the question."""
    text = (
        "Before adjustment, gauge PG-7 showed a deviation of +0.031 bar at 30 bar.\n"
        "The deviation at the 40 bar point was within the permitted error."
    )
    a = judge("What deviation did gauge PG-7 show at 30 bar?", [snip(1, "Gauge PG-7", text)])
    assert a.verdict == Verdict.SUFFICIENT and "+0.031 bar at 30 bar" in quoted(a)

    b = judge("What deviation did gauge PG-7 show at 20 bar?", [snip(1, "Gauge PG-7", text)], 3)
    assert b.verdict != Verdict.SUFFICIENT and "0.031" not in quoted(b)


def test_a_name_only_a_heading_gives_is_never_quoted_as_a_link() -> None:
    """A report opening with a line in capitals and a heading: no quote holds the heading.
    "the LARKSPUR asthma trial" says which one is meant; the report calls it a study."""
    text = (
        "STUDY REPORT SYNOPSIS\n\n# Study KR-22 (LARKSPUR)\n\nA 12-week study of KR-22 in "
        "adults with asthma.\n\nCoordinating investigator: Dr. Ines Varro, Tallin Lung Clinic"
    )
    a = judge(
        "Who was the coordinating investigator of the LARKSPUR asthma trial?",
        [snip(1, "KR-22 (LARKSPUR) Study Report Synopsis", text)],
    )
    assert a.verdict == Verdict.SUFFICIENT and "Ines Varro" in quoted(a)
    assert all("#" not in c.citations[0].quote for c in a.claims)


def test_a_period_is_answered_by_dates_or_a_length_of_time_not_by_the_word() -> None:
    """ "the period of cover": a row naming "the period of insurance" holds no period; the
    line giving the dates does, and so does "ninety (90) days" for a notice period."""
    text = (
        "Cover — Public liability · Basis of limit: In the aggregate for the period of cover\n"
        "Period of cover — 1 May 2031 to 30 April 2032"
    )
    a = judge("What is the period of cover of policy KP-14?", [snip(1, "Policy KP-14", text)])
    assert a.verdict == Verdict.SUFFICIENT and "1 May 2031 to 30 April 2032" in quoted(a)
    assert "aggregate" not in quoted(a)

    notice = "Either party may end this lease by giving not less than ninety (90) days' notice."
    b = judge("What is the notice period of the Tessel lease?", [snip(2, "Tessel lease", notice)])
    assert b.verdict == Verdict.SUFFICIENT and "ninety (90) days" in quoted(b)


def test_a_participle_after_the_subject_is_asked_not_a_description() -> None:
    """ "the maker of the Kelden X3 cells headquartered": "headquartered" is the asked fact,
    which the X3's own page does not state; the maker's page does."""
    car = snip(1, "Kelden X3", "The Kelden X3 carries a 64 kWh battery. It is built from "
               "pouch cells supplied by Arvo Cell Company, arranged in 10 modules.")  # fmt: skip
    question = (
        "In which city is the company that supplies the battery cells of the Kelden X3 "
        "headquartered?"
    )
    a = judge(question, [car])
    assert a.verdict != Verdict.SUFFICIENT
    assert "Arvo Cell Company" in [f.entity for f in a.follow_ups]

    maker = snip(2, "Arvo Cell Company", "Arvo Cell Company is a battery maker headquartered "
                 "in Tartu.")  # fmt: skip
    b = judge(question, [car, maker])
    assert b.verdict == Verdict.SUFFICIENT and "Tartu" in quoted(b)


def test_the_verb_a_question_asks_is_stated_by_the_answer() -> None:
    """ "What did the review panel recommend?": a line naming the panel states nothing it
    recommended; "When does the lease end?" is answered by the date it terminates."""
    cover = snip(1, "Kelden Line Review", "Prepared by: Orvik Consulting, for the Kelden "
                 "review panel, 12 March 2031.\nRecommendations follow in section 5.")  # fmt: skip
    q = "For the Kelden Line, what did the review panel recommend?"
    assert judge(q, [cover], searched=3).verdict != Verdict.SUFFICIENT
    said = cover.model_copy(update={"text": f"{cover.text}\nThe review panel recommended "
                                    "that the Kelden Line close for two weeks."})  # fmt: skip
    a = judge(q, [said])
    assert a.verdict == Verdict.SUFFICIENT and "recommended that" in quoted(a)

    lease = snip(2, "Tessel Depot Lease", "This lease is dated 2 May 2030.\nThe lease "
                 "terminates on 1 May 2035 unless renewed.")  # fmt: skip
    b = judge("When does the Tessel Depot lease end?", [lease])
    assert b.verdict == Verdict.SUFFICIENT and "1 May 2035" in quoted(b)
    assert "2 May 2030" not in quoted(b)


def test_the_word_naming_what_a_code_is_is_no_fact_to_find() -> None:
    contract = snip(1, "Contract RB-2040-17 road resurfacing", "Contract RB-2040-17 is for "
                    "resurfacing the ring road at Fenn Cross. The supplier is Harrow Surfacing.")  # fmt: skip
    a = judge("Who is the supplier of contract RB-2040-17?", [contract])
    assert a.verdict == Verdict.SUFFICIENT
    assert quoted(a) == "The supplier is Harrow Surfacing."
    a = judge("Who audited contract RB-2040-17?", [contract])
    assert a.verdict != Verdict.SUFFICIENT  # "contract" alone states no audit


def test_a_count_of_the_asked_noun_answers_how_many_in_the_documents_own_verb() -> None:
    title = "Norrvik ferry route"
    question = "For the Norrvik ferry route: how many harbours did it link?"
    counted = (
        "The Norrvik ferry route opened in 1998. A bus links the pier to the town. Boats on "
        "the Norrvik ferry route call at 14 harbours along the coast."
    )
    a = judge(question, [snip(1, title, counted)])
    assert a.verdict == Verdict.SUFFICIENT and "14 harbours" in quoted(a)
    other = (
        "The Norrvik ferry route opened in 1998. Its boats leave 14 times a day. A bus links "
        "the pier to the town."
    )
    assert judge(question, [snip(1, title, other)], searched=3).verdict != Verdict.SUFFICIENT
