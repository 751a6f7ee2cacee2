"""google-genai: a converted neutral tool vs the plain function automatic function calling takes.

- call: both through google-genai's own tool path (`get_function_response_parts` /
  `get_function_response_parts_async`, what `generate_content` runs for a model's function call):
  the native function gets google-genai's argument conversion and returns the dict; ours
  validates with the neutral schema and returns JSON data.
- conversion: `interop.tool` + `to_google_genai` of 1,000 functions vs the plain functions, each
  declared as google-genai declares it (`FunctionDeclaration.from_callable(..., use_json_schema=True)`).
- import: `import interop.google_genai` vs `from google.genai import types`.

Run: `.venv/bin/python benchmarks/bench_google_genai.py`
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._agents_rows import add, add_async, call_row, conversion_rows, import_row, show


def run() -> list[dict[str, object]]:
    from google.genai import _extra_utils, types

    import interop
    from interop.google_genai import to_google_genai

    def response(name: str) -> Any:
        call = types.FunctionCall(name=name, args={"a": 2, "b": 3, "label": "sum"})
        content = types.Content(role="model", parts=[types.Part(function_call=call)])
        return types.GenerateContentResponse(candidates=[types.Candidate(content=content)])

    said_sync, said_async = response("add"), response("add_async")
    native_sync, ours_sync = {"add": add}, {"add": to_google_genai(interop.tool(add))}
    native_async = {"add_async": add_async}
    ours_async = {"add_async": to_google_genai(interop.tool(add_async))}

    async def sync_call(functions: Any) -> Any:
        return _extra_utils.get_function_response_parts(said_sync, functions)

    async def async_call(functions: Any) -> Any:
        return await _extra_utils.get_function_response_parts_async(said_async, functions)

    def describe(fn: Any) -> Any:
        return types.FunctionDeclaration.from_callable_with_api_option(callable=fn, use_json_schema=True)

    return [
        call_row(
            "google-genai get_function_response_parts, sync fn",
            lambda: sync_call(native_sync),
            lambda: sync_call(ours_sync),
            "vs the plain function (google-genai's argument conversion, no validation); ours validates with the neutral schema",
        ),
        call_row(
            "google-genai get_function_response_parts_async, async fn",
            lambda: async_call(native_async),
            lambda: async_call(ours_async),
            "vs the plain async function",
        ),
        *conversion_rows(
            "google_genai",
            lambda fn: fn,
            to_google_genai,
            describe,
            "each declared as google-genai declares a function (FunctionDeclaration.from_callable)",
        ),
        import_row(
            "import interop.google_genai vs from google.genai import types",
            "from google.genai import types",
            "import interop.google_genai",
            "the adapter imports google-genai too: the ratio is interop's own cost",
        ),
    ]


if __name__ == "__main__":
    show(run())
