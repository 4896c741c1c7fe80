"""Corpus "trial-reports": invented clinical study reports, an interim analysis and an amendment.

Every sponsor, drug code, trial, site, organisation and person is invented.
"""

from model import Corpus, F, H, P, T, clean, doc

VX_201 = doc(
    "vx-412-201-kestrel-201-csr-synopsis.pdf",
    "VX-412-201 (KESTREL-201) Clinical Study Report Synopsis",
    "2024-02-19",
    "Veltrix Therapeutics AG",
    "VTX-CSR-412-201 · Final 1.0 · Confidential",
    "Clinical study report synopsis",
    "Study VX-412-201 (KESTREL-201)",
    """A randomised, double-blind, placebo-controlled phase II study of VX-412 in combination
    with docetaxel in patients with previously treated advanced non-small cell lung cancer""",
    [
        F(
            [
                ("Sponsor", "Veltrix Therapeutics AG, Basel, Switzerland"),
                ("Study number", "VX-412-201"),
                ("Investigational product", "VX-412 300 mg tablets, once daily"),
                ("Phase", "II"),
                ("Comparator", "Placebo tablets, once daily"),
                ("Background therapy", "Docetaxel 75 mg/m² IV every 3 weeks"),
                (
                    "Coordinating investigator",
                    "Prof. Dr. Ilse Marwitz, Klinikum Leipzig-Südost, Leipzig, Germany",
                ),
                ("Contract research organisation", "Meridian Clinical Research GmbH, Frankfurt"),
                ("First patient in", "14 March 2022"),
                ("Last patient last visit", "28 July 2023"),
                ("Database lock", "9 October 2023"),
                ("Report version and date", "Final 1.0, 19 February 2024"),
            ],
            columns=2,
        ),
        H("1. Study centres"),
        P("""The study was conducted at 41 investigational sites in nine European countries
        (Austria, Belgium, Czech Republic, Germany, Hungary, Italy, Poland, Portugal and Spain).
        Germany and Poland contributed the largest share of patients, with 58 and 47 randomised
        patients respectively. No results of the study had been published when this synopsis was
        written; a manuscript on the primary analysis is in preparation. Data from the separate
        phase Ib/II study VX-412-210, which evaluates VX-412 monotherapy in gastric cancer, are
        not included in this report."""),
        H("2. Objectives"),
        P("""The primary objective was to compare progression-free survival (PFS), as assessed by
        blinded independent central review (BICR) according to RECIST version 1.1, between
        patients receiving VX-412 plus docetaxel and patients receiving placebo plus
        docetaxel."""),
        P("""Secondary objectives were to compare the objective response rate (ORR), overall
        survival (OS) and disease control rate between the treatment arms, to characterise the
        safety and tolera~bility of the combination, and to describe the pharma~co~kinetics of
        VX-412 when given with docetaxel. Exploratory objectives included the association
        between FGFR pathway alterations in archival tumour tissue and clinical benefit; those
        analyses are reported separately."""),
        H("3. Methodology"),
        P("""KESTREL-201 was a multicentre, randomised, double-blind, placebo-controlled,
        parallel-group study. Eligible patients were randomised in a 1:1 ratio using an
        interactive response technology system, stratified by Eastern Cooperative Oncology Group
        (ECOG) performance status (0 versus 1) and histology (squamous versus non-squamous).
        Study treatment was given in 21-day cycles until disease progression, unacceptable
        toxi~city, withdrawal of consent or death. Docetaxel was given for a maximum of ten
        cycles; VX-412 or placebo could be continued as monotherapy thereafter at the
        investigator's discretion. Tumour assessments were performed every six weeks for the
        first 48 weeks and every nine weeks thereafter."""),
        P("""Adults with histologically confirmed stage IIIB or IV non-small cell lung cancer whose
        disease had progressed during or after one prior platinum-based chemotherapy regimen and
        one prior immune checkpoint inhibitor, given together or in sequence, were eligible.
        Patients with known EGFR, ALK or ROS1 driver alterations were excluded, as were patients
        with symptomatic brain metastases, a corrected QT interval above 470 ms or a serum
        phosphate above the upper limit of normal at screening."""),
        H("4. Number of patients"),
        P("""The protocol planned to randomise 200 patients. Because screening was faster than
        expected in the last two months of recruitment, 214 patients were randomised: 107 to
        VX-412 plus docetaxel and 107 to placebo plus docetaxel. These 214 patients form the
        full analysis set (FAS). Three randomised patients, one in the VX-412 arm and two in the
        placebo arm, did not receive any study treatment, so the safety analysis set comprises
        211 patients."""),
        T(
            ["Disposition", "VX-412 + docetaxel", "Placebo + docetaxel", "Total"],
            [
                ["Randomised (full analysis set)", "107", "107", "214"],
                ["Treated (safety analysis set)", "106", "105", "211"],
                ["Discontinued treatment: disease progression", "61", "78", "139"],
                ["Discontinued treatment: adverse event", "12", "7", "19"],
                ["Discontinued treatment: other reasons", "9", "6", "15"],
                ["On treatment at data cut-off", "24", "14", "38"],
            ],
            [3.2, 1.6, 1.6, 1.0],
            caption="Table 1. Patient disposition (all randomised patients)",
        ),
        H("5. Efficacy results"),
        P("""At the primary analysis (data cut-off 30 June 2023), 171 PFS events had been observed
        by BICR, more than the 160 events required by the protocol. The study met its primary
        endpoint: median PFS was 5.8 months with VX-412 plus docetaxel and 3.9 months with
        placebo plus docetaxel (stratified hazard ratio 0.68, 95% confidence interval 0.50 to
        0.92; two-sided stratified log-rank p = 0.012)."""),
        T(
            [
                "Arm",
                "N",
                "Responders (%)",
                "Median PFS (months)",
                "Median OS (months)",
                "HR for PFS (95% CI)",
            ],
            [
                ["VX-412 + docetaxel", "107", "27.1", "5.8", "11.9", "0.68 (0.50–0.92)"],
                ["Placebo + docetaxel", "107", "13.1", "3.9", "10.2", "Reference"],
            ],
            [2.4, 0.7, 1.3, 1.3, 1.3, 1.6],
            caption="Table 2. Primary and key secondary efficacy endpoints (full analysis set)",
            note="""Responders: confirmed complete or partial response by BICR. HR: hazard ratio
            from a Cox model stratified by the randomisation factors; a value below 1 favours
            VX-412.""",
        ),
        P("""The objective response rate was roughly doubled in the VX-412 arm, with 29
        responders (27.1%) compared with 14 (13.1%) in the placebo arm; two patients in the
        VX-412 arm had a complete response. The disease control rate was 71.0% versus 58.9%.
        Overall survival data were immature at the primary analysis, with 118 deaths (55%
        maturity); the stratified hazard ratio for OS was 0.87 (95% CI 0.63 to 1.20). A final OS
        analysis is planned when 160 deaths have occurred."""),
        P("""The PFS benefit was consistent across the prespecified subgroups, including
        histology (hazard ratio 0.64 in non-squamous and 0.75 in squamous disease) and ECOG
        performance status. Patients whose archival tissue showed FGFR1 amplification (n = 38)
        appeared to derive greater benefit, although the subgroup was small and the test for
        interaction was not statistically signifi~cant."""),
        H("6. Safety results"),
        P("""Median duration of exposure was 4.9 months (range 0.2 to 15.8) to VX-412 and 3.6
        months (range 0.3 to 14.1) to placebo. Adverse events were reported in nearly all
        patients in both arms, and most were of grade 1 or 2."""),
        T(
            [
                "Arm",
                "N",
                "Any AE (%)",
                "Grade ≥3 AEs (%)",
                "Serious AEs (%)",
                "AEs leading to discontinuation (%)",
            ],
            [
                ["VX-412 + docetaxel", "106", "97.2", "48.1", "26.4", "11.3"],
                ["Placebo + docetaxel", "105", "94.3", "39.0", "21.0", "6.7"],
            ],
            [2.4, 0.7, 1.2, 1.4, 1.3, 1.9],
            caption="Table 3. Overview of adverse events (safety analysis set)",
        ),
        P("""The most frequent grade 3 or higher adverse events in the VX-412 arm were
        neutropenia (21.7% versus 18.1% with placebo), febrile neutropenia (7.5% versus 5.7%),
        hyperphosphataemia (6.6% versus 0%) and stomatitis (4.7% versus 1.0%).
        Hyperphosphataemia, an expected on-target effect of FGFR inhibition, was managed with
        dietary advice, phosphate binders and dose interruption; it led to permanent
        discontinuation in two patients. Four deaths were attributed to adverse events, two in
        each arm (VX-412 arm: pneumonia and sepsis; placebo arm: pneumonia and pulmonary
        embolism). None was considered related to VX-412 by the investigator."""),
        H("7. Pharmacokinetics and protocol deviations"),
        P("""Sparse pharmacokinetic samples were collected from 98 patients in the VX-412 arm on
        day 1 of cycles 1 and 2. Steady-state exposure to VX-412 given with docetaxel
        (geometric mean AUC0–24 of 63.5 µg·h/mL) was similar to that observed with VX-412 alone
        at 300 mg in the phase I programme, and docetaxel clearance was not altered by VX-412
        (ratio of geometric means 0.97). No relationship between VX-412 exposure and
        neutropenia was found, whereas the probability of hyperphosphataemia increased with
        exposure."""),
        P("""Important protocol deviations were reported for 19 patients (8.9%), most often
        tumour assessments outside the scheduled window (11 patients) and eligibility
        laboratory values outside the permitted range (5 patients). None was judged to affect
        the interpretation of the primary endpoint, and a per-protocol sensitivity analysis
        excluding these patients gave a PFS hazard ratio of 0.66."""),
        H("8. Conclusions"),
        P("""Adding VX-412 to docetaxel significantly prolonged progression-free survival and
        doubled the objective response rate in patients with previously treated advanced
        non-small cell lung cancer, with a manageable increase in haematological and
        phosphate-related toxicity. The results support further evaluation of VX-412 300 mg once
        daily with docetaxel in a confirmatory phase III study, with emphasis on patients whose
        tumours carry FGFR pathway alterations."""),
    ],
)

