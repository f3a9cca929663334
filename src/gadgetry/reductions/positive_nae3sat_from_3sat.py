"""3SAT to positive NAE-3SAT, two target solutions per source solution (Schaefer 1978; Garey & Johnson
[LO3]): the source of the Letter Boxed reduction (NYT seed, section 2, Theorem 11).

The classic proof adds one global variable F ("false") to every clause, (a or b or c) becoming
NAE(a, b, c, F); a not-all-equal formula is closed under complement, so its solutions with F false are
the source's. It then splits the four-literal clauses with a fresh variable, NAE(a, b, t) and NAE(not t,
c, F), which is not parsimonious (t is free when a differs from b), and removes negations with equivalence
gadgets. Here the split uses an auxiliary defined by the literals, so that every solution with F false has
exactly one extension:

- a complement variable x' per source variable x, with NAE(x, x') (x' = not x), stands for the literal
  not x, so every literal l is a positive variable l*; a second global T with NAE(F, T) is "true";
- a clause (a) becomes NAE(a*, F), a clause (a or b) becomes NAE(a*, b*, F);
- a clause (a or b or c) becomes, with one auxiliary u,

      NAE(u, a*, b*), NAE(u, a*, T), NAE(u, b*, T), NAE(u, (not c)*, T).

  With F false (T true), the second and third say not (u and a), not (u and b); then the first (u or a or
  b, its other half implied) makes u = not a and not b, and the fourth, not (u and not c), says
  u implies c: together, a or b or c.

Clauses are normalised first (repeated literals merged, a tautology dropped). Counting: the target's
solutions with F false are in bijection with the source's (every auxiliary is a function of the source
values) and complementing gives the others, so the target has exactly 2 solutions per source solution
(c-monious, c = 2; a variable in no clause doubles both counts alike). ``backward`` reads x = x* xor F.

Target layout: variables 1..n are the source's, n+1..2n their complements, 2n+1 is F, 2n+2 is T, then one
u per normalised clause of width three. Overhead, with m1, m2, m3 the normalised clauses of width 1, 2,
3: variables 2n + 2 + m3; clauses n + 1 + m1 + m2 + 4 m3; literals 2n + 2 + 2 m1 + 3 m2 + 12 m3.
"""

from __future__ import annotations

from gadgetry.core import Reduction, c_monious
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.sat import Assignment, Formula, PositiveNaeThreeSat, ThreeSat, normalize, value

THREE_SAT = ThreeSat()
POSITIVE_NAE = PositiveNaeThreeSat()


def wide_clauses(source: Formula) -> list[tuple[int, ...]]:
    """The normalised clauses of width three, in order (each gets one auxiliary)."""
    return [lits for lits in map(normalize, source.clauses) if lits is not None and len(lits) == 3]


class PositiveNaeThreeSatFromThreeSat(Reduction):
    """Complement variables, globals F and T, and the one-auxiliary clause gadget of the module docstring."""

    name = "positive-nae3sat-from-3sat"
    source = "3sat"
    target = "positive-nae3sat"
    paper = "Schaefer 1978; Garey & Johnson [LO3]; NYT seed (its Theorem 11 starts from this problem)"
    section = "global false variable, a defined split auxiliary, complement variables (2 per source solution)"
    theorem = "Positive NAE-3SAT is NP-complete (Schaefer 1978)"
    claim = c_monious(2, "c = 2: a not-all-equal formula is closed under complement")
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})

    def reduce(self, source: Formula) -> Formula:
        THREE_SAT.validate(source)
        n = source.variables
        false, true = 2 * n + 1, 2 * n + 2

        def star(lit: int) -> int:
            return lit if lit > 0 else n - lit

        clauses = [(x, n + x) for x in range(1, n + 1)] + [(false, true)]
        u = true
        for clause in source.clauses:
            lits = normalize(clause)
            if lits is None:
                continue
            if len(lits) < 3:
                clauses.append((*map(star, lits), false))
                continue
            a, b, c = lits
            u += 1
            clauses += [(u, star(a), star(b)), (u, star(a), true), (u, star(b), true), (u, star(-c), true)]
        return Formula(u, tuple(clauses))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        """F false: the source values, their complements, F, T, and each u = not a and not b."""
        us = [not value(source_solution, a) and not value(source_solution, b) for a, b, _c in wide_clauses(source)]
        return (*source_solution, *(not x for x in source_solution), False, True, *us)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        false = target_solution[2 * source.variables]
        return tuple(x != false for x in target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        n = source.variables
        widths = [len(lits) for lits in map(normalize, source.clauses) if lits is not None]
        m1, m2, m3 = (widths.count(w) for w in (1, 2, 3))
        return {"variables": 2 * n + 2 + m3, "clauses": n + 1 + m1 + m2 + 4 * m3,
                "literals": 2 * n + 2 + 2 * m1 + 3 * m2 + 12 * m3}

    def gadgets(self) -> list[Gadget]:
        """The reduction on one clause of each width and sign pattern, a repeated literal and a tautology,
        as gadgets whose ports are the source variables and F (the values read relative to F)."""
        cases = {"unit": (1,), "unit-negated": (-1,), "pair": (1, -2), "triple": (1, 2, 3),
                 "triple-negated": (-1, 2, -3), "all-negative": (-1, -2, -3), "repeated-literal": (1, 1, -2),
                 "tautology": (1, -1, 2)}
        out = []
        for name, clause in cases.items():
            f = Formula(max(map(abs, clause)), (clause,))
            out.append(formula_gadget(self, THREE_SAT, POSITIVE_NAE, f, name, reference=2 * f.variables + 1))
        return out

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(4, ((1, 2, 3), (-1, -2, 4), (2, -3), (3, 3, -4), (1, -1, 4), (-2,)))
        return source, (True, False, False, False)


REDUCTIONS = [PositiveNaeThreeSatFromThreeSat()]
