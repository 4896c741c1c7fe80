"""A comparison's conclusion, computed from the quoted dates or figures, or "yes" to "both".

"Which band was formed first, A or B?" is answered by naming one: the offline engine reads
the date each entity's cited sentence states and says which is earlier, citing both quotes;
"which company had the higher operating income?" likewise by the two figures. No conclusion
is drawn when a sentence's date or figure is ambiguous, the two dates cannot be told apart
(the same year, with no finer date on one side) or the figures are in different units.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from research.agents.answers import Found, citation, covers
from research.agents.dates import MONTHS
from research.agents.lexicon import CONTRARIES
from research.agents.text import names, stem, words
from research.agents.units import CURRENCY
from research.contracts import Claim

T = TypeVar("T")

_M = "|".join(m.capitalize() for m in MONTHS)
_DATE = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_M})\s+|(?P<m2>{_M})\s+(?:(?P<d2>\d{{1,2}}),?\s+)?)?"
    r"(?:(?P<y>1[1-9]\d\d|20\d\d)\b(?![,.]\d)|(?P<decade>1[1-9]\d0|20\d0)s\b)"
)
_LATER = re.compile(
    r"\b(?:later|latest|younger|youngest|newer|newest|more recent|most recent|after)\b", re.I
)


@dataclass(frozen=True)
class Dated:
    """A date a sentence states, as the span it allows ((year, month, day) from and to), and
    its words: "1950" is all of 1950, "the 1980s" ten years, "May 8, 1967" one day."""

    lo: tuple[int, int, int]
    hi: tuple[int, int, int]
    text: str


def dates_in(sentence: str) -> list[tuple[int, Dated]]:
    """Every date in the sentence with its offset: a day, a month, a year or a decade."""
    out = []
    for m in _DATE.finditer(sentence):
        text = m.group(0).strip(" ,")
        if m.group("decade"):
            start = int(m.group("decade"))
            out.append((m.start(), Dated((start, 1, 1), (start + 9, 12, 31), f"the {text}")))
            continue
        year = int(m.group("y"))
        month_name = m.group("m1") or m.group("m2")
        month = MONTHS.index(month_name.lower()) + 1 if month_name else 0
        day = int(m.group("d1") or m.group("d2") or 0)
        lo = (year, month or 1, day or 1)
        hi = (year, month or 12, day or 31)
        out.append((m.start(), Dated(lo, hi, text)))
    return out


def stated_date(sentence: str, terms: list[str]) -> Dated | None:
    """The sentence's date for the asked event: its only date, or the one nearest after the
    word that states the event ("born May 8, 1967"); None when that cannot be told."""
    return _the_one(sentence, dates_in(sentence), terms)


def _the_one(sentence: str, found: list[tuple[int, T]], terms: list[str]) -> T | None:
    """Of the values found at their offsets, the only one, or the nearest after a word
    stating one of `terms`; None when that cannot be told."""
    if len({value for _, value in found}) == 1:
        return found[0][1]
    anchors = [
        m.end()
        for m in re.finditer(r"[^\W_][\w'’-]*", sentence)
        if any(covers(t, {stem(m.group().lower())}) for t in terms)
    ]
    after = [(at - a, value) for at, value in found for a in anchors if at >= a]
    return min(after, key=lambda pair: pair[0])[1] if after else None


def _before(a: Dated, b: Dated) -> bool | None:
    """Is a earlier than b? None when the spans overlap (1967 and May 1967)."""
    if a.hi < b.lo:
        return True
    if b.hi < a.lo:
        return False
    return None


def date_conclusion(
    question: str, entities: list[str], claims: list[Claim], quoted: list[str], terms: list[str]
) -> Claim | None:
    """The conclusion claim for two entities' dated claims (one per entity, in order)."""
    if len(entities) != 2 or len(claims) != 2:
        return None
    dated = [stated_date(q, terms) for q in quoted]
    if dated[0] is None or dated[1] is None:
        return None
    first = _before(dated[0], dated[1])
    if first is None:
        return None
    later = bool(_LATER.search(question))
    win = 0 if first != later else 1
    lose = 1 - win
    word = "later" if later else "earlier"
    text = (
        f"{entities[win]} is the {word} of the two by the quoted dates: "
        f"{dated[win].text}, against {dated[lose].text} for {entities[lose]}."
    )
    return Claim(text=text, citations=[*claims[win].citations, *claims[lose].citations])