VX_210 = doc(
    "vx-412-210-kestrel-210-csr-synopsis.pdf",
    "VX-412-210 (KESTREL-210) Clinical Study Report Synopsis",
    "2024-05-06",
    "Veltrix Therapeutics AG",
    "VTX-CSR-412-210 · Final 1.0 · Confidential",
    "Clinical study report synopsis",
    "Study VX-412-210 (KESTREL-210)",
    """An open-label, randomised dose-optimisation phase Ib/II study of VX-412 monotherapy in
    patients with FGFR2-amplified advanced gastric or gastro-oesophageal junction
    adenocarcinoma""",
    [
        F(
            [
                ("Sponsor", "Veltrix Therapeutics AG, Basel, Switzerland"),
                ("Study number", "VX-412-210"),
                ("Investigational product", "VX-412 tablets, 200 mg or 400 mg once daily"),
                ("Phase", "Ib/II"),
                (
                    "Coordinating investigator",
                    "Dr. Tomasz Rudnicki, Wiślany Oncology Institute, Kraków, Poland",
                ),
                ("Contract research organisation", "Northgate Trial Services Ltd, Manchester"),
                ("Study centres", "17 sites in 5 countries"),
                ("First patient in", "2 June 2022"),
                ("Data cut-off", "31 October 2023"),
                ("Database lock", "21 December 2023"),
                ("Report date", "6 May 2024"),
                ("Related study", "VX-412-201 (NSCLC, with docetaxel)"),
            ],
            columns=2,
        ),
        H("1. Background and rationale"),
        P("""FGFR2 amplification is found in a small subset of gastric and gastro-oesophageal
        junction adenocarcinomas and is associated with poor prognosis and limited benefit from
        later-line chemotherapy. VX-412 is an oral, selective inhibitor of FGFR1 to FGFR3. In the
        first-in-human programme the highest tested dose of 400 mg once daily was tolerated, but
        exposure-response modelling suggested that a lower dose might give similar activity with
        fewer dose interruptions. Following current regulatory expectations for dose
        optimi~sation in oncology, KESTREL-210 therefore compared two doses in a randomised
        fashion before a dose was selected for later studies."""),
        H("2. Study design"),
        P("""The study had two parts. Part A (phase Ib) was a safety run-in in which 12 patients
        received VX-412 400 mg once daily; dose-limiting toxicities were assessed over the first
        28 days. After review of the Part A data by the safety review committee, Part B (phase II)
        randomised 84 patients in a 1:1 ratio to 200 mg or 400 mg once daily. Randomisation was
        stratified by region (Asia versus rest of world was planned, but as no Asian sites were
        activated only the number of prior lines of therapy was used). Treatment continued until
        progression or unacceptable toxicity. Patients in the 400 mg cohort of Part A are pooled
        with the Part B 400 mg patients for the efficacy and safety summaries below."""),
        P("""Eligible patients had histologically confirmed, unresectable or metastatic gastric or
        gastro-oesophageal junction adenocarcinoma with FGFR2 amplification confirmed centrally
        by fluorescence in situ hybridisation, at least two prior lines of systemic therapy, and
        an ECOG performance status of 0 or 1. The study was run at 17 sites in Poland, the Czech
        Republic, Spain, Italy and the United Kingdom."""),
        H("3. Endpoints"),
        P("""The primary endpoint was the objective response rate (ORR) by investigator
        assessment according to RECIST 1.1. Secondary endpoints were progression-free survival
        (PFS), duration of response (DoR), disease control rate, safety, and the
        pharma~co~kinetics of VX-412 at both doses. No formal hypothesis testing between the
        doses was planned; the comparison was descriptive and was used, together with safety
        and exposure data, to select the recommended phase II dose."""),
        H("4. Efficacy results"),
        P("""Ninety-six patients received study treatment: 42 in the 200 mg cohort (Part B only)
        and 54 in the 400 mg cohort (12 from Part A and 42 from Part B). At the data cut-off of 31
        October 2023 the median follow-up was 9.7 months. Responses were more frequent at the
        higher dose, and all responses at either dose were partial responses."""),
        T(
            [
                "Dose cohort",
                "N",
                "Responders (%)",
                "Median PFS (months)",
                "Median DoR (months)",
                "Disease control rate (%)",
            ],
            [
                ["VX-412 200 mg QD (Part B)", "42", "11.9", "3.1", "4.6", "47.6"],
                ["VX-412 400 mg QD (Parts A and B)", "54", "18.5", "4.4", "5.5", "59.3"],
            ],
            [2.6, 0.6, 1.2, 1.3, 1.3, 1.4],
            caption="Table 1. Efficacy by dose cohort (all treated patients)",
            note="""Responders: confirmed partial response by investigator assessment. QD: once
            daily. DoR was estimated among responders only.""",
        ),
        P("""Five of 42 patients responded at 200 mg and ten of 54 at 400 mg. Tumour shrinkage of
        any size was seen in 61% of patients at 400 mg and in 45% at 200 mg. Exposure increased
        roughly in proportion to dose: the mean steady-state AUC0–24 was 41.2 µg·h/mL at 200 mg
        and 86.9 µg·h/mL at 400 mg, and the probability of response increased with exposure
        across the observed range."""),
        H("5. Safety results"),
        P("""Adverse events were more frequent at 400 mg, mainly because of hyperphosphataemia,
        nail changes and stomatitis, which are known class effects of FGFR inhibitors. Most
        events were managed with dose interruption or reduction; the median relative dose
        intensity was 92% at 200 mg and 78% at 400 mg."""),
        T(
            [
                "Dose cohort",
                "N",
                "Grade ≥3 AEs (%)",
                "Serious AEs (%)",
                "Dose reductions (%)",
                "Hyperphosphataemia, any grade (%)",
            ],
            [
                ["VX-412 200 mg QD", "42", "35.7", "19.0", "14.3", "64.3"],
                ["VX-412 400 mg QD", "54", "51.9", "27.8", "31.5", "83.3"],
            ],
            [2.4, 0.6, 1.3, 1.2, 1.3, 1.8],
            caption="Table 2. Overview of adverse events (all treated patients)",
        ),
        P("""Central serous retinopathy, a further class effect, occurred in three patients at
        400 mg and in one patient at 200 mg; all cases were grade 1 or 2 and resolved after dose
        interruption. One patient in the 400 mg cohort died of an adverse event (upper
        gastrointestinal haemorrhage at the site of the primary tumour), which the investigator
        considered unrelated to VX-412."""),
        H("6. Conclusions"),
        P("""VX-412 showed antitumour activity in heavily pretreated FGFR2-amplified gastric and
        gastro-oesophageal junction adenocarcinoma. The 400 mg once-daily dose gave a higher
        response rate and longer progression-free survival than 200 mg, at the cost of more
        dose reductions, and the benefit-risk balance was judged to favour the higher dose.
        VX-412 400 mg once daily was therefore selected as the recommended phase II dose for
        gastric cancer. The dose of 300 mg once daily used with docetaxel in lung cancer (study
        VX-412-201) is not affected by this decision."""),
    ],
)

