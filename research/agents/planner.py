"""Deterministic goal decomposition: numbered parts, questions, enumerations, comparisons."""

from __future__ import annotations

import re
from itertools import pairwise

from research.agents.dates import MONTHS
from research.agents.lexicon import common_words
from research.agents.plan_facts import asked_facts
from research.agents.plan_lists import Item, as_question, enumerated, per_year
from research.agents.plan_parts import split_parts
from research.agents.questions import is_demonym
from research.agents.shared import asks_shared
from research.agents.text import (
    NAME,
    QUESTION_WORDS,
    STOPWORDS,
    clean_name,
    content_terms,
    names,
    qualifiers_of_others,
    query_words,
    stem,
    words,
)
from research.contracts import Plan, SubGoal

_COMPARE = re.compile(
    r"\b(compare|comparison|versus|vs\.?|which (?:one|of)|which\b.*\bor\b|both|same|"
    r"more|less|larger|smaller|higher|lower|older|younger|earlier|later|first|taller|longer|"
    r"earliest|oldest|youngest|newest|"
    r"bigger|greater|fewer|each other|one another)\b",
    re.IGNORECASE,
)
_COUNT_BOUND = re.compile(
    r"\b(?:more|less|fewer)\s+than\s+(?:\d|a\s+(?:dozen|hundred|thousand|million))", re.I
)
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
# Months and spans of them ("June-August") are capitalised but never what a part is about.
_CALENDAR = re.compile(rf"{_MONTH}(?:\s*[-–]\s*{_MONTH})?(?:\s+\d{{4}})?")
_CHOICE = re.compile(r"\s*(?:which|who|what)\b", re.IGNORECASE)
# "each" asks the same of every name; "each other" relates them, a comparison of the two.
_EACH = re.compile(r"\b(each(?!\s+other)|every|respectively|for all|individually)\b", re.IGNORECASE)


# Between listed names: a comma or conjunction, and a repeated preposition ("at A, at B").
# A slash between spaces lists too ("bands A / B / C"); inside an identifier it does not.
_GAP = re.compile(
    r"\s*(,|,?\s+and|,?\s+or|;|&|(?<=\s)/)\s*(?:(?:at|in|of|for|on|from)\s+)?(?:the\s+)?"
)
_PAREN = re.compile(r"\s*\([^()]{1,80}\)")
# "When did A, B and C open?": after an auxiliary, the words closing the list are the verb
# every name shares, not the last name's.
_AUXILIARY_BEFORE = re.compile(
    r"\b(?i:did|does|do|was|were|is|are|has|have|had|will|can|could|would)\s+"
    r"(?:[a-z][\w-]*\s+)?$"
)


def _list_span(part: str) -> tuple[int, int, list[tuple[str, str]]] | None:
    """A run of >=2 names joined by commas / 'and' / 'or': (start, end, [(entity, label)]).

    The label keeps what qualifies an item: "Skarvik Bank (2023)", "the HALICE-22 drill site".
    """
    best: tuple[int, int, list[tuple[str, str]]] | None = None
    # an alias in brackets ("Ferncastle (site FC-4)") qualifies the name before it
    asides = [m.span() for m in _PAREN.finditer(part)]
    found = [
        (m.start(), m.end(), m.group(0))
        for m in NAME.finditer(part)
        if not any(a <= m.start() < b for a, b in asides)
    ]
    i = 0
    while i < len(found):
        items = [(found[i][0], found[i][1], found[i][2], "")]
        j = i + 1
        while j < len(found):
            end = items[-1][1]
            paren = _PAREN.match(part, end)
            after = paren.end() if paren else end
            gap = part[after : found[j][0]]
            kind = _kind_between(part, gap, found[j][1]) if not paren else ""
            if _GAP.fullmatch(gap[len(kind) :]):
                s0, e0, name, _ = items[-1]
                items[-1] = (s0, e0, name, paren.group(0) if paren else kind)
                items.append((found[j][0], found[j][1], found[j][2], ""))
                j += 1
            else:
                break
        if len(items) >= 2 and (best is None or len(items) > len(best[2])):
            end = items[-1][1]
            pairs = [(clean_name(t), clean_name(t) + q) for _, _, t, q in items]
            paren = _PAREN.match(part, end)
            # "A, B and the C drill site": lower-case words closing the list belong to its last item
            tail = re.match(
                r"\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})(?=\s*(?:[,.;?]|$))", part[end:]
            )
            kind = _last_kind(part[end:], items[-2][3])
            if paren:
                pairs[-1] = (pairs[-1][0], pairs[-1][1] + paren.group(0))
                end = paren.end()
            elif kind:
                pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]} {kind.group(1)}")
                end += kind.end()
            elif (
                tail
                and tail.group(1).split()[0] not in STOPWORDS
                and not _EACH.match(tail.group(1))
                and not _AUXILIARY_BEFORE.search(part[: items[0][0]])
            ):
                pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]} {tail.group(1)}")
                end += tail.end()
            # "Were A, B and C built ...": the list starts where its first name does
            start = items[0][0] + max(items[0][2].find(pairs[0][0]), 0)
            best = (start, end, pairs)
        i = j if j > i + 1 else i + 1
    return best


