"""`tool_search`: a neutral tool the model calls to discover tools kept out of the prompt.

Each tool is a set of fields, each a bag of words: its name (identifiers split: `list_for_repo`,
`listForRepo`), its summary (the title, else the description's first sentence), its tags and
group, its argument names, the rest of its description and its arguments' descriptions. Words
are lower-cased, stop words dropped and lightly stemmed (plurals, -ing, -ed). A query is ranked
with BM25F (each field's term frequency normalised by that field's own average length, weighted,
then saturated once), through an inverted index: a query touches only the tools sharing a word
with it. A query word also matches the indexed words it is a prefix of and those that are a
prefix of it ("repo" ~ "repository", "org" ~ "organization"), and a few abbreviations and verbs
("PR" ~ "pull request", "make" ~ "create", "remove" ~ "delete"), each counted less than the word
itself; a query naming a tool exactly puts that tool first.

The index is built on the first query (describing a tool to a model never pays for it) and
updated incrementally when tools are added (`SearchTool.add`): each new tool's postings are
written with the current field averages and the inverse document frequencies are taken at query
time, so nothing is recomputed for the tools already indexed until the catalog has grown by a
quarter, when the postings are normalised again. An optional `embed` function (texts -> vectors;
no model ships with this package) adds a semantic ranking, fused with BM25F's by reciprocal rank.

Pure Python, standard library only: `import interop` stays cheap.
"""

from __future__ import annotations

import math
import re
import threading
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Annotated, Any, cast

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from ._protocols import StandardToolV0
from ._schema import as_schema
from ._schema_access import input_json_schema, parameter_descriptions
from ._tool import StandardTool, validator

__all__ = ["Embed", "SearchInput", "SearchMatch", "SearchOutput", "SearchTool", "ToolIndex", "tool_search"]

AnyTool = StandardToolV0[Any, Any, Any]

Embed = Callable[[Sequence[str]], Sequence[Sequence[float]]]
"""An embedding function: texts in, one vector per text out (any model you have)."""

NAME, SUMMARY, LABELS, ARGS, BODY, ARG_TEXT = range(6)
FIELD_WEIGHTS = (3.0, 3.0, 1.0, 0.5, 0.25, 0.1)
"""name, summary (title or first sentence), tags + group, argument names, rest of the
description, argument descriptions: tuned on the GitHub evaluation set
(tests/shaping/github_search_eval.py) and checked on the hand-written corpus (search_corpus.py)."""
FIELD_B = (0.5, 0.5, 0.3, 0.5, 0.75, 0.75)
"""How much each field's length normalises its term frequency (BM25's b, per field)."""
K1 = 1.2
PREFIX_WEIGHT = 0.6
"""A query word matching an indexed word by prefix counts this much of an exact match."""
SYNONYM_WEIGHT = 0.7
"""An abbreviation's or a verb's equivalent counts this much of the word itself."""
EXACT_NAME_BONUS = 1000.0
RENORMALISE_GROWTH = 1.25
"""Postings are normalised again when the catalog has grown by this factor since the last time."""
RRF_K = 60
"""Reciprocal rank fusion's constant (the usual one): score = sum of 1 / (RRF_K + rank)."""

_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s|\n\s*\n")
_STOP = frozenset(
    "a an and are as at be by can do does for from how i in into is it its me my of on or our "
    "please some that the their them this to us using via want was we what when which with you "
    "your".split()
)
_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    # abbreviations a prefix cannot find
    "pr": ("pull", "request"),
    "db": ("databas",),
    "msg": ("messag",),
    "dm": ("direct", "messag"),
    # verbs: the words tool names use for what users ask
    "make": ("creat",),
    "new": ("creat",),
    "add": ("creat",),
    "remov": ("delet",),
    "delet": ("remov",),
    "eras": ("delet",),
    "edit": ("updat",),
    "chang": ("updat",),
    "modify": ("updat",),
    "renam": ("updat",),
    "show": ("get", "list"),
    "see": ("get", "list"),
    "view": ("get", "list"),
    "read": ("get", "list"),
    "fetch": ("get",),
    "find": ("search", "get"),
    "look": ("search", "get"),
    "all": ("list",),
    "start": ("creat",),
    "trigger": ("creat",),
}


