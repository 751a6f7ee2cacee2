"""mkdocs hooks: the parts of the site that follow the code instead of a hand-kept list.

- The API reference: one page per public module of `interop` (the root, `errors`, `protocols`,
  `bridge`, `jsonschema`, ... and each adapter subpackage), generated, so a module that lands
  (or goes) changes the reference with no edit here.
- The examples: one page per program under `examples/` (its whole source, and how to run it), so a
  page can link the complete program an excerpt comes from.
- The navigation tolerates pages that have not landed yet (an entry whose file is missing is left
  out, with an INFO line) and lists every `docs/frameworks/*.md` page, including new frameworks'
  pages that `mkdocs.yml` does not name yet.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

log = logging.getLogger("mkdocs.hooks.interop")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "interop"
EXAMPLES = ROOT / "examples"

REFERENCE_SECTION = "API reference"
EXAMPLES_SECTION = "Example programs"
FRAMEWORKS_SECTION = "Frameworks"

CORE_ORDER = ("interop", "interop.errors", "interop.protocols", "interop.bridge", "interop.jsonschema")
NOT_DOCUMENTED = {"interop.examples"}
"""Public names that are not API: the example library (its page is the examples' own)."""
EXAMPLE_DIRS = ("frameworks", "approval", "durable", "temporal")


def _public_modules() -> tuple[list[str], list[str]]:
    """(core modules, adapter subpackages) of `interop`, by their dotted names."""
    core = ["interop"]
    adapters = []
    for path in sorted(PACKAGE.iterdir()):
        name = path.name.removesuffix(".py")
        if name.startswith("_") or f"interop.{name}" in NOT_DOCUMENTED:
            continue
        if path.is_file() and path.suffix == ".py":
            core.append(f"interop.{name}")
        elif path.is_dir() and (path / "__init__.py").is_file():
            adapters.append(f"interop.{name}")
    order = {name: i for i, name in enumerate(CORE_ORDER)}
    core.sort(key=lambda n: (order.get(n, len(order)), n))
    return core, adapters


def _reference_uri(module: str) -> str:
    short = module.partition(".")[2] or "interop"
    return f"reference/{short.replace('.', '/')}.md"


def _reference_page(module: str, adapter: bool) -> str:
    intro = ""
    if adapter:
        fw = module.partition(".")[2]
        intro = (
            f"The `{module}` package. How to use it: the [framework pages](../frameworks/index.md). "
            f'Its extra: `pip install "standard-tool[{fw.replace("_", "-")}]"` where the framework has one.\n\n'
        )
    return f"# `{module}`\n\n{intro}::: {module}\n"


def _example_programs() -> list[Path]:
    return [
        p for d in EXAMPLE_DIRS for p in sorted((EXAMPLES / d).glob("*.py")) if not p.name.startswith("_")
    ]


def _example_uri(path: Path) -> str:
    return f"examples/{path.parent.name}/{path.stem}.md"


def _example_page(path: Path) -> str:
    rel = path.relative_to(ROOT).as_posix()
    doc = re.match(r'"""(.*?)"""', path.read_text(encoding="utf-8"), re.S)
    summary = doc.group(1).strip().split("\n\n")[0] if doc else ""
    helpers = sorted(p.name for p in path.parent.glob("_*.py"))
    helper_note = ""
    if helpers:
        helper_note = (
            f" It imports {', '.join(f'`{h}`' for h in helpers)} from its own directory (shown below)."
        )
    body = [
        f"# `{rel}`\n",
        f"{summary}\n" if summary else "",
        f"The complete program, as it is in the repository. Run it from a checkout with "
        f"`python {rel}` (offline: a scripted model stands in for a real one).{helper_note}\n",
        f'```python\n--8<-- "{rel}"\n```\n',
    ]
    for helper in helpers:
        body.append(
            f'`{helper}`:\n\n```python\n--8<-- "{path.parent.relative_to(ROOT).as_posix()}/{helper}"\n```\n'
        )
    return "\n".join(part for part in body if part)


def _title(md: Path) -> str:
    for line in md.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip().strip("`")
    return md.stem


def _mentioned(nav: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(nav, str):
        found.add(nav)
    elif isinstance(nav, list):
        for item in nav:
            found |= _mentioned(item)
    elif isinstance(nav, dict):
        for value in nav.values():
            found |= _mentioned(value)
    return found


def _prune(nav: Any, docs_dir: Path, generated: set[str]) -> Any:
    """The nav without entries whose page does not exist (yet): other developers' pages land when
    they land. Returns None for an entry to drop."""
    if isinstance(nav, str):
        if nav.startswith(("http://", "https://")) or nav in generated or (docs_dir / nav).is_file():
            return nav
        log.info("nav: %s is not in docs/ yet, left out", nav)
        return None
    if isinstance(nav, list):
        kept = [k for k in (_prune(item, docs_dir, generated) for item in nav) if k is not None]
        return kept or None
    if isinstance(nav, dict):
        ((title, value),) = nav.items()
        kept = _prune(value, docs_dir, generated)
        return None if kept is None else {title: kept}
    return nav


def _section(nav: list[Any], title: str) -> list[Any] | None:
    for item in nav:
        if isinstance(item, dict) and title in item and isinstance(item[title], list):
            section: list[Any] = item[title]
            return section
    return None


def on_config(config: Any) -> Any:
    docs_dir = Path(config["docs_dir"])
    core, adapters = _public_modules()
    nav: list[Any] = config["nav"]

    reference = _section(nav, REFERENCE_SECTION)
    if reference is not None:
        reference.append({"Core": [{m: _reference_uri(m)} for m in core]})
        reference.append({"Adapters and servers": [{m: _reference_uri(m)} for m in adapters]})
    examples = _section(nav, EXAMPLES_SECTION)
    if examples is not None:
        for d in EXAMPLE_DIRS:
            programs = [p for p in _example_programs() if p.parent.name == d]
            examples.append({d: [{p.name: _example_uri(p)} for p in programs]})

    frameworks = _section(nav, FRAMEWORKS_SECTION)
    if frameworks is not None:
        named = _mentioned(nav)
        for md in sorted((docs_dir / "frameworks").glob("*.md")):
            uri = md.relative_to(docs_dir).as_posix()
            if uri not in named:
                frameworks.append({_title(md): uri})

    generated = {_reference_uri(m) for m in core + adapters} | {_example_uri(p) for p in _example_programs()}
    config["nav"] = _prune(nav, docs_dir, generated) or []
    return config


def on_files(files: Files, config: Any) -> Files:
    core, adapters = _public_modules()
    for module in core + adapters:
        files.append(
            File.generated(
                config, _reference_uri(module), content=_reference_page(module, module in adapters)
            )
        )
    for program in _example_programs():
        files.append(File.generated(config, _example_uri(program), content=_example_page(program)))
    return files
