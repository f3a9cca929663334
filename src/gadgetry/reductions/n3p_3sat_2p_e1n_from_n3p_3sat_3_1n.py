"""N3P-3SAT-3-1N to N3P-3SAT-2P-E1N (edge-matching seed, section 2.2.1, the paragraph after Definition 2.2).

While some variable has no negative occurrence, set it true and delete every clause containing it (all
its occurrences are positive, so those clauses are satisfied). Deleting a clause can remove another
variable's only negative occurrence, hence the repetition. What remains has exactly one negative
occurrence per variable (E1N) and, with at most three occurrences, at most two positive ones (2P); N3P is
kept since surviving clauses are unchanged. Surviving variables are renumbered 1..k in increasing order.

Count relation: none. Target solutions are the source solutions with every eliminated variable true
(restricted to the survivors); an eliminated variable may also be false in other source solutions, and a
variable in no clause doubles the source count only.
"""

from __future__ import annotations

from gadgetry.core import Reduction
from gadgetry.sources.n3p_sat import occurrences
from gadgetry.sources.sat import Assignment, Formula


def eliminate(f: Formula) -> tuple[list[int], list[int]]:
    """(surviving variables in increasing order, indices of the surviving clauses)."""
    alive = set(range(len(f.clauses)))
    removed: set[int] = set()
    occ = occurrences(f)
    while True:
        free = [v for v in occ if v not in removed and not any(i in alive for i in occ[v][0])]
        if not free:
            break
        for v in free:
            removed.add(v)
            alive -= set(occ[v][1])
    return [v for v in occ if v not in removed], sorted(alive)


class N3PSatFromN3PSat31N(Reduction):
    """Variables without a negative occurrence are set true and their clauses deleted, repeatedly."""

    name = "n3p-3sat-2p-e1n-from-n3p-3sat-3-1n"
    source = "n3p-3sat-3-1n"
    target = "n3p-3sat-2p-e1n"
    paper = "Edge-matching seed (Bosboom et al.)"
    section = "2.2.1"
    theorem = "N3P-3SAT-2P-E1N is NP-complete (from Ding et al. [11])"
    verify_params = ({"variables": 5, "clauses": 6}, {"variables": 6, "clauses": 7}, {"variables": 4, "clauses": 5})

    def reduce(self, source: Formula) -> Formula:
        self.source_problem.validate(source)
        survivors, kept = eliminate(source)
        new = {v: i for i, v in enumerate(survivors, 1)}
        clauses = tuple(tuple(new[lit] if lit > 0 else -new[-lit] for lit in source.clauses[i]) for i in kept)
        return Formula(len(survivors), clauses)

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        survivors, _ = eliminate(source)
        return tuple(source_solution[v - 1] for v in survivors)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        survivors, _ = eliminate(source)
        out = [True] * source.variables
        for v, val in zip(survivors, target_solution):
            out[v - 1] = val
        return tuple(out)

    def example(self) -> tuple[Formula, Assignment]:
        """x4 has no negative occurrence; deleting (x4 or not x3) leaves x3 without one too."""
        source = Formula(4, ((4, -3), (-1, 2), (-2, 1), (3, 1), (2, 3)))
        return source, (True, True, True, True)


REDUCTIONS = [N3PSatFromN3PSat31N()]
