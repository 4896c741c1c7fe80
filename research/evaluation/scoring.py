"""Pure scoring of one run against one case. No database, no model: tests feed it by hand.

Judgements are deliberately simple and stated here so they can be checked:
- an answer is present when an `answer_any` string occurs, as whole words, in the section's
  text (its claims and quotes, not its heading, which restates the question), both normalized
  as SQuAD does (lower case; punctuation, except inside numbers, and articles removed;
  whitespace collapsed); for long answers, alternatively when at least half of the key points
  are covered, a key point being covered when 60 % of its content words (stemmed) occur in the
  section;
- evidence is cited when a citation's document title or filename equals an `evidence` entry
  (case-, whitespace- and HTML-entity-insensitive: "Kenan &amp; Kel" is "Kenan & Kel");
- a yes/no answer is right when the section's first claim opens with that verdict;
- an answered part is wrong when its text holds a `reject_any` string (matched as answers are),
  or when it is answerable and its answer is not found;
- a citation lies on an evidence quote when, normalized, one contains the other or they share
  a run of 8 consecutive words;
- a part maps to the plan section whose heading shares most content words with it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from research.agents.text import content_terms, normalize, words

KEYPOINT_COVERED = 0.6
TRAJECTORY_MATCH = 0.5
QUOTE_OVERLAP_WORDS = 8


@dataclass(frozen=True)
class CitationResult:
    snippet_id: int
    document_title: str
    document_filename: str
    valid: bool  # snippet of this run, quote inside its text
    quote: str = ""


@dataclass(frozen=True)
class SectionResult:
    heading: str
    answered: bool
    text: str
    citations: tuple[CitationResult, ...] = ()
    retrieved_titles: tuple[tuple[str, ...], ...] = ()  # per query: ranked document titles
    retrieved_texts: tuple[tuple[str, ...], ...] = ()  # per query: ranked chunk texts
    corpora_searched: frozenset[str] = frozenset()
    iterations: int = 0  # the last loop iteration that searched for this part
    verdict: str = ""  # the first claim's text, where a yes/no answer is stated


@dataclass(frozen=True)
class RunResult:
    status: str
    sections: tuple[SectionResult, ...]
    queries: tuple[str, ...] = ()
    calls: int = 0
    tokens: int = 0
    seconds: float = 0.0


@dataclass
class PartScore:
    answerable: bool
    answered: bool
    correct: bool
    answer_found: bool = False
    wrong: bool = False  # answered, but with a rejected answer or without the answer
    evidence_cited: bool = False
    all_evidence_cited: bool | None = None
    citations: int = 0
    citations_in_evidence: int = 0
    citations_on_quote: int | None = None  # None: the part has no evidence quotes
    queries: int = 0
    iterations: int = 0
    keypoint_completeness: float | None = None
    quote_recall_10: float | None = None
    all_at_10: bool | None = None
    all_at_20: bool | None = None
    second_hop: bool | None = None
    evidence_corpus_searched: bool | None = None
    corpora_searched: int = 0


@dataclass
class CaseScore:
    case_id: str
    type: str
    parts: list[PartScore] = field(default_factory=list)
    silent_half_answer: bool = False
    citations: int = 0
    citations_valid: int = 0
    trajectory: float | None = None
    calls: int = 0
    tokens: int = 0
    seconds: float = 0.0
    status: str = ""


def yes_no(answers: list[str]) -> str:
    """'yes' or 'no' when that is the expected answer, else ''."""
    found = {normalize(a) for a in answers} & {"yes", "no"}
    return found.pop() if len(found) == 1 else ""


def verdict_right(verdict: str, expected: str) -> bool:
    return words(verdict)[:1] == [expected]


def on_quote(quote: str, evidence_quotes: list[str]) -> bool:
    q = normalize(quote)
    if not q:
        return False
    grams = _grams(q)
    for e in map(normalize, evidence_quotes):
        if e and (e in q or q in e or grams & _grams(e)):
            return True
    return False


def _grams(text: str) -> set[str]:
    w = text.split()
    n = QUOTE_OVERLAP_WORDS
    return {" ".join(w[i : i + n]) for i in range(len(w) - n + 1)}


def answer_form(text: str) -> str:
    """SQuAD-style answer normalization: lower case, punctuation (except inside numbers:
    "1,800", "3.1") and articles removed, whitespace collapsed."""
    text = re.sub(r"(?<!\d)[^\w\s]|[^\w\s](?!\d)", " ", normalize(text))
    return " ".join(w for w in text.split() if w not in {"a", "an", "the"})


def contains_answer(text: str, answers: list[str]) -> bool:
    hay = f" {answer_form(text)} "
    return any(answer_form(a) and f" {answer_form(a)} " in hay for a in answers)


def states(section: SectionResult, answers: list[str]) -> bool:
    """The section gives one of `answers`: by its verdict for yes/no, else as whole words."""
    expected = yes_no(answers)
    return (
        verdict_right(section.verdict, expected)
        if expected
        else contains_answer(section.text, answers)
    )


def keypoint_coverage(text: str, keypoints: list[str]) -> float:
    have = set(content_terms(text))
    covered = 0
    for point in keypoints:
        terms = content_terms(point.split(".", 1)[-1] if point[:3].strip(". ").isdigit() else point)
        if terms and sum(t in have for t in terms) / len(terms) >= KEYPOINT_COVERED:
            covered += 1
    return covered / len(keypoints) if keypoints else 0.0


def _same(a: str, b: str) -> bool:
    """Titles equal but for case, spacing and HTML entities ("Kenan &amp; Kel")."""
    return " ".join(html.unescape(a).lower().split()) == " ".join(html.unescape(b).lower().split())


def in_evidence(citation: CitationResult, evidence: list[str]) -> bool:
    """The cited snippet lies in a document named (by title or filename) in `evidence`."""
    return any(
        _same(e, citation.document_title) or _same(e, citation.document_filename) for e in evidence
    )


def evidence_cited(section: SectionResult, evidence: list[str]) -> bool:
    return any(c.valid and in_evidence(c, evidence) for c in section.citations)


def match_parts(
    parts: list[dict[str, Any]], sections: tuple[SectionResult, ...]
) -> list[int | None]:
    """Each part's section index: greedy by shared content words, reusing when there are fewer."""
    if not sections:
        return [None] * len(parts)
    scores = []
    for i, part in enumerate(parts):
        pt = set(content_terms(part["subgoal"]))
        for j, section in enumerate(sections):
            st = set(content_terms(section.heading))
            overlap = len(pt & st) / (len(pt | st) or 1)
            scores.append((overlap, -abs(i - j), i, j))
    scores.sort(reverse=True)
    chosen: dict[int, int] = {}
    used: set[int] = set()
    for _, _, i, j in scores:
        if i not in chosen and (j not in used or len(sections) < len(parts)):
            chosen[i] = j
            used.add(j)
    return [chosen.get(i) for i in range(len(parts))]


