"""The invocation pipeline: the one call path every adapter's converted tool goes through.

```
model arguments (JSON text, or decoded: `decoded=True`)
  -> parse (a correctable error)       -> strict-null restore (strict schemas only)
  -> context (the adapter's hook)      -> approval (static or conditional: callback, native asker)
  -> execute (one thread policy)       -> model parts + structured value (content values, OMIT)
  -> Outcome: ok | error (for the model) | denied | pending (native pause) -- or an exception
```

An `Invoker` is built once per converted tool, at conversion time (where the approval safety
rule is checked: a tool that needs approval never converts to a target with no way to ask unless
the caller says so). An adapter then does two things only: describe the tool to its framework,
and turn each `Outcome` into the framework's own channel. `ainvoke` is the async path; `invoke`
the sync facade: the same steps, driven by `interop._run`. A call with nothing to ask and nothing
to shape (no approval rule, no model-output layer: most calls) runs those steps as one coroutine
from async code (`_ainvoke_direct`) and as one plain call from sync code (`_invoke_direct`), with
the same helpers (tests hold both to the step path's outcomes): the generator and its driver were
most of the pipeline's own cost per call.

Two entry points for the model's arguments: JSON text (or a dict) as the model sent them, the
default, where a `str` is text to parse; and `decoded=True`, for a framework that already decoded
the model's JSON (Strands' tool use input, Genkit's input, Agent Framework's arguments), where a
`str` is a string value (the input schema then says whether that will do), never parsed again.
None is no arguments (`{}`) on both. A framework that validates the arguments in a phase of its
own, before the call (pydantic-ai's `args_validator`), has the tool's own schema do it there:
`validate_ahead` gives `ValidatedArguments` (the fields' values, validated without building the
arguments model; `validate_ahead_json` from the JSON text in one pass when the parameters are
JSON's own types), and the call they are passed to runs the function with them without validating
again (it still checks the output; the function takes no context, so none is made). Only for a
`@tool` function on the direct path (`validates_ahead`), whose `execute` the core can take apart
(`keywords_call`). `ainvoke_value` is `ainvoke` for a framework that sends a plain value itself:
such a call's scalar result comes back as itself, with no `Outcome`.

Rules owned here, once: only the value `True` approves; the framework's control flow passes every
catch; results are never a Python `repr`; errors follow `Options.errors`.
"""

from __future__ import annotations

import logging
from asyncio import get_running_loop as _get_running_loop
from collections.abc import Awaitable, Callable, Coroutine
from contextvars import copy_context as _copy_context
from functools import partial as _partial
from types import CoroutineType as _Coroutine
from typing import Any, Literal

from . import _observe
from . import policies as _policies  # noqa: F401  (registers Timeout for with_meta_timeout)
from ._approval import (
    APPROVED,
    PENDING,
    ApprovalRequest,
    ask_approval,
    call_rule,
    input_needs_approval,
    needs_approval,
    run_approved,
)
from ._arguments import parse_arguments
from ._channel import CHANNEL, asks_through_caller, lend
from ._controlflow import is_control_flow
from ._derive import find_layer
from ._errors import (
    ApprovalDeniedError,
    ApprovalRequiredError,
    StandardToolValidationError,
    ToolError,
)
from ._middleware import CALL_ID, with_meta_timeout
from ._options import Options
from ._protocols import StandardToolV0
from ._results import (
    Part,
    ResultNotJSON,
    describe_error,
    is_model_facing_error,
    materialize,
    model_parts,
    parts_text,
)
from ._run import (
    Run,
    StepGen,
    call,
    drive_async,
    drive_sync,
    is_async_tool,
    is_awaitable,
    resolve,
    run_sync,
    stopped,
)
from ._schema import FieldsValidators, pydantic_issues, validation_error
from ._tool import KeywordsCall, keywords_call
from ._tooloptions import PolicyText

__all__ = ["Asker", "ErrorKind", "Invoker", "Outcome", "Status", "ValidatedArguments"]

