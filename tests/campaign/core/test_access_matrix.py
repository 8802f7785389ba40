"""Who may reach what: every API route and every page, asked by each role about each
kind of object, with the status and the body each must get.

Roles: the GM of campaign A, the owning player (alice), another player of A (bob), a
player of another campaign (erin, of B), an anonymous client, and alice's read-only
personal token. Objects (tests/access_support.py): the owner's own, another player's, a
hidden one (of campaign B, or B itself), and an id that does not exist.

The route list comes from the URL resolver: a route without an entry in ROUTES
(tests/campaign/core/access_routes.py) fails
``test_every_route_has_an_entry``, so a new route cannot go unasked. The rules of the
game say what each role sees (E-29, A-1.0.9, A-1.4.18–20):

* anonymous: 401 from the API, the login page for a page (the read-only token too:
  pages know no tokens);
* a role that may not see the object: 404, the same bytes as for a missing id;
* a role that sees it but may not do that: the refusal (403 by default), nothing saved;
* a read-only token: 403 for any unsafe method, whatever the object;
* an API answer's status is one the OpenAPI schema declares for the operation, and
  every API error has the {"detail", "field"} shape.

Unsafe methods are sent only by the roles without the right (the others' success is
each feature's own tests' business), and nothing may be written.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from django.apps import apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.access_support import World, kept_world
from tests.api_support import token_client
from tests.campaign.core.access_routes import (
    EXCLUDED,
    NOT_FOUND_BODY,
    NOTHING,
    ROLES,
    ROUTES,
    TARGETS,
    UNSAFE,
    Do,
    Kind,
    Route,
)

pytestmark = pytest.mark.django_db


def _walk(patterns, prefix: str = ""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue  # Django's admin: staff only, its own permissions
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield pattern.name, prefix + str(pattern.pattern)


RESOLVED = dict(_walk(get_resolver().url_patterns))


def test_every_route_has_an_entry():
    """A route the matrix does not know fails here: give it an entry in ROUTES."""
    assert set(RESOLVED) - set(EXCLUDED) == set(ROUTES)
    assert all(name for name in RESOLVED), "every route has a name"


# The world, the clients and the schema, made once for the module


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once: the requests that should change nothing are checked to change nothing,
    and each test's own transaction is rolled back anyway."""
    yield from kept_world(django_db_blocker)


@pytest.fixture(autouse=True)
def no_lockout(settings):
    """The matrix sends the token endpoint a wrong password once per role and target, more
    than the log-in lockout allows; the lockout has tests of its own (test_login_throttle)."""
    settings.AXES_FAILURE_LIMIT = 1000


