"""Real published OpenAPI documents, shipped inside npm packages (see fixtures/README.md):
GitHub's REST API (1,223 operations, 3.0.3), the Swagger Petstore (3.0 and 3.1), the USPTO Data
Set API, ReadMe's API and ReadMe's edge-case collection. Every operation becomes a tool whose
input schema passes the 2020-12 metaschema; a sample of calls goes through a mock transport."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from openapi_fixtures import Recorder, example_value, github_doc, readme_doc, readme_names

import interop
from interop import StandardToolValidationError, input_json_schema, output_json_schema
from interop.bridge import NAME_RULES
from interop.openapi import MAX_BODY_EXCERPT, ToolHTTPError, ToolRequestError, from_openapi

pytestmark = pytest.mark.anyio

# smolagents (a Python identifier) and CrewAI (lowercase, single '_') are stricter than every other
# target: a tool set made for them is renamed on the way (`rename=`), see interop/openapi/_names.py.
IDENTIFIER_ONLY = ("smolagents", "crewai")
RULES = [re.compile(pattern) for target, (pattern, _) in NAME_RULES.items() if target not in IDENTIFIER_ONLY]


def _count_operations(doc: dict[str, Any]) -> int:
    methods = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
    count = 0
    for item in (doc.get("paths") or {}).values():
        while "$ref" in item:  # a path item given by reference (#/paths/~1other)
            item = doc["paths"][item["$ref"].rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")]
        count += sum(1 for m in item if m in methods)
    return count


def _valid_everywhere(name: str) -> bool:
    return all(rule.match(name) for rule in RULES)


@pytest.mark.parametrize("name", readme_names())
def test_every_document_of_the_readme_collection_converts(name: str) -> None:
    doc = readme_doc(name)
    tools = from_openapi(doc, base_url="http://api.test")
    assert len(tools) == _count_operations(doc)
    for t in tools:
        assert _valid_everywhere(t.name)
        Draft202012Validator.check_schema(input_json_schema(t))
        out = output_json_schema(t)
        if out is not None:
            Draft202012Validator.check_schema(out)


class GitHub:
    """GitHub's tools over a mock transport whose answer a test sets."""

    def __init__(self) -> None:
        self.reply: Any = lambda request: httpx.Response(200, json={})
        self.recorder = Recorder(lambda request: self.reply(request))
        self.doc = github_doc()
        self.tools = {
            t.name: t
            for t in from_openapi(
                self.doc,
                client=self.recorder.client(),
                headers=lambda ctx: {"Authorization": f"Bearer {ctx}"} if ctx else {},
            )
        }


@pytest.fixture(scope="module")
def github() -> GitHub:
    return GitHub()


def test_github_every_operation_converts(github: GitHub) -> None:
    assert len(github.tools) == _count_operations(github.doc) == 1223
    for name, t in github.tools.items():
        assert _valid_everywhere(name)
        Draft202012Validator.check_schema(input_json_schema(t))
    issues = github.tools["issues_create"]
    assert issues.title == "Create an issue"
    assert issues.meta["openapi"]["operation_id"] == "issues/create"
    assert issues.meta["openapi"]["x-github"]["category"] == "issues"
    assert issues.meta["tags"] == ["issues"] and issues.meta["read_only"] is False
    props = input_json_schema(issues)["properties"]
    assert {"owner", "repo", "title", "body", "labels", "assignees", "milestone"} <= set(props)
    assert input_json_schema(issues)["required"] == ["owner", "repo", "title"]


@pytest.mark.heavy
def test_github_every_output_schema_passes_the_metaschema(github: GitHub) -> None:
    for t in github.tools.values():
        out = output_json_schema(t)
        if out is not None:
            Draft202012Validator.check_schema(out)


