"""`interop demo [MODULE]`: a tool library through every installed framework's real agent loop.

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

__all__ = ["run_demo", "scenario_for"]


def scenario_for(module: str | None = None, context: Any = None) -> Scenario:
    """The demo's scenario: the example library, or the tools `MODULE[:ATTR]` names."""
    if module is None:
        return acme_scenario(load_acme())
    return module_scenario(module, find_tools(module), context)


def run_demo(scenario: Scenario | None = None, *, only: list[str] | None = None) -> int:
    """Run the demo (default: over the example library); 0 when every installed framework's loop
    finished as scripted."""
    unknown = sorted(set(only or ()) - set(DRIVERS))
    if unknown:
        raise ValueError(f"unknown framework {unknown[0]!r} (choose from {', '.join(DRIVERS)})")
    scenario = scenario or scenario_for()
    print(
        f"interop demo: {len(scenario.tools)} framework-free tools from {scenario.source}"
        " -> every installed framework\n"
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
    return 0 if ran and len(ok) == len(ran) else 1
