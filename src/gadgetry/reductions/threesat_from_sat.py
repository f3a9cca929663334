"""CNF-SAT to 3SAT by clause splitting with defined auxiliaries (parsimonious).

The classic (Karp 1972, SAT to "satisfiability with at most 3 literals per clause"; Garey & Johnson 1979,
Section 3.1.1, Theorem 3.1) replaces a clause (l1 v ... v lk), k > 3, by the chain

    (l1 v l2 v y1), (-y1 v l3 v y2), ..., (-y_{k-4} v l_{k-2} v y_{k-3}), (-y_{k-3} v l_{k-1} v lk).

Its auxiliaries are only bounded from one side (y_j implies that a later literal holds), so a clause with
several true literals has several extensions: the classic is not parsimonious. What is changed here: each
auxiliary is *defined*, y_j <-> (l_{j+2} v ... v lk), by adding the converse binary clauses of each chain
link, so every satisfying assignment of the source extends in exactly one way:

    y_j <-> (l_{j+2} v y_{j+1}), j < k - 3:  (-y_j v l_{j+2} v y_{j+1}), (y_j v -l_{j+2}), (y_j v -y_{j+1})
    y_{k-3} <-> (l_{k-1} v lk):              (-y_{k-3} v l_{k-1} v lk), (y_{k-3} v -l_{k-1}), (y_{k-3} v -lk)

together with (l1 v l2 v y1), which then says exactly that some l_i holds. Clauses of one to three
literals (repeated variables and tautologies included, as 3SAT allows them) are copied unchanged; the
empty clause (DIMACS allows it; no assignment satisfies it) becomes (z), (-z) on an auxiliary z of its
own, so the target has no solution either.

Target layout: variables 1..n are the source's; the auxiliaries of each wide or empty clause follow,
clause by clause, y1 first. Overhead: a clause of width k > 3 becomes 3k - 8 clauses with 7k - 18 literals
and k - 3 auxiliaries, an empty one 2 clauses of 1 literal and 1 auxiliary; the others are copied.
"""

from __future__ import annotations

from collections.abc import Sequence

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.sat import Assignment, Formula, Sat, ThreeSat, value

SAT = Sat()
THREE_SAT = ThreeSat()


def split_clause(clause: Sequence[int], first_aux: int) -> list[tuple[int, ...]]:
    """The 3SAT clauses replacing ``clause`` (width > 3), auxiliaries numbered from ``first_aux``."""
    k = len(clause)
    ys = list(range(first_aux, first_aux + k - 3))
    out: list[tuple[int, ...]] = [(clause[0], clause[1], ys[0])]
    for j, y in enumerate(ys):
        # y <-> (a v b): a is the next literal, b the next auxiliary (or the last literal).
        a, b = (clause[j + 2], ys[j + 1]) if j + 1 < len(ys) else (clause[k - 2], clause[k - 1])
        out += [(-y, a, b), (y, -a), (y, -b)]
    return out


def aux_values(clause: Sequence[int], assignment: Assignment) -> list[bool]:
    """The unique values of a wide clause's auxiliaries: y_j = l_{j+2} v ... v lk."""
    tail = [False] * (len(clause) + 1)
    for i in range(len(clause) - 1, -1, -1):
        tail[i] = tail[i + 1] or value(assignment, clause[i])
    return [tail[j + 2] for j in range(len(clause) - 3)]


class ThreeSatFromSat(Reduction):
    """Karp's clause splitting with each auxiliary defined as the disjunction of the clause's tail."""

    name = "3sat-from-sat"
    source = "sat"
    target = "3sat"
    paper = "Karp 1972; Garey & Johnson 1979"
    section = "Garey & Johnson Section 3.1.1 (auxiliaries made defined: parsimonious)"
    theorem = "Garey & Johnson Theorem 3.1 (3SAT is NP-complete)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})

    def reduce(self, source: Formula) -> Formula:
        SAT.validate(source)
        clauses: list[tuple[int, ...]] = []
        top = source.variables
        for clause in source.clauses:
            if not clause:
                top += 1
                clauses += [(top,), (-top,)]
            elif len(clause) <= 3:
                clauses.append(tuple(clause))
            else:
                clauses += split_clause(clause, top + 1)
                top += len(clause) - 3
        return Formula(top, tuple(clauses))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        out = list(source_solution)
        for clause in source.clauses:
            if len(clause) > 3:
                out += aux_values(clause, source_solution)
        return tuple(out)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        wide = [len(c) for c in source.clauses if len(c) > 3]
        narrow = [len(c) for c in source.clauses if 0 < len(c) <= 3]
        empty = len(source.clauses) - len(wide) - len(narrow)
        return {"variables": source.variables + sum(k - 3 for k in wide) + empty,
                "clauses": len(narrow) + sum(3 * k - 8 for k in wide) + 2 * empty,
                "literals": sum(narrow) + sum(7 * k - 18 for k in wide) + 2 * empty}

    def gadgets(self) -> list[Gadget]:
        """Wide clauses of widths 4 to 7, one with a repeated literal and a tautology."""
        clauses = {"split-4": (1, 2, 3, 4), "split-5": (1, -2, 3, -4, 5), "split-6": (-1, 2, -3, 4, -5, 6),
                   "split-7": (1, 2, 3, 4, 5, 6, 7), "split-5-repeats": (1, -1, 2, 2, -3)}
        return [formula_gadget(self, SAT, THREE_SAT, Formula(max(map(abs, c)), (c,)), name) for name, c in clauses.items()]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(5, ((1, -2, 3, -4, 5), (-1, -3, -5, 2), (2, 4), (-1, 1, 3, 3, -5)))
        return source, (True, True, False, False, False)


REDUCTIONS = [ThreeSatFromSat()]
