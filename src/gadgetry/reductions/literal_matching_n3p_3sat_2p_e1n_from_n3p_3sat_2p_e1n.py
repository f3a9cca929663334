"""N3P-3SAT-2P-E1N to literal-matching N3P-3SAT-2P-E1N (edge-matching seed, section 2.2.2, Theorem 2.4).

Under E1N every edge of the shared-literal graph is a shared positive literal x (both positive
occurrences of x), and under 2P the graph has maximum degree 2: its components are paths and cycles
(two clauses sharing two literals form a 2-cycle). Orient each path from its end with the smaller clause
index, each cycle cyclically from its smallest clause along its first edge. For each oriented edge
(c, d) labelled x, in that order, a new helper variable h (numbered n+1, n+2, ...) replaces x in clause d,
and the helper clause (not h or x), i.e. h -> x, is appended. Every helper occurs once each way, original
occurrences are conserved, and every clause ends on at most one shared literal.

Count relation: none. The X-parts of the target solutions are exactly the source solutions, but h may be
false while x is true (the seed notes it), so a source solution has between 1 and 2^(edges) extensions.
"""

from __future__ import annotations

from gadgetry.core import Reduction
from gadgetry.sources.n3p_sat import shared_literal_graph
from gadgetry.sources.sat import Assignment, Formula


def oriented_edges(f: Formula) -> list[tuple[int, int, int]]:
    """The shared-literal graph's edges ``(c, d, x)`` oriented as in the module docstring, in walk order."""
    edges = shared_literal_graph(f)
    incident: dict[int, list[int]] = {}
    for k, (i, j, _x) in enumerate(edges):
        incident.setdefault(i, []).append(k)
        incident.setdefault(j, []).append(k)
    used: set[int] = set()
    out = []
    starts = sorted(incident, key=lambda c: (len(incident[c]) != 1, c))  # path ends first
    for start in starts:
        u = start
        while True:
            nxt = [k for k in incident[u] if k not in used]
            if not nxt:
                break
            k = nxt[0]
            used.add(k)
            i, j, x = edges[k]
            v = j if i == u else i
            out.append((u, v, x))
            u = v
    return out


class LiteralMatchingFromN3PSat(Reduction):
    """Each oriented shared-literal edge (c, d; x): x in d becomes a helper h, plus the clause h -> x."""

    name = "literal-matching-n3p-3sat-2p-e1n-from-n3p-3sat-2p-e1n"
    source = "n3p-3sat-2p-e1n"
    target = "literal-matching-n3p-3sat-2p-e1n"
    paper = "Edge-matching seed (Bosboom et al.)"
    section = "2.2.2"
    theorem = "Theorem 2.4"
    verify_params = ({"variables": 5, "clauses": 5}, {"variables": 6, "clauses": 6}, {"variables": 4, "clauses": 4})

    def reduce(self, source: Formula) -> Formula:
        self.source_problem.validate(source)
        clauses = [list(c) for c in source.clauses]
        helpers = []
        for k, (_c, d, x) in enumerate(oriented_edges(source)):
            h = source.variables + 1 + k
            clauses[d] = [h if lit == x else lit for lit in clauses[d]]
            helpers.append((-h, x))
        return Formula(source.variables + len(helpers), tuple(map(tuple, clauses)) + tuple(helpers))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        return tuple(source_solution) + tuple(source_solution[x - 1] for _c, _d, x in oriented_edges(source))

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        k = len(shared_literal_graph(source))
        return {"variables": source.variables + k, "clauses": len(source.clauses) + k,
                "literals": sum(map(len, source.clauses)) + 2 * k}

    def example(self) -> tuple[Formula, Assignment]:
        """A path of three clauses (sharing x1, then x2) and a 2-cycle (two clauses sharing x4 and x5)."""
        source = Formula(5, ((1, -2), (1, 2, -3), (2, -1), (4, 5), (4, 5), (3, -4, -5)))
        return source, (True, True, True, False, True)


REDUCTIONS = [LiteralMatchingFromN3PSat()]
