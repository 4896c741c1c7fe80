"""Corpus "contracts": invented agreements, an amendment, a termination notice and an NDA.

Every company, person, registration number and address is invented; cities are real places.
"""

from model import C, Corpus, F, H, P, S, T, clean, doc

MSA = doc(
    "msa-2023-114-quillon-halvorsen-master-services-agreement.pdf",
    "Master Services Agreement MSA-2023-114 Quillon Data Centres and Halvorsen Facility Services",
    "2023-03-01",
    "Quillon Data Centres Ltd",
    "MSA-2023-114 · Execution version",
    "Master services agreement",
    "Critical Facilities Maintenance Services",
    """Agreement No. MSA-2023-114 between Quillon Data Centres Ltd and Halvorsen Facility
    Services Ltd""",
    [
        P("""**THIS AGREEMENT** is dated 1 March 2023 and is made **BETWEEN:**"""),
        P(
            """(1) **Quillon Data Centres Ltd**, a company incorporated in England and Wales with
        company number 09823311, whose registered office is at 40 Wharfside Road, Leeds LS11 5QT
        (the **"Customer"**); and""",
            indent=12,
        ),
        P(
            """(2) **Halvorsen Facility Services Ltd**, a company incorporated in England and Wales
        with company number 07715604, whose registered office is at Unit 9, Kelham Works,
        Sheffield S3 8RY (the **"Service Provider"**).""",
            indent=12,
        ),
        H("Background", 2),
        P("""(A) The Customer operates data centres in Leeds (the "LDS1" site) and Manchester
        (the "MAN2" site). (B) Following the Customer's tender QDC-T-2022-31, the Customer
        wishes to appoint the Service Provider to maintain the critical mechanical and
        electrical systems at those sites, and the Service Provider has agreed to do so on the
        terms of this Agreement."""),
        H("1. Definitions and interpretation"),
        P("""**1.1** In this Agreement: **"Charges"** means the charges set out in clause 4;
        **"Commencement Date"** means 1 April 2023; **"Contract Year"** means each period of
        twelve months beginning on the Commencement Date or on an anniversary of it;
        **"Critical Systems"** means the uninterruptible power supplies, standby generators,
        chillers, computer room air conditioning units and building management system at the
        Sites; **"Services"** means the services described in clause 3 and Schedule 1;
        **"Service Levels"** means the service levels set out in Schedule 1; and **"Sites"**
        means LDS1 and MAN2."""),
        P("""**1.2** Clause and schedule headings do not affect interpretation. Words in the
        singular include the plural and vice versa. A reference to a statute is a reference to
        it as amended from time to time. The words "including" and "in particular" are
        illustrative and do not limit the sense of the preceding words."""),
        H("2. Term"),
        P("""**2.1** This Agreement shall commence on the Commencement Date and, unless terminated
        earlier in accordance with clause 8, shall continue for an initial term of thirty-six
        (36) months (the **"Initial Term"**)."""),
        P("""**2.2** On expiry of the Initial Term this Agreement shall renew automatically for
        successive periods of twelve (12) months (each a **"Renewal Term"**) unless either party
        gives the other not less than six (6) months' written notice of non-renewal before the
        end of the Initial Term or the then-current Renewal Term."""),
        H("3. Services"),
        P("""**3.1** The Service Provider shall provide planned preventive maintenance, reactive
        maintenance and a 24-hour, 365-day on-call service for the Critical Systems, in
        accordance with Good Industry Practice, the manufacturers' recommendations and the
        maintenance schedules agreed with the Customer's site managers."""),
        P("""**3.2** The Service Provider shall meet or exceed the Service Levels. If it fails to
        meet a Service Level, the service credit set out in Schedule 1 shall be deducted from
        the next invoice. Service credits in any month shall not exceed fifteen per cent (15%)
        of the monthly Charges, and are a price adjustment reflecting the reduced value of the
        Services, not an estimate of the Customer's loss."""),
        P("""**3.3** All personnel of the Service Provider attending the Sites shall hold a current
        security clearance to the standard required by the Customer's site security policy, and
        shall comply with the Customer's method statements and permit-to-work procedures."""),
        H("4. Charges and payment"),
        P("""**4.1 Charges.** The Charges for the Services are GBP 486,000 per Contract Year,
        exclusive of VAT, invoiced monthly in arrears in equal instalments of GBP 40,500.
        Reactive work outside the scope of Schedule 1 shall be charged at the rates in Schedule
        2 and only with the Customer's prior written approval."""),
        P("""**4.2 Payment.** The Customer shall pay each valid and undisputed invoice within
        thirty (30) days of the date of its receipt. The Customer may withhold any amount it
        disputes in good faith, provided that it notifies the Service Provider of the dispute,
        with reasons, within ten (10) days of receiving the invoice."""),
        P("""**4.3 Indexation.** On each anniversary of the Commencement Date the Charges shall
        be adjusted by the percentage change in the consumer prices index over the preceding
        twelve months, provided that no single adjustment shall exceed four per cent (4%)."""),
        P("""**4.4 Late payment.** Interest shall accrue on overdue sums at four per cent (4%) per
        annum above the base lending rate of the Customer's principal bank, from the due date
        until the date of actual payment."""),
        H("5. Personnel and subcontracting"),
        P("""**5.1** The Service Provider shall appoint an account manager with authority to act
        on its behalf in all matters relating to this Agreement and shall not replace the
        account manager without giving the Customer at least one month's notice."""),
        P("""**5.2** The Service Provider shall not subcontract any part of the Services without
        the Customer's prior written consent, which shall not be unreasonably withheld. The
        Service Provider remains responsible for the acts and omissions of its
        subcontractors as if they were its own."""),
        H("6. Insurance"),
        P("""**6.1** The Service Provider shall maintain, with a reputable insurer, public
        liability insurance of not less than GBP 10,000,000 for any one occurrence, employer's
        liability insurance of not less than GBP 10,000,000 and professional indemnity
        insurance of not less than GBP 2,000,000, and shall produce evidence of that insurance
        on request."""),
        H("7. Limitation of liability"),
        P("""**7.1** Nothing in this Agreement limits or excludes either party's liability for
        death or personal injury caused by its negligence, for fraud or fraudulent
        misrepresentation, or for any other liability that cannot lawfully be limited."""),
        P("""**7.2** Subject to clause 7.1, each party's total aggregate liability under or in
        connection with this Agreement in each Contract Year shall not exceed one hundred and
        twenty-five per cent (125%) of the Charges paid or payable in that Contract Year."""),
        P("""**7.3** Subject to clause 7.1, neither party shall be liable for any loss of profit,
        revenue or goodwill, or for any indirect or consequential loss, even if such loss was
        foreseeable. Service credits paid under clause 3.2 count towards the cap in clause
        7.2."""),
        H("8. Termination"),
        P("""**8.1 Breach.** Either party may terminate this Agreement with immediate effect by
        written notice if the other party commits a material breach which, if capable of
        remedy, is not remedied within thirty (30) days of a written notice requiring it to be
        remedied."""),
        P("""**8.2 Termination for convenience.** The Customer may terminate this Agreement for
        convenience at any time after the first anniversary of the Commencement Date by giving
        the Service Provider not less than ninety (90) days' written notice. On such
        termination the Customer shall pay an early termination fee equal to two (2) months'
        Charges at the rate applicable on the date of the notice."""),
        P("""**8.3 Insolvency.** Either party may terminate this Agreement with immediate effect
        if the other party becomes insolvent, has a receiver or administrator appointed, or
        ceases to carry on business."""),
        P("""**8.4 Exit.** On termination or expiry the Service Provider shall hand over the
        asset registers, maintenance records and all keys and access cards, and shall for up to
        sixty (60) days after termination give such reasonable assistance as the Customer
        requests for an orderly transfer of the Services to a replacement provider."""),
        H("9. Confidentiality and data protection"),
        P("""**9.1** Each party shall keep confiden~tial all information of the other party that
        it obtains under this Agreement and shall use it only to perform this Agreement. This
        obligation survives termination for five (5) years. **9.2** The parties do not intend
        the Service Provider to process personal data on the Customer's behalf other than the
        names of site staff; each party shall comply with applicable data protection law."""),
        H("10. General"),
        P("""**10.1 Notices.** Notices shall be in writing and delivered by hand or recorded
        delivery to the registered office of the recipient, marked for the attention of its
        company secretary; a notice is deemed received on the second working day after
        posting. **10.2 Entire agreement.** This Agreement constitutes the entire agreement
        between the parties about its subject matter. **10.3 Assignment.** Neither party may
        assign this Agreement without the other's prior written consent."""),
        P("""**10.4 Governing law.** This Agreement and any dispute or claim arising out of or in
        connection with it shall be governed by the law of England and Wales. **10.5
        Jurisdiction.** The courts of England and Wales shall have exclusive jurisdiction to
        settle any such dispute or claim."""),
        H("Schedule 1 – Service Levels"),
        T(
            [
                "Priority",
                "Definition",
                "Response time (hours)",
                "Restoration target (hours)",
                "Service credit (% of monthly Charges)",
            ],
            [
                [
                    "P1",
                    "Failure or imminent failure of a Critical System affecting IT load",
                    "1",
                    "4",
                    "5",
                ],
                [
                    "P2",
                    "Loss of redundancy of a Critical System without effect on IT load",
                    "4",
                    "24",
                    "2",
                ],
                ["P3", "Fault of a non-critical system or component", "24", "120", "0.5"],
                ["P4", "Cosmetic defects and planned minor works", "72", "By agreement", "None"],
            ],
            [0.9, 3.6, 1.3, 1.4, 1.6],
            caption="Table S1. Service Levels by fault priority",
            note="""Response time: time from the Customer's call to the arrival of a competent
            engineer at the Site. Restoration target: time to restore the affected function,
            temporarily or permanently.""",
        ),
        P("""Planned preventive maintenance shall be completed within the month for which it is
        scheduled in at least 98% of cases, measured quarterly. The Service Provider shall
        report its performance against each Service Level at the monthly contract review
        meeting."""),
        S(
            (
                "Quillon Data Centres Ltd",
                "Daniel Ashcombe",
                "Chief Operating Officer",
                "1 March 2023",
            ),
            (
                "Halvorsen Facility Services Ltd",
                "Priya Ramanathan-Cole",
                "Managing Director",
                "27 February 2023",
            ),
        ),
    ],
)

