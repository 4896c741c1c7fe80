"""Isolation, property-style: random users, groups and corpora; every URL in the URLconf.

Every pattern is listed from `get_resolver()` (admin included), so a new URL is probed without
anyone adding it here. Its parameters are filled with objects of groups the user is not in: app
pages must answer 404 (never 403, never the data), admin pages must send a non-staff user to the
admin login. A parameter this file cannot fill fails the test with the pattern's name.
"""

from __future__ import annotations

import itertools
import random
import re
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass, field

import pymupdf
import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, path, resolve
from django.urls.resolvers import RegexPattern, RoutePattern

from corpora.models import Chunk, Corpus, Document
from corpora.selectors import (
    chunks_around,
    document_chunk_counts,
    documents_titled,
    titles_near,
)
from corpora.services.corpora import corpus_create
from corpora.services.ingestion import document_ingest
from corpora.services.uploads import document_add
from corpora.vocabulary import terms_present
from research.contracts import Scope
from research.models import ResearchRun, RunEvent
from research.services import run_start
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

User = get_user_model()
SEEDS = [11, 2027]
METHODS = ("get", "post")
PER_PARAM = 2  # foreign values tried per parameter and pattern


@pytest.fixture(autouse=True)
def _isolated(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.STAFF_SEES_ALL_CORPORA = False


# ---------------------------------------------------------------------------------- world


@dataclass
class World:
    rng: random.Random
    users: list = field(default_factory=list)
    groups: dict[int, set[int]] = field(default_factory=dict)  # user pk -> group pks
    corpora: list[Corpus] = field(default_factory=list)
    corpus_groups: dict[int, set[int]] = field(default_factory=dict)
    documents: dict[int, list[Document]] = field(default_factory=dict)  # corpus pk -> docs
    runs: dict[int, list[ResearchRun]] = field(default_factory=dict)  # user pk -> runs
    markers: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    def sees(self, user, corpus: Corpus) -> bool:
        """The rule (public, owned, or a shared group), computed from how the world was built,
        not from the product's selectors."""
        if corpus.is_public or corpus.owner_id == user.pk:
            return True
        return bool(self.groups[user.pk] & self.corpus_groups[corpus.pk])

    def corpora_for(self, user, *, visible: bool) -> list[Corpus]:
        return [c for c in self.corpora if self.sees(user, c) is visible]

    def documents_for(self, user, *, visible: bool) -> list[Document]:
        return [d for c in self.corpora_for(user, visible=visible) for d in self.documents[c.pk]]

    def runs_for(self, user, *, own: bool) -> list[ResearchRun]:
        return [r for pk, runs in self.runs.items() if (pk == user.pk) is own for r in runs]

    def foreign_markers(self, user) -> list[str]:
        found = [
            m for c in self.corpora_for(user, visible=False) for m in self.markers[("c", c.pk)]
        ]
        found += [
            m for d in self.documents_for(user, visible=False) for m in self.markers[("d", d.pk)]
        ]
        found += [m for r in self.runs_for(user, own=False) for m in self.markers[("r", r.pk)]]
        return found


def _word(rng: random.Random) -> str:
    return "zq" + "".join(rng.choice("bcdfghjklmnpstvwx") for _ in range(9))


def _pdf(text: str) -> bytes:
    doc = pymupdf.open()
    doc.new_page().insert_textbox(pymupdf.Rect(72, 72, 520, 770), text, fontsize=11)
    return doc.tobytes()


def build_world(seed: int) -> World:
    """4 groups, 5 users with random memberships, 5 corpora with random groups, one maybe
    public; each corpus holds a text and a PDF document, each user two runs."""
    rng = random.Random(seed)
    world = World(rng)
    groups = [Group.objects.create(name=f"g{seed}-{i}") for i in range(4)]
    for i in range(5):
        user = UserFactory(username=f"u{seed}-{i}")
        mine = rng.sample(groups, rng.randint(0, 2))
        user.groups.set(mine)
        world.users.append(user)
        world.groups[user.pk] = {g.pk for g in mine}
    public_index = rng.choice([None, None, 0, 1, 2, 3, 4])
    for i in range(5):
        word = _word(rng)
        shared = rng.sample(groups, rng.randint(0, 2))
        corpus = corpus_create(
            owner=rng.choice(world.users), name=f"Corpus {word}", slug=f"c-{word}",
            description=f"Reports about {word}.", groups=shared, is_public=i == public_index,
        )  # fmt: skip
        world.corpora.append(corpus)
        world.corpus_groups[corpus.pk] = {g.pk for g in shared}
        world.markers[("c", corpus.pk)] = [corpus.name, corpus.slug, corpus.description]
        world.documents[corpus.pk] = []
        for kind in ("txt", "pdf"):
            secret = _word(rng)
            text = f"The {secret} depot in {word} charged {rng.randint(10, 99)} buses nightly."
            data = text.encode() if kind == "txt" else _pdf(text)
            outcome = document_add(corpus=corpus, data=data, filename=f"{secret}.{kind}",
                                   user=corpus.owner, title=f"Doc {secret}",
                                   enqueue=False)  # fmt: skip
            assert document_ingest(document_id=outcome.document.pk).status == "ready"
            doc = Document.objects.get(pk=outcome.document.pk)
            world.documents[corpus.pk].append(doc)
            world.markers[("d", doc.pk)] = [doc.title, secret]
    for user in world.users:
        world.runs[user.pk] = []
        for _ in range(2):
            word = _word(rng)
            run = run_start(user=user, scope=Scope(goal=f"Goal {word}", corpus_ids=[]),
                            enqueue=False)  # fmt: skip
            world.runs[user.pk].append(run)
            world.markers[("r", run.pk)] = [f"Goal {word}"]
    return world


# ------------------------------------------------------------------------ the URL patterns


@dataclass(frozen=True)
class Route:
    segments: tuple[object, ...]  # the pattern objects from the root down
    pattern: URLPattern

    @property
    def display(self) -> str:
        return "".join(str(s) for s in self.segments)

    @property
    def is_admin(self) -> bool:
        return self.display.startswith("admin/")

    def params(self) -> list[str]:
        names: list[str] = []
        for seg in self.segments:
            if isinstance(seg, RoutePattern):
                names += list(seg.converters)
            elif isinstance(seg, RegexPattern):
                names += list(seg.regex.groupindex)
        return names


def routes(resolver: URLResolver | None = None) -> list[Route]:
    def walk(patterns: list, prefix: tuple[object, ...]) -> Iterator[Route]:
        for p in patterns:
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, (*prefix, p.pattern))
            else:
                yield Route((*prefix, p.pattern), p)

    return list(walk((resolver or get_resolver()).url_patterns, ()))