CW3_INTERIM = doc(
    "hb-0931-301-clearway-3-interim-analysis-report.pdf",
    "CLEARWAY-3 (HB-0931-301) Interim Analysis Report",
    "2023-07-24",
    "Halden Biopharma Ltd",
    "HB-0931-301-IA1 · Version 1.0 · Preliminary",
    "Interim analysis report · Confidential",
    "CLEARWAY-3 (Study HB-0931-301)",
    """Planned interim analysis of week-16 efficacy in a randomised, double-blind,
    placebo-controlled phase III study of HB-0931 in adults with moderate-to-severe plaque
    psoriasis""",
    [
        F(
            [
                ("Sponsor", "Halden Biopharma Ltd, Cambridge, United Kingdom"),
                ("Study number", "HB-0931-301"),
                (
                    "Investigational product",
                    "HB-0931, humanised anti-IL-23p19 monoclonal antibody, 150 mg or 300 mg SC",
                ),
                ("Analysis", "Interim analysis 1 (IA1), prespecified in the protocol"),
                ("Data cut-off", "15 May 2023"),
                ("Patients in the analysis", "412 of 618 randomised"),
                (
                    "Prepared by",
                    """Castlerock Clinical Ltd, independent statistics team, for the
                    Independent Data Monitoring Committee""",
                ),
                ("Report date", "24 July 2023"),
                ("Status", "Preliminary; data not fully source-verified"),
            ],
            style="lines",
            label_share=0.3,
        ),
        H("1. Purpose of the interim analysis"),
        P("""The CLEARWAY-3 protocol specifies one interim analysis of the week-16 efficacy
        endpoints, to be performed when approximately two thirds of the randomised patients
        have completed the week-16 visit. Its purposes are to allow the Independent Data
        Monitoring Committee (IDMC) to confirm that the assumptions behind the sample size
        remain reasonable, to review unblinded safety data, and to support the sponsor's
        planning of the long-term extension study. The study was not to be stopped early for
        efficacy; the interim analysis spends a nominal two-sided alpha of 0.001 so that the
        final analysis can be performed at 0.049."""),
        P("""Enrolment was completed on 2 April 2023 with 618 patients randomised 1:1:1 to HB-0931
        150 mg, HB-0931 300 mg or placebo, given subcutaneously at weeks 0 and 4 and every 12
        weeks thereafter. At week 16 patients on placebo were switched, in a blinded manner, to
        HB-0931 300 mg. By the data cut-off of 15 May 2023, 412 patients had reached the week-16
        visit or had discontinued before it; they form the interim analysis set."""),
        H("2. Statistical methods"),
        P("""The co-primary endpoints are the proportion of patients achieving at least a 90%
        improvement in the Psoriasis Area and Severity Index (PASI 90) and the proportion with a
        static Physician's Global Assessment of clear or almost clear (sPGA 0/1) at week 16.
        Patients with missing week-16 data were counted as non-responders. Differences between
        each HB-0931 dose and placebo were estimated with the Cochran-Mantel-Haenszel method,
        stratified by body weight (below or at least 90 kg) and prior biologic use. No
        adjustment for multiplicity beyond the alpha spent at this analysis was made, and
        confidence intervals are descriptive."""),
        H("3. Efficacy results at week 16"),
        T(
            ["Arm", "N", "PASI 90 (%)", "sPGA 0/1 (%)", "PASI 75 (%)"],
            [
                ["HB-0931 150 mg", "137", "58.4", "71.5", "79.6"],
                ["HB-0931 300 mg", "138", "66.7", "76.1", "84.8"],
                ["Placebo", "137", "5.1", "8.8", "11.7"],
            ],
            [2.4, 0.8, 1.2, 1.2, 1.2],
            caption="Table 1. Week-16 efficacy, interim analysis set (data cut-off 15 May 2023)",
            note="""Non-responder imputation for missing data. Figures are preliminary and have
            not been fully source-verified.""",
        ),
        P("""Both doses of HB-0931 were clearly superior to placebo on both co-primary endpoints
        (nominal p < 0.001 for each comparison). The difference in PASI 90 response between 300
        mg and placebo was 61.6 percentage points, and between 150 mg and placebo 53.3
        percentage points. The observed response rates are higher than those assumed in the
        sample size calculation (PASI 90 of 50% on active treatment and 8% on placebo), so the
        study remains adequately powered."""),
        H("4. Safety"),
        P("""The safety review covered all 618 randomised patients who had received at least one
        dose by the data cut-off, using all available data up to that date rather than only the
        week-16 data. No new safety signal was identified. The rates of adverse events were
        similar between the HB-0931 doses and placebo; serious infections were rare and balanced
        across arms, and there were no cases of active tuberculosis, inflammatory bowel disease
        or anaphylaxis."""),
        T(
            ["Arm", "N", "Any AE (%)", "Grade ≥3 AEs (%)", "Serious infections (%)"],
            [
                ["HB-0931 150 mg", "205", "41.0", "3.4", "0.5"],
                ["HB-0931 300 mg", "206", "43.7", "3.9", "0.5"],
                ["Placebo", "205", "39.5", "2.9", "0.0"],
            ],
            [2.4, 0.8, 1.2, 1.4, 1.6],
            caption="Table 2. Adverse events up to the data cut-off (safety analysis set)",
        ),
        H("5. Recommendation of the IDMC"),
        P("""The IDMC met on 12 July 2023 and reviewed the unblinded results. It recommended that
        the study continue without modification, including the planned sample size of 618
        patients and the week-52 treatment period. The sponsor's study team remains blinded to
        the results by arm; only the aggregate figures above, approved for release by the IDMC,
        are shared within the company's interim governance committee."""),
        P("""These interim figures are provided for planning purposes only. They are based on
        two thirds of the study population and on data that were not fully cleaned or
        source-verified, and they will be superseded by the final clinical study report, which
        will include all 618 patients and the week-52 results."""),
        P("""Distribution of this report is restricted to the members of the IDMC, the
        independent statistics team at Castlerock Clinical Ltd and the members of the sponsor's
        interim governance committee named in the IDMC charter (version 2.0 of 9 March 2023). It
        must not be forwarded to investigators, site staff or any other person involved in the
        conduct of the study."""),
    ],
)