MSA_TERMINATION = doc(
    "msa-2023-114-notice-of-termination.pdf",
    "Notice of Termination of Master Services Agreement MSA-2023-114",
    "2024-06-28",
    "Quillon Data Centres Ltd",
    "QDC/LEG/2024/0412",
    "Notice of termination",
    "Master Services Agreement MSA-2023-114",
    "Termination for convenience under clause 8.2",
    [
        F(
            [
                ("From", "Quillon Data Centres Ltd, 40 Wharfside Road, Leeds LS11 5QT"),
                ("To", "Halvorsen Facility Services Ltd, Unit 9, Kelham Works, Sheffield S3 8RY"),
                ("For the attention of", "Priya Ramanathan-Cole, Managing Director"),
                ("Date", "28 June 2024"),
                ("Delivered by", "Recorded delivery and by hand; copy by email"),
                ("Our reference", "QDC/LEG/2024/0412"),
            ],
            style="lines",
            label_share=0.26,
        ),
        P("""Dear Ms Ramanathan-Cole,"""),
        P("""We refer to the Master Services Agreement dated 1 March 2023 between Quillon Data
        Centres Ltd and Halvorsen Facility Services Ltd for critical facilities maintenance at
        our LDS1 and MAN2 sites, reference MSA-2023-114 (the **"Agreement"**). Terms defined in
        the Agreement have the same meanings in this letter."""),
        H("1. Notice of termination", 2),
        P("""In accordance with clause 8.2 of the Agreement, we hereby give you notice that we
        terminate the Agreement for convenience. This notice is given after the first
        anniversary of the Commencement Date of 1 April 2023, as clause 8.2 requires."""),
        H("2. Termination Date", 2),
        P("""The Agreement will terminate at 23:59 on 30 September 2024 (the **"Termination
        Date"**). The Termination Date falls more than ninety (90) days after the date on which
        this notice is deemed received under clause 10.1. Until the Termination Date the
        Agreement continues in full force, and we expect the Services to be performed to the
        Service Levels, including the planned preventive maintenance scheduled for July,
        August and September 2024."""),
        H("3. Early termination fee", 2),
        P("""Clause 8.2 requires us to pay an early termination fee equal to two months' Charges
        at the rate applicable on the date of this notice. Following the indexation applied on
        1 April 2024 under clause 4.3 (3.2%), the monthly Charges are GBP 41,796. The early
        termination fee is therefore GBP 83,592, exclusive of VAT. We will pay it together with
        the final monthly invoice, in accordance with clause 4.2, once the exit obligations set
        out below have been completed to our reasonable satisfaction."""),
        H("4. Reasons", 2),
        P("""Although the Agreement does not require us to give reasons, we wish to make clear
        that this decision does not result from any breach on your part. From 1 October 2024
        the Customer will bring the maintenance of all its data centres under a single national
        facilities contract following a group-wide procurement. We are grateful for the
        professional service your engineers have provided at both sites, and in particular for
        the response to the chiller failure at MAN2 in January 2024."""),
        H("5. Exit arrangements", 2),
        P("""Clause 8.4 of the Agreement requires an orderly handover. We propose the following
        timetable and would be grateful if you would confirm it, or propose changes, by 19 July
        2024. Our facilities manager for the North region, Mr Callum Rees, will coordinate the
        handover on our side."""),
        T(
            ["Exit item", "Responsible party", "Due date"],
            [
                [
                    "Handover of asset registers and maintenance records for LDS1 and MAN2",
                    "Service Provider",
                    "2 September 2024",
                ],
                [
                    "Joint site walk-round with the incoming contractor",
                    "Both parties",
                    "9 September 2024 (LDS1) and 11 September 2024 (MAN2)",
                ],
                [
                    "Return of all keys, access cards and site permits",
                    "Service Provider",
                    "30 September 2024",
                ],
                [
                    "Final monthly invoice and credit note reconciliation",
                    "Service Provider",
                    "15 October 2024",
                ],
                [
                    "Handover assistance to the replacement provider (clause 8.4)",
                    "Service Provider",
                    "Until 29 November 2024",
                ],
            ],
            [4.0, 1.6, 2.4],
            caption="Table 1. Proposed exit timetable",
        ),
        H("6. Other agreements between the parties", 2),
        P("""For the avoidance of doubt, this notice applies only to the Agreement. It does not
        affect Agreement MSA-2023-141 between the same parties for fire detection and
        suppression maintenance at LDS1, which continues in force on its terms until 31 March
        2026, nor any purchase order for completed works that remains to be invoiced."""),
        H("7. Confidentiality and records", 2),
        P("""We remind you that clause 9 of the Agreement continues to apply after the Termination
        Date. Please ensure that copies of site drawings, network diagrams and access codes held
        by your engineers are returned or securely destroyed by the Termination Date, and
        confirm this in writing. Maintenance records that you are required to keep by law may
        be retained, provided they are kept confidential."""),
        P("""Please acknowledge receipt of this notice by signing and returning the enclosed copy.
        If you have any questions, please contact our legal department at the address above,
        quoting our reference."""),
        P("""Yours sincerely,"""),
        S(
            (
                "Quillon Data Centres Ltd",
                "Helena Strand",
                "Chief Financial Officer",
                "28 June 2024",
            ),
            lead="Signed for and on behalf of",
        ),
        P("""Copy to: Daniel Ashcombe, Chief Operating Officer; Callum Rees, Facilities Manager
        (North); Company Secretary, Halvorsen Facility Services Ltd."""),
        H("Acknowledgement of receipt", 2),
        P("""We acknowledge receipt of the above notice of termination of Agreement
        MSA-2023-114. Signed for Halvorsen Facility Services Ltd: ________________________
        Name: ________________________ Date: ____________"""),
    ],
)

