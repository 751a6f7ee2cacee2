"""Content values a tool may return besides JSON data: `Image`, `Audio`, `File`, and `OMIT`.

A tool returns one of them, or a list mixing them with `str`; plain `bytes` count as
`File(data, "application/octet-stream")`. Adapters hand them to each framework as its own
content (LangChain content blocks, pydantic-ai `BinaryContent`, MCP image/audio/resource
blocks, provider image and document parts); a target that cannot carry a kind gets a short
placeholder text (kind, media type, size), never base64 in text. `OMIT` is what a
`with_model_output` function returns to tell the model only that the call succeeded.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any, Final, Literal

__all__ = ["OMIT", "Audio", "Content", "File", "Image", "Omit", "content_kind", "placeholder"]


def _size(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n} bytes"  # pragma: no cover - the loop always returns


@dataclass(frozen=True, slots=True, repr=False)
class _Content:
    """What the three content values share: the bytes and their media type (checked), base64, a
    short repr, pydantic support. Each is a frozen dataclass: equal by value (an `Image` never
    equals an `Audio` of the same bytes), hashable, picklable."""

    data: bytes
    media_type: str

    def __post_init__(self) -> None:
        kind = type(self).__name__
        if not isinstance(self.data, bytes):
            raise TypeError(f"{kind}.data must be bytes, got {type(self.data).__name__}")
        if not isinstance(self.media_type, str) or "/" not in self.media_type:
            raise ValueError(
                f"{kind}.media_type must be a media type such as 'image/png', got {self.media_type!r}"
            )

    @property
    def base64(self) -> str:
        """`data` as standard base64 text (what MCP and the provider APIs carry)."""
        return base64.b64encode(self.data).decode("ascii")

    @property
    def data_url(self) -> str:
        """`data` as a `data:` URL (what OpenAI's image and file inputs carry), built without an
        intermediate base64 string: two encoded copies at the peak, not three."""
        return (f"data:{self.media_type};base64,".encode("ascii") + base64.b64encode(self.data)).decode(
            "ascii"
        )

    def __repr__(self) -> str:  # never the bytes: a 5 MB image must not land in a log line
        name = getattr(self, "name", None)
        named = f", name={name!r}" if name is not None else ""
        return f"{type(self).__name__}(media_type={self.media_type!r}{named}, {_size(len(self.data))})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        def serialize(value: Any) -> dict[str, Any]:
            out = {"type": content_kind(value), "media_type": value.media_type, "data": value.base64}
            if getattr(value, "name", None) is not None:
                out["name"] = value.name
            return out

        return core_schema.is_instance_schema(
            cls, serialization=core_schema.plain_serializer_function_ser_schema(serialize)
        )

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        kind = cls.__name__.lower()
        props: dict[str, Any] = {
            "type": {"const": kind},
            "media_type": {"type": "string"},
            "data": {"type": "string", "contentEncoding": "base64"},
        }
        if cls is File:
            props["name"] = {"type": "string"}
        return {
            "type": "object",
            "description": f"{cls.__name__} content (base64 data and its media type)",
            "properties": props,
            "required": ["type", "media_type", "data"],
        }


@dataclass(frozen=True, slots=True, repr=False)
class Image(_Content):
    """An image a tool returns (`data`, and a `media_type` such as `"image/png"`). Equal by value."""


@dataclass(frozen=True, slots=True, repr=False)
class Audio(_Content):
    """Audio a tool returns (`data`, and a `media_type` such as `"audio/wav"`). Equal by value."""


@dataclass(frozen=True, slots=True, repr=False)
class File(_Content):
    """A file a tool returns (a PDF, a CSV, raw bytes), with an optional file name. Equal by value."""

    name: str | None = None

    def __post_init__(self) -> None:
        _Content.__post_init__(self)  # not super(): a slots dataclass is a new class, its cell the old one
        if self.name is not None and not isinstance(self.name, str):
            raise TypeError(f"File.name must be a string or None, got {type(self.name).__name__}")


Content = Image | Audio | File
"""Any of the three content values."""


class Omit:
    """The type of `OMIT` (one instance)."""

    __slots__ = ()
    _instance: Omit | None = None

    def __new__(cls) -> Omit:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "OMIT"

    def __reduce__(self) -> str:
        return "OMIT"


OMIT: Final = Omit()
"""Returned by a `with_model_output` function: the model is told only that the call succeeded."""


def content_kind(value: Image | Audio | File) -> Literal["image", "audio", "file"]:
    """`"image"`, `"audio"` or `"file"`."""
    if isinstance(value, Image):
        return "image"
    if isinstance(value, Audio):
        return "audio"
    return "file"


def placeholder(value: Image | Audio | File) -> str:
    """The short text a target that cannot carry `value` shows instead (never the data)."""
    name = f" {value.name!r}" if isinstance(value, File) and value.name else ""
    return f"[{content_kind(value)}{name}: {value.media_type}, {_size(len(value.data))}]"
