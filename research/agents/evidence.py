"""The offline judge: is the asked fact, for the asked entity, stated in a snippet?

High vector similarity is never enough: a sufficient verdict needs a sentence from a snippet
that names the entity (or a bridge entity named there) and states the asked fact's terms, with
the answer type the question asks for (a number, a date, a name).
"""

from __future__ import annotations

import re
from functools import partial

from corpora.units import is_row
from research.agents.answers import (
    ACCEPT,
    Found,
    _claim,
    _fact_stems,
    _short,
    _stems,
    best_sentence,
    compounds,
    coverage,
    covers,
    distinct,
    doc_context,
    split,
)
from research.agents.bridge_names import MAX_BRIDGES, bridges, listed
from research.agents.bridges import Reading, best_route, followable, links, next_hops, via
from research.agents.comparisons import article_titled, combine, compared_by, shared_claims
from research.agents.dates import MONTHS, YEAR, passive_event
from research.agents.introductions import (
    eponym_origin,
    same_name,
    with_antecedents,
    with_description,
    with_subject,
)
from research.agents.lexicon import members_of
from research.agents.passages import (
    aside_terms,
    asks_what_it_is,
    continuation,
    definition,
    head_word,
    kind_named,
    linked_outcome,
    more_sentences,
    named_in_answer,
    outcome_sentences,
    titled_definition,
    told_apart,
)
from research.agents.places import asks_place, place_of
from research.agents.questions import (
    FRAME,
    KINDS,
    ORIGIN,
    ORIGIN_VERBS,
    SOFT,
    along_the_way,
    answer_nouns,
    answer_type,
    asked_fact,
    asked_verb,
    asks_definition,
    asks_money,
    asks_plans,
    counted,
    described_kind,
    given_numbers,
    heads,
    is_demonym,
    measured_by,
    naming,
    numbers_in,
    outcome_phrase,
    outcome_terms,
    source_words,
    without_source,
)
from research.agents.relations import eponym
from research.agents.scorer import candidate_claim
from research.agents.subjects import titled_instead
from research.agents.summaries import asks_summary, summary
from research.agents.support import (
    Frame,
    alias_forms,
    aliases,
    measured_columns,
    measures_its_thing,
    states_amount,
    states_quantity,
)
from research.agents.table_lookup import table_answer
from research.agents.text import (
    QUESTION_WORDS,
    STOPWORDS,
    content_terms,
    mentions,
    names,
    qualifiers_of_others,
    query_words,
    speaks_of,
    stem,
    words,
)
from research.agents.unasked import alternatives, restated, second_conjuncts
from research.contracts import Assessment, FollowUp, Snippet, SubGoal, Verdict


def _query_words(question: str, exclude: list[str], covered: set[str] | None = None) -> str:
    """The question's own words for a follow-up query, minus the excluded ones."""
    return query_words(question, skip={stem(w) for w in exclude} | (covered or set()) | FRAME)


_ORDER = frozenset(stem(w) for w in "first sooner before after around existed existence".split())


def _states_event(
    found: Found, event: list[str], outcome: frozenset[str], soft: frozenset[str]
) -> bool:
    """Without the outcome's words to weigh, "how did X lead to Y" needs X's own words in
    the sentence, not just its date ("In July 2021, ..." is not the July debt restructuring)."""
    if not outcome:
        return True
    named = [t for t in event if not YEAR.fullmatch(t) and t not in _MONTH_STEMS]
    return not named or coverage(named, found.sentence, soft) >= ACCEPT


_MONTH_STEMS = frozenset(stem(m) for m in MONTHS)


def _states_relation(found: Found, terms: list[str], question: str, soft: frozenset[str]) -> bool:
    """Asked "which American swimmer was X's relay partner", a sentence stating only the kind
    ("X is an American swimmer") describes one of that kind; it must state the relation too."""
    kind = heads(question) | described_kind(question)
    relation = [t for t in terms if t not in kind and t not in SOFT and t not in soft]
    stated = _fact_stems(found.sentence)
    return not relation or any(covers(t, stated) for t in relation)


