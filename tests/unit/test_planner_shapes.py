"""The offline planner on goal shapes: each part names one entity and asks one fact."""

import pytest

from research.agents.planner import plan_goal

pytestmark = pytest.mark.unit

SHAPES = [
    (
        "1. What is the capacity of Harlow Fen? 2. Who operates Quillon Ridge? 3. When did Marsh End open?",
        [
            ("What is the capacity of Harlow Fen?", "Harlow Fen"),
            ("Who operates Quillon Ridge?", "Quillon Ridge"),
            ("When did Marsh End open?", "Marsh End"),
        ],
    ),
    (
        "Answer the following: (1) Who founded Ostrava Lane? (2) Where was Petra Vance born?",
        [
            ("Who founded Ostrava Lane?", "Ostrava Lane"),
            ("Where was Petra Vance born?", "Petra Vance"),
        ],
    ),
    (
        "Please answer:\n- What is the capacity of Harlow Fen?\n- Who operates Quillon Ridge?\n- When did Marsh End open?",
        [
            ("What is the capacity of Harlow Fen?", "Harlow Fen"),
            ("Who operates Quillon Ridge?", "Quillon Ridge"),
            ("When did Marsh End open?", "Marsh End"),
        ],
    ),
    (
        "For each of Harlow Fen, Quillon Ridge and Marsh End, state the rated output.",
        [
            ("For Harlow Fen, state the rated output", "Harlow Fen"),
            ("For Quillon Ridge, state the rated output", "Quillon Ridge"),
            ("For Marsh End, state the rated output", "Marsh End"),
        ],
    ),
    (
        "For each of the Harlow Fen, Quillon Ridge and Marsh End wind farms, state the rated output.",
        [
            ("For the Harlow Fen wind farm, state the rated output", "Harlow Fen"),
            ("For the Quillon Ridge wind farm, state the rated output", "Quillon Ridge"),
            ("For the Marsh End wind farm, state the rated output", "Marsh End"),
        ],
    ),
    (
        "Harlow Fen, Quillon Ridge and Marsh End: rated output and operator",
        [
            ("What is the rated output of Harlow Fen?", "Harlow Fen"),
            ("What is the operator of Harlow Fen?", "Harlow Fen"),
            ("What is the rated output of Quillon Ridge?", "Quillon Ridge"),
            ("What is the operator of Quillon Ridge?", "Quillon Ridge"),
            ("What is the rated output of Marsh End?", "Marsh End"),
            ("What is the operator of Marsh End?", "Marsh End"),
        ],
    ),
    (
        "capacity factor of farms Harlow Fen, Quillon Ridge, Marsh End and Tolland, cite a source for each",
        [
            ("What is the capacity factor of the Harlow Fen farm?", "Harlow Fen"),
            ("What is the capacity factor of the Quillon Ridge farm?", "Quillon Ridge"),
            ("What is the capacity factor of the Marsh End farm?", "Marsh End"),
            ("What is the capacity factor of the Tolland farm?", "Tolland"),
        ],
    ),
    (
        "Performance of bases Harlow Fen, Quillon Ridge, Marsh End, Tolland — cite a source for each",
        [
            ("What is the performance of the Harlow Fen base?", "Harlow Fen"),
            ("What is the performance of the Quillon Ridge base?", "Quillon Ridge"),
            ("What is the performance of the Marsh End base?", "Marsh End"),
            ("What is the performance of the Tolland base?", "Tolland"),
        ],
    ),
    (
        "In which town did Ostrava Lane open its works, in what year was it sold, and how many pumps does it run?",
        [
            ("In which town did Ostrava Lane open its works?", "Ostrava Lane"),
            ("In what year was Ostrava Lane sold?", "Ostrava Lane"),
            ("How many pumps does Ostrava Lane run?", "Ostrava Lane"),
        ],
    ),
    (
        "When was Ostrava Lane founded and who founded it?",
        [
            ("When was Ostrava Lane founded?", "Ostrava Lane"),
            ("Who founded Ostrava Lane?", "Ostrava Lane"),
        ],
    ),
    (
        "Who founded Ostrava Lane? When did Marsh End open? How many turbines does Harlow Fen have?",
        [
            ("Who founded Ostrava Lane?", "Ostrava Lane"),
            ("When did Marsh End open?", "Marsh End"),
            ("How many turbines does Harlow Fen have?", "Harlow Fen"),
        ],
    ),
    (
        "What were the commissioning years of Harlow Fen and Quillon Ridge, respectively?",
        [
            ("What were the commissioning years of Harlow Fen?", "Harlow Fen"),
            ("What were the commissioning years of Quillon Ridge?", "Quillon Ridge"),
        ],
    ),
    (
        "What was Harlow Fen's output in 2021 and in 2022?",
        [
            ("What was Harlow Fen's output in 2021?", "Harlow Fen"),
            ("What was Harlow Fen's output in 2022?", "Harlow Fen"),
        ],
    ),
    (
        "What was the output of Harlow Fen between 2019 and 2021?",
        [
            ("What was the output of Harlow Fen between 2019 and 2021?", "Harlow Fen"),
        ],
    ),
    (
        "What is the capacity of Harlow Fen? Cite a source.",
        [
            ("What is the capacity of Harlow Fen?", "Harlow Fen"),
        ],
    ),
    (
        "1. Output of Harlow Fen and Quillon Ridge. 2. Who operates Marsh End?",
        [
            ("What is the output of Harlow Fen?", "Harlow Fen"),
            ("What is the output of Quillon Ridge?", "Quillon Ridge"),
            ("Who operates Marsh End?", "Marsh End"),
        ],
    ),
    (
        "Report the status of purchase orders PO-2031-0044, PO-2031-0045 and OUT-23-011.",
        [
            ("Report the status of the PO-2031-0044 purchase order", "PO-2031-0044"),
            ("Report the status of the PO-2031-0045 purchase order", "PO-2031-0045"),
            ("Report the status of the OUT-23-011 purchase order", "OUT-23-011"),
        ],
    ),
    (
        "Who signed PO-2031-0044?",
        [
            ("Who signed PO-2031-0044?", "PO-2031-0044"),
        ],
    ),
    (
        "When was Unit A-3 last inspected, and what is the range of the QX-17?",
        [
            ("When was Unit A-3 last inspected?", "Unit A-3"),
            ("What is the range of the QX-17?", "QX-17"),
        ],
    ),
    (
        "Who chairs the Smith and Wesson Trust?",
        [
            ("Who chairs the Smith and Wesson Trust?", "Smith and Wesson Trust"),
        ],
    ),
    (
        "What was the Research and Development budget of Ostrava Lane in 2022?",
        [
            (
                "What was the Research and Development budget of Ostrava Lane in 2022?",
                "Ostrava Lane",
            ),
        ],
    ),
    (
        "what was harlow fen's output in 2021?",
        [
            ("what was harlow fen's output in 2021?", "harlow fen"),
        ],
    ),
    (
        "Who operates Ferncastle (site FC-4)?",
        [
            ("Who operates Ferncastle (site FC-4)?", "Ferncastle"),
        ],
    ),
    (
        "Output of Ferncastle (site FC-4), Harlow Fen and Marsh End",
        [
            ("What is the output of Ferncastle (site FC-4)?", "Ferncastle"),
            ("What is the output of Harlow Fen?", "Harlow Fen"),
            ("What is the output of Marsh End?", "Marsh End"),
        ],
    ),
    (
        "When were Petra Vance and Ivo Lask each born?",
        [
            ("When was Petra Vance born?", "Petra Vance"),
            ("When was Ivo Lask born?", "Ivo Lask"),
        ],
    ),
    (
        "Where was Petra Vance born?",
        [
            ("Where was Petra Vance born?", "Petra Vance"),
        ],
    ),
    (
        "Were Harlow Fen, Quillon Ridge and Marsh End built in 2001?",
        [
            ("Was Harlow Fen built in 2001?", "Harlow Fen"),
            ("Was Quillon Ridge built in 2001?", "Quillon Ridge"),
            ("Was Marsh End built in 2001?", "Marsh End"),
        ],
    ),
    (
        "Revenues of Ostrava Lane and Marsh End in 2020 and 2021",
        [
            ("What are the revenues of Ostrava Lane in 2020?", "Ostrava Lane"),
            ("What are the revenues of Ostrava Lane in 2021?", "Ostrava Lane"),
            ("What are the revenues of Marsh End in 2020?", "Marsh End"),
            ("What are the revenues of Marsh End in 2021?", "Marsh End"),
        ],
    ),
    # facts listed before the names they are asked of: one part per fact and name
    (
        "Give the opening date and the contract value of PX-2030-11 and PX-2030-12.",
        [
            ("Give the opening date of PX-2030-11", "PX-2030-11"),
            ("Give the opening date of PX-2030-12", "PX-2030-12"),
            ("Give the contract value of PX-2030-11", "PX-2030-11"),
            ("Give the contract value of PX-2030-12", "PX-2030-12"),
        ],
    ),
    # questions after semicolons, or in sentences of their own, ask of the first's subject
    (
        "What was the output of Orla Works in 2021; how many staff did it employ; when was it "
        "commissioned?",
        [
            ("What was the output of Orla Works in 2021?", "Orla Works"),
            ("How many staff did Orla Works employ?", "Orla Works"),
            ("When was Orla Works commissioned?", "Orla Works"),
        ],
    ),
    (
        "For the Kelden depot: what is its floor area? How many buses does it hold?",
        [
            ("For the Kelden depot: what is its floor area?", "Kelden"),
            ("For the Kelden depot: how many buses does it hold?", "Kelden"),
        ],
    ),
    (
        "Give the contract value, the start date and the supplier of contract PX-2030-11.",
        [
            ("Give the contract value of contract PX-2030-11", "PX-2030-11"),
            ("Give the start date of contract PX-2030-11", "PX-2030-11"),
            ("Give the supplier of contract PX-2030-11", "PX-2030-11"),
        ],
    ),
    (
        "When did the Kelden outage start, and how long did it last?",
        [
            ("When did the Kelden outage start?", "Kelden"),
            ("How long did the Kelden outage last?", "Kelden"),
        ],
    ),
    (
        "Give the capacity of Orla Works, the operator of Selby Works and the opening year of "
        "Tarn Works.",
        [
            ("Give the capacity of Orla Works", "Orla Works"),
            ("Give the operator of Selby Works", "Selby Works"),
            ("Give the opening year of Tarn Works", "Tarn Works"),
        ],
    ),
    # a month is a time, not the subject; a frame after a dash is read into each question
    (
        "What was the turbidity at Orla Works in January, February and March 2031?",
        [
            ("What was the turbidity at Orla Works in January 2031?", "Orla Works"),
            ("What was the turbidity at Orla Works in February 2031?", "Orla Works"),
            ("What was the turbidity at Orla Works in March 2031?", "Orla Works"),
        ],
    ),
    (
        "Orla Works — what is its capacity, and when did it open?",
        [
            ("Orla Works — what is its capacity?", "Orla Works"),
            ("Orla Works — when did it open?", "Orla Works"),
        ],
    ),
    (
        "Between 1 March and 30 June 2030, how many complaints did Orla Water receive?",
        [
            (
                "Between 1 March and 30 June 2030, how many complaints did Orla Water receive?",
                "Orla Water",
            )
        ],
    ),
    (
        "Regarding the Kelden pump failure (INC-77-3): when did it start, how many homes lost "
        "supply, and what did the repair cost?",
        [
            ("Regarding the Kelden pump failure (INC-77-3): when did it start?", "Kelden"),
            ("Regarding the Kelden pump failure (INC-77-3): how many homes lost supply?", "Kelden"),
            ("Regarding the Kelden pump failure (INC-77-3): what did the repair cost?", "Kelden"),
        ],
    ),
    (
        "From the Skelby ferry audit, how many crossings ran late, what was the mean delay, "
        "and also how many sailings were cancelled?",
        [
            ("From the Skelby ferry audit, how many crossings ran late?", "Skelby"),
            ("From the Skelby ferry audit, what was the mean delay?", "Skelby"),
            ("From the Skelby ferry audit, how many sailings were cancelled?", "Skelby"),
        ],
    ),
    (
        "The Orvel bridge closed in June 2024. Why did it close, how long did the repairs "
        "take, and what did they cost?",
        [
            ("The Orvel bridge closed in June 2024. Why did it close?", "Orvel"),
            ("The Orvel bridge closed in June 2024. How long did the repairs take?", "Orvel"),
            ("The Orvel bridge closed in June 2024. What did they cost?", "Orvel"),
        ],
    ),
    (
        "For Harlow Fen in 2022, give: the peak output; the number of outages; the availability.",
        [
            ("For Harlow Fen in 2022, give: the peak output", "Harlow Fen"),
            ("For Harlow Fen in 2022, give: the number of outages", "Harlow Fen"),
            ("For Harlow Fen in 2022, give: the availability", "Harlow Fen"),
        ],
    ),
    (
        "For permit AB/77/0012, give (a) the hourly limit, (b) the yearly limit at intake 2, "
        "and (c) the expiry date.",
        [
            ("For permit AB/77/0012, give the hourly limit", "AB/77/0012"),
            ("For permit AB/77/0012, give the yearly limit at intake 2", "AB/77/0012"),
            ("For permit AB/77/0012, give the expiry date", "AB/77/0012"),
        ],
    ),
    (
        "Under supply deal SD-2020-14, what did a tonne of each of these grades cost?\n"
        "• 40 mm gravel\n• 10 mm grit\n• fine sand",
        [
            (
                "Under supply deal SD-2020-14, what did a tonne of the 40 mm gravel grade cost?",
                "SD-2020-14",
            ),
            (
                "Under supply deal SD-2020-14, what did a tonne of the 10 mm grit grade cost?",
                "SD-2020-14",
            ),
            (
                "Under supply deal SD-2020-14, what did a tonne of the fine sand grade cost?",
                "SD-2020-14",
            ),
        ],
    ),
    (
        "In the 2024 survey of Quillon Ridge, what were the deadlines of actions K2, K5 and K7 "
        "respectively, and how many turbines were stopped?",
        [
            (
                "In the 2024 survey of Quillon Ridge, what were the deadlines of action K2?",
                "action K2",
            ),
            (
                "In the 2024 survey of Quillon Ridge, what were the deadlines of action K5?",
                "action K5",
            ),
            (
                "In the 2024 survey of Quillon Ridge, what were the deadlines of action K7?",
                "action K7",
            ),
            (
                "In the 2024 survey of Quillon Ridge, how many turbines were stopped?",
                "Quillon Ridge",
            ),
        ],
    ),
    (
        "What standing charge applies to tiers X / Y / Z?",
        [
            ("What standing charge applies to tier X?", "tier X"),
            ("What standing charge applies to tier Y?", "tier Y"),
            ("What standing charge applies to tier Z?", "tier Z"),
        ],
    ),
    (
        "What were the rated output and the operator of Harlow Fen in 2022?",
        [
            ("What was the rated output of Harlow Fen in 2022?", "Harlow Fen"),
            ("What was the operator of Harlow Fen in 2022?", "Harlow Fen"),
        ],
    ),
    (
        "State Harlow Fen's rated output, operator and opening year.",
        [
            ("State Harlow Fen's rated output", "Harlow Fen"),
            ("State Harlow Fen's operator", "Harlow Fen"),
            ("State Harlow Fen's opening year", "Harlow Fen"),
        ],
    ),
    (
        "For Marsh End in 2023, what were the peak load, the number of trips and the uptime?",
        [
            ("For Marsh End in 2023, what was the peak load?", "Marsh End"),
            ("For Marsh End in 2023, what was the number of trips?", "Marsh End"),
            ("For Marsh End in 2023, what was the uptime?", "Marsh End"),
        ],
    ),
    (
        "What is the ratio of sales and profit at Harlow Fen?",
        [("What is the ratio of sales and profit at Harlow Fen?", "Harlow Fen")],
    ),
    (
        "How many turbines and how many staff did Harlow Fen have in 2022?",
        [
            ("How many turbines did Harlow Fen have in 2022?", "Harlow Fen"),
            ("How many staff did Harlow Fen have in 2022?", "Harlow Fen"),
        ],
    ),
    (
        "What was the output of Harlow Fen in 2021, and what was it in 2022?",
        [
            ("What was the output of Harlow Fen in 2021?", "Harlow Fen"),
            ("What was the output of Harlow Fen in 2022?", "Harlow Fen"),
        ],
    ),
    (
        "Output of Harlow Fen; operator of Marsh End; opening year of Quillon Ridge",
        [
            ("What is the output of Harlow Fen?", "Harlow Fen"),
            ("What is the operator of Marsh End?", "Marsh End"),
            ("What is the opening year of Quillon Ridge?", "Quillon Ridge"),
        ],
    ),
    (
        "For Harlow Fen, report (i) the rated output, (ii) the operator and (iii) the opening year.",
        [
            ("For Harlow Fen, report the rated output", "Harlow Fen"),
            ("For Harlow Fen, report the operator", "Harlow Fen"),
            ("For Harlow Fen, report the opening year", "Harlow Fen"),
        ],
    ),
    (
        "When was the Orvel bridge closed and reopened?",
        [
            ("When was the Orvel bridge closed?", "Orvel"),
            ("When was the Orvel bridge reopened?", "Orvel"),
        ],
    ),
    (
        "When was the boil notice at Kelden issued and when was it lifted?",
        [
            ("When was the boil notice at Kelden issued?", "Kelden"),
            ("When was the boil notice at Kelden lifted?", "Kelden"),
        ],
    ),
    (
        "What are the minimum and maximum pressures at Kelmarsh?",
        [
            ("What is the minimum pressure at Kelmarsh?", "Kelmarsh"),
            ("What is the maximum pressure at Kelmarsh?", "Kelmarsh"),
        ],
    ),
    (
        "Which firm won the Kelden contract, what was its value, and when does it end?",
        [
            ("Which firm won the Kelden contract?", "Kelden"),
            ("What was the Kelden contract's value?", "Kelden"),
            ("When does the Kelden contract end?", "Kelden"),
        ],
    ),
    (  # "it" is the doer of the first question's verb, a particle kept before it
        "What did the May 2020 survey of Kelden find, and who carried it out?",
        [
            ("What did the May 2020 survey of Kelden find?", "Kelden"),
            ("Who carried out the May 2020 survey of Kelden?", "Kelden"),
        ],
    ),
    (  # "it" is the event the first question asks about, not the place named in it
        "What was the stoppage at Kelden in March, how long did it last, and what caused it?",
        [
            ("What was the stoppage at Kelden in March?", "Kelden"),
            ("How long did the stoppage at Kelden in March last?", "Kelden"),
            ("What caused the stoppage at Kelden in March?", "Kelden"),
        ],
    ),
    (  # an attribute of the name is not what "it" stands for
        "What was the output of Kelden in 2020, and when did it open?",
        [("What was the output of Kelden in 2020?", "Kelden"), ("When did Kelden open?", "Kelden")],
    ),
    (  # after an auxiliary, the verb closing the list is every name's
        "How long did stoppages STP-31, STP-35 and STP-40 last?",
        [
            ("How long did stoppages STP-31 last?", "STP-31"),
            ("How long did stoppages STP-35 last?", "STP-35"),
            ("How long did stoppages STP-40 last?", "STP-40"),
        ],
    ),
    (  # facts listed after "I need", one part each
        "I need the rent and the break date of the Kelden lease.",
        [
            ("I need the rent of the Kelden lease", "Kelden"),
            ("I need the break date of the Kelden lease", "Kelden"),
        ],
    ),
    (  # an instruction and a question joined by "and"
        "Tell me the output of the Kelden plant and who runs it.",
        [
            ("What is the output of the Kelden plant?", "Kelden"),
            ("Who runs the Kelden plant?", "Kelden"),
        ],
    ),
]

