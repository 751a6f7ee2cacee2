"""The `interop` command: list, schema, call, docs, serve and demo.

Bad invocations print one clear line on stderr and exit non-zero (2 for usage errors, 1 for a
failed call); no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from . import __version__
from ._approval import ApprovalRequest
from ._context_factory import load_context_factory, open_context
from ._discover import EXAMPLE_LIBRARY, DiscoveryError, find_tool, find_tools
from ._docs import tools_catalog, tools_html, tools_markdown
from ._errors import ApprovalDeniedError, InteropError, exception_summary, exception_text
from ._invoke import Invoker, Outcome
from ._options import Options
from ._protocols import TARGETS
from ._results import to_jsonable
from ._shown import escaped_json
from ._tool import input_json_schema, output_json_schema

__all__ = ["main"]

PROVIDERS = ("openai", "openai-strict", "anthropic", "gemini")


class _Fail(InteropError):
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
        else:
            print(f"    (no description: {NO_DESCRIPTION})")
        if flags:
            print(f"    meta: {flags}")
    return 0


NO_DESCRIPTION = "a model picks tools by their description: give the function a docstring"


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


def _terminal_approval(assume_yes: bool) -> Callable[[ApprovalRequest], bool]:
    """The CLI's approval: `--yes`, else a y/N question on the terminal (no terminal: refused)."""

    def ask(request: ApprovalRequest) -> bool:
        if assume_yes:
            return True
        if not sys.stdin.isatty() or not sys.stderr.isatty():
            raise ApprovalDeniedError(
                request.tool_name,
                "it requires approval and there is no terminal to ask on (pass --yes to approve it)",
            )
        shown = escaped_json(request.input)  # complete; hidden and bidi characters escaped
        print(f"Run tool {request.tool_name!r} with {shown}? [y/N] ", end="", file=sys.stderr, flush=True)
        return sys.stdin.readline().strip().lower() in ("y", "yes")

    return ask


def _add_timeout(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="stop a call after SECONDS (interop.policies.Timeout; a tool's meta 'timeout' applies without it)",
    )


def _timed(tools: Any, seconds: float | None) -> Any:
    """`tools` under `--timeout` (a tool or a list), or as they are."""
    if seconds is None:
        return tools
    if not seconds > 0:
        raise _Fail(f"--timeout must be a positive number of seconds, got {seconds:g}")
    from ._middleware import with_middleware
    from .policies import Timeout

    return with_middleware(tools, Timeout(seconds))


