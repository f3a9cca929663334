"""Counting Eulerian circuits to counting leg-contact right-triangle edge matchings (Edge-matching seed,
section 4.2.4, Theorem 4.10, with the count relation corrected: see below and docs/slips.md).

G' is G plus vertices s = n and t = n + 1 joined to v, the lowest vertex with an edge (the first end of
the first edge). Edges of G': G's edges 0..m-1, then m = (v, s) and m + 1 = (v, t). Colours: vertex w is
w + 1, edge k is n + 3 + k, then per vertex w of G its X colour, then U1, U2 and the hypotenuse colour H.
Tiles are (left leg, right leg, H) with the hypotenuse at the bottom; slot 0 has its hypotenuse at the
bottom.

- Unsigned: (U1, s), (U2, t), and per edge k = (x, y): (e_k, x), (e_k, y). 2m + 6 tiles. The two tiles of
  an edge form a parallelogram exposing x and y, so solutions are Euler trails of G' from s to t, laid out
  from either end: #EM = 2 T.
- Signed (s/t and vertex tile signs lost from the text, rebuilt): (U1, +s), (U2, +t); per edge k = (x, y):
  (-e_k, -x), (+e_k, -y); per vertex w of G' other than s, t, deg(w)/2 copies (rounded down) of the pair
  (+w_X, +w), (-w_X, +w). Edge and vertex parallelograms alternate; every vertex parallelogram is
  assembled 2 ways and the copies of a vertex's tiles permute: #EM = 2 T 2^(m'-1) prod_w ((deg'(w)/2)!)^2
  with m' = m + 2 edges of G' (copies distinguishable, as the puzzle counts them).

T, the number of Euler trails of G' from s to t, is deg_G(v) times the number of Euler circuits of G up to
rotation and reversal (each circuit passes v deg_G(v)/2 times, in 2 directions); the paper's "twice" is not
the right factor. Claims: c = 2 deg_G(v) (unsigned), c = 2 deg_G(v) 2^(m+1) prod_w ((deg'(w)/2)!)^2
(signed). Odd degrees or disconnected edges leave both sides without solutions.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import factorial, prod
from typing import Any, ClassVar

from gadgetry.core import Reduction, c_monious
from gadgetry.puzzles.edgematching.triangle import TriangleEdgeMatching
from gadgetry.sources.euler_circuits import EulerGraph, normal_form

PAPER = "Edge-matching seed"


def extended(g: EulerGraph) -> list[tuple[int, int]]:
    """The edges of G' (module docstring)."""
    v = g.edges[0][0]
    return [*g.edges, (v, g.n), (v, g.n + 1)]


def degrees(edges: list[tuple[int, int]], n: int) -> list[int]:
    deg = [0] * n
    for a, b in edges:
        deg[a] += 1
        deg[b] += 1
    return deg


