"""A goal's parts: numbered or bulleted items, separate questions, coordinated questions.

Each part is later read on its own, so a part must stand alone: a citation instruction is
dropped; what frames a list or a run of questions ("For X in 2022, give: ...", "About the
outage at X: when ..., and how ...?", a sentence setting the scene) is kept in every part it
frames; and a pronoun in a coordinated question without such a frame ("... and how many staff
did it employ?") is replaced by the name the first question asks about.
"""

from __future__ import annotations

import re
from itertools import pairwise

from research.agents.dates import MONTHS
from research.agents.lexicon import common_words
from research.agents.text import QUESTION_WORDS, content_terms, names, words

_NUMBERED = re.compile(r"(?:^|\s)(?:\((\d{1,2}|[a-h]|i{1,3}|iv|vi{0,3}|ix|x)\)|(\d{1,2})[.)])\s+")
_BULLET = re.compile(r"^\s*[-*•]\s+(.+)$")
_PREAMBLE = re.compile(
    r"^(?:please\s+)?(?:answer|address|cover|report on|research)\b[^:]{0,80}:\s*", re.IGNORECASE
)
_CITE = re.compile(
    r"[,;]?\s*(?:and\s+)?(?:please\s+)?(?:cit(?:e|ing)|with)\s+(?:a\s+|one\s+)?"
    r"(?:source|sources|citations?|references?)(?:\s+for\s+(?:each|every)(?:\s+\w+)?)?",
    re.IGNORECASE,
)
_TRAILING_JOIN = re.compile(r"[\s,;]+(?:and|or)(?:\s+also)?\s*$", re.IGNORECASE)


def clean_goal(goal: str) -> str:
    """One line, without the citation instruction (every part is cited anyway)."""
    text = _CITE.sub("", " ".join(goal.split())).strip(" ,;—–-")
    return re.sub(r"\?[\s.,;—–-]+$", "?", text)  # "... of X? Cite a source." -> "... of X?"


def tidy(part: str) -> str:
    """A part without dangling punctuation or a list's last "and"; a question keeps its
    question mark."""
    text = _TRAILING_JOIN.sub("", part.strip(" ;,.?—–-")).strip(" ;,.?—–-")
    return text + ("?" if part.rstrip().endswith("?") else "")


