"""Take the tracing page's screenshot: `make tracing-screenshot` (or run this file with the path of
the PNG to write). Starts Arize Phoenix (its own environment, .venv-phoenix: `arize-phoenix` from
PyPI runs offline), runs examples/tracing/otlp_export.py against it, and photographs the trace with
the playground tests' headless Chromium (Debian's chromium and chromedriver)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "playground"))

from pg_harness import new_driver  # noqa: E402

PHOENIX = Path(os.environ.get("PHOENIX_PYTHON", ROOT / ".venv-phoenix" / "bin" / "python"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _get(url: str) -> object:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def main(target: Path) -> None:
    port, grpc = _free_port(), _free_port()
    home = tempfile.mkdtemp(prefix="phoenix-")
    env = {**os.environ, "PHOENIX_WORKING_DIR": home, "PHOENIX_PORT": str(port),
           "PHOENIX_GRPC_PORT": str(grpc), "PHOENIX_HOST": "127.0.0.1"}  # fmt: skip
    server = subprocess.Popen(
        [str(PHOENIX), "-m", "phoenix.server.main", "serve"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                _get(f"{base}/v1/projects")
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("Phoenix did not start") from None
                time.sleep(0.5)
        subprocess.run(
            [sys.executable, str(ROOT / "examples" / "tracing" / "otlp_export.py")],
            env={**os.environ, "OTEL_EXPORTER_OTLP_ENDPOINT": base},
            check=True,
            timeout=120,
        )
        spans: list[dict[str, object]] = []
        while not any(s["name"] == "invoke_agent agent" for s in spans):
            time.sleep(0.5)
            spans = _get(f"{base}/v1/projects/default/spans?limit=100")["data"]  # type: ignore[index]
        root = next(s for s in spans if s["name"] == "invoke_agent agent")
        trace_id = root["context"]["trace_id"]  # type: ignore[index]
        project = _get(f"{base}/v1/projects")["data"][0]["id"]  # type: ignore[index]
        bad = next(
            s for s in spans
            if s["name"] == "execute_tool forecast" and "error.type" in s["attributes"]  # type: ignore[operator]
        )  # fmt: skip
        driver = new_driver(1400, 900)
        try:
            span_id = bad["id"]  # the span's node id in Phoenix
            driver.get(f"{base}/projects/{project}/traces/{trace_id}?selectedSpanNodeId={span_id}")
            deadline = time.monotonic() + 90
            while "invoke_agent" not in driver.page_source:  # the trace tree is drawn
                if time.monotonic() > deadline:
                    driver.save_screenshot("/tmp/phoenix-fail.png")
                    raise RuntimeError("Phoenix did not show the trace")
                time.sleep(1)
            time.sleep(5)
            target.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(target))
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(30)
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/tracing-phoenix.png"))
