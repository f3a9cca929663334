"""Literal-matching N3P-3SAT-2P-E1N to Interval-Pair Cover (edge-matching seed, section 2.2.3, Theorem 2.5).

The clauses are numbered 1..m along the line, in clause order except that each clause is followed at once
by its partner in the shared-literal matching, so partners get adjacent positions. Variable x (pair x, in
order 1..n) gets the pair (first, second): first = [p, p] with p the position of the clause holding not x
(E1N); second = the positions of x's positive occurrences, [q, q] for one and [q, q+1] for two (adjacent,
as they are an edge of the matching), or [p, p] again when x never occurs positively. Choosing the
second interval means x true. Every pair has a = b and d - c in {0, 1} (the theorem's restriction).

Erratum (found by verification): the seed reads "x true iff the second interval was chosen" for every
variable. For a variable with no positive occurrence that is wrong: its second interval [p, p] covers
clause p although x true falsifies not x there. ``backward`` therefore sets such variables false.

Count relation: none (the seed's rule breaks parsimony). A cover fixes exactly the values of the
variables with a positive occurrence, and each variable without one contributes two choices that cover the
same element, so #IPC = 2^k * #{solutions with those k variables false}, not a function of the source count
(:func:`expected_count` computes it).
"""

from __future__ import annotations

from collections.abc import Iterable

from gadgetry.core import Reduction
from gadgetry.sources.interval_pair_cover import Choice, IntervalPairCover
from gadgetry.sources.n3p_sat import occurrences, shared_literal_graph
from gadgetry.sources.sat import Assignment, Formula


def positions(f: Formula) -> list[int]:
    """The position (1-based) of each clause on the line."""
    partner = {}
    for i, j, _x in shared_literal_graph(f):
        partner[i], partner[j] = j, i
    pos: dict[int, int] = {}
    for c in range(len(f.clauses)):
        for d in (c, partner.get(c)):
            if d is not None and d not in pos:
                pos[d] = len(pos) + 1
    return [pos[c] for c in range(len(f.clauses))]


def pure_negative(f: Formula) -> list[int]:
    """The variables with no positive occurrence."""
    return [v for v, (_neg, pos) in occurrences(f).items() if not pos]


def expected_count(f: Formula, solutions: Iterable[Assignment]) -> int:
    """#IPC predicted from the source's solutions: 2^k times those with the k pure-negative variables false."""
    k = pure_negative(f)
    return 2 ** len(k) * sum(1 for a in solutions if not any(a[v - 1] for v in k))


class IntervalPairCoverFromLiteralMatching(Reduction):
    """Clauses on a line (matched pairs adjacent); per variable the pair (its negative clause, its
    positive clauses)."""

    name = "interval-pair-cover-from-literal-matching-n3p-3sat-2p-e1n"
    source = "literal-matching-n3p-3sat-2p-e1n"
    target = "interval-pair-cover"
    paper = "Edge-matching seed (Bosboom et al.)"
    section = "2.2.3"
    theorem = "Theorem 2.5"
    verify_params = ({"variables": 5, "clauses": 5}, {"variables": 6, "clauses": 6}, {"variables": 4, "clauses": 4})

    def reduce(self, source: Formula) -> IntervalPairCover:
        self.source_problem.validate(source)
        pos = positions(source)
        pairs = []
        for neg, plus in occurrences(source).values():
            p = pos[neg[0]]
            qs = sorted(pos[c] for c in plus) or [p]
            pairs.append(((p, p), (qs[0], qs[-1])))
        return IntervalPairCover(len(source.clauses), tuple(pairs))

    def forward(self, source: Formula, target: IntervalPairCover, source_solution: Assignment) -> Choice:
        return tuple(int(x) for x in source_solution)

    def backward(self, source: Formula, target: IntervalPairCover, target_solution: Choice) -> Assignment:
        pure = set(pure_negative(source))
        return tuple(k == 1 and v not in pure for v, k in enumerate(target_solution, 1))

    def overhead(self, source: Formula) -> dict[str, int]:
        return {"universe": len(source.clauses), "pairs": source.variables}

    def example(self) -> tuple[Formula, Assignment]:
        """Clauses 0 and 2 share x1, clauses 1 and 3 share x2 (each pair sits side by side); x3 occurs
        only negatively."""
        source = Formula(3, ((1, -2), (2, -3), (1,), (2, -1)))
        return source, (True, True, False)


REDUCTIONS = [IntervalPairCoverFromLiteralMatching()]
