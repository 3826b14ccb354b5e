# cardtable: the two commands a newcomer needs are `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# setuptools tells every editable install to mind folders named like the package; for a
# newcomer's first `make play` that is noise, so only that one notice is silenced.
PIP    := PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip

.PHONY: play test typecheck bench lint build clean locale lock

# Every environment is installed from a lock file at the top of the repo (exact versions with
# their hashes, for every system and Python 3.10-3.13): requirements.lock.txt holds what the program
# needs, requirements-dev.lock.txt that and the test, lint and build tools. pip installs the lock first,
# then the project itself without touching anything else, built by the locked setuptools.
# The venv is created once; it is brought up to date whenever its lock or pyproject.toml
# changes.
LOCKED  := $(PIP) install --quiet --require-hashes -r
PROJECT := $(PIP) install --quiet --no-deps --no-build-isolation -e .

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-play: requirements.lock.txt pyproject.toml | $(VENV)/bin/python
	$(LOCKED) requirements.lock.txt
	$(PROJECT)
	touch $@

$(VENV)/.installed-test: requirements-dev.lock.txt pyproject.toml | $(VENV)/bin/python
	$(LOCKED) requirements-dev.lock.txt
	$(PROJECT)
	touch $@ $(VENV)/.installed-play

play: $(VENV)/.installed-play
	$(PY) -m cardtable

# the type check first (a few seconds), then the tests, shared out by file among
# TEST_WORKERS processes (pytest-xdist; one file's tests stay together, in its order):
# `make test TEST_WORKERS=0` runs them all in this one process
TEST_WORKERS ?= 2
test: typecheck
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile

# mypy on what [tool.mypy] in pyproject.toml names: the match's typed protocol
# (cardtable/tablematch.py), the three matches that satisfy it (tests/test_tablematch.py
# gives each where the protocol is wanted), net/ and the registry
typecheck: $(VENV)/.installed-test
	$(PY) -m mypy

bench: $(VENV)/.installed-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m bench

build: $(VENV)/.installed-test
	$(PY) build/build.py

# The locks, made again from pyproject.toml's ranges with the newest releases they admit
# (uv, from requirements-dev.lock.txt itself): run it to take new releases, or after changing a dependency,
# then `make test` and commit pyproject.toml and the two locks together.
LOCK := $(VENV)/bin/uv pip compile --quiet --universal --generate-hashes --python-version 3.10 \
	pyproject.toml requirements/backend.in
lock: $(VENV)/.installed-test
	$(LOCK) --all-extras --upgrade -o requirements-dev.lock.txt
	$(LOCK) --constraint requirements-dev.lock.txt -o requirements.lock.txt

# Catalogues: extract every marked text, merge it into each language's .po, compile the .mo.
# Babel runs here, at development time; the program reads the .mo files with gettext.
locale: $(VENV)/.installed-test
	$(PY) build/catalogues.py

lint: $(VENV)/.installed-test
	$(PY) -m ruff check cardtable tests bench

clean:
	rm -rf $(VENV) build/work dist .pytest_cache
