#!/usr/bin/env python3
"""Validate the invented PDF evaluation set: build it to a temporary folder and check dev.jsonl.

    .venv/bin/python evals/pdf/validate.py        # checks and counts
    .venv/bin/python evals/pdf/validate.py -v     # also list the unanswerable parts

Exit status 0 when every check passes, 1 otherwise.

Corpora: corpus.json and documents.json fields, ISO dates, listed files exist and have the
listed page count, titles unique, every page carries the running header and "Page N of M",
2,000-4,500 extracted characters per page, and the layout features the set is meant to have
(hyphenated line ends, a paragraph running across a page break, a two-column page).

Cases: unique ids, every corpus listed, type and part shape, evidence titles exist,
evidence pages exist and belong to the part's evidence documents, and every ``answer_any``
string occurs on at least one of the part's evidence pages. Matching is case-insensitive and
whitespace-normalised on ``page.get_text()`` with line-end hyphenation undone (or kept, for
words like "follow-up"), accents folded, minus signs and dashes read as "-" and thousands
separators dropped. A value with a unit, currency or sign ("36 months", "51.9%", "EUR
149.50") also counts as found when its number occurs on its own (units stand in table
headers); such matches are counted and listed with -v.

Whether an unanswerable part really is unanswerable cannot be checked mechanically; each
carries a ``why`` written when the documents were checked by hand.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
import unicodedata
from collections import Counter
from datetime import date
from pathlib import Path

import build
import pymupdf

HERE = Path(__file__).resolve().parent
DEV = HERE / "dev.jsonl"
TYPES = {"single", "multipart"}
PAGE_CHARS = (2000, 4500)
MAX_ANSWER = 60
DASHES = dict.fromkeys(map(ord, "\u2212\u2013\u2014\u2010\u2011"), "-")
NUMBER_WITH_UNIT = re.compile(r"(\D*?)([+-]?\d+(?:\.\d+)?)(\D*)")
UNIT_CHARS = 12


def norm(text: str) -> str:
    """Lower case, accents folded, dashes as "-", no thousands separators, single spaces."""
    text = unicodedata.normalize("NFKD", text.replace("\u00ad", "").translate(DASHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    return " ".join(text.split())


def page_variants(raw: str) -> tuple[str, str]:
    """The page text with line-end hyphens removed, and with them kept."""
    joined = re.sub(r"(?<=[^\W\d_])-\n(?=[^\W\d_])", "", raw)
    kept = re.sub(r"-\n", "-", raw)
    return norm(joined), norm(kept)


def occurs(answer: str, variants: tuple[str, ...]) -> str | None:
    """Say how the answer occurs: "exact", "number" (only its number), or None.

    The number fallback applies to one number with a unit, currency or sign around it
    ("51.9%", "EUR 149.50", "±0.007 bar", "54 patients"): units stand in table headers.
    """
    wanted = norm(answer)
    if any(wanted in v for v in variants):
        return "exact"
    match = NUMBER_WITH_UNIT.fullmatch(wanted)
    if match and len(match.group(1)) + len(match.group(3)) <= UNIT_CHARS:
        pattern = re.compile(rf"(?<![\w.]){re.escape(match.group(2))}(?![\w%]|\.\d)")
        if any(pattern.search(v) for v in variants):
            return "number"
    return None


class Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.notes: list[str] = []

    def error(self, msg: str) -> None:
        self.errors.append(msg)


def load_corpora(root: Path, check: Checker) -> tuple[dict[str, list[tuple[str, str]]], set[str]]:
    """Check the corpus folders; return page variants by title and the corpus slugs."""
    pages: dict[str, list[tuple[str, str]]] = {}
    slugs: set[str] = set()
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        meta = json.loads((folder / "corpus.json").read_text(encoding="utf-8"))
        if set(meta) != {"name", "slug", "description"} or meta["slug"] != folder.name:
            check.error(f"{folder.name}/corpus.json: bad fields or slug")
        slugs.add(folder.name)
        entries = json.loads((folder / "documents.json").read_text(encoding="utf-8"))
        listed = {e["file"] for e in entries}
        for extra in sorted({p.name for p in folder.glob("*.pdf")} - listed):
            check.error(f"{folder.name}/{extra}: not listed in documents.json")
        for entry in entries:
            pages.update(check_document(folder, entry, pages, check))
    return pages, slugs


def check_document(folder: Path, entry: dict, seen: dict, check: Checker) -> dict:
    where = f"{folder.name}/{entry.get('file')}"
    if set(entry) != {"file", "title", "date", "pages"}:
        check.error(f"{where}: documents.json fields {sorted(entry)}")
        return {}
    try:
        date.fromisoformat(entry["date"])
    except ValueError:
        check.error(f"{where}: date {entry['date']!r} is not ISO")
    if entry["title"] in seen:
        check.error(f"{where}: duplicate title {entry['title']!r}")
    path = folder / entry["file"]
    if not path.exists():
        check.error(f"{where}: file missing")
        return {}
    variants = []
    with pymupdf.open(path) as pdf:
        if pdf.page_count != entry["pages"]:
            check.error(f"{where}: {pdf.page_count} pages, documents.json says {entry['pages']}")
        for number, page in enumerate(pdf, 1):
            raw = page.get_text()
            if f"Page {number} of {pdf.page_count}" not in raw or entry["title"] not in raw:
                check.error(f"{where} p{number}: running header or footer missing")
            if not PAGE_CHARS[0] <= len(raw) <= PAGE_CHARS[1]:
                check.error(f"{where} p{number}: {len(raw)} characters")
            variants.append(page_variants(raw))
    return {entry["title"]: variants}


def check_layout(stats: dict[str, build.LayoutStats], check: Checker) -> None:
    hyphens = sum(s.hyphenations for s in stats.values())
    split = sum(s.page_split_paragraphs for s in stats.values())
    columns = sum(len(s.two_column_pages) for s in stats.values())
    check.notes.append(
        f"layout: {hyphens} hyphenated line ends, {split} paragraphs across a page break,"
        f" {columns} two-column pages"
    )
    if hyphens < 3 or split < 1 or columns < 1:
        check.error("layout: expected hyphenation, a page-split paragraph and a two-column page")


def check_part(cid: str, index: int, part: dict, pages: dict, check: Checker) -> Counter:
    where = f"{cid} part {index}"
    counts: Counter = Counter()
    if not part.get("subgoal"):
        check.error(f"{where}: no subgoal")
    if part.get("unanswerable"):
        counts["unanswerable"] += 1
        if "answer_any" in part or not part.get("why"):
            check.error(f"{where}: unanswerable parts carry a why and no answer_any")
        return counts
    for key in ("answer_any", "evidence", "evidence_pages"):
        if not part.get(key):
            check.error(f"{where}: missing {key}")
            return counts
    if part.get("answer_style") != "short":
        check.error(f"{where}: answer_style should be short")
    for title in part["evidence"]:
        if title not in pages:
            check.error(f"{where}: unknown evidence title {title!r}")
    evidence_pages = []
    for ref in part["evidence_pages"]:
        title, number = ref.get("title"), ref.get("page")
        if title not in part["evidence"] or title not in pages:
            check.error(f"{where}: evidence page of {title!r} outside the part's evidence")
        elif not isinstance(number, int) or not 1 <= number <= len(pages[title]):
            check.error(f"{where}: {title!r} has no page {number}")
        else:
            evidence_pages.append(pages[title][number - 1])
    variants = tuple(v for pair in evidence_pages for v in pair)
    for answer in part["answer_any"]:
        if len(answer) > MAX_ANSWER:
            check.error(f"{where}: answer longer than {MAX_ANSWER} characters: {answer!r}")
        how = occurs(answer, variants)
        if how is None:
            check.error(f"{where}: {answer!r} not on its evidence pages")
        elif how == "number":
            counts["number"] += 1
            check.notes.append(f"{where}: {answer!r} matched by its number")
    counts["answerable"] += 1
    return counts


def check_cases(pages: dict, slugs: set[str], check: Checker) -> Counter:
    totals: Counter = Counter()
    ids: set[str] = set()
    for line_no, line in enumerate(DEV.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        cid = case.get("id", f"line {line_no}")
        if cid in ids:
            check.error(f"{cid}: duplicate id")
        ids.add(cid)
        if set(case.get("corpora", [])) != slugs:
            check.error(f"{cid}: corpora should list every corpus")
        for corpus in case.get("corpora", []):
            if corpus not in slugs:
                check.error(f"{cid}: unknown corpus {corpus}")
        if case.get("type") not in TYPES or not case.get("goal") or not case.get("tags"):
            check.error(f"{cid}: type, goal or tags missing")
        parts = case.get("parts") or []
        if (case.get("type") == "single") != (len(parts) == 1):
            check.error(f"{cid}: single cases have one part, multipart cases several")
        totals["cases"] += 1
        totals[case.get("type")] += 1
        totals["parts"] += len(parts)
        for index, part in enumerate(parts, 1):
            totals += check_part(cid, index, part, pages, check)
    return totals


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    check = Checker()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "corpora"
        stats = build.build(root, verbose=False)
        pages, slugs = load_corpora(root, check)
        check_layout(stats, check)
        totals = check_cases(pages, slugs, check)
    n_pages = sum(len(v) for v in pages.values())
    share = totals["unanswerable"] / max(totals["parts"], 1)
    print(f"corpora {len(slugs)}, documents {len(pages)}, pages {n_pages}")
    print(
        f"cases {totals['cases']} (single {totals['single']}, multipart {totals['multipart']}),"
        f" parts {totals['parts']}, unanswerable {totals['unanswerable']} ({share:.0%}),"
        f" answers matched by number only {totals['number']}"
    )
    for note in check.notes if verbose else check.notes[:1]:
        print("note:", note)
    if verbose:
        for line in DEV.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            for part in case["parts"]:
                if part.get("unanswerable"):
                    print(f"unanswerable {case['id']}: {part['subgoal']} -- {part['why']}")
    for msg in check.errors:
        print("ERROR:", msg)
    print("OK" if not check.errors else f"{len(check.errors)} errors")
    return 1 if check.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
