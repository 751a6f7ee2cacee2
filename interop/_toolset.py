"""`ToolSet`: a named, ordered set of tools with one name index, run through the one pipeline.

```python
tools = interop.ToolSet([get_weather, convert], approval=ask_human)
tools.names                      # ('get_weather', 'convert')
tools.call("convert", {"amount": 3})          # the tool's output (its exceptions raise)
outcome = await tools.arun("convert", '{"amount": 3}', call_id="c1")   # a bridge.Outcome
```

Names are unique (a duplicate raises `ToolNameError`, as every `to_X_tools` does). `call`/`acall`
are `interop.call`/`acall` by name (the approval rule: `approval=` or `allow_unapproved=`, else an
approval-required call fails closed); `run`/`arun` are the model-facing path every adapter takes
(`bridge.Invoker`: parse JSON text or a dict, validation, approval, middleware, execute) and give
an `Outcome` whose failures are the model's to read (an unknown name included). A `ToolSet` is a
sequence of its tools, so it goes wherever a list of tools goes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

from ._arguments import parse_arguments
from ._direct import acall, call
from ._errors import ToolNameError
from ._invoke import Invoker, Outcome
from ._middleware import with_middleware
from ._names import check_unique_names
from ._options import Errors, Options
from ._protocols import StandardToolV0
from ._shaping import filter_tools, prefix_tools

if TYPE_CHECKING:
    from ._approval import ApprovalCallback

__all__ = ["ToolSet", "convert_tools", "toolset_options"]

AnyTool = StandardToolV0[Any, Any, Any]
_O = TypeVar("_O", bound=Mapping[str, Any])
_T = TypeVar("_T")


class ToolSet(Sequence[AnyTool]):
    """A named, ordered set of tools (see the module doc)."""

    __slots__ = ("_by_name", "_invokers", "_tools", "allow_unapproved", "approval", "errors", "threaded")

    def __init__(
        self,
        tools: Iterable[AnyTool] = (),
        *,
        approval: ApprovalCallback | None = None,
        allow_unapproved: bool = False,
        errors: Errors = "model-facing",
        threaded: bool = True,
    ) -> None:
        """Args:
        tools: the tools (any iterable, another `ToolSet` included), in the order a model sees them.
        approval: asked before each call that needs approval (only `True` approves).
        allow_unapproved: run approval-required calls with nobody asked (the caller is the human).
        errors: what `run`/`arun` show the model for an unexpected exception (see `Options`).
        threaded: `arun` runs a sync tool on a worker thread.
        """
        self._tools: tuple[AnyTool, ...] = tuple(tools)
        by_name: dict[str, AnyTool] = {}
        for tool in self._tools:
            if not isinstance(tool, StandardToolV0):
                raise TypeError(f"ToolSet: {tool!r} is not a tool (it has no name, schemas and execute)")
            if tool.name in by_name:
                raise ToolNameError(
                    f"ToolSet: two tools are named {tool.name!r}; rename one (interop.transform_tool, "
                    "or ToolSet.prefix for a whole set)"
                )
            by_name[tool.name] = tool
        self._by_name = by_name
        self._invokers: dict[str, Invoker] = {}
        Options(approval=approval, allow_unapproved=allow_unapproved, errors=errors, threaded=threaded)
        self.approval = approval
        self.allow_unapproved = allow_unapproved
        self.errors: Errors = errors
        self.threaded = threaded

    # ------------------------------------------------------------------------------ the set

    @property
    def names(self) -> tuple[str, ...]:
        """The tools' names, in order."""
        return tuple(self._by_name)

    def get(self, name: str) -> AnyTool | None:
        """The tool named `name`, or None."""
        return self._by_name.get(name)

    def __len__(self) -> int:
        return len(self._tools)

    def __iter__(self) -> Iterator[AnyTool]:
        return iter(self._tools)

    @overload
    def __getitem__(self, index: int) -> AnyTool: ...
    @overload
    def __getitem__(self, index: slice) -> ToolSet: ...
    def __getitem__(self, index: int | slice) -> AnyTool | ToolSet:
        if isinstance(index, slice):
            return self._like(self._tools[index])
        return self._tools[index]

    def __contains__(self, item: object) -> bool:
        """A name, or a tool of the set."""
        if isinstance(item, str):
            return item in self._by_name
        return any(item is tool for tool in self._tools)

    def __repr__(self) -> str:
        return f"ToolSet({list(self._by_name)!r})"

    def __add__(self, other: Iterable[AnyTool]) -> ToolSet:
        """Both sets' tools (names must stay unique)."""
        return self._like((*self._tools, *other))

    def _like(self, tools: Iterable[AnyTool]) -> ToolSet:
        return ToolSet(
            tools,
            approval=self.approval,
            allow_unapproved=self.allow_unapproved,
            errors=self.errors,
            threaded=self.threaded,
        )

    def filter(
        self,
        *,
        names: str | Collection[str] | None = None,
        tags: str | Collection[str] | None = None,
        group: str | Collection[str] | None = None,
        exclude_names: str | Collection[str] | None = None,
    ) -> ToolSet:
        """The tools passing every given criterion (as `interop.filter_tools`), same options."""
        return self._like(
            filter_tools(self._tools, names=names, tags=tags, group=group, exclude_names=exclude_names)
        )

    def prefix(self, prefix: str) -> ToolSet:
        """Every tool renamed `prefix + name` (as `interop.prefix_tools`), same options."""
        return self._like(prefix_tools(self._tools, prefix))

    def with_middleware(self, *middleware: Any) -> ToolSet:
        """Every tool with every call passing `middleware` (as `interop.with_middleware`)."""
        return self._like(with_middleware(list(self._tools), *middleware))

    # ------------------------------------------------------------------------------ calling

    def _tool(self, name: str) -> AnyTool:
        tool = self._by_name.get(name)
        if tool is None:
            raise ToolNameError(self._unknown(name))
        return tool

    def _unknown(self, name: str) -> str:
        shown = ", ".join(self._by_name) or "none"
        return f"there is no tool named {name!r}; the tools are: {shown}"

    def call(
        self, name: str, arguments: Any = None, context: Any = None, *, call_id: str | None = None
    ) -> Any:
        """Run the tool named `name` from sync code (as `interop.call`, with this set's approval
        options): its output, or its exception. `arguments` may be JSON text."""
        tool = self._tool(name)
        return call(
            tool,
            _decoded(arguments, name),
            context,
            approval=self.approval,
            allow_unapproved=self.allow_unapproved,
            call_id=call_id,
        )

    async def acall(
        self, name: str, arguments: Any = None, context: Any = None, *, call_id: str | None = None
    ) -> Any:
        """`call` from async code (a sync tool on a worker thread when `threaded`)."""
        tool = self._tool(name)
        return await acall(
            tool,
            _decoded(arguments, name),
            context,
            approval=self.approval,
            allow_unapproved=self.allow_unapproved,
            threaded=self.threaded,
            call_id=call_id,
        )

    def invoker(self, name: str) -> Invoker | None:
        """The pipeline of the tool named `name` (built once), or None for an unknown name."""
        invoker = self._invokers.get(name)
        if invoker is None:
            tool = self._by_name.get(name)
            if tool is None:
                return None
            options = Options(
                approval=self.approval,
                allow_unapproved=self.allow_unapproved,
                errors=self.errors,
                threaded=self.threaded,
            )
            # native_approval: with no callback, an approval-required call fails closed per call
            # (a denied Outcome) instead of the whole set refusing to be built
            invoker = self._invokers[name] = Invoker(
                tool, name=name, target="ToolSet", options=options, native_approval=True
            )
        return invoker

    def run(
        self, name: str, arguments: Any = None, context: Any = None, *, call_id: str | None = None
    ) -> Outcome:
        """Run the call a model asked for, from sync code: the `Outcome` (its failures are for
        the model: bad arguments, the tool's error, a denial, an unknown name)."""
        invoker = self.invoker(name)
        if invoker is None:
            return self._unknown_outcome(name)
        return invoker.invoke(arguments, context, call_id=call_id)

    async def arun(
        self, name: str, arguments: Any = None, context: Any = None, *, call_id: str | None = None
    ) -> Outcome:
        """`run` from async code."""
        invoker = self.invoker(name)
        if invoker is None:
            return self._unknown_outcome(name)
        return await invoker.ainvoke(arguments, context, call_id=call_id)

    def _unknown_outcome(self, name: str) -> Outcome:
        error = ToolNameError(self._unknown(name))
        return Outcome("error", name, parts=(f"Error: {error}",), error=error)


