"""The build and deployment files, read as the tools that use them would: the lock files
pin every dependency of pyproject.toml, the image runs as a user of its own from the
runtime lock, and migrations run once, in a one-off compose service, before the rest.

No Docker engine runs where these tests run, so they read the files' content."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
APP_SERVICES = ("web", "worker", "beat")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# A pin in a pip-style lock file: `name==version`, maybe a `; marker`, then its hashes.
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)")


def dockerfile_instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text()
    logical = re.sub(r"\\\n\s*", " ", text)
    instructions = []
    for line in logical.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, arguments = line.partition(" ")
            instructions.append((keyword.upper(), arguments.strip()))
    return instructions


def pins(lock: str) -> dict[str, str]:
    """A lock file's pins: canonical name → version."""
    lines = (ROOT / lock).read_text().splitlines()
    return {canonicalize_name(match[1]): match[2] for line in lines if (match := PIN.match(line))}


def command_words(service: str) -> list[str]:
    """What a service runs: its compose command, else the image's CMD."""
    command = SERVICES[service].get("command")
    if command is None:
        cmd = [arguments for keyword, arguments in dockerfile_instructions() if keyword == "CMD"]
        return json.loads(cmd[-1])
    return command if isinstance(command, list) else shlex.split(command)


def project_requirements(extra: str | None = None) -> list[Requirement]:
    listed = PROJECT["optional-dependencies"][extra] if extra else PROJECT["dependencies"]
    return [Requirement(text) for text in listed]


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [
        ("requirements-dev.lock", project_requirements() + project_requirements("dev")),
        ("requirements.lock", project_requirements()),
    ],
)
def test_the_lock_pins_every_dependency_of_pyproject_within_its_range(lock, requirements):
    """A dependency added to pyproject.toml without `make lock` would be missing from a
    fresh `make install` (the lock is installed with --require-hashes, then the project
    with --no-deps) or from the image."""
    locked = pins(lock)
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement} is not in {lock}: run `make lock`"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"{lock} pins {name}=={locked[name]}, outside {requirement}: run `make lock`"
        )


def test_ruff_is_pinned_to_one_version():
    """`make lint` gives the same verdict on the same code, whoever runs it."""
    (ruff,) = [r for r in project_requirements("dev") if r.name == "ruff"]
    assert re.fullmatch(r"==\d+(\.\d+)*", str(ruff.specifier)), ruff


def test_the_image_runs_exactly_what_the_tests_ran():
    """The runtime lock is a subset of the dev lock, at the same versions."""
    dev = pins("requirements-dev.lock")
    runtime = pins("requirements.lock")
    assert {name: dev.get(name) for name in runtime} == runtime


def test_the_image_installs_the_runtime_lock_with_hashes_and_nothing_else():
    runs = [arguments for keyword, arguments in dockerfile_instructions() if keyword == "RUN"]
    installs = [run for run in runs if "pip install" in run]
    assert installs[0] == "pip install --require-hashes -r requirements.lock"
    assert all("--no-deps" in run for run in installs[1:]), installs


def test_the_image_runs_as_a_user_of_its_own_not_root():
    """The last USER before the command decides who the processes are."""
    instructions = dockerfile_instructions()
    users = [i for i, (keyword, _) in enumerate(instructions) if keyword == "USER"]
    assert users, "the Dockerfile has no USER line: the processes would run as root"
    user = instructions[users[-1]][1].split(":")[0]
    assert user not in {"root", "0"}
    created = [args for keyword, args in instructions[: users[-1]] if keyword == "RUN"]
    assert any(re.search(rf"\buseradd\b.*\b{re.escape(user)}$", run) for run in created)


def test_the_image_compiles_the_translations_from_the_catalogs_it_copies():
    """The .mo files are built, never committed (.gitignore) nor copied from the host: the
    image compiles the .po catalogs of its own source, before its user loses the right to
    write there."""
    instructions = dockerfile_instructions()
    copied = instructions.index(("COPY", ". ."))
    compiles = [i for i, (keyword, args) in enumerate(instructions) if "compilemessages" in args]
    user = next(i for i, (keyword, _) in enumerate(instructions) if keyword == "USER")
    assert compiles and copied < compiles[0] < user
    assert "*.mo" in (ROOT / ".gitignore").read_text().splitlines()


@pytest.mark.parametrize(
    "pattern",
    [".git", ".venv", "db.sqlite3", "staticfiles", "**/__pycache__", "**/*.pyc", ".env"]
    + ["node_modules", "test-artifacts", "**/*.mo"],
)
def test_the_build_context_leaves_out_secrets_and_local_state(pattern):
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    assert pattern in lines


def test_the_deployment_has_its_services():
    assert set(SERVICES) == {"postgres", "redis", "migrate", "web", "worker", "beat"}


def test_migrations_run_once_in_a_one_off_service():
    migrate = SERVICES["migrate"]
    assert migrate["restart"] == "no"
    assert command_words("migrate") == ["python", "manage.py", "migrate", "--noinput"]
    assert migrate["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert migrate["environment"] == SERVICES["web"]["environment"]


@pytest.mark.parametrize("service", APP_SERVICES)
def test_web_worker_and_beat_start_after_the_migrations_and_never_migrate(service):
    """A `web` that migrated at every start raced the other replicas and the worker over
    the schema; the one-off `migrate` runs first, and its failure stops them all."""
    assert not re.search(r"\bmigrate\b", " ".join(command_words(service)))
    assert SERVICES[service]["depends_on"] == {
        "postgres": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
        "migrate": {"condition": "service_completed_successfully"},
    }
    assert SERVICES[service]["restart"] == "unless-stopped"


def test_the_web_server_is_gunicorn_on_the_local_address_only():
    assert command_words("web")[0] == "gunicorn"
    assert SERVICES["web"]["ports"] == ["127.0.0.1:8000:8000"]


def test_beat_keeps_its_schedule_where_the_image_user_may_write():
    """Beat writes its schedule file in the working directory unless told otherwise, and
    the image's user owns nothing in /app: beat would stop on a permission error."""
    words = command_words("beat")
    assert words[:4] == ["celery", "-A", "campaign", "beat"]
    schedule = words[words.index("--schedule") + 1]
    assert schedule.startswith("/tmp/")


def test_redis_keeps_the_queue_on_its_volume():
    redis = SERVICES["redis"]
    assert redis["command"] == ["redis-server", "--appendonly", "yes"]
    assert "redis-data:/data" in redis["volumes"]
    assert "redis-data" in COMPOSE["volumes"]