SHAPES += [
    (  # a later question naming nothing is asked of the first one's subject
        "What was the dropout rate in the KELDEN-4 study, and how many clinics recruited?",
        [
            ("What was the dropout rate in the KELDEN-4 study?", "KELDEN-4"),
            ("For the KELDEN-4 study, how many clinics recruited?", "KELDEN-4"),
        ],
    ),
    (
        "How many sites took part in ORBIT-5 and who was the principal investigator?",
        [
            ("How many sites took part in ORBIT-5?", "ORBIT-5"),
            ("For ORBIT-5, who was the principal investigator?", "ORBIT-5"),
        ],
    ),
    (  # "which" and a noun after "and" opens a question
        "Under the Corvell supply agreement, what is the liability cap and which law governs it?",
        [
            ("Under the Corvell supply agreement, what is the liability cap?", "Corvell"),
            ("Under the Corvell supply agreement, which law governs it?", "Corvell"),
        ],
    ),
    (  # "it" is what the asked doer acted on
        "Which body issued the ISO 9001 certificate of Brenner Tooling, and when does it expire?",
        [
            ("Which body issued the ISO 9001 certificate of Brenner Tooling?", "Brenner Tooling"),
            ("When does the ISO 9001 certificate of Brenner Tooling expire?", "Brenner Tooling"),
        ],
    ),
    (  # the subject as the first question names it, without its verb
        "How many staff did the depot at Kelden employ, and who ran the site?",
        [
            ("How many staff did the depot at Kelden employ?", "Kelden"),
            ("For the depot at Kelden, who ran the site?", "Kelden"),
        ],
    ),
    (  # a bare question word asks it of what the first question's verb was done to
        "Which laboratory calibrated the flow meter FM-220, on what date, and what was the error?",
        [
            ("Which laboratory calibrated the flow meter FM-220?", "FM-220"),
            ("On what date was the flow meter FM-220 calibrated?", "FM-220"),
            ("For the flow meter FM-220, what was the error?", "FM-220"),
        ],
    ),
    (  # questions asked as a request, embedded word order undone
        "Tell me when the Grafton deed was signed and who witnessed it.",
        [
            ("When was the Grafton deed signed?", "Grafton"),
            ("Who witnessed the Grafton deed?", "Grafton"),
        ],
    ),
    (
        "Tell me who issued the Pell conformity certificate and when.",
        [
            ("Who issued the Pell conformity certificate?", "Pell"),
            ("When was the Pell conformity certificate issued?", "Pell"),
        ],
    ),
    (  # a yes/no "it" after "what was <the X of Y>" is the X of Y
        "What was the main finding of the Kelden review and was it disputed?",
        [
            ("What was the main finding of the Kelden review?", "Kelden"),
            ("Was the main finding of the Kelden review disputed?", "Kelden"),
        ],
    ),
    (  # the kind after each name ("the Halden lease and the Corbel lease")
        "For the Halden lease and the Corbel lease, give the annual rent.",
        [
            ("For the Halden lease, give the annual rent", "Halden"),
            ("For the Corbel lease, give the annual rent", "Corbel"),
        ],
    ),
    (  # a repeated preposition asks of each of two names
        "What was the output at Harlow Fen and at Marsh End?",
        [
            ("What was the output at Harlow Fen?", "Harlow Fen"),
            ("What was the output at Marsh End?", "Marsh End"),
        ],
    ),
    (  # in a run of questions ending ", and ...", "who" after a comma opens one too
        "Who designed the Kelden bridge, when was it opened, and what did it cost?",
        [
            ("Who designed the Kelden bridge?", "Kelden"),
            ("When was the Kelden bridge opened?", "Kelden"),
            ("What did the Kelden bridge cost?", "Kelden"),
        ],
    ),
    (  # a one-question relative clause stays
        "What did the engineer, who designed the Kelden bridge, say about its cost?",
        [("What did the engineer, who designed the Kelden bridge, say about its cost?", "Kelden")],
    ),
    (  # in a framed run, "it" is what the question before asked of
        "For the Kelden depot: what is the gate fee and when is it due?",
        [
            ("For the Kelden depot: what is the gate fee?", "Kelden"),
            ("For the Kelden depot: when is the gate fee due?", "Kelden"),
        ],
    ),
    (  # one article for a list of facts
        "What are the effective date, term and governing law of the Ardent services agreement?",
        [
            ("What is the effective date of the Ardent services agreement?", "Ardent"),
            ("What is the term of the Ardent services agreement?", "Ardent"),
            ("What is the governing law of the Ardent services agreement?", "Ardent"),
        ],
    ),
    (
        "State the serial number and calibration date of gauge PG-1180.",
        [
            ("State the serial number of gauge PG-1180", "PG-1180"),
            ("State the calibration date of gauge PG-1180", "PG-1180"),
        ],
    ),
    (  # but not two words that name one thing, nor a second item completing the first
        "What are the terms and conditions of the Kelden lease?",
        [("What are the terms and conditions of the Kelden lease?", "Kelden")],
    ),
    (
        "What is the ratio of sales and margin of Kelden Ltd?",
        [("What is the ratio of sales and margin of Kelden Ltd?", "Kelden Ltd")],
    ),
    (  # a yes/no question joined by "and"; the first question's verb is not the subject's
        "When was the Tessel lease signed, and was it renewed?",
        [
            ("When was the Tessel lease signed?", "Tessel"),
            ("Was the Tessel lease renewed?", "Tessel"),
        ],
    ),
]

