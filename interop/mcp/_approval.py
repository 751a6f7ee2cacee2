"""Approval over MCP: the pipeline's `ask` answered by the client's user through elicitation.

The invocation pipeline decides *whether* a call needs approval (`meta["requires_approval"]`:
`True` or a predicate on the validated input); this module is *how* an MCP server asks, per call:

- **2025-11-25 connections** (initialize handshake): the server sends its own
  `elicitation/create` request during the call (a yes/no form naming the tool and its
  arguments), related to the `tools/call` request. Accept with `approve: true` runs the tool;
  decline, cancel, a form without the yes, or an error deny it (an `isError` result).
- **2026-07-28 connections** (no server-initiated requests): the first call returns an
  `InputRequiredResult` holding the same form under `APPROVAL_INPUT_KEY` and a `requestState`;
  the client asks its user and retries the call with the answer in `inputResponses`, and the
  answer decides as above.
- A client without the elicitation capability (and a 2025-11-25 stateless HTTP connection,
  which has no channel for server requests) is denied without running the tool.

`requestState` is the server's HMAC-SHA256 over (tool name, canonical arguments, expiry, a
nonce, the authenticated principal), under a per-server secret: a client cannot forge one,
nor reuse one minted for other arguments or another tool, and it expires after `ttl` seconds.
Its nonce is claimed by the first answer that brings it back (`interop.mcp._nonces`): one
approval runs one call, and a replayed request is refused. Several workers verifying each
other's states need one shared `secret` (`approval_secret=`) and one nonce store
(`approval_nonces=`).
The context is never shown: the form names only the tool and its arguments.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import inspect
import json
import os
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import mcp.types as mt
from mcp.server.context import ServerRequestContext
from mcp.shared.message import ServerMessageMetadata

from interop import ApprovalDeniedError
from interop._kit import Asker, asks_inline
from interop._shown import escaped_json, escaped_text
from interop.bridge import PENDING, ApprovalRequest, to_jsonable

from ._identity import access_token
from ._nonces import MemoryNonceStore, NonceStore

__all__ = [
    "APPROVAL_INPUT_KEY",
    "APPROVAL_META_KEY",
    "APPROVAL_SCHEMA",
    "CALL_META_KEY",
    "ApprovalState",
    "approval_message",
    "elicitation_asker",
]

APPROVAL_INPUT_KEY = "io.github.interop/approval"
"""The `inputRequests` key of the approval form on 2026-07-28 connections."""

APPROVAL_META_KEY = "io.github.interop/approval"
"""`_meta` key of an approval elicitation: `{"tool": name, "arguments": {...}, "call": token}` (lets
an interop client recognise the approval of a call its own framework already approved)."""

CALL_META_KEY = "io.github.interop/call"
"""`_meta` key of a `tools/call` request from an interop client: a random token naming the call,
echoed as `call` in the approval form the server asks about it (so a client answers only the
question about that very call by itself)."""

APPROVAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "approve": {
            "type": "boolean",
            "title": "Approve",
            "description": "Run the tool with these arguments",
            "default": False,
        }
    },
    "required": ["approve"],
}
"""The form: one yes/no field. Only `accept` with `approve: true` approves."""

_ELICITATION = mt.ClientCapabilities(elicitation=mt.ElicitationCapability())


def approval_message(request: ApprovalRequest) -> str:
    """What the user reads: the tool (and its title) and the call's arguments, never the context.

    The arguments are complete (a long one is never cut: its end could be what matters) and
    escaped: controls, bidirectional and invisible characters read as `\\uXXXX` (`escaped_json`)."""
    tool = request.tool
    shown = escaped_json(request.input, indent=2)
    label = f"{request.tool_name!r}" + (f" ({escaped_text(tool.title)})" if tool.title else "")
    return f"Allow the tool {label} to run with these arguments?\n{shown}"


def _form(
    request: ApprovalRequest, arguments: Mapping[str, Any], call: Any = None
) -> tuple[str, dict[str, Any]]:
    """(message, `_meta`) of the approval form of one call (the schema is `APPROVAL_SCHEMA`);
    `call` is the token the client's request carried (`CALL_META_KEY`), echoed.

    A call made inside the requested call (`request.within`: code mode's program) is named with
    its own tool and arguments, the outer tool as `within`, and never the outer call's token: a
    client that approved the outer call itself must not take this question as about that call."""
    if request.within is not None:
        nested = {
            "tool": request.tool_name,
            "arguments": to_jsonable(request.input),
            "within": request.within,
        }
        message = f"While running the tool {request.within!r}: {approval_message(request)}"
        return message, {APPROVAL_META_KEY: nested}
    marker: dict[str, Any] = {"tool": request.tool_name, "arguments": to_jsonable(dict(arguments))}
    if isinstance(call, str) and 0 < len(call) <= 128:
        marker["call"] = call
    return approval_message(request), {APPROVAL_META_KEY: marker}


@dataclass(frozen=True)
class _Refused:
    """A refusal with a reason the pipeline puts in its "not approved" message."""

    reason: str


def _decide(result: mt.ElicitResult) -> bool | _Refused:
    if result.action == "accept":
        if (result.content or {}).get("approve") is True:
            return True
        return _Refused("the user did not say yes")
    if result.action == "decline":
        return _Refused("the user declined")
    return _Refused("the user cancelled")


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class ApprovalState:
    """Mints and verifies the `requestState` of approval rounds (HMAC-SHA256, see the module doc)."""

    secret: bytes = field(default_factory=lambda: os.urandom(32))
    audience: str = "interop"
    ttl: float = 600.0
    nonces: NonceStore = field(default_factory=MemoryNonceStore)

    def __post_init__(self) -> None:
        if len(self.secret) < 16:
            raise ValueError("approval_secret must be at least 16 bytes of secret randomness")

    def _mac(
        self, tool: str, arguments: Mapping[str, Any], principal: str, expires: int, nonce: str
    ) -> bytes:
        canonical = json.dumps(
            ["interop-approval/v1", self.audience, tool, dict(arguments), principal, expires, nonce],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=True,
            default=str,
        )
        return hmac.new(self.secret, canonical.encode(), hashlib.sha256).digest()

    def mint(self, tool: str, arguments: Mapping[str, Any], principal: str) -> str:
        expires = int(time.time() + self.ttl)
        nonce = secrets.token_urlsafe(12)
        head = _b64(json.dumps({"e": expires, "n": nonce}, separators=(",", ":")).encode())
        return f"{head}.{_b64(self._mac(tool, arguments, principal, expires, nonce))}"

    def verify(self, state: str, tool: str, arguments: Mapping[str, Any], principal: str) -> bool:
        """Whether `state` was minted here, for this tool, these arguments and this principal, and is fresh."""
        return self._claims(state, tool, arguments, principal) is not None

    def _claims(
        self, state: str, tool: str, arguments: Mapping[str, Any], principal: str
    ) -> tuple[str, int] | None:
        try:
            head, mac = state.split(".", 1)
            claims = json.loads(_unb64(head))
            expires, nonce = claims["e"], claims["n"]
            if not isinstance(expires, int) or not isinstance(nonce, str):
                return None
            given = _unb64(mac)
        except (ValueError, KeyError, TypeError):
            return None
        if expires < time.time():
            return None
        if not hmac.compare_digest(given, self._mac(tool, arguments, principal, expires, nonce)):
            return None
        return nonce, expires

    async def redeem(self, state: str, tool: str, arguments: Mapping[str, Any], principal: str) -> str | None:
        """Verify `state` (as `verify`) and claim its nonce: `None` when it may approve this call,
        else why not (invalid or expired, or already used by an earlier answer)."""
        claims = self._claims(state, tool, arguments, principal)
        if claims is None:
            return "the approval does not belong to this call (invalid or expired requestState)"
        nonce, expires = claims
        first = self.nonces.claim(f"{self.audience}:{nonce}", float(expires))
        if inspect.isawaitable(first):
            first = await first
        if first is not True:
            return (
                "this approval was already used (one approval runs one call: a replayed request is refused)"
            )
        return None


def _principal(ctx: ServerRequestContext[Any, Any]) -> str:
    token = access_token(ctx)
    if token is None:
        return ""
    return json.dumps([token.client_id, token.subject, (token.claims or {}).get("iss")], default=str)


def _response(value: Any) -> mt.ElicitResult | None:
    if isinstance(value, mt.ElicitResult):
        return value
    try:
        data = value.model_dump(by_alias=True, exclude_none=True) if hasattr(value, "model_dump") else value
        return mt.ElicitResult.model_validate(data)
    except ValueError:
        return None


@dataclass
class PendingApproval:
    """What a 2026-07-28 call that must ask returns instead of running."""

    message: str
    meta: dict[str, Any]
    state: str

    def result(self) -> mt.InputRequiredResult:
        params = mt.ElicitRequestFormParams(
            message=self.message,
            requested_schema=APPROVAL_SCHEMA,
            _meta=cast(mt.RequestParamsMeta, self.meta),
        )
        return mt.InputRequiredResult(
            input_requests={APPROVAL_INPUT_KEY: mt.ElicitRequest(params=params)},
            request_state=self.state,
        )


def elicitation_asker(
    ctx: ServerRequestContext[Any, Any],
    params: mt.CallToolRequestParams,
    states: ApprovalState,
    modern: bool,
    pending: list[PendingApproval],
) -> Asker:
    """The `ask` of one `tools/call`: elicitation now (2025-11-25) or an input round (2026-07-28).

    On 2026-07-28 a first round appends a `PendingApproval` to `pending` and answers `PENDING`.
    """
    arguments: Mapping[str, Any] = params.arguments or {}
    call = (params.meta or {}).get(CALL_META_KEY)

    def able(name: str) -> None:
        if not ctx.session.check_client_capability(_ELICITATION):
            raise ApprovalDeniedError(
                name,
                "the MCP client cannot ask its user (it did not declare the elicitation capability)",
            )

    @asks_inline  # it awaits the answer: calls made inside the call (code mode) may ask it too
    async def ask_now(request: ApprovalRequest) -> bool | _Refused:
        # the channel first: a stateless 2025-11-25 connection has no record of what the client
        # declared, so the capability check would blame a client that did declare elicitation
        if not ctx.session.can_send_request:
            raise ApprovalDeniedError(
                request.tool_name,
                "this connection cannot carry the server's approval question (stateless HTTP on "
                "protocol 2025-11-25: use a stateful server or a 2026-07-28 client)",
            )
        able(request.tool_name)
        message, meta = _form(request, arguments, call)
        result = await ctx.session.send_request(
            mt.ElicitRequest(
                params=mt.ElicitRequestFormParams(
                    message=message, requested_schema=APPROVAL_SCHEMA, _meta=cast(mt.RequestParamsMeta, meta)
                )
            ),
            mt.ElicitResult,
            metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
        )
        return _decide(result)

    async def ask_round(request: ApprovalRequest) -> Any:
        able(params.name)
        principal = _principal(ctx)
        answer = (params.input_responses or {}).get(APPROVAL_INPUT_KEY)
        if answer is None or params.request_state is None:
            message, meta = _form(request, arguments, call)
            pending.append(PendingApproval(message, meta, states.mint(params.name, arguments, principal)))
            return PENDING
        refused = await states.redeem(params.request_state, params.name, arguments, principal)
        if refused is not None:
            raise ApprovalDeniedError(params.name, refused)
        result = _response(answer)
        if result is None:
            raise ApprovalDeniedError(params.name, "the client's answer is not an elicitation result")
        return _decide(result)

    return ask_round if modern else ask_now
