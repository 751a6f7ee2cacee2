"""Where the page's files are, and a clear error when the built front-end asset is missing."""

from __future__ import annotations

from pathlib import Path

__all__ = ["STATIC_DIR", "VENDOR_FILES", "AssetsMissingError", "check_assets"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The page (index.html, playground.js, playground.css) and the built `vendor/` folder."""

VENDOR_FILES = ("jsoneditor.js",)
"""Files the build step (hatch_build.py) copies into `static/vendor/` from the npm registry."""


class AssetsMissingError(RuntimeError):
    """The JSON-Schema form library was not built into this install."""


def check_assets(static_dir: Path = STATIC_DIR) -> Path:
    """Return `static_dir` when every built file is there; else raise `AssetsMissingError`."""
    missing = [name for name in VENDOR_FILES if not (static_dir / "vendor" / name).is_file()]
    if missing:
        raise AssetsMissingError(
            f"the playground's front-end asset is missing ({', '.join(missing)} in {static_dir / 'vendor'}): "
            "this install was built without Node.js/npm. Reinstall with npm on PATH "
            '(`pip install --force-reinstall "standard-tool[playground]"`, or `pip install -e .` in a checkout), '
            "or run `python hatch_build.py` in a checkout"
        )
    return static_dir
