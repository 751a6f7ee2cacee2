"""Approval: who decides whether a call may run, and the one rule for what approves.

- `meta["requires_approval"]` is `True`, `False`, or a predicate `(input, context) -> bool |
  Awaitable[bool]` on the validated input (conditional approval). A predicate that raises or
  returns anything but `False` means "approval needed" (fail closed).
- An approval callback `(ApprovalRequest) -> bool | Awaitable[bool]` approves a call only by
  returning the value `True` (after awaiting); any other value, or an exception, denies, and the
  tool does not run (`ApprovalDeniedError`).
- `with_approval(tool, callback)` derives a tool that asks the callback before every call; the
  invocation pipeline asks a conversion's `approval=` callback (or the framework's own
  mechanism) the same way, through `ask_approval`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ._controlflow import is_control_flow
from ._derive import DerivedTool, Layer, derive, find_layer, layers
from ._errors import ApprovalDeniedError, InteropError, StandardToolValidationError
from ._protocols import StandardToolV0
from ._run import Run, StepGen, is_async_callable, resolve
from ._tool import rebuilt_by_call

__all__ = [
    "PENDING",
    "ApprovalCallback",
    "ApprovalPredicate",
    "ApprovalRequest",
    "answer_reason",
    "approval_rule",
    "approves",
    "APPROVED",
    "Grant",
    "approved_call",
    "ask_approval",
    "asks_itself",
    "call_rule",
    "run_approved",
    "has_approval_layer",
    "input_needs_approval",
    "needs_approval",
    "relay_approval",
    "requires_approval",
    "with_approval",
]

OutputT = TypeVar("OutputT")


@dataclass(frozen=True)
class ApprovalRequest:
    """What an approval callback is asked about: one call of one tool."""

    tool: StandardToolV0[Any, Any, Any]
    """The tool that would run."""
    input: Any
    """The call's arguments (already checked against the input schema)."""
    context: Any
    """The call's neutral context (for the callback only; never shown to a model)."""
    tool_call_id: str | None = field(default=None, kw_only=True)
    """The model's id for this call, when the framework gives one."""
    name: str | None = field(default=None, kw_only=True)
    """The name the model called the tool by, when it differs from `tool.name` (a rename)."""
    within: str | None = field(default=None, kw_only=True)
    """For a call a tool makes inside its own call (code mode's program), asked through that
    call's channel: the outer tool's name. Approving this call approves only this call."""

    @property
    def tool_name(self) -> str:
        """The name the model used."""
        return self.name or self.tool.name

    @property
    def args_digest(self) -> str:
        """`"sha256:..."` over the tool name, the call id and the arguments: what a paused
        approval's decision echoes, so the resumed call runs only with the arguments shown."""
        from ._digest import args_digest

        return args_digest(self.tool_name, self.tool_call_id, self.input)

    def digest_matches(self, given: object) -> bool:
        """Whether `given` (echoed by a decision) is this call's `args_digest` (constant time)."""
        from ._digest import same_digest

        return same_digest(given, self.args_digest)


class _Pending:
    __slots__ = ()

    def __repr__(self) -> str:
        return "PENDING"


PENDING: Any = _Pending()
"""What a framework's approval asker answers when the run must pause for a human (the pipeline
then returns a pending `Outcome` and the adapter pauses the run its framework's way)."""

ApprovalCallback = Callable[[ApprovalRequest], "bool | Awaitable[bool]"]


class Grant:
    """One human approval, for the call it was given for: it covers the approved tool's own
    `execute` (and those of the tools it wraps), and is claimed once (`approved_call`). A tool the
    approved call runs itself (`interop.call` inside it, a task it spawns, another consumed MCP
    tool) is not covered: approving A never approves B."""

    __slots__ = ("executes", "used")

    def __init__(self, executes: tuple[Callable[..., Any], ...] | None) -> None:
        self.executes = executes
        """The `execute`s it covers; None: whichever reader asks first (`relay_approval`)."""
        self.used = False

    @classmethod
    def of(cls, tool: StandardToolV0[Any, Any, Any]) -> Grant:
        """The grant for one approved call of `tool`."""
        executes = [tool.execute]
        while isinstance(tool, DerivedTool):
            tool = tool.base
            executes.append(tool.execute)
        return cls(tuple(executes))


