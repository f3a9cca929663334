"""Shared by the reductions between clause problems: a reduction applied to a tiny formula, seen as a
gadget whose ports are the source variables and whose interior is the auxiliaries the reduction adds.

The relation is the source formula itself and each allowed port assignment must have exactly one filling:
that is what parsimony means locally, and the verifier's gadget check counts it.
"""

from __future__ import annotations

import itertools

from gadgetry.core import CNF, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.sat import ClauseProblem, Formula


def formula_gadget(reduction: Reduction, source_problem: ClauseProblem, target_problem: ClauseProblem,
                   source: Formula, name: str) -> Gadget:
    """``reduction`` on ``source`` as a gadget: target variables 1..n are the ports (the source variables,
    kept by every clause reduction here), the rest the interior; one filling per satisfying assignment.
    A target drawn on a line (a ``PlanarFormula``) is read through its formula; ``target_problem`` is the
    clause problem whose clauses it has."""
    target = reduction.reduce(source)
    target = getattr(target, "formula", target)
    n = source.variables
    ports = tuple(f"x{i}" for i in range(1, n + 1))

    def build() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ids = [cnf.var(ports[i - 1] if i <= n else ("aux", i)) for i in range(1, target.variables + 1)]
        cnf.project(ids[n:])
        for clause in target.clauses:
            target_problem.encode_clause(cnf, [ids[lit - 1] if lit > 0 else -ids[-lit - 1] for lit in clause])
        return cnf, dict(zip(ports, ids))

    assignments = itertools.product((False, True), repeat=n)
    allowed = [a for a in assignments if source_problem.check(source, a)]
    return Gadget(name, ports, build, allowed, 1, source=f"{reduction.name} on {[list(c) for c in source.clauses]}")
