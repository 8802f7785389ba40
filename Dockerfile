# The image of the real deployment (docker-compose.yml): migrate, web, worker and beat.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
# The locked runtime versions, each checked against its hash, in a layer that a change of
# Warpost's own code leaves cached.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock
COPY . .
RUN pip install --no-deps .
# The translations' catalogs, compiled (the .mo files are not in the repository).
RUN apt-get update && apt-get install --no-install-recommends -y gettext \
    && DEBUG=false SECRET_KEY=compilemessages-at-build-time-only python manage.py compilemessages \
    && apt-get purge -y gettext && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
# collectstatic signs nothing; the key of its own only lets the settings load at build time.
RUN DEBUG=false SECRET_KEY=collectstatic-at-build-time-only python manage.py collectstatic --noinput
# The processes run as a user of their own, who owns nothing here: a compromised process
# cannot rewrite the code or the static files.
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin warpost
USER warpost
EXPOSE 8000
CMD ["gunicorn", "campaign.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
