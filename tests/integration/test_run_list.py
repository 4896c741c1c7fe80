"""The reviewer's runs list (filters by goal, status, corpus, owner and dates) and the side by
side comparison of two runs of one goal."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from research.compare import NOT_ANSWERED_YET
from research.contracts import NO_DATA, Scope
from research.models import ResearchRun
from research.services import run_execute, run_start
from tests.factories import UserFactory
from tests.helpers import make_corpus

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

GOAL = "How many lamps did the Vessa lighthouse have, and how many did the Orlin lighthouse have?"
DOCS = {
    "Vessa lighthouse": "The Vessa lighthouse had 14 lamps when it was rebuilt in 1911.",
    "Orlin lighthouse": "The Orlin lighthouse stood on a granite ledge above the harbour.",
}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def listed(client: Client, **params) -> list[int]:
    html = client.get(reverse("research:runs"), params).content.decode()
    return [int(pk) for pk in re.findall(r'<tr class="run-row" data-run="(\d+)">', html)]


def started(user, goal: str, corpus_ids: list[int], *, days_ago: int = 0) -> ResearchRun:
    run = run_start(user=user, scope=Scope(goal=goal, corpus_ids=corpus_ids), enqueue=False)
    ResearchRun.objects.filter(pk=run.pk).update(
        created=timezone.now() - dt.timedelta(days=days_ago)
    )
    return run


@pytest.fixture
def reader():
    return UserFactory()


@pytest.fixture
def lighthouses(reader):
    group = Group.objects.create(name="keepers")
    reader.groups.add(group)
    return make_corpus(owner=reader, slug="lighthouses", docs=DOCS, groups=[group])


def test_the_runs_list_filters_by_date_range_and_keeps_goal_status_and_corpus(reader) -> None:
    other = make_corpus(owner=reader, slug="harbours", docs={"Quay": "The quay is 300 m long."})
    old = started(reader, "Old lamp count", [], days_ago=10)
    mid = started(reader, "Mid lamp count", [other.pk], days_ago=5)
    new = started(reader, "New quay length", [], days_ago=0)
    ResearchRun.objects.filter(pk=mid.pk).update(status=ResearchRun.Status.FAILED)
    client = client_for(reader)
    today = timezone.now().date()

    assert listed(client) == [new.pk, mid.pk, old.pk]
    assert listed(client, **{"from": str(today - dt.timedelta(days=6))}) == [new.pk, mid.pk]
    assert listed(client, to=str(today - dt.timedelta(days=4))) == [mid.pk, old.pk]
    week, yesterday = today - dt.timedelta(days=6), today - dt.timedelta(days=1)
    assert listed(client, **{"from": str(week), "to": str(yesterday)}) == [mid.pk]
    assert listed(client, q="lamp", status="failed", corpus=other.pk) == [mid.pk]
    assert listed(client, to="2026-02-31") == [new.pk, mid.pk, old.pk]  # no such day: ignored


def test_staff_filter_by_owner_and_others_cannot(reader) -> None:
    colleague, staff = UserFactory(username="colleague"), UserFactory(is_staff=True)
    mine = started(reader, "Reader's lamps", [])
    theirs = started(colleague, "Colleague's lamps", [])
    staff_client = client_for(staff)

    assert listed(staff_client, owner=colleague.pk) == [theirs.pk]
    html = staff_client.get(reverse("research:runs")).content.decode()
    assert '<label for="id_owner">Owner</label>' in html
    assert f'<option value="{colleague.pk}">colleague</option>' in html
    # A researcher sees only their own runs, whatever the query asks.
    assert listed(client_for(reader), owner=colleague.pk) == [mine.pk]
    assert 'id="id_owner"' not in client_for(reader).get(reverse("research:runs")).content.decode()


def test_a_run_offers_to_compare_with_the_previous_run_of_its_goal(reader) -> None:
    first = started(reader, "Lamp count of Vessa", [], days_ago=2)
    started(reader, "Another goal", [], days_ago=1)
    second = started(reader, "Lamp count of Vessa", [], days_ago=0)
    html = client_for(reader).get(reverse("research:runs")).content.decode()

    compare = reverse("research:compare")
    links = re.findall(r'class="compare-link" href="([^"]+)"', html)
    assert links == [f"{compare}?a={first.pk}&amp;b={second.pk}"]


def test_the_comparison_shows_each_part_with_both_runs_answers_and_citations(
    reader, lighthouses
) -> None:
    first = run_start(user=reader, scope=Scope(goal=GOAL, corpus_ids=[lighthouses.pk]),
                      enqueue=False)  # fmt: skip
    run_execute(run_id=first.pk)
    second = started(reader, GOAL, [lighthouses.pk])  # queued: not planned yet

    response = client_for(reader).get(reverse("research:compare"), {"a": first.pk, "b": second.pk})
    html = response.content.decode()

    assert response.status_code == 200
    rows = re.findall(r'<tr class="compare-row">(.*?)</tr>', html, flags=re.S)
    assert len(rows) == 2, html
    vessa = next(r for r in rows if "Vessa" in r.split("</th>")[0])
    orlin = next(r for r in rows if "Orlin" in r.split("</th>")[0])
    left, right = re.findall(r'<td class="answer[^"]*">(.*?)</td>', vessa, flags=re.S)
    assert "<strong>Answered</strong>" in left
    assert "14 lamps" in left and "Vessa lighthouse, p. 1</a>" in left
    assert "/corpora/documents/" in left
    assert f"<strong>{NOT_ANSWERED_YET.capitalize()}</strong>" in right
    orlin_left = re.findall(r'<td class="answer[^"]*">(.*?)</td>', orlin, flags=re.S)[0]
    assert "No data found" in orlin_left and NO_DATA in orlin_left


def test_a_run_the_user_may_not_see_cannot_be_compared(reader) -> None:
    mine = started(reader, "My lamps", [])
    theirs = started(UserFactory(), "Their lamps", [])
    client = client_for(reader)
    url = reverse("research:compare")
    assert client.get(url, {"a": mine.pk, "b": theirs.pk}).status_code == 404
    assert client.get(url, {"a": theirs.pk, "b": mine.pk}).status_code == 404
    assert client.get(url, {"a": mine.pk, "b": "x"}).status_code == 404
    assert client.get(url, {"a": mine.pk}).status_code == 404
    assert client.get(url)["Location"] == reverse("research:runs")
    assert client.get(url, {"a": mine.pk, "b": mine.pk}).status_code == 200
