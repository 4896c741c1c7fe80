"""Which names in an entity's passages may be bridges, best first: names the question does not
give, those a retrieved document is titled by or that state a question word themselves first,
then the ones nearest the asked relation (see bridges.py for following them)."""

from __future__ import annotations

import re

from research.agents.answers import _stems, _weights, covers
from research.agents.lexicon import common_words
from research.agents.questions import is_demonym
from research.agents.text import (
    NAME,
    STOPWORDS,
    clean_name,
    line_around,
    lower_case_words,
    mentions,
    names,
    normalize,
    sentences,
    stem,
    title_head,
    words,
)
from research.contracts import Snippet

# Bridge candidates offered per assessment, best first; the loop searches two at a time,
# those that some document of the corpus is titled by first. More only spent budget.
MAX_BRIDGES = 3


def _as_name(name: str, lower_case: set[str], opening: bool, titles: set[str]) -> str | None:
    """The name as a bridge, or None for ordinary words capitalised by position.

    A single capitalised word also written in lower case is an ordinary word, unless a
    retrieved document is titled by it ("the steroid Nandrolone", "nandrolone decanoate"), and
    so is one opening a sentence that the lexicon knows ("Progress was fastest"); a word
    opening a multi-word name that way is dropped ("Every E5" -> "E5") unless the whole name
    titles a retrieved document ("Spy Hunter", though "spy" is written in lower case).
    """
    parts = name.split()
    if opening and len(parts) > 1 and parts[0].lower() in lower_case and name.lower() not in titles:
        parts = parts[1:]  # but "Spy Hunter is a game ...", a retrieved document's title, stays
    if len(parts) > 1:
        return " ".join(parts)
    word = parts[0]
    if re.fullmatch(r"[\d.,%s]+", word) or len(word) < 3:
        return None
    if any(ch.isdigit() for ch in word) or word.isupper():
        return word
    lowered = word.lower()
    if lowered in titles:
        return word
    if lowered in lower_case or (opening and lowered in common_words()) or is_demonym(word):
        return None
    return word


def bridges(
    entity: str, question: str, link_snips: list[Snippet], terms: list[str], pool: list[Snippet]
) -> list[tuple[str, int]]:
    """Names in the entity's snippets that the question does not name: (name, snippet id)."""
    asked = [n.lower() for n in names(question)] + [entity.lower()]
    lower_case = set().union(*(lower_case_words(s.text) for s in pool))
    weights = _weights(terms)
    ranked: list[tuple[bool, bool, bool, float, int, int, int, str, int]] = []
    headers = repeated_lines(pool)
    titles = {title_head(s.title) for s in pool}
    bare_titles = {_bare(t) for t in titles}
    for snip in link_snips:
        # The entity's own document names its makers, places and parts; another that names
        # the entity in passing ("best known for Beetlejuice") speaks of something else.
        elsewhere = title_head(snip.title) != entity.lower()
        for order, (start, end) in enumerate(sentences(snip.text)):
            sentence = snip.text[start:end]
            line_start, line_end = line_around(snip.text, start)
            if snip.text[line_start:line_end].strip() in headers:
                continue
            stems = _stems(sentence)
            quoted = [m.span(1) for m in re.finditer(r"[\"“]([^\"”]{2,80})[\"”]", sentence)]
            relevance = sum(w for t, w in weights.items() if covers(t, stems))
            opening = sentence.lstrip("#|*-> \t")
            anchors = term_offsets(sentence, [t for t in weights if covers(t, stems)])
            candidates = [(p, n) for w in names(sentence) for p, n in _with_parts(w)]
            for part, found in (
                _titled_names(sentence, titles)
                + candidates
                + [(True, c) for c in concepts(sentence, titles - {entity.lower()})]
            ):
                opens = opening.startswith(found)
                name = found if found.islower() else _as_name(found, lower_case, opens, titles)
                # A name the question gives is a bridge only when it has its own document:
                # "X met at Ye Olde Cheshire Cheese, listed as what type of house?"
                if not name:
                    continue
                given = name.lower() in asked
                if given and (name.lower() == entity.lower() or _bare(name) not in bare_titles):
                    continue
                # The entity again ("Kenan & Kel sitcom"), not a title sharing one of its
                # words ("19 Kids and Counting" beside "Counting On").
                if mentions(entity, name) or normalize(entity) in normalize(name):
                    continue
                at = sentence.find(name)
                # "Home" of "Letters from Home" is a title's word; "Ivo Lask" of "The Case of
                # Ivo Lask" may be whom the book is about.
                inquote = any(
                    a <= at and at + len(name) <= b and b - a > len(name) for a, b in quoted
                )
                if inquote and " " not in name:
                    continue
                # A name stating a term itself ("Turbine Works"), not a synonym of it: "Sky
                # Movies" is no nearer "a film based on what novel" than "The Golden Compass".
                inside = _states_itself(name, list(weights))
                outside = [a for a in anchors if not at <= a < at + len(name)]
                near = 0 if inside else min((abs(at - a) for a in outside), default=len(sentence))
                ranked.append(
                    (not given, elsewhere, part, -relevance, order, near, at, name, snip.id)
                )
    ranked.sort()
    seen: set[str] = set()
    out = []
    for *_, name, sid in ranked:
        if name.lower() not in seen:
            seen.add(name.lower())
            out.append((name, sid))
    return out


