#!/usr/bin/env python3
"""Validate the Dossier development evaluation set (evals/corpora + evals/dev.jsonl).

Standard library only. Run from the repository root:

    .venv/bin/python evals/validate.py          # checks + counts
    .venv/bin/python evals/validate.py -v       # also list unanswerable parts and shared answer strings

Exit status 0 when every check passes, 1 otherwise.

What is checked:
  * corpus folders: corpus.json fields, documents.json entries, every listed file exists,
    title/source/date header of each Markdown file, document length 2,500-7,000 characters,
    no unlisted Markdown files, titles unique across corpora;
  * dev.jsonl: case schema, every corpus listed, evidence titles exist, every answer_any
    string occurs (case-insensitive, whitespace-normalised) in at least one evidence document,
    "(n)"-style goals contain each subgoal verbatim;
  * bridge parts ("hops"): each hop document names the next hop's entity, and no later hop
    document names an earlier hop's entity (so the second hop is reachable only through the
    bridge entity);
  * the required counts (documents, cases, unanswerable cases, enumerations, bridge parts, ...).

Whether an unanswerable part is really unanswerable cannot be checked mechanically; it was
checked by hand (see README.md). With -v the unanswerable subgoals are listed for review.
"""

import json
import os
import re
import sys
import unicodedata
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA_DIR = os.path.join(HERE, "corpora")
DEV = os.path.join(HERE, "dev.jsonl")

TYPES = {"factual", "multipart", "bridge", "comparison", "null"}
MIN_CHARS, MAX_CHARS = 2500, 7000
REQUIRED = {
    "corpora": 4,
    "documents": 32,
    "documents naming a bridge entity": 8,
    "cases": 44,
    "cases with an unanswerable part": 12,
    "cases with >= 4 parts": 12,
    "bridge parts": 8,
    "comparison cases": 3,
    "factual cases": 3,
    "cases spanning >= 2 corpora": 2,
}

errors = []


def err(msg):
    errors.append(msg)


def norm(text):
    text = unicodedata.normalize("NFC", text)
    return re.sub(r"\s+", " ", text).strip().casefold()


def load_corpora():
    docs = {}  # title -> dict(slug, file, text, entity)
    slugs = []
    for slug in sorted(os.listdir(CORPORA_DIR)):
        folder = os.path.join(CORPORA_DIR, slug)
        if not os.path.isdir(folder):
            continue
        slugs.append(slug)
        try:
            meta = json.load(open(os.path.join(folder, "corpus.json"), encoding="utf-8"))
        except Exception as e:
            err(f"{slug}: cannot read corpus.json: {e}")
            continue
        for key in ("name", "slug", "description"):
            if not isinstance(meta.get(key), str) or not meta[key].strip():
                err(f"{slug}/corpus.json: missing or empty {key!r}")
        if meta.get("slug") != slug:
            err(f"{slug}/corpus.json: slug {meta.get('slug')!r} does not match folder name")
        try:
            entries = json.load(open(os.path.join(folder, "documents.json"), encoding="utf-8"))
        except Exception as e:
            err(f"{slug}: cannot read documents.json: {e}")
            continue
        listed = set()
        for entry in entries:
            fn, title, date = entry.get("file"), entry.get("title"), entry.get("date", "MISSING")
            if not fn or not title:
                err(f"{slug}/documents.json: entry without file or title: {entry}")
                continue
            listed.add(fn)
            if date is not None and not (
                isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date)
            ):
                err(f"{slug}/{fn}: date must be YYYY-MM-DD or null, got {date!r}")
            path = os.path.join(folder, fn)
            if not os.path.isfile(path):
                err(f"{slug}/documents.json lists missing file {fn}")
                continue
            text = open(path, encoding="utf-8").read()
            lines = text.split("\n")
            if lines[0] != f"# {title}":
                err(f"{slug}/{fn}: first line {lines[0]!r} does not match title {title!r}")
            m = re.fullmatch(r"Source: (.+), published (.+)", lines[1] if len(lines) > 1 else "")
            if not m:
                err(f"{slug}/{fn}: second line must be 'Source: <source>, published <date>'")
            elif date and m.group(2) != date:
                err(
                    f"{slug}/{fn}: header date {m.group(2)} differs from documents.json date {date}"
                )
            if len(lines) < 3 or lines[2] != "":
                err(f"{slug}/{fn}: third line must be blank")
            if not MIN_CHARS <= len(text) <= MAX_CHARS:
                err(f"{slug}/{fn}: {len(text)} characters, outside {MIN_CHARS}-{MAX_CHARS}")
            if title in docs:
                err(f"duplicate title {title!r} ({docs[title]['slug']} and {slug})")
            docs[title] = {
                "slug": slug,
                "file": fn,
                "text": text,
                "norm": norm(text),
                "entity": entry.get("entity"),
                "table": bool(re.search(r"^\|\s*-{3}", text, re.M)),
            }
        for fn in os.listdir(folder):
            if fn.endswith(".md") and fn not in listed:
                err(f"{slug}/{fn} is not listed in documents.json")
    return slugs, docs


