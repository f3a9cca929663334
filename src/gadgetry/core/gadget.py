"""Gadgets as data: a local piece of a construction, its ports, and the boundary behaviour the paper states.

A :class:`Gadget` builds a CNF over its port variables and its interior (``build``), states the relation its
ports must satisfy (a sympy Boolean expression over port symbols, or the set of allowed port assignments as
a truth table), and, for parsimony, how many interior fillings each allowed port assignment has
(``multiplicity``: a constant, or a function of the port assignment). A filling is an assignment of the
CNF's projection (the interior variables that identify a solution); the verifier's gadget check counts
them for every port assignment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cnf import CNF

PortAssignment = tuple[bool, ...]


@dataclass(frozen=True)
class Gadget:
    """A gadget: ``build()`` returns ``(cnf, port_ids)`` with one variable id per name in ``ports``.

    ``relation`` is a sympy Boolean expression in ``sympy.symbols(ports)`` or a collection of allowed port
    assignments (tuples of booleans in ``ports`` order). ``multiplicity`` is None (not claimed), an int,
    or a function of the port assignment.
    """

    name: str
    ports: tuple[str, ...]
    build: Callable[[], tuple[CNF, Mapping[str, int]]]
    relation: Any
    multiplicity: int | Callable[[PortAssignment], int] | None = None
    source: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)

    def allowed(self, ports: PortAssignment) -> bool:
        """Whether the stated relation allows this port assignment."""
        rel = self.relation
        if hasattr(rel, "subs"):
            import sympy

            syms = sympy.symbols(self.ports)
            if len(self.ports) == 1:
                syms = (syms,)
            return bool(rel.subs(dict(zip(syms, ports))))
        return tuple(ports) in {tuple(r) for r in rel}

    def expected_fillings(self, ports: PortAssignment) -> int | None:
        if self.multiplicity is None:
            return None
        if not self.allowed(ports):
            return 0
        if isinstance(self.multiplicity, int):
            return self.multiplicity
        return self.multiplicity(ports)