def _retrieval(part: dict[str, Any], section: SectionResult) -> dict[str, Any]:
    evidence = part.get("evidence") or []
    top10 = {t for titles in section.retrieved_titles for t in titles[:10]}
    top20 = {t for titles in section.retrieved_titles for t in titles[:20]}
    found10 = {e for e in evidence if any(_same(e, t) for t in top10)}
    found20 = {e for e in evidence if any(_same(e, t) for t in top20)}
    out: dict[str, Any] = {}
    if evidence:
        out["all_at_10"] = len(found10) == len(set(evidence))
        out["all_at_20"] = len(found20) == len(set(evidence))
    quotes = part.get("evidence_quotes") or []
    if quotes:
        texts = [normalize(t) for ts in section.retrieved_texts for t in ts[:10]]
        out["quote_recall_10"] = sum(any(normalize(q) in t for t in texts) for q in quotes) / len(
            quotes
        )
    hops = part.get("hops")
    if hops and len(hops) == 2:
        out["second_hop"] = any(_same(hops[1], t) for t in top10)
    return out


def trajectory_share(reference: list[str], issued: tuple[str, ...]) -> float | None:
    """Share of expected queries issued: the same entity (its capitalised words, all of them)
    and at least half of the expected query's content words."""
    if not reference:
        return None
    issued_terms = [set(content_terms(q)) for q in issued]
    hits = 0
    for ref in reference:
        rt = set(content_terms(ref))
        names = {
            t for t, w in zip(content_terms(ref), _raw_terms(ref), strict=False) if w[:1].isupper()
        }
        if rt and any(
            names <= it and len(rt & it) / len(rt) >= TRAJECTORY_MATCH for it in issued_terms
        ):
            hits += 1
    return hits / len(reference)