def tiles_of(g: EulerGraph, signed: bool) -> tuple[list[tuple[int, int, int]], list[tuple[str, int, int]]]:
    """The tiles and, per tile, its role: ("s"|"t", 0, 0), ("edge", k, end), ("vertex", w, copy * 2 + side)."""
    ep = extended(g)
    n, m2 = g.n + 2, len(ep)
    xcol = [n + 1 + m2 + w for w in range(n)]
    u1, u2, hyp = n + 1 + m2 + n, n + 2 + m2 + n, n + 3 + m2 + n
    sg = -1 if signed else 1
    tiles = [(u1, g.n + 1, hyp), (u2, g.n + 2, hyp)]
    roles: list[tuple[str, int, int]] = [("s", 0, 0), ("t", 0, 0)]
    for k, (x, y) in enumerate(ep):
        e = n + 1 + k
        tiles += [(sg * e, sg * (x + 1), hyp), (e, sg * (y + 1), hyp)]
        roles += [("edge", k, 0), ("edge", k, 1)]
    if signed:
        deg = degrees(ep, n)
        for w in range(g.n):
            for c in range(deg[w] // 2):
                tiles += [(xcol[w], w + 1, hyp), (-xcol[w], w + 1, hyp)]
                roles += [("vertex", w, 2 * c), ("vertex", w, 2 * c + 1)]
    return tiles, roles


class LegFromEulerCircuits(Reduction):
    name = "triangle-edge-matching-leg-unsigned-from-euler-circuit"
    source = "euler-circuit"
    target = "triangle-edge-matching"
    paper = PAPER
    section = "section 4.2.4"
    theorem = "Theorem 4.10"
    signed: ClassVar[bool] = False
    claim = c_monious(lambda g: 2 * degrees(list(g.edges), g.n)[g.edges[0][0]],
                      "c = 2 deg_G(v): Euler trails s..t of G' from either end (the paper's 2 corrected)")
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"n": 4, "cycles": 2, "length": 4}, {"n": 5, "cycles": 2, "length": 4}, {"n": 5, "cycles": 3, "length": 3})

    def reduce(self, source: EulerGraph) -> TriangleEdgeMatching:
        tiles, _roles = tiles_of(source, self.signed)
        return TriangleEdgeMatching("leg", tuple(tiles), "signed" if self.signed else "unsigned", True)

    def forward(self, source: EulerGraph, target: TriangleEdgeMatching, source_solution: Any) -> tuple:
        _tiles, roles = tiles_of(source, self.signed)
        index = {r: i for i, r in enumerate(roles)}
        ep = extended(source)
        m = len(source.edges)
        walk = list(normal_form(source, tuple(source_solution)))
        v = walk[0]
        steps = [(m, source.n, v)]  # (edge, from, to)
        where = {(min(a, b), max(a, b)): k for k, (a, b) in enumerate(source.edges)}
        for i in range(m):
            a, b = walk[i], walk[(i + 1) % m]
            steps.append((where[min(a, b), max(a, b)], a, b))
        steps.append((m + 1, v, source.n + 1))
        out = [index["s", 0, 0]]
        visits = [0] * source.n
        for j, (k, a, b) in enumerate(steps):
            first = 0 if ep[k][0] == a else 1
            out += [index["edge", k, first], index["edge", k, 1 - first]]
            if self.signed and j + 1 < len(steps):
                c = visits[b]
                visits[b] += 1
                out += [index["vertex", b, 2 * c], index["vertex", b, 2 * c + 1]]
        out.append(index["t", 0, 0])
        return tuple((i, 0) for i in out)

    def backward(self, source: EulerGraph, target: TriangleEdgeMatching, target_solution: Any) -> tuple:
        _tiles, roles = tiles_of(source, self.signed)
        order = [roles[i] for i, _o in target_solution]
        ks = [r[1] for r in order if r[0] == "edge"][::2]
        if order[0][0] != "s":
            ks.reverse()
        ep = extended(source)
        walk, x = [], source.n
        for k in ks[:-1]:
            x = ep[k][0] + ep[k][1] - x
            walk.append(x)
        return normal_form(source, tuple(walk[:-1]))

    def overhead(self, source: EulerGraph) -> dict[str, int] | None:
        m2 = len(source.edges) + 2
        if not self.signed:
            return {"tiles": 2 * m2 + 2, "boundary": 0}
        deg = degrees(extended(source), source.n + 2)
        return {"tiles": 2 * m2 + 2 + 2 * sum(d // 2 for d in deg[:source.n]), "boundary": 0}


def _signed_factor(g: EulerGraph) -> int:
    ep = extended(g)
    deg = degrees(ep, g.n + 2)
    return 2 * degrees(list(g.edges), g.n)[g.edges[0][0]] * 2 ** (len(ep) - 1) * \
        prod(factorial(d // 2) ** 2 for d in deg[:g.n])


class SignedLegFromEulerCircuits(LegFromEulerCircuits):
    name = "triangle-edge-matching-leg-signed-from-euler-circuit"
    signed = True
    claim = c_monious(_signed_factor, "c = 2 deg_G(v) 2^(m'-1) prod_w ((deg'(w)/2)!)^2 (corrected; copies "
                                      "distinguishable)")
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"n": 4, "cycles": 2, "length": 3}, {"n": 4, "cycles": 2, "length": 4}, {"n": 5, "cycles": 2, "length": 3})


REDUCTIONS = [LegFromEulerCircuits(), SignedLegFromEulerCircuits()]