def _cmd_call(args: argparse.Namespace) -> int:
    tool = _timed(find_tool(args.tool), args.timeout)
    raw = args.input if args.input is not None else ("{}" if sys.stdin.isatty() else sys.stdin.read())
    payload = _parse_json(raw or "{}", "the input")
    if args.context is not None and args.context_factory is not None:
        raise _Fail("pass --context or --context-factory, not both")
    context = _parse_json(args.context, "--context") if args.context is not None else None
    factory = load_context_factory(args.context_factory) if args.context_factory else None
    # one event loop, one thread: the factory's object (a DB handle, say) is made and used on it
    invoker = Invoker(
        tool,
        name=tool.name,
        target="the CLI",
        options=Options(errors="all", threaded=False),
        native_approval=True,
    )
    ask = _terminal_approval(args.yes)

    async def run() -> Outcome:
        if factory is None:
            return await invoker.ainvoke(payload, context, ask=ask)
        async with open_context(factory) as made:
            return await invoker.ainvoke(payload, made, ask=ask)

    import asyncio

    outcome = asyncio.run(run())
    if not outcome.ok:
        error = outcome.error
        text = exception_text(error) if error is not None else ""
        if outcome.error_kind in ("arguments", "output"):
            raise _Fail(f"{tool.name}: {text}", 1)
        if outcome.error_kind == "denied":
            raise _Fail(text, 1)
        if outcome.error_kind == "tool":
            raise _Fail(f"{tool.name}: tool error: {text}", 1)
        raise _Fail(f"{tool.name}: {type(error).__name__}: {text}", 1)
    if outcome.has_content:
        print(outcome.text)
    else:
        _print_json(outcome.value)
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
    """`interop serve`: stdio, or streamable HTTP (one process, or `--workers N` stateless ones)."""
    find_tools(args.module)  # fail early, with one line, on a module without tools
    _timed([], args.timeout)  # and on a bad --timeout
    try:
        from .mcp import serve
        from .mcp._workers import CONFIG_ENV, NONCES_ENV, SECRET_ENV, app_from_config
    except ImportError as e:
        raise _Fail(str(e), 1) from None
    http = args.transport == "http"
    for flag, given in (
        ("--auth-token-env", args.auth_token_env),
        ("--workers", args.workers != 1),
        ("--stateless", args.stateless),
        ("--path", args.path != "/mcp"),
        ("--allowed-host", bool(args.allowed_host)),
    ):
        if given and not http:
            raise _Fail(
                f"{flag} needs --transport http (stdio serves one client, the process that started it)"
            )
    if args.workers < 1:
        raise _Fail("--workers must be at least 1")
    if args.workers > 1 and not args.stateless:
        raise _Fail("--workers N needs --stateless: sessions live in one process, and workers share none")
    from ._context_factory import load_context_factory

    factory = load_context_factory(args.context_factory) if args.context_factory else None  # fails early
    if not http:
        serve(
            _timed(find_tools(args.module), args.timeout),
            allow_unapproved=args.allow_unapproved,
            context_factory=factory,
            name=args.name,
        )
        return 0
    import os
    import secrets

    import uvicorn

    if args.auth_token_env and not os.environ.get(args.auth_token_env):
        raise _Fail(f"--auth-token-env {args.auth_token_env}: the environment variable is not set or empty")
    if args.host not in ("127.0.0.1", "localhost", "::1") and not args.auth_token_env:
        print(
            f"warning: serving on {args.host} without authentication: anyone who can reach port {args.port} "
            "can call every tool; pass --auth-token-env NAME (clients then send Authorization: Bearer "
            "<value of $NAME>) or bind to 127.0.0.1 (--host)",
            file=sys.stderr,
        )
    config = {
        "module": args.module,
        "path": args.path,
        "stateless": args.stateless,
        "host": args.host,
        "auth_token_env": args.auth_token_env,
        "allowed_hosts": args.allowed_host or None,
        "allow_unapproved": args.allow_unapproved,
        "context_factory": args.context_factory,
        "name": args.name,
        "timeout": args.timeout,
    }
    os.environ.setdefault(SECRET_ENV, secrets.token_hex(32))  # one approval secret for every worker
    level = "warning"
    if args.workers > 1:
        import shutil
        import tempfile

        nonces_dir = None
        if NONCES_ENV not in os.environ:  # one store of used approval answers for every worker
            nonces_dir = tempfile.mkdtemp(prefix="interop-mcp-")
            os.environ[NONCES_ENV] = os.path.join(nonces_dir, "approval-nonces.sqlite")
        os.environ[CONFIG_ENV] = json.dumps(config)
        _print_listening(args)
        try:
            uvicorn.run(
                "interop.mcp._workers:app_from_env",
                factory=True,
                host=args.host,
                port=args.port,
                workers=args.workers,
                log_level=level,
            )
        finally:
            if nonces_dir is not None:
                shutil.rmtree(nonces_dir, ignore_errors=True)
        return 0
    try:
        app = app_from_config(config)
    except ValueError as e:
        raise _Fail(str(e)) from None
    _print_listening(args)
    uvicorn.run(app, host=args.host, port=args.port, log_level=level)
    return 0


def _print_listening(args: argparse.Namespace) -> None:
    """The one line `interop serve --transport http` prints before it serves: where, and how."""
    count = len(find_tools(args.module))
    host = f"[{args.host}]" if ":" in args.host else args.host
    mode = (
        f"stateless, {args.workers} worker{'s' if args.workers > 1 else ''}"
        if args.stateless
        else "stateful sessions, 1 process"
    )
    auth = f"Bearer token from ${args.auth_token_env}" if args.auth_token_env else "no auth"
    print(
        f"interop serve: MCP server {args.name!r}, {count} tool{'s' if count != 1 else ''} from "
        f"{args.module}, streamable HTTP at http://{host}:{args.port}{args.path} ({mode}; {auth}); "
        "Ctrl+C stops it",
        file=sys.stderr,
        flush=True,
    )


def _cmd_demo(args: argparse.Namespace) -> int:
    from ._context_factory import hold_context
    from ._demo import run_demo, scenario_for

    if args.context is not None and args.context_factory is not None:
        raise _Fail("pass --context or --context-factory, not both")
    if args.module is None and (args.context is not None or args.context_factory is not None):
        raise _Fail(
            "--context and --context-factory are for MODULE's tools (the example library makes its own "
            "AcmeContext): interop demo MODULE --context ..."
        )
    context = _parse_json(args.context, "--context") if args.context is not None else None
    factory = load_context_factory(args.context_factory) if args.context_factory else None
    with hold_context(factory) as made:
        try:
            scenario = scenario_for(args.module, made if factory is not None else context)
        except (DiscoveryError, ValueError):
            raise
        except Exception as e:  # the user's module failed to import: one line, no traceback
            raise _Fail(f"cannot load {args.module or 'the demo tools'}: {exception_summary(e)}", 1) from None
        return run_demo(scenario, only=args.only)