_BOTH = re.compile(r"\bboth\b", re.IGNORECASE)


def both_conclusion(question: str, entities: list[str], claims: list[Claim]) -> Claim | None:
    """ "Are A and B both X?" with a sentence stating X for each: yes, citing both. A "no"
    is never concluded here: that one source does not say it is not evidence that it is false
    (only a stated contrary is, `contrary_conclusion`)."""
    if len(entities) != 2 or len(claims) != 2 or not _BOTH.search(question):
        return None
    return Claim(
        text=f"Yes: the sources state it of both {entities[0]} and {entities[1]}.",
        citations=[*claims[0].citations, *claims[1].citations],
    )


def contrary_conclusion(
    question: str, entities: list[str], definitions: list[Found | None]
) -> Claim | None:
    """ "Are A and B both public colleges?" with B's own page calling it "a private research
    university": no, citing that sentence. Only a stated contrary concludes a no; a page that
    does not say "public" says nothing either way."""
    if len(entities) != 2 or not _BOTH.search(question):
        return None
    asked = {stem(w): w for w in words(question)}
    for entity, defined in zip(entities, definitions, strict=True):
        said = {stem(w): w for w in words(defined.sentence)} if defined else {}
        for word in asked.keys() & CONTRARIES.keys():
            if defined and CONTRARIES[word] in said and word not in said:
                return Claim(
                    text=f"No: {entity}'s own page calls it {said[CONTRARIES[word]]}, "
                    f"not {asked[word]}.",
                    citations=[citation(defined)],
                )
    return None


_SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9,
           "bn": 1e9, "trillion": 1e12}  # fmt: skip
_FIGURE = re.compile(
    rf"(?P<cur>[$€£¥]|\b{CURRENCY}\s?)?(?P<sign>(?<![\w.,)])[-−](?=\d))?(?<![\w.,])"
    r"(?P<n>\d{1,3}(?:,\d{3})+|\d+)"
    r"(?:\.(?P<dec>\d+))?(?:\s?(?P<scale>thousand|million|billion|trillion|mn|bn|m|k)\b)?"
    r"(?P<pct>\s?%|\s?per ?cent\b)?",
    re.IGNORECASE,
)
_MORE = re.compile(
    r"\b(?P<word>higher|more|larger|greater|bigger|most|highest|largest|greatest|lower|less|"
    r"fewer|smaller|least|lowest|smallest)\b(?P<what>(?:\s+[a-z-]+){0,4}?)\s*"
    r"(?:\?|$|,|\b(?:in|for|at|since|during|over|than)\b)",
    re.IGNORECASE,
)
_FEWER = frozenset("lower less fewer smaller least lowest smallest".split())
_BARE = frozenset("more less fewer".split())


@dataclass(frozen=True)
class Figure:
    """An amount a sentence states: its value, its unit (currency or per cent), its words."""

    value: float
    unit: str
    text: str


