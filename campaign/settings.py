"""Warpost settings: everything comes from the environment, with embedded defaults.

Unset, Warpost runs on a SQLite file with Celery tasks run eagerly in-process and a
local-memory cache: nothing else to install (``make run``). The real deployment sets
DATABASE_URL (PostgreSQL) and REDIS_URL (Celery broker and cache).
"""

import json
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless asked for (`make run` asks): a deployment never shows its tracebacks by accident.
DEBUG = env_bool("DEBUG", False)
# The embedded key is for a machine's own demo only: anyone can read it here, so without
# DEBUG Warpost refuses to start on it rather than sign sessions with it.
DEMO_SECRET_KEY = "warpost-insecure-demo-key-change-me"
SECRET_KEY = os.environ.get("SECRET_KEY") or DEMO_SECRET_KEY
if SECRET_KEY == DEMO_SECRET_KEY and not DEBUG:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set. Set the SECRET_KEY environment variable to a long random "
        "string of your own, e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'` "
        "(or set DEBUG=true to run the local demo on the demo key)."
    )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# HTTPS. Without DEBUG, Warpost is served over HTTPS only unless the environment says
# otherwise: plain HTTP is redirected, cookies travel on HTTPS alone, and browsers are told
# (HSTS) never to try plain HTTP again.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
# A stranger's choice of language (the log-in page's picker, django.views.i18n.set_language)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_HTTPONLY = True  # no script reads it: the server renders the language
LANGUAGE_COOKIE_SAMESITE = "Lax"
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
# Behind a TLS-terminating proxy, the header by which it says the client came over HTTPS
# (e.g. X-Forwarded-Proto). A client could send it too, so set it only when that proxy is
# the one way in and overwrites the header.
_PROXY_SSL_HEADER = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"), "https") if _PROXY_SSL_HEADER else None
)
# How many proxies in front of Warpost append to X-Forwarded-For: the client's address (for
# log-in lockouts and API throttles) is read that many entries from its right. 0: the
# address the connection comes from.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))

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
    "csp",
    "axes",
    "allauth",
    "allauth.account",
    "campaign",
    "campaign.tokens",
    "campaign.hosting",
    "campaign.notifications",
    "campaign.accounts",
    "kingdoms",
    "battles",
    # after kingdoms and battles: its pipeline hooks run after theirs (new-rules.md §12.4)
    "campaign.adjudication",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files under gunicorn
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "campaign.accounts.middleware.ProfileMiddleware",  # the viewer's time zone and language
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out log-in (see AXES_*)
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
                "campaign.notifications.context_processors.unread_notifications",
            ],
            # Template libraries kept in their domain's package rather than an app's root
            "libraries": {
                "deadlines": "campaign.turns.templatetags",
                "rulebook": "campaign.ruleset.templatetags",
            },
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
# A task is acknowledged when it ends, not when it starts; and when the pool process running
# it dies (SIGKILL, out of memory) its message goes back to the queue: without the second
# setting Celery acknowledges it as failed. Every task is idempotent, so a rerun is safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis hands a message nobody acknowledged to a worker again after this long, so a whole
# worker killed leaves its step waiting this long. It must outlast the longest task, or a
# step still running is delivered twice (harmless, the second finds nothing to do, but
# wasted): bench/turn_step.py's final step of a 10,000-hex map took 13 s on a busy
# machine, and a retry waits at most a minute (campaign.turns.tasks).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 300}
# A Redis restart: the worker connects again, at start-up as after a loss, for as long as it
# takes. A step running meanwhile finishes; its message, which cannot be acknowledged on the
# lost connection, comes back after the visibility timeout and finds nothing to do.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# A queue name of its own lets a test run (or a second deployment on one Redis) stay apart.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "warpost")
# A server step still running this long after its claim is late: its message was lost with
# Redis, or its retries ran out. The GM console offers to retry it and the sweep below queues
# it again. Longer than the visibility timeout, so that the broker's redelivery comes first.
TURN_STEP_LATE_SECONDS = int(os.environ.get("TURN_STEP_LATE_SECONDS", "600"))
# The embedded scheduler (campaign.turns.scheduler): a thread of the server process that runs
# the beat schedule below when no Celery beat does. `make run` turns it on; it stays off with
# REDIS_URL, where beat runs the schedule.
WARPOST_INPROCESS_SCHEDULER = env_bool("WARPOST_INPROCESS_SCHEDULER", False)
WARPOST_SCHEDULER_SECONDS = float(os.environ.get("WARPOST_SCHEDULER_SECONDS", "60"))
CELERY_BEAT_SCHEDULE = {
    "resolve-turns-past-deadline": {
        "task": "campaign.turns.tasks.turns_resolve_due",
        "schedule": 60.0,
    },
    "resolve-turns-with-decisions-in": {
        "task": "campaign.turns.tasks.turns_final_due",
        "schedule": 60.0,
    },
    "requeue-late-turn-steps": {
        "task": "campaign.turns.tasks.turn_steps_requeue_late",
        "schedule": 60.0,
    },
    # A day before each deadline, the players with something missing are reminded.
    "remind-deadlines-a-day-away": {
        "task": "campaign.notifications.tasks.reminders_send_due",
        "schedule": 300.0,
    },
    # The notifications people asked for in a daily digest: one e-mail each, every morning.
    "send-daily-digests": {
        "task": "campaign.notifications.tasks.notifications_digest",
        "schedule": crontab(minute=0, hour=int(os.environ.get("DIGEST_HOUR_UTC", "7"))),
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaign-list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
# The languages a player may pick on his profile (campaign.accounts), activated per request
# (campaign.accounts.middleware), each named in its own language. A profile that names none,
# and a stranger, read the browser's (its Accept-Language, or the picker's cookie).
LANGUAGES = [("en", "English"), ("it", "Italiano"), ("es", "Español")]
# The catalogs (locale/<language>/LC_MESSAGES/django.po and djangojs.po): `make messages`
# extracts the strings, `make install` compiles them.
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
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
# With EMAIL_BACKEND a django-anymail backend (e.g. anymail.backends.postmark.EmailBackend),
# ANYMAIL holds its settings as JSON, e.g. {"POSTMARK_SERVER_TOKEN": "…"}.
try:
    ANYMAIL = json.loads(os.environ.get("ANYMAIL") or "{}")
except json.JSONDecodeError as error:
    raise ImproperlyConfigured(f"ANYMAIL is not JSON: {error}") from None
# The site's address as people reach it: e-mails link to it.
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
# A gazette webhook at a private or loopback address is refused, lest a GM make the server
# reach into its own network; a local test or demo may allow it.
WEBHOOK_PRIVATE_ADDRESSES = env_bool("WEBHOOK_PRIVATE_ADDRESSES", DEBUG)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # personal tokens (several a user, read-only or not) and DRF's one token a user
        "campaign.tokens.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticated",
        "campaign.tokens.authentication.TokenScope",
    ],
    "DEFAULT_SCHEMA_CLASS": "campaign.core.schema.AutoSchema",  # declares every error
    "EXCEPTION_HANDLER": "campaign.core.api_errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Warpost API",
    "DESCRIPTION": "Play-by-post hex campaigns: the map, turns, orders and the chronicle.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # campaign.core.converters: hex coordinates in a path, which may be negative
    "PATH_CONVERTER_OVERRIDES": {"signed": int},
    # A choice set that shares its field name ("kind") with others: §5.3 edicts
    # Several models have a "kind" or a "state"; name each set after what it is.
    "ENUM_NAME_OVERRIDES": {
        "EdictKindEnum": "rules.core.state.EdictKind",
        "OrderKindEnum": "rules.core.state.OrderKind",
        "SpendKindEnum": "rules.kingdoms.spending_state.SpendKind",
        "AgreementKindEnum": "kingdoms.agreements.models.Agreement.Kind",
        "AgreementStateEnum": "kingdoms.agreements.models.Agreement.State",
        "TurnStateEnum": "campaign.models.Turn.State",
    },
}

