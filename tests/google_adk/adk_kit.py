"""A scripted offline model for Google ADK's real agent loop (`InMemoryRunner`), and helpers to
read what the loop produced."""

from __future__ import annotations

import os

os.environ.setdefault("OTEL_SDK_DISABLED", "true")

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.events import Event
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.genai import types

_ids = itertools.count(1)

Step = str | list[tuple[str, dict[str, Any]]] | Callable[[LlmRequest], Any]
"""Text; a list of (tool name, arguments) function calls; or a function of the request."""


class Scripted(BaseLlm):
    """A `BaseLlm` answering from a script (ADK's models are pydantic: fields are declared)."""

    steps: list[Any] = []  # noqa: RUF012  (pydantic fields)
    requests: list[Any] = []  # noqa: RUF012

    async def generate_content_async(self, llm_request: LlmRequest, stream: bool = False) -> Any:
        self.requests.append(llm_request)
        step = self.steps.pop(0) if self.steps else "done"
        if callable(step):
            step = step(llm_request)
        if isinstance(step, str):
            parts = [types.Part(text=step)]
        else:
            parts = [
                types.Part(function_call=types.FunctionCall(id=f"call-{next(_ids)}", name=n, args=a))
                for n, a in step
            ]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


@dataclass
class Run:
    runner: InMemoryRunner
    session_id: str
    model: Scripted
    events: list[Event] = field(default_factory=list)

    def responses(self) -> list[tuple[str, dict[str, Any]]]:
        """(name, response) of every function response, in order."""
        return [
            (p.function_response.name, p.function_response.response)
            for e in self.events
            for p in (e.content.parts if e.content and e.content.parts else [])
            if p.function_response is not None
        ]

    def response_parts(self) -> list[Any]:
        return [
            p.function_response
            for e in self.events
            for p in (e.content.parts if e.content and e.content.parts else [])
            if p.function_response is not None
        ]

    def confirmation_requests(self) -> list[types.FunctionCall]:
        return [
            p.function_call
            for e in self.events
            for p in (e.content.parts if e.content and e.content.parts else [])
            if p.function_call is not None and p.function_call.name == "adk_request_confirmation"
        ]

    def texts(self) -> list[str]:
        return [
            p.text
            for e in self.events
            for p in (e.content.parts if e.content and e.content.parts else [])
            if p.text
        ]

    def declarations(self, request: int = 0) -> dict[str, types.FunctionDeclaration]:
        config = self.model.requests[request].config
        return {d.name: d for t in (config.tools or []) for d in (t.function_declarations or [])}

    async def resume(self, decisions: dict[str, bool], steps: list[Step] | None = None) -> Run:
        """Answer confirmation requests (call id -> confirmed) and run on."""
        if steps is not None:
            self.model.steps[:] = steps
        parts = [
            types.Part(
                function_response=types.FunctionResponse(
                    name="adk_request_confirmation", id=cid, response={"confirmed": ok}
                )
            )
            for cid, ok in decisions.items()
        ]
        message = types.Content(role="user", parts=parts)
        async for event in self.runner.run_async(user_id="u", session_id=self.session_id, new_message=message):
            self.events.append(event)
        return self


async def run(
    tools: list[Any],
    steps: list[Step],
    *,
    state: dict[str, Any] | None = None,
    prompt: str = "go",
    **agent_options: Any,
) -> Run:
    """One `InMemoryRunner` run of an `LlmAgent` with `tools`, driven by a scripted model."""
    model = Scripted(model="scripted", steps=list(steps), requests=[])
    agent = LlmAgent(name="agent", model=model, tools=tools, **agent_options)
    runner = InMemoryRunner(agent=agent, app_name="app")
    session = await runner.session_service.create_session(app_name="app", user_id="u", state=state)
    out = Run(runner, session.id, model)
    message = types.Content(role="user", parts=[types.Part(text=prompt)])
    async for event in runner.run_async(user_id="u", session_id=session.id, new_message=message):
        out.events.append(event)
    return out
