"""Reading a table as its reader does: the question names a column and a row, and the cell
where they cross answers.

A column is named when its header's words (units in brackets aside) stand together in the
question and the question does not go on with another word of the same name ("capacity
factor" does not name the column "Capacity (MW)"), though it may go on with its unit ("price
per metre" names "Price (GBP per m)"). A row is named by the question's words and dates its
label and other cells hold; the row named best answers, and only when no other row is named
as well, unless the question asks for the highest or lowest value: then the named column's
extreme over the rows of the asked time answers ("the highest weekly flow in June": the week
with the most flow, never the June mean). Rows come from the part's snippets, framed as the
scorer frames them (the subject named by the row, its section or its document); a
superseded draft's rows are not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corpora.units import HEADER_SEP, row_cells
from research.agents.dates import period_words
from research.agents.questions import asked_measure
from research.agents.scorer import Candidate, candidates
from research.agents.support import (
    Frame,
    aliases,
    asked_kind,
    holds_kind,
    names_entity,
    unnamed,
)
from research.agents.text import STOPWORDS, stem, words
from research.agents.times import time_clash, time_fit, times
from research.agents.units import measure_of
from research.agents.versions import superseded
from research.contracts import Snippet

_UNITS = re.compile(r"\([^)]*\)")
_MOST = re.compile(r"\b(?:highest|maximum|peak|largest|greatest|biggest)\b", re.I)
_LEAST = re.compile(r"\b(?:lowest|minimum|smallest|fewest)\b", re.I)
_VALUE = re.compile(r"[-−]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-−]?\d+(?:\.\d+)?")
# A header's last word that only says the column holds an identifier of what it names
_GENERIC_HEAD = frozenset(stem(w) for w in "number no code id name reference ref".split())
_ABOUT_SUBJECT = 100.0  # beyond any sum of _row_named's points
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.I)
_COUNT_HEADER = re.compile(r"(?:quantity|qty|number|no\.|count|n)\b", re.I)
_COUNT_UNIT = re.compile(r"\((?:pcs|pieces|units|items|no\.|n)\)", re.I)
# A number standing alone, not the digits of an identifier ("CX40").
_NUMBER_ALONE = re.compile(r"(?<![\w.,-])\d+(?:,\d{3})*(?:\.\d+)?(?![\w-])")
# A column in percent holds a rate or a share: "return rate" names "Returned (%)".
_SHARE = frozenset("rate rates share percentage proportion".split())
# Nouns that say a column holds a measured quantity: "sulphate concentration" names the column
# "Sulphate (mg/L)", while "yield ratio" asks another than "Yield".
_READING = frozenset(
    "concentration concentrations level levels value values reading readings".split()
)


def _named_column(header: str, question_words: list[str]) -> int:
    """How many words of `header` the question names as a phrase, a word of its own allowed
    between two of them ("median telephone handling time" names "Median handling time");
    0 when it does not."""
    # A period in the header ("Charge 2024-25") is read as a time, not as words to name.
    dated = bool(times(header))
    wanted = [
        _base(w)
        for w in words(_UNITS.sub(" ", header))
        if w not in STOPWORDS and not (dated and w.isdigit())
    ]
    if not wanted:
        return 0
    named = _named_words(wanted, header, question_words)
    if not named and len(wanted) > 1 and wanted[-1] in _GENERIC_HEAD:
        named = _named_words(wanted[:-1], header, question_words)  # "which heat": "Heat number"
    return named


def _named_words(wanted: list[str], header: str, question_words: list[str]) -> int:
    unit = set(words(" ".join(_UNITS.findall(header))))  # "price per metre": "Price (GBP per m)"
    asked = [_base(w) for w in question_words]
    for start in (i for i, w in enumerate(asked) if w == wanted[0]):
        end = _phrase_end(asked, start, wanted[1:])
        if end is None:
            continue
        after = question_words[end : end + 1]
        reading = _READING | (_SHARE if "%" in header else frozenset())
        if not after or after[0] in STOPWORDS or after[0] in unit or after[0] in reading:
            return len(wanted)
    return 0


def _base(word: str) -> str:
    """A word's stem, singular or plural alike ("dates" names "Due date")."""
    return stem(word.removesuffix("s") if len(word) > 3 else word)


