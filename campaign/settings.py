"""Warpost settings: everything comes from the environment, with embedded defaults.

Unset, Warpost runs on a SQLite file with Celery tasks run eagerly in-process and a
local-memory cache: nothing else to install (``make run``). The real deployment sets
DATABASE_URL (PostgreSQL) and REDIS_URL (Celery broker and cache).
"""

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
# The embedded default key is for a machine's own demo only; a deployment sets its own.
SECRET_KEY = os.environ.get("SECRET_KEY", "warpost-insecure-demo-key-change-me")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_htmx",
    "campaign",
    "kingdoms",
    "battles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files under gunicorn
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "campaign.urls"
WSGI_APPLICATION = "campaign.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Persistent connections suit gunicorn; 0 (Django's default) suits the threaded
        # development and test servers, whose threads would otherwise leave them open.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Parallel posts queue for SQLite's one write lock instead of failing with "database
    # is locked": IMMEDIATE takes the lock when a transaction begins (a deferred one that
    # read first cannot wait for it), and the timeout is how long a request waits.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: with REDIS_URL the worker consumes from Redis; without it, tasks run in-process.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a worker killed half-way leaves the message for a retry
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A queue name of its own lets a test run (or a second deployment on one Redis) stay apart.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "warpost")
CELERY_BEAT_SCHEDULE = {
    "resolve-turns-past-deadline": {"task": "campaign.tasks.turns_resolve_due", "schedule": 60.0},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaign-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "warpost@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "campaign.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Warpost API",
    "DESCRIPTION": "Play-by-post hex campaigns: the map, turns, orders and the chronicle.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # campaign.converters: hex coordinates in a path, which may be negative
    "PATH_CONVERTER_OVERRIDES": {"signed": int},
    # A choice set that shares its field name ("kind") with others: §5.3 edicts
    # Several models have a "kind" or a "state"; name each set after what it is.
    "ENUM_NAME_OVERRIDES": {
        "EdictKindEnum": "rules.state.EdictKind",
        "OrderKindEnum": "rules.state.OrderKind",
        "SpendKindEnum": "rules.spending_state.SpendKind",
        "AgreementKindEnum": "kingdoms.models.Agreement.Kind",
        "AgreementStateEnum": "kingdoms.models.Agreement.State",
        "TurnStateEnum": "campaign.models.Turn.State",
    },
}
