"""`interop demo [MODULE]`: a tool library through five real agent loops (LangChain, pydantic-ai,
LlamaIndex, OpenAI Agents and an MCP client), those whose extra is installed.

Offline: a scripted model makes the calls (one of them bad, then corrected); nothing touches the
network. Without MODULE the demo runs over the example library (`acme_tools`, shipped inside the
package); with MODULE it runs over that module's tools, with arguments built from their schemas
(see `_inputs`). Frameworks whose extra is not installed are skipped with a note.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from interop._discover import find_tools

from ._acme import load_acme
from ._drivers import DRIVERS
from ._inputs import module_scenario
from ._script import FrameworkRun, Scenario, acme_scenario, render

__all__ = ["failed_everywhere", "run_demo", "scenario_for"]


def scenario_for(module: str | None = None, context: Any = None) -> Scenario:
    """The demo's scenario: the example library, or the tools `MODULE[:ATTR]` names."""
    if module is None:
        return acme_scenario(load_acme())
    return module_scenario(module, find_tools(module), context)


def run_demo(scenario: Scenario | None = None, *, only: list[str] | None = None) -> int:
    """Run the demo (default: over the example library); 0 when each installed loop of the five
    finished as scripted."""
    unknown = sorted(set(only or ()) - set(DRIVERS))
    if unknown:
        raise ValueError(f"unknown framework {unknown[0]!r} (choose from {', '.join(DRIVERS)})")
    scenario = scenario or scenario_for()
    print(
        f"interop demo: {len(scenario.tools)} framework-free tools from {scenario.source}"
        " -> five agent loops (LangChain, pydantic-ai, LlamaIndex, OpenAI Agents, MCP)\n"
    )
    for note in scenario.notes:
        print(f"note: {note}")
    if scenario.notes:
        print()
    results: list[tuple[str, FrameworkRun | None, float]] = []
    for key, (adapter, driver) in DRIVERS.items():
        if only and key not in only:
            continue
        try:
            importlib.import_module(adapter)
        except ImportError as e:
            print(f"[{key}] skipped: {e}\n")
            results.append((key, None, 0.0))
            continue
        started = time.perf_counter()
        try:
            run = driver(scenario)
        except Exception as e:  # report and go on with the other frameworks
            run = FrameworkRun(key, scenario, error=f"{type(e).__name__}: {e}")
        elapsed = time.perf_counter() - started
        print(render(run))
        print()
        results.append((key, run, elapsed))
    ran = [(k, r, t) for k, r, t in results if r is not None]
    if not ran:
        print(
            'summary: no framework is installed: pip install "standard-tool[all]" (or one extra) for the demo'
        )
        return 1
    ok = [k for k, r, _ in ran if r is not None and r.ok]
    summary = ", ".join(f"{k} {'ok' if r is not None and r.ok else 'FAILED'} ({t:.1f}s)" for k, r, t in ran)
    corrected = " with the bad call corrected" if any(c.note == "bad call" for c in scenario.calls) else ""
    print(f"summary: {len(ok)}/{len(ran)} frameworks finished their loop{corrected}: {summary}")
    broken = failed_everywhere([r for _, r, _ in ran if r is not None])
    for tool, error in broken.items():
        print(
            f"FAILED: {tool} returned an error in every framework's loop (the tool's own failure, not a "
            f"framework's): {error}"
        )
    if broken and not scenario.strict:  # arguments made up from the schema (interop demo MODULE)
        print(
            "  (the demo made its arguments up from the schema: give such a tool meta input_examples "
            "with an input it accepts)"
        )
    return 0 if ran and len(ok) == len(ran) and not broken else 1


def failed_everywhere(runs: list[FrameworkRun]) -> dict[str, str]:
    """The tools whose every call but the scripted bad one came back as an error in every loop that
    reached it, with the first error (a loop that failed outright counts as a failed run, not here)."""
    errors: dict[str, str] = {}
    reached: dict[str, int] = {}
    failed: dict[str, int] = {}
    for run in runs:
        for o in run.observations:
            if o.call.note == "bad call":
                continue
            reached[o.call.tool] = reached.get(o.call.tool, 0) + 1
            if o.is_error:
                failed[o.call.tool] = failed.get(o.call.tool, 0) + 1
                errors.setdefault(o.call.tool, o.shown)
    return {tool: errors[tool] for tool, n in reached.items() if failed.get(tool) == n}