LEASE = doc(
    "lease-unit-4-farrowgate-business-park.pdf",
    "Commercial Lease Unit 4 Farrowgate Business Park Leeds",
    "2022-11-15",
    "Ostbury Estates Ltd",
    "OE/FBP/U4/2022 · Lease",
    "Lease",
    "Unit 4, Farrowgate Business Park, Leeds",
    "Lease of industrial and research premises between Ostbury Estates Ltd and Pellwick "
    "Instruments Ltd",
    [
        H("Lease particulars"),
        F(
            [
                ("Date of this Lease", "15 November 2022"),
                (
                    "Landlord",
                    """Ostbury Estates Ltd (company number 05541278), Ostbury House, 18 Park Row,
                    Leeds LS1 5JA""",
                ),
                (
                    "Tenant",
                    """Pellwick Instruments Ltd (company number 11094462), 7 Marlowe Court,
                    Wakefield WF1 2DS""",
                ),
                (
                    "Premises",
                    """Unit 4, Farrowgate Business Park, Farrowgate Lane, Leeds LS12 6HX: a
                    two-storey building of 1,240 m² gross internal area with 18 car parking
                    spaces, as shown edged red on the attached plan""",
                ),
                (
                    "Contractual Term",
                    """Ten (10) years from and including 1 December 2022 (the Term Commencement
                    Date) to and including 30 November 2032""",
                ),
                ("Initial Annual Rent", "GBP 84,500 per annum exclusive of VAT"),
                ("Rent payment", "Quarterly in advance on the usual quarter days"),
                ("Rent-free period", "Six (6) months from the Term Commencement Date"),
                ("Rent Review Date", "1 December 2027 (open market, upwards only)"),
                ("Break Date", "30 November 2027 (Tenant only; see clause 8)"),
                ("Rent Deposit", "GBP 21,125"),
                ("Tenant's Proportion", "14.2 per cent of the Estate Service Costs"),
                (
                    "Permitted Use",
                    """Light industrial, laboratory and research and development use, with
                    ancillary offices""",
                ),
            ],
            label_share=0.28,
        ),
        H("1. Definitions and interpretation"),
        P("""**1.1** In this Lease the terms set out in the Lease Particulars have the meanings
        given there, and: **"Estate"** means Farrowgate Business Park; **"Estate Service
        Costs"** means the costs reasonably incurred by the Landlord in providing the services
        set out in Schedule 2; **"Insured Risks"** means fire, lightning, explosion, storm,
        flood, escape of water, subsidence, impact and such other risks as the Landlord
        reasonably insures against; and **"Schedule of Condition"** means the photographic
        schedule of condition of the Premises dated 4 November 2022 and annexed to this
        Lease."""),
        P("""**1.2** Any obligation on the Tenant not to do something includes an obligation not
        to permit or suffer it to be done. References to the Premises include any part of them
        and all landlord's fixtures. The Landlord and the Tenant include their successors in
        title."""),
        H("2. Grant"),
        P("""The Landlord lets the Premises to the Tenant for the Contractual Term, together with
        the rights set out in Schedule 1 (including the right to use the estate roads and the
        18 allocated car parking spaces), excepting and reserving to the Landlord the rights
        set out in Schedule 1, and subject to the matters registered against the Landlord's
        title at the date of this Lease."""),
        H("3. Rent"),
        P("""**3.1** The Tenant shall pay the Annual Rent by equal quarterly instalments in
        advance on the usual quarter days, the first payment to be made on the day on which the
        rent-free period ends, for the period from that day to the next quarter day."""),
        P("""**3.2** The Tenant shall also pay, as additional rent, the Tenant's Proportion of
        the Estate Service Costs, the insurance rent under clause 7 and any VAT chargeable on
        those sums. **3.3** If any sum is not paid within fourteen (14) days of its due date,
        the Tenant shall pay interest on it at four per cent (4%) above the base rate from the
        due date until payment."""),
        H("4. Rent review"),
        P("""**4.1** On the Rent Review Date the Annual Rent shall be reviewed to the open market
        rent of the Premises, assuming a letting with vacant possession for a term equal to the
        residue of the Contractual Term and on the terms of this Lease. **4.2** The reviewed
        rent shall not be less than the Annual Rent payable immediately before the Rent Review
        Date. **4.3** If the parties have not agreed the reviewed rent three months before the
        Rent Review Date, either of them may refer it to an independent surveyor acting as an
        expert."""),
        H("5. Tenant's covenants"),
        P("""**5.1 Repair.** The Tenant shall keep the Premises in good and substantial repair
        and condition, but shall not be obliged to put them in any better state of repair than
        that shown in the Schedule of Condition, nor to repair damage by an Insured Risk.
        **5.2 Decoration.** The Tenant shall decorate the inside of the Premises in every fifth
        year of the term and in the last year of the term, however it ends."""),
        P("""**5.3 Alterations.** The Tenant shall not make any structural alteration to the
        Premises. Non-structural internal alterations, including laboratory benching and fume
        extraction, may be made with the Landlord's consent, which shall not be unreasonably
        withheld. **5.4 Use.** The Tenant shall not use the Premises other than for the
        Permitted Use."""),
        P("""**5.5 Hazardous materials.** The Tenant shall keep an up-to-date register of the
        hazardous substances stored at the Premises, make it available to the Landlord on
        request and remove all such substances before the end of the term. **5.6
        Alienation.** The Tenant shall not assign, charge or underlet part only of the
        Premises. The Tenant may assign or underlet the whole of the Premises with the
        Landlord's consent, which shall not be unreasonably withheld."""),
        P("""**5.7 Yielding up.** At the end of the term the Tenant shall return the Premises to
        the Landlord with vacant possession, in the repair and condition required by this
        Lease, and shall remove its fixtures, signs and laboratory installations and make good
        any damage caused by their removal."""),
        H("6. Landlord's covenants"),
        P("""**6.1** The Landlord covenants that the Tenant, paying the rents and observing its
        covenants, shall quietly enjoy the Premises without interruption by the Landlord.
        **6.2** The Landlord shall use reasonable endeavours to provide the services set out in
        Schedule 2, including the maintenance of the estate roads, landscaping, lighting and
        security patrols of the Estate."""),
        H("7. Insurance"),
        P("""**7.1** The Landlord shall insure the Premises against the Insured Risks for their
        full reinstatement cost, together with three years' loss of rent, and the Tenant shall
        pay the Landlord on demand the premium for that insurance (the insurance rent).
        **7.2** If the Premises are damaged by an Insured Risk so as to be unfit for use, the
        Annual Rent shall be suspended until they are fit for use again, or for three years if
        sooner. **7.3** The Tenant shall insure its own contents, stock and plant and shall hold
        public liability insurance of not less than GBP 5,000,000 for any one occurrence."""),
        H("8. Break clause"),
        P("""**8.1** The Tenant may terminate this Lease on 30 November 2027 (the **"Break
        Date"**) by giving the Landlord not less than six (6) months' prior written notice.
        **8.2** A break notice shall take effect only if, on the Break Date, the Tenant has paid
        the Annual Rent due up to the Break Date and gives vacant possession of the Premises.
        **8.3** The Landlord shall refund to the Tenant any Annual Rent paid for any period after
        the Break Date."""),
        H("9. Rent deposit"),
        P("""On the date of this Lease the Tenant shall pay the Rent Deposit to the Landlord, to
        be held in a designated account in accordance with the rent deposit deed of the same
        date. The Landlord may draw on it to make good any unpaid rent or breach of covenant.
        The balance shall be repaid to the Tenant within one month after the end of the
        term."""),
        H("10. Forfeiture"),
        P("""If any rent is unpaid twenty-one (21) days after becoming payable, whether formally
        demanded or not, or if the Tenant commits a material breach of covenant or becomes
        insolvent, the Landlord may re-enter the Premises, whereupon this Lease shall end, but
        without prejudice to any right of action of either party for an earlier breach."""),
        H("11. Exclusion of security of tenure and governing law"),
        P("""**11.1** The parties agree that the provisions of sections 24 to 28 of the Landlord
        and Tenant Act 1954 are excluded in relation to the tenancy created by this Lease, the
        Landlord having served a warning notice and the Tenant having made a statutory
        declaration before entering into this Lease. **11.2** This Lease and any dispute arising
        out of it are governed by the law of England and Wales."""),
        S(
            ("Ostbury Estates Ltd (Landlord)", "Graham Pelling", "Director", "15 November 2022"),
            (
                "Pellwick Instruments Ltd (Tenant)",
                "Dr. Naomi Feld",
                "Chief Executive Officer",
                "15 November 2022",
            ),
            lead="Executed as a deed by",
        ),
        H("Schedule 1 – Rights granted and rights reserved"),
        P("""**Rights granted:** the right for the Tenant and persons authorised by it to pass
        over the estate roads and footpaths with or without vehicles at all times; to park
        private vehicles in the 18 allocated spaces; to use the refuse compound; and to connect
        to and use the service media serving the Premises. **Rights reserved:** the right for
        the Landlord to enter the Premises on reasonable notice (except in emergency) to
        inspect, to carry out repairs to adjoining property and to exercise its rights under
        this Lease, causing as little disruption as reasonably possible."""),
        H("Schedule 2 – Estate services"),
        P("""Maintenance, repair and renewal of the estate roads, footpaths, car parks, signage,
        boundary fences and landscaped areas; estate lighting; gritting and snow clearance;
        security patrols outside working hours and the operation of the estate CCTV system;
        insurance of the common parts; and the reasonable fees of managing agents, not
        exceeding ten per cent (10%) of the cost of the other services."""),
    ],
)

