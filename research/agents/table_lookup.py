"""Reading a table as its reader does: the question names a column and a row, and the cell
where they cross answers.

A column is named when its header's words (units in brackets aside) stand together in the
question and the question does not go on with another word of the same name ("capacity
factor" does not name the column "Capacity (MW)"). A row is named by the question's words
and dates its label and other cells hold; the row named best answers, and only when no other
row is named as well. Rows come from the part's snippets, framed as the scorer frames them
(the subject named by the row, its section or its document); a superseded draft's rows are
not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from corpora.units import HEADER_SEP, row_cells
from research.agents.scorer import Candidate, candidates
from research.agents.support import Frame, aliases, asked_kind, holds_kind, names_entity
from research.agents.text import STOPWORDS, stem, words
from research.agents.times import time_clash, time_fit, times
from research.agents.versions import superseded
from research.contracts import Snippet

_UNITS = re.compile(r"\([^)]*\)")


def _named_column(header: str, question_words: list[str]) -> int:
    """How many words of `header` the question names as a whole phrase (0: it does not)."""
    wanted = [stem(w) for w in words(_UNITS.sub(" ", header)) if w not in STOPWORDS]
    if not wanted:
        return 0
    asked = [stem(w) for w in question_words]
    for start in range(len(asked) - len(wanted) + 1):
        if asked[start : start + len(wanted)] != wanted:
            continue
        after = question_words[start + len(wanted) : start + len(wanted) + 1]
        if not after or after[0] in STOPWORDS:
            return len(wanted)
    return 0


def _row_named(
    candidate: Candidate, header: str, question_stems: set[str], asked: set[str], subject: bool
) -> float:
    """How well the question names this row: its subject as the row's label, its words and
    dates in the row's other cells."""
    label, cells = row_cells(candidate.text)
    others = " ".join([label, *(c for c in cells if not c.startswith(header))])
    shared = {stem(w) for w in words(others)} & question_stems
    dated = times(others)
    fit = time_fit(asked, dated) - time_clash(asked, dated)
    return 2 * subject + len(shared) + 2 * fit


def table_answer(question: str, entity: str, snippets: Sequence[Snippet]) -> Candidate | None:
    """The cell of the one row and column the question names, else None."""
    kind = asked_kind(question)
    also = aliases(entity, [s.text for s in snippets])
    question_words = words(question)
    named_here = {stem(w) for w in words(" ".join([entity, *also]))}
    question_stems = {stem(w) for w in question_words} - named_here
    asked = times(question)
    old = superseded(s.title for s in snippets)
    scored: list[tuple[float, Candidate]] = []
    for row in candidates(snippets):
        if row.kind != "row" or row.frame.title in old:
            continue
        if not names_entity(entity, row.text, row.frame, also):
            continue
        columns = [
            (_named_column(header, question_words), cell)
            for cell in row_cells(row.text)[1]
            for header, _, value in [cell.rpartition(HEADER_SEP)]
            if header and (kind not in ("number", "date") or holds_kind(value, kind, question))
        ]
        width, cell = max(columns, default=(0, ""))
        if width:
            header = cell.rpartition(HEADER_SEP)[0]
            answer = Candidate(row.snippet, row.start, row.end, row.kind, row.frame, cell=cell)
            labelled = names_entity(entity, row.frame.row_label, Frame(title=""), also)
            scored.append((_row_named(row, header, question_stems, asked, labelled), answer))
    scored.sort(key=lambda s: -s[0])
    if not scored or scored[0][0] <= 0:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0] and scored[1][1].cell != scored[0][1].cell:
        return None  # two rows named as well: the question does not say which
    return scored[0][1]