class Unfillable(AssertionError):
    pass


def _fill_regex(regex: str, values: dict[str, str]) -> str:
    out, i = [], 0
    while i < len(regex):
        match = re.match(r"\(\?P<(\w+)>", regex[i:])
        if match:
            depth, j = 1, i + match.end()
            while depth:
                depth += {"(": 1, ")": -1}.get(regex[j], 0) if regex[j - 1] != "\\" else 0
                j += 1
            out.append(values[match[1]])
            i = j
        else:
            out.append(regex[i])
            i += 1
    text = "".join(out).removeprefix("^").removesuffix("$").replace("\\", "")
    if re.search(r"[\^$*+?()\[\]{}|]", text):
        raise Unfillable(f"cannot build a URL from the regex {regex!r}")
    return text


def build_url(route: Route, values: dict[str, str]) -> str:
    parts = []
    for seg in route.segments:
        if isinstance(seg, RoutePattern):
            parts.append(re.sub(r"<(?:[^>:]+:)?([^>]+)>", lambda m: values[m[1]], str(seg)))
        else:
            parts.append(_fill_regex(str(seg), values))
    url = "/" + "".join(parts)
    match = resolve(url)
    # A route may be shadowed on purpose by an earlier, stricter one (ragsite's admin
    # "view on site"); the URL is then checked against the view that really answers it.
    shadowing = match.url_name == route.pattern.name and match.func is not route.pattern.callback
    assert match.func == route.pattern.callback or shadowing, (
        f"{url} does not resolve to {route.display}"
    )
    return url


