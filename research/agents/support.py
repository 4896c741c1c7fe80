"""The support check: does a quoted unit state what a part asks, of the part's subject?

A unit supports a part when it (or its row label, section path or document title) names the
part's entity, or a name the documents define for it, and it holds a value of the kind the
part asks for: a number, a date, a name the question does not already give. It also states
the numbers the question gives to single out what it asks ("at 600 mg"), and names a
quantity the part knows only by a table column's word ("Cmax"). Mechanical, no model: the
citation gate applies it to both engines' claims.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from corpora.units import HEADER_SEP, is_row, row_cells
from research.agents.dates import DECADE, MONTHS, YEAR
from research.agents.lexicon import common_words
from research.agents.questions import (
    answer_type,
    asks_money,
    given_numbers,
    measured_by,
    measured_thing,
    numbers_in,
)
from research.agents.text import (
    NAME,
    STOPWORDS,
    clean_name,
    mentions,
    names,
    normalize,
    stem,
    words,
)
from research.agents.units import CURRENCY, NUMBER_WORDS, states_money

NOT_ABOUT_ENTITY = "the quoted passage does not name the part's subject"
NO_VALUE = "the quote holds no {kind}, which the part asks for"
NOT_THE_QUANTITY = "the quote does not name the quantity the part asks, which the tables name"
NOT_AN_AMOUNT = "the quote states no amount of money, which the part asks"
NOT_WHAT_IS_MEASURED = "the quote measures something other than what the part asks of"
NOT_THE_ONE_ASKED = "the quote does not state {numbers}, which single out what the part asks"

KINDS = ("number", "date", "name", "yesno", "any")


@dataclass(frozen=True)
class Frame:
    """What frames a unit: where it stands names its subject as much as its own words do."""

    title: str
    section: str = ""
    row_label: str = ""


def asked_kind(question: str, measured: frozenset[str] = frozenset()) -> str:
    """The kind of value the question asks for; a duration is a number, and so is a quantity
    the documents' tables measure (`measured_columns`)."""
    kind = answer_type(question)
    kind = "number" if kind == "duration" else kind if kind in KINDS else "any"
    return "number" if kind == "any" and measured_by(question, measured) else kind


def measured_columns(texts: Iterable[str]) -> frozenset[str]:
    """Stems of the words heading the table columns that hold numbers in `texts` (units in
    brackets aside): "Cmax (ng/mL): 1,190" measures Cmax."""
    out: set[str] = set()
    for text in texts:
        for line in text.splitlines():
            if not is_row(line):
                continue
            for cell in row_cells(line)[1]:
                header, _, value = cell.partition(HEADER_SEP)
                value = value.lstrip("+-−±≤≥<>~ ")
                if _NUMERAL.match(value) and not _DATE.match(value) and not YEAR.match(value):
                    out |= {stem(w) for w in words(_BRACKETS.sub(" ", header))} - _STOP_STEMS
    return frozenset(out)


_BRACKETS = re.compile(r"\([^)]*\)")
_STOP_STEMS = frozenset(stem(w) for w in STOPWORDS)


_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + r")\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = re.compile(
    rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}[./]\d{{1,2}}[./]\d{{2,4}}\b"
    rf"|\b(?:{_DAY}\s+)?{_MONTH}(?:\s+{_DAY})?,?\s+\d{{4}}\b"
    rf"|\b{_DAY}\s+{_MONTH}|\b{_MONTH}\s+{_DAY}\b",
    re.IGNORECASE,
)
# A letter-led token with digits is an identifier ("FC-4", "OUT-23-011"), not a quantity.
_IDENTIFIER = re.compile(r"(?<![\w-])[A-Za-z]+(?:[-/]?[A-Za-z]*\d[\w/]*)+(?:-[\w]+)*")
_NUMERAL = re.compile(
    rf"(?<![\w.])(?:\d{{1,3}}(?:[,\s]\d{{3}})+|\d+)(?:[.,]\d+)?(?!\d)|\b{NUMBER_WORDS}\b",
    re.IGNORECASE,
)
# "rebuilt in March": a month answers "when" though the year goes without saying.
_IN_MONTH = re.compile(rf"\b(?:in|during|since|until|by|from|early|late|mid-?)\s+{_MONTH}(?!\w)")
_ASKS_YEAR = re.compile(r"\b(?:what|which|in what) year\b|\bwhen\b", re.IGNORECASE)
# A unit glued to its number ("4.2 TWh", "12.5 m³/h") is capitalised, but it is no name.
_UNIT_AFTER_NUMBER = re.compile(r"(?<=\d)\s?[A-Za-zµ°%]{1,4}[²³]?(?:/[A-Za-z]{1,3}[²³]?)?\b")


