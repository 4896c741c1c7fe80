"""Logging a test user in through the real login form."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.factories import PASSWORD


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