SUPPLY = doc(
    "sa-2024-007-brightwell-korvel-supply-agreement.pdf",
    "Supply Agreement SA-2024-007 Brightwell Minerals and Korvel Foods",
    "2023-12-04",
    "Brightwell Minerals GmbH",
    "SA-2024-007 · Signed version",
    "Supply agreement",
    "Food-Grade Salts and Mineral Additives",
    "Agreement No. SA-2024-007 between Brightwell Minerals GmbH and Korvel Foods B.V.",
    [
        P("""This Supply Agreement (the **"Agreement"**) is entered into on 4 December 2023
        between:"""),
        P(
            """**Brightwell Minerals GmbH**, Hafenstraße 61, 20457 Hamburg, Germany, registered
        with the commercial register of the Hamburg Local Court under HRB 148233 (the
        **"Supplier"**); and""",
            indent=12,
        ),
        P(
            """**Korvel Foods B.V.**, Waalhaven Oostzijde 88, 3087 BM Rotterdam, the Netherlands,
        registered with the chamber of commerce under number 61450873 (the **"Buyer"**).""",
            indent=12,
        ),
        P("""The Buyer manufactures soups, sauces and ready meals at its Rotterdam plant and
        wishes to secure a reliable supply of food-grade salts and mineral additives. The
        Supplier refines and packs such products at its plants in Stade and Lüneburg. The
        parties therefore agree as follows."""),
        H("1. Definitions"),
        P("""**"Products"** means the products listed in Schedule 1; **"Delivery Point"** means
        the Buyer's plant at Waalhaven Oostzijde 88, Rotterdam; **"Contract Year"** means each
        calendar year or part of a calendar year during the Term; **"Specifications"** means
        the specifications in Schedule 2; and **"Unit Price"** means the price per metric tonne
        of a Product set out in Schedule 1."""),
        H("2. Supply and purchase"),
        P("""**2.1** The Supplier shall sell and deliver the Products to the Buyer, and the Buyer
        shall purchase them from the Supplier, on the terms of this Agreement. **2.2** In each
        Contract Year the Buyer shall purchase at least ninety per cent (90%) of the minimum
        annual volume of each Product stated in Schedule 1. If it purchases less, the Buyer
        shall pay a shortfall charge of fifteen per cent (15%) of the Unit Price on the quantity
        by which its purchases fall short of that ninety per cent. **2.3** The Supplier shall
        give priority to the Buyer's orders over spot sales in times of shortage."""),
        H("3. Term"),
        P("""**3.1** This Agreement enters into force on 1 January 2024 and remains in force for
        twenty-four (24) months, until 31 December 2025 (the **"Term"**). **3.2** The parties
        may extend the Term by written agreement. **3.3** Either party may terminate this
        Agreement for convenience by giving not less than six (6) months' written notice,
        expiring no earlier than 31 December 2024."""),
        H("4. Forecasts and orders"),
        P("""**4.1** By the fifth working day of each month the Buyer shall provide a rolling
        three-month forecast of its requirements for each Product. Forecasts are not binding
        but shall be prepared in good faith. **4.2** The Buyer shall place call-off orders at
        least the lead time stated in Schedule 1 before the requested delivery date. The
        Supplier shall confirm each order within two working days."""),
        H("5. Delivery, risk and title"),
        P("""**5.1** Products shall be delivered DAP (Incoterms 2020) to the Delivery Point, in
        bulk tankers or in 1,000 kg big bags as ordered. **5.2** Risk in the Products passes to
        the Buyer on delivery. Title passes on full payment. **5.3** Each delivery shall be
        accompanied by a delivery note and a certificate of analysis showing conformity with
        the Specifications."""),
        H("6. Prices and payment"),
        P("""**6.1** The prices of the Products are the Unit Prices in Schedule 1, stated in euros
        per metric tonne, exclusive of VAT and inclusive of delivery to the Delivery Point.
        **6.2 Payment.** The Buyer shall pay each invoice within forty-five (45) days of the
        invoice date. **6.3 Price adjustment.** The Unit Prices are fixed until 31 December
        2024. From 1 January 2025 they shall be adjusted once per Contract Year in line with the
        energy cost index agreed in Schedule 3, provided that no adjustment shall exceed six
        per cent (6%) upwards or downwards. **6.4** Late payments bear statutory commercial
        interest."""),
        H("7. Quality"),
        P("""**7.1** The Products shall conform to the Specifications and to all food law
        applicable in the European Union. **7.2** Throughout the Term the Supplier shall
        maintain certification of its quality management system to ISO 9001 and of its food
        safety management system to ISO 22000, and shall inform the Buyer without delay if
        either certification is suspended or withdrawn. **7.3** The Buyer may audit the
        Supplier's plants once per Contract Year on fourteen (14) days' notice."""),
        P("""**7.4** The Buyer shall notify the Supplier of any non-conforming delivery within ten
        (10) working days of delivery, or, for hidden defects, of discovery. The Supplier shall
        collect non-conforming Products at its own cost and replace them within five (5)
        working days."""),
        H("8. Liability"),
        P("""**8.1** The Supplier's total liability under or in connection with this Agreement in
        each Contract Year is limited to EUR 1,500,000. This limit does not apply to liability
        for death or personal injury, for wilful misconduct or gross negligence, or for the
        costs of a product recall caused by non-conforming Products, which are separately
        limited to EUR 3,000,000 per Contract Year. **8.2** Neither party is liable for
        indirect or consequential loss or loss of profit."""),
        H("9. Force majeure"),
        P("""Neither party is liable for failure to perform caused by events beyond its
        reasonable control, including strikes at third parties, ice on the Elbe preventing
        barge transport, and failure of public utilities. The affected party shall notify the
        other promptly. If the event lasts more than ninety (90) days, either party may
        terminate this Agreement by written notice."""),
        H("10. Governing law and disputes"),
        P("""This Agreement is governed by the laws of the Netherlands. The United Nations
        Convention on Contracts for the International Sale of Goods does not apply. All
        disputes shall be submitted to the competent court in Rotterdam."""),
        H("11. Confidentiality"),
        P("""Each party shall keep confidential the terms of this Agreement, in particular the
        Unit Prices, and all technical and commercial information received from the other
        party, and shall use such information only for the performance of this Agreement. This
        obligation continues for three (3) years after the end of the Term."""),
        H("12. Notices and contacts"),
        P("""Notices under this Agreement shall be in writing and sent by registered letter or
        by email with confirmation of receipt to the addresses stated above, for the attention
        of the Supplier's head of key account management and the Buyer's procurement director
        respectively. Operational communication on forecasts, call-off orders and deliveries
        is conducted through the Supplier's customer portal."""),
        H("Schedule 1 – Products and prices"),
        T(
            [
                "Item",
                "Product",
                "Grade / specification",
                "Unit price (EUR/t)",
                "Minimum annual volume (t)",
                "Lead time (days)",
            ],
            [
                ["1", "Vacuum salt, fine", "PDV ≥ 99.9% NaCl, 0.1–0.5 mm", "142.00", "6,000", "10"],
                [
                    "2",
                    "Vacuum salt, coarse",
                    "PDV ≥ 99.8% NaCl, 0.5–1.4 mm",
                    "138.50",
                    "2,500",
                    "10",
                ],
                ["3", "Sea salt, food grade", "≥ 99.0% NaCl, 0.2–1.0 mm", "211.00", "800", "14"],
                ["4", "Potassium chloride", "E 508, ≥ 99.0% KCl", "655.00", "300", "21"],
                ["5", "Calcium chloride flakes", "E 509, 77–80% CaCl2", "389.00", "150", "21"],
                ["6", "Magnesium carbonate", "E 504(i), anti-caking agent", "1,140.00", "40", "28"],
            ],
            [0.6, 2.0, 2.4, 1.2, 1.4, 1.0],
            caption="Table 1. Products, Unit Prices, minimum volumes and lead times",
            note="""Prices per metric tonne, DAP Delivery Point, exclusive of VAT. PDV: pure dried
            vacuum salt.""",
        ),
        H("Schedule 2 – Specifications (summary)"),
        P("""Vacuum salts shall contain no added iodine and no more than 10 mg/kg of sodium
        ferrocyanide (E 535) as anti-caking agent; moisture shall not exceed 0.05%. Sea salt
        shall be free of visible foreign matter and shall not exceed 0.5% insoluble matter.
        Potassium chloride and calcium chloride shall meet the purity criteria for the
        corresponding food additives. Calcium chloride flakes shall be supplied in moisture-proof
        lined bags only. Full specifications are set out in the Supplier's
        product data sheets of edition 2023-10, which form part of this Agreement."""),
        H("Schedule 3 – Energy cost index"),
        P("""For the purposes of clause 6.3 the energy cost index is the weighted average of the
        monthly day-ahead electricity price (weight 40%) and the monthly natural gas price
        (weight 60%) for the German market area, as published by the Supplier's energy broker
        and made available to the Buyer on request. The index value for the reference period
        October 2023 is fixed at 100. For each adjustment the average index value of the twelve
        months ending on 30 September of the preceding year is compared with the reference
        value; the energy share of the Unit Price, deemed to be 35%, is adjusted in
        proportion, subject to the limit of six per cent (6%) in clause 6.3. The Supplier
        shall send the Buyer its calculation, with the index values used, by 15 November of
        each year."""),
        S(
            (
                "Brightwell Minerals GmbH",
                "Jörg Tiedemann-Voss",
                "Managing Director (Geschäftsführer)",
                "Hamburg, 28 November 2023",
            ),
            (
                "Korvel Foods B.V.",
                "Marieke van Doorn-Aalst",
                "Procurement Director",
                "Rotterdam, 4 December 2023",
            ),
        ),
    ],
)

