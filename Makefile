# Two commands do all the set-up on a fresh machine with Python 3.11+:
#   make run    creates .venv, installs middleearth, starts the web hub on http://127.0.0.1:8000
#   make test   installs what the tests need and runs every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play serve test sweep bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The web hub on http://127.0.0.1:8000, its matches kept in data/middleearth.sqlite3.
run serve: $(STAMP)
	$(BIN)/middleearth serve

# Journey to Mordor in the terminal, you against three AI hobbits.
play: $(STAMP)
	$(BIN)/middleearth play mordor --players 4 --seats human,expectimax,greedy,greedy

# The hub's tests also run on PostgreSQL: the script starts a local server (installing Debian's
# postgresql if needed) and prints its URL; when it cannot, those tests skip and say why.
test: $(STAMP)
	sh scripts/ensure-chromium.sh
	MIDDLEEARTH_TEST_POSTGRES_URL="$$(scripts/postgres-for-tests.sh)" $(BIN)/python -m pytest -m "not slow"

# Long sweeps, not part of `make test`: thousands of games per option set.
sweep: $(STAMP)
	$(BIN)/python -m pytest -m slow

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build src/*.egg-info
