"""What a question asks: the kind of answer, what it counts, which of its words name the
fact and which only frame it. Pure functions; the offline judge reads questions with them."""

from __future__ import annotations

import re

from research.agents.dates import DECADE, MONTHS, YEAR, months
from research.agents.text import STOPWORDS, mentions, names, stem, words
from research.agents.units import (
    MONEY_NOUNS,
    NUMBER,
    NUMBER_WORDS,
    RATE_NOUNS,
    implied_stems,
    measure_of,
)

_SOURCE = re.compile(
    r"^\s*(?:based on|according to|drawing on|using)\s+([^,?]+),\s*", re.IGNORECASE
)
# What a question asks opens with a question word or an instruction ("on what date ...").
_ASKS = (
    r"(?:(?:on|in|at|by|for|from|to|of|with|under|during)\s+)?"
    r"(?:what|which|who|whom|whose|how|when|where|why|give|state|list|name)\b"
)
# An instruction is part of what is asked ("Compare A in 2018 and B in 2020. Which ..."), never
# a frame.
_INSTRUCTION = r"(?:compare|consider|describe|explain|find|give|identify|list|name|provide|state"
_INSTRUCTION += r"|summari[sz]e|tell|use)\b"
# A frame before the question that says what it is about: "About the X (REF-1): how many ...",
# "For the Y works in May 2023, what ...", "In the 2023 audit of Z, which ...", or a statement
# of its own: "The Orvik pier collapsed in 2020. Who rebuilt it?".
_FRAME = re.compile(
    rf"^\s*(?:(?:about|for|in|from|under|regarding|concerning|during)\s+(?!{_ASKS})([^,?:]+?)"
    rf"\s*[,:]|(?!{_ASKS}|{_INSTRUCTION})([^?:]+?):"
    rf"|(?!{_ASKS}|{_INSTRUCTION})((?:[^.?!]|\.(?=\S))+\.))\s+(?={_ASKS})",
    re.IGNORECASE,
)
# A reference code: its digits are no year ("STP-2021-04", "KV/TR/011/0042").
_IDENTIFIER = re.compile(r"\b[A-Za-z]+[-/][\w/-]+")


def _framed(question: str) -> tuple[str, int] | None:
    """The frame of `question` (its source, or what it is about) and where the question
    proper starts, or None when it has none."""
    match = _SOURCE.match(question) or _FRAME.match(question)
    if not match:
        return None
    return next(g for g in match.groups() if g is not None), match.end()


_OUTCOME = re.compile(
    r"^\s*how\s+(?:did|does|do|has|have|will|would|could|can|might)\b.*?\b"
    r"(contribut\w*|lead|led|result\w*|help\w*|enabl\w*|affect\w*|impact\w*|influenc\w*"
    r"|ensur\w*|creat\w*|improv\w*|enhanc\w*|strengthen\w*|shap\w*|support\w*|reduc\w*"
    r"|boost\w*|foster\w*)\b(.*)$",
    re.IGNORECASE,
)
# "X, including A, B and C, ...", "X, followed by A, ...": what X comprised or brought about.
_ELABORATION = re.compile(
    r",?\s+(?:including|such as|which (?:include[sd]?|involved?)|followed by)\b(.*)$", re.I
)


_PLANS = re.compile(
    r"\b(?:plan|plans|planned|planning|future|outlook|ahead|aim|aims|intend\w*|expect\w*"
    r"|will|prospects?|goals?|upcoming|forecast\w*)\b",
    re.IGNORECASE,
)


def asks_plans(question: str) -> bool:
    """Does the question ask what is planned or expected, rather than what was done?"""
    return bool(_PLANS.search(question))


def outcome_terms(question: str) -> frozenset[str]:
    """ "How did X, including A, contribute to Y through Z?": X is the fact to find; A, Y and
    Z are what the asker expects of it, which a source may phrase otherwise, so they are not
    looked for in X's sentence: they choose the sentences quoted with it."""
    match = _OUTCOME.match(question)
    if not match:
        return frozenset()
    before = question[: match.start(1)]
    detail = _ELABORATION.search(before)
    if detail:  # the parts the asker lists are expected of X, not its name
        before = before[: detail.start()]
    event = {stem(w) for w in words(before)}
    after = question[detail.start() if detail else match.start(1) :]
    return frozenset({stem(w) for w in words(after) if w not in STOPWORDS} - event)


