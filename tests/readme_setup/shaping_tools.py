"""`search_customers` and `mcp_tools_list`: a tool and a set of tools the reader already has (say,
from `from_mcp`), for the shaping snippet."""

from interop import tool


@tool
def search_customers(q: str, user_id: str, limit: int = 10, debug: bool = False) -> list[dict]:
    """Search the customers a user may see."""
    return [{"q": q, "user_id": user_id, "limit": limit, "debug": debug}]


@tool(meta={"group": "github"})
def create_issue(repo: str, title: str) -> str:
    """Open an issue."""
    return f"{repo}#1 {title}"


@tool(meta={"group": "github"})
def delete_repo(repo: str) -> str:
    """Delete a repository."""
    return repo


@tool(meta={"group": "slack"})
def post_message(channel: str, text: str) -> str:
    """Post to a channel."""
    return channel


mcp_tools_list = [create_issue, delete_repo, post_message]