SUPPLY_AMENDMENT = doc(
    "sa-2024-007-amendment-no-1.pdf",
    "Amendment No. 1 to Supply Agreement SA-2024-007",
    "2024-09-20",
    "Brightwell Minerals GmbH",
    "SA-2024-007-A1",
    "Amendment agreement",
    "Amendment No. 1 to Supply Agreement SA-2024-007",
    'between Brightwell Minerals GmbH (the "Supplier") and Korvel Foods B.V. (the "Buyer")',
    [
        H("Recitals"),
        P("""(A) The Supplier and the Buyer are parties to a supply agreement for food-grade salts
        and mineral additives dated 4 December 2023, reference SA-2024-007 (the
        **"Agreement"**)."""),
        P("""(B) The Buyer is expanding its Rotterdam plant with a second sauce line, which will
        raise its consumption of fine vacuum salt from 2025, and has asked for a longer supply
        commitment. The Supplier has faced higher energy costs at its Stade refinery than those
        foreseen when the Agreement was signed."""),
        P("""(C) The parties therefore wish to extend the Term, to revise certain Unit Prices and
        minimum volumes, to shorten the payment term, to add a new Product and to raise the
        Supplier's liability limit, as set out in this Amendment. Capitalised terms not defined
        in this Amendment have the meanings given in the Agreement."""),
        H("1. Effective date"),
        P("""This Amendment takes effect on 1 October 2024 (the **"Amendment Effective Date"**).
        Orders confirmed before the Amendment Effective Date shall be invoiced at the Unit Prices
        that applied when they were confirmed."""),
        H("2. Extension of the Term"),
        P("""**2.1** Clause 3.1 of the Agreement is deleted and replaced by the following: "This
        Agreement enters into force on 1 January 2024 and remains in force until 31 December
        2026 (the **"Term"**)." The total Term is accordingly thirty-six (36) months.
        **2.2** In clause 3.3 of the Agreement, the words "expiring no earlier than 31 December
        2024" are replaced by "expiring no earlier than 31 December 2025"."""),
        H("3. Payment terms"),
        P("""Clause 6.2 of the Agreement is deleted and replaced by the following: "**6.2
        Payment.** The Buyer shall pay each invoice within thirty (30) days of the invoice
        date." The new payment term applies to invoices dated on or after the Amendment
        Effective Date."""),
        H("4. Prices and volumes"),
        P("""**4.1** Schedule 1 of the Agreement is amended as shown in Table 1. The Unit Prices
        of all other Products remain unchanged. **4.2** The price adjustment mechanism of
        clause 6.3 continues to apply, save that the first adjustment shall take place on 1
        January 2026 instead of 1 January 2025. **4.3** The Supplier shall issue a revised
        price list reflecting this Amendment within five (5) working days of its signature,
        and shall correct any invoice issued after the Amendment Effective Date at the previous
        Unit Prices by a credit note or supplementary invoice."""),
        T(
            [
                "Item",
                "Product",
                "Previous unit price (EUR/t)",
                "New unit price (EUR/t)",
                "New minimum annual volume (t)",
            ],
            [
                ["1", "Vacuum salt, fine", "142.00", "149.50", "7,500"],
                ["4", "Potassium chloride", "655.00", "618.00", "300"],
                ["7 (new)", "Magnesium chloride hexahydrate, E 511", "—", "296.00", "200"],
            ],
            [0.8, 2.8, 1.5, 1.5, 1.6],
            caption="Table 1. Changes to Schedule 1 from the Amendment Effective Date",
        ),
        P("""For convenience, Table 2 sets out Schedule 1 as amended by this Amendment. In case of
        any inconsistency between Table 1 and Table 2, Table 1 prevails."""),
        T(
            [
                "Item",
                "Product",
                "Unit price (EUR/t)",
                "Minimum annual volume (t)",
                "Lead time (days)",
            ],
            [
                ["1", "Vacuum salt, fine", "149.50", "7,500", "10"],
                ["2", "Vacuum salt, coarse", "138.50", "2,500", "10"],
                ["3", "Sea salt, food grade", "211.00", "800", "14"],
                ["4", "Potassium chloride", "618.00", "300", "21"],
                ["5", "Calcium chloride flakes", "389.00", "150", "21"],
                ["6", "Magnesium carbonate", "1,140.00", "40", "28"],
                ["7", "Magnesium chloride hexahydrate", "296.00", "200", "21"],
            ],
            [0.8, 3.0, 1.4, 1.7, 1.2],
            caption="Table 2. Schedule 1 as amended (consolidated)",
        ),
        H("5. Liability"),
        P("""In clause 8.1 of the Agreement, "EUR 1,500,000" is replaced by "EUR 2,000,000". The
        separate limit for product recall costs of EUR 3,000,000 per Contract Year is not
        changed."""),
        H("6. Transitional provisions"),
        P("""**6.1** For the Contract Year 2024 the minimum annual volume of fine vacuum salt
        remains 6,000 tonnes; the new minimum of 7,500 tonnes applies from the Contract Year
        2025. **6.2** The shortfall charge under clause 2.2 of the Agreement for the Contract
        Year 2024 shall be calculated on the Unit Prices that applied before the Amendment
        Effective Date. **6.3** The Supplier shall supply samples of magnesium chloride
        hexahydrate (item 7) with a certificate of analysis by 31 October 2024 so that the
        Buyer can complete its raw material approval before the first call-off order."""),
        H("7. Miscellaneous"),
        P("""**6.1** Except as amended by this Amendment, the Agreement remains unchanged and in
        full force and effect. From the Amendment Effective Date, references in the Agreement
        to "this Agreement" are to the Agreement as amended by this Amendment. **6.2** This
        Amendment may be signed in counterparts and by electronic signature. **6.3** Clause 10
        of the Agreement (governing law and disputes) applies to this Amendment. **6.4** Each
        party bears its own costs of negotiating and signing this Amendment. **6.5** The
        parties shall review the Unit Prices and minimum volumes again by 30 June 2026 with a
        view to a possible further extension of the Term."""),
        S(
            (
                "Brightwell Minerals GmbH",
                "Jörg Tiedemann-Voss",
                "Managing Director (Geschäftsführer)",
                "18 September 2024",
            ),
            (
                "Korvel Foods B.V.",
                "Pieter Hoogendijk",
                "Chief Financial Officer",
                "20 September 2024",
            ),
        ),
    ],
)

