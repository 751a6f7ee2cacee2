"""A scripted offline chat completion service for Semantic Kernel's own function calling loop.

`Scripted(steps)` is a `ChatCompletionClientBase` that supports function calling the way the
OpenAI connector does (its settings class, and `update_settings_from_function_call_configuration`,
which writes the `tools` the OpenAI connector sends). A step is a text (the final answer) or a
list of `(function name, arguments)` calls for one turn (`arguments`: a dict, or the raw JSON
text a model would send); call ids are `call_<turn>_<i>`. It records the `tools` and the chat
history it was sent on every turn, as the OpenAI connector would serialize them.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from typing import Any, ClassVar

from pydantic import Field
from semantic_kernel import Kernel
from semantic_kernel.connectors.ai.chat_completion_client_base import ChatCompletionClientBase
from semantic_kernel.connectors.ai.function_calling_utils import (
    update_settings_from_function_call_configuration,
)
from semantic_kernel.connectors.ai.function_choice_behavior import FunctionChoiceBehavior
from semantic_kernel.connectors.ai.open_ai import OpenAIChatPromptExecutionSettings
from semantic_kernel.contents import (
    AuthorRole,
    ChatHistory,
    ChatMessageContent,
    FunctionCallContent,
    StreamingChatMessageContent,
    StreamingTextContent,
)
from semantic_kernel.functions import KernelArguments


class Scripted(ChatCompletionClientBase):
    """Plays `steps`; records what it was sent on every turn."""

    SUPPORTS_FUNCTION_CALLING: ClassVar[bool] = True
    steps: list[Any] = Field(default_factory=list)
    tools: list[Any] = Field(default_factory=list)
    sent: list[Any] = Field(default_factory=list)
    turn: int = 0

    def __init__(self, steps: list[Any], service_id: str = "scripted") -> None:
        super().__init__(ai_model_id="scripted", service_id=service_id)
        self.steps = list(steps)
        self.tools = []
        self.sent = []

    def get_prompt_execution_settings_class(self) -> Any:
        return OpenAIChatPromptExecutionSettings

    def _update_function_choice_settings_callback(self) -> Any:
        return update_settings_from_function_call_configuration

    def _reset_function_choice_settings(self, settings: Any) -> None:
        settings.tool_choice = None
        settings.tools = None

    def _record(self, chat_history: ChatHistory, settings: Any) -> tuple[int, Any]:
        # a native function's schema can hold pydantic metadata objects (`Gt`): recorded as their repr
        self.tools.append(json.loads(json.dumps(settings.tools, default=repr)) if settings.tools else None)
        self.sent.append([m.to_dict() for m in chat_history.messages])
        turn = self.turn
        self.turn += 1
        return turn, self.steps.pop(0)

    @staticmethod
    def _calls(turn: int, step: list[Any]) -> list[FunctionCallContent]:
        return [
            FunctionCallContent(
                id=f"call_{turn}_{i}",
                name=name,
                arguments=args if isinstance(args, str) else json.dumps(args),
            )
            for i, (name, args) in enumerate(step)
        ]

    async def _inner_get_chat_message_contents(
        self, chat_history: ChatHistory, settings: Any
    ) -> list[ChatMessageContent]:
        turn, step = self._record(chat_history, settings)
        if isinstance(step, str):
            return [ChatMessageContent(role=AuthorRole.ASSISTANT, content=step)]
        return [ChatMessageContent(role=AuthorRole.ASSISTANT, items=self._calls(turn, step))]

    async def _inner_get_streaming_chat_message_contents(
        self, chat_history: ChatHistory, settings: Any, function_invoke_attempt: int = 0
    ) -> AsyncGenerator[list[StreamingChatMessageContent], Any]:
        turn, step = self._record(chat_history, settings)
        if isinstance(step, str):
            items: list[Any] = [StreamingTextContent(choice_index=0, text=step)]
        else:
            items = self._calls(turn, step)
        yield [
            StreamingChatMessageContent(
                role=AuthorRole.ASSISTANT,
                choice_index=0,
                items=items,
                function_invoke_attempt=function_invoke_attempt,
            )
        ]

    def tool_messages(self) -> list[dict[str, Any]]:
        """The tool results of the last request, as the OpenAI connector would send them."""
        return [m for m in self.sent[-1] if m.get("role") == "tool"]


def kernel_with(*plugins: Any, steps: list[Any]) -> tuple[Kernel, Scripted]:
    kernel = Kernel()
    service = Scripted(steps)
    kernel.add_service(service)
    for plugin in plugins:
        kernel.add_plugin(plugin)
    return kernel, service


def auto_settings(**kwargs: Any) -> OpenAIChatPromptExecutionSettings:
    return OpenAIChatPromptExecutionSettings(
        service_id="scripted", function_choice_behavior=FunctionChoiceBehavior.Auto(**kwargs)
    )


async def run(kernel: Kernel, service: Scripted, prompt: str = "go", **arguments: Any) -> ChatMessageContent:
    """One chat completion with automatic function calling (the loop Semantic Kernel runs; as many
    rounds of calls as the script has)."""
    history = ChatHistory()
    history.add_user_message(prompt)
    rounds = max(5, len(service.steps))
    result = await service.get_chat_message_content(
        history,
        auto_settings(maximum_auto_invoke_attempts=rounds),
        kernel=kernel,
        arguments=KernelArguments(**arguments),
    )
    assert result is not None
    return result


async def run_streaming(kernel: Kernel, service: Scripted, prompt: str = "go", **arguments: Any) -> str:
    history = ChatHistory()
    history.add_user_message(prompt)
    text = []
    async for chunk in service.get_streaming_chat_message_contents(
        history, auto_settings(), kernel=kernel, arguments=KernelArguments(**arguments)
    ):
        text.extend(str(c) for c in chunk)
    return "".join(text)