_COUNT_WORDS = {w: i for i, w in enumerate(
    "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split(), start=2)}  # fmt: skip
_SPELLED = re.compile(rf"\b({'|'.join(_COUNT_WORDS)})\s+(?=[a-z])", re.IGNORECASE)


def figures_in(sentence: str) -> list[tuple[int, Figure]]:
    """Amounts with their offsets; a bare year ("in 2018") is a date, not an amount. A count
    spelled out ("released nine studio albums") counts where no digits state an amount."""
    out = _digits_in(sentence)
    if out:
        return out
    return [
        (m.start(), Figure(float(_COUNT_WORDS[m.group(1).lower()]), "", m.group(1)))
        for m in _SPELLED.finditer(sentence)
    ]


def _digits_in(sentence: str) -> list[tuple[int, Figure]]:
    out = []
    for m in _FIGURE.finditer(sentence):
        digits, scale = m.group("n").replace(",", ""), (m.group("scale") or "").lower()
        currency, pct = (m.group("cur") or "").strip(), bool(m.group("pct"))
        if YEAR_LIKE.fullmatch(digits) and not (currency or scale or pct or m.group("dec")):
            continue
        value = float(f"{digits}.{m.group('dec') or 0}") * _SCALES.get(scale, 1)
        value = -value if m.group("sign") else value  # "-3.9 °C"
        unit = "%" if pct else currency.upper()
        measured = _MEASURED.match(sentence, m.end())  # said with it: "98.4 kWh", "-3.9 °C"
        text = m.group(0).strip() + (measured.group(0) if measured and not scale else "")
        out.append((m.start(), Figure(value, unit, text)))
    return out


_MEASURED = re.compile(
    r"\s?(?:[kMGT]Wh?|km|cm|mm|m|kg|t|tonnes|lb|mph|ha|acres|[kMGT]B|°\s?[CF])\b(?!-)"
)


YEAR_LIKE = re.compile(r"1[5-9]\d\d|20\d\d")


def _counted(sentence: str) -> Figure | None:
    """The names a sentence lists, counted: two or more, or no count."""
    listed = listed_names(sentence)
    if len(listed) < 2:
        return None
    return Figure(float(len(listed)), "", f"{len(listed)} named ({', '.join(listed)})")


def stated_figure(sentence: str, terms: list[str]) -> Figure | None:
    """The sentence's amount for the asked measure: its only one, or the nearest after a
    word of the measure ("operating income was $25 million"); None when that cannot be told."""
    return _the_one(sentence, figures_in(sentence), terms)


def count_conclusion(
    question: str, entities: list[str], claims: list[Claim], quoted: list[str], terms: list[str]
) -> Claim | None:
    """ "Which band has more members, A or B?": by the figures stated, or else by the names
    each sentence lists ("The band consists of Ann Lutz and Per Holm")."""
    return figure_conclusion(question, entities, claims, quoted, terms, listed=True)


def listed_names(sentence: str) -> list[str]:
    """The longest run of names the sentence lists ("A (vocals), B and C")."""
    found = [(m.start(), m.end(), n) for n in names(sentence) for m in [_find(sentence, n)] if m]
    runs: list[list[str]] = []
    end = -1
    for start, stop, name in sorted(found):
        if runs and _JOIN.fullmatch(sentence[end:start]):
            runs[-1].append(name)
        else:
            runs.append([name])
        end = stop
    return max(runs, key=len, default=[])


def _find(sentence: str, name: str) -> re.Match[str] | None:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence)


_JOIN = re.compile(r"\s*(?:\([^()]*\))?\s*(?:,\s*(?:and\s+)?|and\s+|&\s+)")


def figure_conclusion(
    question: str,
    entities: list[str],
    claims: list[Claim],
    quoted: list[str],
    terms: list[str],
    *,
    listed: bool = False,
) -> Claim | None:
    """ "Which company had the higher operating income, A or B?": the one whose quoted figure
    is higher (lower for "fewer", "less"), in the question's words, both quotes cited."""
    asked = _MORE.search(question)
    if len(entities) != 2 or len(claims) != 2 or not asked:
        return None
    found = [stated_figure(q, terms) or (_counted(q) if listed else None) for q in quoted]
    if found[0] is None or found[1] is None or found[0].unit != found[1].unit:
        return None
    if found[0].value == found[1].value:
        return None
    fewer = asked.group("word").lower() in _FEWER
    win = 0 if (found[0].value < found[1].value) == fewer else 1
    lose = 1 - win
    phrase = " ".join((asked.group("word") + asked.group("what")).split()).lower()
    if not asked.group("what").strip():  # "which glacier has thinned more": no noun to name
        phrase = "lower figure" if fewer else "higher figure"
    bare = asked.group("word").lower() in _BARE and asked.group("what").strip()
    article = "" if bare else "the "  # "had more people", "had the higher income"
    by = "names" if "named (" in found[win].text + found[lose].text else "figures"
    text = (
        f"{entities[win]} had {article}{phrase} of the two by the quoted {by}: "
        f"{found[win].text}, against {found[lose].text} for {entities[lose]}."
    )
    return Claim(text=text, citations=[*claims[win].citations, *claims[lose].citations])
