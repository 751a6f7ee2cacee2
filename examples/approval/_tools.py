"""The tool every approval example uses: deleting a path needs a human's yes, except under /tmp."""

import interop

DELETED: list[str] = []


@interop.tool(
    meta={"destructive": True, "requires_approval": lambda args, ctx: not args.path.startswith("/tmp/")}
)
def delete_path(path: str) -> str:
    """Delete a file or directory."""
    DELETED.append(path)
    return f"deleted {path}"
