"""Corpus "certificates": invented calibration, conformity, insurance, ISO and test certificates.

Every laboratory, insurer, certification body, manufacturer, person and number is invented.
"""

from model import Corpus, F, H, P, S, T, clean, doc

KALIBRA_ACCREDITATION = """Kalibra Messtechnik GmbH is accredited by the Northern Accreditation
Authority (NAA) under accreditation number K-20914 as a calibration laboratory for pressure
quantities. This calibration certificate documents the traceability to national standards,
which realise the units of measurement according to the International System of Units (SI).
The laboratory is responsible for the calibration of the instrument; the user is responsible
for having the instrument recalibrated at appropriate intervals."""

KALIBRA_CONDITIONS = """This certificate may not be reproduced other than in full except with
the written permission of the issuing laboratory. Calibration certificates without signature
are not valid. The results relate only to the item calibrated, in the condition in which it was
received or, where stated, after adjustment. The reported expanded uncertainty of measurement
is the standard uncertainty multiplied by the coverage factor k = 2, which for a normal
distribution corresponds to a coverage probability of approximately 95%. It includes
contributions from the reference standard, the resolution and repeatability of the instrument,
hysteresis, zero deviation and the environmental conditions."""


def kalibra_method(series: str) -> list:
    return [
        H("2. Calibration method"),
        P(f"""The instrument was calibrated according to the laboratory procedure KM-P-04
        (pressure gauges with electrical or digital output, comparison method). Before the
        measurements the instrument was acclimatised in the laboratory for at least 12 hours,
        mounted in the vertical position and pre-loaded three times to full scale. {series}
        The pressure medium was nitrogen; the reference level was the centre of the pressure
        connection, and no head correction was required. The readings were taken from the
        instrument's display in the unit bar without conversion."""),
    ]


GAUGE_2208 = doc(
    "kc-24-03187-calibration-certificate-dpg-400-4471-2208-a.pdf",
    "Calibration Certificate KC-24-03187 Digital Pressure Gauge DPG-400 S/N 4471-2208-A",
    "2024-03-08",
    "Kalibra Messtechnik GmbH",
    "KC-24-03187 · Calibration certificate",
    "Calibration certificate · NAA accredited laboratory K-20914",
    "Certificate No. KC-24-03187",
    "Digital pressure gauge DPG-400, serial number 4471-2208-A",
    [
        F(
            [
                ("Customer", "Pellwick Instruments Ltd, Unit 4, Farrowgate Business Park, Leeds"),
                ("Order number", "PO-PI-24-0331"),
                ("Instrument", "Digital pressure gauge"),
                ("Manufacturer", "Tavrin Instruments"),
                ("Model", "DPG-400"),
                ("Serial number", "4471-2208-A"),
                ("Customer asset ID", "PI-PG-017"),
                ("Measuring range", "0 to 40 bar (gauge)"),
                ("Resolution", "0.001 bar"),
                ("Date of receipt", "4 March 2024"),
                ("Date of calibration", "7 March 2024"),
                ("Date of issue", "8 March 2024"),
                ("Place of calibration", "Kalibra laboratory, Bremen"),
                ("Number of pages", "2"),
            ],
            columns=2,
        ),
        H("1. Accreditation and traceability"),
        P(KALIBRA_ACCREDITATION),
        P(KALIBRA_CONDITIONS),
        F(
            [
                ("Head of laboratory", "Dr. Friedrich Oltmanns"),
                ("Calibrated by", "Lena Brockhaus"),
            ],
            columns=2,
            label_share=0.45,
        ),
        *kalibra_method(
            """Two series were measured, one with increasing and one with decreasing pressure,
            at six calibration points."""
        ),
        H("3. Reference standards and environmental conditions"),
        T(
            ["Reference standard", "Identification", "Certificate no.", "Calibration due"],
            [
                ["Pressure balance, 0.2 to 60 bar", "KM-DW-07", "NAA-K-0518-23", "November 2024"],
                ["Barometer", "KM-BA-02", "KC-23-09961", "August 2024"],
            ],
            [2.6, 1.4, 1.6, 1.4],
            caption="Table 1. Reference standards used",
        ),
        P("""Ambient temperature during calibration: 20.4 °C ± 0.5 °C. Relative humidity: 41% ±
        5%. Atmospheric pressure: 1012 hPa. The instrument was calibrated as received; no
        adjustment was made."""),
        H("4. Results"),
        T(
            [
                "Nominal (bar)",
                "Measured, increasing (bar)",
                "Measured, decreasing (bar)",
                "Deviation (bar)",
                "Uncertainty (±bar)",
            ],
            [
                ["0.000", "0.000", "0.000", "0.000", "0.004"],
                ["5.000", "5.003", "5.005", "+0.004", "0.004"],
                ["10.000", "10.004", "10.006", "+0.005", "0.005"],
                ["20.000", "20.007", "20.009", "+0.008", "0.007"],
                ["30.000", "30.010", "30.014", "+0.012", "0.009"],
                ["40.000", "40.012", "40.016", "+0.014", "0.012"],
            ],
            [1.2, 1.6, 1.6, 1.2, 1.3],
            caption="Table 2. Calibration results",
            note="""Deviation: mean of the increasing and decreasing readings minus the nominal
            pressure. Uncertainty: expanded uncertainty (k = 2).""",
        ),
        H("5. Statement of conformity"),
        P("""The manufacturer specifies a maximum permissible error of ±0.05% of full scale,
        that is ±0.020 bar. At every calibration point the deviation, increased by the
        expanded uncertainty, lies within this limit (decision rule: guarded acceptance with
        the guard band equal to the expanded uncertainty). The instrument therefore complies
        with the manufacturer's specification within the calibrated range. The largest
        hysteresis, 0.004 bar, occurred at 30 bar."""),
        P("""Remarks: the instrument was received in good condition, with its protective cap
        and a charged battery. The customer's asset label PI-PG-017 was checked against the
        serial number on the rating plate. A calibration mark bearing the certificate number
        was affixed to the back of the housing."""),
        H("6. Notes on use"),
        P("""The results apply to the instrument in the vertical mounting position with the
        pressure connection at the bottom. When the instrument is used at ambient temperatures
        outside 20 °C ± 2 °C, the user should allow for the manufacturer's stated temperature
        coefficient of 0.002% of full scale per kelvin. Readings below 0.5 bar are affected by
        the zero stability of the sensor, which the manufacturer gives as ±0.002 bar over
        twelve months; the zero should be set at atmospheric pressure before each series of
        measurements. Mechanical shock, overpressure beyond 60 bar and exposure to media not
        compatible with stainless steel 1.4404 may change the characteristics of the
        instrument, in which case the results in this certificate no longer apply."""),
    ],
)

