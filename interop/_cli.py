"""The `interop` command: list, schema, call, docs, serve and demo.

Bad invocations print one clear line on stderr and exit non-zero (2 for usage errors, 1 for a
failed call); no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ._discover import DiscoveryError, find_tool, find_tools
from ._docs import tools_catalog, tools_html, tools_markdown
from ._errors import InteropError, StandardToolValidationError, ToolError
from ._protocols import TARGETS
from ._results import to_jsonable
from ._tool import call, input_json_schema, output_json_schema

__all__ = ["main"]

PROVIDERS = ("openai", "openai-strict", "anthropic", "gemini")


class _Fail(Exception):
    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Fail(f"{self.prog}: {message}")


def _print_json(value: Any) -> None:
    print(json.dumps(to_jsonable(value), indent=2, ensure_ascii=False))


def _cmd_list(args: argparse.Namespace) -> int:
    for tool in find_tools(args.module):
        flags = ", ".join(f"{k}={json.dumps(to_jsonable(v))}" for k, v in tool.meta.items())
        print(f"{tool.name}" + (f"  ({tool.title})" if tool.title else ""))
        if tool.description:
            print(f"    {tool.description.splitlines()[0]}")
        if flags:
            print(f"    meta: {flags}")
    return 0


def _provider_schema(tool: Any, provider: str) -> Any:
    import interop.providers as providers

    if provider == "openai":
        return providers.to_openai_chat_tool(tool, strict=False)
    if provider == "openai-strict":
        return providers.to_openai_chat_tool(tool, strict=True)
    if provider == "anthropic":
        return providers.to_anthropic_tool(tool)
    return providers.to_gemini_function_declaration(tool)


def _cmd_schema(args: argparse.Namespace) -> int:
    tool = find_tool(args.tool)
    if args.provider:
        _print_json(_provider_schema(tool, args.provider))
    elif args.output:
        _print_json(output_json_schema(tool, target=args.target))
    else:
        _print_json(input_json_schema(tool, target=args.target))
    return 0


def _parse_json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise _Fail(f"{what} is not valid JSON: {e}") from None


def _cmd_call(args: argparse.Namespace) -> int:
    tool = find_tool(args.tool)
    raw = args.input if args.input is not None else sys.stdin.read()
    payload = _parse_json(raw or "{}", "the input")
    context = _parse_json(args.context, "--context") if args.context is not None else None
    try:
        result = call(tool, payload, context)
    except StandardToolValidationError as e:
        raise _Fail(f"{tool.name}: {e}", 1) from None
    except ToolError as e:
        raise _Fail(f"{tool.name}: tool error: {e}", 1) from None
    _print_json(result)
    return 0


def _cmd_docs(args: argparse.Namespace) -> int:
    tools = find_tools(args.module)
    heading = args.heading or f"Tools in `{args.module}`"
    if args.format == "json":
        _print_json(tools_catalog(tools, target=args.target))
    elif args.format == "html":
        sys.stdout.write(tools_html(tools, heading=heading))
    else:
        sys.stdout.write(tools_markdown(tools, heading=heading))
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    tools = find_tools(args.module)
    try:
        from .mcp import serve
    except ImportError as e:
        raise _Fail(str(e), 1) from None
    transport = "streamable-http" if args.transport == "http" else "stdio"
    serve(tools, transport=transport, host=args.host, port=args.port, allow_unapproved=args.allow_unapproved)
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    from ._demo import run_demo, scenario_for

    context = _parse_json(args.context, "--context") if args.context is not None else None
    try:
        scenario = scenario_for(args.module, context)
    except (DiscoveryError, ValueError):
        raise
    except Exception as e:  # the user's module failed to import: one line, no traceback
        raise _Fail(f"cannot load {args.module or 'the demo tools'}: {type(e).__name__}: {e}", 1) from None
    return run_demo(scenario, only=args.only)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="interop", description="Neutral tools for every agent framework.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser(
        "demo",
        help="offline demo: the example tools (or MODULE's) in every installed framework's agent loop",
    )
    p.add_argument(
        "module",
        nargs="?",
        metavar="MODULE[:ATTR]",
        help="your tool module (default: the example library); each tool is called once with made-up"
        " arguments, except tools marked destructive or asking for approval",
    )
    p.add_argument(
        "--only", action="append", metavar="FRAMEWORK", help="run only this framework (repeatable)"
    )
    p.add_argument("--context", metavar="JSON", help="the per-call context every tool gets, as JSON")
    p.set_defaults(func=_cmd_demo)

    p = sub.add_parser("list", help="list the tools a module exports")
    p.add_argument("module", metavar="MODULE[:ATTR]")
    p.set_defaults(func=_cmd_list)

    p = sub.add_parser("schema", help="print a tool's JSON Schema or provider descriptor")
    p.add_argument("tool", metavar="MODULE:TOOL")
    p.add_argument("--target", default="draft-2020-12", choices=TARGETS)
    p.add_argument("--provider", choices=PROVIDERS)
    p.add_argument("--output", action="store_true", help="the output schema instead of the input schema")
    p.set_defaults(func=_cmd_schema)

    p = sub.add_parser("call", help="validate and run a tool with JSON input (argument or stdin)")
    p.add_argument("tool", metavar="MODULE:TOOL")
    p.add_argument("input", nargs="?", metavar="JSON")
    p.add_argument("--context", metavar="JSON", help="per-call context, as JSON")
    p.set_defaults(func=_cmd_call)

    p = sub.add_parser(
        "docs", help="print a reference of a module's tools (Markdown, HTML or a JSON catalog)"
    )
    p.add_argument("module", metavar="MODULE[:ATTR]")
    p.add_argument("--format", choices=("markdown", "json", "html"), default="markdown")
    p.add_argument("--heading", help="the document's title (Markdown and HTML)")
    p.add_argument(
        "--target", default="draft-2020-12", choices=TARGETS, help="schema dialect of the JSON catalog"
    )
    p.set_defaults(func=_cmd_docs)

    p = sub.add_parser("serve", help="serve a module's tools over MCP")
    p.add_argument("module", metavar="MODULE[:ATTR]")
    p.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument(
        "--allow-unapproved",
        action="store_true",
        help="serve tools that require approval (MCP has no approval)",
    )
    p.set_defaults(func=_cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `interop` console script."""
    # MODULE arguments name the user's own modules: import them from the current directory too, as
    # `python -m interop` does (the console script's sys.path starts at its own bin directory).
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        args = _parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except _Fail as e:
        print(f"error: {e}", file=sys.stderr)
        return e.code
    except (DiscoveryError, InteropError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `interop docs ... | head`
        sys.stderr.close()
        return 0
