"""The offline judge: is the asked fact, for the asked entity, stated in a snippet?

High vector similarity is never enough: a sufficient verdict needs a sentence from a snippet
that names the entity (or a bridge entity named there) and states the asked fact's terms, with
the answer type the question asks for (a number, a date, a name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.agents.text import content_terms, mentions, names, sentences, stem, words
from research.contracts import Assessment, Citation, Claim, FollowUp, Snippet, SubGoal, Verdict

# Terms that frame a question more than they name the fact: weighed less, never required.
SOFT = frozenset(
    stem(w)
    for w in """total amount number main major primary key specific significant happen happened
    occur occurred change changes result results impact effect effects cause reason role purpose
    type kind event events detail details information situation status level value figure data
    record involve involved relate related regard regarding concern aspect overall particular
    describe summarize summary affect affected take took place measure measures undertake
    implement implemented new report reported list mention mentioned first last latest current
    recent based known called""".split()
)
ACCEPT = 0.5
QUOTE_MAX = 400
_NUMBER = re.compile(r"\d")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_MONTH = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE
)


def answer_type(question: str) -> str:
    q = question.lower()
    if re.search(r"\bhow (many|much|long|old|large|big|tall|far)\b|\bwhat (percentage|share|"
                 r"proportion|number|amount)\b|\bby how\b", q):  # fmt: skip
        return "number"
    if re.search(r"\bwhen\b|\bwhat (year|date|month|day|time)\b|\bwhich year\b|\bin what year\b", q):
        return "date"
    if re.search(r"^\s*(is|are|was|were|did|does|do|has|have|can)\b", q):
        return "yesno"
    if re.search(r"\bwho\b|\bwhom\b|\bwhich (person|company|team|band|group|organi[sz]ation)\b", q):
        return "name"
    return "any"


def type_ok(kind: str, sentence: str) -> bool:
    if kind == "number":
        return bool(_NUMBER.search(sentence))
    if kind == "date":
        return bool(_YEAR.search(sentence) or _MONTH.search(sentence))
    if kind == "name":
        return bool(names(sentence))
    return True


@dataclass(frozen=True)
class Found:
    snippet: Snippet
    start: int
    end: int
    score: float

    @property
    def sentence(self) -> str:
        return self.snippet.text[self.start : self.end]


def _weights(terms: list[str]) -> dict[str, float]:
    return {t: (0.3 if t in SOFT else 1.0) for t in terms}


def _stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def best_sentence(
    terms: list[str], snippets: list[Snippet], kind: str
) -> Found | None:
    """The sentence covering most of `terms` (weighted), of the right answer type."""
    weights = _weights(terms)
    total = sum(weights.values()) or 1.0
    best: Found | None = None
    for snip in snippets:
        context = _stems(snip.text) | _stems(snip.title)
        hard_missing = [t for t in terms if t not in SOFT and t not in context]
        if hard_missing:
            continue
        for start, end in sentences(snip.text):
            sentence = snip.text[start:end]
            if len(sentence) < 12 or not type_ok(kind, sentence):
                continue
            covered = _stems(sentence)
            score = sum(w for t, w in weights.items() if t in covered) / total
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


def _bridges(entity: str, question: str, link_snips: list[Snippet], terms: list[str]) -> list[tuple[str, int]]:
    """Names in the entity's snippets that the question does not name: (name, snippet id)."""
    asked = {n.lower() for n in names(question)} | {entity.lower()}
    weights = _weights(terms)
    ranked: list[tuple[float, int, str, int]] = []
    for snip in link_snips:
        for order, (start, end) in enumerate(sentences(snip.text)):
            sentence = snip.text[start:end]
            relevance = sum(w for t, w in weights.items() if t in _stems(sentence))
            for name in names(sentence):
                if name.lower() in asked or mentions(entity, name) or mentions(name, entity):
                    continue
                if len(name) < 3:
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


def assess_entity(
    sub_goal: SubGoal, entity: str, snippets: list[Snippet], searched: list[str]
) -> Assessment:
    """The verdict for one entity of a sub-goal."""
    question = sub_goal.text
    kind = answer_type(question)
    exclude = words(" ".join([entity, *sub_goal.compare]))
    terms = content_terms(question, exclude=exclude)
    searched_norm = {" ".join(s.lower().split()) for s in searched}
    own = [s for s in snippets if mentions(s.title, entity) or mentions(s.text, entity)]
    if not own:
        follow = f'"{entity}" {" ".join(t for t in terms if t not in SOFT)}'.strip()
        if follow.lower() not in searched_norm and len(searched) < 2:
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
    direct = best_sentence(terms, own, "any" if kind == "yesno" else kind)
    if direct and direct.score >= ACCEPT:
        return Assessment(
            sub_goal=sub_goal.key, verdict=Verdict.SUFFICIENT, claims=[_claim(direct)],
            reason=f"“{_short(direct.sentence)}” states it for {entity} "
                   f"(term coverage {direct.score:.2f}).",
        )  # fmt: skip
    bridges = _bridges(entity, question, own, terms)
    for name, sid in bridges[:4]:
        linked = [s for s in snippets if s.id != sid and (mentions(s.title, name) or mentions(s.text, name))]
        link = next(s for s in snippets if s.id == sid)
        link_stems = _stems(link.text)
        rest = [t for t in terms if t not in link_stems] or terms
        found = best_sentence(rest, linked, kind)
        if found and found.score >= ACCEPT:
            link_found = _sentence_naming(link, name)
            return Assessment(
                sub_goal=sub_goal.key, verdict=Verdict.SUFFICIENT,
                claims=[_claim(link_found), _claim(found)],
                reason=f"{entity} leads to {name}, whose passage states the asked fact.",
            )  # fmt: skip
    missing = [t for t in terms if t not in SOFT] or terms
    follow_ups = [
        FollowUp(text=f"{name} {' '.join(missing)}".strip(), entity=name, suggested_by=sid)
        for name, sid in bridges[:3]
        if f"{name} {' '.join(missing)}".strip().lower() not in searched_norm
    ][:2]
    if not follow_ups:
        focused = f'"{entity}" {" ".join(missing)}'.strip()
        if focused.lower() not in searched_norm and len(searched) < 3:
            follow_ups = [FollowUp(text=focused, entity=entity)]
    verdict = Verdict.INSUFFICIENT if follow_ups else Verdict.UNANSWERABLE
    reason = (
        f"Passages name {entity} but none states {' '.join(missing) or 'the asked fact'}"
        + ("; following up on names they mention." if follow_ups else "; searches exhausted.")
    )
    return Assessment(
        sub_goal=sub_goal.key, verdict=verdict, missing=missing, follow_ups=follow_ups,
        reason=reason,
    )  # fmt: skip


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