logger = logging.getLogger("interop")

Status = Literal["ok", "error", "denied", "pending"]
ErrorKind = Literal["arguments", "output", "tool", "denied", "internal"]
Asker = Callable[[ApprovalRequest], Any]
"""A framework's own way to ask for approval during a call: answers `True`, `False`, `PENDING`
(the adapter pauses the run natively), an awaitable of those, or raises the framework's control
flow (a LangGraph interrupt)."""


class Outcome:
    """What came of one call, for an adapter to map to its framework's channel (read-only)."""

    __slots__ = ("_parts", "error", "name", "request", "shaped", "status", "value")

    status: Status
    """`"ok"`; `"error"` (for the model to act on); `"denied"` (approval refused: did not run);
    `"pending"` (approval must be asked natively: did not run yet)."""
    name: str
    """The tool's name as the target knows it."""
    value: Any
    """ok: the structured output (what the application gets: artifact, structuredContent...)."""
    error: BaseException | None
    """error/denied: the exception behind it."""
    request: ApprovalRequest | None
    """pending: what a human must decide."""
    shaped: bool
    """ok: the model output is the tool's own (`with_model_output`), not its value encoded."""

    def __init__(
        self,
        status: Status,
        name: str,
        *,
        value: Any = None,
        parts: tuple[Part, ...] = (),
        error: BaseException | None = None,
        request: ApprovalRequest | None = None,
        shaped: bool = False,
    ) -> None:
        self.status = status
        self.name = name
        self.value = value
        self._parts: tuple[Part, ...] | None = parts
        self.error = error
        self.request = request
        self.shaped = shaped

    @property
    def parts(self) -> tuple[Part, ...]:
        """What the model sees: text and content values (ok), or the one error message."""
        parts = self._parts
        if parts is None:  # a scalar result, encoded when first asked for (it cannot fail)
            parts = self._parts = model_parts(self.value, tool_name=self.name)
        return parts

    def __repr__(self) -> str:
        extra = f", error={self.error!r}" if self.error is not None else f", value={self.value!r}"
        return f"Outcome({self.status!r}, {self.name!r}, parts={self.parts!r}{extra})"

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def text(self) -> str:
        """The parts as one text (content values as short placeholders, never their data)."""
        parts = self.parts
        if len(parts) == 1 and type(parts[0]) is str:
            return parts[0]
        return parts_text(parts)

    @property
    def shows_text(self) -> bool:
        """ok: whether a channel that carries JSON data (a function response) gets `text`, not the
        value: the model output is the tool's own, or the value is a string (sent as it is)."""
        return self.shaped or isinstance(self.value, str)

    @property
    def has_content(self) -> bool:
        """Whether the model output holds an image, audio or file."""
        parts = self._parts
        if parts is None:  # a scalar result: text
            return False
        for p in parts:
            if not isinstance(p, str):
                return True
        return False

    @property
    def error_kind(self) -> ErrorKind | None:
        """Why a call failed: bad arguments, bad output, the tool said so, denied, or a crash."""
        e = self.error
        if e is None:
            return None
        if isinstance(e, StandardToolValidationError):
            return "arguments" if e.target == "input" else "output"
        if isinstance(e, ApprovalDeniedError):
            return "denied"
        if isinstance(e, ToolError):
            return "tool"
        return "internal"


class ValidatedArguments(dict[str, Any]):
    """A call's arguments as `Invoker.validate_ahead` validated them: the keyword arguments of the
    tool's function (a plain dict to a framework; hooks that build new arguments build a plain
    dict, which the call validates)."""

    __slots__ = ()


def _same(native: Any) -> Any:
    return native


_PLAIN = frozenset({str, int, float, bool, dict, list, tuple, type(None)})
_SCALAR = frozenset({int, float, bool, type(None)})
_TEXT = (str, bytes, bytearray)
_new = object.__new__
"""Results whose JSON text cannot fail (made only when an adapter asks for the parts)."""


