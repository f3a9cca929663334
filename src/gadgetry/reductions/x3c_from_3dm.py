"""3DM to X3C by restriction (Garey & Johnson 1979, [SP2]: "transformation from 3DM"; Karp 1972).

3DM is the special case of X3C whose universe is W u X u Y: element w of W becomes w, x of X becomes
n + x, y of Y becomes 2n + y, and triple i becomes set i = {w, n + x, 2n + y}. A set of triple indices is
a perfect matching exactly when the same indices form an exact cover, so the reduction is parsimonious
and both certificate maps are the identity on index sets.
"""

from __future__ import annotations

from typing import Any

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.sources.matching3d import Matching3DInstance
from gadgetry.sources.x3c import Selection, X3CInstance


class X3CFrom3DM(Reduction):
    name = "x3c-from-3dm"
    source = "3dm"
    target = "x3c"
    paper = "Garey & Johnson 1979; Karp 1972"
    section = "[SP2], proof by restriction from 3DM [SP1]"
    theorem = "X3C is NP-complete"
    claim = PARSIMONIOUS
    verify_params = ({"n": 3, "triples": 5}, {"n": 4, "triples": 7})

    def reduce(self, source: Matching3DInstance) -> X3CInstance:
        n = source.n
        return X3CInstance(3 * n, tuple((w, n + x, 2 * n + y) for w, x, y in source.triples))

    def forward(self, source: Matching3DInstance, target: X3CInstance,
                source_solution: Selection) -> Selection:
        return tuple(sorted(source_solution))

    def backward(self, source: Matching3DInstance, target: X3CInstance,
                 target_solution: Selection) -> Selection:
        return tuple(sorted(target_solution))

    def overhead(self, source: Matching3DInstance) -> dict[str, int]:
        return {"elements": 3 * source.n, "sets": len(source.triples)}

    def example(self) -> tuple[Any, Any]:
        """n = 2 with triples (0,0,0), (0,1,1), (1,1,1), (1,0,0): matched by triples 1 and 3."""
        return Matching3DInstance(2, ((0, 0, 0), (0, 1, 1), (1, 1, 1), (1, 0, 0))), (1, 3)


REDUCTIONS = [X3CFrom3DM()]