GAUGE_2280 = doc(
    "kc-24-03178-calibration-certificate-dpg-400-4471-2280-a.pdf",
    "Calibration Certificate KC-24-03178 Digital Pressure Gauge DPG-400 S/N 4471-2280-A",
    "2024-03-08",
    "Kalibra Messtechnik GmbH",
    "KC-24-03178 · Calibration certificate",
    "Calibration certificate · NAA accredited laboratory K-20914",
    "Certificate No. KC-24-03178",
    "Digital pressure gauge DPG-400, serial number 4471-2280-A",
    [
        F(
            [
                ("Customer", "Pellwick Instruments Ltd, Unit 4, Farrowgate Business Park, Leeds"),
                ("Order number", "PO-PI-24-0331"),
                ("Instrument", "Digital pressure gauge"),
                ("Manufacturer", "Tavrin Instruments"),
                ("Model", "DPG-400"),
                ("Serial number", "4471-2280-A"),
                ("Customer asset ID", "PI-PG-021"),
                ("Measuring range", "0 to 40 bar (gauge)"),
                ("Resolution", "0.001 bar"),
                ("Date of receipt", "4 March 2024"),
                ("Date of calibration", "6 March 2024"),
                ("Date of issue", "8 March 2024"),
                ("Recommended recalibration date", "6 March 2025"),
                ("Number of pages", "2"),
            ],
            columns=2,
        ),
        H("1. Accreditation and traceability"),
        P(KALIBRA_ACCREDITATION),
        P(KALIBRA_CONDITIONS),
        P("""The recommended recalibration date above was requested by the customer and
        corresponds to an interval of twelve months. It is not part of the accredited
        result."""),
        F(
            [
                ("Head of laboratory", "Dr. Friedrich Oltmanns"),
                ("Calibrated by", "Jonas Peperkorn"),
            ],
            columns=2,
            label_share=0.45,
        ),
        *kalibra_method(
            """Because the as-found readings exceeded the manufacturer's specification, the
            instrument was adjusted and then calibrated again. Each calibration comprised one
            series with increasing and one with decreasing pressure at six points."""
        ),
        H("3. Reference standards and environmental conditions"),
        T(
            ["Reference standard", "Identification", "Certificate no.", "Calibration due"],
            [
                [
                    "Digital reference manometer, 0 to 70 bar",
                    "KM-RM-12",
                    "KC-23-11840",
                    "September 2024",
                ],
                ["Barometer", "KM-BA-02", "KC-23-09961", "August 2024"],
            ],
            [2.6, 1.4, 1.6, 1.4],
            caption="Table 1. Reference standards used",
        ),
        P("""Ambient temperature during calibration: 20.9 °C ± 0.5 °C. Relative humidity: 38% ±
        5%. Atmospheric pressure: 1007 hPa. Because a digital reference manometer was used
        instead of the pressure balance, the expanded uncertainties are larger than those the
        laboratory achieves with its primary standard."""),
        H("4. Results as found (before adjustment)"),
        T(
            [
                "Nominal (bar)",
                "Measured, increasing (bar)",
                "Measured, decreasing (bar)",
                "Deviation (bar)",
                "Uncertainty (±bar)",
            ],
            [
                ["0.000", "0.001", "0.003", "+0.002", "0.006"],
                ["5.000", "5.006", "5.008", "+0.007", "0.006"],
                ["10.000", "10.010", "10.012", "+0.011", "0.007"],
                ["20.000", "20.015", "20.019", "+0.017", "0.010"],
                ["30.000", "30.020", "30.024", "+0.022", "0.013"],
                ["40.000", "40.025", "40.029", "+0.027", "0.016"],
            ],
            [1.2, 1.6, 1.6, 1.2, 1.3],
            caption="Table 2. Calibration results as found",
        ),
        P("""As found, the deviation exceeded the manufacturer's maximum permissible error of
        ±0.020 bar at 30 bar and 40 bar. The instrument did not comply with its specification
        when received. The customer was informed by telephone on 6 March 2024 and authorised
        an adjustment. The span of the instrument was adjusted using the manufacturer's service
        software, version 2.3, and the zero was reset."""),
        H("5. Results as left (after adjustment)"),
        T(
            [
                "Nominal (bar)",
                "Measured, increasing (bar)",
                "Measured, decreasing (bar)",
                "Deviation (bar)",
                "Uncertainty (±bar)",
            ],
            [
                ["0.000", "0.000", "0.000", "0.000", "0.006"],
                ["5.000", "4.999", "5.001", "0.000", "0.006"],
                ["10.000", "10.001", "10.003", "+0.002", "0.007"],
                ["20.000", "20.002", "20.004", "+0.003", "0.010"],
                ["30.000", "30.002", "30.006", "+0.004", "0.013"],
                ["40.000", "40.003", "40.007", "+0.005", "0.016"],
            ],
            [1.2, 1.6, 1.6, 1.2, 1.3],
            caption="Table 3. Calibration results as left",
            note="""Deviation: mean of the increasing and decreasing readings minus the nominal
            pressure. Uncertainty: expanded uncertainty (k = 2).""",
        ),
        H("6. Statement of conformity"),
        P("""After adjustment the deviation, increased by the expanded uncertainty, lies within
        the manufacturer's maximum permissible error of ±0.020 bar at every calibration point
        (decision rule: guarded acceptance). The instrument therefore complies with its
        specification as left. Because the instrument was out of tolerance as found, the
        customer should assess the effect on measurements made with it since its previous
        calibration."""),
        P("""Remarks: the instrument was received with a cracked protective cap, which was
        replaced by the customer's own spare. The customer's asset label PI-PG-021 was checked
        against the serial number on the rating plate. A calibration mark bearing the
        certificate number was affixed to the back of the housing and the adjustment seal was
        renewed."""),
    ],
)

