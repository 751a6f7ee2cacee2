"""A deterministic offline `Model` for the OpenAI Agents SDK: calls `send_payment` once, then
answers with what the tool said (decided from the input, so a resumed run needs no script)."""

from __future__ import annotations

import json
from typing import Any

from agents import Usage
from agents.items import ModelResponse
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText


class PayModel(Model):
    async def get_response(
        self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        items = input if isinstance(input, list) else []
        outputs = [i for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"]
        item: Any
        if outputs:
            text = f"done: {outputs[-1]['output']}"
            item = ResponseOutputMessage(
                id="msg_1",
                type="message",
                role="assistant",
                status="completed",
                content=[ResponseOutputText(type="output_text", annotations=[], text=text)],
            )
        else:
            item = ResponseFunctionToolCall(
                id="fc_1",
                call_id="call_1",
                type="function_call",
                name="send_payment",
                arguments=json.dumps({"to": "bob", "amount": 500}),
            )
        return ModelResponse(output=[item], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError
