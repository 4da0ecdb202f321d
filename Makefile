# Every target bootstraps what it needs: `make serve` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
DECK_URL ?= http://localhost:8000

.PHONY: serve test test-slow lint bench deck test-deps test-slow-deps clean

# Reinstall when pyproject.toml changes; the stamp remembers the last install.
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# granian, after every start-up check (missions, rules, config, secret key, a free port).
serve: $(STAMP)
	$(BIN)/gong serve --host $(HOST) --port $(PORT)

# The tests need Debian's chromium (browser tests) and redis-server (the Redis table store);
# install whichever is missing, in one apt-get call, when allowed (root).
test-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	[ -x /usr/bin/redis-server ] || missing="$$missing redis-server"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's$$missing for the tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing:$$missing: run 'sudo apt-get install$$missing' (their tests will be skipped)"; \
	  fi; \
	fi

test: $(STAMP) test-deps
	$(BIN)/python -m pytest -n 2 -q

# The slow tests add Debian's nginx, one of the static hosts the export is tested under.
test-slow-deps: test-deps
	@if [ ! -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's nginx for the static export's tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	  else \
	    echo "missing: nginx: run 'sudo apt-get install nginx' (its test will be skipped)"; \
	  fi; \
	fi

test-slow: $(STAMP) test-slow-deps
	$(BIN)/python -m pytest -n 2 -q -m slow

lint: $(STAMP)
	$(BIN)/ruff check gong server printables terminal tests bench scripts
	$(BIN)/ruff format --check gong server printables terminal tests bench scripts

# Benchmarks install their own tools (wrk, peer engines) and never run in the test suite.
bench: $(STAMP)
	$(BIN)/python bench/run_all.py

deck: $(STAMP)
	$(BIN)/gong print --base-url $(DECK_URL) --allow-local --out build/deck

clean:
	rm -rf $(VENV) build .pytest_cache