COC_VALVES = doc(
    "dv-coc-7719-certificate-of-conformity-ball-valves.pdf",
    "Certificate of Conformity DV-CoC-7719 Stainless Steel Ball Valves",
    "2024-05-14",
    "Dravik Valve Works AS",
    "DV-CoC-7719 · Rev. 0",
    "Certificate of conformity",
    "Certificate No. DV-CoC-7719",
    "Stainless steel ball valves, flanged and threaded, for Aldermere Process Engineering Ltd",
    [
        F(
            [
                ("Manufacturer", "Dravik Valve Works AS, Forusbeen 212, 4033 Stavanger, Norway"),
                ("Customer", "Aldermere Process Engineering Ltd, Aberdeen, United Kingdom"),
                ("Customer order no.", "APE-PO-88213"),
                ("Dravik order no.", "SO-24-1176"),
                ("Delivery note", "DN-24-3390"),
                ("Date of issue", "14 May 2024"),
            ],
            columns=2,
        ),
        H("Declaration"),
        P("""Dravik Valve Works AS hereby certifies that the products listed in Table 1 have been
        designed, manufactured, inspected and tested in accordance with the requirements of
        the above customer order, our quality plan QP-BV-03 revision 5 and the standards listed
        below, and that they conform in all respects to those requirements, except as stated
        under "Concessions". Records of inspection and testing are kept at our Stavanger works
        for at least ten years and are available to the customer on request."""),
        T(
            [
                "Item",
                "Part number",
                "Description",
                "Size (DN)",
                "Pressure class (PN)",
                "Quantity (pcs)",
                "Heat number (body)",
            ],
            [
                [
                    "10",
                    "BV-F316-050-40",
                    "Ball valve, flanged, full bore",
                    "50",
                    "40",
                    "12",
                    "7H3302",
                ],
                [
                    "20",
                    "BV-F316-080-40",
                    "Ball valve, flanged, full bore",
                    "80",
                    "40",
                    "8",
                    "7H3320",
                ],
                [
                    "30",
                    "BV-F316-100-16",
                    "Ball valve, flanged, full bore",
                    "100",
                    "16",
                    "6",
                    "7H3411",
                ],
                ["40", "BV-T316-025-63", "Ball valve, threaded ends", "25", "63", "20", "7H3299"],
            ],
            [0.6, 1.7, 2.2, 0.8, 1.0, 1.0, 1.2],
            caption="Table 1. Products covered by this certificate",
        ),
        H("Applicable standards and specifications"),
        P("""Design: ISO 17292 for flanged and threaded metal ball valves. Flange dimensions: EN
        1092-1, type 11 (weld neck mating flanges). Threaded ends: ISO 228-1. Body and ball
        material: cast austenitic stainless steel 1.4408 (equivalent to CF8M); stem: 1.4462
        duplex stainless steel. Seats: reinforced PTFE. Pressure testing: EN 12266-1, test
        P10 (shell) and P12 (seat), leakage rate A. The valves are classified under the
        Pressure Equipment Directive 2014/68/EU, category II, module A2, with the involvement
        of our notified body, whose identification number appears on the nameplate."""),
        H("Pressure tests"),
        T(
            [
                "Pressure class",
                "Shell test pressure (bar)",
                "Seat test pressure (bar)",
                "Test duration (s)",
                "Result",
            ],
            [
                ["PN 16", "24", "17.6", "60", "Pass, no visible leakage"],
                ["PN 40", "60", "44", "120", "Pass, no visible leakage"],
                ["PN 63", "95", "69.3", "120", "Pass, no visible leakage"],
            ],
            [1.3, 1.5, 1.5, 1.3, 2.2],
            caption="Table 2. Hydrostatic shell and seat tests (every valve tested)",
            note="""Test medium: water with corrosion inhibitor, chloride content below 30 mg/kg.
            Shell test at 1.5 times and seat test at 1.1 times the rated pressure.""",
        ),
        H("Inspection"),
        P("""Every valve was visually inspected, checked for dimensions against the approved
        general arrangement drawings and operated through five full open-close cycles after
        the pressure tests. Torque at the rated differential pressure was measured on one valve
        of each size and was within the values stated in the data sheets. Positive material
        identification by X-ray fluorescence was carried out on the body and stem of every
        valve; all results matched the specified grades. Surface finish and marking were found
        to be in accordance with the order."""),
        H("Concessions"),
        P("""Concession CR-24-061, accepted by the customer on 2 May 2024: the DN 100 valves of
        item 30 are supplied with lever operators instead of the gear operators stated in the
        order, because of a supplier delay; gear operators will be delivered separately for
        fitting on site. No other deviation from the order requirements applies."""),
        H("Traceability"),
        P("""Each body casting is traceable to its heat through the heat number cast on the body
        and recorded on the nameplate. Balls and stems are traceable through batch numbers
        recorded in the manufacturing traveller of each valve, which is kept under the Dravik
        order number. Where more than one heat was used for the bodies of one item, the heat
        numbers are listed separately; for this delivery each item was made from a single heat,
        as shown in Table 1. Mill certificates of the bar stock used for the stems were
        reviewed and accepted by our incoming inspection before machining."""),
        P("""Storage: the valves should be stored indoors in their crates, in a dry place, with
        the ball in the open position and the end protectors fitted until installation. Valves
        stored for more than twelve months before installation should be operated through one
        full cycle and inspected for seat damage before use."""),
        H("Marking, packing and documents supplied"),
        P("""Each valve carries a stainless steel nameplate showing manufacturer, part number,
        size, pressure class, body material, heat number, CE marking and year of manufacture.
        The valves were cleaned, dried, fitted with end protectors and packed in sealed
        polyethylene bags inside wooden crates. The following documents accompany this
        certificate: inspection certificates EN 10204 type 3.1 for body, ball and stem
        materials; pressure test reports; EU declaration of conformity; and installation,
        operation and maintenance manual IOM-BV-2023."""),
        S(
            (
                "Dravik Valve Works AS",
                "Eirik Solbakken-Haug",
                "Quality Manager",
                "Stavanger, 14 May 2024",
            ),
            lead="Certified for and on behalf of",
        ),
    ],
)