def assess_entity(
    sub_goal: SubGoal,
    entity: str,
    snippets: list[Snippet],
    searched: list[str],
    siblings: tuple[str, ...] = (),
) -> Assessment:
    """The verdict for one entity of a sub-goal; `siblings`: the goal's other subjects."""
    question = without_source(sub_goal.text)
    kind = answer_type(question)
    measured = measured_columns(s.text for s in snippets)
    if kind == "any" and measured_by(question, measured):
        kind = "number"  # a quantity the documents' tables measure
    by = compared_by(question) if sub_goal.compare else kind
    # "Which company had the higher X": one of them, told apart by its X; "which film came
    # out first": told apart by their dates.
    if kind == "name" or (kind == "any" and by == "date"):
        kind = by
    exclude = words(" ".join([entity, *sub_goal.compare]))
    exclude += qualifiers_of_others(question, entity, sub_goal.compare)
    exclude += _kind_of_code(question, entity)
    must = counted(question)
    asked_text = asked_fact(question, kind)
    terms = [t for t in content_terms(asked_text, exclude=exclude) if t not in FRAME or t in must]
    terms = compounds(terms, set().union(*doc_context(snippets).values()))
    if sub_goal.compare and by == "date":  # "which came first": the order, not a fact to find
        terms = [t for t in terms if t not in _ORDER]
    if sub_goal.compare:  # "which band, A or B": the kind of both, not asked of either
        terms = [t for t in terms if t not in answer_nouns(question)] or terms
    if re.search(r"\bwho\b.*\b(?:older|younger|oldest|youngest)\b", question, re.I):
        terms += [] if "born" in terms else ["born"]  # a person's age: the birth date
    along = along_the_way(question, terms)
    searched_norm = {" ".join(s.lower().split()) for s in searched}
    also = [alias_forms(a) for a in aliases(entity, [s.text for s in snippets])]
    called = tuple(f for forms in also for f in forms)
    own = [
        s
        for s in snippets
        if speaks_of(s.title, s.text, entity)
        or any(mentions(s.title, n) or mentions(s.text, n) for n in called)
    ]
    asked = _query_words(question, exclude)
    told, aside = None, aside_terms(question) if entity.islower() else []
    if aside:  # a subject named only by its kind, told apart by the clause after it
        own, told = told_apart(own, aside)
        terms = [t for t in terms if t not in aside] or terms
    if not own:
        follow = f'"{entity}" {asked}'.strip()
        if follow.lower() not in searched_norm and len(searched) < 3:
            return Assessment(
                sub_goal=sub_goal.key,
                verdict=Verdict.INSUFFICIENT,
                missing=[f"any passage naming {entity}"],
                follow_ups=[FollowUp(text=follow, entity=entity)],
                reason=f"No retrieved passage names {entity}; searching for the name itself.",
            )
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.UNANSWERABLE,
            missing=[f"any passage naming {entity}"],
            reason=f"No passage in the selected sources names {entity}.",
        )
    soft = alternatives(question, entity) | restated(question)
    if kind == "date":  # "when did it launch its X and Y initiatives": either is the event
        soft |= second_conjuncts(question)
    if sub_goal.compare and kind == "date":  # each entity's date of origin, in any words
        soft |= ORIGIN
    known = (entity, *names(question))
    identity = asks_what_it_is(question, entity)
    if (asks_definition(question) or identity) and (defined := definition(entity, own)):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(defined)],
            reason=f"“{_short(defined.sentence)}” defines {entity}.",
        )
    word = head_word(entity) if identity else None  # "the Landsman Kill": a kill, says its page
    if word and (kind_of := kind_named(entity, word, own, snippets)):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(f) for f in kind_of],
            reason=f"{entity} is named as a {word}; the page on {word} says what one is.",
        )
    if kind != "yesno" and asks_place(question) and (placed := place_of(entity, own)):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(placed)],
            reason=f"“{_short(placed.sentence)}” says where {entity} is.",
        )
    event = passive_event(question) or naming(question)
    named_for = eponym(question)
    formed = [s for s in own if named_for[0].search(s.text)] if named_for else []
    if formed:  # "what subject named for Charles Fort": "Fortean subjects"
        event = ()
        terms = [t for t in terms if t not in content_terms(named_for[1])] or terms
    # Compared by their origin, a band "founded in 1993" was formed then: a sentence saying
    # so in any of the verbs, else one that dates the thing itself ("is a 2004 film").
    origin = bool(sub_goal.compare) and kind == "date" and any(t in ORIGIN for t in terms)
    same = ORIGIN if origin else frozenset()
    done = not asks_plans(question)  # what was done: a plan does not answer
    # A hard term may sit anywhere in the retrieved text of the sentence's document, also in
    # chunks that do not name the entity (the report's year, for a firm it acquired).
    held = {s.document_id for s in own}
    pool = [s for s in snippets if s.document_id in held]
    find = partial(
        best_sentence, pool=pool, soft=soft, known=known, subject=entity, must=must,
        along=along, event=event or (ORIGIN_VERBS if origin else ()), synonyms=same,
        done=done, hint=source_words(sub_goal.text) - SOFT - {stem(w) for w in exclude},
        called=called, question=question, siblings=siblings,
        given=given_numbers(question) - numbers_in(entity, *sub_goal.compare, *called),
    )  # fmt: skip
    sentence_kind = "any" if kind == "yesno" else kind
    # "How did X lead to Y": find X; the sentences quoted with it say what it led to.
    outcome = outcome_terms(question) - {stem(w) for w in exclude}  # not the entity's name
    event_terms = [t for t in terms if t not in outcome] or terms
    # Told apart by a value, the kind both are of is not asked of either ("which wind farm was
    # commissioned earlier"), though a sentence dating the thing itself may use it ("is a 2004
    # documentary film", below).
    valued = sub_goal.compare and by != "any"
    first = [t for t in event_terms if not valued or t not in heads(question)] or event_terms
    direct = find(first, formed or own, sentence_kind)
    if direct and formed and not named_for[0].search(direct.sentence):
        direct = None
    if origin and not (direct and direct.score >= ACCEPT):
        direct = find(event_terms, own, sentence_kind, event=())
    verb = "" if outcome else asked_verb(question)  # "how did X lead to Y": X's own words
    if (
        direct
        and direct.score >= ACCEPT
        and _states_event(direct, event_terms, outcome, soft)
        # a "how many" sentence counts the asked noun (`find` requires it), in its own verb:
        # "call at 14 harbours" answers "how many harbours did it link"
        and (not verb or verb in soft or must or covers(verb, _fact_stems(direct.sentence)))
        and (kind not in ("name", "any") or _states_relation(direct, terms, question, soft))
        and states_quantity(question, direct.sentence, measured)
        and measures_its_thing(question, direct.sentence, _frame(direct))
        and (not asks_money(question) or states_amount(direct.sentence))
    ):
        claims, unsupported = [_claim(direct)], []
        if told and told.sentence != direct.sentence:  # the clause telling the subject apart
            claims.append(_claim(told))
        if formed and (origin_of := eponym_origin(direct, *named_for, snippets)):
            claims.append(_claim(origin_of))  # the named one's page using the word too
        if kind == "any" and asks_summary(question):  # the passage on the topic, not a line
            claims = [_claim(f) for f in summary(direct, own, terms)]
        elif kind == "any":  # a how/why/describe question: quote the explanation's sentences,
            more = continuation(direct, own, entity)  # then the other strong sentences too
            more += more_sentences(terms, own, direct, soft, entity, done)
            linked = linked_outcome(direct, outcome) if outcome else []
            more += linked + outcome_sentences(direct, own, outcome)
            claims += [_claim(f) for f in distinct([direct, *more])[1:]]
            if outcome and not linked:  # X is stated; that it led to Y is not, next to X
                unsupported = [outcome_phrase(question)]
        reads: list[FollowUp] = []
        if not asks_summary(question) and not sub_goal.compare:  # what the names it names are
            for said, words_of in ((direct, terms), *([(told, aside)] if told else [])):
                defined, unread = named_in_answer(said, entity, question, words_of, snippets)
                claims += [_claim(f) for f in defined]
                reads += [FollowUp(text=n, entity=n, suggested_by=said.snippet.id) for n in unread]
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=claims,
            missing=unsupported,
            follow_ups=reads,
            reason=f"“{_short(direct.sentence)}” states it for {entity} "
            f"(term coverage {direct.score:.2f}).",
        )
    # "Which case was decided first": the thing's own date, when nothing but the verb is
    # asked of it ("which company changed its board earlier" asks for an event of its own)
    itself = len([t for t in first if t not in KINDS]) <= 1
    if sub_goal.compare and kind == "date" and itself and (dated := _dated_itself(entity, own)):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(dated)],
            reason=f"“{_short(dated.sentence)}” dates {entity} itself.",
        )
    candidates = bridges(entity, question, own, terms, snippets)
    reading = Reading(
        question, entity, kind, terms, soft, known, must, along, doc_context(own), event
    )
    tried = followable(candidates, snippets)
    asked_with = tuple(k for k in known[1:] if k != entity and not is_demonym(k))
    routes = [
        r
        for n, sid, named in tried
        for link in links(n, sid, own, asked_with)
        if (r := via(reading, n, link, snippets, named=named))
    ]
    if routes:
        route = best_route(routes, entity)
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(f) for f in route.claims],
            reason=f"{entity} leads to {' and then '.join(route.path)}, whose passage states "
            "the asked fact.",
        )
    paired = find(event_terms, own, sentence_kind, pairs=True)
    if paired and paired.score >= ACCEPT and _states_event(paired, event_terms, outcome, soft):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=[_claim(f) for f in split(paired)],
            reason=f"“{_short(paired.sentence)}” states it for {entity} over two sentences "
            f"(term coverage {paired.score:.2f}).",
        )
    missing = [t for t in terms if t not in SOFT] or terms
    follow_ups = [FollowUp(text=word, entity=word)] if word else []
    for forms in also:  # the name the documents give the subject may be how they state it
        text = f"{forms[-1]} {asked}".strip()
        if text.lower() not in searched_norm:
            follow_ups.append(FollowUp(text=text, entity=forms[-1]))
    named = members_of(terms)  # "senior management changes": ask for the CFO, the CEO
    if named and (text := f"{entity} {' '.join(named)}").lower() not in searched_norm:
        follow_ups.append(FollowUp(text=text, entity=entity))
    if run := listed(candidates, snippets):  # "which star of X was Canadian": all at once
        sid = next(i for n, i in candidates if n in run)
        text = f"{' '.join(run)} {_query_words(question, exclude, _stems(' '.join(run)))}"
        if text.strip().lower() not in searched_norm:
            follow_ups.append(FollowUp(text=text.strip(), entity=run[0], suggested_by=sid))
    hops = candidates[:MAX_BRIDGES] + next_hops(reading, candidates, snippets)
    for name, sid in hops:
        link_stems = _stems(next(s for s in snippets if s.id == sid).text)
        text = f"{name} {_query_words(question, exclude, link_stems) or asked}".strip()
        if text.lower() not in searched_norm:
            follow_ups.append(FollowUp(text=text, entity=name, suggested_by=sid))
    if not follow_ups:
        focused = f'"{entity}" {asked}'.strip()
        if focused.lower() not in searched_norm and len(searched) < 3:
            follow_ups = [FollowUp(text=focused, entity=entity)]
    verdict = Verdict.INSUFFICIENT if follow_ups else Verdict.UNANSWERABLE
    reason = f"Passages name {entity} but none states {asked or 'the asked fact'}" + (
        "; following up on names they mention." if follow_ups else "; searches exhausted."
    )
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=verdict,
        missing=[asked or " ".join(missing)],
        follow_ups=follow_ups,
        reason=reason,
    )


