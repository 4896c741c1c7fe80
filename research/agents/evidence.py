"""The offline judge: is the asked fact, for the asked entity, stated in a snippet?

High vector similarity is never enough: a sufficient verdict needs a sentence from a snippet
that names the entity (or a bridge entity named there) and states the asked fact's terms, with
the answer type the question asks for (a number, a date, a name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.agents.text import (
    QUESTION_WORDS,
    STOPWORDS,
    content_terms,
    mentions,
    names,
    sentences,
    stem,
    words,
)
from research.contracts import Assessment, Citation, Claim, FollowUp, Snippet, SubGoal, Verdict

# Terms that frame a question more than they name the fact: weighed less, never required.
SOFT = frozenset(
    stem(w)
    for w in [
        "total",
        "amount",
        "number",
        "main",
        "major",
        "primary",
        "key",
        "specific",
        "significant",
        "happen",
        "happened",
        "occur",
        "occurred",
        "change",
        "changes",
        "result",
        "results",
        "impact",
        "effect",
        "effects",
        "cause",
        "reason",
        "role",
        "purpose",
        "type",
        "kind",
        "event",
        "events",
        "detail",
        "details",
        "information",
        "situation",
        "status",
        "level",
        "value",
        "figure",
        "data",
        "record",
        "involve",
        "involved",
        "relate",
        "related",
        "regard",
        "regarding",
        "concern",
        "aspect",
        "overall",
        "particular",
        "describe",
        "summarize",
        "summary",
        "affect",
        "affected",
        "take",
        "took",
        "place",
        "measure",
        "measures",
        "undertake",
        "implement",
        "implemented",
        "new",
        "report",
        "reported",
        "list",
        "mention",
        "mentioned",
        "first",
        "last",
        "latest",
        "current",
        "recent",
        "based",
        "known",
        "called",
        "reach",
        "reached",
        "achieve",
        "achieved",
        "record",
        "recorded",
        "register",
        "registered",
        "post",
        "posted",
        "have",
        "had",
        "hold",
        "held",
        "make",
        "made",
        "get",
        "got",
        "show",
        "showed",
        "shown",
        "give",
        "gave",
        "take",
        "use",
        "used",
        "do",
        "done",
        "produce",
        "produced",
        "deliver",
        "delivered",
        "see",
        "saw",
    ]
)
# Comparatives and answer-type nouns ("which city") say what kind of answer, not which fact.
FRAME = frozenset(
    stem(w)
    for w in [
        "larger",
        "smaller",
        "higher",
        "lower",
        "older",
        "younger",
        "earlier",
        "later",
        "more",
        "less",
        "bigger",
        "greater",
        "fewer",
        "longer",
        "shorter",
        "taller",
        "heavier",
        "lighter",
        "faster",
        "slower",
        "better",
        "worse",
        "largest",
        "smallest",
        "highest",
        "lowest",
        "oldest",
        "earliest",
        "latest",
        "most",
        "least",
        "city",
        "town",
        "country",
        "place",
        "state",
        "region",
        "nation",
        "year",
        "date",
        "month",
        "day",
        "person",
    ]
)
# Nouns naming a quantity: the answer must hold a number.
MEASURES = frozenset(
    stem(w)
    for w in [
        "rate",
        "percentage",
        "percent",
        "share",
        "capacity",
        "number",
        "count",
        "price",
        "cost",
        "amount",
        "revenue",
        "temperature",
        "elevation",
        "altitude",
        "height",
        "depth",
        "range",
        "factor",
        "value",
        "size",
        "length",
        "duration",
        "weight",
        "speed",
        "time",
        "age",
        "population",
        "budget",
        "sales",
        "profit",
        "income",
        "margin",
        "ratio",
        "enrolment",
        "enrollment",
        "output",
        "production",
        "efficiency",
        "sensitivity",
        "specificity",
        "volume",
        "area",
        "distance",
        "power",
        "energy",
    ]
)
ACCEPT = 0.5
QUOTE_MAX = 400
_NUMBER = re.compile(r"\d")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE)


def answer_type(question: str) -> str:
    q = question.lower()
    if re.search(r"\bhow (many|much|long|old|large|big|tall|far)\b|\bwhat (percentage|share|"
                 r"proportion|number|amount)\b|\bby how\b", q):  # fmt: skip
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
    head = re.search(r"\b(?:what|which) (?:(?:is|was|are|were) )?(?:the )?([a-z -]+?) "
                     r"(?:of|at|for|in|on|did|does|do|was|were|is|are|has|had)\b", q)  # fmt: skip
    if head and any(stem(w) in MEASURES for w in words(head.group(1))):
        return "number"
    if re.search(r"^\s*report\b", q) and any(stem(w) in MEASURES for w in words(q)[:6]):
        return "number"
    return "any"


def type_ok(kind: str, sentence: str, known: tuple[str, ...] = ()) -> bool:
    """Does the sentence hold an answer of this kind beyond the names already `known`?"""
    for name in known:
        sentence = re.sub(re.escape(name), " ", sentence, flags=re.IGNORECASE) if name else sentence
    if kind == "number":
        return bool(_NUMBER.search(sentence))
    if kind == "date":
        return bool(_YEAR.search(sentence) or _MONTH.search(sentence))
    if kind == "name":
        return bool(new_names(sentence, known))
    return True


def new_names(sentence: str, known: tuple[str, ...]) -> list[str]:
    """Names in the sentence not already known; lone demonyms ("Swedish") are adjectives."""
    return [
        n
        for n in names(sentence)
        if not any(mentions(k, n) or mentions(n, k) for k in known if k)
        and not (" " not in n and re.search(r"(ish|ian|ese|ic)$", n))
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
    return {t: (0.3 if t in SOFT or t in soft else 1.0) for t in terms}


def covers(term: str, stems: set[str]) -> bool:
    """Exact stem, or one a prefix of the other ("direct"/"director", >= 5 letters)."""
    if term in stems:
        return True
    if len(term) < 5:
        return False
    return any(len(s) >= 5 and (s.startswith(term) or term.startswith(s)) for s in stems)


def alternatives(question: str, entity: str = "") -> frozenset[str]:
    """Words a source may phrase otherwise: 'or' pairs ("installed or consented") and the verb
    of "did <entity> pay" (the report says "paid"), so neither is required verbatim."""
    found = re.findall(r"\b([a-z][a-z-]+) or ([a-z][a-z-]+)\b", question)
    soft = {stem(w) for pair in found for w in pair}
    if entity:
        verb = re.search(
            rf"\b(?:did|does|do)\s+(?:the\s+)?{re.escape(entity)}\S*\s+([a-z]+)", question
        )
        if verb:
            soft.add(stem(verb.group(1)))
    return frozenset(soft)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def _doc_context(snippets: list[Snippet]) -> dict[int, set[str]]:
    """Stems of everything retrieved from each document: qualifiers may sit a chunk away."""
    out: dict[int, set[str]] = {}
    for snip in snippets:
        out.setdefault(snip.document_id, set()).update(_stems(snip.text) | _stems(snip.title))
    return out


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
) -> Found | None:
    """The sentence covering most of `terms` (weighted), of the right answer type.

    Every hard term must occur in the sentence's document (as retrieved); that is what tells
    "the report does not state it" from "the report states it in other words nearby".
    """
    weights = _weights(terms, soft)
    total = sum(weights.values()) or 1.0
    context = _doc_context(pool or snippets)
    best: Found | None = None
    for snip in snippets:
        ctx = context.get(snip.document_id, set())
        if strict and any(t not in SOFT and t not in soft and not covers(t, ctx) for t in terms):
            continue
        # In a document about something else, only a sentence naming the subject speaks of it.
        about = not subject or mentions(snip.title, subject)
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if len(sentence) < 12 or not type_ok(kind, sentence, known):
                continue
            if not about and not mentions(sentence, subject):
                continue
            covered = _stems(sentence)
            score = sum(w for t, w in weights.items() if covers(t, covered)) / total
            if kind == "name":  # among equals, the sentence naming something new answers
                score += 0.01 * min(3, len(new_names(sentence, known)))
            if best is None or score > best.score + 1e-9:
                best = Found(snip, start, end, score)
    return best


def _claim(found: Found) -> Claim:
    sentence = found.sentence
    quote = sentence if len(sentence) <= QUOTE_MAX else sentence[:QUOTE_MAX].rsplit(" ", 1)[0]
    return Claim(
        text=" ".join(quote.split()),
        citations=[Citation(snippet_id=found.snippet.id, quote=quote)],
    )


def _is_name(name: str, lowered_pool: str) -> bool:
    """Single capitalised words that also occur in lower case are ordinary words."""
    parts = name.split()
    if len(parts) > 1:
        return True
    word = parts[0]
    if re.fullmatch(r"[\d.,%s]+", word) or len(word) < 3:
        return False
    if any(ch.isdigit() for ch in word) or word.isupper():
        return True
    return f" {word.lower()} " not in lowered_pool


def _bridges(
    entity: str, question: str, link_snips: list[Snippet], terms: list[str], pool: list[Snippet]
) -> list[tuple[str, int]]:
    """Names in the entity's snippets that the question does not name: (name, snippet id)."""
    asked = [n.lower() for n in names(question)] + [entity.lower()]
    lowered_pool = " " + " ".join(" ".join(words(s.text)) for s in pool) + " "
    weights = _weights(terms)
    ranked: list[tuple[float, int, str, int]] = []
    for snip in link_snips:
        for order, (start, end) in enumerate(sentences(snip.text)):
            sentence = snip.text[start:end]
            stems = _stems(sentence)
            relevance = sum(w for t, w in weights.items() if covers(t, stems))
            for name in names(sentence):
                if name.lower() in asked or mentions(entity, name) or mentions(name, entity):
                    continue
                if not _is_name(name, lowered_pool):
                    continue
                ranked.append((-relevance, order, name, snip.id))
    ranked.sort()
    seen: set[str] = set()
    out = []
    for _, _, name, sid in ranked:
        if name.lower() not in seen:
            seen.add(name.lower())
            out.append((name, sid))
    return out


