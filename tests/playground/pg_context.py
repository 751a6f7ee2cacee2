"""Context factories for `interop playground --context-factory pg_context:FN` in the tests."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager

from acme_tools import AcmeContext


@contextmanager
def acme() -> Iterator[AcmeContext]:
    """A sync context manager: one AcmeContext (user ann, two files) for the server's lifetime."""
    print("context: entered", file=sys.stderr, flush=True)
    try:
        yield AcmeContext(user="ann", locale="it")
    finally:
        print("context: exited", file=sys.stderr, flush=True)


@asynccontextmanager
async def acme_async() -> AsyncIterator[AcmeContext]:
    """The same as an async context manager."""
    print("context: entered (async)", file=sys.stderr, flush=True)
    try:
        yield AcmeContext(user="bob")
    finally:
        print("context: exited (async)", file=sys.stderr, flush=True)


def plain() -> dict[str, str]:
    """Not a context manager: the returned object itself is the context."""
    return {"user": "carol"}