def outcome_phrase(question: str) -> str:
    """The words of "How did X lead to Y?" from the verb on: "lead to Y"."""
    match = _OUTCOME.match(question)
    return " ".join(question[match.start(1) :].split()).rstrip("?. ") if match else ""


_DEFINITION = re.compile(
    r"^\s*(?:what (?:is|are|was|were) (?:the )?(?:main |primary |core |principal |key )?"
    r"(?:business(?:es)?|business (?:focus(?:es)?|areas?|lines?)|lines? of business"
    r"|industry)\s+(?:of|for)\b|what does .+ do\s*\??$"
    r"|what (?:kind|type|sort) of (?:company|business|organi[sz]ation) (?:is|was)\b)",
    re.IGNORECASE,
)


def asks_definition(question: str) -> bool:
    """ "What are the main businesses of X?", "What does X do?": what X is, which a source
    says in the sentence that defines it ("X is a government services company ...")."""
    return bool(_DEFINITION.search(question))


def naming(question: str) -> tuple[str, ...]:
    """ "What is X named after?" asks for the naming: only a sentence that names says it."""
    return ("named",) if re.search(r"\bnamed (?:after|for)\b", question, re.I) else ()


def without_source(question: str) -> str:
    """The question without the frame it opens with ("Based on X's 2021 financial report,",
    "About the X notice (REF-1):"): it says where to look or what the question is about, not
    what to find; only its year still dates the fact."""
    framed = _framed(question)
    if not framed:
        return question
    frame, start = framed
    return " ".join([*YEAR.findall(_IDENTIFIER.sub(" ", frame)), question[start:]])


def source_words(question: str) -> frozenset[str]:
    """The stems of the frame a question opens with ("Based on X's 2018 Corporate Governance
    Report,"): the part of a document it means, which breaks a tie between two sentences."""
    framed = _framed(question)
    if not framed:
        return frozenset()
    return frozenset(stem(w) for w in words(framed[0]) if w not in STOPWORDS)


# Terms that frame a question more than they name the fact: weighed less, never required.
SOFT = frozenset(
    stem(w)
    for w in """total amount number main major primary key specific significant happen happened
    occur occurred change changes result results impact effect effects cause reason role purpose
    type kind event events detail details information situation status level value figure data
    record involve involved relate related regard regarding concern aspect overall particular
    describe summarize summary affect affected take took place measure measures undertake
    implement implemented new report reported list mention mentioned first last latest current
    recent known called reach reached achieve achieved record recorded register
    registered post posted have had hold held make made get got show showed shown give gave
    take use used do done produce produced deliver delivered see saw activity activities
    initiative initiatives action actions effort efforts start starting initial experience
    experienced factor factors outcome outcomes conduct conducted undertaken large scale
    one""".split()
)
# Comparatives and answer-type nouns ("which city") say what kind of answer, not which fact.
FRAME = frozenset(
    stem(w)
    for w in """larger smaller higher lower older younger earlier later more less bigger greater
    fewer longer shorter taller heavier lighter faster slower better worse largest smallest
    highest lowest oldest earliest latest most least city town country place state region nation
    year date month day person times""".split()
)
# "Born within a year of each other beginning in which year": where in a span the asked date
# falls, not a fact a source states.
_SPAN_FRAME = re.compile(
    r"\b(?:beginning|starting|ending)(?=\s+(?:in|on|from)\s+(?:which|what)\s+"
    r"(?:year|date|month|day)\b)",
    re.IGNORECASE,
)


def asked_fact(question: str, kind: str) -> str:
    """The question without words framing the answer's type: "how long did it take" asks for
    a duration, "long" is no fact to find."""
    if kind == "duration":
        question = re.sub(r"\bhow long\b", "how", question, flags=re.IGNORECASE)
    return _SPAN_FRAME.sub("", question)


