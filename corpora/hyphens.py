"""Two lines of one paragraph joined: a space, or a line-end hyphen undone or kept.

A hyphen at a line end is undone only where the joined word is a word ("reli-" + "able"),
judged by the document's own vocabulary; before a digit or a capital it is part of the text
("QX-" + "17", "PO-2024-" + "0031", "Langmoor-" + "Based").
"""

from __future__ import annotations

import re

_SUFFIXES = ("ment", "tion", "sion", "ing", "able", "ible", "ness", "ity", "ous", "ive", "ance")
_SUFFIXES += ("ence", "ed", "ly", "al", "er", "ers", "ions", "ure", "ant", "ent", "ism", "ist")


def join_lines(left: str, right: str, words: set[str]) -> str:
    """Two lines of one paragraph joined: a space, or a line-end hyphen undone or kept."""
    if not left.endswith("-") or left.endswith(" -"):
        return f"{left} {right}"
    head = re.search(r"([^\W\d_]+)-$", left)
    tail = re.match(r"[^\W\d_]+", right)
    if head and tail and right[0].islower() and _is_one_word(head.group(1), tail.group(0), words):
        return f"{left[:-1]}{right}"
    return f"{left}{right}"  # "QX-17", "PO-2024-0031", "Langmoor-based": the hyphen is meant


def _is_one_word(head: str, tail: str, words: set[str]) -> bool:
    joined, hyphened = (head + tail).lower(), f"{head}-{tail}".lower()
    if hyphened in words:
        return False
    if joined in words:
        return True
    if head.lower() in words and tail.lower() in words:
        return tail.lower().endswith(_SUFFIXES) and len(tail) <= 5
    return True