def assess_offline(
    sub_goal: SubGoal,
    snippets: list[Snippet],
    searched: list[str],
    siblings: tuple[str, ...] = (),
) -> Assessment:
    """Per entity; a comparison is sufficient only when every compared entity has evidence,
    a choice ("which singer, A or B, ...") when one has it (see comparisons.py). `siblings`:
    the subjects of the goal's other parts."""
    question = without_source(sub_goal.text)
    entities = [
        article_titled(e, snippets, question) for e in sub_goal.compare or [sub_goal.entity]
    ]
    if len(entities) > 1 and (shared := shared_claims(sub_goal, entities, snippets)):
        return Assessment(
            sub_goal=sub_goal.key,
            verdict=Verdict.SUFFICIENT,
            claims=shared,
            reason=f"The passages on {' and '.join(entities)} name the same thing; it is "
            "the only one the question's words single out.",
        )
    parts = [assess_entity(sub_goal, e, snippets, searched, siblings) for e in entities]
    verdict = parts[0] if len(parts) == 1 else combine(sub_goal, entities, parts, snippets)
    if verdict.verdict != Verdict.SUFFICIENT and len(entities) == 1:
        by_id = {s.id: s for s in snippets}
        for other in titled_instead(sub_goal, snippets):
            alt = assess_entity(sub_goal, other, snippets, searched, siblings)
            cited = [by_id[c.snippet_id] for claim in alt.claims for c in claim.citations]
            # Read through to a further document, not back to the planned subject's own: a
            # sentence of the other's that merely names the asked thing ("passes near the
            # Landsman Kill") says nothing of it. The other's own document may be titled by
            # the planned subject and more ("United States Senate election in Hawaii, 1992").
            if (
                alt.verdict == Verdict.SUFFICIENT
                and len({s.document_id for s in cited}) > 1
                and not any(
                    same_name(s.title, sub_goal.entity) and not same_name(s.title, other)
                    for s in cited
                )
            ):
                verdict = alt
                break
            if alt.verdict == Verdict.INSUFFICIENT:  # its leads are the part's too, after
                verdict = verdict.model_copy(
                    update={"follow_ups": [*verdict.follow_ups, *alt.follow_ups]}
                )
    if len(entities) == 1 and (verdict.verdict != Verdict.SUFFICIENT or _quotes_row(verdict)):
        verdict = _table_answer(sub_goal, question, entities[0], snippets) or verdict
    verdict = with_subject(verdict, sub_goal, entities, snippets)
    return with_antecedents(with_description(verdict, sub_goal, entities, snippets), snippets)


