"""Small, deterministic text tools shared by the offline engine and the citation gate."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from corpora.units import text_units
from research.agents.dates import MONTHS

STOPWORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other another
    our ours out over own same she should so some such than that the their theirs them then
    there these they this those through to too under until up very was we were what when where
    which while who whom why will with within would you your yours per via whose yes de la le
    du von van der den besides beside among amongst amid upon despite unlike toward towards
    throughout""".split()
)
# Words that frame a question rather than name the asked fact.
QUESTION_WORDS = frozenset(
    """what which who whom whose when where why how much many did does do was were is are
    please report give list tell describe explain state provide find answer cite citing source
    summarize summarise outline overview
    sources each following according document documents mentioned name named specific
    company company's organisation organization year years compare comparison versus vs""".split()
)
_WORD = re.compile(r"[^\W_][\w'’&.-]*")  # letters of any script: "Şeren", "Zürich"


def normalize(text: str) -> str:
    """Lower case, NFKC, hyphenation and whitespace removed: the form quotes are matched in."""
    text = unicodedata.normalize("NFKC", text).replace("\u00ad", "")
    text = re.sub(r"(\w)-\s*\n\s*(\w)", r"\1\2", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    text = text.replace("–", "-").replace("—", "-")
    return " ".join(text.lower().split())


def words(text: str) -> list[str]:
    """Lower-case word tokens; hyphens and dashes split ("1991–2020" -> "1991", "2020")."""
    out = []
    for token in _WORD.findall(re.sub(r"[-–—/]", " ", text)):
        token = token.strip(".'’").lower()
        if token.endswith("'s") or token.endswith("’s"):
            token = token[:-2].rstrip(".")  # "Ltd.'s" -> "ltd"
        if token:
            out.append(token)
    return out


def stem(word: str) -> str:
    """A light suffix stripper: enough to match 'dividends'/'dividend', 'operated'/'operating'."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if w.endswith("ses") and not w.endswith("sses") and len(w) > 4:
        return w[:-1]  # "bases", "cases", "expenses": the -s of a word ending in -se
    if w.endswith("sses") and len(w) > 5:
        return w[:-2]  # "businesses", "classes": the -es of a word ending in -ss
    if w.endswith("ss"):
        return w  # "business", "class": no plural -s to strip
    for suffix, keep in (
        ("ations", 3),
        ("ation", 3),
        ("ings", 3),
        ("ing", 3),
        ("ies", 3),
        ("ied", 3),
        ("ed", 3),
        ("es", 3),
        ("s", 3),
        ("ly", 4),
    ):
        if w.endswith(suffix) and len(w) - len(suffix) >= keep:
            w = w[: -len(suffix)]
            if suffix in {"ies", "ied"}:
                w += "y"
            break
    return w


def content_terms(text: str, *, exclude: Iterable[str] = ()) -> list[str]:
    """Stemmed content words in order, without stopwords, question words and `exclude`."""
    excluded = {stem(w) for w in exclude}
    out: list[str] = []
    for w in words(text):
        if w in STOPWORDS or w in QUESTION_WORDS or len(w) < 2:
            continue
        s = stem(w)
        if s not in excluded and s not in out:
            out.append(s)
    return out


def query_words(text: str, *, skip: set[str] | frozenset[str] = frozenset()) -> str:
    """The text's own words for a search query (unstemmed, in order, once each), without
    stopwords, question words and words whose stem is in `skip`."""
    out: list[str] = []
    for w in words(text):
        if w in STOPWORDS or w in QUESTION_WORDS or stem(w) in skip or w in out:
            continue
        out.append(w)
    return " ".join(out)


def qualifiers_of_others(text: str, name: str, others: Iterable[str]) -> set[str]:
    """Words qualifying other names and not `name`: in "X in 2018 and Y in 2020" (or "X in
    its first year, or Y in 2023"), what follows Y is not asked of X."""

    def qualifier(n: str) -> set[str]:
        pattern = (
            rf"{re.escape(n)}(?:['’]s)?\s+((?:in|during|for|at|on|over)\b[^,;.?]*?)"
            r"(?=\s*(?:[,;.?]|\band\b|\bor\b|$))"
        )
        # "Rob Zombie's band White Zombie": the band's name describes Rob Zombie
        named = rf"{re.escape(n)}['’]s\s+[a-z]+\s+((?:[A-Z][\w'’-]*\s?)+)"
        found = re.findall(pattern, text) + re.findall(named, text)
        return {w for q in found for w in words(q)} - STOPWORDS

    theirs = set().union(*(qualifier(o) for o in others if o != name))
    return theirs - qualifier(name)


def lower_case_words(text: str) -> set[str]:
    """Words as written in lower case: a capitalised word also seen so is not a name."""
    return {w.strip(".'’") for w in _WORD.findall(re.sub(r"[-–—/]", " ", text)) if w[0].islower()}


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the units of `text`: sentences, table rows and list items, as
    ingestion, the citation gate and the viewer read them (headings are none)."""
    return [(unit.start, unit.end) for unit in text_units(text)]


def line_around(text: str, at: int) -> tuple[int, int]:
    """(start, end) of the line holding offset `at`: a paragraph of extracted text."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


def table_header(text: str, start: int) -> str:
    """The header row of the Markdown table whose row begins at `start`, or "": a row's cells
    mean what the header says ("| X5 Long Range | ... | €68,900 |" under "Price from")."""
    lines = text[:start].split("\n")[:-1]
    block: list[str] = []
    for line in reversed(lines):
        if not line.lstrip().startswith("|"):
            break
        block.append(line)
    if len(block) < 2 or not re.fullmatch(r"\s*\|[\s:|-]+\|?\s*", block[-2]):
        return ""
    return block[-1]


# A run-in heading: a clause's few-word title before its first sentence ("4.1 Spill flow. The
# operator shall pass ..."), with no number of its own.
_RUN_IN = re.compile(r"[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,3}\s*[.:]")


def run_in_heading(before: str) -> str:
    """`before`, the unit before a sentence in its paragraph, when it reads as a run-in
    heading (up to four words, no number, a closing period or colon): it names what the
    sentence states ("Spill flow."); else ""."""
    return before if _RUN_IN.fullmatch(before) and not re.search(r"\d", before) else ""


_UPPER = "A-ZÀ-ÖØ-ÞĀ-Ž"  # Latin Extended-A alternates cases; its lower ones rarely open a word
_CAP = rf"(?:ʻ?[{_UPPER}][\w'’&.-]*(?:/[{_UPPER}][\w'’&.-]*)*|[0-9][\w.-]*[A-Za-z][\w.-]*)"
# Lower-case words inside a name: "Selle v. Gibb", "Santiago del Estero Province".
_CONNECT = r"(?:of|the|de|del|des|da|di|dos|das|du|la|le|von|van|der|for|on|&|v\.|vs\.)"
# A name never runs on into the next sentence's opening word ("... Inc. Which company").
_OPENER = r"(?:Which|What|Who|How|When|Where|Why|The|This|It)\b"
# A quoted nickname inside a name: Benjamin "Bugsy" Siegel.
_NICK = rf"[\"“][{_UPPER}][\w'’.-]*[\"”]"
# A short number closing a name is part of it ("Starflyer 59", "Apollo 11"); a year is not.
_NUMBERED = (
    r"(?:"
    + "".join(f"(?<!{m.capitalize()})" for m in MONTHS)
    + r"\s+\d{1,3}(?=[\s?!;:)\"”]|[,.](?!\d)|$))?"
)
NAME = re.compile(
    rf"(?<![\w'’.-]){_CAP}(?:\s+(?!{_OPENER})(?:{_CONNECT}\s+)*(?:{_NICK}\s+)?{_CAP})*" + _NUMBERED
)
# Where one name ends and the next begins: a possessive ("Quillon Energy's Valladolid") or a
# sentence end ("HealthPro Innovations. Which company ...").
_NAME_BREAK = re.compile(
    r"(?<=\w)['’]s\s+|(?<=[a-z]{2})\.\s+"
    rf"|\.\s+(?={_OPENER})"
)


def names(text: str) -> list[str]:
    """Capitalised multi-word names (and quoted titles) in order of appearance, de-duplicated."""
    found: list[tuple[int, str]] = []
    for quoted in re.finditer(r"[\"“]([^\"”]{2,80})[\"”]", text):
        title = quoted.group(1).strip().rstrip("?!,;:").strip()  # the song "Be Our Guest?"
        if title:
            found.append((quoted.start(), title))
    for match in NAME.finditer(text):
        start = match.start()
        for piece in _NAME_BREAK.split(match.group(0)):
            name = clean_name(piece)
            if _at_sentence_start(text, start):
                name = _LEADING.sub("", name)
            if name and not _is_sentence_word(text, start, name):
                found.append((start, name))
            start = text.find(piece, start) + len(piece)
    seen: set[str] = set()
    ordered = [n for _, n in sorted(found, key=lambda f: f[0])]  # stable: a title before its words
    return [n for n in ordered if not (n.lower() in seen or seen.add(n.lower()))]


_ROLE = re.compile(
    r"^(?:(?:the|a|an|were|was|is|are|did|does|do|which|what|who|how|when|where|in|on|for)\s+)+"
    r"|^(?:CEO|CFO|COO|CTO|Chairman|Chair|President|Director|Head|Founder|Mayor|Governor|"
    r"Members?|Board(?:\s+of\s+(?:Directors|Trustees|Governors))?)\s+of\s+",
    re.IGNORECASE,
)


def clean_name(raw: str) -> str:
    """Drop a leading question word or role ("CEO of"), trailing punctuation and connectors."""
    name = re.sub(r"['’]s$", "", raw.strip(" ,;:'’")).strip(" ,;:'’")
    previous = None
    while previous != name:
        previous = name
        name = _ROLE.sub("", name).strip()
    name = re.sub(rf"\s+{_CONNECT}$", "", name)
    if re.search(r"\b(?:Ltd|Inc|Co|Corp|Jr|Sr|St|[A-Z])\.$", name):
        return name
    return name.rstrip(",;:.")


# Capitalised only because they open the sentence: "After David Stern retired ..."
_LEADING = re.compile(
    r"^(?:After|Before|Since|During|While|Although|Though|Unlike|Despite|Besides|Following|"
    r"Until|Once|If|Because|Whereas|Apart from|According to|Based on|Like|Both|Either|Neither)\s+"
)


def _at_sentence_start(text: str, start: int) -> bool:
    before = text[:start].rstrip(' "“(')
    return not before or before[-1] in ".?!:\n"


def _is_sentence_word(text: str, start: int, name: str) -> bool:
    """A lone capitalised stopword/question word at a sentence start is not a name."""
    first = name.split()[0].lower()
    if len(name.split()) == 1 and (first in STOPWORDS or first in QUESTION_WORDS):
        return True
    return len(name.split()) == 1 and first in _COMMON_CAPITALS


_COMMON_CAPITALS = frozenset(
    """in on at for from by to during after before since between under over january february
    march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday table figure section page note total""".split()
)


_INITIALS = re.compile(r"\b([A-Z])\.\s+(?=[A-Z]\.)")  # "C. J. Hunter" is "C.J. Hunter"


@lru_cache(maxsize=4096)
def _short_form(entity: str) -> str:
    """A personal name of three or more words by its first and last: "Howard Elliott Ashman"
    is "Howard Ashman". Names with a legal form or lower-case words have no short form."""
    parts = entity.split()
    if len(parts) < 3 or not all(re.fullmatch(r"[A-Z][a-z]+", p) for p in parts):
        return "\0"  # matches no text
    if any(w in _GENERIC_NAME_WORDS for w in words(entity)):
        return "\0"
    return normalize(f"{parts[0]} {parts[-1]}")


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Without accents: a name typed "Rio Hondo" is the "Río Hondo" of the sources."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_SPELLED_OUT = re.compile(r"(?P<head>.*?\S)\s+(?P<words>(?:[A-Z][a-z]+\s+){1,4}[A-Z][a-z]+)")


@lru_cache(maxsize=4096)
def initialism_pattern(name: str) -> re.Pattern[str] | None:
    """How a text may write `name` with its closing initialism spelled out ("Orla WTW": "Orla
    Water Treatment Works") or its closing capitalised words as their initials ("Orla Water
    Treatment Works": "Orla WTW"); None when the name ends in neither."""
    head, _, last = name.strip().rpartition(" ")
    if head and re.fullmatch(r"[A-Z]{2,5}", last):
        words = r"\s+".join(rf"{letter}[a-z]+" for letter in last)
        return re.compile(rf"(?<![\w-]){re.escape(head)}\s+{words}(?![\w-])", re.IGNORECASE)
    spelled = _SPELLED_OUT.fullmatch(name.strip())  # two or more capitalised words close it
    if spelled is None:
        return None
    initials = "".join(w[0] for w in spelled["words"].split())
    return re.compile(rf"(?<![\w-]){re.escape(spelled['head'])}\s+{initials}(?![\w-])")


def mentions(text: str, entity: str) -> bool:
    """Does `text` name `entity`? Exact (normalized) phrase, or most of its distinctive words.
    A name with a quoted nickname is also named without it, or by the nickname and surname."""
    nick = re.search(_NICK, entity)
    if nick:
        before, after = entity[: nick.start()].split(), entity[nick.end() :].split()
        plain = " ".join(before + after)
        called = " ".join([nick.group(0)[1:-1], *after])
        return mentions(text, plain) or mentions(text, called)
    if not entity.strip():
        return False
    if (spelled := initialism_pattern(entity)) is not None and spelled.search(text):
        return True  # "Orla WTW" is "Orla Water Treatment Works"
    text, entity = _INITIALS.sub(r"\1.", fold(text)), _INITIALS.sub(r"\1.", fold(entity))
    if " " not in entity.strip() and entity[:1].isupper():
        # A one-word proper name ("Delta") is not the common word ("the river delta").
        return re.search(rf"(?<!\w){re.escape(entity.strip())}(?!\w)", text) is not None
    norm_text, norm_entity = normalize(text), normalize(entity)
    if norm_entity in norm_text or _short_form(entity) in norm_text:
        return True
    key = [stem(w) for w in words(entity) if w not in STOPWORDS and len(w) > 1]
    named = words(re.sub(r"^(?:the|a|an)\s+", "", entity.strip(), flags=re.IGNORECASE))
    if not key or (len(key) == 1 and len(named) > 1) or 2 * len(set(key)) < len(named):
        # "Counting On" is the phrase, not any text that says "counting"; nor is "I Love the
        # Way You Love Me", mostly common words, a text saying "Love the Way You Lie".
        return False
    present = {stem(w) for w in words(text)}
    # Legal-form words tell "X Co." from "X Ltd.": never optional.
    if any(w in _GENERIC_NAME_WORDS and w not in present for w in key):
        return False
    # Every word counts: "Tindfjell Research Station" is not any other research station.
    return all(w in present for w in key)


def title_name(title: str) -> str:
    """A document title without its qualifier in parentheses: "Groundhog Day (film)" ->
    "Groundhog Day"."""
    return title.split(" (")[0].strip()


def title_head(title: str) -> str:
    """A document title without its qualifier, lower-cased: "groundhog day"."""
    return title_name(title).lower()


def speaks_of(title: str, sentence: str, entity: str) -> bool:
    """Does a sentence of the document titled `title` speak of `entity`? It names it, or the
    title names the entity's leading words and the sentence the rest: "X5 Long Range" in the
    "Voltera X5" review is the "Voltera X5 Long Range"."""
    if mentions(title, entity) or mentions(sentence, entity):
        return True
    parts = entity.split()
    return any(
        mentions(title, " ".join(parts[:k])) and mentions(sentence, " ".join(parts[k - 1 :]))
        for k in range(2, len(parts))
    )


_GENERIC_NAME_WORDS = frozenset(
    """ltd inc co corp corporation company group plc llc limited holding holdings the
    solution services""".split()
)