# Verbs of coming into being: "which band was formed first" asks each for the date of its
# origin, which a source may give in other words ("is a 2004 documentary film").
ORIGIN_VERBS = tuple(
    """created formed founded established released published launched built opened
    premiered started debuted""".split()
)
ORIGIN = frozenset(stem(w) for w in (*ORIGIN_VERBS, "began", "came"))
# Nouns naming a quantity: the answer must hold a number.
MEASURES = frozenset(
    stem(w)
    for w in """rate percentage percent share capacity number count price cost amount revenue
    temperature elevation altitude height depth range factor value size length duration weight
    speed time age population budget sales profit income margin ratio enrolment enrollment
    output production efficiency sensitivity specificity volume area distance power
    energy equity assets liabilities debt cash dividend earnings ebitda turnover salary fee loss
    expenses spending valuation flow growth quantity concentration thickness width diameter
    pressure density dose load yield consumption demand frequency intensity score charge bill
    tariff rent wage penalty premium balance deficit surplus conductivity resistivity turbidity
    salinity humidity velocity acidity alkalinity hardness viscosity limit threshold quota
    allowance target""".split()
)
# Kinds of named thing: after "what"/"which" they type the answer, they are not the fact.
KINDS = frozenset(
    stem(w)
    for w in """movie film album song band group team club school college university company
    firm business organisation organization newspaper magazine book novel series show actor
    actress singer musician writer author player artist person people city town village
    country state region river mountain island building station airport game genre
    drug language religion party award character role console platform""".split()
)


# "Was A or B born first?" asks which of the two, not yes or no.
_CHOICE = re.compile(
    r"\bor\b.*\b(?:first|earlier|later|sooner|older|younger|newer|more|less|fewer|larger|"
    r"smaller|bigger|greater|higher|lower|longer|shorter|taller|farther|further|closer|better|"
    r"worse)\b"
)


# "what is the period of cover", "the notice period", "the term of the lease": a span of dates
# or a length of time answers.
_PERIOD = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were)\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}?"
    r"(?:period|duration|validity|term\s+of)\b"
)


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
    if _asks_when(q) or re.search(
        r"\bwhat (year|date|month|day|time)\b|\bwhich year\b|\bin what year\b", q
    ):
        return "date"
    if re.search(r"^\s*(is|are|was|were|did|does|do|has|have|can)\b", q) and not _CHOICE.search(q):
        return "yesno"
    if re.search(r"\b(?!(?:by|to|with|for|from|of|is|was|are|were)\b)[a-z]+ whom?\s*\??\s*$", q):
        return "any"  # "the ability to lead or guide who?": whom it is done to, in any words
    if re.search(
        r"\bwho\b|\bwhom\b|\b(?:which|what) (?:[a-z-]+ ){0,2}?(?:person|company|team|band|group"
        r"|organi[sz]ation)\b",
        q,
    ):
        return "name"
    if re.search(r"\b(where|(which|what) (city|town|country|place|state|region|nation))\b", q):
        return "name"
    if re.search(r"\bin (?:which|what) (?:[a-z-]+ ){0,2}?(?:area|part|zone)\b", q):
        return "name"  # "in what directional area of Argentina": a place, not a measure
    if _PERIOD.search(q):
        return "period"
    head = asked_head(q)
    if head and _measure_head(head):
        return "number"
    if re.search(r"\b(?:what|how much) did\b.*\bcost\b", q):
        return "number"
    if re.search(r"^\s*report\b", q) and any(stem(w) in MEASURES for w in words(q)[:6]):
        return "number"
    return _instructed(q)


def _asks_when(q: str) -> bool:
    """ "When did it open?" asks a date; "what was the price when it opened?" asks the price,
    the "when" after the question word only placing it in time."""
    when = re.search(r"\bwhen\b", q)
    return bool(when) and not re.search(
        r"\b(?:what|which|who|whom|whose|how|where)\b", q[: when.start()]
    )


# "For X in 2022, give: the peak output": an instruction names the asked fact after its verb.
_INSTRUCTED = re.compile(
    r"\b(?:give|state|report|provide|quote)\b:?\s+(?:the\s+)?([a-z][a-z -]*?)"
    r"(?=\s+(?:of|at|for|in|on|from|during|by|when|that|to|under|per)\b|\s*[?.;,]?\s*$)"
)
_DATE_HEADS = frozenset("date day year month".split())


