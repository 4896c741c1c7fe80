"""Summaries: "summarize the governance changes of X in 2021" is answered by quoting the
passage that treats the topic, not the one sentence that best repeats the question.

The best sentence's paragraph is quoted whole. The paragraphs around it, in the retrieved chunks
of its document within REACH of its own, give their opening sentence when it keeps to the
topic (it states a question term), with the next sentence when it goes on from it ("These
plans include ..."), and every sentence dated to the asked year (or, when the best paragraph
sets that year, to a month of no other year): a lead-sentence extract, the
usual baseline of extractive summarisation. Past the cap, the paragraphs after the best
sentence's win over those before it, and a best sentence that opens its paragraph ("In 2018,
X underwent several significant events ...") is read on from twice as far; one that sums up
("Overall, ...") is read back from instead.
"""

from __future__ import annotations

import re

from research.agents.answers import Found, _stems, covers, distinct, recap
from research.agents.dates import YEAR, months
from research.agents.passages import paragraph_sentences
from research.agents.questions import SOFT
from research.agents.text import line_around
from research.contracts import Snippet

SUMMARY_MAX = 16  # quoted sentences in all
PARAGRAPH_MAX = 8  # of them from the best sentence's own paragraph
REACH = 4  # chunks either side of the best sentence's that the topic may run on into

_ASKS = re.compile(
    r"\b(?:summari[sz]e|sum up|(?:give|provide) an overview|overview of"
    r"|outline (?:the|its|their|how|what|which))\b",
    re.IGNORECASE,
)


# A sentence that spells out the one before it by pointing back: "These plans include ...".
# Narrower than passages' continuation ("The company ..." may start another matter here).
_SPELLS_OUT = re.compile(r"(?:These|This|Such|Those|They)\b")


def asks_summary(question: str) -> bool:
    return bool(_ASKS.search(question))


def _dated(sentence: str, years: set[str], in_year: bool) -> bool:
    """Dated to an asked year; or, in a passage that sets the asked year ("In 2018, the
    company ..."), to a month of no other year ("Additionally, in September, ...")."""
    stated = set(YEAR.findall(sentence))
    return bool(years & stated) or (in_year and not stated and bool(months(sentence)))


def summary(first: Found, own: list[Snippet], terms: list[str]) -> list[Found]:
    """`first` with its paragraph, then the topic's other paragraphs nearby, in document
    order; at most SUMMARY_MAX sentences. Those after `first` come before those ahead of it,
    and a `first` that opens its paragraph opens the topic, read on twice as far; a `first`
    that sums up looks back instead, twice as far."""
    line = line_around(first.snippet.text, first.start)[0]
    back = recap(first.sentence)
    opener = first.start == line and not back
    doc = sorted(
        (
            s
            for s in own
            if s.document_id == first.snippet.document_id
            and -REACH * (2 if back else 1)
            <= s.ordinal - first.snippet.ordinal
            <= REACH * (2 if opener else 1)
        ),
        key=lambda s: s.ordinal,
    )
    years = {t for t in terms if YEAR.fullmatch(t)}
    topic = [t for t in terms if t not in SOFT and t not in years]
    spans = paragraph_sentences(doc)
    home = next(
        (n for n, snip, start, _, _ in spans if snip.id == first.snippet.id and start >= line),
        None,
    )
    if home is None:  # the best sentence is a fragment at a chunk's start
        return [first]
    in_year = any(
        _dated(snip.text[start:end], years, False) for n, snip, start, end, _ in spans if n == home
    )
    own_paragraph: list[Found] = []
    nearby: list[tuple[bool, Found]] = []
    led: set[int] = set()
    quoted_lead: int | None = None  # the paragraph whose lead was just quoted
    for number, snip, start, end, opens in spans:
        found = Found(snip, start, end, first.score)
        if number == home:
            own_paragraph.append(found)
            continue
        sentence = snip.text[start:end]
        lead = opens and number not in led
        led.add(number)
        on_topic = any(covers(t, _stems(sentence)) for t in topic)
        # "... has outlined improvement plans." is spelled out by "These plans include ...".
        goes_on = quoted_lead == number and bool(_SPELLS_OUT.match(sentence))
        if (lead and on_topic) or goes_on or _dated(sentence, years, in_year):
            nearby.append(((number < home) != back, found))
        quoted_lead = number if lead and on_topic else None
    nearby.sort(key=lambda n: n[0])
    kept = distinct(own_paragraph)[:PARAGRAPH_MAX]
    kept += distinct(kept + [f for _, f in nearby])[len(kept) :][: SUMMARY_MAX - len(kept)]
    return sorted(kept, key=lambda f: (f.snippet.ordinal, f.start))