# --- playground: `interop playground MODULE` (interop/playground, extra `playground`) ---------


def _cmd_playground(args: argparse.Namespace) -> int:
    try:
        from .playground import AssetsMissingError, load_context_factory, serve
    except ImportError as e:
        raise _Fail(str(e), 1) from None
    import importlib

    tools = find_tools(args.module)
    module = importlib.import_module(args.module.partition(":")[0])
    factory = load_context_factory(args.context_factory) if args.context_factory else None
    try:
        serve(
            tools,
            port=args.port,
            context_factory=factory,
            module=module,
            label=args.module,
            context_label=args.context_factory,
        )
    except (AssetsMissingError, OSError) as e:
        raise _Fail(str(e), 1) from None
    return 0


def _add_playground_parser(sub: Any) -> None:
    p = sub.add_parser("playground", help="try a module's tools by hand in a local web page")
    p.add_argument("module", metavar="MODULE[:ATTR]")
    p.add_argument(
        "--context-factory",
        metavar="PKG.MOD:FN",
        help="FN() gives every call's context (a context manager is entered for the server's lifetime)",
    )
    p.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0 picks a free one)")
    p.set_defaults(func=_cmd_playground)


# --- end of playground -----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="interop",
        description="Neutral tools for every agent framework: list, document, call, serve and try a "
        "module's tools. MODULE is an import path (mypackage.tools).",
        epilog=f"examples:\n  interop list {EXAMPLE_LIBRARY}\n"
        f'  interop call {EXAMPLE_LIBRARY}:get_weather \'{{"city": "Rome"}}\'\n'
        f"  interop serve {EXAMPLE_LIBRARY} --transport http\n"
        "  interop demo                  (offline: five real agent loops, scripted model)\n"
        "  interop COMMAND --help        (a command's options)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"interop {__version__} (standard-tool; Python {sys.version.split()[0]})",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "demo",
        help="offline demo: the example tools (or MODULE's) in five real agent loops (LangChain, "
        "pydantic-ai, LlamaIndex, OpenAI Agents, MCP)",
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
    p.add_argument(
        "--context-factory",
        metavar="PKG.MOD:FN",
        help="FN() is called once and gives every call's context (a context manager is entered for the "
        "whole demo)",
    )
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
    p.add_argument(
        "--context-factory",
        metavar="PKG.MOD:FN",
        help="FN() makes the context (entered when it is a context manager)",
    )
    p.add_argument("--yes", action="store_true", help="approve a call that requires approval without asking")
    _add_timeout(p)
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

    p = sub.add_parser("serve", help="serve a module's tools over MCP (stdio or streamable HTTP)")
    p.add_argument("module", metavar="MODULE[:ATTR]")
    p.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    p.add_argument("--host", default="127.0.0.1", help="HTTP: the address to bind (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="HTTP: the port (default 8000)")
    p.add_argument("--path", default="/mcp", help="HTTP: the endpoint path (default /mcp)")
    p.add_argument(
        "--stateless", action="store_true", help="HTTP: keep no session state (what several workers need)"
    )
    p.add_argument(
        "--workers", type=int, default=1, metavar="N", help="HTTP: N worker processes (with --stateless)"
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        metavar="HOST",
        help="HTTP: a Host header to serve (repeat it; HOST:* for any port); by default the loopback "
        "names and --host itself; others get 421 (DNS-rebinding protection)",
    )
    p.add_argument(
        "--auth-token-env",
        metavar="NAME",
        help="HTTP: require Authorization: Bearer <value of the environment variable NAME> (else 401)",
    )
    p.add_argument(
        "--allow-unapproved",
        action="store_true",
        help="run tools that require approval without asking (by default each such call asks the "
        "client's user through MCP elicitation)",
    )
    p.add_argument(
        "--context-factory",
        metavar="PKG.MOD:FN",
        help="FN() is called once at start (entered for the server's lifetime when it is a context "
        "manager); every call gets its value as the context",
    )
    p.add_argument(
        "--name", default="interop", help="the server's name, as clients show it (default: interop)"
    )
    _add_timeout(p)
    p.set_defaults(func=_cmd_serve)

    _add_playground_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `interop` console script."""
    # MODULE arguments name the user's own modules: import them from the current directory too, as
    # `python -m interop` does (the console script's sys.path starts at its own bin directory).
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        parser = _parser()
        args = parser.parse_args(argv)
        if args.command is None:  # a bare `interop`: what it can do
            parser.print_help()
            return 2
        code: int = args.func(args)
        return code
    except _Fail as e:
        print(f"error: {e}", file=sys.stderr)
        return e.code
    except (DiscoveryError, InteropError, ValueError) as e:
        print(f"error: {exception_text(e)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `interop docs ... | head`
        sys.stderr.close()
        return 0
