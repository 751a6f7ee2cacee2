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

clean:
	rm -rf $(VENV) build dist *.egg-info interop/playground/_frontend/node_modules interop/playground/static/vendor
