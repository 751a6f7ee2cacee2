"""`from_semantic_kernel`: existing Semantic Kernel plugins and functions as neutral tools, called
through the functions' own `invoke` (and back into Semantic Kernel's loop)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from pydantic import BaseModel
from semantic_kernel import Kernel
from semantic_kernel.connectors.ai.function_calling_utils import (
    kernel_function_metadata_to_function_call_format,
)
from semantic_kernel.exceptions import FunctionExecutionException
from semantic_kernel.functions import KernelArguments, KernelFunction, KernelPlugin, kernel_function
from sk_kit import Scripted, kernel_with, run

import interop
from interop.semantic_kernel import CONTEXT_KEY, from_semantic_kernel, to_semantic_kernel

pytestmark = pytest.mark.anyio

SEEN: list[Any] = []


class Order(BaseModel):
    sku: str
    quantity: int = 1


class ShopPlugin:
    """Things a shop does."""

    @kernel_function(name="price", description="The price of a product in cents.")
    def price(self, sku: Annotated[str, "The product code"], quantity: int = 1) -> int:
        SEEN.append(("price", sku, quantity))
        if sku == "none":
            raise FunctionExecutionException(f"no product {sku!r}")
        return 250 * quantity

    @kernel_function(description="Place an order.")
    async def order(
        self, order: Order, arguments: Annotated[KernelArguments, {"include_in_function_choices": False}]
    ) -> dict[str, Any]:
        SEEN.append(("order", order, arguments.get(CONTEXT_KEY), arguments.get("tenant")))
        return {"sku": order.sku, "quantity": order.quantity, "status": "placed"}

    @kernel_function(description="Crash.")
    def crash(self) -> str:
        raise RuntimeError("boom")


@pytest.fixture(autouse=True)
def _clear() -> None:
    SEEN.clear()


def shop() -> KernelPlugin:
    return KernelPlugin.from_object("shop", ShopPlugin())


def sent(function: KernelFunction) -> dict[str, Any]:
    return kernel_function_metadata_to_function_call_format(function.metadata)["function"]  # type: ignore[no-any-return]


def test_a_plugin_is_a_list_of_tools_with_what_the_model_sees() -> None:
    plugin = shop()
    tools = from_semantic_kernel(plugin)
    assert [t.name for t in tools] == list(plugin.functions)
    by_name = {t.name: t for t in tools}
    price = by_name["price"]
    assert price.description == "The price of a product in cents."
    schema = interop.bridge.input_json_schema(price)
    assert schema == {
        "type": "object",
        "properties": {
            "sku": {"type": "string", "description": "The product code"},
            "quantity": {
                "type": "integer",
                "default": 1,
            },  # Semantic Kernel's own schema_data drops the default
        },
        "required": ["sku"],
        "additionalProperties": False,
    }
    assert set(sent(plugin["price"])["parameters"]["properties"]) == set(schema["properties"])
    order = interop.bridge.input_json_schema(by_name["order"])
    assert "arguments" not in order["properties"]  # not in function choices: never the model's
    assert order["$defs"]["Order"]["required"] == ["sku"]  # Semantic Kernel would send quantity as required


async def test_calls_go_through_the_function_and_are_validated_first() -> None:
    tools = {t.name: t for t in from_semantic_kernel(shop())}
    assert await interop.acall(tools["price"], {"sku": "a", "quantity": 3}) == 750
    with pytest.raises(interop.StandardToolValidationError, match="quantity"):
        await interop.acall(tools["price"], {"sku": "a", "quantity": "many"})
    with pytest.raises(interop.StandardToolValidationError):
        await interop.acall(tools["price"], {"sku": "a", "coupon": "x"})
    assert SEEN == [("price", "a", 3)]  # the function never saw the bad calls
    with pytest.raises(interop.ToolError, match="no product 'none'"):
        await interop.acall(tools["price"], {"sku": "none"})
    with pytest.raises(RuntimeError, match="boom"):  # not Semantic Kernel's refusal: the tool's own crash
        await interop.acall(tools["crash"], {})


async def test_context_becomes_kernel_arguments() -> None:
    tools = {t.name: t for t in from_semantic_kernel(shop())}
    user = object()
    result = await interop.acall(tools["order"], {"order": {"sku": "b", "quantity": 2}}, user)
    assert result == {"sku": "b", "quantity": 2, "status": "placed"}
    (_, order, context, _) = SEEN[0]
    assert order == Order(sku="b", quantity=2) and context is user
    hooked = from_semantic_kernel(
        shop()["order"], native_context=lambda ctx: KernelArguments(tenant=ctx["tenant"])
    )
    await interop.acall(hooked, {"order": {"sku": "c"}}, {"tenant": "acme"})
    assert SEEN[-1][3] == "acme"


async def test_a_prompt_function_runs_on_the_given_kernel() -> None:
    kernel = Kernel()
    kernel.add_service(Scripted(["Bonjour"]))
    summarize = KernelFunction.from_prompt(
        function_name="translate",
        plugin_name="text",
        description="Translate to French.",
        prompt="Translate: {{$input}}",
    )
    tool = from_semantic_kernel(summarize, kernel=kernel)
    assert (
        interop.bridge.input_json_schema(tool)["properties"]["input"] == {}
    )  # a template variable takes any value
    assert await interop.acall(tool, {"input": "Hello"}) == "Bonjour"
    with pytest.raises(interop.ToolError):  # no chat service in an empty kernel: Semantic Kernel's refusal
        await interop.acall(from_semantic_kernel(summarize), {"input": "Hello"})


def test_identities() -> None:
    plugin = shop()
    tools = from_semantic_kernel(plugin)
    assert to_semantic_kernel(tools, "shop") is plugin
    price = plugin["price"]
    tool = from_semantic_kernel(price)
    assert to_semantic_kernel(tool, "shop")["price"] is price
    assert (
        to_semantic_kernel(tool, "store")["price"].fully_qualified_name == "store-price"
    )  # Semantic Kernel's copy
    assert to_semantic_kernel(tools[:1], "shop") is not plugin  # not all of it: a new plugin
    with pytest.raises(TypeError):
        from_semantic_kernel(lambda: None)  # type: ignore[call-overload]


async def test_imported_tools_back_in_the_loop_use_the_calling_kernel() -> None:
    """Two hops: a native plugin, as neutral tools, renamed into another plugin: each call runs on
    the kernel and with the arguments of the Semantic Kernel run that makes it."""
    tools = from_semantic_kernel(shop())
    plugin = to_semantic_kernel(tools, "store", rename={"price": "cost"})
    kernel, service = kernel_with(
        plugin,
        steps=[
            [("store-cost", {"sku": "a", "quantity": 2}), ("store-order", {"order": {"sku": "z"}})],
            "done",
        ],
    )
    await run(kernel, service, tenant="t1")
    texts = {m["tool_call_id"]: m["content"] for m in service.tool_messages()}
    assert texts["call_0_0"] == "500"
    assert json.loads(texts["call_0_1"])["status"] == "placed"
    assert SEEN[-1][3] == "t1"  # the run's own KernelArguments reached the native function
