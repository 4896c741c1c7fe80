"""The viewer's highlight of a quote, including a quote that runs across a page break."""

import pytest

from corpora.page_text import QUOTE_PIECE_MIN_CHARS, quote_span

pytestmark = pytest.mark.unit

QUOTE = (
    "Crews then replaced the outlet valve on the second rising main, "
    "and the new valve has held its test pressure since August."
)
# The quote starts at the end of page 7 and ends at the start of page 8.
PAGE_7 = (
    "# 3. Intake works\n\n"
    "The wet well at Marrow Fen was relined in May. Crews then replaced the outlet valve on the "
    "Second  Rising Main, and the new\n"
)
PAGE_8 = (
    "valve has held its test pressure since August.\n\n"
    "The standby generator ran for four hours under load in June."
)


def _marked(text: str, quote: str) -> str | None:
    span = quote_span(text, quote)
    return None if span is None else text[span[0] : span[1]]


def test_a_quote_that_goes_on_overleaf_is_marked_from_its_start_to_the_end_of_the_page() -> None:
    assert _marked(PAGE_7, QUOTE) == (
        "Crews then replaced the outlet valve on the Second  Rising Main, and the new"
    )


def test_a_quote_that_started_on_the_page_before_is_marked_from_the_page_start() -> None:
    assert _marked(PAGE_8, QUOTE) == "valve has held its test pressure since August."


def test_a_quote_whole_on_the_page_is_still_marked_whole() -> None:
    assert _marked(PAGE_7 + PAGE_8, "the wet well at Marrow Fen was relined  in May.") == (
        "The wet well at Marrow Fen was relined in May."
    )


def test_a_quote_absent_from_the_page_is_not_marked() -> None:
    assert _marked(PAGE_7, "The inlet screens were cleared twice in January.") is None
    assert _marked(PAGE_8, "The inlet screens were cleared twice in January.") is None


def test_a_piece_at_the_page_edge_shorter_than_the_minimum_is_not_marked() -> None:
    assert len("the new") < QUOTE_PIECE_MIN_CHARS  # ends page 7; the first quote starts with it
    assert _marked(PAGE_7, "The new pumps were ordered in October.") is None
    assert _marked(PAGE_8, "Operators then checked the valve") is None