def _query_words(question: str, exclude: list[str], covered: set[str] | None = None) -> str:
    """The question's own words for a follow-up query (unstemmed), minus the excluded ones."""
    skip = {stem(w) for w in exclude} | (covered or set())
    out: list[str] = []
    for w in words(question):
        st = stem(w)
        if w in STOPWORDS or w in QUESTION_WORDS or st in skip or st in FRAME or w in out:
            continue
        out.append(w)
    return " ".join(out)


def assess_entity(
    sub_goal: SubGoal, entity: str, snippets: list[Snippet], searched: list[str]
) -> Assessment:
    """The verdict for one entity of a sub-goal."""
    question = sub_goal.text
    kind = answer_type(question)
    exclude = words(" ".join([entity, *sub_goal.compare]))
    terms = [t for t in content_terms(question, exclude=exclude) if t not in FRAME]
    searched_norm = {" ".join(s.lower().split()) for s in searched}
    own = [s for s in snippets if mentions(s.title, entity) or mentions(s.text, entity)]
    asked = _query_words(question, exclude)
    if not own:
        follow = f'"{entity}" {asked}'.strip()
        if follow.lower() not in searched_norm and len(searched) < 3:
            return Assessment(
                sub_goal=sub_goal.key, verdict=Verdict.INSUFFICIENT,
                missing=[f"any passage naming {entity}"],
                follow_ups=[FollowUp(text=follow, entity=entity)],
                reason=f"No retrieved passage names {entity}; searching for the name itself.",
            )  # fmt: skip
        return Assessment(
            sub_goal=sub_goal.key, verdict=Verdict.UNANSWERABLE,
            missing=[f"any passage naming {entity}"],
            reason=f"No passage in the selected sources names {entity}.",
        )  # fmt: skip
    soft = alternatives(question, entity)
    known = (entity, *names(question))
    direct = best_sentence(terms, own, "any" if kind == "yesno" else kind, pool=own, soft=soft,
                           known=known, subject=entity)  # fmt: skip
    if direct and direct.score >= ACCEPT:
        claims = [_claim(direct)]
        if kind == "any":  # a how/why/describe question: quote the other strong sentences too
            claims += [_claim(f) for f in _more_sentences(terms, own, direct, soft, entity)]
        return Assessment(
            sub_goal=sub_goal.key, verdict=Verdict.SUFFICIENT, claims=claims,
            reason=f"“{_short(direct.sentence)}” states it for {entity} "
                   f"(term coverage {direct.score:.2f}).",
        )  # fmt: skip
    bridges = _bridges(entity, question, own, terms, snippets)
    for name, sid in bridges[:4]:
        linked = [
            s
            for s in snippets
            if s.id != sid and (mentions(s.title, name) or mentions(s.text, name))
        ]
        link = _sentence_naming(next(s for s in snippets if s.id == sid), name)
        # The link must carry part of the question (the relation), the bridge the rest.
        link_stems = _stems(link.sentence)
        related = [t for t in terms if t not in SOFT and covers(t, link_stems)]
        rest = [t for t in terms if not covers(t, link_stems)]
        if not related or not rest:
            continue
        # Not strict: words describing the bridge itself ("the manufacturer") need not recur.
        found = best_sentence(rest, linked, kind, pool=linked, soft=soft, known=(*known, name),
                              subject=name, strict=False)  # fmt: skip
        if found and found.score >= ACCEPT:
            return Assessment(
                sub_goal=sub_goal.key, verdict=Verdict.SUFFICIENT,
                claims=[_claim(link), _claim(found)],
                reason=f"{entity} leads to {name}, whose passage states the asked fact.",
            )  # fmt: skip
    missing = [t for t in terms if t not in SOFT] or terms
    follow_ups = []
    for name, sid in bridges[:3]:
        link_stems = _stems(next(s for s in snippets if s.id == sid).text)
        text = f"{name} {_query_words(question, exclude, link_stems) or asked}".strip()
        if text.lower() not in searched_norm:
            follow_ups.append(FollowUp(text=text, entity=name, suggested_by=sid))
        if len(follow_ups) == 2:
            break
    if not follow_ups:
        focused = f'"{entity}" {asked}'.strip()
        if focused.lower() not in searched_norm and len(searched) < 3:
            follow_ups = [FollowUp(text=focused, entity=entity)]
    verdict = Verdict.INSUFFICIENT if follow_ups else Verdict.UNANSWERABLE
    reason = f"Passages name {entity} but none states {asked or 'the asked fact'}" + (
        "; following up on names they mention." if follow_ups else "; searches exhausted."
    )
    return Assessment(
        sub_goal=sub_goal.key, verdict=verdict, missing=[asked or " ".join(missing)],
        follow_ups=follow_ups, reason=reason,
    )  # fmt: skip


