import re

import pytest
from playwright.sync_api import Page, expect

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser


def test_a_user_logs_in_and_sees_the_navigation(page: Page, live_asgi: str, artifacts_dir) -> None:
    user = UserFactory()
    page.goto(f"{live_asgi}/")
    expect(page).to_have_url(re.compile(r"/login/"))
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page.locator("header nav")).to_contain_text("New research")
    expect(page.locator("header")).to_contain_text(user.username)
    page.screenshot(path=str(artifacts_dir / "home.png"))


def test_a_wrong_password_shows_an_error_and_stays_logged_out(page: Page, live_asgi: str) -> None:
    user = UserFactory()
    page.goto(f"{live_asgi}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "not the password")
    page.click("button[type=submit]")
    expect(page.get_by_role("alert")).to_contain_text("didn't match")
    expect(page.locator("header nav")).to_have_count(0)
