"""Covers of a digraph's vertices by vertex-disjoint paths, as CNF: the Hamiltonicity problem
(:mod:`gadgetry.sources.hamiltonicity`) inside a gadget, where paths enter and leave at the ports.

:func:`path_cover` chooses arcs so that every vertex has exactly one way in (a chosen arc into it or one of
its own *start* literals: a path enters the gadget there) and exactly one way out (a chosen arc out of it or
one of its *stop* literals), and no chosen arcs close a cycle: each vertex has a position in unary order
encoding (``ge[x, j]``: position of x >= j) that strictly increases along every chosen arc. The chosen
arcs with the start and stop literals are then exactly the covers by paths: counts projected onto those
literals are the numbers of covers. The gadgets of Theorems 3.1 and 3.2 of the
Edge-matching seed (section 3.1) are checked this way.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from gadgetry.core import CNF


def path_cover(cnf: CNF, vertices: Sequence[Hashable], arcs: Sequence[tuple[Hashable, Hashable]],
               starts: Mapping[Hashable, Sequence[int]], stops: Mapping[Hashable, Sequence[int]],
               name: Hashable = "cover") -> list[int]:
    """Add to ``cnf`` the clauses of a cover of ``vertices`` by vertex-disjoint paths along ``arcs``
    (module docstring); returns the literal of each arc, in order (parallel arcs are distinct). The arc and
    order variables are named after ``name``."""
    arc = [cnf.var((name, "arc", i)) for i in range(len(arcs))]
    for x in vertices:
        cnf.exactly_one([lit for lit, (_p, q) in zip(arc, arcs) if q == x] + list(starts.get(x, ())))
        cnf.exactly_one([lit for lit, (p, _q) in zip(arc, arcs) if p == x] + list(stops.get(x, ())))
    k = len(vertices)
    ge = {(x, j): cnf.var((name, "ge", x, j)) for x in vertices for j in range(1, k + 1)}
    for x in vertices:
        cnf.extend([-ge[x, j + 1], ge[x, j]] for j in range(1, k))
    for lit, (p, q) in zip(arc, arcs):
        cnf.add([-lit, ge[q, 1]])
        cnf.extend([-lit, -ge[p, j], ge[q, j + 1]] for j in range(1, k))
        cnf.add([-lit, -ge[p, k]])
    return arc