def _template_regex(path: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")


async def test_github_a_sample_of_calls(github: GitHub) -> None:
    """Every 20th operation: generated valid arguments in, a generated valid answer back (checked
    against the output schema on the way)."""
    sample = list(github.tools.values())[::20]
    assert len(sample) == 62
    for t in sample:
        args = example_value(input_json_schema(t))
        assert t.input_schema.__standard_schema__.validate(args).issues is None, t.name
        out = output_json_schema(t)
        body = example_value(out) if out is not None else None
        op = github.doc["paths"][t.meta["openapi"]["path"]][t.meta["openapi"]["method"].lower()]
        status = int(next((c for c in op["responses"] if c.startswith("2")), "200"))  # some only redirect
        github.reply = lambda request, body=body, status=status: (
            httpx.Response(status, json=body)
            if status != 204 and body is not None
            else httpx.Response(status)
        )
        before = len(github.recorder.requests)
        result = await interop.acall(t, args, "tok")
        assert len(github.recorder.requests) == before + 1
        sent = github.recorder.last
        assert sent.method == t.meta["openapi"]["method"]
        assert _template_regex(t.meta["openapi"]["path"]).match(sent.url.path), (t.name, sent.url)
        assert sent.url.host == "api.github.com" and sent.headers["authorization"] == "Bearer tok"
        assert result == body


async def test_github_calls_in_detail(github: GitHub) -> None:
    tools = github.tools
    github.reply = lambda request: httpx.Response(
        200, json={"total_count": 0, "incomplete_results": False, "items": []}
    )
    found = await interop.acall(
        tools["search_repos"], {"q": "interop language:python", "sort": "stars", "per_page": 5}
    )
    assert found == {"total_count": 0, "incomplete_results": False, "items": []}
    sent = github.recorder.last
    assert sent.url.params.multi_items() == [
        ("q", "interop language:python"),
        ("sort", "stars"),
        ("per_page", "5"),
    ]
    assert sent.headers["accept"] == "application/json" and "authorization" not in sent.headers

    # a file path keeps its slashes (x-multi-segment); a 404 reaches the model with GitHub's message
    github.reply = lambda request: httpx.Response(
        404,
        json={"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"},
    )
    with pytest.raises(ToolHTTPError) as missing:
        await interop.acall(
            tools["repos_get-content"], {"owner": "octo cat", "repo": "hello", "path": "docs/read me.md"}
        )
    assert github.recorder.last.url.raw_path == b"/repos/octo%20cat/hello/contents/docs/read%20me.md"
    assert missing.value.status_code == 404 and str(missing.value) == (
        "tool 'repos_get-content': GET /repos/{owner}/{repo}/contents/{path} answered HTTP 404 Not Found: "
        '{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}'
    )

    # bad arguments stop before the request; the server's 422 comes back verbatim
    before = len(github.recorder.requests)
    with pytest.raises(StandardToolValidationError, match="'title' is a required property"):
        await interop.acall(tools["issues_create"], {"owner": "o", "repo": "r", "labels": ["bug"]})
    assert len(github.recorder.requests) == before
    github.reply = lambda request: httpx.Response(
        422,
        json={
            "message": "Validation Failed",
            "errors": [{"resource": "Issue", "code": "invalid", "field": "labels"}],
        },
    )
    with pytest.raises(ToolHTTPError, match='"field":"labels"'):
        await interop.acall(
            tools["issues_create"], {"owner": "o", "repo": "r", "title": "t", "labels": ["nope"]}
        )
    assert json.loads(github.recorder.last.content) == {"title": "t", "labels": ["nope"]}

    # a huge error page is cut to a bounded excerpt
    github.reply = lambda request: httpx.Response(
        502, text="<html>" + "x" * 50_000, headers={"content-type": "text/html"}
    )
    with pytest.raises(ToolHTTPError) as bad_gateway:
        await interop.acall(tools["meta_root"], {})
    assert len(bad_gateway.value.body) < MAX_BODY_EXCERPT + 40 and bad_gateway.value.body.endswith(
        "more characters)"
    )

    # text/html success: a string
    github.reply = lambda request: httpx.Response(
        200, text="<p>Hi</p>", headers={"content-type": "text/html"}
    )
    assert await interop.acall(tools["markdown_render"], {"text": "Hi", "mode": "markdown"}) == "<p>Hi</p>"


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (
            httpx.ReadTimeout("read timed out"),
            "tool 'meta_root': GET / timed out (ReadTimeout): the service did not answer in time",
        ),
        (
            httpx.ConnectError("[Errno 111] Connection refused"),
            "tool 'meta_root': GET / failed, api.github.com could not be reached (ConnectError: [Errno 111] Connection refused)",
        ),
    ],
)
async def test_timeouts_and_connection_errors_name_the_tool(error: Exception, message: str) -> None:
    def fail(request: httpx.Request) -> httpx.Response:
        raise error

    (root,) = from_openapi(
        github_doc(),
        operation_ids=["meta/root"],
        client=httpx.AsyncClient(transport=httpx.MockTransport(fail)),
    )
    with pytest.raises(ToolRequestError) as e:
        await interop.acall(root, {})
    assert str(e.value) == message and e.value.__cause__ is error and e.value.tool_name == "meta_root"