# A part written as a bare noun phrase ("flow at outlet P", "start date of the lease") names
# what it asks before its first preposition.
_BARE = re.compile(
    r"^\s*(?:the\s+)?([a-z][a-z -]*?)"
    r"(?=\s+(?:of|at|for|in|on|from|under|during|by)\b|\s*[?.]?\s*$)"
)
_QUESTION_WORD = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b")


def _instructed(q: str) -> str:
    asked = _INSTRUCTED.search(q) or (None if _QUESTION_WORD.search(q) else _BARE.search(q))
    phrase = words(asked.group(1)) if asked else []
    if phrase and phrase[-1] in _DATE_HEADS:
        return "date"
    return "number" if phrase and _measure_head(phrase) else "any"


def asked_head(question: str, *, closing: bool = False) -> list[str]:
    """The words naming what "what/which X of/at/did ..." asks ("the deviation at 40 bar":
    ["deviation"]), else []; `closing`: also where X closes the question ("what was its
    original wall thickness?")."""
    q = question.lower()
    head = re.search(
        r"\b(?:what|which) (?:(?:is|was|are|were) )?(?:the )?([a-z -]+?) "
        r"(?:of|at|for|in|on|did|does|do|was|were|is|are|has|had)\b",
        q,
    )
    if head is None and closing:
        head = re.search(
            r"\b(?:what|which) (?:is|was|are|were) (?:the |its |their )?([a-z -]+?)\s*\??\s*$", q
        )
    return words(head.group(1)) if head else []


def asks_money(question: str) -> bool:
    """ "What did the refit cost?", "what is the hire charge?", "how much did they pay?":
    an amount of money, not any number; never a rate of it ("the revenue growth")."""
    q = question.lower()
    stems = {stem(w) for w in words(q)}
    if stems & RATE_NOUNS:
        return False
    head = {stem(w) for w in asked_head(q, closing=True)}
    paid = re.search(r"\b(?:what|how much) (?:did|does|do|will|would)\b.*\b(?:cost|pay|paid)\b", q)
    return bool(head & MONEY_NOUNS) or bool(paid)


def measured_by(question: str, measured: frozenset[str]) -> str:
    """The stem of the quantity the question asks, when it is one the documents measure
    (`measured`: stems of the headers of their tables' numeric columns), else "". "What Cmax
    did the study reach" asks a number where a table has a "Cmax (ng/mL)" column, though no
    word list knows Cmax."""
    head = asked_head(question, closing=True)
    cut = next((i for i, w in enumerate(head) if w in _NOT_NOUN or w.endswith("ed")), None)
    nouns = [stem(w) for w in head[:cut]]
    return nouns[-1] if nouns and nouns[-1] in measured else ""


def _measure_head(phrase: list[str]) -> bool:
    """ "What was the shareholder equity": the head noun names a quantity. In "the major asset
    acquisitions completed by" the quantity word only qualifies the head (an event)."""
    cut = next((i for i, w in enumerate(phrase) if w in _NOT_NOUN or w.endswith("ed")), None)
    nouns = [stem(w) for w in phrase[:cut]]
    if not nouns:
        return False
    return nouns[-1] in MEASURES or (nouns[-1] in _QUANTITY_HOLDERS and bool(set(nouns) & MEASURES))


_NOT_NOUN = frozenset("by from to with that which who per".split())  # "price per metre"
_QUANTITY_HOLDERS = frozenset(stem(w) for w in "figure figures level levels total".split())


_COUNTED = re.compile(
    r"\bhow many\s+(?:[a-z][\w-]*\s+){0,3}?([a-z][\w-]*)(?:\s+or\s+([a-z][\w-]*))?\s+"
    r"(?:did|does|do|were|was|are|is|has|have|had|will|can|could|would|in|of|at|on|for|per|"
    r"that|which|who)\b"
)