APPROVED: ContextVar[Grant | None] = ContextVar("interop_call_approved", default=None)
"""The grant of the approved call running now, if any (see `Grant`)."""


def run_approved(tool: StandardToolV0[Any, Any, Any], input: Any, context: Any) -> StepGen[Any]:
    """Run `tool` as an approved call: its own `execute` (or a tool it wraps) may claim the
    approval once with `approved_call`."""
    token = APPROVED.set(Grant.of(tool))
    try:
        return (yield Run(tool, input, context))
    finally:
        APPROVED.reset(token)


def approved_call(execute: Callable[..., Any] | None = None) -> bool:
    """Whether the call running now was approved, claiming that approval (a native tool that
    asks for approval itself, wrapped as a neutral tool, is then told so: pydantic-ai
    `tool_call_approved`, an MCP server's question, ...).

    Pass the asking tool's `execute` (the function or bound method the neutral tool was built
    with): the approval covers only the approved tool and the tools it wraps. It is claimed once:
    a second ask in the same call, a task the call spawned, or another tool the call runs gets
    `False` (and so asks its own human).
    """
    grant = APPROVED.get()
    if grant is None or grant.used:
        return False
    if execute is not None and grant.executes is not None and not any(e == execute for e in grant.executes):
        return False
    grant.used = True
    return True


def approves(answer: Any) -> bool:
    """Whether a person's answer to a framework's approval question (an interrupt's resume value)
    approves the call: `True`, `"approve"`, or a mapping with `approved: True` or `type: "approve"`.
    Nothing else (no truthiness: `"no"`, `1` and `{}` deny)."""
    if answer is True:
        return True
    if isinstance(answer, str):
        return answer == "approve"
    if isinstance(answer, Mapping):
        return answer.get("approved") is True or answer.get("type") == "approve"
    return False


def answer_reason(answer: Any) -> str | None:
    """The reason a denying answer gives (a mapping's `message` or `reason` string), or None."""
    if isinstance(answer, Mapping):
        for key in ("message", "reason"):
            if isinstance(answer.get(key), str):
                return str(answer[key])
    return None


def relay_approval(approved: bool) -> Any:
    """For an inbound tool's `execute` that claimed its approval (`approved_call(execute)`) and now
    runs the framework's own code: make that approval readable once, by the first `approved_call()`
    in it. Returns the token to `APPROVED.reset`."""
    return APPROVED.set(Grant(None) if approved else None)


"""Asked before a call that needs approval; only the value `True` approves."""

ApprovalPredicate = Callable[[Any, Any], "bool | Awaitable[bool]"]
"""`meta["requires_approval"]` as a function of the validated input and the context."""


def input_needs_approval(
    rule: bool | ApprovalPredicate, check: Callable[[Any], Any] | None, input: Any, context: Any, name: str
) -> StepGen[bool]:
    """Whether this call needs approval, `rule` asked about the validated input (`check`: the
    input schema's `validate`); an invalid input raises `StandardToolValidationError` naming
    `name` (never ask a human about a call that cannot run)."""
    if check is not None:
        checked = check(input)
        issues = getattr(checked, "issues", None)
        if issues:
            raise StandardToolValidationError("input", issues, tool_name=name)
        input = getattr(checked, "value", input)
    return (yield from needs_approval(rule, input, context))


def call_rule(
    tool: StandardToolV0[Any, Any, Any], callback: Any, allow_unapproved: bool
) -> bool | ApprovalPredicate:
    """The approval rule a call path applies to `tool`: none when the caller is the human
    (`allow_unapproved`), nor when no `callback` is given and an approval layer inside the tool
    asks its own callback for the calls the rule gates (never asked twice); else `approval_rule`."""
    if allow_unapproved:
        return False
    rule = approval_rule(tool.meta)
    if rule is not False and callback is None and asks_itself(tool, rule):
        return False
    return rule


