"""The environment variables a deployment sets (a bearer token, the workers' approval secret)."""

import os

os.environ.setdefault("ACME_MCP_TOKEN", "a-long-random-token")
os.environ.setdefault("MCP_APPROVAL_SECRET", "0" * 64)
