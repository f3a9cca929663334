"""The shared kernel: problem and reduction protocols, registry, CNF builder, JSON envelope, errors.

``core`` imports nothing else of gadgetry. The names below are imported from their modules when first
used (PEP 562), so that ``from gadgetry.core import InputError`` does not load PySAT (start-up).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "CNF", "Format", "MAX_DECLARED", "MODES", "NO_CLAIM", "PARSIMONIOUS", "VALID", "Chain", "Claim", "Encoding", "GadgetryError",
    "Generated", "Identity", "InputError", "LimitReached", "Param", "Problem", "Reduction", "Verdict",
    "c_monious",
    "compose", "exact_claim", "invalid", "parse_dimacs", "resolve_params",
]

#: The modules defining those names, each importing only those before it: a name is taken from the first
#: that has it, so that looking it up imports no module it does not need.
_MODULES = ("errors", "verdict", "cnf", "problem", "reduction")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for module in _MODULES:
            found = importlib.import_module(f".{module}", __name__)
            if hasattr(found, name):
                globals()[name] = value = getattr(found, name)
                return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