@pytest.fixture(scope="module")
def declared(world) -> dict[tuple[str, str], set[str]]:
    """The statuses the OpenAPI schema declares, by (path, method)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return {
        (path, method): set(operation["responses"])
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    }


def _api_clients(w: World) -> dict[str, APIClient]:
    readonly = APIClient()
    readonly.credentials(HTTP_AUTHORIZATION=f"Token {w.readonly_key}")
    people = {"gm": w.gm, "owner": w.owner, "other": w.other, "outsider": w.outsider}
    return {
        **{role: token_client(user) for role, user in people.items()},
        "anonymous": APIClient(),
        "readonly": readonly,
    }


def _page_clients(w: World) -> dict[str, Client]:
    clients = {}
    people = {"gm": w.gm, "owner": w.owner, "other": w.other, "outsider": w.outsider}
    for role, user in people.items():
        clients[role] = Client()
        clients[role].force_login(user)
    clients["anonymous"] = Client()
    clients["readonly"] = Client(HTTP_AUTHORIZATION=f"Token {w.readonly_key}")
    return clients


def _fingerprint() -> list:
    """Every row of the project's own tables, but a token's last use (a read may set it)."""
    rows = []
    for model in apps.get_models():
        if model._meta.app_label in {
            "campaign",
            "tokens",
            "hosting",
            "kingdoms",
            "battles",
            "notifications",
        }:
            names = [f.attname for f in model._meta.concrete_fields if f.attname != "last_used_at"]
            rows.append(list(model.objects.order_by("pk").values_list(*names)))
    return rows


# Asking


def _kind(route: Route, method: str) -> Kind:
    return route.methods[method].kind or route.kind


def _ask(name: str, route: Route, method: str, w: World, target: str):
    """The URL of ``target`` for the route and the body to send, or None: no such target."""
    where = _kind(route, method).where(w, target)
    if where is None:
        return None
    kwargs, query = where
    url = reverse(name, kwargs={**kwargs, **route.extra})
    return (f"{url}?{urlencode(query)}" if query else url), _body(route.methods[method], w, kwargs)


def _body(do: Do, w: World, kwargs: dict):
    return do.body(w, kwargs) if callable(do.body) else do.body


def _send(client, method: str, url: str, body):
    if isinstance(client, APIClient):
        if method == "get":
            return client.get(url)
        return getattr(client, method)(url, body, format="json")
    if method == "get":
        return client.get(url)
    return getattr(client, method)(url, body or {})


def _viewer(role: str) -> str:
    return "owner" if role == "readonly" else role


def _expected(name: str, route: Route, method: str, role: str, target: str) -> int | None:
    """The status ``role`` must get asking ``method`` of ``target``; None: not asked (he
    may do it, and unsafe methods are asked only of those who may not)."""
    api = name.startswith("api-")
    do = route.methods[method]
    unsafe = method in UNSAFE
    if route.public:
        return do.refused[role] if do.may == "nobody" else do.ok
    if role == "anonymous" or (role == "readonly" and not api):
        return 401 if api else 302
    if role == "readonly" and unsafe:
        return 403
    viewer = _viewer(role)
    kind = _kind(route, method)
    if viewer not in kind.sees.get(target, set()):
        return 404
    allowed = {
        "all": True,
        "nobody": False,
        "gm": viewer == "gm",
        "owners": viewer in kind.owners.get(target, set()),
    }[do.may]
    if allowed:
        return None if unsafe else do.ok
    return do.refused.get(viewer, 403)


def _schema_path(name: str) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", RESOLVED[name])


def _asks():
    for name, route in ROUTES.items():
        for method in route.methods:
            yield pytest.param(name, method, id=f"{name}-{method}")


@pytest.mark.parametrize(("name", "method"), list(_asks()))
def test_each_role_gets_what_the_rules_allow(world, declared, name, method):
    route, api = ROUTES[name], name.startswith("api-")
    clients = _api_clients(world) if api else _page_clients(world)
    before = _fingerprint() if method in UNSAFE else None
    wrong = []
    for role in ROLES:
        for target in TARGETS:
            asked = _ask(name, route, method, world, target)
            want = _expected(name, route, method, role, target)
            if asked is None or want is None:
                continue
            response = _send(clients[role], method, *asked)
            got = response.status_code
            if got != want:
                wrong.append(f"{role} {target}: {got}, not {want}: {response.content[:160]!r}")
                continue
            if api:
                operation = (_schema_path(name), method)
                if str(got) not in declared[operation]:
                    wrong.append(f"{role} {target}: {got} is not in the schema of {operation}")
                # the error's shape; a refusal of the rules adds the rule that refuses
                if got >= 400 and set(response.json()) - {"rule"} != {"detail", "field"}:
                    wrong.append(f"{role} {target}: the error body {response.json()}")
                if got == 404 and response.json() != NOT_FOUND_BODY:
                    wrong.append(f"{role} {target}: the 404 body {response.json()}")
            if got == 302:
                assert response["Location"].startswith(reverse("login"))
    assert not wrong, "\n".join(wrong)
    if before is not None:
        assert _fingerprint() == before, "a refused request wrote something"


@pytest.mark.parametrize("name", list(ROUTES))
def test_every_method_a_route_takes_is_in_its_entry(world, name):
    """A method a route takes but its entry does not list would go unasked: every other
    one answers 405 to the owner asking about his own."""
    route = ROUTES[name]
    clients = _api_clients(world) if name.startswith("api-") else _page_clients(world)
    some = next(iter(route.methods))
    url, _ = _ask(name, route, some, world, "own")
    for method in ("get", "post", "put", "patch", "delete"):
        if method not in route.methods:
            response = _send(clients["owner"], method, url, None)
            assert response.status_code == 405, (method, response.status_code)


# Hidden or missing: the same bytes


def _id_routes():
    for name, route in ROUTES.items():
        for method in route.methods:
            if _kind(route, method) is not NOTHING:
                yield pytest.param(name, method, id=f"{name}-{method}")


@pytest.mark.parametrize(("name", "method"), list(_id_routes()))
def test_what_a_role_may_not_see_answers_as_a_missing_id(world, name, method):
    """For every role of the campaigns, every object he may not see (another kingdom's,
    another campaign's) gets the very bytes of an id that does not exist."""
    route = ROUTES[name]
    clients = _api_clients(world) if name.startswith("api-") else _page_clients(world)
    sees = _kind(route, method).sees
    for role in ("gm", "owner", "other", "outsider"):
        if role in sees.get("missing", set()):
            continue  # a player's own fallback list, whatever id he names
        missing = _send(clients[role], method, *_ask(name, route, method, world, "missing"))
        assert missing.status_code == 404, (role, missing.content)
        for target in ("own", "other", "hidden"):
            asked = _ask(name, route, method, world, target)
            if asked is None or role in sees.get(target, set()):
                continue
            hidden = _send(clients[role], method, *asked)
            assert (hidden.status_code, hidden.content) == (404, missing.content), (role, target)


@pytest.mark.parametrize("name", [name for name in ROUTES if name.startswith("api-")])
def test_options_answers_every_api_route(world, name):
    """OPTIONS, DRF's description of a view (with the input a generic view takes),
    answers the owner asking about his own object, never with a server error."""
    route = ROUTES[name]
    url, _ = _ask(name, route, next(iter(route.methods)), world, "own")
    response = _api_clients(world)["owner"].options(url)
    assert response.status_code == 200, response.content[:200]