def _pks(objects: list) -> list[str]:
    return [str(o.pk) for o in objects]


def param_values(world: World, user, route: Route, *, foreign: bool) -> list[dict[str, str]]:
    """Value sets for the route's parameters: objects outside (or inside) the user's groups."""
    rng = world.rng
    names = route.params()
    if not names:
        return [{}]
    docs = world.documents_for(user, visible=not foreign)
    runs = world.runs_for(user, own=not foreign)
    corpora = world.corpora_for(user, visible=not foreign)
    others = [u for u in world.users if u.pk != user.pk]
    model_admin = getattr(route.pattern.callback, "model_admin", None)
    model = model_admin.model if model_admin else None
    by_model: dict[type, list[str]] = {
        Corpus: _pks(corpora), Document: _pks(docs), ResearchRun: _pks(runs),
        Chunk: _pks(list(Chunk.objects.filter(document__in=docs))),
        User: _pks(others), Group: _pks(list(Group.objects.exclude(user=user))),
    }  # fmt: skip
    not_group_data = {"axes"}  # login records: no group owns them; staff-only anyway

    def choices(name: str) -> list[str]:
        if name == "document_id":  # one PDF (has page images) and one text document
            return _pks(sorted(docs, key=lambda d: d.mime_type != "application/pdf")[:1]
                        + [d for d in docs if d.mime_type != "application/pdf"][:1])  # fmt: skip
        if name == "number":
            return ["1"]
        if name == "slug":
            return [c.slug for c in corpora]
        if name == "run_id":
            return _pks(runs)
        if name == "fmt":
            return ["md", "pdf", "json"]
        if name == "app_label":
            return sorted({m._meta.app_label for m in admin.site._registry})
        if name == "url":
            return ["corpora/no-such-page"]
        if name == "id" and route.pattern.name == "auth_user_password_change":
            return _pks(others)
        if name == "object_id" and model is not None:
            if model._meta.app_label in not_group_data:
                return ["1"]
            if model in by_model:
                return by_model[model]
        raise Unfillable(f"{route.display}: no rule fills parameter {name!r}; add one here")

    if route.pattern.name == "view_on_site":
        pairs = [(Corpus, c.pk) for c in corpora] + [(ResearchRun, r.pk) for r in runs]
        pairs += [(Document, d.pk) for d in docs]
        picked = rng.sample(pairs, min(3, len(pairs)))
        return [
            {"content_type_id": str(ContentType.objects.get_for_model(m).pk), "object_id": str(pk)}
            for m, pk in picked
        ]
    pools = {name: choices(name) for name in names}
    if any(not pool for pool in pools.values()):
        return []  # this user has no such object (e.g. sees every corpus)
    pools = {
        name: pool
        if name in {"document_id", "fmt"}
        else rng.sample(pool, min(PER_PARAM, len(pool)))
        for name, pool in pools.items()
    }
    return [dict(zip(pools, combo, strict=True)) for combo in itertools.product(*pools.values())]


# ------------------------------------------------------------------------------ the probes


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def body(response: HttpResponse) -> str:
    if response.streaming:
        return ""  # only a visible run streams; its frames are checked in test_stream
    return response.content.decode(errors="replace")


def state(world: World) -> tuple:
    """What a POST could have changed: documents, their statuses, run statuses."""
    docs = tuple(Document.objects.order_by("pk").values_list("pk", "status", "attempts"))
    runs = tuple(ResearchRun.objects.order_by("pk").values_list("pk", "status", "cancel_requested"))
    return docs, runs, RunEvent.objects.count()