CW3_FINAL = doc(
    "hb-0931-301-clearway-3-final-csr-synopsis.pdf",
    "CLEARWAY-3 (HB-0931-301) Final Clinical Study Report Synopsis",
    "2024-09-02",
    "Halden Biopharma Ltd",
    "HB-0931-301-CSR · Final 1.0",
    "Clinical study report synopsis",
    "CLEARWAY-3 (Study HB-0931-301)",
    """A randomised, double-blind, placebo-controlled phase III study of the efficacy and
    safety of HB-0931 in adults with moderate-to-severe plaque psoriasis: final analysis
    including week-52 results""",
    [
        F(
            [
                ("Sponsor", "Halden Biopharma Ltd, Cambridge, United Kingdom"),
                ("Study number", "HB-0931-301"),
                ("Phase", "III"),
                ("Investigational product", "HB-0931 150 mg or 300 mg SC"),
                (
                    "Coordinating investigator",
                    "Prof. Annika Sjöberg-Lind, Uppsala Skin Research Centre, Uppsala, Sweden",
                ),
                ("Contract research organisation", "Castlerock Clinical Ltd, Dublin, Ireland"),
                ("Study centres", "72 sites in 11 countries"),
                ("First patient in", "20 June 2022"),
                ("Last patient randomised", "2 April 2023"),
                ("Last patient last visit", "8 April 2024"),
                ("Database lock", "17 May 2024"),
                ("Report date", "2 September 2024"),
            ],
            columns=2,
        ),
        H("1. Design and patients"),
        P("""CLEARWAY-3 randomised 618 adults with moderate-to-severe chronic plaque psoriasis
        (PASI of at least 12, sPGA of at least 3 and at least 10% body surface area involvement)
        in a 1:1:1 ratio to HB-0931 150 mg, HB-0931 300 mg or placebo, each arm comprising 206
        patients. Study drug was injected subcutaneously at weeks 0 and 4 and every 12 weeks
        thereafter up to week 40. At week 16 patients on placebo were switched, blinded, to
        HB-0931 300 mg. Randomisation was stratified by body weight and by prior exposure to a
        biologic therapy, which 31% of patients had received."""),
        P("""Baseline characteristics were balanced: mean age 45.2 years, 68% men, mean PASI 21.4
        and mean body surface area involvement 27%. Of the 618 randomised patients, 571 (92.4%)
        completed week 52. The most common reasons for discontinuation were withdrawal of
        consent and loss to follow-up; discontinuations for lack of efficacy occurred mainly in
        the placebo arm before week 16."""),
        H("2. Efficacy results"),
        P("""Both co-primary endpoints were met for both doses. At week 16, 69.9% of patients on
        HB-0931 300 mg and 61.2% on 150 mg achieved PASI 90, compared with 5.3% on placebo. The
        adjusted difference from placebo was 64.6 percentage points (95% CI 57.9 to 71.3) for
        300 mg and 55.9 percentage points (95% CI 48.8 to 63.0) for 150 mg (p < 0.001 for
        both). Responses were maintained to week 52 in most patients who had responded at week
        16."""),
        T(
            [
                "Arm",
                "N",
                "PASI 90 at week 16 (%)",
                "sPGA 0/1 at week 16 (%)",
                "PASI 75 at week 16 (%)",
                "PASI 90 at week 52 (%)",
            ],
            [
                ["HB-0931 150 mg", "206", "61.2", "73.3", "81.6", "70.4"],
                ["HB-0931 300 mg", "206", "69.9", "79.1", "86.4", "78.2"],
                ["Placebo", "206", "5.3", "7.8", "12.1", "n/a"],
            ],
            [2.0, 0.7, 1.3, 1.3, 1.3, 1.3],
            caption="Table 1. Co-primary and key secondary endpoints (full analysis set)",
            note="""Non-responder imputation. Placebo patients switched to HB-0931 300 mg at week
            16, so no placebo week-52 figure is reported.""",
        ),
        P("""The final results differ slightly from those of the interim analysis (data cut-off
        15 May 2023), which was based on 412 patients and on data that were not fully
        source-verified. The figures in this report are based on all 618 randomised patients
        after database lock and supersede the interim figures."""),
        P("""Improvement began early: the separation from placebo in mean percentage change in
        PASI was evident from week 2 onwards. Among patients who switched from placebo to
        HB-0931 300 mg at week 16, 71.8% achieved PASI 90 at week 52. Subgroup analyses by body
        weight showed smaller differences between the two doses in patients below 90 kg than in
        heavier patients, in whom 300 mg was more effective."""),
        H("3. Safety results"),
        T(
            [
                "Arm",
                "N",
                "Any AE (%)",
                "Grade ≥3 AEs (%)",
                "Serious infections (%)",
                "Injection-site reactions (%)",
            ],
            [
                ["HB-0931 150 mg", "205", "47.8", "3.9", "0.5", "2.4"],
                ["HB-0931 300 mg", "206", "50.5", "4.4", "1.0", "3.4"],
                ["Placebo", "205", "44.4", "3.4", "0.5", "1.5"],
            ],
            [2.0, 0.7, 1.2, 1.4, 1.5, 1.6],
            caption="Table 2. Adverse events, weeks 0 to 16 (safety analysis set)",
            note="""Two randomised patients (one each in the 150 mg and placebo arms) were not
            dosed.""",
        ),
        P("""Over 52 weeks the exposure-adjusted incidence of adverse events did not increase with
        longer treatment. The most common adverse events were nasopharyngitis, upper
        respiratory tract infection and headache. Serious infections occurred at a rate of 1.1
        per 100 patient-years with HB-0931. There were no cases of active tuberculosis, and no
        patient developed inflammatory bowel disease. Anti-drug antibodies were detected in
        4.6% of patients treated with HB-0931 and had no apparent effect on efficacy or
        safety."""),
        H("4. Patient-reported outcomes"),
        P("""A Dermatology Life Quality Index (DLQI) score of 0 or 1, meaning no effect of the
        skin disease on the patient's life, was reported at week 16 by 58.7% of patients on
        150 mg, 64.1% on 300 mg and 6.8% on placebo. Itch, measured on a numeric rating scale
        from 0 to 10, improved by a mean of 5.1 and 5.6 points on the two doses compared with
        1.2 points on placebo. Improvements in both measures were maintained to week 52 in
        patients who continued on HB-0931."""),
        H("5. Conclusions"),
        P("""HB-0931 150 mg and 300 mg were highly effective compared with placebo in adults with
        moderate-to-severe plaque psoriasis, with high and durable response rates to week 52
        and a safety profile consistent with the IL-23 inhibitor class. The 300 mg dose gave
        numerically higher responses, particularly in patients weighing 90 kg or more, and is
        proposed as the dose for patients with higher body weight. Long-term data will be
        collected in the open-label extension study HB-0931-305."""),
    ],
)

