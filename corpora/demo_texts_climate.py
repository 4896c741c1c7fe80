"""Original, fictional texts for the climate-science demo corpus: a coastal sea-level review
and an urban heat island study (places and institutes are invented). Same page layout as
demo_texts.py: a heading line, a blank line, then paragraphs separated by blank lines."""

SEA_P1 = """Observed rise at Port Elsworth

The tide gauge at Port Elsworth on the Saltmarsh Coast has recorded sea level since 1911. Its
record shows a rise of 23 centimetres between 1911 and 2023, close to the global average of
about 20 centimetres over the twentieth century reported in international assessments.

The rate has not been constant. Between 1911 and 1990 the gauge recorded an average rise of 1.6
millimetres per year; since 1993 the rate has been 3.4 millimetres per year, in line with the
acceleration seen in satellite altimetry of the open ocean. Part of the local rise, about 0.5
millimetres per year, comes from the land itself sinking as the peat of the Elsworth Levels
compacts.

The Saltmarsh Coast Partnership commissioned this review to inform its shoreline plan, which
decides where defences are held, where they are moved inland, and where nature is allowed to
reclaim low-lying fields.

The gauge has been moved twice, in 1953 after the great storm and again in 1987 when the harbour
was rebuilt. Both moves were levelled to the national datum, and the review checked the record
against a second gauge at Tollmarsh, 11 kilometres along the coast, which agrees to within 2
centimetres since 1960. Since 2009 a permanent GPS station on the harbour office measures the
vertical movement of the land directly."""

SEA_P2 = """Why the sea is rising

Two processes dominate global sea-level rise. Warmer water expands, and meltwater from glaciers
and ice sheets adds volume to the ocean. Over recent decades the melting of land ice has become
the larger contribution, with the Greenland and Antarctic ice sheets adding an increasing share.

Sea level responds slowly to warming. Even if emissions fell sharply, the deep ocean would keep
warming and the ice sheets would keep losing mass for centuries, so the rise that has begun will
continue. What emissions decide is how fast it continues, and therefore how much time coastal
communities have to adapt.

Local factors change the picture at any single place. Besides land subsidence, shifts in ocean
currents and the gravitational effect of shrinking ice sheets make the rise uneven around the
world. The review therefore uses the Port Elsworth record together with regional projections.

Storm surges add to the long-term rise. When a deep low-pressure system passes and onshore winds
pile water against the coast, the sea at Port Elsworth can stand more than 1.5 metres above the
predicted tide. A rise in mean sea level means that a surge of a given size reaches higher, so
floods that were once rare become more frequent even if storms themselves do not change.

The review uses a simple rule of thumb from coastal engineering: on this coast, every 10
centimetres of rise roughly triples how often a given flood level is exceeded."""

SEA_P3 = """Options for the Saltmarsh Coast

The review's central projection for Port Elsworth is a further rise of 35 to 60 centimetres by
2100, depending on global emissions. The current sea wall at Elsworth Quay was designed for a
one-in-200-year storm surge at 1990 sea level; by 2060 the same wall would be overtopped by a
storm expected roughly once every 40 years.

Three options are costed. Raising the quay wall by 0.8 metres would cost 36 million euros.
Managed realignment at Tollmarsh, where the old embankment would be breached to create 310
hectares of new salt marsh, would cost 9 million euros and reduce wave energy reaching the town.
Doing nothing would leave 1,150 homes at rising flood risk.

The review recommends combining the Tollmarsh realignment with a smaller wall raise of 0.4
metres, and reviewing the plan every ten years as new observations arrive.

The Partnership will hold public meetings in Elsworth, Tollmarsh and Saltby in the spring, and
landowners at Tollmarsh will be offered compensation for fields that would become salt marsh."""

HEAT_P1 = """Measuring the heat island

On still summer nights the centre of Varden is markedly warmer than the farmland around it. In
July and August 2024 the Varden Climate Lab ran a network of 64 temperature loggers, mounted at
3 metres on lamp posts, from the old town to the rural edge at Hollin Fields.

On the hottest night of the campaign, 14 August, the logger on Market Square recorded a minimum
of 24.1 degrees Celsius while the one at Hollin Fields recorded 17.5 degrees, a difference of 6.6
degrees. Averaged over all clear, calm nights the difference was 4.2 degrees. During the day the
difference was smaller, about 1.5 degrees, because the heat island is mainly a night effect.

Hot nights matter for health: people cannot recover from daytime heat, and the city's hospitals
recorded more admissions for heat stress in the three districts with the warmest nights.

The lab checked each logger against a reference thermometer before and after the campaign and
shaded them with white radiation shields, so that the readings show air temperature rather than
sunlit metal. Loggers recorded every ten minutes; only nights with wind speeds below 3 metres
per second and less than a quarter cloud cover were counted as clear and calm, which gave 23
qualifying nights across the two months."""

HEAT_P2 = """What makes Varden hot

The loggers show that the warmest districts share three features: little tree canopy, dark roofs
and roads, and narrow streets that trap heat. Market Square has a canopy cover of 4 percent; the
Lindenhof district, 2.1 degrees cooler at night, has 31 percent.

Asphalt and dark roofing absorb sunlight during the day and release it slowly after sunset.
Narrow streets reduce how much of that heat can radiate to the night sky. Waste heat from air
conditioning and traffic adds a smaller share, which the lab estimates at about a tenth of the
night-time difference in the old town.

Green spaces cool their surroundings. The lab found that the 18 hectare Stadtpark was 3.1
degrees cooler than nearby streets at midnight, and that the cooling reached about 150 metres
into the neighbouring blocks on calm nights.

The river Ember also cools the town. Loggers within 100 metres of the water recorded night
minimums about 1 degree lower than loggers further away at the same canopy cover, although the
effect vanished on nights with wind from the south, which carried warm air from the industrial
estate at Brenn across the river.

Building height played a smaller role than expected: the tall office blocks of the Nordstadt
district were no warmer at night than the low-rise old town, because their wide streets and
plazas let heat escape."""

HEAT_P3 = """Recommendations for the city

The lab recommends that Varden raise its canopy cover from 17 to 25 percent by 2040, starting in
the three warmest districts, which would mean planting about 12,000 street trees. It also asks
the city to require light-coloured or green roofs on new buildings and on roof renovations.

A pilot in the Kessel quarter in 2023 painted 2.4 hectares of roof with reflective coating. The
top-floor flats under the coated roofs were on average 1.8 degrees cooler during the August heat
wave than similar flats nearby, at a cost of 14 euros per square metre.

Finally, the lab proposes a network of cool rooms in libraries and community centres that open
on nights when the forecast minimum exceeds 22 degrees, and a text alert for residents over 75,
who are most at risk.

The lab will repeat the measurement campaign in 2027 to check whether the first plantings have
made a difference, and has published its logger data under an open licence so that schools and
residents can explore it."""