def _last_kind(after: str, kind_before: str) -> re.Match[str] | None:
    """The last name's own kind, of the head noun the name before it has ("... and the
    Corbel booster station"), else None."""
    if not kind_before.strip() or kind_before.lstrip().startswith("("):
        return None
    head = re.escape(kind_before.split()[-1])
    return re.match(rf"\s+((?:[a-z][\w-]*\s+)?{head})\b", after)


_KIND_AFTER = re.compile(r"\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?(?=,|\s+(?:and|or)\s)")


def _kind_between(part: str, gap: str, next_end: int) -> str:
    """ "the Halden lease and the Corbel lease", "the Halden pumping station and the Corbel
    booster station": the kind after the first name, when the next name is followed by the
    same kind or one of the same head noun; it belongs to the first item ("Halden lease")."""
    kind = _KIND_AFTER.match(gap)
    if not kind or kind.group(0).split()[0] in STOPWORDS:
        return ""
    if part.startswith(kind.group(0), next_end):
        return kind.group(0)
    head = kind.group(0).split()[-1]
    following = part[next_end:].split()[:2]
    if head in following and not set(following[: following.index(head)]) & STOPWORDS:
        return kind.group(0)
    return ""


_TWO = re.compile(r"\b(?:both|either|neither)\b", re.IGNORECASE)
_OF_EACH = re.compile(r"\s(?:and|or)\s+(?:of|at|in|for|on|from)\s")
# "of the A works and the B works": each name its own phrase, so the fact is asked of each
# (a title's names share one: "the film Kiss and Tell").
_BETWEEN = re.compile(r"\bbetween\s+(?:the\s+)?$", re.IGNORECASE)  # one relation of the two
_THE_EACH = re.compile(r"\s(?:and|or)\s+(?:(?:of|at|in|for|on|from)\s+)?the\s")


def _two_named(
    part: str, span: tuple[int, int, list[tuple[str, str]]] | None
) -> tuple[int, int, list[tuple[str, str]]] | None:
    """ "Are Milk Lake, Taiwan and Larnaca Salt Lake both in Asia?": "both" asks of two, so of
    three names the two a bare comma joins are one ("Milk Lake, Taiwan")."""
    if not span or len(span[2]) != 3 or not _TWO.search(part):
        return span
    (first, label), (second, _), last = span[2]
    if f"{label}, {second}" not in part[span[0] : span[1]]:
        return span
    joined = f"{first}, {second}"
    return span[0], span[1], [(joined, f"{label}, {second}"), last]


_ANSWER_WITHIN = re.compile(
    r"\b(?:[Ww]hich|[Ww]hat)\s+(?:[a-z]+\s+){0,2}(?:city|town|village|county|region|state|"
    r"country|province|district|area|part)\s+(?:in|of|within)\s+(?:the\s+)?"
    r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
)


_DOER = re.compile(r"^\s*(?:[Ww]hich|[Ww]hat)\b[^?]*?\b(?:did|does|do)\s+(?:the\s+)?([A-Z][^?]*)")