NDA = doc(
    "nda-arkwell-robotics-sunmere-analytics.pdf",
    "Mutual Non-Disclosure Agreement Arkwell Robotics and Sunmere Analytics",
    "2024-04-09",
    "Arkwell Robotics Ltd",
    "ARK-NDA-2024-019",
    "Mutual non-disclosure agreement",
    "Arkwell Robotics Ltd and Sunmere Analytics GmbH",
    """Evaluation of a joint predictive maintenance offering for autonomous warehouse
    robots""",
    [
        F(
            [
                ("Effective Date", "9 April 2024"),
                (
                    "Arkwell",
                    """Arkwell Robotics Ltd, a company registered in England and Wales (number
                    12873305), 14 Cheddars Lane, Cambridge CB5 8LD, United Kingdom""",
                ),
                (
                    "Sunmere",
                    """Sunmere Analytics GmbH, registered with the commercial register of the
                    Munich Local Court under HRB 271904, Leopoldstraße 210, 80804 Munich,
                    Germany""",
                ),
                (
                    "Purpose",
                    """Evaluating and, if the parties so decide, negotiating a collaboration
                    under which Sunmere's condition-monitoring software would be offered with
                    Arkwell's autonomous mobile robots""",
                ),
            ],
            label_share=0.22,
        ),
        P("""Arkwell and Sunmere (each a **"party"**) intend to disclose confidential information
        to each other for the Purpose. Each party may act both as a discloser and as a recipient
        of such information. The parties therefore agree as set out below."""),
        C(
            H("1. Definitions", 2),
            P("""**"Confidential Information"** means all information, in any form, disclosed by
            or on behalf of a party (the **"Discloser"**) to the other party (the
            **"Recipient"**) in connection with the Purpose, whether before or after the
            Effective Date, including source code, machine telemetry, failure data, algorithms,
            product roadmaps, pricing and customer information, whether or not marked as
            confidential. **"Representatives"** means a party's employees, officers,
            professional advisers and, with the Discloser's prior written consent,
            contractors, who need to know the Confidential Information for the Purpose."""),
            H("2. Obligations of the Recipient", 2),
            P("""The Recipient shall: (a) keep the Confidential Information secret and protect it
            with at least the degree of care it uses for its own confidential information of a
            similar kind, and in any event with reasonable care; (b) use it only for the
            Purpose; (c) disclose it only to its Representatives, and ensure that they are bound
            by obligations of confidentiality no less strict than those in this Agreement; and
            (d) not copy, decompile, reverse engineer or analyse any software, hardware or
            sample provided by the Discloser, except to the extent strictly necessary for the
            Purpose."""),
            H("3. Exceptions", 2),
            P("""The obligations in clause 2 do not apply to information which the Recipient can
            show: (a) is or becomes publicly available other than through a breach of this
            Agreement; (b) was lawfully in its possession before disclosure, free of any
            obligation of confidence; (c) is received from a third party who is free to
            disclose it; or (d) is developed independently by the Recipient without use of the
            Confidential Information."""),
            H("4. Disclosure required by law", 2),
            P("""The Recipient may disclose Confidential Information to the extent required by
            law, by a court or by a regulatory authority, provided that, where lawful, it gives
            the Discloser prompt notice and cooperates with any attempt by the Discloser to
            obtain a protective order, and discloses only the minimum required."""),
            H("5. Return and destruction", 2),
            P("""Within fourteen (14) days of a written request by the Discloser, and in any case
            on termination of this Agreement, the Recipient shall return or destroy all
            documents and materials containing Confidential Information and delete it from its
            systems, and shall confirm this in writing. The Recipient may keep copies held in
            automatic electronic back-ups or required by law, which remain subject to this
            Agreement."""),
            H("6. No licence and no warranty", 2),
            P("""All Confidential Information remains the property of the Discloser. No licence
            under any patent, copyright, trade secret or other right is granted by this
            Agreement. Confidential Information is provided "as is", and the Discloser gives no
            warranty as to its accuracy or completeness."""),
            H("7. No obligation to proceed", 2),
            P("""Nothing in this Agreement obliges either party to enter into any further
            agreement or collaboration. Each party may end the discussions at any time, and
            each party bears its own costs of the evaluation."""),
            H("8. Term and duration of confidentiality", 2),
            P("""**8.1** This Agreement begins on the Effective Date and continues for two (2)
            years, unless terminated earlier by either party on thirty (30) days' written
            notice. **8.2** The obligations in clauses 2 to 5 survive termination or expiry and
            continue for five (5) years from the date of each disclosure; for information that
            constitutes a trade secret they continue for as long as the information remains a
            trade secret."""),
            H("9. Non-solicitation", 2),
            P("""During the term of this Agreement and for twelve (12) months after it ends,
            neither party shall solicit for employment any employee of the other party who has
            been directly involved in the Purpose. General recruitment advertising not aimed at
            such employees does not breach this clause."""),
            H("10. Remedies", 2),
            P("""Each party acknowledges that damages alone may not be an adequate remedy for a
            breach of this Agreement and that the Discloser may seek injunctive relief or
            specific performance in addition to any other remedy."""),
            H("11. Data protection", 2),
            P("""The parties do not intend to exchange personal data for the Purpose. Robot
            telemetry shall be anonymised before disclosure. If personal data must be shared,
            the parties will first enter into a separate data processing agreement."""),
            H("12. Governing law and jurisdiction", 2),
            P("""This Agreement is governed by the laws of the Federal Republic of Germany. The
            courts of Munich have exclusive jurisdiction over any dispute arising out of or in
            connection with it."""),
            H("13. General", 2),
            P("""This Agreement is the entire agreement of the parties about its subject matter.
            Amendments must be in writing and signed by both parties. Neither party may assign
            this Agreement without the other's consent. This Agreement may be signed
            electronically and in counterparts."""),
        ),
        S(
            (
                "Arkwell Robotics Ltd",
                "Owen Treharne",
                "Chief Technology Officer",
                "8 April 2024",
            ),
            (
                "Sunmere Analytics GmbH",
                "Dr. Katrin Albrecht-Meyer",
                "Managing Director (Geschäftsführerin)",
                "9 April 2024",
            ),
        ),
    ],
)