_UNIT_OF = re.compile(
    r"\bhow many\s+([a-z]+)\s+of\s+(?:the\s+|its\s+|their\s+)?((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"\s+(?:did|does|do|were|was|are|is|has|have|had|will|can|could|would|in|at|on|for|per|"
    r"that|which)\b"
)


def measured_thing(question: str) -> frozenset[str]:
    """Stems of what a measure counts in "how many hours of outages" (not of "how many
    members of the board": members are no measure); frozenset() when none is asked."""
    match = _UNIT_OF.search(question.lower())
    if not match or not measure_of(match.group(1)):
        return frozenset()
    return frozenset(stem(w) for w in words(match.group(2)) if w not in STOPWORDS)


def asked_measure(question: str) -> str:
    """The quantity "how many" asks when it counts a unit of measure ("how many hours":
    "duration time period"), else ""."""
    match = _COUNTED.search(question.lower())
    return measure_of(match.group(1)) if match else ""


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
        sentence = _blanked(sentence, name) if name else sentence
    if kind in ("number", "count"):  # a quantity, not merely a year; or names to count
        quantity = bool(NUMBER.search(YEAR.sub(" ", sentence)))
        return quantity or (kind == "count" and len(new_names(sentence, known)) >= 2)
    if kind == "duration":
        return stem("duration") in implied_stems(sentence)
    if kind == "period":  # a length of time, or the dates it runs between
        return stem("duration") in implied_stems(sentence) or type_ok("date", sentence)
    if kind == "date":
        return bool(YEAR.search(sentence) or DECADE.search(sentence) or months(sentence))
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
        if not any((mentions(k, n) or mentions(n, k)) and not _extends(n, k) for k in known if k)
        and not is_demonym(n)
    ]


# Nouns that make a known name the name of another thing: "Oklahoma City", "Hudson River".
_NAME_KINDS = frozenset(
    stem(w)
    for w in """city town village county province district river lake bay island mountain park
    valley street square bridge castle palace hall stadium church cathedral museum university
    college school airport station""".split()
)


def _extends(name: str, known: str) -> bool:
    """ "Oklahoma City" of a known "Oklahoma": the known name and a kind noun name another."""
    if not name.lower().startswith(known.lower()) or len(name) == len(known):
        return False
    rest = words(name[len(known) :])
    return bool(rest) and all(stem(w) in _NAME_KINDS for w in rest)


def _blanked(sentence: str, name: str) -> str:
    """The sentence with a known name blanked, but not where a kind noun makes it the name of
    another thing ("Oklahoma City, Oklahoma": the city stays)."""

    def blank(match: re.Match[str]) -> str:
        after = match.group(1) or ""
        return match.group(0) if after and stem(after.strip()) in _NAME_KINDS else " " + after

    return re.sub(rf"{re.escape(name)}((?-i:\s+[A-Z][a-z]+))?", blank, sentence, flags=re.I)


_HEAD = re.compile(
    r"\b(?:what|which)\s+(?:(?:kind|type|sort|form)\s+of\s+)?((?:[a-z-]+\s+){0,2}[a-z-]+)",
    re.IGNORECASE,
)
_NOT_HEAD = frozenset(
    """is was are were did does do has had have can could will would of the a an in on at to
    for by from with that this these those""".split()
)


def _head_phrases(question: str) -> list[list[str]]:
    """The stemmed words after each "what"/"which", up to the verb or preposition."""
    out = []
    for match in _HEAD.finditer(question):
        phrase = []
        for w in match.group(1).lower().split():
            if w in _NOT_HEAD or w in STOPWORDS:
                break
            phrase.append(stem(w))
        out.append(phrase)
    return out


def heads(question: str) -> set[str]:
    """Stems of the words after "what"/"which": the kind of answer asked for."""
    return {w for phrase in _head_phrases(question) for w in phrase}


_DESCRIBED = re.compile(
    r"\bwhich\s+((?:[a-z-]+\s+){1,5}?)(?:was|is|were|are|did|does|has|had)\b", re.IGNORECASE
)


def described_kind(question: str) -> set[str]:
    """Stems of the whole description after "which" up to its verb: "Which American former
    competitive swimmer was X's teammate?" asks for one described so, "teammate" the relation."""
    found = _DESCRIBED.search(question)
    return {stem(w) for w in words(found.group(1))} - STOPWORDS if found else set()


