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

_HS_HOME = (
    "Haystack at home: a native `@tool` going back to Haystack is the very same object and keeps its "
    "native behaviour: Haystack validates no argument (the function runs on bad arguments, or fails "
    "with a Python error the agent reports as `Failed to invoke Tool ...`)"
)
_DSPY_CONSTRAINTS = (
    "DSPy `dspy.Tool(fn)` reads the function's type hints without their `Annotated` metadata: "
    "constraints (min_length, pattern, ge, le) are not in its `args` schema and its own argument "
    "parsing does not enforce them, so a native DSPy tool's constraints are enforced nowhere (write "
    "the tool with `interop.tool` and `to_dspy` instead)"
)
_DSPY_HOME_RESULTS = (
    "DSPy at home: a native `dspy.Tool` going back to DSPy is the very same object and ReAct shows "
    "the model its raw return value the way DSPy's chat adapter formats a trajectory field: a bool "
    "as Python `False`, a list of strings as a numbered list, and a list of numbers makes the "
    "formatting itself raise `TypeError` (the run stops); converted tools return JSON text instead"
)
_ADK_HOME = (
    "Google ADK at home: a native `FunctionTool` going back to ADK is the very same object and keeps "
    "its native behaviour: ADK's argument validation (`FUNCTION_TOOL_ARG_VALIDATION`) is off by "
    "default, so the function runs on bad arguments or fails with a Python error that aborts the run"
)
_SM_TYPED = (
    "smolagents requires a `type` on every input: a `oneOf` input is sent with the JSON type its "
    'branches share added (`"type": "object"`), which says nothing the branches do not'
)

_SM_HOME = (
    "smolagents at home: a native smolagents `Tool` going back to smolagents is the very same object; "
    "smolagents checks only the top-level JSON type and presence of each input, so enums, nested "
    "objects and constraints are not enforced and the function runs"
)
_NO_NATIVE_CONTEXT = (
    "{fw} passes a tool no per-call object: a tool written natively for it has no context to read "
    "(the spec function gets None); converted tools get theirs from `run_context(...)`"
)
_CTX_SPECS = ("greet_ctx", "async_ctx_sum", "ctx_items", "ctx_optional")
_CREW_STRICT = (
    "CrewAI sends every tool's schema in OpenAI strict form (`strict: true`, no way to opt out: "
    "`convert_tools_to_openai_schema`): an optional property is required-but-nullable with its "
    "default noted in its description, keywords strict mode refuses (minLength, maxLength, "
    "uniqueItems, `uuid` format) move into the description, `oneOf` becomes `anyOf`, `prefixItems` "
    "an `items` union, and every object is closed (an open map takes no keys). The neutral tool "
    "still validates the full schema (tests/crewai checks the sent schema is our strict compilation)"
)
_CREW_SOURCE = (
    "CrewAI's model sees its own strict rewrite of a native tool's schema (formats stripped, `oneOf` "
    "as `anyOf`, maps closed); `from_crewai` reads the `args_schema` CrewAI validates with, which keeps them"
)
_CREW_STRICT_SPECS = (
    "scale_float", "dict_values", "discriminated", "constrained_str", "defaults_mix", "date_and_uuid",
    "annotated_desc", "docstring_args", "set_param", "tuple_param", "open_dict", "async_add",
    "search_web", "delete_file", "context_named_args", "ctx_named_arg",
)  # fmt: skip
_CREW_HOME_MODEL = (
    "CrewAI at home: a native CrewAI tool returning a pydantic model shows the model its JSON "
    "(`model_dump_json`), not `str()` of the fields"
)

