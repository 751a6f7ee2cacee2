"""The well-known `meta` vocabulary and typed access to it.

The TypeScript spec fixes no keys; this project fixes a few, and every adapter maps them to the
target's native feature where one exists. Unknown keys are kept and carried wherever the target
has a metadata slot.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, TypedDict, cast

if TYPE_CHECKING:
    from ._protocols import StandardSchemaV1, StandardToolV0

__all__ = [
    "CARRIED_KEY",
    "MCP_HINTS",
    "MCP_HINT_DEFAULTS",
    "REMOTE_PROVIDER_OPTIONS",
    "WELL_KNOWN_META",
    "ToolMeta",
    "carried_meta",
    "check_input_examples",
    "hints_meta",
    "json_safe_meta",
    "meta_flag",
    "meta_tags",
    "provider_options",
    "read_carried_meta",
    "remote_provider_options",
    "split_hints",
    "validate_meta",
    "well_formed_meta",
]


class ToolMeta(TypedDict, total=False):
    """The well-known keys (all optional). Any other key is allowed and carried along."""

    read_only: bool
    """The tool does not modify its environment (MCP `readOnlyHint`; default False)."""
    destructive: bool
    """The tool may perform destructive updates (MCP `destructiveHint`; default True)."""
    idempotent: bool
    """Repeating a call with the same arguments has no additional effect (MCP `idempotentHint`)."""
    open_world: bool
    """The tool interacts with external entities (MCP `openWorldHint`; default True)."""
    requires_approval: bool | Callable[[Any, Any], bool | Awaitable[bool]]
    """A human must approve each call (`True`), or the calls a predicate `(input, context) -> bool`
    picks (pydantic-ai `requires_approval`, OpenAI Agents `needs_approval`, LangGraph interrupts)."""
    strict: bool
    """Ask for provider strict schemas (OpenAI strict mode)."""
    return_direct: bool
    """The tool's result is the final answer (LangChain / LlamaIndex `return_direct`)."""
    tags: list[str]
    """Free labels (LangChain `tags`); used for filtering."""
    group: str
    """The group the tool belongs to (the seed's `toolGroup`); `filter_tools(group=...)` selects by it."""
    defer_loading: bool
    """Keep the tool out of the first prompt; a tool search finds it (Anthropic / OpenAI Responses
    `defer_loading`, pydantic-ai `defer_loading`; elsewhere `split_tools` + `tool_search`)."""
    callers: list[str]
    """Who may call the tool (Anthropic `allowed_callers`, e.g. `["code_execution_20250825"]`)."""
    provider_options: dict[str, dict[str, Any]]
    """Provider-specific descriptor fields, keyed by provider (`"anthropic"`, `"openai"`, `"gemini"`),
    passed through to that provider's descriptor."""
    input_examples: list[dict[str, Any]]
    """Example arguments (Anthropic `input_examples`); each must match the input schema."""


WELL_KNOWN_META: Mapping[str, type] = {
    "read_only": bool,
    "destructive": bool,
    "idempotent": bool,
    "open_world": bool,
    "requires_approval": bool,
    "strict": bool,
    "return_direct": bool,
    "tags": list,
    "group": str,
    "defer_loading": bool,
    "callers": list,
    "provider_options": Mapping,
    "input_examples": list,
}

MCP_HINTS: Mapping[str, str] = {
    "read_only": "readOnlyHint",
    "destructive": "destructiveHint",
    "idempotent": "idempotentHint",
    "open_world": "openWorldHint",
}
"""Each behaviour hint's MCP tool-annotation name (as on the wire and in LangChain metadata)."""

MCP_HINT_DEFAULTS: Mapping[str, bool] = {
    "read_only": False,
    "destructive": True,
    "idempotent": False,
    "open_world": True,
}
"""The MCP spec's defaults for the four behaviour hints when a tool does not state them."""


def well_formed_meta(entries: Mapping[str, Any]) -> dict[str, Any]:
    """A framework's free-form metadata as neutral meta: an entry that breaks the well-known
    vocabulary (`read_only: "yes"`, `tags: "a"`) is left out, so converting a native tool never
    fails on what its author put in a metadata slot."""
    out: dict[str, Any] = {}
    for key, value in entries.items():
        try:
            validate_meta({key: value})
        except (TypeError, ValueError):
            continue
        out[key] = value
    return out


