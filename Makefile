# cardtable: the two commands a newcomer needs are `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# setuptools tells every editable install to mind folders named like the package; for a
# newcomer's first `make play` that is noise, so only that one notice is silenced.
PIP    := PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip

.PHONY: play test bench lint build clean locale

# The venv is created once; the project is (re)installed only when pyproject.toml changes.
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(VENV)/.installed-play: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e ".[test,dev]"
	touch $@ $(VENV)/.installed-play

play: $(VENV)/.installed-play
	$(PY) -m cardtable

test: $(VENV)/.installed-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

bench: $(VENV)/.installed-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m bench

$(VENV)/.installed-build: pyproject.toml | $(VENV)/bin/python
	$(PIP) install --quiet -e ".[build]"
	touch $@ $(VENV)/.installed-play

build: $(VENV)/.installed-build
	$(PY) build/build.py

# Catalogues: extract every marked text, merge it into each language's .po, compile the .mo.
# Babel runs here, at development time; the program reads the .mo files with gettext.
locale: $(VENV)/.installed-test
	$(PY) build/catalogues.py

lint: $(VENV)/.installed-test
	$(PY) -m ruff check cardtable tests bench

clean:
	rm -rf $(VENV) build/work dist .pytest_cache