INSURANCE = doc(
    "certificate-of-insurance-pl-5520-8813-pellwick-instruments.pdf",
    "Certificate of Insurance PL-5520-8813 Pellwick Instruments Ltd",
    "2024-03-28",
    "Aldgate Mutual Insurance plc",
    "AMI/COI/PL-5520-8813/2024",
    "Certificate of insurance",
    "Combined Liability Policy PL-5520-8813",
    "Issued to Pellwick Instruments Ltd for the period 1 April 2024 to 31 March 2025",
    [
        F(
            [
                ("Insured", "Pellwick Instruments Ltd and its subsidiary companies"),
                ("Address", "Unit 4, Farrowgate Business Park, Farrowgate Lane, Leeds LS12 6HX"),
                ("Insurer", "Aldgate Mutual Insurance plc, 71 Cornhill Row, London"),
                ("Broker", "Cresswell & Tan Insurance Brokers Ltd, York"),
                ("Policy number", "PL-5520-8813"),
                (
                    "Period of insurance",
                    "1 April 2024 to 31 March 2025, both days inclusive",
                ),
                (
                    "Business description",
                    """Design, manufacture, calibration, repair and servicing of pressure and
                    flow measuring instruments""",
                ),
                (
                    "Territorial limits",
                    """Great Britain, Northern Ireland, the Channel Islands and the Isle of Man,
                    and temporary business visits elsewhere excluding the USA and Canada""",
                ),
                ("Date of issue", "28 March 2024"),
            ],
            style="lines",
            label_share=0.27,
        ),
        P("""We certify that the insurance described below has been effected with Aldgate Mutual
        Insurance plc (the **"Insurer"**) under the policy number stated above and is in force
        for the period of insurance, subject to the terms, conditions, limitations and
        exclusions of the policy. This certificate is issued as a matter of information only
        and confers no rights upon its holder; it does not amend, extend or alter the cover
        provided by the policy."""),
        T(
            ["Section", "Cover", "Limit of indemnity (GBP)", "Basis of limit", "Excess (GBP)"],
            [
                [
                    "1",
                    "Employers' liability",
                    "10,000,000",
                    "Any one occurrence, inclusive of costs",
                    "Nil",
                ],
                [
                    "2",
                    "Public liability",
                    "5,000,000",
                    "Any one occurrence",
                    "1,000 (property damage only)",
                ],
                [
                    "3",
                    "Products liability",
                    "5,000,000",
                    "In the aggregate for the period of insurance",
                    "2,500",
                ],
                [
                    "4",
                    "Pollution (sudden and accidental)",
                    "2,500,000",
                    "In the aggregate, within the public liability limit",
                    "2,500",
                ],
            ],
            [0.7, 2.0, 1.5, 2.6, 1.6],
            caption="Table 1. Sections of cover and limits of indemnity",
        ),
        P("""Changes from the expiring policy: the public liability limit has been increased to
        GBP 5,000,000 from GBP 2,000,000 under the expiring policy PL-5520-8318 (period 1 April
        2023 to 31 March 2024), at the request of the Insured's landlord. The limits of the
        other sections are unchanged."""),
        H("Interested party"),
        P("""Ostbury Estates Ltd, as landlord of Unit 4, Farrowgate Business Park, is noted as an
        interested party under Section 2 (public liability) of the policy. The Insurer will
        endeavour to give the interested party thirty (30) days' written notice of any
        cancellation of the policy, but accepts no liability for failure to do so."""),
        H("Indemnity to principals"),
        P("""Where the Insured has agreed under a contract to indemnify a principal, the Insurer
        will, under Sections 2 and 3, indemnify that principal as though it were the Insured in
        respect of liability arising from work performed by the Insured for the principal,
        provided that the Insured would have been entitled to indemnity had the claim been made
        against it, and that the principal observes the terms of the policy as far as they can
        apply."""),
        H("Main exclusions"),
        P("""The policy does not cover: liability for the cost of recalling, repairing or
        replacing the Insured's products; liability arising from professional advice or design
        given for a fee separately from the sale of a product (any professional indemnity
        insurance of the Insured is arranged separately and is not evidenced by this
        certificate); liability arising from aircraft or watercraft; gradual pollution;
        liability assumed under contract which would not otherwise have attached; and
        liability arising from products exported to the USA or Canada with the Insured's
        knowledge."""),
        H("Important notes"),
        P("""This certificate summarises the cover at the date of issue. The policy may be
        cancelled or altered during the period of insurance in accordance with its terms.
        Anyone relying on this certificate should check with the broker that the policy is
        still in force. In the event of a claim or of circumstances that may give rise to a
        claim, the Insured must notify the Insurer through the broker as soon as reasonably
        practicable. The Insurer is authorised and regulated in the United Kingdom; details of
        its authorisation are available on request. The Insurer and the broker process the
        personal data contained in this certificate only for the administration of the policy
        and of claims under it."""),
        P("""Enquiries about this certificate should be addressed to Cresswell & Tan Insurance
        Brokers Ltd, quoting the policy number. Replacement certificates for additional
        interested parties can be issued on request at no charge, normally within three
        working days."""),
        P("""Hired-in plant, contract works and property in the care, custody or control of the
        Insured are not insured under this policy; where the Insured's contracts require such
        cover, it is arranged under the Insured's separate commercial combined policy. Motor
        liability is likewise insured separately."""),
        S(
            (
                "Aldgate Mutual Insurance plc",
                "Maureen Halloway",
                "Underwriting Manager, Liability",
                "28 March 2024",
            ),
            lead="Signed for and on behalf of the Insurer",
        ),
    ],
)

