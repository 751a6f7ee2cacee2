"""acme_tools as a Semantic Kernel plugin in its own function calling loop, driven offline by a
scripted chat service; delete_file asks through an auto function invocation filter; then an
existing @kernel_function plugin imported as neutral tools.

Semantic Kernel needs its own environment (pydantic<2.14, mcp<2): `make test-semantic-kernel`
runs this script there."""

import asyncio
import json
import logging

from semantic_kernel import Kernel
from semantic_kernel.connectors.ai.chat_completion_client_base import ChatCompletionClientBase
from semantic_kernel.connectors.ai.function_calling_utils import (
    update_settings_from_function_call_configuration,
)
from semantic_kernel.connectors.ai.function_choice_behavior import FunctionChoiceBehavior
from semantic_kernel.connectors.ai.open_ai import OpenAIChatPromptExecutionSettings
from semantic_kernel.contents import AuthorRole, ChatHistory, ChatMessageContent, FunctionCallContent
from semantic_kernel.functions import KernelPlugin, kernel_function

import interop
from interop.examples.acme_tools import TOOLS, AcmeContext
from interop.semantic_kernel import approval_filter, from_semantic_kernel, run_context, to_semantic_kernel


class Scripted(ChatCompletionClientBase):
    """Calls get_weather (once with a bad argument), whoami and delete_file, then answers."""

    SUPPORTS_FUNCTION_CALLING = True

    def __init__(self):
        super().__init__(ai_model_id="scripted", service_id="scripted")
        self._steps = [
            [("acme-get_weather", {"city": "Oslo", "units": "K"})],
            [("acme-get_weather", {"city": "Oslo"}), ("acme-whoami", {})],
            [("acme-delete_file", {"path": "/tmp/old.log"}), ("acme-delete_file", {"path": "/etc/passwd"})],
            "Deleted /tmp/old.log for ann; /etc/passwd was refused.",
        ]

    def get_prompt_execution_settings_class(self):
        return OpenAIChatPromptExecutionSettings

    def _update_function_choice_settings_callback(self):
        return update_settings_from_function_call_configuration  # what the OpenAI connector uses

    async def _inner_get_chat_message_contents(self, chat_history, settings):
        step = self._steps.pop(0)
        if isinstance(step, str):
            return [ChatMessageContent(role=AuthorRole.ASSISTANT, content=step)]
        calls = [
            FunctionCallContent(id=f"call_{n}_{i}", name=n, arguments=json.dumps(a))
            for i, (n, a) in enumerate(step)
        ]
        return [ChatMessageContent(role=AuthorRole.ASSISTANT, items=calls)]


def approve(request: interop.ApprovalRequest) -> bool:
    print(f"approval asked: {request.tool_name} {request.input}")
    return request.input["path"].startswith("/tmp/")


# Semantic Kernel logs every failed function call with its traceback (a bad argument, a refused
# approval); the model reads the message, printed below.
logging.getLogger("semantic_kernel").setLevel(logging.CRITICAL)


async def main():
    kernel = Kernel()
    service = Scripted()
    kernel.add_service(service)
    kernel.add_plugin(to_semantic_kernel(TOOLS, "acme"))
    kernel.add_filter("auto_function_invocation", approval_filter(approve))  # asks before delete_file runs

    history = ChatHistory()
    history.add_user_message("Weather in Oslo, then clean up")
    settings = OpenAIChatPromptExecutionSettings(function_choice_behavior=FunctionChoiceBehavior.Auto())
    with run_context(AcmeContext(user="ann")):  # the context: never in KernelArguments, logs or prompts
        answer = await service.get_chat_message_content(history, settings, kernel=kernel)
    for message in history.messages:
        if message.role == AuthorRole.TOOL:
            result = message.items[0]
            print(f"{result.function_name}: {result.result}")
    print(answer)

    # The other way: an existing Semantic Kernel plugin as neutral tools (for any other framework).
    class Shop:
        @kernel_function(description="The price of a product in cents.")
        def price(self, sku: str, quantity: int = 1) -> int:
            return 250 * quantity

    (price,) = from_semantic_kernel(KernelPlugin.from_object("shop", Shop()))
    print("imported:", price.name, json.dumps(interop.bridge.input_json_schema(price)["properties"]))
    print("price:", await interop.acall(price, {"sku": "a-1", "quantity": 3}))


asyncio.run(main())