def _more_sentences(
    terms: list[str], snippets: list[Snippet], first: Found, soft: frozenset[str], subject: str
) -> list[Found]:
    """Up to two further sentences of the subject's documents that cover the asked terms."""
    weights = _weights(terms, soft)
    total = sum(weights.values()) or 1.0
    ranked: list[tuple[float, int, Found]] = []
    for order, snip in enumerate(snippets):
        about = mentions(snip.title, subject)
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if (snip.id, start) == (first.snippet.id, first.start) or len(sentence) < 30:
                continue
            if not about and not mentions(sentence, subject):
                continue
            score = sum(w for t, w in weights.items() if covers(t, _stems(sentence))) / total
            if score >= ACCEPT:
                ranked.append((-score, order, Found(snip, start, end, score)))
    ranked.sort(key=lambda r: (r[0], r[1]))
    seen = {" ".join(first.sentence.split())}
    out = []
    for _, _, found in ranked:
        key = " ".join(found.sentence.split())
        if key not in seen:
            seen.add(key)
            out.append(found)
        if len(out) == 2:
            break
    return out


def _sentence_naming(snippet: Snippet, name: str) -> Found:
    for start, end in sentences(snippet.text):
        if mentions(snippet.text[start:end], name):
            return Found(snippet, start, end, 1.0)
    return Found(snippet, 0, min(len(snippet.text), QUOTE_MAX), 1.0)


def _short(text: str, n: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def assess_offline(sub_goal: SubGoal, snippets: list[Snippet], searched: list[str]) -> Assessment:
    """Per entity; a comparison is sufficient only when every compared entity has evidence."""
    entities = sub_goal.compare or [sub_goal.entity]
    parts = [assess_entity(sub_goal, e, snippets, searched) for e in entities]
    if len(parts) == 1:
        return parts[0]
    order = [Verdict.INSUFFICIENT, Verdict.UNANSWERABLE, Verdict.IRRELEVANT, Verdict.SUFFICIENT]
    verdict = min((p.verdict for p in parts), key=order.index)
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=verdict,
        claims=[c for p in parts for c in p.claims],
        missing=[m for p in parts for m in p.missing],
        follow_ups=[f for p in parts for f in p.follow_ups],
        reason=" ".join(f"{e}: {p.reason}" for e, p in zip(entities, parts, strict=True)),
    )
