"""Original, fictional texts for the demo corpora (organisations and places are invented).

Each page is a heading line, a blank line, then paragraphs separated by blank lines; line
breaks inside a paragraph are only for source width and are unwrapped when the PDF is built.
"""

from __future__ import annotations

# The sentence that tests look for on page 3 of the Lindqvist depot study.
PAGE3_SENTENCE = (
    "The Lindqvist depot now charges 140 electric buses overnight from a "
    "9.6 megawatt-hour battery bank."
)
# A name that only appears in the scanned (image-only) memo, so OCR can be checked.
OCR_PHRASE = "Tomas Breck"

HARROW_P1 = """Overview of the year

Harrow Ridge Energy Cooperative closed 2024 with 4,212 member-owners across the Tarn Valley, up
from 3,650 a year earlier. The cooperative's five generating sites produced 612 gigawatt-hours of
electricity, enough to cover the annual use of roughly 168,000 homes at the regional average of
3,640 kilowatt-hours per household. Revenue reached 71.4 million euros, of which 9.8 million was
returned to members as a dividend and 3.1 million went to the Tarn Valley Community Fund.

The largest contribution came from Kestrel Bay, the offshore wind array commissioned in 2021,
which alone delivered 298 gigawatt-hours. Its capacity factor of 43.9 percent was the best in the
cooperative's history, helped by a windy autumn and by the replacement of two gearboxes in the
spring maintenance window. Onshore, the Harrow Ridge turbines that gave the cooperative its name
ran at 31.2 percent, slightly below their ten-year mean, after a migration curtailment order from
the Tarn Valley Environment Office kept them idle for 19 days in April.

Chief executive Mirela Osei said the year showed what a community-owned portfolio can do when
wind, sun and water complement each other. Solar output peaked in July while wind peaked in
November, and the run-of-river plant at Ostry Falls gave steady output through the spring melt.
The board approved a capital plan of 140 million euros for 2025 to 2028, with the first tranche
funding a battery at the Nordvik solar park.

Member engagement also grew. Attendance at the annual general meeting in Millbeck reached 780,
the highest so far, and 1,140 members voted online on the new capital plan."""

HARROW_P2 = """Generating portfolio

The table below lists each site the cooperative operated on 31 December 2024. Capacity is the
nameplate rating in megawatts; the commissioning year refers to the first export to the grid.

Table 1: Operating sites, 31 December 2024

Total nameplate capacity is 490.5 megawatts. Millbeck Fields, the newest site, was built on a
former gravel quarry and uses bifacial panels that gain about 7 percent extra yield from light
reflected off the pale ground. Nordvik will receive a 60 megawatt-hour lithium iron phosphate
battery in 2025, so that the site can shift midday output into the evening peak, when wholesale
prices in the Tarn Valley zone averaged 38 percent more than at noon during 2024.

Ostry Falls is the smallest site but the most predictable one: its 14.5 megawatts ran at a 52
percent capacity factor, and its output can be forecast a week ahead from snow-pack readings on
the upper Ostry catchment. The cooperative sells that output on a fixed-price contract to the
Tarn Valley water utility, which uses it to run the Lowfield pumping station.

All five sites are connected to the Tarn Valley distribution network operated by Eastmere Power.
Kestrel Bay exports through its own 132 kilovolt cable, landed at Skelby, which is shared with a
neighbouring fishing harbour's shore power scheme."""

HARROW_TABLE = (
    ("Site", "Capacity (MW)", "Technology", "Commissioned"),
    ("Harrow Ridge", "96", "Onshore wind", "2009"),
    ("Ostry Falls", "14.5", "Run-of-river hydro", "2013"),
    ("Nordvik", "48", "Solar PV", "2017"),
    ("Kestrel Bay", "310", "Offshore wind", "2021"),
    ("Millbeck Fields", "22", "Solar PV", "2023"),
)

