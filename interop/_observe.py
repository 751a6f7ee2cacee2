"""The pipeline's one observation point: what telemetry (`interop.telemetry`) plugs into.

Every call through the pipeline (`Invoker.invoke` / `ainvoke`: every `to_X`, the MCP server, the
providers' dispatch, the CLI, the playground, code mode's inner calls, `interop.call`) asks the
installed observer, if any, to `begin` a record before anything runs (parsing included) and ends
it with the call's `Outcome`, or with the exception that left the pipeline (a framework's control
flow, an unexpected exception under `errors="model-facing"`). `begin` runs in the caller's context (thread or task), so an observer can
make its record current there (an OpenTelemetry span) and calls the tool makes are its children.

With no observer installed, the cost per call is one global read. Until the first call, the
installed observer is `_Undecided`: that call lets `interop.telemetry` decide, once, whether
OpenTelemetry is importable at all and install its observer or none (it imports no OpenTelemetry
module itself; see `interop.telemetry._auto`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ._invoke import Outcome
    from ._protocols import StandardToolV0

__all__ = ["NO_RECORD", "CallObserver", "CallRecord", "get_observer", "set_observer", "set_replay_check"]


class CallRecord(Protocol):
    """One observed call, begun by `CallObserver.begin`."""

    def end(self, outcome: Outcome | None, error: BaseException | None) -> None:
        """The call ended: with an `Outcome` (ok, error, denied, pending), or an exception that
        left the pipeline (then `outcome` is None). Called once, in the context `begin` ran in."""
        ...


class _NoRecord:
    """A record of nothing: what an observer's `begin` returns for a call it does not record."""

    __slots__ = ()

    def end(self, outcome: Outcome | None, error: BaseException | None) -> None:
        return None


NO_RECORD: CallRecord = _NoRecord()


class CallObserver(Protocol):
    """Observes every call through the pipeline (see the module doc)."""

    def begin(
        self, tool: StandardToolV0[Any, Any, Any], name: str, call_id: str | None, arguments: Any
    ) -> CallRecord:
        """A call of `tool` (known to its target as `name`) starts, with the model's `arguments`
        as received (a dict or JSON text; never the context). Must not raise."""
        ...


class _Undecided:
    """The observer before the first call: hands over to `interop.telemetry`'s automatic setup,
    which installs what later calls use (its own observer, or none) and observes this one."""

    __slots__ = ()

    def begin(
        self, tool: StandardToolV0[Any, Any, Any], name: str, call_id: str | None, arguments: Any
    ) -> CallRecord:
        decide = _decide
        if decide is None:  # first call, telemetry's automatic setup not imported yet
            from .telemetry._auto import decide as imported

            decide = imported
        return decide(self).begin(tool, name, call_id, arguments)


UNDECIDED: CallObserver = _Undecided()

_decide: Callable[[CallObserver], CallObserver] | None = None
"""`interop.telemetry._auto.decide`, set when that module is imported. A module that runs calls
where imports are restricted (`interop.temporal`: a Temporal workflow's sandbox refuses the
module's own import there) imports it beforehand, so the first call imports nothing."""

_observer: CallObserver | None = UNDECIDED


_replaying: Callable[[], bool] | None = None
"""Says whether the calls running now repeat calls already observed: a Temporal workflow replaying
its history re-runs its code, and the calls it made with it (their results come from the history).
`interop.temporal` registers it (this module imports nothing of Temporal); an observer records
nothing while it answers True (`interop.telemetry`: no span, no measurement)."""


def set_replay_check(check: Callable[[], bool] | None) -> Callable[[], bool] | None:
    """Register the replay check (None removes it); returns the one it replaces."""
    global _replaying
    previous, _replaying = _replaying, check
    return previous


def replaying() -> bool:
    """Whether the calls running now are a replay (see `_replaying`); False when nothing says so."""
    check = _replaying
    return check is not None and check()


def get_observer() -> CallObserver | None:
    """The installed observer, or None."""
    return _observer


def set_observer(observer: CallObserver | None) -> CallObserver | None:
    """Install `observer` (None removes it); returns the one it replaces."""
    global _observer
    previous, _observer = _observer, observer
    return previous
