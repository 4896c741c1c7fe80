"""Quantities named by their units: "charges at up to 250 kW" states a power, "at 1,874 m
above sea level" an elevation, "(1894-1972)" after a name a birth and a death, though no
sentence uses the question's noun."""

from __future__ import annotations

import re

from research.agents.text import stem

# Spelled-out counts ("about seven days"); "one" is left out, it is mostly a pronoun.
NUMBER_WORDS = (
    r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen)"
)
_N = rf"(?:\d|\b{NUMBER_WORDS})"
_STREET = r"(?:Avenue|Street|Road|Boulevard|Lane|Drive|Place)"  # "2027 Fairmount Avenue"
_PAREN = r"(?:[^()]|\([^()]*\))"  # a character, or a parenthesis inside the parenthesis
CURRENCY = r"(?:EUR|USD|GBP|NOK|SEK|DKK|CHF|JPY|CNY|RMB|INR)"
_SCALE = r"(?:\s?(?:thousand|million|billion|trillion|mn|bn|m|k))?"
_MONEY = (
    rf"[€$£¥]\s?\d|\d{_SCALE}\s?{CURRENCY}\b|\b{CURRENCY}\s?\d"
    rf"|\d{_SCALE}\s?(?:euros?|dollars?|yuan|pounds|kronor|kroner|francs)\b"
)
_UNITS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE if flags else 0), nouns)
    for pattern, flags, nouns in (
        (r"\bup to (?:about |around )?\d", 0, "peak maximum"),
        (r"\d\s?(?:[kMGT]W|hp|bhp)\b", 0, "power"),
        (r"\d\s?[kMGT]Wh\b", 0, "energy"),
        (r"\d\s?°\s?[CF]\b|\bdegrees? (?:celsius|fahrenheit)\b", 1, "temperature"),
        (r"\d\s?%|\bper ?cent\b", 1, "share percentage proportion"),
        (r"\d\s?(?:km|m|cm|mm|ft|feet|metres|meters|miles)\b", 0, "length distance height depth"),
        (r"\babove (?:mean )?sea level\b|\ba\.s\.l\b", 1, "elevation altitude height"),
        (r"\d\s?(?:kg|tonnes?|tons?|lbs?)\b", 0, "weight mass"),
        (rf"{_N}[\d,.]*(?:\s(?:thousand|million))?\s(?:inhabitants|residents)\b", 1, "population"),
        (_MONEY, 0, "price cost"),
        (
            rf"(?<![Ii]n )\b\d{{1,5}}\s(?:[A-Z][\w'’-]*\s){{1,3}}{_STREET}\b",
            0,
            "address",
        ),
        # A life's span after a name: "David Lederman (December 11, 1894 - August 24, 1972)"
        (
            rf"\({_PAREN}*?\b1\d{{3}}\??(?:\s?\([^()]*\))?\s?[–—-]\s?{_PAREN}*?\b(?:1\d{{3}}|20\d\d)\s?\)",
            0,
            "born birth die died death",
        ),
        (
            # "ninety (90) days", as contracts write it
            rf"(?:{_N}|\(\d+\))[\s-]?(?:seconds?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?"
            r"|years?)\b",
            1,
            "duration time period",
        ),
    )
)
NUMBER = re.compile(_N, re.IGNORECASE)
QUANTITY_STEMS = frozenset(stem(n) for _, nouns in _UNITS for n in nouns.split())


# Amounts of money: a figure for one must be in a currency, and a bare "16%" is no equity.
MONEY_NOUNS = frozenset(
    stem(w)
    for w in """price cost revenue sales profit income budget equity assets liabilities debt
    cash dividend earnings ebitda turnover salary fee expenses spending valuation""".split()
)
# ... unless a rate of it is asked ("revenue growth", "profit margin").
RATE_NOUNS = frozenset(
    stem(w)
    for w in """growth rate margin ratio share percentage proportion change increase decrease
    return yield""".split()
)
_MONEY_RE = re.compile(_MONEY)


def states_money(sentence: str) -> bool:
    return bool(_MONEY_RE.search(sentence))


def measure_of(unit: str) -> str:
    """The quantity a unit of measure measures ("hours" and "h": "duration time period"),
    "" for a word that is none ("members")."""
    return next((nouns for pattern, nouns in _UNITS if pattern.fullmatch(f"2 {unit}")), "")


def implied_stems(sentence: str) -> set[str]:
    """Stems of the quantity nouns the sentence's units stand for."""
    out: set[str] = set()
    for pattern, nouns in _UNITS:
        if pattern.search(sentence):
            out.update(stem(n) for n in nouns.split())
    return out