HARROW_P3 = """Field survey memo (scanned)

Memo to the board, 2 October 2024. Subject: wind resource at Brannock Moor.

The meteorological mast at Brannock Moor was raised on 14 March 2023 and has now logged eighteen
months of data. Mean wind speed at a hub height of 110 metres is 7.8 metres per second, which
would give an expected capacity factor near 34 percent for the turbine class we shortlisted.

Peat depth across the northern half of the moor exceeds 1.5 metres, so tracks and foundations
should be kept to the southern ridge. The ornithology survey recorded nine breeding pairs of
golden plover; the survey team recommends a 500 metre buffer around their nesting area.

We propose a layout of eight turbines with a combined rating of 48 megawatts, and ask the board
to fund the planning application in the first quarter of 2025. Signed: Tomas Breck, Site Lead.

Access to the site is from the B6271 at Low Brannock. The existing farm track would need widening
to 5 metres over 2.3 kilometres for turbine deliveries; the landowner, Alder Estates, has agreed
in principle to a 35 year lease at 2.5 percent of turbine revenue."""

HARROW_P4 = """Outlook for 2025

The cooperative expects generation of 640 to 660 gigawatt-hours in 2025, assuming an average
wind year and a full year of output from Millbeck Fields. The Nordvik battery is scheduled to
enter service in September, and the Brannock Moor planning application will be lodged with the
Tarn Valley Council in February if the board accepts the survey recommendation.

Membership is open again from 1 March. New members may buy between 2 and 200 shares at 50 euros
each, and the share offer aims to raise 12 million euros towards the battery and the Brannock
Moor development. The cooperative will also trial a time-of-use tariff for 400 member households
in Millbeck, with prices 30 percent lower between 10 in the morning and 3 in the afternoon.

Risks for the year include lower wholesale prices if gas prices keep falling, grid constraints
on the Tarn Valley 132 kilovolt line, and the possibility of a second curtailment order at
Harrow Ridge during the spring migration. The board has set aside a reserve of 4 million euros.

The cooperative will publish quarterly generation figures on its member portal from April, and
an independent audit of the community fund by Greyhaven Associates is due in the autumn."""

STORAGE_P1 = """Why storage now

Selwyn Grid, which runs the Northern Interconnect, curtailed 1.9 terawatt-hours of wind and solar
output in 2023 because the transmission lines south of Aldbury could not carry it. That is about
6 percent of all renewable output in the region, and the compensation paid to generators for the
curtailed energy came to 118 million euros, a cost that lands on every consumer's bill.

Storage placed on the windy side of the constraint can absorb surplus output and release it when
the lines have room. Selwyn Grid's planning study found that 900 megawatts of four-hour batteries
north of Aldbury would cut curtailment by roughly half, while a new 400 kilovolt line would take
at least nine years to permit and build.

This briefing compares the storage technologies that are ready for deployment, summarises the
market rules that decide whether they are built, and lists the projects already in the queue.

The briefing was prepared for the Northern Interconnect Users' Forum by the policy team at the
Aldbury Energy Institute, using Selwyn Grid's published curtailment data for 2021 to 2023 and
interviews with eleven developers. Where figures are estimates, the briefing says so.

Curtailment has grown quickly. It was 0.6 terawatt-hours in 2021 and 1.2 in 2022 before reaching
1.9 in 2023, and Selwyn Grid expects it to exceed 3 terawatt-hours in 2026 as the offshore wind
farms now under construction off Harlow Point begin to export."""

STORAGE_P2 = """Technologies compared

Lithium iron phosphate batteries dominate new projects. They reach a round-trip efficiency of
about 86 percent, cost around 250 euros per kilowatt-hour installed for a four-hour system, and
can be built in under two years. Their weakness is duration: beyond six hours the cost of extra
cells makes them uncompetitive.

Pumped hydro covers longer durations. The proposed Glen Corran scheme would store 1,200
megawatt-hours between two existing lochs with a head of 390 metres, at a round-trip efficiency
near 76 percent. It needs a construction period of six years but would last for more than
eighty.

Iron-air batteries are the newest option. A 10 megawatt pilot at Dunmarsh, operated by Fenwick
Power since June 2024, stores energy for up to 100 hours. Its round-trip efficiency is only
about 45 percent, but the cell materials are cheap, so it suits multi-day lulls in the wind.

Other options were considered and set aside for now. Compressed air storage needs salt caverns,
and the nearest suitable geology lies 140 kilometres south of the constraint. Hydrogen produced
from surplus wind could be stored for months, but converting it back to electricity returns only
about a third of the energy, so the briefing treats it as an industrial fuel rather than grid
storage. Flow batteries remain an option for eight to twelve hour durations if costs keep
falling."""