# Content-Security-Policy (django-csp): scripts and styles come from Warpost's own static
# files, never inline, so that injected markup cannot run. A template that must have an
# inline script gives it nonce="{{ request.csp_nonce }}".
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Log-in lockout (django-axes), for the log-in form, the admin's and the API token: after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# refused for AXES_COOLOFF_TIME; a good password resets the count. It keys on the pair so
# that a stranger cannot lock a player out from the player's own address.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # Django's ModelBackend, which also knows a user by his e-mail address (django-allauth)
    "campaign.accounts.authentication.ProfileAuthenticationBackend",
]
AXES_FAILURE_LIMIT = 5
LOGIN_COOLOFF_MINUTES = 15
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_COOLOFF_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_COOLOFF_MESSAGE = (
    "Too many failed log-ins for this username from your address: "
    f"try again in {LOGIN_COOLOFF_MINUTES} minutes."
)
AXES_LOCKOUT_CALLABLE = "campaign.core.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "campaign.core.security.client_address"
AXES_USERNAME_CALLABLE = "campaign.core.security.lockout_username"

# API throttles: every user may make 1000 requests an hour (a bot polling the turn every
# five seconds makes 720), and a client address may ask for a token 20 times an hour (a
# script asks once and keeps it; a password guesser is slowed on top of the lockout). The
# map's 304 to an API token is not counted (campaign.map.api.MapView.dispatch): one query,
# less than a wrong token's 401 or a stranger's 404, which no throttle counts either.
REST_FRAMEWORK |= {
    "DEFAULT_THROTTLE_CLASSES": ["campaign.core.throttles.UserRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"user": "1000/hour", "token": "20/hour"},
    "NUM_PROXIES": PROXY_COUNT,
}

# Accounts (django-allauth): anyone may sign up with a username and an e-mail address, which
# he must confirm by the link mailed to him before he can log in; he then logs in by either.
# Repeated bad passwords are django-axes' to stop (above), so allauth's own count is off:
# two counts would refuse a log-in with two different messages.
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Warpost] "
ACCOUNT_ADAPTER = "campaign.accounts.adapter.AccountAdapter"
ACCOUNT_RATE_LIMITS = {"login_failed": None}
