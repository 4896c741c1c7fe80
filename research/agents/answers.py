"""Finding the sentence that answers: answer types, term coverage, quotes.

Pure functions over snippets; used by the offline judge (evidence.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.agents.abbreviations import defined, expanded
from research.agents.dates import YEAR, asked_times, dated_elsewhere, months, states_event
from research.agents.lexicon import SYNONYMS
from research.agents.text import (
    STOPWORDS,
    mentions,
    names,
    sentences,
    speaks_of,
    stem,
    table_header,
    words,
)
from research.agents.units import (
    MONEY_NOUNS,
    NUMBER,
    NUMBER_WORDS,
    QUANTITY_STEMS,
    RATE_NOUNS,
    implied_stems,
    states_money,
)
from research.contracts import Citation, Claim, Snippet

# Terms that frame a question more than they name the fact: weighed less, never required.
SOFT = frozenset(
    stem(w)
    for w in """total amount number main major primary key specific significant happen happened
    occur occurred change changes result results impact effect effects cause reason role purpose
    type kind event events detail details information situation status level value figure data
    record involve involved relate related regard regarding concern aspect overall particular
    describe summarize summary affect affected take took place measure measures undertake
    implement implemented new report reported list mention mentioned first last latest current
    recent based known called reach reached achieve achieved record recorded register
    registered post posted have had hold held make made get got show showed shown give gave
    take use used do done produce produced deliver delivered see saw activity activities
    initiative initiatives action actions effort efforts start starting initial experience
    experienced""".split()
)
# Comparatives and answer-type nouns ("which city") say what kind of answer, not which fact.
FRAME = frozenset(
    stem(w)
    for w in """larger smaller higher lower older younger earlier later more less bigger greater
    fewer longer shorter taller heavier lighter faster slower better worse largest smallest
    highest lowest oldest earliest latest most least city town country place state region nation
    year date month day person times""".split()
)
# Nouns naming a quantity: the answer must hold a number.
MEASURES = frozenset(
    stem(w)
    for w in """rate percentage percent share capacity number count price cost amount revenue
    temperature elevation altitude height depth range factor value size length duration weight
    speed time age population budget sales profit income margin ratio enrolment enrollment
    output production efficiency sensitivity specificity volume area distance power
    energy equity assets liabilities debt cash dividend earnings ebitda turnover salary fee loss
    expenses spending valuation""".split()
)
# Kinds of named thing: after "what"/"which" they type the answer, they are not the fact.
KINDS = frozenset(
    stem(w)
    for w in """movie film album song band group team club school college university company
    firm business organisation organization newspaper magazine book novel series show actor
    actress singer musician writer author player artist person people city town village
    country state region river mountain island building station airport game genre
    drug language religion party award""".split()
)
ACCEPT = 0.5
QUOTE_MAX = 400


def answer_type(question: str) -> str:
    q = question.lower()
    if re.search(r"\bhow long (?:did|does|do|will|would|has|have|had|can)\b", q):
        return "duration"
    if re.search(
        r"\bhow (many|much|long|old|large|big|tall|far)\b|\bwhat (percentage|share|"
        r"proportion|number|amount)\b|\bby how\b",
        q,
    ):
        return "number"
    if re.search(
        r"\bwhen\b|\bwhat (year|date|month|day|time)\b|\bwhich year\b|\bin what year\b", q
    ):
        return "date"
    if re.search(r"^\s*(is|are|was|were|did|does|do|has|have|can)\b", q):
        return "yesno"
    if re.search(r"\bwho\b|\bwhom\b|\bwhich (person|company|team|band|group|organi[sz]ation)\b", q):
        return "name"
    if re.search(r"\b(where|(which|what) (city|town|country|place|state|region|nation))\b", q):
        return "name"
    head = re.search(
        r"\b(?:what|which) (?:(?:is|was|are|were) )?(?:the )?([a-z -]+?) "
        r"(?:of|at|for|in|on|did|does|do|was|were|is|are|has|had)\b",
        q,
    )
    if head and any(stem(w) in MEASURES for w in words(head.group(1))):
        return "number"
    if re.search(r"\b(?:what|how much) did\b.*\bcost\b", q):
        return "number"
    if re.search(r"^\s*report\b", q) and any(stem(w) in MEASURES for w in words(q)[:6]):
        return "number"
    return "any"


_COUNTED = re.compile(
    r"\bhow many\s+(?:[a-z][\w-]*\s+){0,3}?([a-z][\w-]*)(?:\s+or\s+([a-z][\w-]*))?\s+"
    r"(?:did|does|do|were|was|are|is|has|have|had|will|can|could|would|in|of|at|on|for|per|"
    r"that|which|who)\b"
)


def counted(question: str) -> frozenset[str]:
    """What "how many" counts ("how many countries did ..."): the answering sentence must name
    it, or a count of something else answers. People and times are phrased too many ways."""
    match = _COUNTED.search(question.lower())
    if not match or match.group(1) in {"people", "persons", "times"}:
        return frozenset()
    found = frozenset(stem(w) for w in match.groups() if w)
    for group in _PEOPLE:
        if found & group:
            found |= group
    return found


_COUNT = re.compile(
    rf"(?:(?<![\w-])\d(?:[\d,.]*\d)?|\b{NUMBER_WORDS})(?=\s+((?:[\w-]+\s+){{0,2}}[\w-]+))",
    re.IGNORECASE,
)


def counts(sentence: str, counted_stems: frozenset[str]) -> bool:
    """A number counting the thing asked about: "218 patients", "412 charging sites"."""
    return any(
        stem(w) in counted_stems for m in _COUNT.finditer(sentence) for w in words(m.group(1))
    )


# Counted people go by many names: "enrolled 2,204 adults" answers "how many patients".
_PEOPLE = tuple(
    frozenset(stem(w) for w in group.split())
    for group in (
        "patients participants subjects adults children individuals volunteers women men",
        "employees staff workers personnel people",
    )
)


def type_ok(
    kind: str, sentence: str, known: tuple[str, ...] = (), along: frozenset[str] = frozenset()
) -> bool:
    """Does the sentence hold an answer of this kind beyond the names already `known`?
    A name headed by a noun in `along` is a step on the way ("who directs the institute":
    "Aldren Polar Institute" is the institute, not its director)."""
    for name in known:
        sentence = re.sub(re.escape(name), " ", sentence, flags=re.IGNORECASE) if name else sentence
    if kind == "number":  # a quantity, not merely a year
        return bool(NUMBER.search(YEAR.sub(" ", sentence)))
    if kind == "duration":
        return stem("duration") in implied_stems(sentence)
    if kind == "date":
        return bool(YEAR.search(sentence) or months(sentence))
    if kind == "name":
        return any(stem(n.split()[-1]) not in along for n in new_names(sentence, known))
    return True


def is_demonym(name: str) -> bool:
    """A lone "Swedish", "Libyan", "Japanese": an adjective, not a name to answer with."""
    return " " not in name and bool(re.search(r"(ish|ian|ese|ic|ean|can|yan)$", name))


def new_names(sentence: str, known: tuple[str, ...]) -> list[str]:
    """Names in the sentence not already known; lone demonyms ("Swedish") are adjectives."""
    return [
        n
        for n in names(sentence)
        if not any(mentions(k, n) or mentions(n, k) for k in known if k) and not is_demonym(n)
    ]


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
    """Exact stem, or one a prefix of the other ("direct"/"director", >= 5 letters); quantity
    nouns match only exactly ("share" is no "shareholder")."""
    if term in stems or SYNONYMS.get(term, frozenset()) & stems:
        return True
    if len(term) < 5 or term in QUANTITY_STEMS:
        return False
    return any(
        len(s) >= 5 and s not in QUANTITY_STEMS and (s.startswith(term) or term.startswith(s))
        for s in stems
    )


def alternatives(question: str, entity: str = "") -> frozenset[str]:
    """Words a source may phrase otherwise: 'or' pairs ("installed or consented") and the verb
    of "did <entity> pay" (the report says "paid"), so neither is required verbatim."""
    found = re.findall(r"\b([a-z][a-z-]+) or ([a-z][a-z-]+)\b", question)
    soft = {stem(w) for pair in found for w in pair} | answer_nouns(question)
    if entity:
        verb = re.search(
            rf"\b(?:did|does|do)\s+(?:the\s+)?{re.escape(entity)}\S*\s+([a-z]+)", question
        )
        if verb:
            soft.add(stem(verb.group(1)))
    return frozenset(soft)


_HEAD = re.compile(
    r"\b(?:what|which)\s+(?:(?:kind|type|sort|form)\s+of\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+)",
    re.IGNORECASE,
)
_NOT_HEAD = frozenset(
    """is was are were did does do has had have can could will would of the a an in on at to
    for by from with that this these those""".split()
)


def _heads(question: str) -> set[str]:
    """Stems of the words after "what"/"which": the kind of answer asked for."""
    out: set[str] = set()
    for match in _HEAD.finditer(question):
        for w in match.group(1).lower().split():
            if w in _NOT_HEAD or w in STOPWORDS:
                break
            out.add(stem(w))
    return out


def answer_nouns(question: str) -> set[str]:
    """Kinds of thing after "what"/"which" ("what movie", "which steroid") say what sort of
    answer is wanted; the answering sentence need not repeat them ("... is a 1993 film").
    A fact asked that way ("what dividend") stays required."""
    return {h for h in _heads(question) if h in KINDS}


def along_the_way(question: str, terms: list[str]) -> frozenset[str]:
    """Question nouns that are not the kind of answer asked for: names they head are steps."""
    return frozenset(terms) - _heads(question)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def _fact_stems(text: str) -> set[str]:
    """The text's stems and those of the quantities its units state."""
    return _stems(text) | implied_stems(text)


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
) -> Found | None:
    """The sentence covering most of `terms` (weighted), of the right answer type, naming
    one of `must` when given.

    Every hard term must occur in the sentence's document (as retrieved); that is what tells
    "the report does not state it" from "the report states it in other words nearby".
    """
    weights = _weights(terms, soft)
    context = doc_context(pool or snippets)
    years, asked_months = asked_times(terms)
    measures = {t for t in terms if t in MEASURES} if kind == "number" else set()
    money = bool(measures) and measures <= MONEY_NOUNS and not RATE_NOUNS & set(terms)
    said = {stem(v) for v in event}  # a sentence stating the event says it, in any synonym
    abbreviations = _doc_abbreviations(pool or snippets)
    best: Found | None = None
    for snip in snippets:
        ctx = _either(context.get(snip.document_id, set()), must) | said
        defs = abbreviations.get(snip.document_id, {})
        if strict and any(t not in SOFT and t not in soft and not covers(t, ctx) for t in terms):
            continue
        # In a document about something else, only a sentence naming the subject speaks of it.
        about = not subject or mentions(snip.title, subject)
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if len(sentence) < 12 or sentence.startswith("#"):  # a heading states nothing
                continue
            if not type_ok(kind, sentence, known, along):
                continue
            if not about and not speaks_of(snip.title, sentence, subject):
                continue
            if event and not states_event(sentence, event):
                continue
            if dated_elsewhere(sentence, snip.text, years, asked_months):
                continue
            header = table_header(snip.text, start)
            stated = _fact_stems(sentence) | _stems(header) | expanded(sentence, defs)
            covered = _either(stated | said, must)
            if must and not counts(sentence, must):
                continue
            if measures and not any(covers(m, covered) for m in measures):
                continue  # a number, but not of the quantity asked for
            if money and not states_money(sentence):
                continue
            score = _share(weights, covered)
            if kind == "name":  # among equals, the sentence naming something new answers
                score += 0.01 * min(3, len(new_names(sentence, known)))
            found = Found(snip, start, end, score)
            if best is None or score > best.score + 1e-9 or _earlier(found, best):
                best = found
    return best


