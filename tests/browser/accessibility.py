"""The accessibility check of browser tests: axe-core (vendored from the npm registry, MPL-2.0,
see vendor/AXE-LICENSE.txt) run inside the page under test."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")


def violations(page: Page, impacts: tuple[str, ...] = BLOCKING) -> list[dict]:
    """axe's violations on the page as it stands, those of the given impacts only: each
    {id, impact, help, targets}, where targets are the offending elements' selectors."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "targets": [node["target"] for node in v["nodes"]],
        }
        for v in found
        if v["impact"] in impacts
    ]


def summary(found: list[dict]) -> str:
    """One line per violation, for an assertion message."""
    return "\n".join(f"{v['impact']} {v['id']}: {v['help']} at {v['targets']}" for v in found)


def assert_accessible(page: Page) -> None:
    found = violations(page)
    assert found == [], summary(found)