TIDEWATER = doc(
    "rn-118-302-tidewater-csr-synopsis.pdf",
    "RN-118-302 (TIDEWATER) Clinical Study Report Synopsis",
    "2023-11-15",
    "Renquist Pharma A/S",
    "RQ-CSR-118-302 · Version 1.0",
    "Clinical study report synopsis",
    "Study RN-118-302 (TIDEWATER)",
    """A 26-week, randomised, double-blind, placebo-controlled phase III study of once-daily
    oral RN-118 added to metformin in adults with type 2 diabetes inadequately controlled on
    metformin alone""",
    [
        F(
            [
                ("Sponsor", "Renquist Pharma A/S, Copenhagen, Denmark"),
                ("Study number", "RN-118-302"),
                ("Investigational product", "RN-118 (oral glucokinase activator), 25 mg or 50 mg"),
                ("Phase", "III"),
                (
                    "Coordinating investigator",
                    "Dr. Sofie Kjærsgaard-Lunde, Jutland Metabolic Research Clinic, Aarhus",
                ),
                ("Contract research organisation", "Lindqvist Research Partners AB, Stockholm"),
                ("Study centres", "96 sites in 12 countries"),
                ("First patient in", "11 January 2022"),
                ("Last patient last visit", "19 May 2023"),
                ("Database lock", "3 August 2023"),
            ],
            style="lines",
            label_share=0.32,
        ),
        H("1. Objectives and endpoints"),
        P("""The primary objective was to show that RN-118, added to a stable dose of metformin,
        lowers glycated haemoglobin (HbA1c) more than placebo after 26 weeks. The primary
        endpoint was the change in HbA1c from baseline to week 26. Confirmatory secondary
        endpoints, tested in a fixed hierarchy, were the change in fasting plasma glucose (FPG),
        the proportion of patients reaching an HbA1c below 7.0% at week 26, and the change in
        body weight. Safety endpoints included hypoglycaemia, liver enzymes and lipids."""),
        H("2. Methodology"),
        P("""TIDEWATER was a multinational, randomised, double-blind, parallel-group study. After
        a two-week single-blind placebo run-in, adults aged 18 to 75 years with type 2 diabetes,
        an HbA1c between 7.0% and 10.5% and a stable metformin dose of at least 1,500 mg per day
        were randomised 1:1:1 to RN-118 25 mg, RN-118 50 mg or placebo once daily, taken before
        breakfast. The treatment period was 26 weeks, followed by a two-week safety follow-up
        without study drug. There was no extension period. Rescue medication was permitted for
        persistent hyperglycaemia, and data after the start of rescue were handled as specified
        in the estimand framework (treatment policy estimand, with multiple imputation based on
        retrieved dropouts)."""),
        P("""The study was run at 96 sites in 12 countries in Europe, North America and Latin
        America. Sites were monitored by Lindqvist Research Partners AB, which also performed
        data management and the statistical analyses on behalf of the sponsor. HbA1c was
        measured in a central laboratory."""),
        H("3. Number of patients"),
        P("""Of 1,106 patients screened, 742 were randomised: 248 to RN-118 25 mg, 247 to RN-118
        50 mg and 247 to placebo. In total, 689 patients (92.9%) completed 26 weeks on study
        drug. Baseline characteristics were balanced across arms: mean age 58.3 years, mean
        duration of diabetes 7.9 years, mean body weight 88.6 kg and mean HbA1c 8.12%."""),
        H("4. Efficacy results"),
        T(
            [
                "Arm",
                "N",
                "Baseline HbA1c (%)",
                "Change at week 26 (%-points)",
                "Difference vs placebo (%-points, 95% CI)",
            ],
            [
                ["RN-118 25 mg", "248", "8.12", "−0.84", "−0.61 (−0.76 to −0.46)"],
                ["RN-118 50 mg", "247", "8.09", "−1.07", "−0.84 (−0.99 to −0.69)"],
                ["Placebo", "247", "8.15", "−0.23", "—"],
            ],
            [1.8, 0.7, 1.3, 1.5, 2.3],
            caption="Table 1. Change in HbA1c from baseline to week 26 (full analysis set)",
            note="""Least-squares means from an analysis of covariance with treatment, region and
            baseline HbA1c; treatment policy estimand.""",
        ),
        P("""Both doses of RN-118 were superior to placebo for the primary endpoint (p < 0.001 for
        each dose). The effect on fasting plasma glucose was visible from week 2, and the
        reduction in HbA1c reached a plateau at about week 16 with no sign of loss of effect up
        to week 26. The confirmatory secondary endpoints were met for FPG and for the
        proportion reaching an HbA1c below 7.0%; body weight did not differ from placebo."""),
        T(
            [
                "Arm",
                "FPG change (mmol/L)",
                "HbA1c < 7.0% at week 26 (%)",
                "Body weight change (kg)",
            ],
            [
                ["RN-118 25 mg", "−1.21", "38.3", "−0.4"],
                ["RN-118 50 mg", "−1.58", "47.4", "−0.6"],
                ["Placebo", "−0.32", "17.8", "−0.9"],
            ],
            [2.0, 1.5, 1.7, 1.6],
            caption="Table 2. Secondary efficacy endpoints at week 26 (full analysis set)",
        ),
        H("5. Safety results"),
        P("""RN-118 was generally well tolerated. Level 2 hypoglycaemia (plasma glucose below 3.0
        mmol/L) was reported by 2.0% of patients on 25 mg, 3.6% on 50 mg and 0.8% on placebo;
        no level 3 (severe) hypoglycaemic event occurred. Increases in alanine aminotransferase
        above three times the upper limit of normal occurred in 1.2%, 2.4% and 0.4% of patients
        respectively; all were asymptomatic and reversible. Mean triglycerides rose by 0.18
        mmol/L on 50 mg compared with placebo."""),
        T(
            [
                "Arm",
                "N",
                "Any AE (%)",
                "Serious AEs (%)",
                "Discontinued due to AE (%)",
                "Level 2 hypoglycaemia (%)",
            ],
            [
                ["RN-118 25 mg", "248", "52.0", "4.4", "3.2", "2.0"],
                ["RN-118 50 mg", "247", "55.9", "4.9", "4.5", "3.6"],
                ["Placebo", "247", "47.4", "4.5", "2.0", "0.8"],
            ],
            [1.8, 0.7, 1.1, 1.2, 1.6, 1.6],
            caption="Table 3. Overview of adverse events (safety analysis set)",
        ),
        H("6. Conclusions"),
        P("""In adults with type 2 diabetes inadequately controlled on metformin, RN-118 25 mg and
        50 mg once daily lowered HbA1c by a clinically meaningful amount over 26 weeks, with a
        low risk of hypoglycaemia and no effect on body weight. Small, reversible increases in
        liver enzymes and triglycerides were observed, mainly at 50 mg, and will be monitored
        in the long-term studies of the phase III programme."""),
    ],
)