async def _collect_async(iterable: Any) -> list[Any]:
    return [item async for item in iterable]


def _read(result: Any) -> StepGen[Any]:
    """A result that is not plain data, read: an (async) iterator into the list of its items."""
    if hasattr(result, "__aiter__"):
        return (yield _collect_async(result))  # type: ignore[no-any-return]
    return materialize(result)


class Invoker:
    """The call path of one converted tool (see the module doc)."""

    __slots__ = (
        "_approval_check",
        "_direct",
        "_fields",
        "_halves",
        "_lends",
        "_offload",
        "_run",
        "callback",
        "context_of",
        "errors",
        "failure_text",
        "name",
        "restore",
        "rule",
        "threaded",
        "to_model_output",
        "tool",
    )

    def __init__(
        self,
        tool: StandardToolV0[Any, Any, Any],
        *,
        name: str,
        target: str,
        options: Options,
        context: Callable[[Any], Any] | None = None,
        native_approval: bool = False,
        restore: Callable[[Any], Any] | None = None,
        engine_timeout: bool = False,
        failure_text: PolicyText | None = None,
    ) -> None:
        """Args:
        tool: the neutral tool to run.
        name: its name as the target knows it.
        target: the framework, for messages ("LangChain").
        options: the conversion's shared options.
        context: the adapter's default context mapping (framework per-call object -> context);
            `options.context` replaces it. With neither, the object passed as `native` is the
            context itself.
        native_approval: whether the adapter passes an `ask` (its framework's own mechanism) to
            every call; else a tool that needs approval needs `options.approval`.
        restore: removes the nulls a strict schema injected (strict targets only).
        engine_timeout: the target enforces the tool's meta `timeout` itself (a Temporal activity's
            start-to-close timeout): the pipeline does not time the call a second time.
        failure_text: for a framework whose native tools' unexpected exceptions reach the model as
            text and the loop goes on (Haystack's "Failed to invoke Tool", DSPy ReAct's "Execution
            error in"): that text, as a function of the exception. With the default
            `errors="model-facing"` ("other exceptions behave as for a native tool") such an
            exception is then an error `Outcome` with it, not raised: the adapter maps it to the
            framework's error channel and catches nothing after the pipeline. It may be async
            and decline as an `errors=` function may (`interop._tooloptions.PolicyText`).
        """
        self.tool = tool
        self._run = tool if engine_timeout else with_meta_timeout(tool)
        """What runs: `tool`, under a `Timeout` when its meta says `timeout` (every path honours it)."""
        self.name = name
        hook = options.context if options.context is not None else context
        self.context_of: Callable[[Any], Any] = hook if hook is not None else _same
        self.restore = restore
        self.threaded = options.threaded
        self._offload = options.threaded and not is_async_tool(tool)
        """Whether `ainvoke` runs `execute` on a worker thread (decided once, not per call)."""
        self.errors = options.errors
        self.failure_text = failure_text
        self.callback = options.approval
        rule = call_rule(tool, self.callback, options.allow_unapproved)
        if rule is not False and self.callback is None and not native_approval:
            raise ApprovalRequiredError(
                f"tool {tool.name!r} requires approval (meta requires_approval) and {target} has no "
                "native approval mechanism: pass approval=<callback> to ask before each call, or "
                "allow_unapproved=True to convert it without approval"
            )
        self.rule = rule
        self._approval_check = (
            tool.input_schema.__standard_schema__.validate
            if rule is not False and tool.input_schema is not None
            else None
        )
        layer = find_layer(tool, "model_output")
        self.to_model_output: Callable[[Any], Any] | None = layer.value if layer is not None else None
        self._lends = target if asks_through_caller(tool) else None
        """For a tool whose inner calls ask through its caller's channel (code mode): the target,
        for messages; each call then lends it its approval channel (`interop._channel`)."""
        self._direct = rule is False and self.to_model_output is None and self._lends is None
        """Whether `ainvoke` may take `_ainvoke_direct` (nothing to ask, nothing to shape, no channel
        to lend)."""
        self._halves = (
            keywords_call(tool.execute) if self._direct and self._run is tool and not self._offload else None
        )
        """A `@tool` function's `execute` in halves (`validate_ahead`); only where `_ainvoke_direct`
        calls `execute` inline and nothing wraps it (no `Timeout`)."""
        self._fields: FieldsValidators | None = None
        """`validate_ahead`'s validator of a dict (`PydanticSchema.fields_validator`), on first use."""

    @property
    def is_async(self) -> bool:
        return is_async_tool(self.tool)

    @property
    def may_need_approval(self) -> bool:
        """Whether some calls need approval (a static `True` or a predicate)."""
        return self.rule is not False

    @property
    def lends_channel(self) -> bool:
        """Whether the tool's inner calls ask through this call's channel (code mode): an adapter
        that passes `ask` only to gated calls passes it to these too."""
        return self._lends is not None

    @property
    def always_needs_approval(self) -> bool:
        return self.rule is True

    @property
    def validates_ahead(self) -> bool:
        """Whether `validate_ahead` validates (else it hands the arguments back as they are)."""
        return self._halves is not None

    def validate_ahead(self, arguments: Any, *, decoded: bool = False) -> Any:
        """The arguments to pass to `ainvoke` later, validated now by the tool's own input schema:
        for a framework that validates in a phase of its own before the call (its retry semantics
        for bad arguments). The call then runs the function with them and does not validate again.
        Raises what the call would for bad arguments (`StandardToolValidationError` naming the
        tool and the fields, `ArgumentsNotJSON`). The arguments come back as they are (the call
        validates them, as always) when the tool's validation cannot be taken apart from its
        `execute` (`validates_ahead` is False), or when an observer is installed (it sees the
        validation as part of the call)."""
        halves = self._halves
        if halves is None or _observe._observer is not None:
            return arguments
        if arguments is None or self.restore is not None or (not decoded and isinstance(arguments, _TEXT)):
            arguments = self._parse(arguments, decoded)
        try:
            if type(arguments) is dict:  # the model's fields validated into a dict: no instance
                fields = self._fields
                if fields is None:
                    fields = self._fields = halves.in_schema.fields_validators()
                return ValidatedArguments(fields[0](arguments)[0])
            value = halves.in_schema.validate_python(arguments)
        except validation_error() as e:
            raise StandardToolValidationError("input", pydantic_issues(e), tool_name=halves.name) from None
        return ValidatedArguments(value.__dict__)

    def validate_ahead_json(self, text: str) -> ValidatedArguments | None:
        """`validate_ahead` of JSON text in one pass, when that accepts and gives what parsing the
        text (`pydantic_core.from_json`) and validating the object would (a `@tool` function
        whose parameters are JSON's own types: `interop._schema.fields_validators`); None when it
        cannot, or the text is not valid: the caller then takes its usual way, which reports the
        errors."""
        halves = self._halves
        if halves is None or self.restore is not None or _observe._observer is not None:
            return None
        fields = self._fields
        if fields is None:
            fields = self._fields = halves.in_schema.fields_validators()
        one_pass = fields[1]
        if one_pass is None:
            return None
        try:
            return ValidatedArguments(one_pass(text)[0])
        except ValueError:  # (pydantic's ValidationError is one)
            return None

    # -------------------------------------------------------------------------------- calling

    def invoke(
        self,
        arguments: Any,
        native: Any = None,
        *,
        call_id: str | None = None,
        ask: Asker | None = None,
        decoded: bool = False,
    ) -> Outcome:
        """Run one call from sync code (a sync tool runs inline). `decoded`: the arguments are the
        model's JSON already decoded (a `str` is a string value, not text to parse)."""
        observer = _observe._observer
        if observer is None:
            if self._direct:
                return self._invoke_direct(arguments, native, call_id, decoded)
            return drive_sync(self.steps(arguments, native, call_id, ask, decoded))
        record = observer.begin(self.tool, self.name, call_id, arguments)
        try:
            if self._direct:
                outcome = self._invoke_direct(arguments, native, call_id, decoded)
            else:
                outcome = drive_sync(self.steps(arguments, native, call_id, ask, decoded))
        except BaseException as e:
            record.end(None, e)
            raise
        record.end(outcome, None)
        return outcome

    def ainvoke(
        self,
        arguments: Any,
        native: Any = None,
        *,
        call_id: str | None = None,
        ask: Asker | None = None,
        decoded: bool = False,
    ) -> Coroutine[Any, Any, Outcome]:
        """Run one call from async code (a sync tool on a worker thread unless `threaded=False`);
        await it. (A plain method returning the driver's coroutine: one coroutine per call less.)
        `decoded`: as in `invoke`."""
        if _observe._observer is not None:
            return self._ainvoke_observed(arguments, native, call_id, ask, decoded)
        if self._direct:
            return self._ainvoke_direct(arguments, native, call_id, decoded)
        return drive_async(self.steps(arguments, native, call_id, ask, decoded), threaded=self._offload)

    def ainvoke_value(
        self,
        arguments: Any,
        native: Any = None,
        *,
        call_id: str | None = None,
        ask: Asker | None = None,
    ) -> Coroutine[Any, Any, Any]:
        """`ainvoke` for an adapter whose framework sends a tool's plain value to the model itself
        (pydantic-ai): the coroutine gives the checked value itself when the call ran with
        `ValidatedArguments` and gave a scalar (what the adapter would take from the ok `Outcome`;
        its JSON text cannot fail), else the `Outcome` (the adapter maps it as for `ainvoke`)."""
        if type(arguments) is ValidatedArguments and self._halves is not None and _observe._observer is None:
            return self._ainvoke_ahead(arguments, call_id)
        return self.ainvoke(arguments, native, call_id=call_id, ask=ask)

    async def _ainvoke_observed(
        self, arguments: Any, native: Any, call_id: str | None, ask: Asker | None, decoded: bool
    ) -> Outcome:
        """`ainvoke` with the installed observer told (`interop._observe`), begun in the task
        that awaits the call."""
        observer = _observe._observer
        if observer is None:  # removed since `ainvoke`
            return await drive_async(
                self.steps(arguments, native, call_id, ask, decoded), threaded=self._offload
            )
        record = observer.begin(self.tool, self.name, call_id, arguments)
        try:
            if self._direct:
                outcome = await self._ainvoke_direct(arguments, native, call_id, decoded)
            else:
                outcome = await drive_async(
                    self.steps(arguments, native, call_id, ask, decoded), threaded=self._offload
                )
        except BaseException as e:
            record.end(None, e)
            raise
        record.end(outcome, None)
        return outcome

    def needs_approval(self, arguments: Any, native: Any = None, *, decoded: bool = False) -> bool:
        """For frameworks that gate calls before running them: does this call need approval?"""
        return drive_sync(self._needs_approval_steps(arguments, native, decoded))

    async def aneeds_approval(self, arguments: Any, native: Any = None, *, decoded: bool = False) -> bool:
        """`needs_approval` from async code."""
        return await drive_async(self._needs_approval_steps(arguments, native, decoded))

    # -------------------------------------------------------------------------------- steps

    def steps(
        self, arguments: Any, native: Any, call_id: str | None, ask: Asker | None, decoded: bool = False
    ) -> StepGen[Outcome]:
        """The pipeline for one call, as a step generator (see `interop._run`)."""
        token = CALL_ID.set(call_id) if call_id is not None else None
        lent = (
            CHANNEL.set(lend(self.callback, ask, self._lends, self.name)) if self._lends is not None else None
        )
        try:
            return (yield from self._steps(arguments, native, call_id, ask, decoded))
        finally:
            if lent is not None:
                CHANNEL.reset(lent)
            if token is not None:
                CALL_ID.reset(token)

    def _steps(
        self, arguments: Any, native: Any, call_id: str | None, ask: Asker | None, decoded: bool
    ) -> StepGen[Outcome]:
        try:
            args = self._parse(arguments, decoded)
            context = self.context_of(native)
            if context is not None and is_awaitable(context):  # `resolve`, inlined: no generator per call
                context = yield context
            approved = None
            if self.rule is not False:
                approved = yield from self._approve(args, context, call_id, ask)
                if isinstance(approved, Outcome):
                    return approved  # pending
            if approved is True:
                result = yield from run_approved(self._run, args, context)
            elif APPROVED.get() is not None:  # inside another approved call: this one was not approved
                token = APPROVED.set(None)
                try:
                    result = yield Run(self._run, args, context)
                finally:
                    APPROVED.reset(token)
            else:
                result = yield Run(self._run, args, context)
            if type(result) not in _PLAIN:
                result = yield from _read(result)
        except Exception as e:
            failed = self._failure(e)
            return failed if isinstance(failed, Outcome) else (yield failed)
        try:
            shown = result
            if self.to_model_output is not None:  # its own exceptions propagate
                shown = yield from resolve(self.to_model_output(result))
            return self._ok(result, shown)
        except ResultNotJSON as e:
            failed = self._failure(e)
            return failed if isinstance(failed, Outcome) else (yield failed)

    async def _ainvoke_direct(
        self, arguments: Any, native: Any, call_id: str | None, decoded: bool
    ) -> Outcome:
        """`steps` as one coroutine, for a tool with no approval rule and no model-output layer
        (`_direct`): nothing can pause between the context and the result, and the generator and
        its driver are most of the pipeline's own cost per call. A call made inside an approved
        call takes `steps` (it must run as not approved)."""
        if type(arguments) is ValidatedArguments and self._halves is not None:
            done = await self._ainvoke_ahead(arguments, call_id)
            return done if type(done) is Outcome else self._ok(done, done)
        if APPROVED.get() is not None:  # inside another approved call: this one was not approved
            return await drive_async(
                self.steps(arguments, native, call_id, None, decoded), threaded=self._offload
            )
        token = CALL_ID.set(call_id) if call_id is not None else None
        try:
            if decoded and arguments is not None and self.restore is None:
                args = arguments  # `_parse` inlined
            else:
                args = self._parse(arguments, decoded)
            context = self.context_of(native)
            if context is not None and is_awaitable(context):
                context = await context
            if self._offload:  # `acall(..., threaded=True)`, inlined: no coroutines per call
                result = await _get_running_loop().run_in_executor(
                    None, _partial(_copy_context().run, call, self._run, args, context)
                )
            else:  # inlined: no coroutine per call
                result = self._run.execute(args, context)
                if type(result) is _Coroutine or is_awaitable(result):
                    result = await result
            if type(result) not in _PLAIN:
                result = await drive_async(_read(result), threaded=False)
        except Exception as e:  # (a sync function's `StopIteration` too: `_afailure`)
            return await self._afailure(e)
        finally:
            if token is not None:
                CALL_ID.reset(token)
        try:
            return self._ok(result, result)
        except ResultNotJSON as e:
            return await self._afailure(e)

    async def _ainvoke_ahead(self, arguments: ValidatedArguments, call_id: str | None) -> Any:
        """`_ainvoke_direct` with `ValidatedArguments` (`_halves`): the function with them, then the
        output check. The scalar result itself (its ok `Outcome` cannot fail: `_ok`), else the
        `Outcome`. The function takes no context (a `keywords_call` has none): the context hook
        is not asked."""
        if APPROVED.get() is not None:  # inside another approved call: this one was not approved
            approved = APPROVED.set(None)
            try:
                return await self._ainvoke_ahead(arguments, call_id)
            finally:
                APPROVED.reset(approved)
        halves: KeywordsCall = self._halves  # type: ignore[assignment]
        token = CALL_ID.set(call_id) if call_id is not None else None
        try:
            result = halves.fn(**arguments)
            if type(result) is _Coroutine or is_awaitable(result):
                result = await result
            result = halves.output(result)
            if type(result) not in _PLAIN:
                result = await drive_async(_read(result), threaded=False)
        except Exception as e:  # (a sync function's `StopIteration` too: `_afailure`)
            return await self._afailure(e)
        finally:
            if token is not None:
                CALL_ID.reset(token)
        if type(result) in _SCALAR:
            return result
        try:
            return self._ok(result, result)
        except ResultNotJSON as e:
            return await self._afailure(e)

    async def _afailure(self, e: Exception) -> Outcome:
        """`_failure` on the direct paths from async code: a sync function's `StopIteration`
        made the error it is (see `interop._run`), an async `errors=` text awaited."""
        if isinstance(e, (StopIteration, StopAsyncIteration)):
            error = stopped(self.tool, e)
            error.__cause__ = e
            e = error
        failed = self._failure(e)
        return failed if isinstance(failed, Outcome) else await failed

    def _invoke_direct(self, arguments: Any, native: Any, call_id: str | None, decoded: bool) -> Outcome:
        """`steps` as one plain call under `drive_sync`'s rules, for the same tools as
        `_ainvoke_direct` (`_direct`): awaitables (an async context hook, an async `execute`)
        go through `run_sync`, a sync `execute` runs inline. A call made inside an approved call
        takes `steps` (it must run as not approved)."""
        if APPROVED.get() is not None:
            return drive_sync(self.steps(arguments, native, call_id, None, decoded))
        token = CALL_ID.set(call_id) if call_id is not None else None
        try:
            args = self._parse(arguments, decoded)
            context = self.context_of(native)
            if context is not None and is_awaitable(context):
                context = run_sync(context)
            try:  # `call(self._run, args, context)`, inlined
                result = self._run.execute(args, context)
            except (StopIteration, StopAsyncIteration) as e:  # see `interop._run`
                raise stopped(self._run, e) from e
            if is_awaitable(result):
                result = run_sync(result)
            if type(result) not in _PLAIN:
                result = drive_sync(_read(result))
        except Exception as e:
            failed = self._failure(e)
            return failed if isinstance(failed, Outcome) else run_sync(failed)
        finally:
            if token is not None:
                CALL_ID.reset(token)
        try:
            return self._ok(result, result)
        except ResultNotJSON as e:
            failed = self._failure(e)
            return failed if isinstance(failed, Outcome) else run_sync(failed)

    def _ok(self, result: Any, shown: Any) -> Outcome:
        """The ok `Outcome`; raises `ResultNotJSON` for a result that cannot be sent as JSON (the
        caller makes it a failure)."""
        if shown is result and type(result) in _SCALAR:
            parts = None  # its JSON text cannot fail: made when first asked for
        else:
            parts = model_parts(shown, tool_name=self.name)
        outcome: Outcome = _new(Outcome)  # `Outcome("ok", ...)`, without the keyword parsing
        outcome.status = "ok"
        outcome.name = self.name
        outcome.value = result
        outcome._parts = parts
        outcome.error = None
        outcome.request = None
        outcome.shaped = self.to_model_output is not None
        return outcome

    def _parse(self, arguments: Any, decoded: bool) -> Any:
        if type(arguments) is ValidatedArguments:  # (off the direct path: `execute` validates again)
            return arguments
        if arguments is None:
            arguments = {}
        elif not decoded and isinstance(arguments, _TEXT):
            arguments = parse_arguments(arguments, self.name)
        if self.restore is not None:
            arguments = self.restore(arguments)
        return arguments

    def _approve(
        self, args: Any, context: Any, call_id: str | None, ask: Asker | None
    ) -> StepGen[Outcome | Literal[True] | None]:
        """True when approved, None when no approval is needed, a pending `Outcome`; or raises
        `ApprovalDeniedError`."""
        if not (yield from input_needs_approval(self.rule, self._approval_check, args, context, self.name)):
            return None
        request = ApprovalRequest(self.tool, args, context, tool_call_id=call_id, name=self.name)
        if self.callback is not None:
            if (yield from ask_approval(self.callback, request)) is not True:  # a callback cannot defer
                raise ApprovalDeniedError(self.name)
            return True
        if ask is None:  # fail closed: nobody to ask on this path
            raise ApprovalDeniedError(self.name, "no approval mechanism is available for this call")
        if (yield from ask_approval(ask, request)) is PENDING:
            return Outcome("pending", self.name, request=request)
        return True

    def _needs_approval_steps(self, arguments: Any, native: Any, decoded: bool) -> StepGen[bool]:
        if self.rule is False:
            return False
        if self.rule is True:
            return True
        try:
            args = self._parse(arguments, decoded)
            value = args
            if self._approval_check is not None:
                checked = self._approval_check(args)
                if getattr(checked, "issues", None):
                    return False  # the call will fail validation before anything runs
                value = getattr(checked, "value", args)
            context = self.context_of(native)
            if context is not None and is_awaitable(context):  # `resolve`, inlined: no generator per call
                context = yield context
        except StandardToolValidationError:
            return False
        return (yield from needs_approval(self.rule, value, context))

    def _failure(self, e: Exception) -> Outcome | Coroutine[Any, Any, Outcome]:
        """The `Outcome` for an exception, or re-raise it (a framework's control flow, and the
        `errors` policy). A coroutine of it when the policy function's text is awaitable (an
        async `errors=` or `failure_text`: the caller awaits it, `run_sync` on the sync path)."""
        if is_control_flow(e):
            raise e
        if isinstance(e, ApprovalDeniedError):
            return Outcome("denied", self.name, parts=(describe_error(e, self.name),), error=e)
        errors = self.errors
        if callable(errors) and not isinstance(e, StandardToolValidationError):
            return self._policy_outcome(errors, e)
        if is_model_facing_error(e) or errors == "all":
            return Outcome("error", self.name, parts=(describe_error(e, self.name),), error=e)
        if errors == "masked":
            logger.error("tool %r raised an unexpected exception", self.name, exc_info=e)
            return Outcome("error", self.name, parts=(_masked(self.name),), error=e)
        if self.failure_text is not None:  # "model-facing": as the framework shows a native tool's
            return self._policy_outcome(self.failure_text, e)
        raise e

    def _policy_outcome(self, fn: PolicyText, e: Exception) -> Outcome | Coroutine[Any, Any, Outcome]:
        """The error `Outcome` with the text `fn` (`errors=` or `failure_text`) gives for `e`.
        `fn` declines by raising `e` itself: it then propagates (the framework's own handling)."""
        try:
            text = fn(e)
        except Exception as raised:
            if raised is e:
                raise
            logger.exception("tool %r: the errors= function raised", self.name)
            text = _masked(self.name)
        if not isinstance(text, str) and is_awaitable(text):
            return self._policy_outcome_later(text, e)
        return Outcome("error", self.name, parts=(_text_or_masked(text, self.name),), error=e)

    async def _policy_outcome_later(self, awaitable: Awaitable[Any], e: Exception) -> Outcome:
        try:
            text = await awaitable
        except Exception as raised:
            if raised is e:
                raise
            logger.exception("tool %r: the errors= function raised", self.name)
            text = _masked(self.name)
        return Outcome("error", self.name, parts=(_text_or_masked(text, self.name),), error=e)


def _masked(name: str) -> str:
    return f"Error from tool {name!r}: the tool failed with an internal error."


def _text_or_masked(text: Any, name: str) -> str:
    """`text` when the policy function gave text; else logged and masked."""
    if isinstance(text, str):
        return text
    logger.error("tool %r: the errors= function returned %s, not text", name, type(text).__name__)
    return _masked(name)


AsyncAsker = Callable[[ApprovalRequest], Awaitable[Any]]