def _raw_terms(text: str) -> list[str]:
    """The original words behind content_terms(text), in the same order."""
    from research.agents.text import QUESTION_WORDS, STOPWORDS, stem, words

    seen: set[str] = set()
    out = []
    for raw in re.findall(r"[A-Za-z0-9][A-Za-z0-9'’&.-]*", re.sub(r"[-–—/]", " ", text)):
        w = words(raw)[0] if words(raw) else ""
        if not w or w in STOPWORDS or w in QUESTION_WORDS or len(w) < 2 or stem(w) in seen:
            continue
        seen.add(stem(w))
        out.append(raw)
    return out


def score_case(
    case: Any, result: RunResult, *, evidence_corpora: dict[str, set[str]] | None = None
) -> CaseScore:
    """Score one run; `evidence_corpora` maps an evidence title to the corpus slugs holding it."""
    score = CaseScore(
        case_id=case.id,
        type=case.type,
        status=result.status,
        calls=result.calls,
        tokens=result.tokens,
        seconds=result.seconds,
    )
    mapping = match_parts(case.parts, result.sections)
    for part, idx in zip(case.parts, mapping, strict=True):
        section = result.sections[idx] if idx is not None else SectionResult("", False, "")
        answerable = not part.get("unanswerable")
        ps = PartScore(
            answerable=answerable,
            answered=section.answered,
            correct=False,
            corpora_searched=len(section.corpora_searched),
            queries=len(section.retrieved_titles),
            iterations=section.iterations,
        )
        if answerable:
            ps.answer_found = states(section, part.get("answer_any", []))
            if not ps.answer_found and part.get("answer_style") == "long" and part.get("keypoints"):
                ps.keypoint_completeness = keypoint_coverage(section.text, part["keypoints"])
                ps.answer_found = ps.keypoint_completeness >= 0.5
            evidence = part.get("evidence", [])
            ps.evidence_cited = evidence_cited(section, evidence)
            if evidence:
                ps.all_evidence_cited = all(
                    evidence_cited(section, [e]) for e in dict.fromkeys(evidence)
                )
            ps.citations = len(section.citations)
            ps.citations_in_evidence = sum(in_evidence(c, evidence) for c in section.citations)
            quotes = part.get("evidence_quotes") or []
            if quotes:
                ps.citations_on_quote = sum(on_quote(c.quote, quotes) for c in section.citations)
            ps.correct = section.answered and ps.answer_found and ps.evidence_cited
            for key, value in _retrieval(part, section).items():
                setattr(ps, key, value)
            if evidence_corpora is not None:
                wanted = set().union(
                    *(evidence_corpora.get(e, set()) for e in part.get("evidence", []))
                )
                ps.evidence_corpus_searched = bool(wanted) and wanted <= set(
                    section.corpora_searched
                )
        else:
            ps.correct = not section.answered
        ps.wrong = section.answered and (
            states(section, part.get("reject_any", [])) or (answerable and not ps.answer_found)
        )
        score.parts.append(ps)
    score.silent_half_answer = result.status == "complete" and not all(
        p.correct for p in score.parts
    )
    cites = [c for s in result.sections for c in s.citations]
    score.citations = len(cites)
    score.citations_valid = sum(c.valid for c in cites)
    score.trajectory = trajectory_share(case.reference_trajectory, result.queries)
    return score