def main_entity(part: str) -> str:
    """The most specific name in `part` (its subject), or its first content words."""
    candidates = [
        n for n in names(part) if n.lower() not in {"i", "a"} and not _CALENDAR.fullmatch(n)
    ]
    # "this South Asian island country ... for which Ahmed Abdulla plays": a demonym
    # describes, the name is the way in.
    named = [n for n in candidates if not _descriptive(n)]
    if candidates and not named and (described := _described(part, candidates[0])):
        return described  # "the 1935 American crime drama film, which ...": no name, a kind
    candidates = _as_identifiers(part, _with_joint_names(part, named or candidates))
    # "Highest weekly mean ...": a word capitalised only because it opens the part names nothing
    opener = part.split(maxsplit=1)[0] if part.strip() else ""
    if opener.lower() in STOPWORDS:  # "Between 1 March and ...": a day, no name
        candidates = [n for n in candidates if not re.fullmatch(rf"{re.escape(opener)} \d+", n)]
    if opener.lower() in common_words():  # "Regarding the Kelden pump ...": Kelden
        candidates = [_without_opener(n, opener) for n in candidates]
    others = [n for n in candidates if n and n != opener]
    if others or opener.lower() in common_words():
        candidates = others
    # "From which city in Oklahoma is the singer of ...": where the answer lies, not the subject.
    within = {m.group(1) for m in _ANSWER_WITHIN.finditer(part)}
    candidates = [n for n in candidates if n not in within] or candidates
    if not candidates and (described := _described_subject(part)):
        return described  # "what is the standing charge for metered households": no name
    if not candidates:
        # "what was harlow fen's output": the words a possessive closes name the subject
        owner = re.search(r"((?:[\w-]+\s+){0,3}[\w-]+)['’]s\b", part)
        said = [w for w in (owner.group(1).split() if owner else []) if w.lower() not in _FRAME]
        skip = _FRAME | {opener.lower()} if opener.lower() in common_words() else _FRAME
        terms = [w for w in dict.fromkeys(words(part)) if w not in skip and len(w) > 1]
        return " ".join(said) if said else " ".join(terms[:3])
    # "Which ground force of the Austro-Hungarian Monarchy did Jan Romer join?": the name the
    # question's verb is asked of.
    doer = _DOER.search(part)
    if doer and (named := [n for n in candidates if doer.group(1).startswith(n)]):
        return named[0]
    # The subject usually comes first ("C.J. Hunter ... at the 2000 Summer Olympic Games");
    # a multi-word name is more specific than a single capitalised word.
    multi = [n for n in candidates if len(n.split()) > 1]
    return (multi or candidates)[0]


_FRAME = STOPWORDS | QUESTION_WORDS

# "What was the standing charge for metered households in 2023-24?": the fact, then what it
# is of, up to a time, a place or the end.
_FACT_OF = re.compile(
    r"^\s*(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:[a-z][\w-]*\s+){1,3}?(?:for|of)\s+"
    r"(?:the\s+|a\s+|an\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?=\s+(?:in|during|on|at|from|before|after|between|by|under|with|to)\b|\s*[?.,;]?\s*$)",
    re.IGNORECASE,
)


def _described_subject(part: str) -> str:
    """What a part without a name asks its fact of, in its own words ("metered households"),
    or ""."""
    found = _FACT_OF.match(part)
    return found.group(1) if found else ""


def _without_opener(name: str, opener: str) -> str:
    """A name the part's opening word and an article were read into ("Regarding the Kelden"),
    without them; a name that only starts with a common word ("Ivo Lask") is kept whole."""
    # an instruction's verb ("State Harlow Fen's output") needs no article to be no name
    optional = "?" if opener.lower() in QUESTION_WORDS else ""
    found = re.match(
        rf"{re.escape(opener)}\s+(?:(?:the|a|an)\s+){optional}(\S.*)$", name, re.IGNORECASE
    )
    return found.group(1) if found else name


_TOKEN = re.compile(r"[^\s,;:?()\"“”]+")


def _as_identifiers(part: str, candidates: list[str]) -> list[str]:
    """Identifiers whole: a name cut inside "WEA/TV/027/0193" or "PO-2031-0044" is the
    identifier itself (letters and digits joined by hyphens or slashes)."""
    idents = [
        t.strip(".")
        for t in _TOKEN.findall(part)
        if re.search(r"[A-Za-z]", t) and re.search(r"\d", t)
    ]
    out = []
    for name in candidates:
        last = name.split()[-1]
        whole = next((i for i in idents if last != i and last in i and i.startswith(last)), None)
        out.append(whole or name)
    return out


def _with_joint_names(part: str, candidates: list[str]) -> list[str]:
    """ "the Smith and Wesson Trust" is one name, not "Smith" and "Wesson Trust"."""
    for first, rest, whole in _joint_names(part):
        candidates = [whole if n == rest else n for n in candidates if n != first]
    return candidates