SUBSCRIPTION = doc(
    "orr-ssa-2291-labtrace-lims-subscription-agreement.pdf",
    "Software Subscription Agreement ORR-SSA-2291 LabTrace LIMS for Pellwick Instruments",
    "2024-01-15",
    "Orrin Cloud Systems Ltd",
    "ORR-SSA-2291 · Order form and terms",
    "Software subscription agreement",
    "LabTrace LIMS Subscription",
    "Order Form and Subscription Terms, Agreement No. ORR-SSA-2291, for Pellwick Instruments Ltd",
    [
        H("Part A – Order Form"),
        F(
            [
                ("Provider", "Orrin Cloud Systems Ltd, Dublin, Ireland (company no. 648213)"),
                ("Customer", "Pellwick Instruments Ltd, Unit 4, Farrowgate Business Park, Leeds"),
                ("Order date", "15 January 2024"),
                ("Subscription start date", "1 February 2024"),
                ("Initial Subscription Term", "24 months"),
                ("Renewal", "Automatic for 12 months unless notice is given (clause 8.2)"),
                ("Hosting region", "European Union (Dublin and Frankfurt data centres)"),
                ("Billing", "Annually in advance; invoices payable within 30 days"),
                ("Currency", "EUR"),
                ("One-time implementation fee", "EUR 18,500"),
            ],
            columns=2,
            label_share=0.42,
        ),
        T(
            ["Module", "Quantity", "Unit", "Annual fee (EUR)"],
            [
                ["LabTrace Core LIMS", "45", "named users", "40,500"],
                ["Calibration Manager", "12", "named users", "7,200"],
                ["Instrument Data Connector", "20", "instruments", "9,000"],
                ["Sandbox environment", "1", "environment", "3,600"],
                ["Premium support", "1", "subscription", "6,000"],
                ["Total annual subscription fee", "", "", "66,300"],
            ],
            [3.0, 1.0, 1.6, 1.6],
            caption="Table A1. Subscribed modules and annual fees",
            note="Fees exclude VAT. The implementation fee is invoiced on the order date.",
        ),
        H("Part B – Subscription Terms"),
        H("1. Subscription", 2),
        P("""**1.1** Subject to payment of the fees, the Provider grants the Customer a
        non-exclusive, non-transferable right during the Subscription Term to access and use
        the modules listed in the Order Form for its internal business purposes, by the number
        of named users and instruments stated there. **1.2** The Customer may add users or
        instruments at any time at the then-current list price, pro-rated to the end of the
        current subscription year."""),
        H("2. Customer obligations", 2),
        P("""The Customer is responsible for the accuracy of the data it enters, for keeping user
        credentials secure and for the use of the service by its users. It shall not use the
        service to store data it has no right to process, nor attempt to circumvent the
        security of the service."""),
        H("3. Service availability and service credits", 2),
        P("""**3.1** The Provider shall make the production environment available 99.5% of the
        time in each calendar month, excluding scheduled maintenance announced at least five
        days in advance and carried out between 22:00 and 04:00 Irish time. **3.2** If the
        availability falls below that level, the Customer shall be entitled to a service
        credit against the next invoice as follows."""),
        T(
            ["Monthly availability (%)", "Service credit (% of monthly fee)"],
            [
                ["Below 99.5 but at least 99.0", "5"],
                ["Below 99.0 but at least 97.0", "10"],
                ["Below 97.0", "25"],
            ],
            [3.0, 3.0],
            caption="Table B1. Service credits",
        ),
        H("4. Support", 2),
        P("""Premium support includes a named customer success manager, support by telephone and
        web portal from 07:00 to 20:00 on working days, and a response within one hour to
        critical incidents at any time. The sandbox environment is not covered by the
        availability commitment in clause 3."""),
        H("5. Customer data", 2),
        P("""**5.1** The Customer owns all data it uploads to the service. The Provider processes
        personal data only on the Customer's documented instructions under the data processing
        addendum attached to this Agreement. **5.2** On termination the Customer may export its
        data in CSV and PDF formats for thirty (30) days. The Provider shall delete the
        Customer's data ninety (90) days after termination."""),
        H("6. Fees and price changes", 2),
        P("""The fees are fixed for the Initial Subscription Term. On any renewal the Provider may
        increase the fees by giving at least ninety (90) days' notice before the renewal date,
        provided that no increase exceeds five per cent (5%) of the fees for the preceding
        subscription year."""),
        H("7. Limitation of liability", 2),
        P("""**7.1** Each party's aggregate liability arising out of or in connection with this
        Agreement in any period of twelve months is limited to the fees paid or payable by the
        Customer in the twelve months preceding the event giving rise to the claim. **7.2** For
        breaches of clause 5 or of the data processing addendum, the limit is twice that
        amount. **7.3** Neither party is liable for indirect loss or loss of profits."""),
        H("8. Term and termination", 2),
        P("""**8.1** This Agreement starts on the order date and continues for the Initial
        Subscription Term stated in the Order Form. **8.2** It then renews automatically for
        successive periods of twelve (12) months unless either party gives written notice of
        non-renewal at least sixty (60) days before the end of the current term. **8.3**
        Either party may terminate for material breach not remedied within thirty (30) days of
        notice."""),
        H("9. Governing law", 2),
        P("""This Agreement is governed by the laws of Ireland, and the courts of Dublin have
        exclusive jurisdiction over any dispute arising from it."""),
        S(
            (
                "Orrin Cloud Systems Ltd",
                "Ciarán Moylett",
                "Chief Commercial Officer",
                "12 January 2024",
            ),
            (
                "Pellwick Instruments Ltd",
                "Dr. Naomi Feld",
                "Chief Executive Officer",
                "15 January 2024",
            ),
        ),
    ],
)

CORPUS = Corpus(
    "contracts",
    "Contracts",
    clean(
        """Commercial contracts of invented companies: a data-centre maintenance services
        agreement and its termination notice, a commercial lease, a supply agreement with a
        price schedule and its amendment, a mutual non-disclosure agreement and a software
        subscription agreement, with parties, terms, fees, notice periods and liability
        caps."""
    ),
    (MSA, MSA_TERMINATION, LEASE, SUPPLY, SUPPLY_AMENDMENT, NDA, SUBSCRIPTION),
)
