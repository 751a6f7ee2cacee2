"""`tool_search`: a neutral tool the model calls to discover tools kept out of the prompt.

The tools are indexed once, when the search tool is built: each becomes a bag of stemmed words
from its name and title, tags and group, argument names, description and argument descriptions,
each field weighted (a word in the name counts more than one in the description). A query is
ranked with BM25F over those weighted counts, through an inverted index (a query touches only
the tools sharing a word with it), and a query naming a tool exactly puts that tool first. Pure
Python, standard library only: `import interop` stays cheap and the index costs nothing until
`tool_search` is called.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, cast

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from ._jsoncopy import copy_json
from ._protocols import StandardToolV0
from ._schema import as_schema
from ._tool import StandardTool, input_json_schema, validator

__all__ = ["SearchInput", "SearchMatch", "SearchOutput", "ToolIndex", "tool_search"]

AnyTool = StandardToolV0[Any, Any, Any]

NAME_WEIGHT = 3.0
TAG_WEIGHT = 2.0
ARG_NAME_WEIGHT = 1.5
DESCRIPTION_WEIGHT = 1.0
ARG_DESCRIPTION_WEIGHT = 0.5
K1 = 1.2
B = 0.75
EXACT_NAME_BONUS = 1000.0

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_STOP = frozenset(
    "a an and are as at be by can do does for from get gets how i in into is it its me my of on or "
    "some that the their them this to use using via want was what when which with you your".split()
)


def _stem(word: str) -> str:
    """A light suffix stemmer: plurals, -ing, -ed and a final -e (so create/creates/created/creating meet)."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
    elif word.endswith("ed") and len(word) > 4:
        word = word[:-2]
    else:
        if word.endswith("e") and len(word) > 4:
            word = word[:-1]
        return word
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]  # running -> run, mapped -> map
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """Lower-case stemmed words of `text` (camelCase and snake_case split), stop words left out."""
    out: list[str] = []
    for match in _WORD.findall(text):
        word = match.lower()
        if word not in _STOP:
            out.append(_stem(word))
    return out


def _fields(tool: AnyTool, schema: Mapping[str, Any]) -> list[tuple[float, list[str]]]:
    props = schema.get("properties")
    props = props if isinstance(props, Mapping) else {}
    arg_descriptions = " ".join(
        str(p.get("description", "")) for p in props.values() if isinstance(p, Mapping)
    )
    labels = [*(tool.meta.get("tags") or ()), str(tool.meta.get("group") or "")]
    return [
        (NAME_WEIGHT, tokens(tool.name) + tokens(tool.title or "")),
        (TAG_WEIGHT, tokens(" ".join(labels))),
        (ARG_NAME_WEIGHT, tokens(" ".join(props))),
        (DESCRIPTION_WEIGHT, tokens(tool.description)),
        (ARG_DESCRIPTION_WEIGHT, tokens(arg_descriptions)),
    ]


