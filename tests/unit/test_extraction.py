import io
import re
import time
import zipfile

import pymupdf
import pytest

from corpora import extraction
from corpora.demo_docs import (
    DEMO_CORPORA,
    IMAGE_PAGE,
    OCR_PHRASE,
    PAGE3_DOCUMENT,
    PAGE3_SENTENCE,
    TABLE_PAGE,
)
from corpora.extraction import (
    CORRUPT_PDF,
    EMPTY_FILE,
    ENCRYPTED_PDF,
    NOT_A_PDF,
    TOO_MANY_PAGES,
    UNKNOWN_BINARY,
    UNSUPPORTED_TYPE,
    DocumentRejected,
    PageText,
    extract_pages,
    html_to_text,
    normalize_text,
    page_count,
    sniff_mime,
)

pytestmark = pytest.mark.unit

PDF = "application/pdf"


def _demo(filename: str) -> bytes:
    docs = {d.filename: d for corpus in DEMO_CORPORA for d in corpus.documents}
    return docs[filename].pdf()


def _pages(data: bytes, **kwargs: object) -> list[PageText]:
    return list(extract_pages(data, PDF, max_pages=50, **kwargs))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _pdf_with_pages(*texts: str) -> bytes:
    doc = pymupdf.open()
    for text in texts:
        page = doc.new_page()
        if text:
            page.insert_text((72, 72), text)
    return doc.tobytes()


def _rejection(data: bytes, filename: str) -> str:
    with pytest.raises(DocumentRejected) as caught:
        sniff_mime(data, filename)
    return caught.value.user_message


# ---------------------------------------------------------------------------------------- sniff


def test_sniff_rejects_an_empty_file() -> None:
    assert _rejection(b"", "notes.txt") == EMPTY_FILE


def test_sniff_names_a_png_whatever_its_extension() -> None:
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + bytes(50)
    assert _rejection(png, "scan.txt") == UNSUPPORTED_TYPE.format(kind="a PNG image")


def test_sniff_says_a_pdf_named_file_holds_a_png() -> None:
    png = b"\x89PNG\r\n\x1a\n" + bytes(50)
    assert _rejection(png, "report.pdf") == NOT_A_PDF.format(kind="a PNG image")


def test_sniff_recognises_a_word_document_inside_a_zip() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    message = _rejection(buffer.getvalue(), "letter.docx")
    assert message == UNSUPPORTED_TYPE.format(kind="a Word document (DOCX)")


def test_sniff_calls_a_plain_zip_a_zip_archive() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("data.csv", "a,b\n1,2\n")
    assert _rejection(buffer.getvalue(), "data.zip") == UNSUPPORTED_TYPE.format(
        kind="a ZIP archive"
    )


def test_sniff_rejects_text_bytes_named_pdf_and_says_they_are_text() -> None:
    message = _rejection(b"Quarterly figures\nRevenue rose 4 percent.\n", "figures.pdf")
    assert message == NOT_A_PDF.format(kind="plain text")


def test_sniff_rejects_html_bytes_named_pdf_and_says_they_are_html() -> None:
    message = _rejection(b"<!DOCTYPE html><html><body>Not found</body></html>", "report.pdf")
    assert message == NOT_A_PDF.format(kind="an HTML page")


def test_sniff_rejects_unrecognisable_binary() -> None:
    assert _rejection(bytes(range(256)) * 4, "blob.dat") == UNKNOWN_BINARY
    assert _rejection(b"REC\x00\x00\x00\x10" * 200, "records.dat") == UNKNOWN_BINARY


def test_sniff_trusts_pdf_bytes_over_a_wrong_extension() -> None:
    assert sniff_mime(_pdf_with_pages("hello"), "download.txt") == PDF