STORAGE_P3 = """Market rules and the project queue

Three rules decide whether storage gets built on the Northern Interconnect. First, the capacity
auction pays a storage plant only for its de-rated capacity, which Selwyn Grid sets at 57 percent
for a four-hour battery. Second, batteries pay network charges both when they import and when
they export, a double charge the regulator has promised to remove by 2026. Third, curtailment
compensation still pays wind farms not to generate, which blunts the price signal for storage.

The connection queue held 41 storage projects with a total of 5.3 gigawatts in August 2024. The
largest is the 600 megawatt Aldbury North battery proposed by Harlow Renewables; the most
advanced is the 200 megawatt Caddon Moss battery, which starts commissioning in November.

The briefing recommends removing the double charge early, raising the de-rating factor for
batteries sited north of the constraint, and publishing curtailment forecasts a day ahead.

Developers interviewed for this briefing said the grid connection date, not the technology, was
their biggest risk: the median project in the queue had been offered a connection in 2029, five
years after applying. Selwyn Grid has proposed a first-ready, first-connected rule that would
let shovel-ready projects overtake speculative ones."""

LINDQVIST_P1 = """Background

The Aldermoor Transit Authority runs 212 buses from three depots. In 2022 it decided to convert
the Lindqvist depot, its largest, to battery-electric operation first, because the depot's routes
are short urban loops that rarely exceed 220 kilometres a day. Before conversion the Lindqvist
fleet burned 6.1 million litres of diesel a year and emitted about 16,300 tonnes of carbon
dioxide.

The authority ordered 140 single-deck buses from the manufacturer Vektor Mobility, each with a
420 kilowatt-hour battery. The first 40 arrived in March 2023 and the last in January 2024. The
total programme budget was 118 million euros, of which 46 million came from the national clean
transport fund and the rest from the authority's capital budget.

This study, commissioned by the authority's board, reviews the design of the charging system,
the results of the first full year of electric operation, and lessons for the other depots.

The Lindqvist depot sits on a 4.8 hectare site in the Eastgate district, between the ring road
and the railway freight yard. Its 1970s workshop building was kept and refurbished, while the
fuel station and wash bay were removed to make room for the charging equipment. The depot
employs 360 drivers and 54 workshop staff, who work in three shifts."""

LINDQVIST_P2 = """Charging design

The depot charges buses overnight at 120 plug-in chargers rated at 150 kilowatts each, shared
between 140 parking bays by a sequencing system that charges buses in order of departure. Four
pantograph chargers rated at 450 kilowatts each were installed at the Aldermoor Central terminus
so that buses on the longest route, line 7, can top up during their layover of eight minutes.

The depot's grid connection was raised from 2 to 11 megavolt-amperes, which required a new
substation built by the network operator Eastmere Power at a cost of 7.4 million euros. To avoid
paying peak demand charges, the authority also installed a stationary battery that charges from
the grid in the afternoon and supports the overnight charging window.

Depot staff were retrained over fourteen weeks. Workshop technicians received high-voltage
safety certification, and the depot added a fire detection system with thermal cameras that
watch every parking bay, following guidance from the Aldermoor Fire Service.

The charging management software, supplied by Corvel Systems, reads each bus's state of charge
when it enters the depot and plans charging so that every bus reaches at least 95 percent by its
first departure. It also caps the depot's total demand at 9.5 megawatts, leaving headroom for the
workshop, lighting and the heating of the bus hall."""

LINDQVIST_P3 = f"""Results of the first year

{PAGE3_SENTENCE} Over the twelve months to January 2025 the electric fleet covered 9.2 million
kilometres and used 1.21 kilowatt-hours per kilometre on average, rising to 1.58 in the coldest
weeks of February because of cabin heating.

Fleet availability reached 93.5 percent, slightly above the 92 percent of the diesel fleet it
replaced. Two buses were out of service for more than a month after a batch of faulty coolant
pumps, which Vektor Mobility replaced under warranty. No bus ran out of charge in service.

Energy costs fell to 0.19 euros per kilometre from 0.41 euros per kilometre for diesel, saving
about 2 million euros in the first year. Maintenance costs were 28 percent lower, mainly because
the buses need no oil changes and their regenerative braking spares the brake pads.

The study recommends converting the Harbour Road depot next, and specifying heat pumps instead of
resistive heaters for the next bus order to cut the winter consumption by about a fifth.

Passenger surveys found that 71 percent of regular riders noticed the quieter ride, and noise
measurements at the depot boundary fell by 9 decibels at night, which ended a long-running
complaint from residents of Quarry Lane."""

