"""What `interop serve --transport http` runs: one app, or an app factory for several workers.

`interop serve MOD --transport http --stateless --workers 4` starts uvicorn with the import
string `interop.mcp._workers:app_from_env` (a factory): each worker process builds the same app
from the configuration the command put in `INTEROP_MCP_SERVE` (JSON), with the approval secret
the command generated in `INTEROP_MCP_APPROVAL_SECRET`, so every worker verifies every other
worker's approval rounds, and the SQLite file of used approval nonces in
`INTEROP_MCP_APPROVAL_NONCES`, so an answer one worker accepted is refused by every other.
"""

from __future__ import annotations

import json
import os
from typing import Any

__all__ = ["CONFIG_ENV", "NONCES_ENV", "SECRET_ENV", "app_from_config", "app_from_env"]

CONFIG_ENV = "INTEROP_MCP_SERVE"
SECRET_ENV = "INTEROP_MCP_APPROVAL_SECRET"
NONCES_ENV = "INTEROP_MCP_APPROVAL_NONCES"


def app_from_config(config: dict[str, Any]) -> Any:
    """The `MCPApp` for `config`: `module`, `path`, `stateless`, `json_response`, `host`,
    `auth_token_env`, `allowed_hosts`, `allow_unapproved`, `context_factory`, `name`, `timeout` (the
    `interop serve` options)."""
    from interop._kit import find_tools

    from ._asgi import asgi_app, host_security
    from ._identity import StaticTokenVerifier

    tools = find_tools(config["module"])
    if config.get("timeout"):
        import interop
        from interop.policies import Timeout

        tools = interop.with_middleware(tools, Timeout(float(config["timeout"])))
    verifier = None
    token_env = config.get("auth_token_env")
    if token_env:
        token = os.environ.get(token_env, "")
        if not token:
            raise ValueError(
                f"--auth-token-env {token_env}: the environment variable {token_env} is not set or empty"
            )
        verifier = StaticTokenVerifier(token)
    options: dict[str, Any] = {}
    if config.get("allow_unapproved"):
        options["allow_unapproved"] = True
    if config.get("context_factory"):
        from interop._kit import load_context_factory

        options["context_factory"] = load_context_factory(config["context_factory"])
    secret = os.environ.get(SECRET_ENV)
    if secret:
        options["approval_secret"] = secret
    nonces = os.environ.get(NONCES_ENV)
    if nonces:
        options["approval_nonces"] = nonces
    host = config.get("host", "127.0.0.1")
    return asgi_app(
        tools,
        path=config.get("path", "/mcp"),
        stateless=bool(config.get("stateless")),
        json_response=bool(config.get("json_response")),
        token_verifier=verifier,
        transport_security=host_security(host, config.get("allowed_hosts")),
        name=config.get("name") or "interop",
        **options,
    )


def app_from_env() -> Any:
    """The uvicorn factory of a worker process (reads `INTEROP_MCP_SERVE`)."""
    raw = os.environ.get(CONFIG_ENV)
    if not raw:
        raise RuntimeError(f"{CONFIG_ENV} is not set: start workers with `interop serve ... --workers N`")
    return app_from_config(json.loads(raw))