def approval_rule(meta: Mapping[str, Any]) -> bool | ApprovalPredicate:
    """`meta["requires_approval"]`: `True`, a predicate, or `False` (absent or anything else)."""
    value = meta.get("requires_approval")
    if value is True or (callable(value) and not isinstance(value, bool)):
        return value  # type: ignore[no-any-return]  # narrowed to True or a callable
    return False


def requires_approval(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether some calls of the tool may need approval (`True` or a predicate in its meta)."""
    return approval_rule(tool.meta) is not False


def needs_approval(rule: bool | ApprovalPredicate, input: Any, context: Any) -> StepGen[bool]:
    """Whether this call needs approval (steps: a predicate may be async). Fails closed."""
    if rule is True:
        return True
    if rule is False:
        return False
    try:
        answer = yield from resolve(rule(input, context))
    except Exception as e:
        if is_control_flow(e):
            raise
        return True  # a predicate that fails cannot clear a call
    return answer is not False


def ask_approval(ask: Callable[[ApprovalRequest], Any], request: ApprovalRequest) -> StepGen[Any]:
    """Ask `ask` about `request`: `True` when it answers the value `True`, `PENDING` when it
    answers `PENDING`; anything else (or an exception) raises `ApprovalDeniedError`.

    A framework's control flow raised by `ask` (a LangGraph interrupt, say) propagates: that is
    how a native mechanism pauses the run to ask a human.
    """
    try:
        answer = yield from resolve(ask(request))
    except (ApprovalDeniedError, InteropError):
        raise  # a denial with its reason, or misuse (no way to ask on this path): nothing runs
    except Exception as e:
        if is_control_flow(e):
            raise
        raise ApprovalDeniedError(request.tool_name, f"the approval check failed ({type(e).__name__})") from e
    if answer is True or answer is PENDING:
        return answer
    if answer is not True:
        reason = getattr(answer, "reason", None) if answer is not False else None
        raise ApprovalDeniedError(request.tool_name, reason if isinstance(reason, str) else None)


@rebuilt_by_call
def with_approval(
    tool: StandardToolV0[Any, OutputT, Any], approve: ApprovalCallback
) -> DerivedTool[Any, OutputT, Any]:
    """A tool that asks `approve` before each call that needs approval and never runs unapproved.

    Every call is asked about unless `tool.meta["requires_approval"]` is a predicate, which then
    decides which calls are asked about. Only the value `True` approves; a denial raises
    `ApprovalDeniedError` (a `ToolError`: adapters show it to the model). An async callback makes
    the tool async; its sync body then runs on a worker thread, off the event loop.
    """
    rule = approval_rule(tool.meta)
    check = tool.input_schema.__standard_schema__.validate if tool.input_schema is not None else None

    def steps(input: Any, context: Any) -> StepGen[Any]:
        value = input
        if rule is not True and rule is not False and check is not None:
            result = check(input)
            if getattr(result, "issues", None):
                return (yield Run(tool, input, context))  # invalid: the tool reports it, nothing runs
            value = getattr(result, "value", input)
        if rule is False or (yield from needs_approval(rule, value, context)):
            request = ApprovalRequest(tool, input, context)
            if (yield from ask_approval(approve, request)) is not True:  # a callback cannot defer
                raise ApprovalDeniedError(request.tool_name)
            return (yield from run_approved(tool, input, context))
        return (yield Run(tool, input, context))

    return derive(tool, layer=Layer("approval", approve), steps=steps, is_async=is_async_callable(approve))


def asks_itself(tool: StandardToolV0[Any, Any, Any], rule: Any) -> bool:
    """Whether an approval layer (`with_approval`) inside `tool` asks for every call `rule` gates.

    The layer asks for every call when the tool it wraps has no rule or `True`, else for the
    calls of that tool's predicate: it covers `rule` only when that is the same predicate.
    """
    for derived in layers(tool):
        if derived.layer.kind == "approval":
            inner = approval_rule(derived.base.meta)
            return inner is False or inner is True or inner is rule
    return False


def has_approval_layer(tool: StandardToolV0[Any, Any, Any]) -> bool:
    """Whether `tool` (or a tool it wraps) already asks an approval callback before running."""
    return find_layer(tool, "approval") is not None
