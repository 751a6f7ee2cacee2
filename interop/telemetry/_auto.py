"""When telemetry observes calls, decided without importing OpenTelemetry.

The pipeline's default observer (`interop._observe._Undecided`) asks `decide` on the first call:
- telemetry switched off (`configure(enabled=False)`, or `interop` listed in
  `OTEL_PYTHON_DISABLED_INSTRUMENTATIONS`), or `opentelemetry-api` not installed: no observer (from
  then on a call costs one global read);
- a tracer provider already set: the OpenTelemetry observer (`activate`);
- installed, no provider set yet: no observer either, and OpenTelemetry is *armed*: the one place
  every way of setting the global tracer provider goes through (`set_tracer_provider`, the
  `OTEL_PYTHON_TRACER_PROVIDER` entry point, the auto-instrumentation's configurator all call the
  module's `Once`) tells us, and the observer is installed then. When `opentelemetry.trace` has
  not been imported yet, it is armed right after it is (a post-import hook on that one module
  name); we never import it (a provider cannot be set before it is imported). Where the `Once` is
  not there to arm (another OpenTelemetry API), `WATCH` looks per call instead.

`configure()` (in `interop.telemetry`) decides explicitly instead, at any time.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import threading
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from interop import _observe

if TYPE_CHECKING:
    from interop import StandardToolV0
    from interop._observe import CallObserver, CallRecord

__all__ = ["NOOP", "WATCH", "Settings", "activate", "arm", "decide", "settings"]

CAPTURE_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
NAMES = ("interop", "standard-tool", "standard_tool")
"""The names `OTEL_PYTHON_DISABLED_INSTRUMENTATIONS` may list to switch the automatic spans off."""


@dataclass
class Settings:
    """What `configure` set (`None`: not configured; automatic)."""

    enabled: bool | None = None
    capture_content: bool = False
    propagation_only: bool = False

    @property
    def captures(self) -> bool:
        """Whether arguments and results are recorded: `configure(capture_content=True)` or the
        conventions' environment variable set to `true`."""
        return self.capture_content or os.environ.get(CAPTURE_ENV, "").strip().lower() == "true"


settings = Settings()
_lock = threading.Lock()


class _Noop:
    """Observes nothing (this call only: the decision installed what later calls use)."""

    __slots__ = ()

    def begin(
        self, tool: StandardToolV0[Any, Any, Any], name: str, call_id: str | None, arguments: Any
    ) -> CallRecord:
        return _observe.NO_RECORD


NOOP: CallObserver = _Noop()

_modules = sys.modules


class _Watch:
    """The fallback where OpenTelemetry cannot be armed: observe nothing until a tracer provider
    is set (looked at per call), then install the OpenTelemetry observer (`activate`)."""

    __slots__ = ()

    def begin(
        self, tool: StandardToolV0[Any, Any, Any], name: str, call_id: str | None, arguments: Any
    ) -> CallRecord:
        trace = _modules.get("opentelemetry.trace")
        if trace is None or getattr(trace, "_TRACER_PROVIDER", True) is None:
            return _observe.NO_RECORD
        return activate(replacing=self).begin(tool, name, call_id, arguments)


WATCH: CallObserver = _Watch()


def _disabled_by_environment() -> bool:
    listed = os.environ.get("OTEL_PYTHON_DISABLED_INSTRUMENTATIONS", "")
    return any(n.strip() in NAMES for n in listed.split(","))


def _importable() -> bool:
    if "opentelemetry.trace" in _modules:
        return True
    try:  # the namespace package, found without importing anything
        spec = importlib.util.find_spec("opentelemetry")
    except (ImportError, ValueError):
        return False
    return spec is not None and any(
        os.path.isdir(os.path.join(p, "trace")) for p in spec.submodule_search_locations or ()
    )


def decide(undecided: CallObserver) -> CallObserver:
    """The first call's decision (see the module doc): installs what later calls use in place of
    `undecided` (unless something else was installed meanwhile) and returns what observes this one."""
    with _lock:
        current = _observe.get_observer()
        if current is not undecided:  # decided meanwhile (another thread, `configure`)
            return current if current is not None else NOOP
        if settings.enabled is False or _disabled_by_environment() or not _importable():
            _observe.set_observer(None)
            return NOOP
        trace = _modules.get("opentelemetry.trace")
        if trace is not None and getattr(trace, "_TRACER_PROVIDER", None) is not None:
            chosen = None  # a provider is set: activate below (outside the lock)
        elif trace is None:
            _observe.set_observer(None)
            sys.meta_path.insert(0, _ImportHook())
            return NOOP
        else:
            chosen = WATCH if not arm(trace) else NOOP
            _observe.set_observer(None if chosen is NOOP else chosen)
    if chosen is None:
        return activate(replacing=undecided)
    return chosen


def _provider_set() -> None:
    """The global tracer provider was just set: observe from now on, unless decided otherwise."""
    if settings.enabled is False:
        return
    with _lock:
        if _observe.get_observer() not in (None, WATCH):  # configured, or an observer of the user's
            return
    activate()


def arm(trace: ModuleType) -> bool:
    """Have `opentelemetry.trace` call `_provider_set` when its global tracer provider is set;
    False when this API has no `Once` guarding it (then `WATCH` is used)."""
    once = getattr(trace, "_TRACER_PROVIDER_SET_ONCE", None)
    do_once = getattr(once, "do_once", None)
    if do_once is None:
        return False
    if getattr(do_once, "_interop_armed", False):
        return True

    def armed(func: Any) -> bool:
        done: bool = do_once(func)
        if done:
            _provider_set()
        return done

    armed._interop_armed = True  # type: ignore[attr-defined]
    once.do_once = armed  # type: ignore[union-attr]
    return True


class _Loader(importlib.abc.Loader):
    """`opentelemetry.trace`'s own loader, arming the module once it has run."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        module: ModuleType | None = self.loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        if not arm(module):
            with _lock:
                if _observe.get_observer() is None and settings.enabled is not False:
                    _observe.set_observer(WATCH)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)


class _ImportHook(importlib.abc.MetaPathFinder):
    """Arms `opentelemetry.trace` when it is first imported (only that name; then leaves)."""

    def find_spec(
        self, fullname: str, path: Any, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "opentelemetry.trace":
            return None
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


def activate(replacing: CallObserver | None = None) -> CallObserver:
    """Install the OpenTelemetry observer with the current `settings` (in place of `replacing`
    only, when given: an observer installed meanwhile is kept) and return it."""
    from ._otel import OtelObserver

    with _lock:
        current = _observe.get_observer()
        if replacing is not None and current is not replacing:
            return current if current is not None else NOOP
        observer = OtelObserver(capture=settings.captures, propagation_only=settings.propagation_only)
        _observe.set_observer(observer)
    return observer


_observe._decide = decide  # the first call needs no import (see `interop._observe._decide`)