ALDER_PA3 = doc(
    "cv-207-201-alder-hf-protocol-amendment-3.pdf",
    "CV-207-201 (ALDER-HF) Protocol Amendment 3",
    "2023-09-18",
    "Corvane Therapeutics Inc.",
    "CV-207-201 · Protocol v4.0 (Amendment 3)",
    "Clinical study protocol amendment",
    "Protocol Amendment 3 · Study CV-207-201 (ALDER-HF)",
    """A randomised, double-blind, placebo-controlled phase II study of CV-207 in patients with
    heart failure with preserved ejection fraction. Amended protocol version 4.0 of 18 September
    2023""",
    [
        F(
            [
                ("Sponsor", "Corvane Therapeutics Inc., Raleigh, North Carolina, USA"),
                ("Investigational product", "CV-207 tablets, 10 mg and 20 mg once daily"),
                ("Protocol version", "4.0 (Amendment 3)"),
                ("Amendment date", "18 September 2023"),
                ("Replaces", "Version 3.0 (Amendment 2) of 12 January 2023"),
                ("Amendment type", "Substantial"),
                ("Sponsor medical lead", "Dr. Rachel Okonkwo-Baines"),
                (
                    "Coordinating investigator",
                    "Prof. Elena Marchetti-Rowe, St Aldric's University Hospital, Dublin",
                ),
            ],
            columns=2,
        ),
        H("1. Protocol history"),
        T(
            ["Version", "Date", "Type", "Main reason"],
            [
                ["1.0", "4 March 2022", "Original protocol", "—"],
                [
                    "2.0",
                    "30 August 2022",
                    "Amendment 1",
                    """Clarified the NT-proBNP inclusion threshold for patients in atrial
                    fibrillation""",
                ],
                [
                    "3.0",
                    "12 January 2023",
                    "Amendment 2",
                    "Added sites in Canada and the United Kingdom; added potassium monitoring",
                ],
                [
                    "4.0",
                    "18 September 2023",
                    "Amendment 3",
                    "Sample size, treatment duration, interim futility analysis, eGFR criterion",
                ],
            ],
            [0.8, 1.4, 1.4, 4.4],
            caption="Table 1. Versions of the protocol",
        ),
        H("2. Rationale for the amendment"),
        P("""ALDER-HF compares two doses of CV-207 with placebo in patients with symptomatic heart
        failure with a left ventricular ejection fraction of at least 50%. The primary endpoint
        is the change from baseline in the Kansas City Cardiomyopathy Questionnaire clinical
        summary score (KCCQ-CSS) at week 24. A blinded review of the pooled data of the first
        150 randomised patients showed that the standard deviation of the change in KCCQ-CSS
        was about 18 points, higher than the 15 points assumed when the study was designed.
        With the original sample size the power to detect the assumed difference of 6 points
        would fall from 85% to about 70%."""),
        P("""At the same time, the steering committee advised that the treatment period be
        extended so that the durability of any effect on symptoms and exercise capacity can be
        assessed, and that patients with moderately reduced kidney function, who are common in
        this population, be allowed to take part. The amendment therefore increases the sample
        size, lengthens the treatment period, relaxes the kidney function exclusion criterion and
        introduces a non-binding interim analysis for futility. The primary endpoint and its
        timing at week 24 are not changed."""),
        H("3. Summary of changes"),
        T(
            ["Section", "Previous text", "New text"],
            [
                [
                    "9.2 Sample size",
                    "300 randomised patients (100 per arm)",
                    "360 randomised patients (120 per arm)",
                ],
                [
                    "6.1 Treatment duration",
                    "24 weeks of double-blind treatment",
                    "36 weeks of double-blind treatment; primary endpoint still at week 24",
                ],
                [
                    "5.2 Exclusion criterion 7",
                    "eGFR < 30 mL/min/1.73 m² at screening",
                    "eGFR < 25 mL/min/1.73 m² at screening",
                ],
                [
                    "9.6 Interim analysis",
                    "No interim analysis planned",
                    "Non-binding futility analysis when 50% of patients have completed week 24",
                ],
                [
                    "8.3 Secondary endpoints",
                    "Change in 6-minute walk distance at week 24",
                    "Change in 6-minute walk distance at weeks 24 and 36",
                ],
                [
                    "4.1 Study sites",
                    "Approximately 45 sites in 6 countries",
                    "Approximately 58 sites in 8 countries (Spain and the Netherlands added)",
                ],
            ],
            [1.6, 2.6, 3.4],
            caption="Table 2. Changes introduced by Amendment 3",
        ),
        P("""Editorial corrections and clarifications that do not change the conduct of the
        study, such as the renumbering of appendices and the updated list of prohibited strong
        CYP3A4 inhibitors, are listed in the tracked-change version of the protocol and are not
        repeated here."""),
        H("4. Impact on patients already enrolled"),
        P("""As of the amendment date, 187 patients had been randomised. Patients who are still
        within the first 24 weeks of treatment when the amendment is approved at their site
        will be asked to re-consent and will then continue double-blind treatment to week 36.
        Patients who have already completed 24 weeks of treatment will complete the study under
        the previous version of the protocol, with a follow-up visit four weeks after the last
        dose. The statistical analysis plan will be updated to describe the handling of the two
        groups. No change is made to the randomisation ratio (1:1:1 to placebo, CV-207 10 mg or
        CV-207 20 mg) or to the stratification by baseline atrial fibrillation."""),
        H("5. Interim analysis for futility"),
        P("""The interim analysis will be performed by an independent statistician and reviewed
        by the Data Monitoring Committee when 180 patients have completed the week-24 visit.
        The study may be stopped for futility if the conditional power for the comparison of
        CV-207 20 mg with placebo is below 15%. Because the analysis is non-binding and will not
        allow stopping for efficacy, no alpha is spent and the final analysis remains at a
        two-sided significance level of 0.05."""),
        H("6. Benefit-risk assessment"),
        P("""Lowering the eGFR threshold to 25 mL/min/1.73 m² adds patients at higher risk of
        hyperkalaemia. The potassium monitoring introduced by Amendment 2 (measurements at
        weeks 1, 2, 4 and monthly thereafter) is therefore kept, and CV-207 is to be interrupted
        if serum potassium exceeds 5.8 mmol/L. The longer treatment period adds twelve weeks of
        exposure; the sponsor considers the overall benefit-risk balance of participation to
        remain favourable on the basis of the blinded safety data reviewed so far."""),
    ],
)