def _frame(found: Found) -> Frame:
    return Frame(title=found.snippet.title, section=found.snippet.section)


def _kind_of_code(question: str, entity: str) -> list[str]:
    """ "the supplier of contract KX-7": the word before a code says what the code is, so it
    names the subject and is no fact to find; [] when the entity is no code."""
    if not re.search(r"\d", entity):
        return []
    before = re.search(rf"\b([a-z][a-z-]+)\s+{re.escape(entity)}(?![\w-])", question)
    if not before or before.group(1) in STOPWORDS or before.group(1) in QUESTION_WORDS:
        return []
    return [before.group(1)]


def _quotes_row(verdict: Assessment) -> bool:
    """The answer quotes a table row: the table's reading (its named row and column, or the
    extreme asked for) decides which row, not the words a row shares with the question."""
    first = verdict.claims[0].citations if verdict.claims else []
    return bool(first) and is_row(first[0].quote)


def _dated_itself(entity: str, own: list[Snippet]) -> Found | None:
    """ "Which case was decided first?" with no sentence saying "decided": the sentence that
    defines the thing on its own page, when it gives one year ("Reynolds v. Sims, 377 U.S. 533
    (1964) was a ... case"), dates it. Two years there ("(1900-1980)") say nothing of which."""
    defined = titled_definition(entity, own)
    return defined if defined and len(set(YEAR.findall(defined.sentence))) == 1 else None


def _table_answer(
    sub_goal: SubGoal, question: str, entity: str, snippets: list[Snippet]
) -> Assessment | None:
    """The cell of the row and column the question names (table_lookup.py), where no sentence
    above answered."""
    cell = table_answer(question, entity, snippets)
    if cell is None:
        return None
    return Assessment(
        sub_goal=sub_goal.key,
        verdict=Verdict.SUFFICIENT,
        claims=[candidate_claim(cell)],
        reason=f"The table row “{cell.frame.row_label}” holds {cell.cell}, the column and row "
        f"the question names for {entity}.",
    )