def answer_nouns(question: str, *, whole: bool = False) -> set[str]:
    """Kinds of thing after "what"/"which" ("what movie", "which steroid") say what sort of
    answer is wanted; the answering sentence need not repeat them ("... is a 1993 film").
    A fact asked that way ("what dividend") stays required. With `whole`, the words before
    such a kind too ("which gaming console"): a name both sides give is seldom described."""
    out: set[str] = set()
    for phrase in _head_phrases(question):
        out |= set(phrase) if whole and phrase and phrase[-1] in KINDS else set(phrase) & KINDS
    return out


def along_the_way(question: str, terms: list[str]) -> frozenset[str]:
    """Question nouns that are not the kind of answer asked for: names they head are steps."""
    return frozenset(terms) - heads(question)


# A number the question gives to say which thing it means: after a designator ("DN 50", "week
# 16", "grade 3") or before a unit ("at 600 mg", "40 bar"), never a count ("214 patients"), a
# year or an identifier's digits ("VX-412").
_GIVEN_NUMBER = re.compile(r"(?<![\w.,/-])(\d+(?:[.,]\d+)*)(?![\w-]|[.,]\d)")
_DESIGNATOR = frozenset(
    "week weeks day days grade phase amendment version visit cycle level class stage size "
    "band zone lot batch point dose".split()
)
_UNIT_AFTER = re.compile(r"\s*(%|°\s?[CF]\b|[A-Za-zµ][\w³²/µ]{0,5}(?![\w³²/µ]))")


def given_numbers(question: str) -> frozenset[str]:
    """Numbers that single out what the question asks about: the answering unit, its row or
    its frame states each of them ("the deviation at 40 bar" is not the one at 30 bar)."""
    text = without_source(question)
    out = set()
    for match in _GIVEN_NUMBER.finditer(text):
        number = match.group(1)
        if YEAR.fullmatch(number):
            continue
        lead = text[: match.start()].split()
        before = lead[-1] if lead else ""
        after = _UNIT_AFTER.match(text, match.end())
        unit = after.group(1) if after else ""
        if before.lower() in MONTHS or unit.lower() in MONTHS:  # "May 2": a date, not a thing
            continue
        designated = before.lower() in _DESIGNATOR or (
            before[:1].isupper() and before.isalpha() and len(lead) > 1
        )
        measured = bool(unit) and (
            not unit[0].isalpha()
            or (unit.lower() not in STOPWORDS and not (len(unit) > 3 and unit.endswith("s")))
        )
        if designated or measured:
            out.add(number.replace(",", ""))
    return frozenset(out)


def numbers_in(*texts: str) -> frozenset[str]:
    """The numbers standing in `texts` ("Plant 2" holds 2; "VX-412" none)."""
    return frozenset(n.replace(",", "") for t in texts for n in _GIVEN_NUMBER.findall(t))


def states_numbers(text: str, numbers: frozenset[str]) -> bool:
    """Every one of `numbers` stands in `text` as a number of its own."""
    return numbers <= numbers_in(text)


# The verb a question asks of its subject: "what did the board <recommend>", "when does the
# lease <end>", "who <signed> the notice".
_DID_VERB = re.compile(
    r"^\s*(?:(?:what|which|how)(?:\s+\w+){0,2}|when|where|on\s+what\s+date)\s+"
    r"(?:did|does|do|will)\s+(?P<subject>.+?)\s+(?P<verb>[a-z]{3,})"
    r"(?:\s+(?:it|them|up|out|off|down|for|to|with|on|in|at|from|by|about))?\s*\??$",
    re.IGNORECASE,
)
_OBJECT = re.compile(r"\s(?:its|their|his|her|a|an|the)\s", re.IGNORECASE)
_WHO_DID = re.compile(r"^\s*who\s+(?P<verb>[a-z]{3,}(?:ed|ied))\s", re.IGNORECASE)


def asked_verb(question: str) -> str:
    """The stem of the verb the question asks of its subject, or "": the answering sentence
    states it, in one of its forms or a synonym ("recommended", "terminates" for "end")."""
    text = without_source(question)
    found = _DID_VERB.match(text)
    if found and _OBJECT.search(found["subject"]):  # "launch its initiatives": a noun last
        found = None
    found = found or _WHO_DID.match(text)
    return stem(found["verb"]) if found and found["verb"].lower() not in STOPWORDS else ""