@pytest.mark.parametrize(
    ("data", "filename", "expected"),
    [
        (b"# Title\n\nSome *markdown*.", "notes.md", "text/markdown"),
        (b"# Title\n\nSome *markdown*.", "notes.txt", "text/plain"),
        (b"<!doctype html>\n<html><p>Hi</p></html>", "page.md", "text/html"),
        (b"<div><p>Fragment</p></div>", "page.htm", "text/html"),
        ("Caf\xe9 cr\xe8me".encode("cp1252"), "menu.txt", "text/plain"),
        ("BOM text".encode("utf-16"), "wide.txt", "text/plain"),
    ],
)
def test_sniff_tells_text_formats_apart_by_content(
    data: bytes, filename: str, expected: str
) -> None:
    assert sniff_mime(data, filename) == expected


# ------------------------------------------------------------------------------------ open_pdf


def test_a_truncated_pdf_is_rejected_as_damaged() -> None:
    data = _demo(PAGE3_DOCUMENT)
    for cut in (200, len(data) // 2, len(data) - 40):
        with pytest.raises(DocumentRejected, match=re.escape(CORRUPT_PDF)):
            extract_pages(data[:cut], PDF, max_pages=50)


def test_an_encrypted_pdf_is_rejected_with_a_password_message() -> None:
    doc = pymupdf.open(stream=_demo(PAGE3_DOCUMENT), filetype="pdf")
    locked = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="s3cret", owner_pw="own")
    with pytest.raises(DocumentRejected, match=re.escape(ENCRYPTED_PDF)):
        page_count(locked, PDF, max_pages=50)


def test_a_pdf_with_only_an_owner_password_is_read() -> None:
    doc = pymupdf.open(stream=_demo(PAGE3_DOCUMENT), filetype="pdf")
    restricted = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw="own", permissions=0)
    assert "Aldermoor" in _pages(restricted, ocr=False)[0].text


def test_a_pdf_over_the_page_limit_is_rejected_when_extraction_is_called() -> None:
    data = _pdf_with_pages(*[f"page {n}" for n in range(1, 6)])
    expected = TOO_MANY_PAGES.format(count=5, limit=4)
    with pytest.raises(DocumentRejected, match=re.escape(expected)):
        extract_pages(data, PDF, max_pages=4)  # not lazily: before the first page is asked for
    assert page_count(data, PDF, max_pages=5) == 5


# ------------------------------------------------------------------------------- PDF pages


def test_native_text_comes_out_page_by_page_with_numbers() -> None:
    pages = _pages(_demo(PAGE3_DOCUMENT))
    assert [(p.number, p.method) for p in pages] == [(1, "text"), (2, "text"), (3, "text")]
    assert "Vektor Mobility" in pages[0].text
    assert "Eastmere Power" in _flat(pages[1].text)
    assert PAGE3_SENTENCE in _flat(pages[2].text)
    assert all(PAGE3_SENTENCE not in _flat(p.text) for p in pages[:2])


def test_paragraphs_are_separated_by_blank_lines() -> None:
    first = _pages(_demo(PAGE3_DOCUMENT))[0].text
    assert first.startswith("# Background\n\nThe Aldermoor Transit Authority")
    assert "\n\n\n" not in first


def test_the_scanned_demo_page_is_read_by_ocr() -> None:
    filename, number = IMAGE_PAGE
    page = _pages(_demo(filename))[number - 1]
    assert page.method == "ocr"
    assert OCR_PHRASE in _flat(page.text)
    assert "7.8 metres per" in _flat(page.text)
    assert 4 <= len(page.text.split("\n\n")) <= 8  # 6 paragraphs, not one per scanned line


def test_the_scanned_page_is_flagged_needs_ocr_when_ocr_is_off() -> None:
    filename, number = IMAGE_PAGE
    pages = _pages(_demo(filename), ocr=False)
    assert (pages[number - 1].method, pages[number - 1].text) == ("needs_ocr", "")
    assert [p.method for p in pages] == ["text", "text", "needs_ocr", "text"]


def test_the_scanned_page_is_flagged_needs_ocr_without_tesseract(monkeypatch) -> None:
    monkeypatch.setattr(extraction.shutil, "which", lambda name: None)
    filename, number = IMAGE_PAGE
    assert _pages(_demo(filename))[number - 1].method == "needs_ocr"


