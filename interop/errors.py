"""Every error this project raises, in one tree.

```
Exception
├── StandardToolValidationError   input or output failed its schema (`.target`, `.issues`)
│   └── ArgumentsNotJSON          the model's argument text is not JSON (also a ValueError)
├── ToolError                     raised by a tool to tell the model something it can act on
│   └── ApprovalDeniedError       an approval-required call was not approved: it did not run
└── InteropError                  misuse found at conversion time
    ├── ToolNameError             a name the target framework or provider cannot carry
    ├── ApprovalRequiredError     `requires_approval` would be dropped by a conversion
    ├── SchemaConversionError     a schema the target dialect cannot express
    └── DiscoveryError            a module, attribute or tool named on the command line is not there
```

The first two branches reach the model (through each framework's own error channel) so it can
correct itself; `InteropError`s are raised to the developer when a tool is converted. `interop`
itself exports the ones a tool's author raises or a caller handles per call (`ToolError`,
`StandardToolValidationError`, `ApprovalDeniedError`) and the base `InteropError`; the
conversion-time kinds are here.
"""

from __future__ import annotations

from ._errors import (
    ApprovalDeniedError,
    ApprovalRequiredError,
    ArgumentsNotJSON,
    DiscoveryError,
    InteropError,
    SchemaConversionError,
    StandardToolValidationError,
    ToolError,
    ToolNameError,
)

__all__ = [
    "ApprovalDeniedError",
    "ApprovalRequiredError",
    "ArgumentsNotJSON",
    "DiscoveryError",
    "InteropError",
    "SchemaConversionError",
    "StandardToolValidationError",
    "ToolError",
    "ToolNameError",
]