CARRIED_KEY = "interop"
"""The key under which a framework's free-form metadata slot carries what the framework has no
field for (`carried_meta`)."""


def carried_meta(
    tool: StandardToolV0[Any, Any, Any], *, leave_out: Collection[str] = (), output_schema: bool = True
) -> dict[str, Any]:
    """What a framework's free-form metadata slot (LangChain `metadata`, Agent Framework
    `additional_properties`, ADK `custom_metadata`) carries for `tool`: its JSON-safe meta but for
    `leave_out` (what the framework has fields of its own for), and under `CARRIED_KEY` the title
    and, unless `output_schema=False`, the output JSON Schema. `read_carried_meta` reads it back."""
    meta = json_safe_meta({k: v for k, v in tool.meta.items() if k not in leave_out})
    ours: dict[str, Any] = {}
    if tool.title is not None:
        ours["title"] = tool.title
    if output_schema:
        from ._schema_access import output_json_schema  # (lazy: the meta vocabulary alone loads nothing)

        schema = output_json_schema(tool)
        if schema is not None:
            ours["output_schema"] = schema
    if ours:
        meta[CARRIED_KEY] = ours
    return meta


def read_carried_meta(
    metadata: Mapping[str, Any],
) -> tuple[dict[str, Any], str | None, dict[str, Any] | None]:
    """(meta, title, output JSON Schema) from a framework's metadata slot: what `carried_meta`
    wrote, or a native tool's own entries (as `well_formed_meta`)."""
    ours = metadata.get(CARRIED_KEY)
    if not isinstance(ours, Mapping):
        ours = {}
    title = ours.get("title")
    schema = ours.get("output_schema")
    return (
        well_formed_meta({k: v for k, v in metadata.items() if k != CARRIED_KEY}),
        title if isinstance(title, str) else None,
        dict(schema) if isinstance(schema, Mapping) else None,
    )


def split_hints(meta: Mapping[str, Any]) -> tuple[dict[str, bool], dict[str, Any]]:
    """`meta` as (the behaviour hints it sets, under their MCP wire names: `{"readOnlyHint":
    True}`; every other entry). The form MCP tool annotations and the frameworks that copy them
    (Strands, Agno, the Claude Agent SDK) take."""
    hints: dict[str, bool] = {}
    rest: dict[str, Any] = {}
    for key, value in meta.items():
        if key in MCP_HINTS and isinstance(value, bool):
            hints[MCP_HINTS[key]] = value
        else:
            rest[key] = value
    return hints, rest


def hints_meta(annotations: Mapping[str, Any]) -> dict[str, bool]:
    """The behaviour hints set in MCP-style tool annotations (wire names; anything else there is
    ignored) as neutral meta: `{"readOnlyHint": True}` -> `{"read_only": True}`."""
    return {
        key: annotations[wire] for key, wire in MCP_HINTS.items() if isinstance(annotations.get(wire), bool)
    }


def validate_meta(meta: Mapping[str, Any], *, tool_name: str | None = None) -> None:
    """Raise `TypeError` when a well-known key has the wrong type."""
    where = f"tool {tool_name!r}: " if tool_name else ""
    if not isinstance(meta, Mapping):
        raise TypeError(f"{where}meta must be a mapping, got {type(meta).__name__}")
    for key, expected in WELL_KNOWN_META.items():
        if key not in meta:
            continue
        value = meta[key]
        if key == "requires_approval" and callable(value) and not isinstance(value, bool):
            continue  # conditional approval: a predicate of the validated input and the context
        if key == "requires_approval" and not isinstance(value, bool):
            raise TypeError(
                f"{where}meta['requires_approval'] must be True, False or a function (input, context) -> bool, "
                f"got {type(value).__name__}"
            )
        if not isinstance(value, expected):
            kind = "dict" if expected is Mapping else expected.__name__
            raise TypeError(f"{where}meta[{key!r}] must be {kind}, got {type(value).__name__}")
        if key in ("tags", "callers") and not all(isinstance(t, str) for t in cast(list[Any], value)):
            raise TypeError(f"{where}meta[{key!r}] must be a list of str")
        if key == "input_examples" and not all(isinstance(e, Mapping) for e in cast(list[Any], value)):
            raise TypeError(f"{where}meta['input_examples'] must be a list of dict (argument objects)")
        if key == "provider_options":
            for provider, options in cast(Mapping[Any, Any], value).items():
                if not isinstance(provider, str) or not isinstance(options, Mapping):
                    raise TypeError(
                        f"{where}meta['provider_options'] must map a provider name to a dict of fields, "
                        f"got {provider!r}: {type(options).__name__}"
                    )
                if "name" in options:  # calls are routed by the tool's name
                    raise ValueError(
                        f"{where}meta['provider_options'][{provider!r}] cannot set 'name' "
                        "(rename the tool with transform_tool)"
                    )