SHAPES += [
    (  # two names each in a phrase of its own: the fact is asked of each
        "What were the peak flows of the Kelden pumping station and the Orvel booster station "
        "in 2031?",
        [
            ("What were the peak flows of the Kelden pumping station in 2031?", "Kelden"),
            ("What were the peak flows of the Orvel booster station in 2031?", "Orvel"),
        ],
    ),
    (
        "What was the rent of the Halden lease and the Corbel lease?",
        [
            ("What was the rent of the Halden lease?", "Halden"),
            ("What was the rent of the Corbel lease?", "Corbel"),
        ],
    ),
    (  # a named topic, then the facts asked of it
        "Contract KX-2031-07: supplier, price and expiry date",
        [
            ("What is the supplier of contract KX-2031-07?", "KX-2031-07"),
            ("What is the price of contract KX-2031-07?", "KX-2031-07"),
            ("What is the expiry date of contract KX-2031-07?", "KX-2031-07"),
        ],
    ),
    (
        "The Kelden depot: opening date and number of vehicles.",
        [
            ("What is the opening date of the Kelden depot?", "Kelden"),
            ("What is the number of vehicles of the Kelden depot?", "Kelden"),
        ],
    ),
    (  # one relation between the two is one part
        "What is the distance between the Kelden works and the Orvel works?",
        [("What is the distance between the Kelden works and the Orvel works?", "Kelden")],
    ),
]

