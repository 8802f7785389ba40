# Warpost: `make run` serves the demo campaign, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install run demo test lint worker beat bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The local targets run with DEBUG on (the demo key, plain HTTP); a deployment never does.
demo run worker beat: export DEBUG ?= true

demo: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_campaign --if-empty

run: demo
	$(PY) manage.py runserver 127.0.0.1:8000

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .

worker: install
	$(VENV)/bin/celery -A campaign worker --loglevel=info

beat: install
	$(VENV)/bin/celery -A campaign beat --loglevel=info

bench: install
	$(PY) bench/turn_step.py
	$(PY) bench/map_api.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