@pytest.mark.parametrize("version", ["3.0", "3.1"])
async def test_petstore(version: str) -> None:
    pet = {"id": 10, "name": "doggie", "photoUrls": [], "status": "available"}
    rec = Recorder(lambda request: httpx.Response(200, json=[pet] if "findBy" in request.url.path else pet))
    tools = {
        t.name: t for t in from_openapi(readme_doc(f"{version}/json/petstore.json"), client=rec.client())
    }
    assert len(tools) == 20
    assert await interop.acall(tools["findPetsByStatus"], {"status": ["available", "sold"]}) == [pet]
    assert str(rec.last.url) == "http://petstore.swagger.io/v2/pet/findByStatus?status=available&status=sold"
    assert rec.last.headers["accept"] == "application/json"  # xml and json offered: JSON asked for
    with pytest.raises(StandardToolValidationError, match="'lost' is not one of"):
        await interop.acall(tools["findPetsByStatus"], {"status": ["lost"]})
    assert await interop.acall(tools["getPetById"], {"petId": 10}) == pet

    await interop.acall(tools["deletePet"], {"petId": 10, "api_key": "k-1"})
    assert (rec.last.method, rec.last.url.path, rec.last.headers["api_key"]) == (
        "DELETE",
        "/v2/pet/10",
        "k-1",
    )

    await interop.acall(tools["updatePetWithForm"], {"petId": 10, "name": "rex", "status": "sold"})
    assert rec.last.content == b"name=rex&status=sold"

    await interop.acall(
        tools["updateUser"], {"path_username": "ann", "body_username": "anne", "email": "a@b.c"}
    )
    assert rec.last.url.path == "/v2/user/ann" and json.loads(rec.last.content) == {
        "username": "anne",
        "email": "a@b.c",
    }

    await interop.acall(
        tools["createUsersWithArrayInput"], {"body": [{"username": "u1"}, {"username": "u2"}]}
    )
    assert json.loads(rec.last.content) == [{"username": "u1"}, {"username": "u2"}]

    rec.reply = lambda request: httpx.Response(200, json={"code": 200, "type": "ok", "message": "stored"})
    photo = base64.b64encode(b"\x89PNG").decode()
    if version == "3.0":  # multipart with a file part
        await interop.acall(tools["uploadFile"], {"petId": 10, "file": photo, "additionalMetadata": "front"})
        assert b'name="file"; filename="file"' in rec.last.content and b"\x89PNG" in rec.last.content
    else:  # a raw octet-stream body
        await interop.acall(tools["uploadFile"], {"petId": 10, "body": photo})
        assert (
            rec.last.content == b"\x89PNG" and rec.last.headers["content-type"] == "application/octet-stream"
        )

    rec.reply = lambda request: httpx.Response(
        404, json={"code": 1, "type": "error", "message": "Pet not found"}
    )
    with pytest.raises(ToolHTTPError, match="Pet not found"):
        await interop.acall(tools["getPetById"], {"petId": 99})
