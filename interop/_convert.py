"""What every `to_X` decides before it describes a tool: its options, whether the tool goes home
as the native object it came from, its final name, and the `Invoker` its calls run through."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._invoke import Invoker
from ._jsonschema import check_object_root
from ._names import resolve_name
from ._options import Options, split_options
from ._origin import get_origin
from ._protocols import StandardToolV0
from ._tool import input_json_schema
from ._tooloptions import PolicyText

__all__ = ["Conversion", "object_input_schema", "prepare"]

N = TypeVar("N")


@dataclass(frozen=True, slots=True)
class Conversion(Generic[N]):
    """A `to_X` conversion, decided (see `prepare`)."""

    tool: StandardToolV0[Any, Any, Any]
    options: Options
    """The shared options."""
    own: dict[str, Any]
    """The adapter's own options, as given."""
    origin: N | None
    """The native object the tool was converted from (of the adapter's native type), or None."""
    home: N | None
    """`origin` when the tool goes home as it (nothing asked of the conversion), else None."""
    name: str
    """The final name (the rename applied and checked against the adapter's name rule)."""

    def invoker(
        self,
        *,
        target: str,
        context: Callable[[Any], Any] | None = None,
        native_approval: bool = False,
        restore: Callable[[Any], Any] | None = None,
        failure_text: PolicyText | None = None,
        options: Options | None = None,
    ) -> Invoker:
        """The call path of the converted tool (see `Invoker` for the arguments; `options`: the
        shared options as the adapter changed them, default `self.options`)."""
        return Invoker(
            self.tool,
            name=self.name,
            target=target,
            options=self.options if options is None else options,
            context=context,
            native_approval=native_approval,
            restore=restore,
            failure_text=failure_text,
        )


def prepare(
    tool: StandardToolV0[Any, Any, Any],
    options: Mapping[str, Any] | Options,
    extra: type[Any] | None = None,
    *,
    where: str,
    rule: str,
    native: type[N] | tuple[type[N], ...] | None = None,
    home_if: Callable[[N], bool] | None = None,
) -> Conversion[N]:
    """Split `options` (unknown names raise `TypeError`), find the native object the tool came
    from (an instance of `native`), and decide whether it goes home: only when no option is given
    and `home_if(origin)` (if given) holds. Otherwise apply `rename` and check the name against
    `rule` (`ToolNameError`). `options` may be `Options` already split (a list of tools splits its
    options once, then prepares each tool)."""
    own: dict[str, Any]
    if isinstance(options, Options):
        shared, own = options, {}
    else:
        shared, own = split_options(options, extra, where=where)
    origin: N | None = get_origin(tool, native) if native is not None else None
    if origin is not None and shared.is_default and not own and (home_if is None or home_if(origin)):
        return Conversion(tool, shared, own, origin, origin, tool.name)
    return Conversion(tool, shared, own, origin, None, resolve_name(tool.name, rule, shared.rename))


def object_input_schema(tool: StandardToolV0[Any, Any, Any], framework: str) -> dict[str, Any]:
    """The neutral input JSON Schema (a copy), for a framework that passes arguments as a JSON
    object: a root that is not a single object schema raises `SchemaConversionError`
    (`interop.jsonschema.check_object_root`, the one object-root rule)."""
    return check_object_root(input_json_schema(tool), tool_name=tool.name, target=framework)
