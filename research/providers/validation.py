"""Checks on what a provider returns, before the loop trusts it."""

from __future__ import annotations

from research.contracts import Assessment, Claim, Snippet, Verdict


def assessment_checked(
    assessment: Assessment, sub_goal_key: str, snippets: list[Snippet]
) -> tuple[Assessment, list[dict[str, object]]]:
    """Citations must name snippets the assessor was shown; others are dropped and reported.

    A 'sufficient' verdict left without a supported claim is downgraded to 'insufficient'.
    """
    shown = {s.id for s in snippets}
    dropped: list[dict[str, object]] = []
    claims: list[Claim] = []
    for claim in assessment.claims:
        kept = [c for c in claim.citations if c.snippet_id in shown]
        for c in claim.citations:
            if c.snippet_id not in shown:
                dropped.append(
                    {
                        "claim": claim.text,
                        "snippet_id": c.snippet_id,
                        "reason": "snippet was not shown for this part",
                    }
                )
        if kept:
            claims.append(claim.model_copy(update={"citations": kept}))
    update: dict[str, object] = {"sub_goal": sub_goal_key, "claims": claims}
    if assessment.verdict == Verdict.SUFFICIENT and not claims:
        update["verdict"] = Verdict.INSUFFICIENT
        update["reason"] = assessment.reason + " (no claim cited a snippet it was shown)"
    follow_ups = [f for f in assessment.follow_ups if f.suggested_by in (None, *shown)]
    update["follow_ups"] = follow_ups
    return assessment.model_copy(update=update), dropped