def _earlier(found: Found, best: Found) -> bool:
    """Between equal sentences of one document, the earlier states the headline figure
    ("enrolled 1,506 participants" before "an extension in which 1,102 had enrolled")."""
    return (
        abs(found.score - best.score) <= 1e-9
        and found.snippet.document_id == best.snippet.document_id
        and (found.snippet.id, found.start) < (best.snippet.id, best.start)
    )


def _claim(found: Found) -> Claim:
    sentence = found.sentence
    quote = sentence if len(sentence) <= QUOTE_MAX else sentence[:QUOTE_MAX].rsplit(" ", 1)[0]
    return Claim(
        text=" ".join(quote.split()),
        citations=[Citation(snippet_id=found.snippet.id, quote=quote)],
    )


_GOES_ON = re.compile(
    r"^(?:This|These|That|Those|It|Its|They|Their|Such|As a result|Consequently|In turn|"
    r"The (?:company|measures?|moves?|changes?|decisions?|events?|initiatives?))\b"
)


def continuation(first: Found, snippets: list[Snippet], limit: int = 2) -> list[Found]:
    """The sentences right after `first` that go on about it ("This involved ..."), in its
    snippet or in the next chunk of its document: an explanation is quoted whole."""
    tail = first.sentence[-40:]
    for snip in [first.snippet, *snippets]:
        at = snip.text.find(tail) if snip.document_id == first.snippet.document_id else -1
        following = [(s, e) for s, e in sentences(snip.text) if at >= 0 and s >= at + len(tail)]
        if not following:
            continue
        out: list[Found] = []
        for start, end in following[:limit]:
            if not _GOES_ON.match(snip.text[start:end]):
                break
            out.append(Found(snip, start, end, first.score))
        return out
    return []


def _more_sentences(
    terms: list[str], snippets: list[Snippet], first: Found, soft: frozenset[str], subject: str
) -> list[Found]:
    """Up to two further sentences of the subject's documents that cover the asked terms."""
    weights = _weights(terms, soft)
    ranked: list[tuple[float, int, Found]] = []
    for order, snip in enumerate(snippets):
        about = mentions(snip.title, subject)
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if (snip.id, start) == (first.snippet.id, first.start) or len(sentence) < 30:
                continue
            if not about and not mentions(sentence, subject):
                continue
            score = _share(weights, _fact_stems(sentence))
            if score >= ACCEPT:
                ranked.append((-score, order, Found(snip, start, end, score)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return distinct([first, *(found for _, _, found in ranked)])[1:3]


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


def _sentence_naming(snippet: Snippet, name: str) -> Found:
    for start, end in sentences(snippet.text):
        if mentions(snippet.text[start:end], name):
            return Found(snippet, start, end, 1.0)
    return Found(snippet, 0, min(len(snippet.text), QUOTE_MAX), 1.0)


def _short(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