def _decoded(arguments: Any, name: str) -> Any:
    if arguments is None or isinstance(arguments, (str, bytes, bytearray)):
        return parse_arguments(arguments, name)
    return arguments


_ALIASES: Mapping[str, tuple[str, ...]] = {
    "approval": ("approval",),
    "allow_unapproved": ("allow_unapproved",),
    "errors": ("errors", "other_errors", "mask_errors", "handle_errors"),
    "threaded": ("threaded", "sync_in_thread"),
}
"""Each option a `ToolSet` carries, with every spelling a caller may give it under."""


def toolset_options(tools: object, options: _O) -> _O:
    """`options`, with the options of `tools` under them when it is a `ToolSet`.

    Every place that takes a list of tools (each `to_X_tools`, the providers' toolsets, the MCP
    server) calls this first: a `ToolSet`'s `approval`, `allow_unapproved`, `errors` and `threaded`
    apply to its conversion, unless the call gives that option itself. A plain list (or a set with
    only default options) gives `options` back as it is.
    """
    if not isinstance(tools, ToolSet):
        return options
    own: dict[str, Any] = {}
    if tools.approval is not None:
        own["approval"] = tools.approval
    if tools.allow_unapproved:
        own["allow_unapproved"] = True
    if tools.errors != "model-facing":
        own["errors"] = tools.errors
    if not tools.threaded:
        own["threaded"] = False
    if not own:
        return options
    merged = dict(options)
    for key, value in own.items():
        if not any(spelling in options for spelling in _ALIASES[key]):
            merged[key] = value
    return cast("_O", merged)


def convert_tools(
    tools: Iterable[AnyTool],
    options: Mapping[str, Any],
    convert: Callable[..., _T],
    target: str,
    name: Callable[[_T], str] = attrgetter("name"),
) -> list[_T]:
    """What every `to_X_tools` does: `convert` (its `to_X`) each tool with `options` (a `ToolSet`'s
    own options under them, see `toolset_options`), then refuse two converted tools with the same
    final name (`ToolNameError`: `target` keys its tools by `name` and would keep only one)."""
    options = toolset_options(tools, options)
    converted = [convert(tool, **options) for tool in tools]
    check_unique_names(map(name, converted), target)
    return converted
