# Warpost: `make run` serves the demo campaign, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The exact versions: the runtime's (the Docker image's) and the runtime's with the dev tools.
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock
# Universal: one lock for every platform the image or a developer may run on.
COMPILE := $(VENV)/bin/uv pip compile pyproject.toml --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command "make lock" --quiet $(LOCK_ARGS)

.PHONY: install lock messages run demo test lint worker beat bench clean

$(STAMP): $(DEV_LOCK) pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r $(DEV_LOCK)
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

# The catalogs, compiled: every target that runs the site or its tests goes through install.
CATALOGS := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

%.mo: %.po
	msgfmt --check-format -o $@ $<

install: $(STAMP) $(CATALOGS)

# The texts to translate, gathered into locale/{it,es}/LC_MESSAGES/django.po (pages, Python,
# the rules engine's refusals: campaign/management/commands/makemessages.py) and djangojs.po
# (static/warpost/*.js). Translators fill the msgstr lines; CONTRIBUTING.md tells how.
MESSAGES := $(PY) manage.py makemessages -l it -l es --no-obsolete \
	--ignore=.venv --ignore=staticfiles --ignore=node_modules --ignore=tests \
	--ignore=static/vendor
messages: export DEBUG ?= true
messages: $(STAMP)
	$(MESSAGES) -d django
	$(MESSAGES) -d djangojs

# Keeps the locked versions that still fit pyproject.toml; `make lock LOCK_ARGS=--upgrade`
# (or `LOCK_ARGS="--upgrade-package django"`) moves to newer ones. The runtime lock is the
# dev lock's subset, so the image runs exactly what the tests ran.
lock: install
	$(COMPILE) --extra dev -o $(DEV_LOCK)
	$(COMPILE) --constraint $(DEV_LOCK) -o $(LOCK)

# The local targets run with DEBUG on (the demo key, plain HTTP); a deployment never does.
demo run worker beat: export DEBUG ?= true

demo: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_campaign --if-empty

# The embedded scheduler resolves turns at their deadlines, as Celery beat does in a deployment.
run: demo
	WARPOST_INPROCESS_SCHEDULER=true $(PY) manage.py runserver 127.0.0.1:8000

# The whole suite, CI's: the engine's property tests play 40 campaigns each (a plain pytest run
# plays a few, to stay quick while working). pytest-xdist runs it in a worker per core, each
# with a test database of its own, the tests spread among them but for those marked with one
# xdist_group, which run in one worker (loadgroup). `make test TEST_WORKERS=0` runs it in one
# process.
TEST_WORKERS ?= auto
test: export WARPOST_PROPERTY_EXAMPLES ?= 40
test: install
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# lint-imports' cache, keyed on file times, can miss an edit, and without it the check takes a
# second. makemigrations loads the settings, which accept the demo key only with DEBUG on.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	DEBUG=true $(PY) manage.py makemigrations --check --dry-run

worker: install
	$(VENV)/bin/celery -A campaign worker --loglevel=info

beat: install
	$(VENV)/bin/celery -A campaign beat --loglevel=info

# 1,000 and 10,000 hexes side by side; `make bench MOONSHOT=1` adds the 100,000-hex world,
# `make bench LOAD=1` the load of 200 players giving their orders through gunicorn on the
# PostgreSQL server of POSTGRES_URL (bench/orders_load.py, some ten minutes).
BENCH_ARGS := $(if $(MOONSHOT),--moonshot)
bench: install
	$(PY) bench/setup.py $(BENCH_ARGS)
	$(PY) bench/turn_step.py $(BENCH_ARGS)
	$(PY) bench/map_api.py $(BENCH_ARGS)
	$(PY) bench/order_cost.py $(BENCH_ARGS)
	$(PY) bench/map_render_browser.py
	$(if $(LOAD),$(PY) bench/orders_load.py)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles locale/*/LC_MESSAGES/*.mo
