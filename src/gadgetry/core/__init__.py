"""The shared kernel: problem and reduction protocols, registry, CNF builder, JSON envelope, errors.

``core`` imports nothing else of gadgetry. The names below are imported from their modules when first
used (PEP 562), so that ``from gadgetry.core import InputError`` does not load PySAT (start-up).
"""

from __future__ import annotations

import importlib
from typing import Any

#: Each name this package offers, and the module defining it.
_HOME = {
    **dict.fromkeys(("CNF", "MAX_DECLARED", "parse_dimacs"), "cnf"),
    **dict.fromkeys(("GadgetryError", "InputError", "LimitReached"), "errors"),
    **dict.fromkeys(("MODES", "Encoding", "Format", "Generated", "Param", "Problem", "resolve_params"), "problem"),
    **dict.fromkeys(("NO_CLAIM", "PARSIMONIOUS", "Chain", "Claim", "Reduction", "c_monious", "compose",
                     "exact_claim"), "reduction"),
    **dict.fromkeys(("VALID", "Verdict", "invalid"), "verdict"),
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})

