"""Parts that compare or choose between entities: each side judged alone (evidence.py), then
what the sides' sentences settle together: which one, which is earlier or larger, whether both
are X, what they share. A choice the sentences do not settle is answered only in part."""

from __future__ import annotations

import re

from research.agents.answers import _claim, coverage
from research.agents.conclusions import (
    both_conclusion,
    contrary_conclusion,
    count_conclusion,
    date_conclusion,
    figure_conclusion,
)
from research.agents.passages import definition, titled_definition
from research.agents.questions import (
    FRAME,
    MEASURES,
    SOFT,
    answer_nouns,
    answer_type,
    without_source,
)
from research.agents.shared import (
    asks_in_common,
    asks_kind,
    asks_shared,
    shared_answer,
    shared_kind,
    shared_member,
    shared_phrase,
)
from research.agents.text import content_terms, mentions, names, speaks_of, words
from research.agents.unasked import kind_of_both
from research.contracts import Assessment, Claim, Snippet, SubGoal, Verdict


def compared_by(question: str) -> str:
    """What each compared entity needs: a date for "earlier", a number for a measure, a count
    for "more members"."""
    if re.search(
        r"\b(?:earlier|later|earliest|latest|first|sooner|before|after|older|younger|oldest"
        r"|youngest|newer|newest)\b|\b(?:been around|existed|in existence)\b[^?]*\blonger\b",
        question,
    ):
        return "date"
    if _COUNT.search(question):  # "more members": a figure, or the names a sentence lists
        return "count"
    if _SIZED.search(question):  # "larger battery"
        return "number"
    return "number" if set(content_terms(question)) & MEASURES else "any"


# "more members", "the most studio albums": a plural noun counted ("more dangerous" is no count)
_COUNT = re.compile(
    r"\b(?:more|most|fewer|fewest)\s+(?:[a-z-]+\s+){0,2}?"
    r"(?:people|children|men|women|[a-z-]+(?<![sui])s)\b",
    re.IGNORECASE,
)


# "the larger usable battery", "has thinned more": a size or an amount of each
_SIZED = re.compile(
    r"\b(?:higher|larger|greater|bigger|lower|smaller|highest|largest|greatest|biggest|lowest"
    r"|smallest)\s+[a-z-]+|\b[a-z]+ed\s+(?:the\s+)?(?:more|most|less|least)\b",
    re.IGNORECASE,
)


def _asks_choice(text: str) -> bool:
    """ "Are A and B both X?", "Who is older, A or B?": the answer is a conclusion drawn from
    both sides' sentences, not the sentences themselves."""
    question = without_source(text)
    if answer_type(question) == "yesno":
        return True
    asks = re.search(r"(?:^|[.?!]\s+)(?:which|who)\b", question.strip(), re.I)
    return bool(asks) and compared_by(question) != "any"


def _one_of(sub_goal: SubGoal, entities: list[str], parts: list[Assessment]) -> bool:
    """ "Which singer is also a comic book writer, A or B?" asks which one: it is answered when
    one of them states the fact and the sources speak of the other without stating it. An
    entity no source names leaves the choice open (it may be the one)."""
    question = without_source(sub_goal.text)
    if not re.search(r"\bor\b", question) or compared_by(question) != "any":
        return False
    if answer_type(question) not in ("any", "name"):
        return False
    found = [p.verdict == Verdict.SUFFICIENT for p in parts]
    unnamed = [f"any passage naming {e}" in p.missing for e, p in zip(entities, parts, strict=True)]
    return any(found) and not all(found) and not any(unnamed)


def _settled(sub_goal: SubGoal, entities: list[str], parts: list[Assessment]) -> Claim | None:
    """ "Which was formed first, A or B?": the one whose quoted date is earlier; "which had
    the higher income?": the one whose quoted figure is; "Are A and B both X?": yes, when each
    one's own sentence states it. Said outright, both cited."""
    question = without_source(sub_goal.text)
    if not all(p.verdict == Verdict.SUFFICIENT and p.claims for p in parts):
        return None
    firsts = [p.claims[0] for p in parts]
    if answer_type(question) == "yesno":  # "Are A and B both X?": stated whole of each, yes
        asked = content_terms(question, exclude=words(" ".join(entities)))
        kind = kind_of_both(question)  # "have tennis players A and B both won"
        asked = [t for t in asked if t not in FRAME and t not in SOFT and t not in kind] or asked
        whole = all(coverage(asked, c.citations[0].quote) >= 1 for c in firsts)
        return both_conclusion(question, entities, firsts) if whole else None
    quoted = [c.citations[0].quote for c in firsts]
    by = compared_by(question)
    conclusions = {"date": date_conclusion, "number": figure_conclusion, "count": count_conclusion}
    conclude = conclusions.get(by)
    return (
        conclude(question, entities, firsts, quoted, content_terms(question)) if conclude else None
    )


_SHARING = ["both", "common", "share", "shared"]  # how it is asked, not what is shared


