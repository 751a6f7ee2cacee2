"""Build hook: the playground's front-end asset, produced at build time and never committed.

`npm ci` installs the pinned packages of `interop/playground/_frontend/` (package-lock.json), then
the JSON-Schema form library's prebuilt browser file is copied into
`interop/playground/static/vendor/`. Hatch runs this for wheels and for editable installs
(`pip install -e .`); the wheel ships the copied file, so nothing is fetched at run time.

- A wheel build without node/npm fails with a clear message.
- An editable install without node/npm warns and goes on (everything but the playground works;
  `interop playground` then says the asset is missing and how to build it).
- `INTEROP_SKIP_PLAYGROUND_ASSETS=1` skips the step (for builds that do not need the playground).

Run `python hatch_build.py` to (re)build the asset in a checkout by hand.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
FRONTEND = ROOT / "interop" / "playground" / "_frontend"
VENDOR = ROOT / "interop" / "playground" / "static" / "vendor"
STAMP = VENDOR / ".lock-sha256"

# (file inside node_modules, name in static/vendor)
COPIES = (
    ("@json-editor/json-editor/dist/jsoneditor.js", "jsoneditor.js"),
    ("@json-editor/json-editor/LICENSE", "jsoneditor.LICENSE.txt"),
)


class AssetBuildError(RuntimeError):
    """The front-end asset could not be built."""


def _lock_digest() -> str:
    return hashlib.sha256((FRONTEND / "package-lock.json").read_bytes()).hexdigest()


def is_up_to_date() -> bool:
    """Whether every copied file exists and was built from the current package-lock.json."""
    if not STAMP.is_file() or not all((VENDOR / name).is_file() for _, name in COPIES):
        return False
    return STAMP.read_text().strip() == _lock_digest()


def build_assets() -> None:
    """`npm ci` in the front-end folder, then copy the prebuilt files into static/vendor."""
    if is_up_to_date():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise AssetBuildError(
            "npm is not on PATH: the interop playground's front-end asset (a JSON-Schema form "
            "library from the npm registry) is built with Node.js 18+ and npm. Install them and "
            "build again, or set INTEROP_SKIP_PLAYGROUND_ASSETS=1 to build without the playground."
        )
    cmd = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
    done = subprocess.run(cmd, cwd=FRONTEND, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssetBuildError(
            f"`npm ci` failed in {FRONTEND} (exit {done.returncode}):\n{done.stderr.strip()[-2000:]}"
        )
    VENDOR.mkdir(parents=True, exist_ok=True)
    for source, name in COPIES:
        path = FRONTEND / "node_modules" / source
        if not path.is_file():
            raise AssetBuildError(f"`npm ci` did not produce {path}")
        shutil.copyfile(path, VENDOR / name)
    STAMP.write_text(_lock_digest() + "\n")


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a plain script, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]


class PlaygroundAssetsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Hatch build hook (wheel target): build the asset and ship it in the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if os.environ.get("INTEROP_SKIP_PLAYGROUND_ASSETS") == "1":
            return
        try:
            build_assets()
        except AssetBuildError as e:
            if version == "editable":
                warnings.warn(f"interop playground asset not built: {e}", stacklevel=1)
                return
            raise
        build_data["artifacts"].append("interop/playground/static/vendor/*")


if __name__ == "__main__":
    try:
        build_assets()
    except AssetBuildError as e:
        sys.exit(f"error: {e}")
    print(f"built {', '.join(name for _, name in COPIES)} in {VENDOR}")