ISO_9001 = doc(
    "certalis-q-40117-24-iso-9001-brightwell-minerals.pdf",
    "ISO 9001:2015 Certificate Q-40117-24 Brightwell Minerals GmbH",
    "2024-06-03",
    "Certalis Assessment Services GmbH",
    "Q-40117-24 · Certificate with annex",
    "Certificate",
    "ISO 9001:2015 Quality Management System",
    "Brightwell Minerals GmbH, Hamburg, Germany",
    [
        P("""Certalis Assessment Services GmbH hereby certifies that the organisation"""),
        P(
            """**Brightwell Minerals GmbH, Hafenstraße 61, 20457 Hamburg, Germany,** including the
        sites listed in the annex,""",
            indent=24,
        ),
        P("""has established and applies a quality management system for the following
        scope:"""),
        P(
            """**Extraction, refining, packaging and distribution of food-grade and industrial
        salts and mineral additives.**""",
            indent=24,
        ),
        P("""Proof has been furnished by an audit, documented in report no. A-24-40117-R3, that
        the requirements of ISO 9001:2015 are fulfilled. Clause 8.3 (design and development of
        products and services) is not applicable, because the organisation produces to customer
        and standard specifications only."""),
        F(
            [
                ("Certificate number", "Q-40117-24"),
                ("Standard", "ISO 9001:2015"),
                ("Initial certification", "12 June 2018"),
                ("Recertification audit", "14 to 17 May 2024"),
                ("Date of issue", "3 June 2024"),
                ("Valid until", "11 June 2027"),
                ("Previous certificate", "Q-40117-21, valid until 11 June 2024"),
                ("Accreditation", "NAA, accreditation no. Z-3012"),
            ],
            columns=2,
        ),
        P("""The validity of this certificate depends on annual surveillance audits with a
        positive result. The next surveillance audit is due by May 2025. This certificate is
        valid only together with its annex. The environmental management system of the
        organisation is certified separately to ISO 14001:2015 under certificate E-41017-24,
        valid until 20 September 2026; that certificate is not covered by this document."""),
        S(
            (
                "Certalis Assessment Services GmbH, Düsseldorf",
                "Dr. Ulrike Hesselbarth",
                "Managing Director of the certification body",
                "Düsseldorf, 3 June 2024",
            ),
            lead="For the certification body",
        ),
        H("Annex to certificate Q-40117-24: certified sites"),
        P("""The annex lists all sites covered by the certificate, their activities and the
        number of employees at the time of the recertification audit, which determined the
        audit time according to the rules of the accreditation body. Seasonal and agency
        staff are counted as full-time equivalents."""),
        T(
            ["Site", "Address", "Activities", "Employees"],
            [
                [
                    "Head office",
                    "Hafenstraße 61, 20457 Hamburg",
                    "Management, sales, purchasing, quality assurance, logistics planning",
                    "64",
                ],
                [
                    "Stade refinery",
                    "Industriestraße 12, 21680 Stade",
                    "Brine purification, vacuum evaporation, drying and screening",
                    "214",
                ],
                [
                    "Lüneburg packaging plant",
                    "Am Salzspeicher 3, 21339 Lüneburg",
                    "Packaging in bags and big bags, warehousing, dispatch",
                    "97",
                ],
                [
                    "Cuxhaven terminal",
                    "Neufelder Kai 7, 27472 Cuxhaven",
                    "Bulk storage, ship and truck loading of industrial salts",
                    "23",
                ],
                ["Total", "", "", "398"],
            ],
            [1.6, 2.0, 3.2, 1.0],
            caption="Table A1. Sites covered by certificate Q-40117-24",
        ),
        P("""The Cuxhaven terminal handles industrial salts only; food-grade products are not
        stored or loaded there. The former packaging site at Bad Bevensen was closed in
        December 2022 and removed from the scope at the surveillance audit of May 2023."""),
        P("""Outsourced processes controlled by the organisation within its management system
        are road haulage to customers, the external laboratory analysis of heavy metals and
        microbiological parameters, and the maintenance of the vacuum evaporation plant at the
        Stade refinery. They were reviewed at the recertification audit and found to be
        adequately controlled."""),
        H("Audit programme for the certification cycle"),
        T(
            ["Audit", "Due by", "Sites to be visited"],
            [
                ["Surveillance audit 1", "May 2025", "Hamburg head office, Stade refinery"],
                [
                    "Surveillance audit 2",
                    "May 2026",
                    "Hamburg head office, Lüneburg packaging plant, Cuxhaven terminal",
                ],
                ["Recertification audit", "April 2027", "All sites"],
            ],
            [2.0, 1.4, 4.4],
            caption="Table A2. Planned audits",
        ),
        H("Conditions of certification"),
        P("""The certified organisation shall inform Certalis without delay of significant
        changes to its management system, its legal status, its ownership, its sites or its
        scope, and of serious incidents or breaches of regulation that require the
        involvement of a competent authority. Certalis may carry out short-notice audits to
        investigate complaints or such changes."""),
        P("""The certificate and the certification mark may be used only in accordance with
        Certalis' rules for the use of certificates and marks, edition 2023. The mark shall not
        be applied to products, product packaging or laboratory test reports, and shall not be
        used in a way that suggests that Certalis has certified a product. If the certificate
        is suspended, withdrawn or reduced in scope, the organisation shall immediately stop
        all advertising that refers to the certificate for the affected scope."""),
        P("""This certificate remains the property of Certalis Assessment Services GmbH. Its
        current status can be checked in the Certalis online register of certified
        organisations by entering the certificate number."""),
    ],
)