def test_an_ocr_failure_flags_the_page_and_the_rest_still_extracts(monkeypatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("tesseract exploded")

    monkeypatch.setattr(pymupdf.Page, "get_textpage_ocr", broken)
    filename, _ = IMAGE_PAGE
    assert [p.method for p in _pages(_demo(filename))] == ["text", "text", "needs_ocr", "text"]


def test_a_page_number_over_an_image_is_not_a_text_layer() -> None:
    pixmap = pymupdf.Pixmap(pymupdf.csGRAY, pymupdf.IRect(0, 0, 40, 40), False)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(pymupdf.Rect(72, 100, 300, 300), pixmap=pixmap)
    page.insert_text((280, 800), "Page 3")
    assert _pages(doc.tobytes(), ocr=False)[0].method == "needs_ocr"


def test_a_blank_page_is_empty_and_a_short_one_is_text() -> None:
    pages = _pages(_pdf_with_pages("", "Appendix B"))
    assert [(p.method, p.text) for p in pages] == [("empty", ""), ("text", "Appendix B")]


def test_a_ruled_table_becomes_rows_that_carry_their_headers_in_place() -> None:
    filename, number = TABLE_PAGE
    text = _pages(_demo(filename), ocr=False)[number - 1].text
    row = "Ostry Falls — Capacity (MW): 14.5 · Technology: Run-of-river hydro · Commissioned: 2013"
    assert row in text.split("\n")
    assert "| Site |" not in text  # the header row is said by every row, not on its own
    caption, after = text.index("Table 1: Operating sites"), text.index("Total nameplate")
    assert caption < text.index(row) < after
    assert text.count("Run-of-river hydro") == 1  # the loose cell text is gone


def test_tables_are_looked_for_only_on_pages_with_rules(monkeypatch) -> None:
    searched: list[int] = []
    original = pymupdf.Page.find_tables

    def counting(self: pymupdf.Page, **kwargs: object) -> object:
        searched.append(self.number + 1)
        return original(self, **kwargs)

    monkeypatch.setattr(pymupdf.Page, "find_tables", counting)
    filename, number = TABLE_PAGE
    _pages(_demo(filename), ocr=False)
    assert searched == [number]


def test_a_table_with_horizontal_rules_only_is_found_too() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Fleet summary for the depot study, by vehicle class and year.")
    rows = [("Class", "Buses", "Range (km)"), ("Single deck", "140", "280"), ("Midi", "12", "210")]
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            page.insert_text((76 + 150 * c, 134 + 20 * r), cell)
    for y in (120, 140, 180):
        page.draw_line((72, y), (522, y))
    text = _pages(doc.tobytes())[0].text
    assert "Single deck — Buses: 140 · Range (km): 280" in text.split("\n")
    assert "Midi — Buses: 12 · Range (km): 210" in text.split("\n")


def test_an_empty_ruled_grid_such_as_a_chart_is_not_turned_into_a_table() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Figure 2: Monthly output of the Nordvik solar park in 2024.")
    for i in range(5):
        page.draw_line((72, 100 + 40 * i), (472, 100 + 40 * i))
        page.draw_line((72 + 100 * i, 100), (72 + 100 * i, 260))
    page.insert_text((80, 130), "MWh")
    text = _pages(doc.tobytes())[0].text
    assert "|" not in text
    assert text == "Figure 2: Monthly output of the Nordvik solar park in 2024.\n\nMWh"


# ------------------------------------------------------------------------------ text formats


def test_non_utf8_text_is_decoded_not_rejected() -> None:
    data = "Café déjà vu \u2013 naïve, 20 °C".encode("cp1252") + b" stray \x81 byte"
    mime = sniff_mime(data, "notes.txt")
    [page] = extract_pages(data, mime, max_pages=1)
    assert page.text.startswith("Café déjà vu \u2013 naïve, 20 °C stray")


def test_html_keeps_visible_text_only() -> None:
    html = (
        "<html><head><title>Tab title</title><style>p {color: red}</style></head><body>"
        "<script>var secret = 'tracking';</script><h1>Heading</h1><p>Fish &amp; chips</p>"
        "<p>Second<br>line</p><ul><li>one</li><li>two</li></ul></body></html>"
    )
    text = normalize_text(html_to_text(html))
    assert text == "# Heading\n\nFish & chips\n\nSecond\nline\n\none\ntwo"


def test_markdown_entities_are_their_characters_and_plain_text_keeps_them() -> None:
    data = b"# Kenan &amp; Kel\n\nIt aired on &quot;Nickelodeon&quot; &#8211; 1996."
    [page] = extract_pages(data, sniff_mime(data, "kenan.md"), max_pages=1)
    assert page.text == '# Kenan & Kel\n\nIt aired on "Nickelodeon" \u2013 1996.'
    [plain] = extract_pages(data, sniff_mime(data, "kenan.txt"), max_pages=1)
    assert "Kenan &amp; Kel" in plain.text


def test_an_unclosed_head_does_not_hide_the_body() -> None:
    text = normalize_text(html_to_text("<html><head><title>x</title><body><p>Visible</p>"))
    assert text == "Visible"


def test_text_files_are_cut_into_sections_at_paragraphs() -> None:
    paragraphs = [f"Paragraph {n}. " + "word " * 150 for n in range(40)]
    data = "\n\n".join(paragraphs).encode()
    pages = list(extract_pages(data, "text/plain", max_pages=1))
    assert len(pages) > 1
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    assert all(len(p.text) <= extraction.SECTION_MAX_CHARS for p in pages)
    assert all(p.text.startswith("Paragraph") for p in pages)
    assert _flat(" ".join(p.text for p in pages)) == _flat("\n\n".join(paragraphs))
    assert page_count(data, "text/plain", max_pages=1) == len(pages)


def test_a_10_mb_single_line_file_is_split_quickly() -> None:
    data = b"lorem ipsum dolor sit amet " * 400_000  # 10.8 MB, no line break
    started = time.perf_counter()
    pages = list(extract_pages(data, sniff_mime(data, "big.txt"), max_pages=1))
    assert time.perf_counter() - started < 15
    assert all(len(p.text) <= extraction.SECTION_MAX_CHARS for p in pages)
    assert sum(len(p.text) for p in pages) + len(pages) - 1 == len(data) - 1  # only spaces lost


def test_a_whitespace_only_text_file_yields_one_empty_page() -> None:
    assert list(extract_pages(b" \n\n\t \n", "text/plain", max_pages=1)) == [
        PageText(1, "", "empty")
    ]


# --------------------------------------------------------------------------------- normalise


def test_normalize_removes_controls_and_joins_hyphenated_words() -> None:
    raw = "Infor-\nmation\x00 is\x07 key.\r\n\r\n\r\n\r\nNext  para\u00a0 here.\fPage two "
    assert normalize_text(raw) == "Information is key.\n\nNext para here.\n\nPage two"


def test_normalize_composes_unicode_and_keeps_tabs_and_line_breaks() -> None:
    assert normalize_text("Cafe\u0301\tbar \nline two") == "Café\tbar\nline two"


def test_normalize_keeps_hyphens_that_are_not_line_breaks() -> None:
    assert normalize_text("well-known\nCO2-\nNeutral") == "well-known\nCO2-\nNeutral"


def test_an_html_table_becomes_rows_that_carry_their_header_cells() -> None:
    html = (
        "<html><body><p>Pump log</p><table><tr><th>Unit</th><th>Flow (m³/h)</th></tr>"
        "<tr><td>A-3</td><td>12.5</td></tr><tr><td>B-7</td><td>9.8</td></tr></table>"
        "<p>Checked weekly.</p></body></html>"
    )
    [page] = extract_pages(html.encode(), "text/html", max_pages=1)
    assert page.text.split("\n") == [
        "Pump log",
        "",
        "A-3 — Flow (m³/h): 12.5",
        "B-7 — Flow (m³/h): 9.8",
        "",
        "Checked weekly.",
    ]