def holds_kind(text: str, kind: str, question: str = "") -> bool:
    """Does `text` hold a value of `kind`? `question` (and what else the asker already gave)
    supplies what is not an answer: its own names and numbers."""
    if kind == "number":
        return _holds_number(text, question)
    if kind == "date":
        return bool(
            _DATE.search(text) or YEAR.search(text) or DECADE.search(text) or _IN_MONTH.search(text)
        )
    if kind == "name":
        return bool(answer_names(text, question))
    return True


def _holds_number(text: str, question: str) -> bool:
    given = {_plain(n) for n in _NUMERAL.findall(_IDENTIFIER.sub(" ", question))}
    text = _IDENTIFIER.sub(" ", _DATE.sub(" ", text))
    years_count = bool(_ASKS_YEAR.search(question))
    for numeral in _NUMERAL.findall(text):
        value = _plain(numeral)
        if value in given or (YEAR.fullmatch(value) and not years_count):
            continue
        return True
    return False


def _plain(numeral: str) -> str:
    return re.sub(r"[,\s]", "", numeral.lower())


def answer_names(text: str, question: str = "") -> list[str]:
    """The names in `text` that could answer: not the question's own, not a unit after a
    number, not a table header, not an ordinary word capitalised to open a sentence."""
    asked = normalize(question)
    common = common_words()
    out = []
    plain = _UNIT_AFTER_NUMBER.sub(" ", _values_only(text))
    for name in names(plain):
        norm = normalize(name)
        ordinary = " " not in norm and norm in common and not _mid_sentence(name, plain)
        if _whole(norm, asked) or ordinary:
            continue
        out.append(name)
    return out


def _mid_sentence(word: str, text: str) -> bool:
    """Capitalised where no sentence opens ("born in Verona"): a name, though the word is in
    the lexicon too."""
    for match in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
        before = text[: match.start()].rstrip()
        if before and before[-1] not in ".!?:;\"“”'‘’(*•-–—":
            return True
    return False


def _values_only(unit: str) -> str:
    """A row unit without its headers (structure, not statements): the label and values."""
    if not is_row(unit):
        return unit
    label, cells = row_cells(unit)
    cells = [cell.partition(HEADER_SEP)[2] or cell for cell in cells]
    return ". ".join([label, *cells])


def row_label(unit: str) -> str:
    """A table-row unit's first cell, else ""."""
    return row_cells(unit)[0] if is_row(unit) else ""


_NAMED = NAME.pattern
_QUOTED = r"[\"“]?"
_UNQUOTED = r"[\"”]?"
# Words that say a name is being given: "(site code FC-4)", "(formerly Eastgate Mill)".
_NAMING = (
    r"(?:code|id|ref|reference|number|no\.?|formerly|previously|originally|once|now|known|"
    r"called|named|renamed|abbreviated|hereinafter|trading|alias|aka)"
)
# "Ferncastle (site code FC-4)", "Nordby Works (the \"Works\")", "X (formerly Y)"; each
# clause of the parenthesis may name: "X (site code FC-4, called Plant 2 by its staff)".
_PAREN = re.compile(rf"(?P<a>{_NAMED})(?:\s+[a-z][\w-]*){{0,3}}\s*\((?P<inner>[^()]{{1,300}})\)")
_PAREN_CLAUSE = re.compile(
    rf"\s*(?P<how>(?:[a-z][\w.-]*\s+){{0,3}})(?P<q>{_QUOTED})(?P<b>{_NAMED}){_UNQUOTED}"
    r"(?P<rest>.*)",
    re.S,
)
# "Nordby Works, formerly Eastgate Mill", "X, known as Y", "X, also called the \"Y\""
_COMMA_ALIAS = re.compile(
    rf"(?P<a>{_NAMED}),\s+(?:also\s+|now\s+|better\s+|commonly\s+|locally\s+)?"
    rf"(?:{_NAMING}(?:\s+(?:known\s+)?(?:as|called))?)\s+(?:the\s+)?"
    rf"{_QUOTED}(?P<b>{_NAMED}){_UNQUOTED}"
)
_CODE = re.compile(r"\d|[A-Z].*[A-Z]")


def _defines(clause: re.Match[str]) -> bool:
    """A clause of a parenthesis names what precedes it when it says so, or, standing alone,
    quotes a name or gives a code; "Ferncastle (Norway)" places it, and names nothing."""
    how = clause.group("how")
    if how.strip() and how.split()[0] != "the":
        return re.search(rf"\b{_NAMING}(?!\w)", how) is not None
    if clause.group("rest").strip():
        return False
    return bool(clause.group("q")) or bool(_CODE.search(clause.group("b")))