COMPARISONS = [
    (
        "Which was commissioned earlier, Harlow Fen or Quillon Ridge?",
        ["Harlow Fen", "Quillon Ridge"],
    ),
    ("Compare the output of Harlow Fen and Quillon Ridge.", ["Harlow Fen", "Quillon Ridge"]),
    ("Is Harlow Fen larger than Quillon Ridge?", ["Harlow Fen", "Quillon Ridge"]),
    (
        "Which of Harlow Fen, Quillon Ridge or Marsh End is the oldest?",
        ["Harlow Fen", "Quillon Ridge", "Marsh End"],
    ),
    ("What is the status of PO-2031-0044 and OUT-23-011?", ["PO-2031-0044", "OUT-23-011"]),
]


@pytest.mark.parametrize(("goal", "expected"), SHAPES)
def test_each_part_asks_one_fact_of_one_entity(goal: str, expected: list[tuple[str, str]]) -> None:
    parts = plan_goal(goal).sub_goals
    assert [(sg.text, sg.entity) for sg in parts] == expected
    assert all(sg.compare == [] for sg in parts)
    assert [sg.key for sg in parts] == [f"sg-{n}" for n in range(1, len(parts) + 1)]
    # one entity per query: each part searches for its own name only
    assert all(len(sg.queries) == 1 and sg.entity in sg.queries[0] for sg in parts)


@pytest.mark.parametrize(("goal", "compared"), COMPARISONS)
def test_a_comparison_is_one_part_searching_each_side(goal: str, compared: list[str]) -> None:
    parts = plan_goal(goal).sub_goals
    assert len(parts) == 1 and parts[0].text == goal and parts[0].compare == compared
    assert [q.split(" ")[0] for q in parts[0].queries] == [c.split(" ")[0] for c in compared]