class _Stems(dict[str, tuple[str, ...]]):
    """A run of letters and digits as written -> its words' stems (camelCase split, stop words
    left out), computed once per distinct run."""

    def __missing__(self, run: str) -> tuple[str, ...]:
        words = [run] if run.islower() or run.isdigit() or run[1:].islower() else _WORD.findall(run)
        stems: list[str] = []
        for word in words:
            lower = word.lower()
            if lower not in _STOP:
                stems.append(_stem(lower))
        found = tuple(stems)
        if len(self) < _STEMS_MAX:
            self[run] = found
        return found


_RUN = re.compile(r"[A-Za-z0-9]+")
try:  # the C counting loop `Counter` itself uses, without a Counter per field
    from collections import _count_elements as _count  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python implementation

    def _count(mapping: dict[str, int], iterable: Iterable[str]) -> None:
        for item in iterable:
            mapping[item] = mapping.get(item, 0) + 1


_STEMS_MAX = 200_000
_STEMS = _Stems()


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
    return list(chain.from_iterable(map(_STEMS.__getitem__, _RUN.findall(text))))


def _bag(text: str) -> Mapping[str, int]:
    """`tokens(text)` counted (shared between equal short texts: never modify it)."""
    short = len(text) <= _SHARED_TEXT
    if short:
        found = _BAGS.get(text)
        if found is not None:
            return found
    counts: dict[str, int] = {}
    _count(counts, chain.from_iterable(map(_STEMS.__getitem__, _RUN.findall(text))))
    if short and len(_BAGS) < _BAGS_MAX:
        _BAGS[text] = counts
    return counts


_SHARED_TEXT = 300
"""Texts up to this length have their counts shared: a catalog repeats its argument names and
descriptions ("owner repo"), tags and summaries across tools."""
_BAGS: dict[str, dict[str, int]] = {}
_BAGS_MAX = 50_000


