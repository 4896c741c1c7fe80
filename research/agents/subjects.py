"""Other subjects a part may be read from when the planned one leads nowhere: those the
question gives by a retrieved document's title."""

from __future__ import annotations

from research.agents.questions import is_demonym, without_source
from research.agents.text import mentions, names, title_name, words
from research.contracts import Snippet, SubGoal


def titled_instead(sub_goal: SubGoal, snippets: list[Snippet]) -> list[str]:
    """Other subjects the question gives by a retrieved document's whole title: "On the
    Knocking at the Gate in Macbeth is an essay by what essayist best known for "Confessions of
    an English Opium-Eater"?" is asked of the essay's document, "Which movie directed by James
    Gunn portrayed Ego the Living Planet?" of Ego's, which names the film; then those it gives
    by a part of one ("Schapira" of "Esther Schapira")."""
    question = without_source(sub_goal.text)
    entity = sub_goal.entity.lower()
    titles = dict.fromkeys(title_name(s.title) for s in snippets)
    whole = [t for t in titles if len(words(t)) > 1 and mentions(question, t)]
    named = [
        n
        for n in names(question)
        if not is_demonym(n) and any(mentions(t, n) for t in titles) and n not in whole
    ]
    # a title that goes on from the planned subject ("United States Senate election in Hawaii,
    # 1992" of "United States Senate") is another subject; one it holds whole is the same
    return [n for n in whole + named if n.lower() not in entity]