def _trimmed(name: str) -> str:
    """A matched name without the small words that open its sentence ("At Ferncastle")."""
    parts = clean_name(name).split()
    while len(parts) > 1 and parts[0].lower() in STOPWORDS:
        parts.pop(0)
    return " ".join(parts)


def aliases(entity: str, texts: Iterable[str]) -> tuple[str, ...]:
    """Names the documents themselves give the entity: each side of a definition ("A (site
    code B)", "A, formerly B", "A, known as B", "A (the "B")") names the other. An entity
    written by a defined name's distinctive head ("Brackley" for "Brackley Water Treatment
    Works") takes that name's aliases only when no other defined name has the same head
    ("Brackley North (BN2)" would make "Brackley" name neither)."""
    forms = [f.lower() for f in name_forms(entity)]
    found: list[str] = []
    by_head: dict[str, list[str]] = {}  # a defined name the entity heads -> its other names
    for text in texts:
        if not any(form in text.lower() for form in forms):
            continue  # a text that never names the entity defines no name for it
        for a, b in _definitions(text):
            for this, other in ((a, b), (b, a)):
                if _same_name(entity, other) or _heads(entity, other):
                    continue
                if _same_name(entity, this):
                    found.append(other)
                elif _heads(entity, this):
                    by_head.setdefault(normalize(this), []).append(other)
    if len(by_head) == 1:
        found += next(iter(by_head.values()))
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=8192)
def _definitions(text: str) -> tuple[tuple[str, str], ...]:
    """The (name, other name) pairs a text defines."""
    pairs = []
    for match in _PAREN.finditer(text):
        for part in re.split(r"[,;]\s+", match.group("inner")):
            clause = _PAREN_CLAUSE.fullmatch(part)
            if clause and _defines(clause):
                pairs.append((_trimmed(match.group("a")), _trimmed(clause.group("b"))))
    for match in _COMMA_ALIAS.finditer(text):
        pairs.append((_trimmed(match.group("a")), _trimmed(match.group("b"))))
    return tuple((a, b) for a, b in pairs if a and b)


def alias_forms(alias: str) -> list[str]:
    """How a text may name an alias the documents define: as `name_forms` does, and by its
    distinctive head ("Brackley Water Treatment Works" is "Brackley" in "Brackley WTW Monthly
    Report")."""
    head = _distinct_head(alias)
    return [*name_forms(alias), *([head] if head else [])]


def _distinct_head(name: str) -> str:
    """The words before the kind words that end `name`, when they are no ordinary words
    ("Brackley" of "Brackley Water Treatment Works"), else ""."""
    parts = name.split()
    head = parts[:]
    while len(head) > 1 and head[-1].lower() in common_words():
        head.pop()
    distinct = len(head) < len(parts) and not any(w.lower() in common_words() for w in head)
    return " ".join(head) if distinct else ""


def _same_name(entity: str, name: str) -> bool:
    norm = normalize(name)
    return bool(norm) and any(normalize(form) == norm for form in name_forms(entity))


def _heads(entity: str, name: str) -> bool:
    """The entity is written as `name`'s distinctive head ("Brackley" of "Brackley Water
    Treatment Works"), not as `name` itself, and any word it adds is `name`'s too ("the
    Brackley works" is that name; "the Brackley reservoir" is not)."""
    head = normalize(_distinct_head(name))
    if not head or _same_name(entity, name):
        return False
    mine = [normalize(form) for form in name_forms(entity)]
    added = set(mine[0].split()) - set(head.split())
    return head in mine and added <= set(normalize(name).split())


