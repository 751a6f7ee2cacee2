# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-all bench lint typecheck clean browser playground-screenshot

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

# Strands Agents (1.62) cannot share the main environment (it needs mcp<2.2; interop.mcp needs
# mcp>=2.3): its own venv from constraints-strands.txt (built with uv when it is installed, pip
# otherwise; no playground asset) runs its adapter tests, the matrix restricted to what is
# installed there (neutral x strands, tests/matrix/MATRIX-strands.md), the hostile, concurrency
# and plugin security suites, its example, and mypy on its adapter. `make test` runs it.
STRANDS_VENV ?= .venv-strands
STRANDS_PY := $(STRANDS_VENV)/bin/python
STRANDS_STAMP := $(STRANDS_VENV)/.installed

$(STRANDS_STAMP): pyproject.toml constraints-strands.txt
	$(PYTHON) -m venv $(STRANDS_VENV)
	@if command -v uv >/dev/null 2>&1; then \
		INTEROP_SKIP_PLAYGROUND_ASSETS=1 uv pip install --quiet --python $(STRANDS_PY) -c constraints-strands.txt -e ".[strands]" --group dev -e examples/acme_tools; \
	else \
		$(STRANDS_PY) -m pip install --quiet --upgrade "pip>=25.1" && \
		INTEROP_SKIP_PLAYGROUND_ASSETS=1 $(STRANDS_PY) -m pip install --quiet -c constraints-strands.txt -e ".[strands]" --group dev -e examples/acme_tools; \
	fi
	touch $(STRANDS_STAMP)

test-strands: $(STRANDS_STAMP)
	$(STRANDS_PY) -m mypy $(wildcard interop/strands/*.py)
	$(STRANDS_PY) -m pytest -m "not heavy" tests/strands tests/matrix/test_mx_matrix.py tests/matrix/test_mx_hostile.py tests/matrix/test_mx_concurrency.py tests/matrix/test_mx_plugins_security.py "tests/demo/test_examples.py::test_example_script[strands_agent.py]"

test: test-strands
test-all: test-strands
.PHONY: test-strands

bench: $(STAMP)
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) build dist *.egg-info interop/playground/_frontend/node_modules interop/playground/static/vendor