def singular(noun: str) -> str:
    """ "farms" -> "farm", "bases" -> "base", "facilities" -> "facility"."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z)es$", noun):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def split_parts(goal: str) -> list[str]:
    """The goal's parts: numbered or bulleted items, else separate questions, else the whole
    goal; a question coordinating several questions becomes one part each."""
    return [q for part in _items(goal) for q in coordinated(part)]


def _items(goal: str) -> list[str]:
    bullets = _bulleted(goal)
    if bullets:
        return bullets
    text = clean_goal(goal)
    marks = list(_NUMBERED.finditer(text))
    if len(marks) >= 2:
        frame = _list_frame(text[: marks[0].start()])
        parts = [
            tidy(text[m.end() : (marks[i + 1].start() if i + 1 < len(marks) else len(text))])
            for i, m in enumerate(marks)
        ]
        return [_framed(frame, p) for p in parts if p.strip(" ;,.?")]
    text = _PREAMBLE.sub("", text)
    questions = [q.strip() for q in re.findall(r"[^?]+\?", text)]
    if len(questions) >= 2 and sum(len(q) for q in questions) >= 0.8 * len(text):
        return _following(questions)
    return _clauses(text) or _semicolons(text) or _of_clauses(text) or [text]


def _following(questions: list[str]) -> list[str]:
    """Separate questions, each standing alone: one that names nothing ("How many buses does
    it hold?") is asked in the first one's frame ("For the Kelden depot:") or of its subject."""
    frame, separator = _frame(questions[0])[:2]
    if not frame:
        return _asked_of_first(questions)
    out = questions[:1]
    for question in questions[1:]:
        if names(_lowered(question)):
            out.append(question)
        else:
            out.append(f"{frame}{separator}{_lowered(question) if separator != ' ' else question}")
    return out


def _lowered(question: str) -> str:
    """A question without the capital its first word has for opening it."""
    return question[:1].lower() + question[1:]


def _list_frame(lead: str) -> str:
    """What a list's introduction says of every item ("For X in 2022, give:"), or "" when it
    only asks for the list ("Answer the following:")."""
    lead = lead.strip()
    return lead if content_terms(lead) else ""


def _framed(frame: str, item: str) -> str:
    """An item read in its list's frame: "For X in 2022, give: the peak output"."""
    if not frame:
        return item
    if frame.endswith(":"):
        return f"{frame} {item}"
    return f"{frame.rstrip(' ,;')} {item}"


# "each of these pipes", "the following sites": the introduction names its items' kind.
_THESE = re.compile(
    r"\b(?:(?:each|every one|any|all)\s+of\s+)?(?:these|those|the following|the listed)\s+"
    r"([a-z][\w-]*s)\b",
    re.IGNORECASE,
)


def _bulleted(goal: str) -> list[str]:
    """Lines opening with "-", "*" or "•" (two or more): one part each. A line introducing
    them is read into each item when it refers to them ("the weight of each of these cables")
    or ends with a colon after saying something ("For X in 2022, report:"); one that only
    asks for them ("Please answer:") is no part; any other line is a part of its own."""
    lines = [line for line in goal.splitlines() if line.strip()]
    if sum(bool(_BULLET.match(line)) for line in lines) < 2:
        return []
    parts: list[str] = []
    intro = ""
    for line in lines:
        bullet = _BULLET.match(line)
        text = clean_goal(bullet.group(1) if bullet else line)
        if not text:
            continue
        if not bullet:
            intro = text if _THESE.search(text) or text.endswith(":") else ""
            if not intro:
                parts.append(tidy(text))
            continue
        parts.append(_introduced(intro, tidy(text)))
    return parts


def _introduced(intro: str, item: str) -> str:
    these = _THESE.search(intro)
    if these:
        kind = singular(these.group(1))
        named = item if item.lower().endswith((kind, these.group(1).lower())) else f"{item} {kind}"
        return tidy(f"{intro[: these.start()]}the {named}{intro[these.end() :]}")
    return _framed(_list_frame(intro), item)


_INTRO = re.compile(r"^[^:]{3,120}:\s+(?=the\s)", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"\s*(?:;|,\s*(?:and\s+)?(?=the\s))\s*", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    """ "Report the following: the X at A and B, and the Y at C": one part per clause, when
    every clause names something (itself or in the introduction) and asks something of it."""
    intro = _INTRO.match(text)
    if not intro:
        return []
    frame = _list_frame(intro.group(0))
    clauses = [tidy(c) for c in _CLAUSE_BREAK.split(text[intro.end() :]) if c.strip(" .")]
    if len(clauses) < 2:
        return []
    for clause in clauses:
        found = names(f"{frame} {clause}")
        if not found or not content_terms(clause, exclude=words(" ".join(found))):
            return []
    return [_framed(frame, c) for c in clauses]


def _semicolons(text: str) -> list[str]:
    """ "Output of A; operator of B; opening year of C": one part per clause ("output of A"),
    when every clause names something and asks something of it."""
    clauses = [tidy(c) for c in text.split(";") if c.strip(" .")]
    if len(clauses) < 2:
        return []
    out = []
    for clause in clauses:
        opening, _, rest = clause.partition(" ")
        plain = f"{opening.lower()} {rest}" if opening.lower() in common_words() else clause
        found = names(plain)
        if not found or not content_terms(plain, exclude=words(" ".join(found))):
            return []
        out.append(plain)
    return out


_INSTRUCTION = re.compile(
    r"(?P<lead>(?i:(?:please\s+)?(?:give|state|report|list|provide|find|tell me|i need)\s+))"
    r"(?=the\s)"
)
_OF_BREAK = re.compile(r",\s*(?:and\s+)?(?=the\s)|\s+and\s+(?=the\s)")
_OF_NAME = re.compile(r"the\s+[a-z][\w -]*?\s+(?:of|at|for)\s+(?:the\s+)?(?P<name>[A-Z0-9].*)")


def _of_clauses(text: str) -> list[str]:
    """ "Give the capacity of A, the operator of B and the opening year of C": one part per
    clause, when each asks a fact of a name and the names differ (one name's facts are
    plan_facts.py's)."""
    lead = _INSTRUCTION.match(text)
    if not lead:
        return []
    clauses = [tidy(c) for c in _OF_BREAK.split(text[lead.end() :]) if c.strip(" .")]
    found = [_OF_NAME.fullmatch(c) for c in clauses]
    if len(clauses) < 2 or not all(found):
        return []
    if len({m.group("name") for m in found if m}) < len(clauses):
        return []
    return [f"{lead.group('lead')}{c}" for c in clauses]


# A question word, perhaps after a preposition ("on what date", "under which name").
_PREPOSITIONS = r"(?:in|on|at|from|for|by|under|with|to|since|until|during|of)"
_ASKS = rf"(?i:(?:{_PREPOSITIONS}\s+)?(?:what|which|how|when|where|why|who|whom|whose)\b)"
# Inverted word order after the question word ("when was it founded", "how many staff did it
# employ") tells a question from a relative clause ("which was founded in 1990").
_INVERTED = (
    rf"{_ASKS}(?:\s+[\w'’-]+){{0,3}}?\s+"
    r"(?i:did|does|do|was|were|is|are|has|have|had|will|would|can|could)\s+"
    r"(?:(?i:it|its|they|their|he|his|she|her|the)\b|[A-Z0-9])"
)
# "what" and "how" never open a relative clause, so after a comma they open a question
# ("..., how many homes lost supply, and ..."); after "and", neither do "when", "where", "why"
# or "who".
_OPENS = rf"(?i:(?:{_PREPOSITIONS}\s+)?(?:what|how)\b)"
# "which" opens a question after "and" when a noun follows it ("and which law governs it"),
# not a relative clause ("and which was sold", "and which he sold").
_NOT_NOUN = r"(?:was|were|is|are|has|have|had|he|she|it|they|we|i)\b"
_WHICH_NOUN = rf"(?i:which\s+(?!{_NOT_NOUN})[a-z][\w-]*\s)"
_AND_ASKS = rf"(?i:(?:{_PREPOSITIONS}\s+)?(?:what|how|when|where|why|who|whom)\b)|{_WHICH_NOUN}"
# "..., and was it amended?": a yes/no question about what the first one asks of
_YES_NO = r"(?i:was|were|is|are|did|does|do|has|have|had|can|will)\s+(?:it|they|the\s|[A-Z])"
# In a run of questions ending ", and ...?", "who" and "when" after a comma open one too.
_LISTED_ASK = rf"{_AND_ASKS}[^?]*?,\s+and\s"
_JOINS = re.compile(
    rf",\s+(?:and\s+(?:also\s+)?)?(?={_INVERTED}|{_OPENS}|{_LISTED_ASK})"
    rf"|,?\s+and\s+(?:also\s+)?(?={_INVERTED}|{_AND_ASKS}|{_YES_NO})"
    rf"|\s*;\s*(?:and\s+(?:also\s+)?)?(?={_ASKS})",
)
_LAST_JOIN = re.compile(r"\band\s+(?:also\s+)?$")
_PRONOUN = re.compile(r"\b(?:it|they|he|she|him|them)\b", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b(?:its|their|his)\b", re.IGNORECASE)
_ANY_ASK = re.compile(r"\b(?:what|which|how|when|where|why|who|whom|whose)\b", re.IGNORECASE)
# What frames a run of questions: a sentence setting the scene, "About X:", "X —", "From X, ".
_SCENE = re.compile(rf"^(?P<frame>[^?]+?[.!])\s+(?={_ASKS})")
_TOPIC = re.compile(rf"^(?P<frame>[^:?]{{3,200}}?):\s+(?={_ASKS})")
_DASHED = re.compile(rf"^(?P<frame>[^:?—–]{{3,200}}?)\s+[—–]\s+(?={_ASKS})")  # "X — what ..."
_SETTING = re.compile(
    r"^(?P<frame>(?i:in|from|for|about|regarding|concerning|under|using|according to|at|"
    rf"during|within|of|between)\b[^,:?]{{2,160}}),\s+(?={_ASKS})"
)


def _frame(part: str) -> tuple[str, str, str]:
    """(frame, separator, questions): what the part says before its questions begin."""
    for pattern, separator in ((_SCENE, " "), (_TOPIC, ": "), (_DASHED, " — "), (_SETTING, ", ")):
        found = pattern.match(part)
        if not found or _ANY_ASK.search(found.group("frame")):
            continue
        opening = found.group("frame").split(maxsplit=1)[0].lower()
        if separator == " " and opening in QUESTION_WORDS:  # "Compare X and Y.": it asks
            continue
        return found.group("frame"), separator, part[found.end() :]
    return "", "", part


def coordinated(part: str) -> list[str]:
    """ "In which town did X open its works, in what year was it sold, and how many pumps does
    it run?": one question per clause, each naming X (or each in the frame the questions
    follow). Only a list of questions that ends with "and" is read so, which keeps relative
    clauses ("..., which was founded in 1990, ...") whole."""
    frame, separator, questions = _frame(part)
    questions = _instruction_asked(questions)
    if not questions.endswith("?") or not re.match(_ASKS, questions):
        return [part]
    joins = list(_JOINS.finditer(questions))
    # questions run on with a final "and", or each after a semicolon
    listed = joins and (_LAST_JOIN.search(joins[-1].group(0)) or ";" in joins[-1].group(0))
    if not listed:
        return [part]
    bounds = [0, *(j for m in joins for j in (m.start(), m.end())), len(questions)]
    clauses = _completed(
        [tidy(questions[bounds[i] : bounds[i + 1]]) for i in range(0, len(bounds), 2)],
        [m.group(0).strip() == "and" for m in joins],
    )
    if frame:
        clauses = _it_of_the_one_before(clauses)
        # every clause opens with its question word: capitalised after a sentence, else not
        case = str.upper if separator == " " else str.lower
        return [
            f"{frame}{separator}{case(c[0])}{c[1:]}" + ("" if c.endswith("?") else "?")
            for c in clauses
        ]
    return _asked_of_first(clauses)


_IT = re.compile(r"\b(is|was|are|were|did|does|do|has|have|had|will)\s+it\b", re.IGNORECASE)


def _it_of_the_one_before(clauses: list[str]) -> list[str]:
    """In a framed run ("For X: what is the cap, and on what basis does it apply?"), "it" as
    a subject is what the question before asked of ("the cap"); as an object ("which law
    governs it") it is the subject the frame names."""
    out = clauses[:1]
    for before, clause in pairwise(clauses):
        asked = _EVENT.fullmatch(before)
        if asked and _IT.search(clause):
            clause = _IT.sub(rf"\1 {asked['np']}", clause)
        out.append(clause)
    return out


_AND_SAY = re.compile(rf"\s+and\s+(?:(?i:say|state|tell\s+me|give|list)\s+)?(?={_AND_ASKS})")


# "Tell me who ...", "I need to know when ...": questions asked as a request
_EMBEDDING = re.compile(
    r"(?i:(?:please\s+)?(?:tell\s+me|say|find\s+out|(?:i|we)\s+(?:need|want)\s+to\s+know))\s+"
    r"(?=(?i:who|which|what|when|where|why|how)\b)"
)
# "when the lease was signed" asked directly: "when was the lease signed"
_EMBEDDED = re.compile(
    r"(?P<wh>\b(?i:when|where|why|how(?:\s+\w+)?|(?:what|which)\s+\w+))\s+"
    r"(?P<subject>(?i:the)\s[^,?]+?)\s+(?P<aux>was|were|is|are|has|have|had|will)\s+"
)


def _instruction_asked(text: str) -> str:
    """ "Tell me the X of Y and who runs it." as the questions it stands for ("What is the X of
    Y, and who runs it?"), "Tell me when the X was signed and who signed it" as "When was the
    X signed and who signed it?"; any other text as it is."""
    embedding = _EMBEDDING.match(text)
    if embedding:
        body = _EMBEDDED.sub(r"\g<wh> \g<aux> \g<subject> ", text[embedding.end() :])
        return f"{body[:1].upper()}{body[1:].rstrip(' .?')}?"
    instruction = _INSTRUCTION.match(text)
    if not instruction or not _AND_SAY.search(text):
        return text
    rest = _AND_SAY.sub(" and ", text[instruction.end() :]).rstrip(" .?")
    return f"What is {rest}?"


def _asked_of_first(clauses: list[str]) -> list[str]:
    """Questions after the first asked of what it asks about: "what was it in 2022" of its
    thing ("the output of X"), "how many staff did it employ" of its subject."""
    name = next(iter(names(clauses[0])), "")
    subject = _subject_phrase(clauses[0], name)
    asked = _ASKED_THING.match(clauses[0])
    acted_on = _ACTED_ON.fullmatch(clauses[0])
    event = _EVENT.fullmatch(clauses[0])
    out = []
    for clause in clauses:
        again = _ASKED_AGAIN.match(clause)
        fragment = _FRAGMENT.fullmatch(clause)
        if fragment and acted_on and acted_on["verb"].endswith("ed"):
            # "which lab calibrated the X meter, on what date": when was it calibrated
            clause = f"{fragment['ask']} was {acted_on['np']} {acted_on['verb']}"
        elif asked and again and _same_ask(asked.group(0), again.group(1)):
            # "what was the output of X in 2021, and what was it in 2022?"
            clause = f"{again.group(1)} {asked.group('thing')}{again.group(2)}"
        elif subject and not names(_lowered(clause)):
            if _PRONOUN.search(clause) or _POSSESSIVE.search(clause):
                # "what was the main finding of X, and was it confirmed?": the finding was
                it = event["np"] if event and re.match(_YES_NO, clause) else subject
                clause = _PARTICLE.sub(rf"\g<particle> {it}", clause)  # "carried out X"
                clause = _POSSESSIVE.sub(f"{it}'s", _PRONOUN.sub(it, clause))
            elif len(names(clauses[0])) == 1:  # "..., and how many staff were hired?"
                clause = f"For {_named_phrase(clauses[0], name)}, {_lowered(clause)}"
        out.append(tidy(clause[0].upper() + clause[1:]) + ("" if clause.endswith("?") else "?"))
    return out


_PARTICLE = re.compile(r"\b(?:it|them)\s+(?P<particle>out|up|off|down)\b")


# "how many turbines and how many staff did X have": a clause without its verb shares the
# last clause's ("how many turbines did X have").
_VERBLESS = re.compile(r"(?i:how\s+(?:many|much)|what|which)(?:\s+[a-z][\w-]*){1,4}\??")
_ASKED_REST = re.compile(
    r"(?i:how\s+(?:many|much)|what|which)(?:\s+[a-z][\w-]*){1,4}?\s+"
    r"(?P<rest>(?:did|does|do|was|were|is|are|has|have|had|will|would|can)\b.*)"
)


# The doer of a question's verb ("what did <the 2021 inspection of X> find"), and the thing a
# question asks what it was ("what was <the outage at X in June>").
_DOER = re.compile(
    r"(?i:what|who|whom|how|when|where|why|which\s+\w+)\s+(?:did|does|do)\s+"
    r"(?P<np>the\s[^?,]+?)\s+[a-z]+(?:\s+(?:out|up|off|down))?\s*\??"
)
_EVENT = re.compile(r"(?i:what|which)\s+(?:was|is|were|are)\s+(?P<np>the\s[^?,]+?)\s*\??")
# The object of a verb whose doer is asked ("which body issued <the X certificate>", "who
# signed <the X lease>"): the question word cannot be what a later "it" stands for.
_ACTED_ON = re.compile(
    r"(?:(?i:which|what)(?:\s+[a-z][\w-]*){1,3}?|(?i:who))\s+"
    r"(?!(?:does|is|was|has|goes)\b)(?P<verb>[a-z]+(?:ed|es|s))\s+(?P<np>the\s[^?,]+?)\s*\??"
)
# A question word and nothing more ("on what date", "where"): asked of the question before.
_FRAGMENT = re.compile(rf"(?P<ask>{_ASKS}(?:\s+[a-z]+)?)\s*\??")


def _subject_phrase(clause: str, name: str) -> str:
    """What a later "it" stands for: the name, or the thing it names when the question ends
    on it ("which firm won the Kelden contract": "the Kelden contract"; "when did the Kelden
    outage start" or "when was the Kelden lease signed": the verb left out), the doer of its
    verb ("what did the 2021 inspection of Kelden find"), what an asked doer acted on ("which
    body issued the Kelden permit") or the thing it asks about when that is no attribute of
    the name ("what was the outage at Kelden in June", not "what was the capacity of
    Kelden")."""
    if not name:
        return name
    doer, event = _DOER.fullmatch(clause), _EVENT.fullmatch(clause)
    acted_on = _ACTED_ON.fullmatch(clause)
    for match in (doer, event, acted_on):
        phrase = match.group("np") if match else ""
        of_name = re.search(rf"\bof\s+(?:the\s+)?{re.escape(name)}\b", phrase)
        if name in phrase and (match is not event or not of_name):
            return phrase
    thing = re.search(rf"\bthe\s+{re.escape(name)}(?:\s+[a-z][\w-]*){{1,2}}(?=\?*$)", clause)
    if not thing:
        return name
    if re.search(rf"\b{_AUX}\s+the\s", clause) and len(thing.group(0).split()) > 3:
        return thing.group(0).rsplit(" ", 1)[0]
    return thing.group(0)


def _named_phrase(clause: str, name: str) -> str:
    """The noun phrase a question names its subject by: "the Kelden 4 trial" in "what was the
    response rate in the Kelden 4 trial", "the flow meter FM-2", else the name alone."""
    phrase = re.search(
        rf"\bthe\s+(?:[a-z][\w-]*\s+){{0,2}}?{re.escape(name)}(?:\s+[a-z][\w-]*){{0,2}}?"
        rf"(?=\s*\??$|\s+(?:in|of|at|on|for|by|during|from|to|and)\b)",
        clause,
    )
    if not phrase:
        return name
    said = phrase.group(0)
    if re.search(rf"\b{_AUX}\s+{re.escape(said)}\s*\??$", clause) and not said.endswith(name):
        return said.rsplit(" ", 1)[0]  # "how many staff did the depot at X employ"
    return said


def _same_ask(first: str, again: str) -> bool:
    """ "what was ..." asked again by "what was it ..."; "when was it ..." asks another thing."""
    return first.split()[0].lower() == again.split()[0].lower()


def _completed(clauses: list[str], bare_and: list[bool]) -> list[str]:
    """Only a clause joined to the next by a bare "and" ("how many X and how many Y did
    ...") may lack its verb; after a comma it has its own ("how many crossings ran late,")."""
    rest = _ASKED_REST.fullmatch(clauses[-1])
    if not rest:
        return clauses
    return [
        f"{c.rstrip('?')} {rest.group('rest')}" if bare and _VERBLESS.fullmatch(c) else c
        for c, bare in zip(clauses[:-1], bare_and, strict=True)
    ] + clauses[-1:]


# The thing a first question asks of ("what was <the output of X> in 2021", "when was <the
# notice at X> issued"), and a later one asking of it again by a pronoun ("what was <it> in
# 2022", "when was <it> lifted").
_MONTHS = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_WH = r"(?i:what|when|where|why|how(?:\s+\w+)?|on\s+what\s+date|in\s+what\s+year)"
_AUX = r"(?:is|was|are|were|did|does|do|has|have|had)"
_ASKED_THING = re.compile(
    rf"{_WH}\s+{_AUX}\s+(?P<thing>(?:the|its|their)\s.+?)"
    rf"(?=\s+(?:in|during|for|on|by)\s+(?:\d|{_MONTHS})[^?]*\??$|\s+[a-z]+\??$|\??$)"
)
_ASKED_AGAIN = re.compile(rf"({_WH}\s+{_AUX})\s+(?i:it|they)\b(.*)$")
