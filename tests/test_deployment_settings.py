"""The deployment's settings: DEBUG off unless asked for, no start on the demo key, and
HTTPS everywhere behind the compose deployment's TLS-terminating proxy (check --deploy)."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "campaign" / "settings.py"
# Every variable the settings read that a test run or a shell may have set.
WARPOST_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
    "PROXY_COUNT",
}
A_KEY = get_random_secret_key()


def compose_environment(service: str, dotenv: dict[str, str]) -> dict[str, str]:
    """A service's environment as `docker compose` hands it over, ``dotenv`` standing for
    the operator's .env file (``${NAME:?…}`` and ``${NAME:-default}`` filled in)."""

    def fill(match: re.Match) -> str:
        name, kind, default = match.groups()
        if name in dotenv:
            return dotenv[name]
        assert kind != "?", f"docker-compose.yml needs {name} from .env"
        return default or ""

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    environment = compose["services"][service]["environment"]
    return {
        name: re.sub(r"\$\{(\w+)(?::([?-])([^}]*))?\}", fill, str(value))
        for name, value in environment.items()
    }


DEPLOYED = compose_environment("web", {"SECRET_KEY": A_KEY, "ALLOWED_HOSTS": "warpost.example"})


def settings_under(monkeypatch, environment: dict[str, str]) -> dict:
    """campaign/settings.py as it reads under ``environment`` alone, in this process."""
    for name in WARPOST_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_debug_is_off_unless_asked_for(monkeypatch):
    assert settings_under(monkeypatch, {"SECRET_KEY": A_KEY})["DEBUG"] is False
    assert settings_under(monkeypatch, {"DEBUG": "true"})["DEBUG"] is True


def test_without_debug_the_demo_key_is_refused_with_how_to_set_one(monkeypatch):
    for unset_or_demo in (
        {},
        {"SECRET_KEY": ""},
        {"SECRET_KEY": "warpost-insecure-demo-key-change-me"},
    ):
        with pytest.raises(ImproperlyConfigured) as refused:
            settings_under(monkeypatch, unset_or_demo)
        assert "Set the SECRET_KEY environment variable" in str(refused.value)
        assert "secrets.token_urlsafe" in str(refused.value)


def test_the_local_demo_runs_on_the_demo_key_over_plain_http(monkeypatch):
    """`make run` sets DEBUG=true and nothing else."""
    demo = settings_under(monkeypatch, {"DEBUG": "true"})
    assert demo["SECRET_KEY"] == demo["DEMO_SECRET_KEY"]
    assert not demo["SECURE_SSL_REDIRECT"]
    assert not demo["SESSION_COOKIE_SECURE"] and not demo["CSRF_COOKIE_SECURE"]
    assert demo["SECURE_HSTS_SECONDS"] == 0


def test_a_deployment_is_https_only_by_default(monkeypatch):
    deployed = settings_under(monkeypatch, {"SECRET_KEY": A_KEY})
    assert deployed["SECURE_SSL_REDIRECT"]
    assert deployed["SESSION_COOKIE_SECURE"] and deployed["CSRF_COOKIE_SECURE"]
    assert deployed["SECURE_HSTS_SECONDS"] >= 31536000
    assert deployed["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and deployed["SECURE_HSTS_PRELOAD"]
    assert deployed["SECURE_PROXY_SSL_HEADER"] is None  # trusted only when configured


def test_each_https_setting_can_be_turned_off_from_the_environment(monkeypatch):
    plain = settings_under(
        monkeypatch,
        {
            "SECRET_KEY": A_KEY,
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "SECURE_HSTS_SECONDS": "0",
        },
    )
    assert not plain["SECURE_SSL_REDIRECT"]
    assert not plain["SESSION_COOKIE_SECURE"] and not plain["CSRF_COOKIE_SECURE"]
    assert plain["SECURE_HSTS_SECONDS"] == 0


def test_the_compose_deployment_trusts_its_proxy_for_https_and_the_client_address(monkeypatch):
    deployed = settings_under(monkeypatch, DEPLOYED)
    assert deployed["DEBUG"] is False
    assert deployed["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    assert deployed["REST_FRAMEWORK"]["NUM_PROXIES"] == 1


def test_behind_the_proxy_http_is_redirected_and_https_gets_hsts_and_secure_cookies(
    client, settings, monkeypatch
):
    deployed = settings_under(monkeypatch, DEPLOYED)
    for name in (
        "SECURE_SSL_REDIRECT",
        "SECURE_PROXY_SSL_HEADER",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "CSRF_COOKIE_SECURE",
    ):
        setattr(settings, name, deployed[name])

    plain = client.get("/login/")
    assert plain.status_code == 301
    assert plain["Location"] == "https://testserver/login/"

    https = client.get("/login/", HTTP_X_FORWARDED_PROTO="https")
    assert https.status_code == 200
    assert https["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert https.cookies["csrftoken"]["secure"]


def test_check_deploy_is_clean_in_the_compose_deployment():
    """`manage.py check --deploy`, warnings included, with the environment that
    docker-compose.yml gives the web server (and an operator's SECRET_KEY)."""
    environment = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), **DEPLOYED}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
