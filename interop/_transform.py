"""`transform_tool` and `ArgTransform`: the same tool under another name, description or arguments.

A transformed tool is a `DerivedTool` (layer `"transform"`) around its base: it shows the model a
new input schema (built from the base's emitted JSON Schema, with arguments renamed, redescribed,
given defaults or hidden; its `input_schema` validates against it), refuses hidden arguments and
old names, maps the arguments back to the base's names, fills hidden arguments (a constant or a
function of the call's context) and calls the base's `execute`, which validates them once, with
its own validator (pydantic's messages and coercion for a `@tool`); its issues come back under
the model's names. The base may come from anywhere (`@tool`, MCP, LangChain...): it always
receives its own argument names.

A transform that changes only the name, title, description or meta keeps the base's schema and
`execute` (nothing is validated twice), which is what `prefix_tools` makes.

Hidden stays hidden: a transform that hides arguments closes the model-facing schema
(`additionalProperties: false`), so a hidden argument cannot be reached under another spelling
the base accepts (a pydantic alias or field name); the base's issues about a hidden argument say
so without its value, and a hidden value quoted in any other issue is replaced by `<hidden>`; an
argument cannot be renamed onto a hidden argument's name. The base's conditional approval is asked
about the base's validated input, as the base itself would be.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ._derive import DerivedTool, Layer, derive
from ._errors import StandardToolValidationError
from ._jsonschema import object_root_problem
from ._protocols import Issue, StandardSchemaV1, StandardToolV0
from ._run import (
    Run,
    StepGen,
    drive_async,
    drive_sync,
    is_async_callable,
    is_async_tool,
    is_awaitable,
    resolve,
)
from ._schema import as_schema
from ._tool import input_json_schema, rebuilt_by_call

__all__ = ["MISSING", "ArgTransform", "transform_tool"]

OutputT = TypeVar("OutputT")


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<missing>"


MISSING: Any = _Missing()
"""`ArgTransform.default` when no default is given."""


@dataclass(frozen=True, kw_only=True)
class ArgTransform:
    """How one argument of the base tool is shown to the model.

    A hidden argument (`hide=True`, or `from_context`) is not in the schema and a model that sends
    it gets a validation error; the base receives `default`, or `from_context(context)` (a sync or
    async function of the call's context), or, for an optional argument with neither, its own
    default.
    """

    name: str | None = None
    """The name the model uses (the base still receives the original name)."""
    description: str | None = None
    """The argument's description in the schema."""
    default: Any = MISSING
    """A new default: the argument becomes optional (or, hidden, is always this value)."""
    hide: bool = False
    """Leave the argument out of the schema."""
    from_context: Callable[[Any], Any] | None = None
    """Fill the argument from the call's context on every call (the argument is hidden)."""

    def __post_init__(self) -> None:
        if self.name is not None and (not isinstance(self.name, str) or not self.name):
            raise ValueError(f"ArgTransform name must be a non-empty string, got {self.name!r}")
        if self.description is not None and not isinstance(self.description, str):
            raise TypeError(
                f"ArgTransform description must be a string, got {type(self.description).__name__}"
            )
        if not isinstance(self.hide, bool):
            raise TypeError(f"ArgTransform hide must be a bool, got {type(self.hide).__name__}")
        if self.from_context is not None and not callable(self.from_context):
            raise TypeError(
                f"ArgTransform from_context must be a function context -> value, got {self.from_context!r}"
            )
        if self.from_context is not None and self.default is not MISSING:
            raise ValueError("ArgTransform takes a default or from_context, not both")
        if self.hidden and (self.name is not None or self.description is not None):
            raise ValueError("a hidden argument is not shown to the model: it takes no name or description")

    @property
    def hidden(self) -> bool:
        """Whether the model never sees (nor sets) the argument."""
        return self.hide or self.from_context is not None


@dataclass(frozen=True)
class _Plan:
    """The argument mapping of one transform, compiled once."""

    back: Mapping[str, str]
    """model name -> base name, for the renamed arguments."""
    forward: Mapping[str, str]
    """base name -> model name, for the renamed arguments."""
    defaults: Mapping[str, Any]
    """base name -> new default of a visible argument (filled when the model leaves it out)."""
    constants: Mapping[str, Any]
    """base name -> the value of a hidden argument."""
    from_context: Mapping[str, Callable[[Any], Any]]
    """base name -> the function filling a hidden argument from the context."""
    blocked: Mapping[str, str]
    """names the model must not send -> the message saying why."""
    hidden: frozenset[str] = frozenset()
    """base names of the hidden arguments."""
    known: frozenset[str] | None = None
    """the names the model may send when the schema is closed (arguments are hidden), else None."""

    @property
    def is_async(self) -> bool:
        return any(is_async_callable(f) for f in self.from_context.values())

    def to_base(self, value: Any, context: Any) -> StepGen[Any]:
        """The base tool's input for the validated model input `value`."""
        if not isinstance(value, dict):
            return value
        back, blocked = self.back, self.blocked
        out = {back.get(k, k): v for k, v in value.items() if k not in blocked}
        for name, default in self.defaults.items():
            if name not in out:
                out[name] = copy.deepcopy(default)
        for name, constant in self.constants.items():
            out[name] = copy.deepcopy(constant)
        for name, fill in self.from_context.items():
            out[name] = yield from resolve(fill(context))
        return out

    def blocked_issues(self, value: Any) -> tuple[Any, list[Issue]]:
        """`value` without the names the model must not send, and an issue for each one sent
        (a hidden or old name, or, in a closed schema, any name the schema does not list)."""
        if not isinstance(value, dict) or not (self.blocked or self.known is not None):
            return value, []
        known = self.known
        sent = [k for k in value if k in self.blocked or (known is not None and k not in known)]
        if not sent:
            return value, []
        return {k: v for k, v in value.items() if k not in sent}, [
            Issue(self.blocked.get(k, "unexpected argument"), (k,)) for k in sent
        ]

    def redact(self, issues: list[Issue], base_input: Any) -> list[Issue]:
        """The base's issues as the model may read them: nothing of a hidden argument's value."""
        if not self.hidden or not isinstance(base_input, dict):
            return issues
        shown_as = _hidden_texts([base_input[n] for n in self.hidden if n in base_input])
        out: list[Issue] = []
        for issue in issues:
            if issue.path and issue.path[0] in self.hidden:
                out.append(
                    Issue("set by the application, and its value is not valid (not shown)", issue.path[:1])
                )
                continue
            message = issue.message
            for text in shown_as:
                message = message.replace(text, "<hidden>")
            out.append(Issue(message, issue.path) if message != issue.message else issue)
        return out

    def rename_issues(self, issues: tuple[Issue, ...]) -> list[Issue]:
        """The base's issues with the first path element in the model's names."""
        fwd = self.forward
        return [
            Issue(i.message, (fwd.get(i.path[0], i.path[0]), *i.path[1:]))
            if i.path and isinstance(i.path[0], str)
            else i
            for i in issues
        ]


def _hidden_texts(values: list[Any]) -> list[str]:
    """How the values of hidden arguments may be quoted in a validator's message (longest first)."""
    import json

    texts: set[str] = set()

    def add(value: Any) -> None:
        for text in (repr(value), str(value)):
            if len(text) >= 3:
                texts.add(text)
        try:
            texts.add(json.dumps(value))
        except (TypeError, ValueError):
            pass
        if isinstance(value, Mapping):
            for item in value.values():
                add(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                add(item)

    for value in values:
        add(value)
    return sorted((t for t in texts if len(t) >= 3), key=len, reverse=True)


def _schema_with_args(
    schema: dict[str, Any], args: Mapping[str, ArgTransform], tool_name: str
) -> tuple[dict[str, Any], _Plan]:
    """The model-facing input schema and the plan mapping its arguments back to the base's."""
    props = schema.get("properties")
    problem = object_root_problem(schema)
    if problem is not None or not isinstance(props, dict):
        raise ValueError(
            f"tool {tool_name!r}: its arguments cannot be transformed: the input schema is not an object "
            f"with properties: it {problem or 'declares no properties'}"
        )
    unknown = [name for name in args if name not in props]
    if unknown:
        raise ValueError(
            f"tool {tool_name!r} has no argument {', '.join(map(repr, unknown))}; its arguments are "
            f"{', '.join(map(repr, props)) or 'none'}"
        )
    required = set(schema.get("required") or ())
    new_props: dict[str, Any] = {}
    new_required: list[str] = []
    back: dict[str, str] = {}
    defaults: dict[str, Any] = {}
    constants: dict[str, Any] = {}
    fills: dict[str, Callable[[Any], Any]] = {}
    hidden: list[str] = []
    for name, prop in props.items():
        spec = args.get(name)
        if spec is None:
            new_name, sub = name, prop
        elif spec.hidden:
            hidden.append(name)
            if spec.from_context is not None:
                fills[name] = spec.from_context
            elif spec.default is not MISSING:
                constants[name] = spec.default
            elif name in required:
                raise ValueError(
                    f"tool {tool_name!r}: the hidden argument {name!r} is required: give it a default or "
                    "from_context"
                )
            continue
        else:
            new_name = spec.name or name
            sub = dict(prop) if isinstance(prop, Mapping) else {}
            if spec.description is not None:
                sub["description"] = spec.description
            if spec.default is not MISSING:
                sub["default"] = _json_default(spec.default, name, tool_name)
                defaults[name] = spec.default
            if new_name != name:
                back[new_name] = name
        if new_name in new_props or (new_name != name and new_name in args and args[new_name].hidden):
            raise ValueError(f"tool {tool_name!r}: two arguments would be called {new_name!r}")
        new_props[new_name] = sub
        if name in required and name not in defaults:
            new_required.append(new_name)
    out: dict[str, Any] = {}
    for key, value in schema.items():  # the base's key order, for a stable schema
        if key == "properties":
            out[key] = new_props
        elif key != "required":
            out[key] = value
        elif new_required:
            out[key] = new_required
    if hidden:  # no other spelling of a hidden argument (an alias, a field name) gets through
        out["additionalProperties"] = False
        for key in ("patternProperties", "unevaluatedProperties", "propertyNames"):
            out.pop(key, None)
    blocked = {name: "unexpected argument: it is set by the application, leave it out" for name in hidden}
    for old, new in ((b, m) for m, b in back.items()):
        if old not in new_props:
            blocked[old] = f"unexpected argument: it is called {new!r}"
    plan = _Plan(
        back=back,
        forward={b: m for m, b in back.items()},
        defaults=defaults,
        constants=constants,
        from_context=fills,
        blocked=blocked,
        hidden=frozenset(hidden),
        known=frozenset(new_props) if hidden else None,
    )
    _check_defaults(out, plan, tool_name)
    return out, plan


def _json_default(value: Any, name: str, tool_name: str) -> Any:
    import json  # here, not at import: `import interop` stays as cheap as pydantic itself

    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as e:
        raise TypeError(
            f"tool {tool_name!r}: the default of the visible argument {name!r} must be JSON (it is shown to "
            f"the model): {e}"
        ) from None


def _check_defaults(schema: dict[str, Any], plan: _Plan, tool_name: str) -> None:
    """A visible argument's new default must be a value the new schema accepts."""
    for base_name, default in plan.defaults.items():
        name = plan.forward.get(base_name, base_name)
        sub = {**schema["properties"][name]}
        if "$defs" in schema:
            sub["$defs"] = schema["$defs"]
        sub.pop("default", None)
        issues = getattr(as_schema(sub).__standard_schema__.validate(default), "issues", None)
        if issues:
            raise ValueError(
                f"tool {tool_name!r}: the default {default!r} of argument {name!r} does not match its "
                f"schema: {issues[0].message}"
            )


def _examples(examples: Any, plan: _Plan) -> list[Any]:
    """The base's `input_examples` in the model's names (hidden arguments left out)."""
    out: list[Any] = []
    for example in examples:
        if isinstance(example, Mapping):
            hidden = {k for k in plan.blocked if k not in plan.forward}
            out.append({plan.forward.get(k, k): v for k, v in example.items() if k not in hidden})
    return out


def _approval_predicate(
    predicate: Callable[[Any, Any], Any], plan: _Plan, base: StandardToolV0[Any, Any, Any]
) -> Callable[[Any, Any], Any]:
    """The base's conditional approval, asked about the base's validated input (what the base's
    own predicate gets when the base is called: a `@tool`'s argument model, say). Input the base
    refuses needs approval (fail closed; the call then fails validation before anything runs)."""
    check = base.input_schema.__standard_schema__.validate if base.input_schema is not None else None

    def validated(value: Any) -> tuple[bool, Any]:
        if check is None:
            return True, value
        result = check(value)
        if getattr(result, "issues", None):
            return False, None
        return True, getattr(result, "value", value)

    if plan.is_async:

        async def ask_async(input: Any, context: Any) -> Any:
            ok, value = validated(await drive_async(plan.to_base(input, context), threaded=False))
            if not ok:
                return True
            answer = predicate(value, context)
            return (await answer) if is_awaitable(answer) else answer

        return ask_async

    def ask(input: Any, context: Any) -> Any:
        ok, value = validated(drive_sync(plan.to_base(input, context)))
        return predicate(value, context) if ok else True

    return ask


@rebuilt_by_call
def transform_tool(
    tool: StandardToolV0[Any, OutputT, Any],
    *,
    name: str | None = None,
    title: str | None = None,
    description: str | None = None,
    meta: Mapping[str, Any] | None = None,
    args: Mapping[str, ArgTransform] | None = None,
) -> DerivedTool[Any, OutputT, Any]:
    """The tool under a new name, title, description, meta or arguments (see `ArgTransform`).

    `meta` is merged over the base's meta. `args` maps the base's argument names to their
    transforms; the model-facing schema, validation and error paths follow the new names, and
    the base receives its original names. Transforms compose; the result is never replaced by
    the native object its base came from.
    """
    changes: dict[str, Any] = {}
    if name is not None:
        changes["name"] = name
    if title is not None:
        changes["title"] = title
    if description is not None:
        changes["description"] = description
    new_meta = dict(tool.meta)
    if meta is not None:
        new_meta.update(meta)
    if not args:
        if meta is not None:
            changes["meta"] = new_meta
        return derive(tool, layer=Layer("transform", {}), **changes)
    for key, spec in args.items():
        if not isinstance(spec, ArgTransform):
            raise TypeError(f"args[{key!r}] must be an ArgTransform, got {type(spec).__name__}")
    new_name = name if name is not None else tool.name
    schema, plan = _schema_with_args(input_json_schema(tool), args, tool.name)
    if "input_examples" in tool.meta and "input_examples" not in (meta or {}):
        new_meta["input_examples"] = _examples(tool.meta["input_examples"], plan)
    predicate: Any = tool.meta.get("requires_approval")
    kept = new_meta.get("requires_approval") is tool.meta.get("requires_approval")
    if kept and callable(predicate) and not isinstance(predicate, bool):
        # the base's conditional approval is written against the base's argument names
        new_meta["requires_approval"] = _approval_predicate(predicate, plan, tool)
    new_schema: StandardSchemaV1[Any] = as_schema(schema)
    steps = _steps(tool, new_name, new_schema, plan)
    return derive(
        tool,
        layer=Layer("transform", dict(args)),
        steps=steps,
        is_async=plan.is_async or is_async_tool(tool),
        input_schema=new_schema,
        meta=new_meta,
        **changes,
    )


def _steps(
    base: StandardToolV0[Any, Any, Any], name: str, schema: StandardSchemaV1[Any], plan: _Plan
) -> Callable[[Any, Any], StepGen[Any]]:
    """The transformed `execute`: refuse hidden and old names, map back, let the base validate.

    The base validates the mapped input once (a neutral tool's `execute` always does), against
    the very constraints the transformed schema was made from; its issues are reported under the
    model's names. The transformed JSON Schema is only run to list every issue of an input that
    already names an argument the model may not send.
    """
    validate = schema.__standard_schema__.validate
    base_name = base.name

    def steps(input: Any, context: Any) -> StepGen[Any]:
        value, issues = plan.blocked_issues({} if input is None else input)
        if issues:
            found = getattr(validate(value), "issues", None) or ()
            raise StandardToolValidationError("input", [*issues, *found], tool_name=name)
        base_input = yield from plan.to_base(value, context)
        try:
            return (yield Run(base, base_input, context))
        except StandardToolValidationError as e:
            if e.target != "input" or e.tool_name not in (None, base_name):
                raise
            issues = plan.redact(plan.rename_issues(e.issues), base_input)
            raise StandardToolValidationError("input", issues, tool_name=name) from None

    return steps
