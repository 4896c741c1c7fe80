"""Finding the sentence that answers: term coverage, typed checks, quotes.

Pure functions over snippets; used by the offline judge (evidence.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from corpora.units import is_row
from research.agents.abbreviations import defined, expanded
from research.agents.dates import YEAR, asked_times, dated_elsewhere, period_words, states_event
from research.agents.lexicon import MEMBERS, SYNONYMS, relation_stems, title_stems
from research.agents.questions import (
    MEASURES,
    SOFT,
    counts,
    new_names,
    states_numbers,
    type_ok,
)
from research.agents.siblings import speaks_of_another, unit_before
from research.agents.table_lookup import names_a_column
from research.agents.text import (
    mentions,
    names,
    run_in_heading,
    sentences,
    speaks_of,
    stem,
    table_header,
    words,
)
from research.agents.units import (
    MONEY_NOUNS,
    QUANTITY_STEMS,
    RATE_NOUNS,
    implied_stems,
    states_money,
)
from research.contracts import Citation, Claim, Snippet

ACCEPT = 0.5
QUOTE_MAX = 400


@dataclass(frozen=True)
class Found:
    snippet: Snippet
    start: int
    end: int
    score: float

    @property
    def sentence(self) -> str:
        return self.snippet.text[self.start : self.end]


def _weights(terms: list[str], soft: frozenset[str] = frozenset()) -> dict[str, float]:
    """Soft terms and years weigh less: an annual report's sentences rarely repeat its year
    (the document must still mention it, and a sentence naming another year is passed over)."""
    return {t: (0.3 if t in SOFT or t in soft or YEAR.fullmatch(t) else 1.0) for t in terms}


def covers(term: str, stems: set[str]) -> bool:
    """Exact stem, a synonym or a member of the category ("cfo" for "management"), or one a
    prefix of the other ("direct"/"director", >= 5 letters), or one word's forms
    ("distribute"/"distribution": a shared stem of 7 letters or more that leaves the shorter at
    most two; "acquired"/"acquisition": one root once the noun's ending is off); quantity
    nouns match only exactly ("share" is no "shareholder")."""
    if term in stems or (SYNONYMS.get(term, frozenset()) | MEMBERS.get(term, frozenset())) & stems:
        return True
    if (term[:-1] if term.endswith("e") else f"{term}e") in stems:
        return True  # the light stemmer keeps a final e in some forms: "title"/"titl(es)"
    if len(term) < 5 or term in QUANTITY_STEMS:
        return False
    return any(
        len(s) >= 5
        and s not in QUANTITY_STEMS
        and (s.startswith(term) or term.startswith(s) or _forms(s, term) or _derived(s, term))
        for s in stems
    )


def compounds(terms: list[str], stems: set[str]) -> list[str]:
    """Two question words the sources write as one ("team mate" for "teammates")."""

    def written(word: str) -> bool:  # the word itself, or a form a letter or two apart
        return any(s.startswith(word[:-1]) and abs(len(s) - len(word)) <= 2 for s in stems)

    out: list[str] = []
    for term in terms:
        if out and not covers(term, stems) and written(out[-1] + term):
            out[-1] += term
        else:
            out.append(term)
    return out


def _shared(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def _forms(a: str, b: str) -> bool:
    shared = _shared(a, b)
    return shared >= 7 and min(len(a), len(b)) - shared <= 2


_NOUN_ENDINGS = ("ition", "ion", "ment", "e")


def _roots(word: str) -> set[str]:
    return {word} | {word[: -len(e)] for e in _NOUN_ENDINGS if word.endswith(e)}


def _derived(a: str, b: str) -> bool:
    """A verb and its noun: "acquir"/"acquisition", "expand"/"expansion", "revis"/"revision"
    (roots of five letters or more that differ in at most their last letter)."""
    return any(
        _shared(x, y) >= 5 and max(len(x), len(y)) - _shared(x, y) <= 1
        for x in _roots(a)
        for y in _roots(b)
    )


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def _fact_stems(text: str) -> set[str]:
    """The text's stems, those of the quantities its units state and of the periods it
    writes short ("Q3")."""
    stems = _stems(text) | implied_stems(text) | title_stems(text) | relation_stems(text)
    return stems | {stem(w) for w in period_words(text)}


def doc_context(snippets: list[Snippet]) -> dict[int, set[str]]:
    """Stems of everything retrieved from each document: qualifiers may sit a chunk away."""
    out: dict[int, set[str]] = {}
    for snip in snippets:
        out.setdefault(snip.document_id, set()).update(_fact_stems(snip.text) | _stems(snip.title))
    return out


def _doc_abbreviations(snippets: list[Snippet]) -> dict[int, dict[str, set[str]]]:
    out: dict[int, dict[str, set[str]]] = {}
    for snip in snippets:
        for short, stems in defined(snip.text).items():
            out.setdefault(snip.document_id, {}).setdefault(short, set()).update(stems)
    return out


def _share(weights: dict[str, float], stems: set[str]) -> float:
    return sum(w for t, w in weights.items() if covers(t, stems)) / (sum(weights.values()) or 1)


def coverage(terms: list[str], sentence: str, soft: frozenset[str] = frozenset()) -> float:
    """The weighted share of `terms` the sentence states."""
    return _share(_weights(terms, soft), _fact_stems(sentence))


def _either(stems: set[str], alternatives: frozenset[str]) -> set[str]:
    """One of the alternatives stands for all of them ("adults" for "patients")."""
    return stems | alternatives if any(covers(t, stems) for t in alternatives) else stems


_INTENDED = re.compile(
    r"\b(?:plans|planned|aims|intends|intended|hopes|seeks|expects) to\b"
    r"|\b(?:is|are) (?:expected|scheduled|set|poised) to\b"
    r"|^\W*(?:looking ahead|going forward|in the future)\b",
    re.IGNORECASE,
)


def intended(sentence: str) -> bool:
    """Does the sentence state a plan or an expectation ("X plans to ...", "Looking ahead,
    ...")? Asked what was done, such a sentence does not answer."""
    return bool(_INTENDED.search(sentence))


# A sentence that sums up ("Overall, ...", "These events had ...") restates a topic's words
# rather than its facts, and looks back on what came before it.
_RECAP = re.compile(
    r"^\W*(?:Overall|In (?:conclusion|summary|short)|To sum up|Throughout|These"
    r"|All (?:of )?these)\b"
)


def recap(sentence: str) -> bool:
    return bool(_RECAP.match(sentence))


def best_sentence(
    terms: list[str],
    snippets: list[Snippet],
    kind: str,
    *,
    pool: list[Snippet] | None = None,
    soft: frozenset[str] = frozenset(),
    known: tuple[str, ...] = (),
    subject: str = "",
    strict: bool = True,
    must: frozenset[str] = frozenset(),
    along: frozenset[str] = frozenset(),
    event: tuple[str, ...] = (),
    pairs: bool = False,
    synonyms: frozenset[str] = frozenset(),
    done: bool = False,
    hint: frozenset[str] = frozenset(),
    called: tuple[str, ...] = (),
    question: str = "",
    siblings: tuple[str, ...] = (),
    given: frozenset[str] = frozenset(),
) -> Found | None:
    """The sentence covering most of `terms` (weighted), of the right answer type, naming
    one of `must` when given; with `pairs`, two sentences of which the second goes on about
    the first's subject. Any one of `synonyms` stated stands for all of them. With `done`,
    what was done is asked: a plan is passed over. `called`: other names the documents give
    the subject ("site code TV-4"), which name it as well as its own. A table row answers
    `question` only when it names one of the row's columns; a sentence speaking of one of
    `siblings` (the goal's other subjects) does not speak of this one. Between equals, a
    sentence that states facts wins over one that sums up, then the one stating more of `hint`
    (the words of the source the question names). A sentence states each number of `given`
    (in it, its header or its section) or says nothing of what the question singles out.

    Every hard term must occur in the sentence's document (as retrieved); that is what tells
    "the report does not state it" from "the report states it in other words nearby".
    """
    weights = _weights(terms, soft)
    context = doc_context(pool or snippets)
    years, asked_months = asked_times(terms)
    measures = {t for t in terms if t in MEASURES} if kind in ("number", "count") else set()
    money = bool(measures) and measures <= MONEY_NOUNS and not RATE_NOUNS & set(terms)
    said = {stem(v) for v in event}  # a sentence stating the event says it, in any synonym
    abbreviations = _doc_abbreviations(pool or snippets)
    others = [n for n in known[1:] if n and not YEAR.fullmatch(n)]
    named = _names_per_document(pool or snippets, others)
    for name in others:  # a long name weighs as two words: Benjamin "Bugsy" Siegel is one man
        parts = {stem(w) for w in words(name)} & weights.keys()
        for part in parts:
            weights[part] *= min(1.0, 2 / len(parts))
    best: Found | None = None
    best_own = False
    hard = [t for t, w in weights.items() if w >= 1.0]
    for snip in snippets:
        ctx = _either(_either(context.get(snip.document_id, set()), must), synonyms) | said
        ctx |= named.get(snip.document_id, set())
        defs = abbreviations.get(snip.document_id, {})
        if strict and any(t not in SOFT and t not in soft and not covers(t, ctx) for t in terms):
            continue
        # In a document about something else, only a sentence naming the subject speaks of it.
        about = not subject or any(mentions(snip.title, n) for n in (subject, *called))
        for start, end in _pairs(snip.text) if pairs else sentences(snip.text):
            sentence = snip.text[start:end]
            if len(sentence) < 12 or sentence.startswith("#"):  # a heading states nothing
                continue
            if not type_ok(kind, sentence, known, along):
                continue
            if question and is_row(sentence) and not names_a_column(sentence, question):
                continue  # "capacity factor" is no column of "Capacity (MW): 310 · ..."
            if not about and not _speaks_of(snip.title, sentence, subject, called):
                continue
            if event and not states_event(sentence, event):
                continue
            if done and intended(sentence):
                continue
            before = "" if pairs else unit_before(snip.text, start)
            if siblings and speaks_of_another(sentence, before, (subject, *called), siblings):
                continue
            if dated_elsewhere(sentence, snip.text, years, asked_months):
                continue
            header = table_header(snip.text, start) or run_in_heading(before)
            if given and not states_numbers(f"{sentence} {header} {snip.section}", given):
                continue  # "the deviation at 40 bar": a sentence of 30 bar says nothing of it
            stated = _fact_stems(sentence) | _stems(header) | expanded(sentence, defs)
            stated |= _names_stated(sentence, others)
            covered = _either(_either(stated | said, must), synonyms)
            if must and not counts(sentence, must):
                continue
            if measures and not any(covers(m, covered) for m in measures):
                continue  # a number, but not of the quantity asked for
            if money and not states_money(sentence):
                continue
            score = _share(weights, covered)
            if kind == "name":  # among equals, the sentence naming something new answers
                score += 0.01 * min(3, len(new_names(sentence, known)))
            score += 0.001 * sum(covers(h, stated) for h in hint) - 0.005 * recap(sentence)
            found = Found(snip, start, end, score)
            # the subject's own page stating every hard term speaks for it before another's
            own = bool(subject) and about and all(covers(t, covered) for t in hard)
            if (
                best is None
                or own > best_own
                or (
                    own == best_own
                    and (score > best.score + 1e-9 or _preferred(found, best, subject))
                )
            ):
                best, best_own = found, own
    return best


def _speaks_of(title: str, sentence: str, subject: str, called: tuple[str, ...]) -> bool:
    return speaks_of(title, sentence, subject) or any(mentions(sentence, n) for n in called)


def _names_stated(text: str, names_asked: list[str]) -> set[str]:
    """The words of the asked names that `text` names in any of its forms: "Bugsy Siegel"
    states every word of Benjamin "Bugsy" Siegel."""
    return {stem(w) for n in names_asked if mentions(text, n) for w in words(n)}


def _names_per_document(snippets: list[Snippet], names_asked: list[str]) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for snip in snippets:
        out.setdefault(snip.document_id, set()).update(_names_stated(snip.text, names_asked))
    return out


_GOES_ON_ABOUT = re.compile(r"^(?:He|She|It|They|His|Her|Its|Their)\b")


def _pairs(text: str) -> list[tuple[int, int]]:
    """Spans of two sentences of one paragraph whose second goes on about the first's
    subject, by pronoun or by a word of its opening name ("Norman Ernest Borlaug was an
    American agronomist ... Borlaug was awarded the Nobel Peace Prize")."""
    spans = sentences(text)
    out = []
    for (s1, e1), (s2, e2) in pairwise(spans):
        second = text[s2:e2]
        if "\n" in text[e1:s2] or not second.split():
            continue
        opening = names(text[s1:e1])[:1]
        lead = second.split()[0].removesuffix("'s").removesuffix("’s")
        if _GOES_ON_ABOUT.match(second) or (opening and lead in opening[0].split()):
            out.append((s1, e2))
    return out


def split(found: Found) -> list[Found]:
    """The sentences of a found span, each its own claim."""
    return [
        Found(found.snippet, s, e, found.score)
        for s, e in sentences(found.snippet.text)
        if found.start <= s < found.end
    ]


def _preferred(found: Found, best: Found, subject: str) -> bool:
    """Between equal sentences, the subject's own document speaks for it ("The group was
    formed in the early 1980s" over an album's "a band with whom X formed a partnership");
    within one document, the earlier states the headline figure ("enrolled 1,506
    participants" before "an extension in which 1,102 had enrolled")."""
    if abs(found.score - best.score) > 1e-9:
        return False
    if found.snippet.document_id != best.snippet.document_id:
        own = [mentions(f.snippet.title, subject) for f in (found, best)]
        return bool(subject) and own[0] and not own[1]
    return (found.snippet.id, found.start) < (best.snippet.id, best.start)


def citation(found: Found) -> Citation:
    """The found sentence as a quote, cut at a word within QUOTE_MAX characters."""
    sentence = found.sentence
    quote = sentence if len(sentence) <= QUOTE_MAX else sentence[:QUOTE_MAX].rsplit(" ", 1)[0]
    return Citation(snippet_id=found.snippet.id, quote=quote)


def _claim(found: Found) -> Claim:
    cited = citation(found)
    return Claim(text=" ".join(cited.quote.split()), citations=[cited])


def distinct(found: list[Found]) -> list[Found]:
    """Sentences in order, without repeats: chunks overlap, so fragments recur."""
    seen: list[str] = []
    out = []
    for f in found:
        key = " ".join(f.sentence.split())
        if not any(key in k or k in key for k in seen):
            seen.append(key)
            out.append(f)
    return out


def _sentence_naming(snippet: Snippet, name: str) -> Found | None:
    """The first unit naming `name` (a heading, "# Spy Hunter", is none), or None."""
    for start, end in sentences(snippet.text):
        if mentions(snippet.text[start:end], name):
            return Found(snippet, start, end, 1.0)
    return None


def _short(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