def _phrase_end(asked: list[str], at: int, rest: list[str]) -> int | None:
    """Where the phrase begun at `at` ends, each of `rest` following within two words."""
    for word in rest:
        at = next((i for i in (at + 1, at + 2) if i < len(asked) and asked[i] == word), -1)
        if at < 0:
            return None
    return at + 1


def _counts(header: str) -> float:
    """A column of counts ("Quantity (pcs)", "No. of sites", "N") answers "how many" when the
    question names no column: weaker than any column it names."""
    return 0.5 if _COUNT_HEADER.match(header) or _COUNT_UNIT.search(header) else 0.0


def _stems_of(row: Candidate) -> set[str]:
    """Stems of a row and of what frames it."""
    return {stem(w) for w in words(" ".join([row.text, row.frame.section, row.frame.title]))}


def _small_words(cell: str, question_words: list[str]) -> int:
    """How many of the header's stopwords ("after", "before", "per") the question writes."""
    header = cell.rpartition(HEADER_SEP)[0]
    return len({w for w in words(header) if w in STOPWORDS} & set(question_words))


def _in_measure(header: str, value: str, measure: str) -> bool:
    """The column's unit ("Duration (h)") or the value's own ("14 hours") measures `measure`."""
    units = [u.strip("() ") for u in _UNITS.findall(header)]
    return any(measure_of(u) == measure for u in units) or any(
        measure_of(w) == measure for w in value.split()[1:2]
    )


def names_a_column(row: str, question: str) -> bool:
    """Can this row unit answer the question? It can when the question names one of its
    columns, or its label when its columns are periods (a table with its measures down the
    side), or when a cell states the asked thing in words of its own ("Notes: cable outage,
    11 days"). A Markdown grid row, whose headers stand apart, is not told."""
    label, cells = row_cells(row)
    headed = [cell.partition(HEADER_SEP) for cell in cells if HEADER_SEP in cell]
    if not headed:
        return True
    headers = [header for header, _, _ in headed]
    if all(times(header) for header in headers):
        headers.append(label)
    question_words = words(question)
    if any(_named_column(name, question_words) for name in headers):
        return True
    asked = {_base(w) for w in question_words if w not in STOPWORDS and not w.isdigit()}
    return any(len(asked & {_base(w) for w in words(value)}) >= 2 for _, _, value in headed)


def _row_named(
    candidate: Candidate,
    header: str,
    question: str,
    question_stems: set[str],
    asked: set[str],
) -> float:
    """How well the question names this row: its whole label as written
    ("outlet P" names row "P", not row "P and Q together"), its words and dates in the row's
    other cells."""
    label, cells = row_cells(candidate.text)
    others = " ".join([label, *(c for c in cells if not c.startswith(header))])
    shared = {stem(w) for w in [*words(others), *period_words(others)]} & question_stems
    dated = times(others)
    fit = time_fit(asked, dated) - time_clash(asked, dated)
    given = _given_value(cells, header, question)
    return 3 * _label_named(label, question) + len(shared) + 2 * fit + 2 * given


def _given_value(cells: list[str], header: str, question: str) -> bool:
    """A cell other than the answer's holds a number the question gives ("the 250 mm pipe"
    names the row whose diameter is 250)."""
    numbers = {n.replace(",", "") for n in _NUMBER_ALONE.findall(question)}
    return any(
        n.replace(",", "") in numbers
        for cell in cells
        if not cell.startswith(header)
        for n in _NUMBER_ALONE.findall(cell.rpartition(HEADER_SEP)[2])
    )


def _label_named(label: str, question: str) -> bool:
    """The question writes the row's label as it stands (case and all), not as its opening
    word: a capital "A" after "point" is a label, "A" opening the question an article."""
    found = re.search(rf"(?<![\w-]){re.escape(label)}(?![\w-])", question)
    return bool(label) and found is not None and found.start() > 0


