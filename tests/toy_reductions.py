"""Toy reductions between SAT-family problems, correct and deliberately broken, used to show that the
verification protocol passes what is right and catches what is wrong. Also loaded as a ``--plugin``."""

from __future__ import annotations

import time

from gadgetry.core import PARSIMONIOUS, Reduction, c_monious
from gadgetry.sources.sat import Formula

SMALL = ({"variables": 4, "clauses": 6}, {"variables": 4, "clauses": 18})


class Identity(Reduction):
    """3SAT is a special case of SAT: the identity map, parsimonious."""

    name = "toy-identity"
    source, target = "3sat", "sat"
    claim = PARSIMONIOUS
    verify_params = SMALL

    def reduce(self, x):
        return Formula(x.variables, x.clauses)

    def forward(self, x, y, sx):
        return sx

    def backward(self, x, y, sy):
        return sy

    def overhead(self, x):
        return {"variables": x.variables, "clauses": len(x.clauses)}


class PadOneVariable(Identity):
    """Adds an unused variable: every solution doubles, so the claim is 2-monious."""

    name = "toy-pad"
    claim = c_monious(2)

    def reduce(self, x):
        return Formula(x.variables + 1, x.clauses)

    def forward(self, x, y, sx):
        return (*sx, False)

    def backward(self, x, y, sy):
        return sy[:-1]

    def overhead(self, x):
        return {"variables": x.variables + 1, "clauses": len(x.clauses)}


class PadSat(PadOneVariable):
    """The padding again, from SAT to SAT, so that chains of reductions can be composed."""

    name = "toy-pad-sat"
    source = "sat"


class PadClaimedParsimonious(PadOneVariable):
    """Broken: the padding doubles the count, but the claim says parsimonious."""

    name = "toy-pad-wrong-claim"
    claim = PARSIMONIOUS


class DropLastClause(Identity):
    """Broken: forgets the last clause, so target solutions may map back to non-solutions."""

    name = "toy-drop-clause"

    def reduce(self, x):
        return Formula(x.variables, x.clauses[:-1])

    def overhead(self, x):
        return None


class WrongOverhead(Identity):
    """Broken only in its declared size."""

    name = "toy-wrong-overhead"

    def overhead(self, x):
        return {"variables": x.variables, "clauses": len(x.clauses) + 1}


class Slow(Identity):
    """Takes far longer than any test's time limit."""

    name = "toy-slow"

    def reduce(self, x):
        time.sleep(30)
        return super().reduce(x)


class SlowWhenGrown(Identity):
    """Instant on the declared sizes (and the unsatisfiable draws' 5 variables), far slower than any limit
    on the sources the size sweep grows."""

    name = "toy-slow-when-grown"

    def reduce(self, x):
        if x.variables > 6:
            time.sleep(60)
        return super().reduce(x)


REDUCTIONS = [Identity(), PadOneVariable(), PadSat(), PadClaimedParsimonious(), DropLastClause(), WrongOverhead(), Slow()]
