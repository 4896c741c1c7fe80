"""A goal's misspelled names are read in the sources' spelling, and only then."""

from __future__ import annotations

import re

from research.agents.spelling import edits, respelled, respellings

SOURCES = [
    "The film premiered at the Toronto International Film Festival in 2011.",
    "Mark E. Mitchell is a retired officer of the United States Army.",
    "Mark Twain wrote of the river.",
    "Lena Marsh and Lena Marsch are cousins. Michell Street is short.",
]


def _words(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def present(terms: list[str]) -> set[str]:
    """What the SQL reports: the words of each term, in order, as written somewhere."""
    corpus = [_words(t) for t in SOURCES]
    return {t for t in terms if any(_words(t) in text for text in corpus)}


TITLES = ["Mark E. Mitchell (officer)", "Mark Twain", "Lena Marsh"]


def near(name: str) -> list[str]:
    """What the SQL returns: titles spelled somewhat like the name (here: any sharing a word)."""
    wanted = set(name.lower().split())
    return [t for t in TITLES if wanted & set(t.lower().split())]


def test_one_edit_words_keep_their_first_letter() -> None:
    assert {"toronto", "tornto", "tornotoo"} <= edits("Tornoto")
    assert "fornoto" not in edits("tornoto")
    assert "tornoto" not in edits("tornoto")


def test_a_name_with_two_slipped_words_is_read_as_the_sources_spell_it() -> None:
    goal = "In what year did the Tornoto International Film Fesitval premiere it?"
    fixes = respellings(goal, present, near)
    assert fixes == [("Tornoto International Film Fesitval", "Toronto International Film Festival")]
    assert respelled(goal, fixes) == (
        "In what year did the Toronto International Film Festival premiere it?"
    )


def test_a_slip_into_another_real_word_is_read_from_a_title_one_edit_away() -> None:
    # "Michell" is a word of the sources; the one title one edit away tells the slip.
    fixes = respellings("Which battle did Mark E. Michell fight in?", present, near)
    assert fixes == [("Mark E. Michell", "Mark E. Mitchell")]
    # Two titles one edit away ("Mitchell", "Michel"): not guessed.
    both = [*TITLES, "Mark E. Michel"]
    assert respellings("Who is Mark E. Michell?", present, lambda n: both) == []
    # No title one edit away: the sources may simply lack the name.
    assert respellings("Who is Mark E. Michell?", present, lambda n: []) == []


def test_names_the_sources_hold_or_cannot_reach_stay_as_written() -> None:
    assert respellings("Where did Mark E. Mitchell serve?", present, near) == []
    # Invented names have no neighbour in the sources: a null question stays null.
    assert respellings("Who founded Drogroza Urair Kerises?", present, near) == []
    # Too many slipped words is another name, not a typing slip.
    assert respellings("Who runs Tornoto Intrenational Flim Fesitval?", present, near) == []


def test_an_ambiguous_slip_is_not_guessed() -> None:
    assert respellings("Who is Lena Mrash?", present, near) == [("Lena Mrash", "Lena Marsh")]
    # "Marssh" is one edit from both "Marsh" and "Marsch", and the sources hold both.
    assert respellings("Who is Lena Marssh?", present, near) == []