class ToolIndex:
    """A BM25F index over tools (built once; `search` is a read-only query)."""

    def __init__(self, tools: Iterable[AnyTool]) -> None:
        self.tools: list[AnyTool] = list(tools)
        self._by_name = {t.name.lower(): i for i, t in enumerate(self.tools)}
        self._schemas: list[dict[str, Any]] = []
        weighted: list[dict[str, float]] = []
        lengths: list[float] = []
        for tool in self.tools:
            schema = input_json_schema(tool)
            self._schemas.append(schema)
            counts: dict[str, float] = {}
            length = 0.0
            for weight, words in _fields(tool, schema):
                for word in words:
                    counts[word] = counts.get(word, 0.0) + weight
                length += weight * len(words)
            weighted.append(counts)
            lengths.append(length)
        n = len(self.tools)
        average = (sum(lengths) / n) if n else 1.0
        postings: dict[str, dict[int, float]] = {}
        for i, counts in enumerate(weighted):
            norm = K1 * (1 - B + B * lengths[i] / (average or 1.0))
            for word, tf in counts.items():
                # BM25's saturation of the weighted term frequency, per (word, tool)
                postings.setdefault(word, {})[i] = tf * (K1 + 1) / (tf + norm)
        self._scores: dict[str, dict[int, float]] = {}
        """word -> {tool position: that word's whole BM25F score for the tool} (idf folded in)."""
        for word, posting in postings.items():
            idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            self._scores[word] = {i: idf * part for i, part in posting.items()}

    def __len__(self) -> int:
        return len(self.tools)

    def search(self, query: str, limit: int = 5) -> list[tuple[AnyTool, float]]:
        """The best `limit` tools for `query`, best first, with their scores (no match: empty)."""
        return [(self.tools[i], score) for i, score in self.rank(query, limit)]

    def rank(self, query: str, limit: int = 5) -> list[tuple[int, float]]:
        """`search` as (position in `tools`, score) pairs."""
        found = [self._scores[w] for w in set(tokens(query)) if w in self._scores]
        found.sort(key=len, reverse=True)
        # the longest posting is copied (at C speed), the shorter ones are added to it
        scores: dict[int, float] = dict(found[0]) if found else {}
        for posting in found[1:]:
            get = scores.get
            for i, score in posting.items():
                scores[i] = get(i, 0.0) + score
        exact = self._by_name.get(query.strip().lower())
        if exact is not None:
            scores[exact] = scores.get(exact, 0.0) + EXACT_NAME_BONUS
        import heapq  # here: the search module is imported with interop, used rarely

        best = heapq.nlargest(limit, scores, key=scores.__getitem__)  # ties in a fixed order
        return [(i, scores[i]) for i in best]

    def match(self, position: int) -> SearchMatch:
        """What the model is told about the tool at `position`: name, description, input schema."""
        tool = self.tools[position]
        schema = cast(dict[str, Any], copy_json(self._schemas[position]))
        return {"name": tool.name, "description": tool.description, "input_schema": schema}


class SearchInput(TypedDict):
    """The search tool's arguments."""

    query: Annotated[str, Field(description="What you want to do, in a few words.")]
    limit: NotRequired[Annotated[int, Field(description="How many tools to return at most.")]]


class SearchMatch(TypedDict):
    """One tool found: what the model needs to call it next."""

    name: str
    description: str
    input_schema: dict[str, Any]


class SearchOutput(TypedDict):
    """The search result: the best matches, best first (empty when nothing matched)."""

    tools: list[SearchMatch]


DEFAULT_DESCRIPTION = (
    "Search for more tools. {count} tools are not loaded yet; describe what you want to do in a few "
    "words (e.g. 'create a calendar event'). Returns the best matching tools with their names, "
    "descriptions and input schemas; the tools found can be called from the next step on."
)


def tool_search(
    tools: Iterable[AnyTool],
    *,
    name: str = "tool_search",
    description: str | None = None,
    max_results: int = 5,
) -> StandardTool[Any, Any, Any]:
    """A neutral tool the model calls with a query to discover `tools` (e.g. `split_tools`' deferred).

    It returns `{"tools": [{"name", "description", "input_schema"}, ...]}`, best match first:
    ranked by the tools' names, titles, tags, group, argument names and descriptions (BM25F; a
    query naming a tool exactly puts it first). The index is built here, once. Where a target has
    native tool search (Anthropic, OpenAI Responses, pydantic-ai), `meta["defer_loading"]` maps to
    it instead.
    """
    if max_results < 1:
        raise ValueError(f"tool_search max_results must be at least 1, got {max_results}")
    index = ToolIndex(tools)
    check = validator(as_schema(SearchInput), "input", name)

    def search(input: Any = None, context: Any = None) -> SearchOutput:
        args = check(input)
        limit = max(1, min(args.get("limit", max_results), max_results))
        return {"tools": [index.match(i) for i, _ in index.rank(args["query"], limit)]}

    # built directly: the input is validated; the output is ours (declared by the output schema)
    return StandardTool(
        name=name,
        description=description if description is not None else DEFAULT_DESCRIPTION.format(count=len(index)),
        execute=search,
        input_schema=as_schema(SearchInput),
        output_schema=as_schema(SearchOutput),
        meta={"read_only": True, "destructive": False, "idempotent": True, "open_world": False},
    )