@pytest.mark.parametrize("seed", SEEDS)
def test_no_url_serves_another_groups_objects(seed: int) -> None:
    world = build_world(seed)
    all_routes = routes()
    assert len(all_routes) > 40
    assert any(r.is_admin for r in all_routes)
    before = state(world)
    probed: set[str] = set()
    positive: set[str] = set()
    get_routes: set[str] = set()
    for user in world.users:
        client = client_for(user)
        markers = world.foreign_markers(user)
        for route in all_routes:
            for values in param_values(world, user, route, foreign=True):
                url = build_url(route, values)
                responses = {}
                for method in METHODS if values else ("get",):
                    response = responses[method] = getattr(client, method)(url)
                    leaked = [m for m in markers if m in body(response)]
                    assert not leaked, f"{method.upper()} {url} ({route.display}) shows {leaked}"
                statuses = {method: r.status_code for method, r in responses.items()}
                if not values:  # lists and forms: checked above for leaks
                    assert statuses["get"] in {200, 302, 403, 405, 503}, (url, statuses)
                elif route.is_admin:
                    for method, response in responses.items():
                        assert response.status_code == 302, f"{method.upper()} {url}: {statuses}"
                        assert response["Location"].startswith("/admin/login/"), url
                else:
                    assert set(statuses.values()) <= {404, 405}, f"{url}: {statuses}"
                    assert 404 in statuses.values(), f"{url}: {statuses}"
                probed.add(route.display)
            if route.params() and not route.is_admin:  # the control: own objects do open
                for values in param_values(world, user, route, foreign=False):
                    status = client.get(build_url(route, values)).status_code
                    if status != 405:
                        get_routes.add(route.display)
                    if status not in {404, 405}:
                        positive.add(route.display)
        assert state(world) == before, "a refused POST changed data"
    assert probed == {r.display for r in all_routes}, "some patterns were never probed"
    assert positive == get_routes  # every GET page works with the user's own objects


@pytest.mark.parametrize("seed", SEEDS)
def test_search_and_research_never_reach_into_invisible_corpora(seed: int) -> None:
    world = build_world(seed)
    checked = 0
    for user in world.users:
        client = client_for(user)
        hidden = world.documents_for(user, visible=False)
        shown = world.documents_for(user, visible=True)
        markers = world.foreign_markers(user)
        for doc in hidden[:3]:
            secret = world.markers[("d", doc.pk)][1]
            page = client.get("/corpora/search/", {"q": f"{secret} depot buses"})
            assert page.status_code == 200
            shown_back = page.content.decode().replace(f'value="{secret} depot buses"', "")
            assert not [m for m in markers if m in shown_back], secret
            inside = Chunk.objects.filter(document=doc).first()  # a section read is refused too
            assert not chunks_around(user=user, chunk_id=inside.pk, corpus_ids=[doc.corpus_id],
                                     reach=4)  # fmt: skip
            assert not document_chunk_counts(user=user, document_ids=[doc.pk],
                                             corpus_ids=[doc.corpus_id])  # fmt: skip
            assert not documents_titled(user=user, corpus_ids=[doc.corpus_id], names=[doc.title])
            # Spelling is read from visible documents only: a correction cannot reveal a word.
            assert not terms_present(user=user, corpus_ids=[doc.corpus_id], terms=[secret])
            assert not titles_near(user=user, corpus_ids=[doc.corpus_id], name=doc.title)
            checked += 1
        for doc in shown[:1]:  # the control: the same search finds what the user may see
            secret = world.markers[("d", doc.pk)][1]
            page = client.get("/corpora/search/", {"q": f"{secret} depot buses"})
            assert doc.title in page.content.decode()
            inside = Chunk.objects.filter(document=doc).first()
            assert chunks_around(user=user, chunk_id=inside.pk, corpus_ids=[doc.corpus_id],
                                 reach=4)  # fmt: skip
            assert not chunks_around(user=user, chunk_id=inside.pk, corpus_ids=[], reach=4)
            counts = document_chunk_counts(
                user=user, document_ids=[doc.pk], corpus_ids=[doc.corpus_id]
            )
            assert counts == {doc.pk: Chunk.objects.filter(document=doc).count()}
            titled = documents_titled(user=user, corpus_ids=[doc.corpus_id], names=[doc.title])
            assert titled == {" ".join(doc.title.lower().split()): (doc.pk, doc.corpus_id)}
            assert terms_present(user=user, corpus_ids=[doc.corpus_id], terms=[secret]) == {secret}
            assert doc.title in titles_near(user=user, corpus_ids=[doc.corpus_id], name=doc.title)
        for corpus in world.corpora_for(user, visible=False)[:2]:
            asked = client.get("/corpora/search/", {"q": "depot", "corpora": [corpus.pk]})
            assert asked.status_code == 404
            started = client.post("/research/new/", {"goal": "Depot buses?", "corpora": [corpus.pk],
                                                     "shape": "brief", "depth": "1"})  # fmt: skip
            assert started.status_code == 422
            assert "does not exist or is not shared with you" in started.content.decode()
    assert checked > 0
    assert ResearchRun.objects.count() == sum(len(r) for r in world.runs.values())


