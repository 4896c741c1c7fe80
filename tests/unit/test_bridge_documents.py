"""Which documents a bridge is read from: names joined by a slash, the entity's own document's
names before those of a page naming it in passing, each document naming the bridge in turn,
and the words that only place an asked date in a span."""

import pytest

from research.agents.bridge_names import bridges, concepts
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