def bridge_documents(docs):
    """Documents that name another document's entity which does not name them back."""
    result = {}
    for title, d in docs.items():
        targets = []
        for other_title, o in docs.items():
            if other_title == title or not o["entity"] or not d["entity"]:
                continue
            if norm(o["entity"]) in d["norm"] and norm(d["entity"]) not in o["norm"]:
                targets.append(o["entity"])
        if targets:
            result[d["entity"]] = targets
    return result


def main():
    verbose = "-v" in sys.argv[1:]
    slugs, docs = load_corpora()
    per_corpus = Counter(d["slug"] for d in docs.values())
    tables = sum(d["table"] for d in docs.values())
    bridges = bridge_documents(docs)

    cases = []
    with open(DEV, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                cases.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"dev.jsonl line {n}: invalid JSON: {e}")

    ids = Counter(c.get("id") for c in cases)
    for i, k in ids.items():
        if k > 1:
            err(f"duplicate case id {i}")

    type_counts = Counter()
    n_unans_cases = n_unans_parts = n_enum = n_bridge_parts = n_cross = 0
    n_parts = n_answerable = 0
    unanswerable_list = []
    shared_answers = []
    for c in cases:
        cid = c.get("id", "?")
        for key in ("id", "goal", "corpora", "type", "parts", "reference_trajectory"):
            if key not in c:
                err(f"{cid}: missing {key!r}")
        ctype = c.get("type")
        if ctype not in TYPES:
            err(f"{cid}: bad type {ctype!r}")
        type_counts[ctype] += 1
        if sorted(c.get("corpora", [])) != sorted(slugs):
            err(f"{cid}: corpora must list every corpus slug {slugs}")
        traj = c.get("reference_trajectory")
        if not (
            isinstance(traj, list) and traj and all(isinstance(q, str) and q.strip() for q in traj)
        ):
            err(f"{cid}: reference_trajectory must be a non-empty list of queries")
        parts = c.get("parts") or []
        if not parts:
            err(f"{cid}: no parts")
        goal = c.get("goal", "")
        numbered = bool(re.search(r"\(1\)", goal))
        if len(parts) >= 4:
            n_enum += 1
        if ctype in ("factual", "bridge", "comparison", "null") and len(parts) != 1:
            err(f"{cid}: single-question type {ctype} must have exactly one part")
        if ctype == "multipart" and len(parts) < 2:
            err(f"{cid}: multipart case with fewer than 2 parts")
        case_corpora = set()
        has_unans = False
        for j, p in enumerate(parts):
            n_parts += 1
            sub = p.get("subgoal")
            if not isinstance(sub, str) or not sub.strip():
                err(f"{cid} part {j}: missing subgoal")
                continue
            if numbered and sub not in goal:
                err(f"{cid} part {j}: subgoal not found verbatim in the numbered goal: {sub!r}")
            if len(parts) == 1 and sub != goal:
                err(f"{cid}: single-part subgoal should equal the goal")
            if p.get("unanswerable"):
                has_unans = True
                n_unans_parts += 1
                unanswerable_list.append((cid, sub))
                if "answer_any" in p or "evidence" in p:
                    err(f"{cid} part {j}: unanswerable part must not carry answer_any/evidence")
                continue
            n_answerable += 1
            answers, evidence = p.get("answer_any"), p.get("evidence")
            if not (
                isinstance(answers, list)
                and answers
                and all(isinstance(a, str) and a.strip() for a in answers)
            ):
                err(f"{cid} part {j}: answer_any must be a non-empty list of strings")
                continue
            if not (isinstance(evidence, list) and evidence):
                err(f"{cid} part {j}: evidence must be a non-empty list of titles")
                continue
            missing = [t for t in evidence if t not in docs]
            if missing:
                err(f"{cid} part {j}: unknown evidence titles {missing}")
                continue
            for t in evidence:
                case_corpora.add(docs[t]["slug"])
            for a in answers:
                if not any(norm(a) in docs[t]["norm"] for t in evidence):
                    err(f"{cid} part {j}: answer {a!r} occurs in no evidence document")
                others = [
                    docs[t]["entity"]
                    for t in docs
                    if t not in evidence and norm(a) in docs[t]["norm"]
                ]
                if others:
                    shared_answers.append((cid, a, others))
            if ctype == "comparison" and len(evidence) < 2:
                err(f"{cid}: comparison part needs both documents as evidence")
            hops = p.get("hops")
            if hops is not None:
                if hops != evidence or len(hops) < 2:
                    err(
                        f"{cid} part {j}: hops must equal the evidence list (>= 2 titles, in hop order)"
                    )
                    continue
                n_bridge_parts += 1
                ents = [docs[t]["entity"] for t in hops]
                for k in range(len(hops) - 1):
                    if norm(ents[k + 1]) not in docs[hops[k]]["norm"]:
                        err(
                            f"{cid} part {j}: hop document {hops[k]!r} does not name bridge entity {ents[k + 1]!r}"
                        )
                for k in range(len(hops)):
                    for later in range(k + 1, len(hops)):
                        if norm(ents[k]) in docs[hops[later]]["norm"]:
                            err(
                                f"{cid} part {j}: later hop {hops[later]!r} names earlier entity {ents[k]!r}"
                            )
        if has_unans:
            n_unans_cases += 1
        if len(case_corpora) >= 2:
            n_cross += 1

    counts = {
        "corpora": len(slugs),
        "documents": len(docs),
        "documents naming a bridge entity": len(bridges),
        "cases": len(cases),
        "cases with an unanswerable part": n_unans_cases,
        "cases with >= 4 parts": n_enum,
        "bridge parts": n_bridge_parts,
        "comparison cases": type_counts["comparison"],
        "factual cases": type_counts["factual"],
        "cases spanning >= 2 corpora": n_cross,
    }
    for key, minimum in REQUIRED.items():
        if counts[key] < minimum:
            err(f"count {key!r} = {counts[key]} is below the required {minimum}")
    if docs and not 0.2 <= tables / len(docs) <= 0.5:
        err(f"{tables} of {len(docs)} documents have a table; aim for about a third")

    print("Corpora:")
    for s in slugs:
        print(f"  {s:18} {per_corpus[s]:3} documents")
    lengths = [len(d["text"]) for d in docs.values()]
    if lengths:
        print(
            f"Document length: min {min(lengths)}, max {max(lengths)}, mean {sum(lengths) // len(lengths)} characters"
        )
    print(f"Documents with a Markdown table: {tables} of {len(docs)}")
    print("Case types: " + ", ".join(f"{t} {type_counts[t]}" for t in sorted(type_counts)))
    print(f"Parts: {n_parts} ({n_answerable} answerable, {n_unans_parts} unanswerable)")
    for key, value in counts.items():
        print(f"  {key:36} {value:4}   (required >= {REQUIRED[key]})")
    if verbose:
        print("\nDocuments naming a bridge entity (entity -> entities with their own document):")
        for e, targets in sorted(bridges.items()):
            print(f"  {e} -> {', '.join(targets)}")
        print("\nUnanswerable parts (check by hand that no document answers them):")
        for cid, sub in unanswerable_list:
            print(f"  {cid}: {sub}")
        print("\nAnswer strings that also occur in a non-evidence document (review for ambiguity):")
        for cid, a, others in shared_answers:
            print(f"  {cid}: {a!r} also in {', '.join(others)}")
    if errors:
        print(f"\nFAILED: {len(errors)} problem(s)")
        for e in errors:
            print("  - " + e)
        return 1
    print("\nOK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
