# The image of the real deployment (docker-compose.yml): web, worker and beat.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY campaign campaign
COPY kingdoms kingdoms
COPY battles battles
COPY rules rules
RUN pip install --no-cache-dir .
COPY . .
# collectstatic signs nothing; the key of its own only lets the settings load at build time.
RUN DEBUG=false SECRET_KEY=collectstatic-at-build-time-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "campaign.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
