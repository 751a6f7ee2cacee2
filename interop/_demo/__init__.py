"""`interop demo`: the example tool library through every installed framework's real agent loop.

Offline: a scripted model makes the calls (one of them bad, then corrected); nothing touches the
network. Frameworks whose extra is not installed are skipped with a note.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Any

from ._drivers import DRIVERS
from ._script import FrameworkRun, render

__all__ = ["run_demo"]


def _load_tools() -> list[Any]:
    try:
        import acme_tools
    except ImportError:  # running from a checkout without the example installed
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "acme_tools" / "src"))
        import acme_tools
    return list(acme_tools.TOOLS)


def run_demo(only: list[str] | None = None) -> int:
    """Run the demo; 0 when every installed framework's loop finished as scripted."""
    tools = _load_tools()
    print(f"interop demo: {len(tools)} framework-free tools from acme_tools -> every installed framework\n")
    results: list[tuple[str, FrameworkRun | None, float]] = []
    for key, (module, driver) in DRIVERS.items():
        if only and key not in only:
            continue
        try:
            importlib.import_module(module)
        except ImportError as e:
            print(f"[{key}] skipped: {e}\n")
            results.append((key, None, 0.0))
            continue
        started = time.perf_counter()
        try:
            run = driver(tools)
        except Exception as e:  # report and go on with the other frameworks
            run = FrameworkRun(key, error=f"{type(e).__name__}: {e}")
        elapsed = time.perf_counter() - started
        print(render(run))
        print()
        results.append((key, run, elapsed))
    ran = [(k, r, t) for k, r, t in results if r is not None]
    ok = [k for k, r, _ in ran if r is not None and r.ok]
    summary = ", ".join(f"{k} {'ok' if r is not None and r.ok else 'FAILED'} ({t:.1f}s)" for k, r, t in ran)
    print(
        f"summary: {len(ok)}/{len(ran)} frameworks finished their loop with the bad call corrected: {summary}"
    )
    return 0 if ran and len(ok) == len(ran) else 1