_DIRECTIONS = frozenset("north south east west northern southern eastern western central".split())


def _described(part: str, demonym: str) -> str:
    """The description a demonym opens ("1935 american crime drama film"), lower-cased: the
    subject of a question that names none, read as its words (two or more after it)."""
    said = re.search(rf"(\b\d{{4}}\s+)?\b{re.escape(demonym)}((?:\s+[a-z][a-z-]*){{1,4}})", part)
    if not said:
        return ""
    kind = []
    for w in said.group(2).split():
        if w in STOPWORDS:
            break
        kind.append(w)
    lead = (said.group(1) or "").split()
    return " ".join([*lead, demonym.lower(), *kind]) if len(kind) >= 2 else ""


def _descriptive(name: str) -> bool:
    """ "American", "South Asian", "Japanese-American": where from, not who."""
    parts = re.split(r"[\s-]+", name)
    return all(is_demonym(p) or p.lower() in _DIRECTIONS for p in parts) and any(
        is_demonym(p) for p in parts
    )


def _query(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip(" ?.")


def _coined(word: str) -> bool:
    """A one-word name that is no ordinary word: "EduCorp", "NBA"."""
    return bool(re.fullmatch(r"[A-Z][a-z]+[A-Z]\w*|[A-Z]{2,}[a-z]?", word))


def _distinct_names(part: str) -> list[str]:
    """Multi-word names of a part, none inside another: the entities a comparison is about."""
    found = [
        n
        for n in names(part)
        if (len(words(n)) > 1 or _coined(n)) and not re.fullmatch(r"[\d\s,.-]+", n)
    ]
    return [n for n in found if not any(n != o and n.lower() in o.lower() for o in found)][:4]


_ASKED_OF_TWO = re.compile(r"\b(?:compare|comparison|versus|vs\.?|than|both|same|or)\b", re.I)


def _explicit(part: str, is_compare: bool) -> bool:
    """A comparative asks to compare two names only when the part says so ("... or ...",
    "than", "both"): "the first season under which coach ... the Denver Broncos" compares
    nothing."""
    return is_compare and bool(_ASKED_OF_TWO.search(part))


def _joined(part: str) -> bool:
    """Two names joined by "and"/"or" ("of X in 2018 and Y in 2020"): the same fact is
    asked of each, so each is searched and judged on its own, as in a comparison. The "and"
    must join the names, not words between them ("X's updates, including training staff
    and new OSHA rules": OSHA qualifies the rules)."""
    found = _distinct_names(part)
    if len(found) < 2:
        return False
    first_end = part.find(found[0]) + len(found[0])
    second_start = part.find(found[1], first_end)
    between = part[first_end:second_start]
    return second_start > 0 and bool(re.search(r"\b(?:and|or)\s+(?:the\s+)?$", between))


def _shared_pair(part: str) -> list[str]:
    """ "What do At the Drive-In and Muse have in common?": the two names an "and" joins,
    though one is a single word, when the part asks what they share."""
    if not asks_shared(part):
        return []
    found = [n for n in names(part) if not _descriptive(n) and not _CALENDAR.fullmatch(n)]
    for first, second in pairwise(found):
        end = part.find(first) + len(first)
        if re.fullmatch(r"\s+(?:and|&)\s+(?:the\s+)?", part[end : part.find(second, end)]):
            return [first, second]
    return []


def _stems_of(part: str, entity: str, items: list[str]) -> set[str]:
    return {stem(w) for w in qualifiers_of_others(part, entity, items)}


def _opening_lowered(part: str) -> str:
    """ "Output of A and B": an ordinary word opening a request is no name's first word,
    though capitalised. Same length as `part`, so offsets found in it hold in `part`."""
    first = re.match(r"([A-Z][a-z]+)(?=\s+[a-z])", part)
    if first and first.group(1).lower() in common_words():
        return part[0].lower() + part[1:]
    return part


# "the Smith and Wesson Trust": after "the", a lone word joined by "and" to a longer name is
# the first word of one name, not a listed entity.
_JOINT = re.compile(r"\bthe\s+([A-Z][\w'’-]*)\s+(?:and|&)\s+([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+)")


def _joint_names(part: str) -> list[tuple[str, str, str]]:
    """(first word, rest, whole name) of each name that holds an "and"."""
    return [(m.group(1), m.group(2), m.group(0)[4:].strip()) for m in _JOINT.finditer(part)]


Span = tuple[int, int, list[Item]]


def _one_name(part: str, span: Span | None) -> Span | None:
    """Two names joined by "and" that are one: "the Smith and Wesson Trust", or a capitalised
    compound qualifying a noun ("the Research and Development budget of X")."""
    if not span or len(span[2]) != 2:
        return span
    (first, first_label), (second, label) = span[2]
    if any(a == first and second.startswith(b) for a, b, _ in _joint_names(part)):
        return None
    follows = re.match(r"\s+([a-z][\w-]*)", part[span[1] :])
    noun = follows.group(1) if follows else ""
    modifies = bool(re.search(r"\bthe\s+$", part[: span[0]])) and noun not in STOPWORDS
    # "the Quillmoor pumping station and the Ashcombe booster station": a kind of its own
    # after the first name says each is a name
    compound = label == second and first_label == first
    return None if compound and noun and modifies and not noun.endswith("s") else span


def plan_goal(goal: str) -> Plan:
    """One sub-goal per part; enumerations become one per entity; comparisons keep both."""
    sub_goals: list[SubGoal] = []

    def add(text: str, entity: str) -> None:
        entity = _bare_entity(entity)
        if not entity or _CALENDAR.fullmatch(entity):  # "in May, June and July": a time, no one
            entity = main_entity(text)
        for asked in per_year(text):  # "in 2021 and in 2022": one part per year
            sub_goals.append(_sub_goal(len(sub_goals) + 1, asked, entity))

    for part in (fact for piece in split_parts(goal) for fact in asked_facts(piece)):
        span = _one_name(part, _two_named(part, _list_span(_opening_lowered(part))))
        distinct, pair = _distinct_names(part), _shared_pair(part)
        # "has had more than 30 singles" counts; it compares nothing.
        is_compare = bool(_COMPARE.search(_COUNT_BOUND.sub(" ", part))) and not _EACH.search(part)
        # "Which city is under A, B or C?": one question choosing among the names.
        choice = bool(
            span and _CHOICE.match(part) and re.search(r"\bor\b", part[span[0] : span[1]])
        )
        if (
            span
            and not choice
            and (len(span[2]) >= 3 or not is_compare)
            # two names: split when asked of each ("of A and of B" too), or when the part
            # requests no single answer
            and not _BETWEEN.search(part[: span[0]])
            and (
                len(span[2]) >= 3
                or _EACH.search(part)
                or _OF_EACH.search(part, span[0], span[1])
                or _THE_EACH.search(part, span[0], span[1])
                or not part.endswith("?")
            )
        ):
            for text, entity in enumerated(part, *span):
                add(text, entity)
        elif (
            (span and (is_compare or choice))
            or ((_explicit(part, is_compare) or _joined(part)) and len(distinct) >= 2)
            or pair
        ):
            if span:
                items = [entity for entity, _ in span[2]]
            else:  # the named entities, or the pair of which the part asks what they share
                items = distinct if len(distinct) >= 2 else pair
            sg = _sub_goal(len(sub_goals) + 1, part, " and ".join(items))
            skip = {stem(w) for w in words(" ".join(items))}
            queries = [
                _query(f"{i} {query_words(part, skip=skip | _stems_of(part, i, items))}")
                for i in items
            ]
            sub_goals.append(sg.model_copy(update={"compare": items, "queries": queries}))
        else:
            part = as_question(part) if part[:1].islower() else part  # "output of A": a question
            add(part, main_entity(part))
    rationale = (
        "single question kept whole"
        if len(sub_goals) == 1
        else f"{len(sub_goals)} parts found in the goal"
    )
    return Plan(sub_goals=sub_goals, rationale=rationale)


def _bare_entity(entity: str) -> str:
    """An entity as a name: without a possessive ("PX-12's"), a closing comma or colon, or
    the small words a list read into it ("for Orla Works")."""
    parts = re.sub(r"['’]s$|[,;:]+$", "", entity.strip()).split()
    while len(parts) > 1 and parts[0] in STOPWORDS:
        parts.pop(0)
    return " ".join(parts)


def _sub_goal(n: int, text: str, entity: str) -> SubGoal:
    facts = content_terms(text, exclude=words(entity))
    return SubGoal(
        key=f"sg-{n}",
        text=text.strip(),
        entity=entity,
        facts_needed=[" ".join(facts)] if facts else [],
        corpus_ids=[],
        route_reason="",
        queries=[_query(text)],
    )
