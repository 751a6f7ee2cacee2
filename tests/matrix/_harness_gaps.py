"""Documented gaps of the matrix: failed checks explained by a framework's own limitation.

`gap_reason(source, target, spec, check)` gives the reason, or None (an undocumented failure
makes the test fail). Keys use `*` as a wildcard.
"""

from __future__ import annotations

_LI_HOME = (
    "LlamaIndex at home: a native `FunctionTool` going back to LlamaIndex is the very same object "
    "and keeps its native behaviour: it validates nothing (the function runs on bad arguments, "
    "or fails with a Python error the agent shows as is)"
)
_OA_HOME = (
    "OpenAI Agents at home: a native `@function_tool` going back to the SDK is the very same "
    "object; its default failure message is the SDK's generic `An error occurred while running "
    "the tool. Please try again.` (no tool or field named)"
)
_LI_CONSTRAINTS = (
    "LlamaIndex `FunctionTool.from_defaults` keeps only the description of "
    "`Annotated[..., Field(...)]`: constraints (min_length, pattern, ge, le) are not in the schema "
    "a model sees and LlamaIndex validates nothing, so a native LlamaIndex tool's constraints are "
    "enforced nowhere (write the tool with `interop.tool` and `to_llamaindex` instead)"
)
_LC_CONFIG = (
    "LangChain: a native tool's parameter named `config` never receives the model's value "
    "(`StructuredTool` passes its `RunnableConfig` under that name; the native tool loses it too)"
)
_LC_LIST = (
    "LangChain at home: a native tool returning a list of strings has it taken as message content "
    "blocks (`ToolMessage.content` is the list; the model sees the strings, not a JSON array)"
)

_OA_STRICT = (
    "OpenAI strict mode has two spellings of an optional field: the SDK's own (listed in `required` "
    "with its `default`) and interop's strict compiler (listed in `required`, nullable, the default "
    "noted in the description and restored from null before validation); an `@function_tool` that "
    "left the SDK through a real hop (MCP) and comes back strict is compiled by interop (two-hop only)"
)

GAPS: dict[tuple[str, str, str, str], str] = {
    ("openai-agents", "openai-agents", "*", "schema"): _OA_STRICT,
    ("llamaindex", "llamaindex", "*", "invalid"): _LI_HOME,
    ("llamaindex", "llamaindex", "*", "invalid-names-tool"): _LI_HOME,
    ("openai-agents", "openai-agents", "*", "invalid-names-tool"): _OA_HOME,
    ("llamaindex", "*", "constrained_str", "invalid"): _LI_CONSTRAINTS,
    ("llamaindex", "*", "constrained_num", "invalid"): _LI_CONSTRAINTS,
    ("llamaindex", "*", "annotated_desc", "invalid"): _LI_CONSTRAINTS,
    ("llamaindex", "*", "lookup_user", "invalid"): _LI_CONSTRAINTS,
    ("langchain", "*", "context_named_args", "valid"): _LC_CONFIG,
    ("langchain", "langchain", "open_dict", "valid"): _LC_LIST,
}


def gap_reason(source: str, target: str, spec: str, check: str) -> str | None:
    for (s, t, n, c), why in GAPS.items():
        if s in (source, "*") and t in (target, "*") and n in (spec, "*") and c in (check, "*"):
            return why
    return None


_AGNO_DERIVED = (
    "Agno as a source: the schema an Agno model is sent is Agno's own derivation from the "
    "signature, which drops defaults and constraints (ge/le, lengths, pattern, uniqueItems), loses "
    "`null` from Optional types, types an IntEnum as a string, datetime/date/UUID and TypedDicts as "
    "empty objects, tuples as uniform arrays and discriminators; `from_agno` gives the neutral tool "
    "the full pydantic schema of the same signature (what Agno's `validate_call` enforces), so every "
    "other target is sent more than an Agno model is (at home the tool is the same object)"
)
_AGNO_DERIVED_SPECS = """scale_float optional_int nullable_required int_enum dict_values discriminated
constrained_str constrained_num defaults_mix datetime_in date_and_uuid optional_model typed_dict
annotated_desc docstring_args set_param tuple_param optional_list open_dict async_add search_web
delete_file lookup_user ctx_optional context_named_args ctx_named_arg""".split()
GAPS.update({("agno", "*", spec, "schema"): _AGNO_DERIVED for spec in _AGNO_DERIVED_SPECS})

_STRANDS_HOME = (
    "Strands at home: a native `@tool` going back to Strands is the very same object; its own "
    "validation error names the pydantic model it built (`Echo_strTool`), not the tool"
)
GAPS[("strands", "strands", "*", "invalid-names-tool")] = _STRANDS_HOME