def same_word(a: str, b: str) -> bool:
    """One word in two forms: "politically"/"political", "leaders"/"leadership"."""
    x, y = stem(a), stem(b)
    return x == y or (min(len(x), len(y)) >= 5 and (x.startswith(y) or y.startswith(x)))


def is_concept(phrase: str, title: str) -> bool:
    """Does the lower-case phrase name the thing a document is titled by, in other forms of
    its words ("too politically correct" for "Political correctness")?"""
    said, titled = phrase.split(), words(title_head(title))
    return len(said) == len(titled) and all(map(same_word, said, titled))


def concepts(sentence: str, titles: set[str]) -> list[str]:
    """Lower-case phrases naming what a retrieved document is titled by: a concept the passage
    uses ("the change was attacked for being too politically correct"), whose own document
    may state what the question asks of it ("the term political correctness is used to
    describe ...")."""
    tokens = re.findall(r"[a-z][a-z'-]*|\S+", sentence)
    found = []
    for title in titles:
        titled = words(title)
        if (
            not titled
            or titled[0][:4] not in sentence
            or any(w in STOPWORDS or not w.isalpha() for w in titled)
        ):
            continue
        for i in range(len(tokens) - len(titled) + 1):
            phrase = " ".join(tokens[i : i + len(titled)])
            if phrase.replace(" ", "").isalpha() and phrase.islower() and is_concept(phrase, title):
                found.append(phrase)
                break
    return found


def _bare(name: str) -> str:
    """A name without its leading article, lower-cased: "The Brass Anchor" -> "brass anchor"."""
    return re.sub(r"^(?:the|a|an)\s+", "", name.lower())


def _states_itself(name: str, terms: list[str]) -> bool:
    """Does the name state a term in its own words ("Norrland Turbine Works" for turbines),
    not through a synonym ("Sky Movies" is no film)?"""
    stems = {stem(w) for w in words(name)}
    return any(
        t in stems or any(len(s) >= 5 and (s.startswith(t) or t.startswith(s)) for s in stems)
        for t in terms
    )


def _titled_names(sentence: str, titles: set[str]) -> list[tuple[bool, str]]:
    """Names a retrieved document is titled by, as written, though `names` would split them
    ("King's College London"), they follow a role ("Congressman J. C. Watts") or go on in
    lower case ("the Northeast megalopolis")."""
    out = []
    for match in NAME.finditer(sentence):
        parts = match.group(0).split()
        for i in range(len(parts) - 1):
            name = clean_name(" ".join(parts[i:]))
            if name.lower() in titles and " " in name:
                out.append((False, name))
                break
    lowered = sentence.lower()
    for title in titles:
        at = lowered.find(title) if " " in title else -1
        if at >= 0 and sentence[at].isupper() and mentions(sentence, title):
            name = sentence[at : at + len(title)]
            if (False, name) not in out:
                out.append((False, name))
    return out