def name_forms(entity: str) -> list[str]:
    """How a text may name `entity`: as written without a leading article, or by the names it
    holds ("the Harlow Fen wind farm" by "Harlow Fen")."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", entity.strip(), flags=re.IGNORECASE)
    return [f for f in dict.fromkeys([bare, *names(bare)]) if f]


_PERSON = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+){1,2}")


def _surname(name: str) -> list[str]:
    """The last word of a name written as a person's ("Chris Stockley"), when it is no
    ordinary word ("Quillon Ridge" is not named by "Ridge")."""
    if not _PERSON.fullmatch(name.strip()):
        return []
    last = name.split()[-1]
    return [last] if len(last) >= 4 and last.lower() not in common_words() else []


def _whole(needle: str, hay: str) -> bool:
    """`needle` in `hay` as whole words; a hyphen or digit joined on is another word
    ("OUT-23-012" is not "OUT-23-01")."""
    if not needle:
        return False
    return re.search(rf"(?<![\w-]){re.escape(needle)}(?![\w]|-\w)", hay) is not None


def names_entity(entity: str, unit: str, frame: Frame, also: Sequence[str] = ()) -> bool:
    """Does the unit, or what frames it, name `entity` or one of `also`? A person named in
    full is named again by the surname ("after Stockley was shot")."""
    places = [unit, frame.row_label, frame.section, frame.title]
    for candidate in [entity, *also]:
        named = alias_forms(candidate) if candidate in also else name_forms(candidate)
        forms = [normalize(f) for f in [*named, *_surname(candidate)]]
        for place in filter(None, places):
            hay = normalize(place)
            if any(_whole(form, hay) for form in forms) or mentions(place, candidate):
                return True
    return False


def support_problem(
    *,
    question: str,
    entity: str,
    unit: str,
    frame: Frame,
    also: Sequence[str] = (),
    kind: str | None = None,
    measured: frozenset[str] = frozenset(),
) -> str | None:
    """None when the unit supports the part, else why not. `kind` overrides the kind the
    question asks (a side of a comparison needs its own date or number, not the choice);
    `measured`: the quantities the documents' tables measure (`measured_columns`)."""
    if entity and not names_entity(entity, unit, frame, also):  # "": a subject not named
        return NOT_ABOUT_ENTITY
    if not states_quantity(question, unit, measured):
        return NOT_THE_QUANTITY
    if not measures_its_thing(question, unit, frame):
        return NOT_WHAT_IS_MEASURED
    if asks_money(question) and not states_amount(unit):
        return NOT_AN_AMOUNT
    # "the half-life at 600 mg": a unit that does not state 600 speaks of another dose
    needed = given_numbers(question) - numbers_in(entity, *also)
    stated = _values(numbers_in(unit, frame.row_label, frame.section, frame.title))
    if not _values(needed) <= stated:
        return NOT_THE_ONE_ASKED.format(numbers=", ".join(sorted(needed)))
    kind = kind or asked_kind(question, measured)
    given = " ".join([question, entity, *also])
    # The subject's own name holds no value: "Unit 4" gives no number.
    bare = unit
    for candidate in sorted({entity, *also}, key=len, reverse=True):
        for form in name_forms(candidate):
            bare = re.sub(rf"(?<![\w-]){re.escape(form)}(?![\w])", " ", bare, flags=re.I)
    if not holds_kind(bare, kind, given):
        return NO_VALUE.format(kind=kind)
    return None


def states_quantity(question: str, unit: str, measured: frozenset[str]) -> bool:
    """A quantity known only as the documents' tables name it ("Cmax"; a question asking
    "how much" or a "price" says it asks a number, and a unit may state it in other words)
    is asked in their word: the answering unit names it (a row in its header), else it
    states some other number ("the doses were 10, 30 and 300 mg")."""
    if answer_type(question) != "any":
        return True
    quantity = measured_by(question, measured)
    return not quantity or quantity in {stem(w) for w in words(unit)}


def states_amount(unit: str) -> bool:
    """An amount of money: in the unit's words ("GBP 2.4 million", "€ 40"), or in a row a
    number under a header in a currency ("Fee (EUR per year): 130.00")."""
    if states_money(unit):
        return True
    if not is_row(unit):
        return False
    return any(
        _CURRENCY.search(header) and _NUMERAL.search(value)
        for cell in row_cells(unit)[1]
        for header, _, value in [cell.rpartition(HEADER_SEP)]
    )


_CURRENCY = re.compile(rf"[€$£¥]|\b{CURRENCY}\b")


def measures_its_thing(question: str, unit: str, frame: Frame) -> bool:
    """ "How many hours of outages": hours of what is asked. The unit or its frame names the
    outages, or it measures something else ("customers lost supply for 14 hours")."""
    thing = measured_thing(question)
    said = " ".join([unit, frame.row_label, frame.section, frame.title])
    return thing <= {stem(w) for w in words(said)}


def _values(numbers: Iterable[str]) -> set[float | str]:
    """Numbers as values: "40" and "40.000" are one."""
    out: set[float | str] = set()
    for n in numbers:
        try:
            out.add(float(n))
        except ValueError:
            out.add(n)
    return out


def unnamed(subject: str, texts: Sequence[str]) -> bool:
    """A subject the part describes without naming it (the planner's words for it, in lower
    case, which no passage holds): no unit can be told by whether it names it. A name typed
    in lower case ("harlow fen") is still looked for where the passages hold it."""
    if re.search(r"[A-Z0-9]", subject):
        return False
    wanted = normalize(subject)
    return not any(wanted in normalize(text) for text in texts)