GAPS: dict[tuple[str, str, str, str], str] = {
    ("google-adk", "google-adk", "*", "invalid"): _ADK_HOME,
    ("google-adk", "google-adk", "*", "invalid-names-tool"): _ADK_HOME,
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
    ("haystack", "haystack", "*", "invalid"): _HS_HOME,
    ("dspy", "*", "constrained_str", "invalid"): _DSPY_CONSTRAINTS,
    ("dspy", "*", "constrained_num", "invalid"): _DSPY_CONSTRAINTS,
    ("dspy", "*", "annotated_desc", "invalid"): _DSPY_CONSTRAINTS,
    ("dspy", "*", "lookup_user", "invalid"): _DSPY_CONSTRAINTS,
    ("dspy", "dspy", "toggle", "valid"): _DSPY_HOME_RESULTS,
    ("dspy", "dspy", "open_dict", "valid"): _DSPY_HOME_RESULTS,
    ("dspy", "dspy", "set_param", "valid"): _DSPY_HOME_RESULTS,
    ("dspy", "dspy", "output_list", "valid"): _DSPY_HOME_RESULTS,
    ("*", "smolagents", "discriminated", "schema"): _SM_TYPED,
    ("smolagents", "smolagents", "*", "invalid"): _SM_HOME,
    **{
        (fw, "*", spec, "valid"): _NO_NATIVE_CONTEXT.format(fw=name)
        for fw, name in (
            ("smolagents", "smolagents"),
            ("claude-agent-sdk", "The Claude Agent SDK"),
            ("crewai", "CrewAI"),
            ("autogen", "AutoGen (only a `CancellationToken`)"),
            ("google-genai", "google-genai's automatic function calling"),
            ("anthropic", "The Anthropic tool runner"),
        )
        for spec in _CTX_SPECS
    },
    **{("*", "crewai", spec, "schema"): _CREW_STRICT for spec in _CREW_STRICT_SPECS},
    **{
        ("crewai", "*", spec, "schema"): _CREW_SOURCE
        for spec in ("dict_values", "discriminated", "date_and_uuid", "open_dict")
    },
    ("crewai", "crewai", "output_model", "valid"): _CREW_HOME_MODEL,
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

_SK_DERIVED = (
    "Semantic Kernel as a source: the schema a Semantic Kernel model is sent is its own derivation "
    "(each parameter's `schema_data`), which drops defaults, types `Literal`, datetime, date and UUID "
    "as objects, tuples and sets as plain arrays, nullable fields without `null`, and sends an "
    "`Annotated` constraint's repr as a description; `from_semantic_kernel` gives the neutral tool the "
    "pydantic schema of the types Semantic Kernel records for the parameters (what its own parsing "
    "converts to), so every other target is sent more than a Semantic Kernel model is (at home the "
    "function is the same object)"
)
_SK_DERIVED_SPECS = """scale_float literal_mode nested_model list_models discriminated defaults_mix
datetime_in date_and_uuid optional_model annotated_desc docstring_args set_param tuple_param
order_total open_dict async_add async_nested search_web delete_file ctx_items context_named_args
ctx_named_arg""".split()
GAPS.update({("semantic-kernel", "*", spec, "schema"): _SK_DERIVED for spec in _SK_DERIVED_SPECS})
_SK_CONSTRAINTS = (
    "Semantic Kernel's `@kernel_function` records a parameter's type without its `Annotated` "
    "metadata: `Field` constraints (min_length, pattern, ge, le) are neither sent to its model nor "
    "enforced by its parameter parsing, so a native Semantic Kernel function's constraints are "
    "enforced nowhere (write the tool with `interop.tool` and `to_semantic_kernel` instead)"
)
GAPS.update(
    {
        ("semantic-kernel", "*", spec, "invalid"): _SK_CONSTRAINTS
        for spec in ("constrained_str", "constrained_num", "annotated_desc", "lookup_user")
    }
)
GAPS[("semantic-kernel", "*", "nullable_required", "valid")] = (
    "Semantic Kernel records `str | None` as an optional `str`: its model is not told the argument "
    "is required or nullable, and its parameter parsing turns a null into the text 'None' (the "
    "neutral tool, built from the recorded type, refuses the null instead of passing 'None' on)"
)
_SK_DATES = (
    "Semantic Kernel's parameter parsing calls the annotated type on the argument "
    "(`datetime(value)`, `date(value)`), which fails for every JSON value: a native Semantic Kernel "
    "function taking a datetime or a date cannot be called, in Semantic Kernel's own loop too"
)
GAPS.update({("semantic-kernel", "*", spec, "valid"): _SK_DATES for spec in ("datetime_in", "date_and_uuid")})
GAPS[("semantic-kernel", "semantic-kernel", "*", "invalid")] = (
    "Semantic Kernel at home: a native function going back to Semantic Kernel is the very same object "
    "and keeps its native behaviour: Semantic Kernel validates no argument beyond converting it to "
    "the annotated type (`str(5)` is '5', `bool('x')` is True), so the function runs on bad arguments "
    "or fails with a Python error its loop shows the model"
)

_GENAI_TUPLE = (
    "google-genai adds `unevaluatedItems: false` to a fixed-length tuple parameter (`maxItems` equal to "
    "the number of `prefixItems`) when it declares a function: the same schema, one keyword more"
)
GAPS[("*", "google-genai", "tuple_param", "schema")] = _GENAI_TUPLE
_GENAI_DOC = (
    "google-genai sends a function's docstring through `inspect.cleandoc` (common indentation and "
    "trailing blank lines removed), for every function it declares"
)
GAPS[("*", "google-genai", "docstring_args", "description")] = _GENAI_DOC
_GENAI_HOME = (
    "google-genai at home: a native function going back to google-genai is the very same function, "
    "and google-genai's own argument conversion (`convert_if_exist_pydantic_model`) fails before it "
    "runs for `Literal`, `Enum`, `Annotated`, `datetime`/`date`, `set`, `tuple` and `Any` "
    "annotations (its `isinstance` check refuses them: the model reads that error); `from_google_genai` "
    "builds those arguments with pydantic, so every other target runs them"
)
GAPS.update(
    {
        ("google-genai", "google-genai", spec, "valid"): _GENAI_HOME
        for spec in """literal_mode color_enum int_enum discriminated constrained_str constrained_num datetime_in
        date_and_uuid annotated_desc set_param tuple_param open_dict lookup_user""".split()
    }
)
