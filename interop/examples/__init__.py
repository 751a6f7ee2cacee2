"""Example tool libraries, importable from any install of `interop` (a checkout or the wheel).

`interop.examples.acme_tools` is the framework-free tool library the documentation and
`interop demo` use: seven `@tool` functions (weather, currency conversion, orders, a chart image,
a delete that requires approval, the caller's identity) and their per-call context `AcmeContext`.
Its source is `examples/acme_tools` in the repository, a separate distribution (`acme-tools`)
that shows how to publish a tool library depending on the core only; the wheel ships a copy here.

    from interop.examples.acme_tools import TOOLS, AcmeContext
"""
