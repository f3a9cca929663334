"""Shared by the reductions between clause problems: a reduction applied to a tiny formula, seen as a
gadget whose ports are the source variables and whose interior is the auxiliaries the reduction adds.

The relation is the source formula itself and each allowed port assignment must have exactly one filling:
that is what parsimony means locally, and the verifier's gadget check counts it. A reduction that reads the
source values relative to a reference variable of the target (not-all-equal targets, closed under
complement) makes that variable a port too.
"""

from __future__ import annotations

import itertools

from gadgetry.core import CNF, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.sat import ClauseProblem, Formula


def formula_gadget(reduction: Reduction, source_problem: ClauseProblem, target_problem: ClauseProblem,
                   source: Formula, name: str, reference: int | None = None) -> Gadget:
    """``reduction`` on ``source`` as a gadget: target variables 1..n are the ports (the source variables,
    kept by every clause reduction here), the rest the interior; one filling per satisfying assignment.
    A target drawn on a line (a ``PlanarFormula``) is read through its formula; ``target_problem`` is the
    clause problem whose clauses it has. With ``reference`` (a target variable), it is the last port,
    ``ref``, and the source values are the ports' values exclusive-or its value."""
    target = reduction.reduce(source)
    target = getattr(target, "formula", target)
    n = source.variables
    ports = tuple(f"x{i}" for i in range(1, n + 1)) + (("ref",) if reference else ())
    port_of = {i: ports[i - 1] for i in range(1, n + 1)} | ({reference: "ref"} if reference else {})

    def build() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ids = [cnf.var(port_of.get(i, ("aux", i))) for i in range(1, target.variables + 1)]
        cnf.project([ids[i - 1] for i in range(1, target.variables + 1) if i not in port_of])
        for clause in target.clauses:
            target_problem.encode_clause(cnf, [ids[lit - 1] if lit > 0 else -ids[-lit - 1] for lit in clause])
        return cnf, {p: ids[i - 1] for i, p in port_of.items()}

    assignments = itertools.product((False, True), repeat=len(ports))
    allowed = [a for a in assignments
               if source_problem.check(source, tuple(v != a[-1] for v in a[:n]) if reference else a)]
    return Gadget(name, ports, build, allowed, 1, source=f"{reduction.name} on {[list(c) for c in source.clauses]}")