def _with_parts(name: str) -> list[tuple[bool, str]]:
    """A name joined by "of (the)" may be one ("University of the Arts") or two ("Dzūkija
    Alytus of the Lithuanian Basketball League"), and one led by an adjective may be the
    name after it ("Republican Joe Heck"): the whole, and the parts ranked after every whole
    name (True)."""
    parts = re.split(r"\s+of\s+(?:the\s+)?", name)
    if len(parts) == 2 and all(p[:1].isupper() for p in parts):
        return [(False, name), *((True, p) for p in parts)]
    lead, _, rest = name.partition(" ")
    if is_demonym(lead) and " " in rest:
        return [(False, name), (True, rest)]
    return [(False, name)]


# Between two names of a list: a comma or "and", after a note in parentheses ("Mily Balakirev
# (the leader), César Cui").
_LISTED = re.compile(r"\s*(?:\([^()]{0,40}\))?\s*(?:,\s*(?:and\s+)?|and\s+)")


def enumeration(sentence: str, name: str) -> list[str]:
    """The names listed with `name` in the sentence ("starring Tom Hanks, Bruce Dern, Carrie
    Fisher and Rick Ducommun", or titles in quotes: "including "Quartet", "Chef", "Salmon
    Fishing in the Yemen""), in order, when there are three or more; else none. Asked which of
    them is of some kind, one search naming them all finds those with their own documents."""
    quoted = [(m.start(), m.end(), m.group(1).strip(" ,")) for m in _QUOTED.finditer(sentence)]
    for found, gap in ((quoted, _QUOTE_GAP), (_names_at(sentence), _LISTED)):
        run: list[str] = []
        for i, (start, _, raw) in enumerate(found):
            joined = i > 0 and bool(gap.fullmatch(sentence[found[i - 1][1] : start]))
            if not joined:
                if name in run:
                    break
                run = []
            if raw:
                run.append(raw)
        if len(run) >= 3 and name in run:
            return run
    return []


_QUOTED = re.compile(r"[\"“]([^\"“”]{0,80})[\"”]")
_QUOTE_GAP = re.compile(r"\s*,?\s*(?:and\s+)?")  # "Jane Eyre," "In the Loop"


def _names_at(sentence: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), clean_name(m.group(0))) for m in NAME.finditer(sentence)]


def listed(candidates: list[tuple[str, int]], snippets: list[Snippet]) -> list[str]:
    """The list the first of the best-ranked bridges that stands in one is listed in."""
    by_id = {s.id: s for s in snippets}
    for name, sid in candidates[:MAX_BRIDGES]:
        text = by_id[sid].text
        for start, end in sentences(text):
            if mentions(text[start:end], name) and (run := enumeration(text[start:end], name)):
                return run
    return []


def term_offsets(sentence: str, terms: list[str]) -> list[int]:
    """Offsets of the sentence's words that state a question term: of several names in one
    sentence, the one that states a term itself ("Norrland Turbine Works" for the turbines'
    maker) or stands nearest one ("the former CEO of Viglen") is the likelier bridge."""
    return [
        m.start()
        for m in re.finditer(r"[^\W_][\w'’-]*", sentence)
        if any(covers(t, {stem(m.group().lower())}) for t in terms)
    ]


def repeated_lines(pool: list[Snippet]) -> set[str]:
    """Lines found verbatim in three or more documents: headers and footers ("Source: ..."),
    whose names lead nowhere."""
    seen: dict[str, set[int]] = {}
    for snip in pool:
        for line in snip.text.split("\n"):
            if line.strip():
                seen.setdefault(line.strip(), set()).add(snip.document_id)
    return {line for line, docs in seen.items() if len(docs) >= 3}
