"""1-in-3SAT to positive 1-in-3SAT with three literals per clause, parsimoniously.

Schaefer (1978) proves positive 1-in-3SAT NP-complete (Garey & Johnson [LO4]: it remains NP-complete with
no negated literals). This is the textbook removal of negations with forced constants; every auxiliary is
forced or defined, so each solution of the source extends in exactly one way. R is "exactly one true".

- Constants: four fresh variables t, f, g, h with R(t, f, g), R(t, f, h), R(t, g, h). Subtracting the first
  two gives g = h, then the third gives t + 2g = 1: the only solution is t = 1, f = g = h = 0.
- Negation: for each variable x occurring negatively, a fresh x' with R(x, x', f), i.e. x' = not x; every
  literal -x is replaced by x'. A 1in3sat clause has distinct variables, so x and x' never share a clause.
- Padding: a clause of two literals gets f as a third, a clause of one literal gets f and g, so that every
  target clause has exactly three distinct variables (the classic form of positive 1-in-3SAT).

Target layout: variables 1..n are the source's, then t, f, g, h, then x' for each negated x in increasing
order. Overhead, with m clauses and k variables occurring negatively: variables n + 4 + k,
clauses m + 3 + k, literals 3 (m + 3 + k).
"""

from __future__ import annotations


from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.sat import Assignment, Formula, OneInThreeSat, PositiveOneInThreeSat

ONE_IN_THREE_SAT = OneInThreeSat()
POSITIVE_ONE_IN_THREE_SAT = PositiveOneInThreeSat()

#: The constants gadget over (t, f, g, h) = variables 1..4 and its only solution.
CONSTANTS = ((1, 2, 3), (1, 2, 4), (1, 3, 4))
CONSTANT_VALUES = (True, False, False, False)


def negated_variables(source: Formula) -> list[int]:
    """The variables occurring negatively, in increasing order."""
    return sorted({-lit for clause in source.clauses for lit in clause if lit < 0})


class PositiveOneInThreeSatFromOneInThreeSat(Reduction):
    """Negations replaced by complement variables x' with R(x, x', f); short clauses padded with constants."""

    name = "positive-1in3sat-from-1in3sat"
    source = "1in3sat"
    target = "positive-1in3sat"
    paper = "Schaefer 1978; Garey & Johnson [LO4]"
    section = "negation removal with forced constants (parsimonious)"
    theorem = "positive 1-in-3SAT is NP-complete (Schaefer 1978)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})

    def reduce(self, source: Formula) -> Formula:
        ONE_IN_THREE_SAT.validate(source)
        n = source.variables
        f, g = n + 2, n + 3  # two of the constants forced false
        negated = negated_variables(source)
        prime = {x: n + 5 + i for i, x in enumerate(negated)}
        clauses = [tuple(n + v for v in c) for c in CONSTANTS]
        clauses += [(x, prime[x], f) for x in negated]
        for clause in source.clauses:
            lits = tuple(lit if lit > 0 else prime[-lit] for lit in clause)
            clauses.append(lits + (f, g)[:3 - len(lits)])
        return Formula(n + 4 + len(negated), tuple(clauses))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        complements = tuple(not source_solution[x - 1] for x in negated_variables(source))
        return tuple(source_solution) + CONSTANT_VALUES + complements

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        n, m, k = source.variables, len(source.clauses), len(negated_variables(source))
        return {"variables": n + 4 + k, "clauses": m + 3 + k, "literals": 3 * (m + 3 + k)}

    def gadgets(self) -> list[Gadget]:
        """The constants alone, then one clause of each width, with and without negations."""
        clauses = {"pad-1": (1,), "pad-1-negated": (-1,), "pad-2": (1, 2), "pad-2-negated": (-1, 2),
                   "positive": (1, 2, 3), "negated": (-1, 2, -3), "all-negated": (-1, -2, -3)}
        return [formula_gadget(self, ONE_IN_THREE_SAT, POSITIVE_ONE_IN_THREE_SAT, Formula(0, ()), "constants")] + [
            formula_gadget(self, ONE_IN_THREE_SAT, POSITIVE_ONE_IN_THREE_SAT, Formula(len(c), (c,)), name) for name, c in clauses.items()]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(3, ((1, -2, 3), (-1, 2), (-3,)))
        return source, (True, True, False)


REDUCTIONS = [PositiveOneInThreeSatFromOneInThreeSat()]
