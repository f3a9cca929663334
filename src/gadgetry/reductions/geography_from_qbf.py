"""QBF to directed edge geography (Schaefer 1978, "On the complexity of some two-person perfect-information
games", Generalized Geography is PSPACE-complete; the diamond construction as in Sipser's textbook proof
for vertex geography, section 8.3, Theorem 8.11, adapted to the edge rule).

The prefix is first made strictly alternating, existential first and last: free variables go first as
existential, and a dummy variable of the other quantifier (in no clause, so the truth value is kept) is put
between two neighbours of one quantifier, before a leading universal and after a trailing one. Then, for
the k variables in that order:

- variable i is a diamond ``a_i -> T_i, a_i -> F_i, T_i -> b_i, F_i -> b_i`` and ``b_i -> a_(i+1)``; the
  last bottom leads to the clause chooser ``c``; the game starts at ``a_1``. Players alternate moves, so
  the first player (existential) picks T or F at ``a_i`` for odd i, the second (universal) for even i;
- ``c -> c_j`` for every clause j, and ``c_j -> T_i`` for a literal x_i of clause j, ``c_j -> F_i`` for a
  literal not x_i.

After the diamonds the first player moves ``b_k -> c`` and the second chooses a clause. The first player
then moves to a literal's node; had the path passed through it (the literal is true), its only edge, to
``b_i``, is used and the second player is stuck; otherwise the second player moves to ``b_i``, whose only
edge is used, and the first player is stuck. So the first player wins iff the formula is true (no clause:
the second player is stuck at ``c``; an empty clause: the first player is stuck at ``c_j``). Under the edge
rule the clause edges go to the nodes the path *did* visit (under the vertex rule, to the other ones).

Vertices: ``a_i, T_i, F_i, b_i = 4i .. 4i + 3`` (i from 0), ``c = 4k``, ``c_j = 4k + 1 + j``. Claim:
parsimonious on the verdict (the same winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gadgetry.core import Claim, Reduction
from gadgetry.sources.geography import Geography
from gadgetry.sources.qbf import QBF, order


def alternating(q: QBF) -> list[tuple[str, int | None]]:
    """The variables in prefix order with dummies (None) so that quantifiers alternate, existential first
    and last."""
    out: list[tuple[str, int | None]] = []
    for quant, v in order(q):
        if (out[-1][0] if out else "a") == quant:
            out.append(("a" if quant == "e" else "e", None))
        out.append((quant, v))
    if not out or out[-1][0] == "a":
        out.append(("e", None))
    return out


def distinct_literals(clause: tuple[int, ...]) -> list[int]:
    return sorted(set(clause))


class GeographyFromQbf(Reduction):
    """Schaefer's reduction; see the module docstring."""

    name = "geography-from-qbf"
    source, target = "qbf", "geography"
    paper = "Schaefer 1978, On the complexity of some two-person perfect-information games"
    section = "Generalized Geography"
    theorem = "Generalized Geography is PSPACE-complete (diamond construction, edge rule)"
    claim = Claim("parsimonious", text="the same winner")
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"variables": 3, "clauses": 3, "width": 2, "blocks": 3}, {"variables": 4, "clauses": 4, "width": 3, "blocks": 2},
        {"variables": 4, "clauses": 6, "width": 3, "blocks": 4})

    def reduce(self, source: QBF) -> Geography:
        seq = alternating(source)
        k = len(seq)
        node = {v: 4 * i for i, (_q, v) in enumerate(seq) if v is not None}
        c = 4 * k
        edges = []
        for i in range(k):
            a, t, f, b = 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3
            edges += [(a, t), (a, f), (t, b), (f, b), (b, a + 4)]  # the last bottom's a + 4 is c
        for j, clause in enumerate(source.clauses):
            cj = c + 1 + j
            edges.append((c, cj))
            edges += [(cj, node[abs(lit)] + (1 if lit > 0 else 2)) for lit in distinct_literals(clause)]
        return Geography(c + 1 + len(source.clauses), tuple(sorted(edges)), 0, True, "edge")

    def forward(self, source: QBF, target: Geography, source_solution: Any) -> Any:
        return source_solution

    def backward(self, source: QBF, target: Geography, target_solution: Any) -> Any:
        return target_solution

    def overhead(self, source: QBF) -> dict[str, int]:
        """4k + 1 + m vertices; 5k diamond and chain edges, m clause choices and one edge per distinct
        literal of a clause (k: the variables after padding)."""
        k, m = len(alternating(source)), len(source.clauses)
        literals = sum(len(distinct_literals(c)) for c in source.clauses)
        return {"vertices": 4 * k + 1 + m, "edges": 5 * k + m + literals}

    def example(self) -> tuple[QBF, Any]:
        """Exists x1 for all x2 exists x3: (x1 or x2 or x3)(not x2 or not x3)(x2 or not x3): true (x1 true,
        x3 false)."""
        return QBF(3, (("e", (1,)), ("a", (2,)), ("e", (3,))), ((1, 2, 3), (-2, -3), (2, -3))), "first"


REDUCTIONS = [GeographyFromQbf()]