BATTERY_P1 = """Two families of lithium-ion cells

Almost every electric car on the road today uses a lithium-ion battery, but the cathode
chemistry varies. Nickel manganese cobalt cells, usually shortened to NMC, store the most energy
for their weight: current cells reach around 250 to 280 watt-hours per kilogram. That makes them
the usual choice for long-range cars and for vehicles where weight matters.

Lithium iron phosphate cells, or LFP, store less energy per kilogram, typically 160 to 190
watt-hours, but they contain no nickel or cobalt. They are cheaper, tolerate being charged to
100 percent every day, and last for several thousand full cycles. Cell-to-pack designs, which
skip the module layer, have narrowed the gap at pack level.

This primer was written for the Westbrook Motor Club's members and compares the chemistries on
range, cost, lifetime, cold-weather behaviour and charging speed.

Both chemistries use a graphite anode in most cars today, and both are built into cylindrical,
prismatic or pouch cells. The cell format affects cooling and packaging more than it affects the
basic trade-offs discussed here. Figures in this primer are typical values for cells sold in
2023 and 2024; individual products vary, and manufacturers' data sheets take precedence.

The primer uses gravimetric energy density, watt-hours per kilogram, because weight determines
how much range a given battery mass can deliver. Volumetric density matters too, since it limits
how much battery fits under the floor of a small car."""

BATTERY_P2 = """Cost, lifetime and cold weather

In the club's survey of 312 members' cars, owners of LFP cars were twice as likely to charge to
100 percent every night, because the manufacturers recommend it. NMC owners mostly charge to 80
percent to slow ageing. After five years, the median NMC car in the survey had kept 91 percent
of its original capacity and the median LFP car 94 percent.

Cold weather hurts both chemistries, but LFP more. At minus 10 degrees Celsius the club measured
a range loss of 29 percent for a popular LFP hatchback and 21 percent for its NMC sibling, with
cabin heating on. Preconditioning the battery while the car is still plugged in reduces the loss
by about a third, and a heat pump reduces it further.

Prices of LFP cells fell faster than NMC over the last three years, and the club's treasurer,
Priya Nandakumar, estimates the battery accounts for about 30 percent of a small car's price.

Charging speed depends on the whole pack design, not only on chemistry. In the club's tests a
mid-size NMC car charged from 10 to 80 percent in 27 minutes at a 150 kilowatt charger, and a
comparable LFP car in 31 minutes. Both slowed sharply in the cold unless the battery had been
warmed on the way to the charger, which most recent cars do automatically when a charger is set
as the navigation destination."""

BATTERY_P3 = """Sodium-ion and what comes next

Sodium-ion cells use abundant sodium instead of lithium and need no nickel or cobalt at all.
Their energy density, around 140 to 160 watt-hours per kilogram, suits small city cars and
scooters rather than long-range models. They keep more of their capacity in the cold, which
could make them a useful partner to LFP in mixed packs.

Solid-state batteries replace the liquid electrolyte with a solid one. Prototypes promise
faster charging and better safety, but none was on sale to the club's members by 2024, and the
club advises members not to delay a purchase while waiting for them.

For most members the advice is simple: choose LFP if daily trips are short and a home charger is
available, choose NMC if long motorway journeys in winter are common, and in both cases look at
the warranty, which for most new cars covers 70 percent capacity for eight years.

Recycling is improving too. The club visited the Redfern Metals plant, which recovers about 95
percent of the nickel, cobalt and copper from end-of-life NMC packs. Recovering lithium from LFP
packs is less profitable because the cathode contains no expensive metals, which is why several
governments now require minimum recycled content in new batteries."""