def _summary_and_body(tool: AnyTool) -> tuple[str, str]:
    """The tool's summary (its title, else its description's first sentence) and the rest of its
    description (without the summary when the description starts with it)."""
    description = tool.description or ""
    title = tool.title
    if title:
        body = description[len(title) :] if description.startswith(title) else description
        return title, body
    parts = _SENTENCE_END.split(description.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _fields(tool: AnyTool) -> tuple[Mapping[str, int], ...]:
    """The tool's fields (in `FIELD_WEIGHTS` order), each as word -> count."""
    params = parameter_descriptions(tool)
    summary, body = _summary_and_body(tool)
    labels = [*(tool.meta.get("tags") or ()), str(tool.meta.get("group") or "")]
    return (
        _bag(tool.name),
        _bag(summary),
        _bag(" ".join(str(label) for label in labels)),
        _bag(" ".join(params)),
        _bag(body),
        _bag(" ".join(params.values())),
    )


class ToolIndex:
    """A BM25F index over tools, built on the first query and extended by `add` (see the module
    doc). Queries and additions may come from several threads."""

    def __init__(self, tools: Iterable[AnyTool] = (), *, embed: Embed | None = None) -> None:
        self.tools: list[AnyTool] = []
        self.embed = embed
        self._by_name: dict[str, int] = {}
        self._indexed = 0
        """Tools [0, _indexed) have postings."""
        self._normalised_at = 0
        """How many tools there were when the postings were last normalised."""
        self._field_counts: list[tuple[Mapping[str, int], ...]] = []
        """Per indexed tool, per field: word -> count (kept to normalise again)."""
        self._lengths: list[tuple[int, ...]] = []
        self._totals = [0] * len(FIELD_WEIGHTS)
        """Sum of each field's length over the indexed tools."""
        self._postings: dict[str, dict[int, float]] = {}
        """word -> {tool position: the word's saturated BM25F term weight for the tool}."""
        self._vocabulary: list[str] = []
        """The indexed words, sorted (for prefix matches); rebuilt lazily when words are added."""
        self._vocabulary_stale = False
        self._vectors: list[tuple[float, ...]] = []
        self._lock = threading.RLock()
        self.add(tools)

    def __len__(self) -> int:
        return len(self.tools)

    def add(self, tools: Iterable[AnyTool]) -> None:
        """Add tools (indexed on the next query)."""
        with self._lock:
            for tool in tools:
                self._by_name.setdefault(tool.name.lower(), len(self.tools))
                self.tools.append(tool)

    # ------------------------------------------------------------------ indexing

    def _ensure(self) -> None:
        if self._indexed == len(self.tools) and not self._vocabulary_stale:
            return
        with self._lock:
            start, stop = self._indexed, len(self.tools)
            if start < stop:
                for tool in self.tools[start:stop]:
                    counts = _fields(tool)
                    self._field_counts.append(counts)
                    lengths = tuple(sum(bag.values()) for bag in counts)
                    self._lengths.append(lengths)
                    for f, length in enumerate(lengths):
                        self._totals[f] += length
                if stop >= self._normalised_at * RENORMALISE_GROWTH:
                    self._postings.clear()
                    self._write_postings(0, stop)
                    self._normalised_at = stop
                else:
                    self._write_postings(start, stop)
                self._indexed = stop
                self._vocabulary_stale = True
            if self._vocabulary_stale:
                self._vocabulary = sorted(self._postings)
                self._vocabulary_stale = False

    def _write_postings(self, start: int, stop: int) -> None:
        n = max(stop, 1)
        averages = [(total / n) or 1.0 for total in self._totals]
        fields = tuple(zip(FIELD_WEIGHTS, FIELD_B, averages, strict=True))
        postings = self._postings
        for i in range(start, stop):
            weighted: dict[str, float] = {}
            for (weight, b, average), length, bag in zip(
                fields, self._lengths[i], self._field_counts[i], strict=True
            ):
                if not length:
                    continue
                norm = weight / (1 - b + b * length / average)
                if weighted:
                    get = weighted.get
                    for word, count in bag.items():
                        weighted[word] = get(word, 0.0) + count * norm
                else:
                    weighted = {word: count * norm for word, count in bag.items()}
            for word, tf in weighted.items():
                posting = postings.get(word)
                if posting is None:
                    postings[word] = {i: tf / (K1 + tf)}
                else:
                    posting[i] = tf / (K1 + tf)

    # ------------------------------------------------------------------ querying

    def search(self, query: str, limit: int = 5) -> list[tuple[AnyTool, float]]:
        """The best `limit` tools for `query`, best first, with their scores (no match: empty)."""
        return [(self.tools[i], score) for i, score in self.rank(query, limit)]

    def rank(self, query: str, limit: int = 5) -> list[tuple[int, float]]:
        """`search` as (position in `tools`, score) pairs."""
        self._ensure()
        scores = self._bm25f(query)
        exact = self._by_name.get(query.strip().lower())
        if exact is not None and exact < self._indexed:
            scores[exact] = scores.get(exact, 0.0) + EXACT_NAME_BONUS
        if self.embed is not None and self._indexed:
            scores = self._fused(query, scores, exact)
        import heapq  # here: the search module is imported with interop, used rarely

        best = heapq.nlargest(limit, scores, key=scores.__getitem__)  # ties in a fixed order
        return [(i, scores[i]) for i in best]

    def _variants(self, word: str) -> dict[str, float]:
        """The indexed words a query word stands for, with how much each counts."""
        postings = self._postings
        found: dict[str, float] = {}
        if word in postings:
            found[word] = 1.0
        if len(word) >= 3:
            vocabulary = self._vocabulary
            at = bisect_left(vocabulary, word)
            while at < len(vocabulary) and vocabulary[at].startswith(word):
                if vocabulary[at] != word:
                    found.setdefault(vocabulary[at], PREFIX_WEIGHT)
                at += 1
            for end in range(3, len(word)):
                if word[:end] in postings:
                    found.setdefault(word[:end], PREFIX_WEIGHT)
        for synonym in _SYNONYMS.get(word, ()):
            if synonym in postings and found.get(synonym, 0.0) < SYNONYM_WEIGHT:
                found[synonym] = SYNONYM_WEIGHT
        return found

    def _bm25f(self, query: str) -> dict[int, float]:
        n = self._indexed
        postings = self._postings
        scores: dict[int, float] = {}
        for word in dict.fromkeys(tokens(query)):
            variants = self._variants(word)
            if not variants:
                continue
            best: dict[int, float] = {}  # per tool, the best of the word's variants
            for variant, weight in variants.items():
                posting = postings[variant]
                df = len(posting)
                factor = weight * math.log(1 + (n - df + 0.5) / (df + 0.5))
                get = best.get
                for i, part in posting.items():
                    value = factor * part
                    if value > get(i, 0.0):
                        best[i] = value
            get = scores.get
            for i, value in best.items():
                scores[i] = get(i, 0.0) + value
        return scores

    def _fused(self, query: str, scores: dict[int, float], exact: int | None) -> dict[int, float]:
        """BM25F's ranking and the embedding's, fused by reciprocal rank (an exact name stays first)."""
        vectors = self._embedded()
        query_vector = _unit(cast(Embed, self.embed)([query])[0])
        similarity = {
            i: sum(a * b for a, b in zip(query_vector, v, strict=False)) for i, v in enumerate(vectors)
        }
        fused: dict[int, float] = {}
        for ranking in (scores, similarity):
            ordered = sorted(ranking, key=ranking.__getitem__, reverse=True)[:100]
            for rank, i in enumerate(ordered, 1):
                fused[i] = fused.get(i, 0.0) + 1.0 / (RRF_K + rank)
        if exact is not None:
            fused[exact] = fused.get(exact, 0.0) + EXACT_NAME_BONUS
        return fused

    def _embedded(self) -> list[tuple[float, ...]]:
        """The indexed tools' unit vectors, the new tools' computed in one call."""
        with self._lock:
            start = len(self._vectors)
            if start < self._indexed:
                texts = [_embedding_text(t) for t in self.tools[start : self._indexed]]
                vectors = cast(Embed, self.embed)(texts)
                if len(vectors) != len(texts):
                    raise ValueError(
                        f"tool_search embed= returned {len(vectors)} vectors for {len(texts)} texts"
                    )
                self._vectors.extend(_unit(v) for v in vectors)
            return self._vectors

    def match(self, position: int) -> SearchMatch:
        """What the model is told about the tool at `position`: name, description, input schema."""
        tool = self.tools[position]
        return {"name": tool.name, "description": tool.description, "input_schema": input_json_schema(tool)}


def _embedding_text(tool: AnyTool) -> str:
    """What an embedding of the tool reads: its name, title and description."""
    return "\n".join(part for part in (tool.name, tool.title or "", tool.description) if part)


def _unit(vector: Sequence[float]) -> tuple[float, ...]:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return tuple(float(x) / norm for x in vector)


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


@dataclass(frozen=True, eq=False, kw_only=True)
class SearchTool(StandardTool[SearchInput, SearchOutput, Any]):
    """What `tool_search` returns: the search tool (a `StandardTool` like any other), and its
    index: `add(tools)` makes more tools findable, `find(query)` asks it directly."""

    index: ToolIndex = field(repr=False)

    def add(self, tools: Iterable[AnyTool]) -> None:
        """Make `tools` findable from the next query on (indexed then, incrementally)."""
        self.index.add(tools)

    def find(self, query: str, limit: int = 5) -> list[AnyTool]:
        """The best `limit` tools for `query`, best first (what the model's call would name)."""
        return [tool for tool, _ in self.index.search(query, limit)]


def tool_search(
    tools: Iterable[AnyTool],
    *,
    name: str = "tool_search",
    description: str | None = None,
    max_results: int = 5,
    embed: Embed | None = None,
) -> SearchTool:
    """A neutral tool the model calls with a query to discover `tools` (e.g. `split_tools`' deferred).

    It returns `{"tools": [{"name", "description", "input_schema"}, ...]}`, best match first:
    ranked by the tools' names, summaries, tags, group, argument names and descriptions (BM25F,
    with prefix and abbreviation matches; a query naming a tool exactly puts it first). The index
    is built on the first query and updated when tools are added (`.add(tools)`). `embed`: an
    embedding function (texts -> vectors) whose ranking is fused with BM25F's (no model ships
    with this package). Where a target has native tool search (Anthropic, OpenAI Responses,
    pydantic-ai), `meta["defer_loading"]` maps to it instead.
    """
    if max_results < 1:
        raise ValueError(f"tool_search max_results must be at least 1, got {max_results}")
    index = ToolIndex(tools, embed=embed)
    check = validator(as_schema(SearchInput), "input", name)

    def search(input: Any = None, context: Any = None) -> SearchOutput:
        args = check(input)
        limit = max(1, min(args.get("limit", max_results), max_results))
        return {"tools": [index.match(i) for i, _ in index.rank(args["query"], limit)]}

    # built directly: the input is validated; the output is ours (declared by the output schema)
    return SearchTool(
        name=name,
        description=description if description is not None else DEFAULT_DESCRIPTION.format(count=len(index)),
        execute=search,
        input_schema=as_schema(SearchInput),
        output_schema=as_schema(SearchOutput),
        meta={"read_only": True, "destructive": False, "idempotent": True, "open_world": False},
        index=index,
    )