def shared_claims(sub_goal: SubGoal, entities: list[str], snippets: list[Snippet]) -> list[Claim]:
    """ "Who plays in both A and B?": the name every side's passages give (see shared.py)."""
    question = without_source(sub_goal.text)
    if not asks_shared(question) or answer_type(question) not in ("name", "any"):
        return []
    if asks_kind(question):  # "what kind of group": what each one is, not a name both give
        return shared_kind(entities, snippets) or shared_member(entities, question, snippets)
    if compared_by(question) != "any":
        return []
    terms = content_terms(question, exclude=words(" ".join(entities)) + _SHARING)
    terms = [t for t in terms if t not in FRAME and t not in SOFT]
    kinds = answer_nouns(question, whole=True)
    terms = [t for t in terms if t not in kinds] or terms  # "which gaming console": its kind
    named = shared_answer(entities, terms, kinds, tuple(names(question)), snippets)
    if named or not asks_in_common(question):
        return named
    return shared_phrase(entities, question, snippets)


def _chosen(entities: list[str], parts: list[Assessment]) -> Claim:
    """The choice said outright, cited by the chosen one's sentence."""
    won = next(i for i, p in enumerate(parts) if p.verdict == Verdict.SUFFICIENT)
    rest = " or ".join(e for i, e in enumerate(entities) if i != won)
    return Claim(
        text=f"{entities[won]}: the sources state it of {entities[won]}, not of {rest}.",
        citations=parts[won].claims[0].citations,
    )


def _the_other(
    entities: list[str], parts: list[Assessment], snippets: list[Snippet]
) -> list[Claim]:
    """ "Which goalkeeper was nicknamed X, A or B?" answered by A's sentence: what B's own
    passage says B is, so the reader sees the choice was made between the two."""
    out = []
    for entity, part in zip(entities, parts, strict=True):
        if part.verdict == Verdict.SUFFICIENT:
            continue
        own = [s for s in snippets if speaks_of(s.title, s.text, entity)]
        if defined := titled_definition(entity, snippets) or definition(entity, own):
            out.append(_claim(defined))
    return out


def article_titled(entity: str, snippets: list[Snippet], question: str = "") -> str:
    """ "Which band, A Silent Film or The Frames": a name read without its leading article is
    the whole title of a retrieved document that has one ("A Silent Film", not any silent film);
    one read short of the lower-case words that go on with it in the question ("Thorn" of "The
    Thorn in the Heart") is the title the question gives whole."""
    whole = {f"{a} {entity}".lower() for a in ("a", "an", "the")}
    if titled := next((s.title for s in snippets if s.title.lower() in whole), None):
        return titled
    lead = re.compile(rf"(?:(?:a|an|the)\s+)?{re.escape(entity)}\s+[a-z]", re.IGNORECASE)
    asked = " ".join(question.split()).lower()
    longer = [
        head
        for s in snippets
        if lead.match(head := s.title.split(" (")[0].strip()) and head.lower() in asked
    ]
    return max(longer, key=len, default=entity)


def _about(entity: str, claim: Claim) -> Claim:
    """A side's claim says whose it is ("Urban Mart: The operating income for 2020 was ..."):
    under a heading naming both, "the company" is neither."""
    if mentions(claim.text, entity):
        return claim
    return claim.model_copy(update={"text": f"{entity}: {claim.text}"})


def combine(
    sub_goal: SubGoal, entities: list[str], parts: list[Assessment], snippets: list[Snippet]
) -> Assessment:
    """One verdict from each compared entity's: sufficient only when every side has evidence,
    a choice ("which singer, A or B, ...") when one has it (see `_one_of`)."""
    order = [Verdict.INSUFFICIENT, Verdict.UNANSWERABLE, Verdict.IRRELEVANT, Verdict.SUFFICIENT]
    verdict = min((p.verdict for p in parts), key=order.index)
    # One sentence may state the fact of both ("New Zealand's Julia Child"): quoted once.
    labelled = [_about(e, c) for e, p in zip(entities, parts, strict=True) for c in p.claims]
    quoted: set[tuple[str, ...]] = set()
    claims = []
    for claim in labelled:
        if (key := tuple(q.quote for q in claim.citations)) not in quoted:
            quoted.add(key)
            claims.append(claim)
    if _one_of(sub_goal, entities, parts):
        verdict = Verdict.SUFFICIENT
        claims = [_chosen(entities, parts), *claims, *_the_other(entities, parts, snippets)]
    missing = [m for p in parts for m in p.missing]
    if verdict == Verdict.SUFFICIENT and (settled := _settled(sub_goal, entities, parts)):
        claims.insert(0, settled)
    elif contrary := contrary_conclusion(
        without_source(sub_goal.text), entities, [titled_definition(e, snippets) for e in entities]
    ):
        verdict = Verdict.SUFFICIENT
        claims = [contrary, *claims]
    elif verdict == Verdict.SUFFICIENT and _asks_choice(sub_goal.text):
        # each side's sentence is quoted, but they do not settle it: answered only in part
        missing.append(
            f"the answer for {' and '.join(entities)}: the quoted sentences do not settle it"
        )
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=verdict,
        claims=claims,
        missing=missing,
        follow_ups=[f for p in parts for f in p.follow_ups],
        reason=" ".join(f"{e}: {p.reason}" for e, p in zip(entities, parts, strict=True)),
    )