PLATE_MTC = doc(
    "ns-24-5812-inspection-certificate-3-1-steel-plates.pdf",
    "Inspection Certificate 3.1 NS-24-5812 Structural Steel Plates S355J2+N",
    "2024-02-27",
    "Nordstal Plate Mill AB",
    "NS-24-5812 · EN 10204 3.1",
    "Inspection certificate EN 10204 – 3.1",
    "Certificate No. NS-24-5812",
    "Hot-rolled structural steel plates, grade S355J2+N, for Aldermere Process Engineering Ltd",
    [
        F(
            [
                ("Manufacturer", "Nordstal Plate Mill AB, Hamnvägen 40, 973 45 Luleå, Sweden"),
                ("Purchaser", "Aldermere Process Engineering Ltd, Aberdeen, United Kingdom"),
                ("Purchase order", "APE-PO-87954"),
                ("Mill order", "NS-MO-24-0412"),
                ("Product", "Hot-rolled plates, cut edges"),
                ("Steel grade", "S355J2+N to EN 10025-2"),
                ("Delivery condition", "Normalised (+N)"),
                ("Steelmaking process", "Electric arc furnace, ladle refined, vacuum degassed"),
                ("Dispatch note", "NS-DN-24-1187"),
                ("Date of issue", "27 February 2024"),
            ],
            columns=2,
        ),
        P("""We hereby certify that the products described below comply with the requirements of
        the order and of EN 10025-2 for steel grade S355J2+N. The test results given below were
        obtained on test pieces taken from the products supplied, or from the same heat and
        heat-treatment batch, by the mill's testing department, which is independent of the
        manufacturing department. Tolerances on dimensions and shape are in accordance with EN
        10029, class B for thickness and normal flatness tolerances."""),
        H("1. Products supplied"),
        T(
            ["Item", "Plate no.", "Heat no.", "Dimensions (mm)", "Quantity (pcs)", "Mass (kg)"],
            [
                ["1", "P-58120", "H24-5812", "20 × 2,500 × 12,000", "4", "18,840"],
                ["2", "P-58121", "H24-5812", "25 × 2,500 × 12,000", "3", "17,663"],
                ["3", "P-58213", "H24-5821", "40 × 2,000 × 10,000", "2", "12,560"],
            ],
            [0.6, 1.2, 1.2, 2.2, 1.2, 1.2],
            caption="Table 1. Plates covered by this certificate",
            note="Theoretical mass calculated with a density of 7.85 kg/dm³.",
        ),
        H("2. Chemical composition (ladle analysis)"),
        T(
            ["Heat no.", "C (%)", "Si (%)", "Mn (%)", "P (%)", "S (%)", "Nb (%)", "CEV (%)"],
            [
                ["H24-5812", "0.16", "0.21", "1.42", "0.012", "0.004", "0.021", "0.41"],
                ["H24-5821", "0.17", "0.24", "1.48", "0.014", "0.003", "0.018", "0.43"],
                ["Max. (EN 10025-2)", "0.20", "0.55", "1.60", "0.025", "0.025", "—", "0.45"],
            ],
            [1.8, 0.8, 0.8, 0.8, 0.9, 0.9, 0.9, 0.9],
            caption="Table 2. Ladle analysis",
            note="""CEV = C + Mn/6 + (Cr + Mo + V)/5 + (Ni + Cu)/15. Cr, Mo, V, Ni and Cu were
            determined and are included in the CEV; each was below 0.10%.""",
        ),
        H("3. Mechanical properties"),
        P("""Tensile tests were carried out on transverse test pieces at room temperature
        according to ISO 6892-1. Charpy V-notch impact tests were carried out on longitudinal
        test pieces at −20 °C according to ISO 148-1, three test pieces per plate; the table
        gives the mean of the three values, and no single value was below 70% of the specified
        minimum."""),
        T(
            [
                "Plate no.",
                "Thickness (mm)",
                "Yield strength ReH (MPa)",
                "Tensile strength Rm (MPa)",
                "Elongation A (%)",
                "Impact energy KV at −20 °C, mean (J)",
            ],
            [
                ["P-58120", "20", "392", "531", "26", "148"],
                ["P-58121", "25", "384", "524", "27", "139"],
                ["P-58213", "40", "371", "518", "25", "121"],
                ["Requirement", "16 < t ≤ 40", "≥ 345", "470 to 630", "≥ 22", "≥ 27"],
            ],
            [1.3, 1.2, 1.4, 1.4, 1.2, 1.8],
            caption="Table 3. Tensile and impact test results",
        ),
        H("4. Other inspections"),
        P("""Visual inspection of both surfaces and dimensional inspection of every plate: no
        defects; dimensions within tolerance. Marking by hard stamping and paint on each
        plate: manufacturer's logo, steel grade, heat number, plate number and inspector's
        stamp. Identification of the material grade by spectrometer check on each plate:
        satisfactory. The plates were shot-blasted and primed with a 20 µm weldable shop
        primer as required by the order."""),
        P("""The plates were normalised in the mill's roller-hearth furnace at 900 °C to 920 °C
        with a holding time of 1.5 minutes per millimetre of thickness, followed by cooling in
        still air. The furnace temperature records are kept with the mill order."""),
        P("""Test pieces were taken at one quarter of the plate width from the top end of each
        parent plate, in accordance with EN 10025-1, annex A. All results met the requirements
        on first testing, so no retests were carried out. The test laboratory of the mill
        takes part in an annual interlaboratory comparison programme for tensile and impact
        testing; the testing machines were last verified in January 2024. The impact test
        pieces were cooled in an alcohol bath and tested within five seconds of removal."""),
        H("5. Confirmation"),
        P("""We confirm that the products are free from mercury and radioactive contamination;
        the radiation level measured at dispatch did not exceed the natural background. This
        certificate has been produced electronically and is valid without signature in
        accordance with EN 10204, section 4; the name of the authorised inspection
        representative is given below. There were no deviations from the order requirements.
        The plates were loaded on timber bearers, separated by spacers and secured with steel
        straps; the load was inspected before dispatch by rail to the port of Luleå."""),
        F(
            [
                ("Authorised inspection representative", "Lina Bergqvist-Öhman"),
                ("Department", "Quality Assurance, independent of manufacturing"),
                ("Place and date", "Luleå, 27 February 2024"),
            ],
            style="lines",
            label_share=0.4,
        ),
    ],
)

CORPUS = Corpus(
    "certificates",
    "Certificates",
    clean(
        """Certificates issued by invented laboratories, manufacturers, insurers and
        certification bodies: two pressure-gauge calibration certificates, a certificate of
        conformity for valves, a certificate of liability insurance, an ISO 9001 certificate
        with its site annex and a steel plate inspection certificate, with serial numbers,
        measured values, limits and validity dates."""
    ),
    (GAUGE_2208, GAUGE_2280, COC_VALVES, INSURANCE, ISO_9001, PLATE_MTC),
)