LT_055 = doc(
    "lt-055-101-first-in-human-csr-synopsis.pdf",
    "LT-055-101 First-in-Human Study Clinical Study Report Synopsis",
    "2023-10-02",
    "Lumaterra Bio SAS",
    "LTB-CSR-055-101 · Version 1.0",
    "Clinical study report synopsis · Phase I",
    "Study LT-055-101",
    """A first-in-human, randomised, double-blind, placebo-controlled, single ascending dose
    study of the safety, tolerability and pharmacokinetics of LT-055 in healthy adult
    volunteers""",
    [
        F(
            [
                ("Sponsor", "Lumaterra Bio SAS, Lyon, France"),
                ("Investigational product", "LT-055 oral capsules, 10 mg and 100 mg strengths"),
                ("Indication under development", "Idiopathic pulmonary fibrosis"),
                ("Principal investigator", "Dr. Camille Arnaud-Ferrière"),
                ("Study site", "Rhône Clinical Pharmacology Unit, Lyon (single centre)"),
                ("First subject dosed", "6 February 2023"),
                ("Last subject last visit", "30 June 2023"),
                ("Database lock", "4 August 2023"),
                ("Report date", "2 October 2023"),
            ],
            style="lines",
            label_share=0.3,
        ),
        H("1. Objectives"),
        P("""The primary objective was to assess the safety and tolerability of single oral doses
        of LT-055 in healthy adults. Secondary objectives were to characterise the
        pharma~co~kinetics (PK) of LT-055 after single doses and to identify doses suitable for
        the multiple ascending dose study. Exploratory objectives covered the effect of LT-055
        on circulating markers of fibroblast activation, which will be reported separately."""),
        H("2. Design"),
        P("""Healthy men and women of non-childbearing potential aged 18 to 55 years were enrolled
        in five sequential cohorts of eight subjects; in each cohort six received LT-055 and two
        received placebo. The doses were 10, 30, 100, 300 and 600 mg, given in the fasted state.
        In every cohort two sentinel subjects (one on LT-055, one on placebo) were dosed 48 hours
        before the rest of the cohort. Escalation to the next dose took place only after the
        safety review committee had reviewed safety and PK data up to day 7 of the previous
        cohort. Subjects stayed in the unit from day −1 to day 4 and returned on days 7 and 14.
        Food effect and drug-drug interactions were not studied."""),
        H("3. Subjects"),
        P("""Forty subjects were randomised and dosed (30 on LT-055 and 10 on placebo) and all
        completed the study. The mean age was 31.6 years (range 19 to 54), 26 subjects were men,
        and the mean body mass index was 23.9 kg/m²."""),
        H("4. Pharmacokinetic results"),
        P("""LT-055 was absorbed with a median time to peak concentration of 1.5 to 3.0 hours and
        eliminated with a mean terminal half-life of about 10 to 12 hours, which supports
        once-daily dosing. Exposure increased in proportion to dose from 10 to 300 mg and less
        than proportionally from 300 to 600 mg, probably because of solubility-limited
        absorption at the highest dose."""),
        T(
            [
                "Dose (mg)",
                "N",
                "Cmax (ng/mL)",
                "Tmax (h)",
                "AUC0–inf (ng·h/mL)",
                "t½ (h)",
            ],
            [
                ["10", "6", "48.2", "1.5", "512", "9.8"],
                ["30", "6", "139", "1.5", "1,620", "10.4"],
                ["100", "6", "455", "2.0", "5,480", "11.1"],
                ["300", "6", "1,190", "2.5", "15,900", "11.6"],
                ["600", "6", "1,870", "3.0", "27,400", "12.3"],
            ],
            [1.2, 0.7, 1.3, 1.0, 1.8, 1.0],
            caption="Table 1. Plasma pharmacokinetic parameters of LT-055 after a single dose",
            note="""Geometric means, except Tmax (median). Cmax: maximum plasma concentration;
            AUC0–inf: area under the concentration-time curve extrapolated to infinity; t½:
            terminal elimination half-life.""",
        ),
        P("""Between-subject variability was moderate, with coefficients of variation of 22% to
        35% for Cmax and 19% to 31% for AUC. Less than 2% of the dose was excreted unchanged in
        urine at all dose levels."""),
        H("5. Safety results"),
        P("""LT-055 was well tolerated at all doses. No serious adverse event, no severe adverse
        event and no adverse event leading to withdrawal occurred, and the maximum tolerated
        dose was not reached. The most frequent adverse events were headache and nausea, which
        were mild and became more common at 300 and 600 mg. Two subjects had transient
        increases in alanine aminotransferase to less than twice the upper limit of normal;
        there were no clinically relevant changes in vital signs or ECG intervals."""),
        P("""Two minor protocol deviations were recorded: one 8-hour PK sample in the 100 mg
        cohort was taken 14 minutes late, and a vital-sign measurement was omitted for one
        subject of the 30 mg cohort on day 2. Neither affected the results. Plasma
        concentrations were measured with a validated LC-MS/MS method with a lower limit of
        quantification of 0.5 ng/mL; all samples were analysed within the established
        long-term stability period."""),
        T(
            [
                "Dose (mg)",
                "N",
                "Subjects with AEs (n)",
                "Headache (n)",
                "Nausea (n)",
                "ALT above ULN (n)",
            ],
            [
                ["Placebo (pooled)", "10", "3", "2", "0", "0"],
                ["10", "6", "1", "1", "0", "0"],
                ["30", "6", "2", "1", "0", "0"],
                ["100", "6", "2", "1", "1", "0"],
                ["300", "6", "3", "2", "1", "1"],
                ["600", "6", "5", "3", "3", "1"],
            ],
            [1.6, 0.7, 1.5, 1.1, 1.1, 1.4],
            caption="Table 2. Adverse events by dose (safety set)",
        ),
        H("6. Conclusions"),
        P("""Single oral doses of LT-055 up to 600 mg were safe and well tolerated in healthy
        adults. The PK profile supports once-daily dosing. Based on exposure and tolerability,
        doses of 100, 200 and 300 mg once daily for 14 days will be studied in the multiple
        ascending dose study LT-055-102, which is planned to start in the first quarter of
        2024."""),
    ],
)

CORPUS = Corpus(
    "trial-reports",
    "Clinical Trial Reports",
    clean(
        """Clinical study report synopses, an interim analysis report and a protocol amendment
        of invented drug trials (oncology, psoriasis, diabetes, heart failure and a phase I
        study): design, sponsors, investigators, enrolment, dates, efficacy endpoints and
        adverse event tables."""
    ),
    (VX_201, VX_210, CW3_INTERIM, CW3_FINAL, TIDEWATER, ALDER_PA3, LT_055),
)