def table_answer(question: str, entity: str, snippets: Sequence[Snippet]) -> Candidate | None:
    """The cell of the one row and column the question names, else None."""
    kind = asked_kind(question)
    also = aliases(entity, [s.text for s in snippets])
    question_words = words(question)
    named_here = {stem(w) for w in words(" ".join([entity, *also]))}
    question_stems = {stem(w) for w in question_words} - named_here
    asked = times(question)
    old = superseded(s.title for s in snippets)
    # A subject the part only describes ("the charge for metered households") is told by its
    # words in the row or what frames it ("Metered household charges"), not as a name.
    named = not unnamed(entity, [s.text for s in snippets])
    described = {stem(w) for w in words(entity) if w not in STOPWORDS}
    counting = bool(_HOW_MANY.search(question))
    measure = asked_measure(question)  # "how many hours": the column in hours, whatever its name
    scored: list[tuple[float, Candidate]] = []
    for row in candidates(snippets):
        if row.kind != "row" or row.frame.title in old:
            continue
        if named and not names_entity(entity, row.text, row.frame, also):
            continue
        if not named and not described <= _stems_of(row):
            continue
        columns = [
            (
                max(_named_column(header, question_words), 1)
                if measure
                else _named_column(header, question_words) or counting * _counts(header),
                cell,
            )
            for cell in row_cells(row.text)[1]
            for header, _, value in [cell.rpartition(HEADER_SEP)]
            if header
            and (kind not in ("number", "date") or holds_kind(value, kind, question))
            and (not measure or _in_measure(header, value, measure))
            and not time_clash(asked, times(header))  # "Charge 2023-24" when 2024-25 is asked
        ]
        # Columns named alike ("Before variation", "After variation") are told apart by the
        # small words the question gives them.
        width, _, cell = max(
            ((w, _small_words(cell, question_words), cell) for w, cell in columns if w),
            default=(0, 0, ""),
        )
        if width:
            header = cell.rpartition(HEADER_SEP)[0]
            answer = Candidate(row.snippet, row.start, row.end, row.kind, row.frame, cell=cell)
            # A row labelled by the subject is about it; one naming it in a cell is about
            # something of it (an outage at the site): the first outranks every second.
            labelled = named and names_entity(entity, row.frame.row_label, Frame(title=""), also)
            points = _row_named(row, header, question, question_stems, asked)
            scored.append((points + _ABOUT_SUBJECT * labelled, answer))
    scored.sort(key=lambda s: -s[0])
    if not scored or scored[0][0] <= 0:
        return None
    direction = extreme_asked(question)
    if direction and (pick := _extreme(scored, question, asked, direction)):
        return pick
    if len(scored) > 1 and scored[1][0] == scored[0][0] and scored[1][1].cell != scored[0][1].cell:
        return None  # two rows named as well: the question does not say which
    return scored[0][1]


def extreme_asked(question: str) -> int:
    """1 when the question asks for the highest value, -1 for the lowest, else 0."""
    most, least = bool(_MOST.search(question)), bool(_LEAST.search(question))
    return 0 if most == least else 1 if most else -1


def cell_value(cell: str) -> float | None:
    """The number a "Header: value" cell holds, when it holds exactly one."""
    found = _VALUE.findall(cell.rpartition(HEADER_SEP)[2])
    if len(found) != 1:
        return None
    return float(found[0].replace(",", "").replace("−", "-"))


def _extreme(
    scored: list[tuple[float, Candidate]], question: str, asked: set[str], direction: int
) -> Candidate | None:
    """Of the rows holding the named column, in the asked time when one is asked, the one
    whose value is the extreme; None unless two or more rows are compared, or when the
    extreme the question says is the column's or the best-named row's own name ("the maximum
    discharge at outlet P")."""
    best = scored[0][1]
    header = best.cell.rpartition(HEADER_SEP)[0]
    said = {m.group().lower() for m in (*_MOST.finditer(question), *_LEAST.finditer(question))}
    if said <= set(words(header)) or said <= set(words(best.text)):
        return None  # "maximum" names the column or the row ("Maximum daily quantity")
    values = [
        (value, answer)
        for _, answer in scored
        if answer.cell.rpartition(HEADER_SEP)[0] == header
        and (value := cell_value(answer.cell)) is not None
        and not (asked and time_clash(asked, times(answer.frame.row_label or answer.text)))
    ]
    if len({answer.frame.row_label for _, answer in values}) < 2:
        return None
    return max(values, key=lambda v: direction * v[0])[1]