def test_anonymous_visitors_are_sent_to_a_login_page_from_every_parametrised_url() -> None:
    world = build_world(SEEDS[0])
    outsider = UserFactory()
    world.groups[outsider.pk] = set()
    client = Client()
    for route in routes():
        for values in param_values(world, outsider, route, foreign=True):
            if not values:
                continue
            url = build_url(route, values)
            for method in METHODS:
                response = getattr(client, method)(url)
                assert response.status_code in {302, 405}, (method, url, response.status_code)
                if response.status_code == 302:
                    assert response["Location"].split("?")[0] in {"/login/", "/admin/login/"}


def test_a_staff_member_without_permissions_learns_nothing_from_admin_urls() -> None:
    """Staff pass the admin's login check; without model permissions every object page must
    still be refused, and no redirect may name another group's corpus."""
    world = build_world(SEEDS[0])
    staff = UserFactory(is_staff=True)
    world.groups[staff.pk] = set()
    world.runs[staff.pk] = []
    client = client_for(staff)
    markers = [
        m for c in world.corpora_for(staff, visible=False) for m in world.markers[("c", c.pk)]
    ]
    markers += [
        m for d in world.documents_for(staff, visible=False) for m in world.markers[("d", d.pk)]
    ]
    probed = 0
    for route in routes():
        if not route.is_admin or not route.params():
            continue
        for values in param_values(world, staff, route, foreign=True):
            url = build_url(route, values)
            response = client.get(url)
            shown = body(response) + response.get("Location", "")
            assert not [m for m in markers if m in shown], f"GET {url} reveals {shown[:200]!r}"
            assert response.status_code in {302, 403, 404}, (url, response.status_code)
            probed += 1
    assert probed > 20


def test_a_url_pattern_the_test_cannot_fill_fails_with_its_name() -> None:
    world = build_world(SEEDS[0])
    module = types.ModuleType("isolation_probe_urls")
    module.urlpatterns = [  # type: ignore[attr-defined]
        *get_resolver().url_patterns,
        path("chunks/<int:chunk_id>/", lambda request, chunk_id: HttpResponse("")),
    ]
    sys.modules[module.__name__] = module
    try:
        with override_settings(ROOT_URLCONF=module.__name__):
            [new] = [r for r in routes(get_resolver(module.__name__)) if "chunk_id" in r.params()]
            with pytest.raises(Unfillable, match=re.escape("chunks/<int:chunk_id>/")):
                param_values(world, world.users[0], new, foreign=True)
    finally:
        del sys.modules[module.__name__]


# ------------------------------------------------------------------------------- logins


def _login(client: Client, username: str, password: str) -> HttpResponse:
    return client.post("/login/", {"username": username, "password": password})


def test_logins_are_locked_out_after_the_failure_limit_even_with_the_right_password(
    settings,
) -> None:
    limit = settings.AXES_FAILURE_LIMIT
    assert limit >= 3
    user = UserFactory()

    client = Client()
    for _ in range(limit - 1):
        assert _login(client, user.username, "wrong password").status_code == 200
    assert _login(client, user.username, PASSWORD).status_code == 302  # one short: still in
    assert "_auth_user_id" in client.session

    client = Client()
    for _ in range(limit):
        _login(client, user.username, "wrong password")
    locked = _login(client, user.username, PASSWORD)

    assert locked.status_code in {403, 429}
    assert "_auth_user_id" not in client.session
    assert client.get("/").status_code == 302  # still anonymous
