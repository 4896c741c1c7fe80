"""How the offline judge reads a bridge: the link that names it, and the bridge's own document."""

import pytest

from research.agents.answers import _fact_stems
from research.agents.bridges import bridges
from research.agents.text import sentences, stem
from research.contracts import Assessment, Verdict
from tests.unit.judging import judge, snip

pytestmark = pytest.mark.unit


def quoted(a: Assessment) -> str:
    return " ".join(c.citations[0].quote for c in a.claims)


def test_a_full_stop_inside_a_parenthesis_ends_no_sentence() -> None:
    text = (
        "Elspeth Varn (bapt. 3 May 1661? (baptismal date) - 9 June 1719) was an English "
        "playwright. She wrote nine plays. An aside (never closed. Next line."
    )
    found = [text[a:b] for a, b in sentences(text)]
    assert found[0].endswith("English playwright.") and found[1] == "She wrote nine plays."
    assert "An aside (never closed." in found  # a parenthesis never closed does not hold


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


def test_a_bridge_the_question_sets_aside_is_not_the_answer() -> None:
    drivers = snip(1, "Grand Prix drivers from Orland", "Orland Grand Prix drivers have raced "
                   "since 1962. Ilse Varo was the first on the podium. Tomas Reyn, the only other "
                   "Orland driver to finish on the podium, races for Harrow Motors.")  # fmt: skip
    reyn = snip(2, "Tomas Reyn", "Tomas Reyn (born 26 January 1990) is an Orland racing "
                "driver, driving for Harrow Motors.")  # fmt: skip
    a = judge("Which other Orland Grand Prix driver has held the podium besides the Harrow "
              "Motors driver born in 1990?", [drivers, reyn], searched=3)  # fmt: skip
    assert "born 26 January 1990" not in quoted(a)