def check_input_examples(
    meta: Mapping[str, Any], input_schema: StandardSchemaV1[Any] | None, *, tool_name: str
) -> None:
    """Raise `ValueError` when an entry of `meta["input_examples"]` does not match the input schema."""
    examples = meta.get("input_examples")
    if not examples or input_schema is None:
        return
    # lazy: an adapter reading `interop.bridge.MCP_HINTS` at import needs none of `_protocols`
    from ._protocols import issues_message

    validate = input_schema.__standard_schema__.validate
    for i, example in enumerate(examples):
        issues = getattr(validate(example), "issues", None)
        if issues:
            raise ValueError(
                f"tool {tool_name!r}: meta['input_examples'][{i}] does not match the input schema: "
                f"{issues_message(issues)}"
            )


def provider_options(meta: Mapping[str, Any], provider: str) -> dict[str, Any]:
    """`meta["provider_options"][provider]` (empty when absent), for that provider's descriptor."""
    options = (meta.get("provider_options") or {}).get(provider)
    return dict(options) if options else {}


def _cache_control(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and value.get("type") == "ephemeral"
        and set(value) <= {"type", "ttl"}
        and value.get("ttl", "5m") in ("5m", "1h")
    )


REMOTE_PROVIDER_OPTIONS: Mapping[str, Mapping[str, Callable[[Any], bool]]] = {
    "openai": {"defer_loading": lambda v: isinstance(v, bool)},
    "anthropic": {
        "cache_control": _cache_control,
        "defer_loading": lambda v: isinstance(v, bool),
        "eager_input_streaming": lambda v: isinstance(v, bool),
    },
    "gemini": {"behavior": lambda v: v in ("BLOCKING", "NON_BLOCKING", "UNSPECIFIED")},
}
"""The `provider_options` fields a tool from a source that does not own our provider descriptors
(a remote MCP server's `_meta`) may set, with the values allowed: hints on how a provider loads,
caches or schedules the tool. Never its `type`, schema, description, strictness or callers."""


def remote_provider_options(value: Any) -> dict[str, dict[str, Any]]:
    """`meta["provider_options"]` from a remote source (an MCP server's `_meta`), reduced to the
    fields of `REMOTE_PROVIDER_OPTIONS` with allowed values (the rest dropped): a server could
    otherwise turn the descriptor of its tool into another kind of tool (Anthropic's
    `{"type": "bash_20250124"}`), replace the schema or the description a model is shown, or
    switch strict mode off."""
    out: dict[str, dict[str, Any]] = {}
    if not isinstance(value, Mapping):
        return out
    for provider, fields in value.items():
        allowed = REMOTE_PROVIDER_OPTIONS.get(provider) if isinstance(provider, str) else None
        if allowed is None or not isinstance(fields, Mapping):
            continue
        kept = {k: v for k, v in fields.items() if k in allowed and allowed[k](v)}
        if kept:
            out[provider] = kept
    return out


def meta_flag(meta: Mapping[str, Any], key: str) -> bool:
    """A boolean meta key with its default (the MCP default for the four hints, else False)."""
    value = meta.get(key)
    if isinstance(value, bool):
        return value
    return MCP_HINT_DEFAULTS.get(key, False)


def meta_tags(meta: Mapping[str, Any]) -> list[str]:
    """The `tags` list (empty when absent)."""
    return list(meta.get("tags") or [])


def json_safe_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of `meta` that survive a JSON round trip (for targets whose metadata must be JSON).

    Entries that are not JSON (callables, objects) are left out here; they survive on the origin
    stash, so a tool that comes back from the target gets them back.
    """
    import json  # here, not at import: `import interop` stays as cheap as pydantic itself

    out: dict[str, Any] = {}
    for key, value in meta.items():
        try:
            out[key] = json.loads(json.dumps(value))
        except (TypeError, ValueError):
            continue
    return out
