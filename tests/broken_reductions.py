"""Deliberately broken reductions, one per structure class where papers' reductions slip and one per crash
kind, with correct controls; ``verify`` must report each broken one as FAIL with a minimal counterexample
and pass each control (tests/test_verify_finds_slips.py; c-monious controls with c = 2 and a many-to-one
backward map are ``control-doubled-edges`` here and tests/toy_reductions.py's ``toy-pad``; complement maps
``control-nae-complement`` and ``control-subset-sum-complement``). Also loaded as a ``--plugin``.

Each broken reduction is correct except on its structure class, so the smallest counterexample shows the
class. ``SLIPS`` maps each name to the failure kinds that may report it.
"""

from __future__ import annotations

from gadgetry.core import PARSIMONIOUS, InputError, Reduction, c_monious
from gadgetry.core.reduction import CertificateView, Claim
from gadgetry.sources.hamiltonicity import make_instance
from gadgetry.sources.sat import Formula
from gadgetry.sources.subsetsum import SubsetSumInstance

SMALL_SAT = ({"variables": 4, "clauses": 6}, {"variables": 4, "clauses": 18})
WRONG = ("decision", "forward", "backward", "count", "invalid-target")


class SameFormula(Reduction):
    """3SAT to SAT, the identity (the base of the SAT slips; a correct control)."""

    name = "control-identity"
    source, target = "3sat", "sat"
    claim = PARSIMONIOUS
    verify_params = SMALL_SAT

    def clauses(self, x: Formula) -> list[tuple[int, ...]]:
        return list(x.clauses)

    def reduce(self, x):
        return Formula(x.variables, tuple(self.clauses(x)))

    def forward(self, x, y, sx):
        return sx

    def backward(self, x, y, sy):
        return sy


# -- structure classes of SAT sources ------------------------------------------------------------
class DropsShortClauses(SameFormula):
    """Slip: only full clauses are copied (unit clauses are lost)."""

    name = "broken-drops-unit-clauses"

    def clauses(self, x):
        return [c for c in x.clauses if len(c) > 1]


class PadsBinaryClauses(SameFormula):
    """Slip: a clause of two literals is padded to three with its first literal negated (meant: repeated),
    which makes it a tautology."""

    name = "broken-binary-clause"

    def clauses(self, x):
        return [(*c, -c[0]) if len(c) == 2 else c for c in x.clauses]


class DropsRepeatedLiterals(SameFormula):
    """Slip: a literal repeated in a clause is removed altogether instead of once."""

    name = "broken-repeated-literal"

    def clauses(self, x):
        return [tuple(lit for lit in c if c.count(lit) == 1) or c for c in x.clauses]


class StripsTautologies(SameFormula):
    """Slip: x and not x cancel out in a clause, leaving the rest (the clause should vanish)."""

    name = "broken-tautology"

    def clauses(self, x):
        out = []
        for c in x.clauses:
            rest = tuple(lit for lit in c if -lit not in c)
            out.append(rest if rest else c)
        return out


class ForgetsUnusedVariables(SameFormula):
    """Slip: the target has only as many variables as the largest one used (unused ones double the
    source's count, not the target's)."""

    name = "broken-unused-variable"

    def reduce(self, x):
        used = max((abs(lit) for c in x.clauses for lit in c), default=0)
        return Formula(used, x.clauses)

    def forward(self, x, y, sx):
        return sx[:y.variables]

    def backward(self, x, y, sy):
        return (*sy, *([False] * (x.variables - y.variables)))


class DropsSingleOccurrence(SameFormula):
    """Slip: a clause holding a variable that occurs nowhere else is taken as always satisfiable."""

    name = "broken-single-occurrence"

    def clauses(self, x):
        seen: dict[int, int] = {}
        for c in x.clauses:
            for lit in c:
                seen[abs(lit)] = seen.get(abs(lit), 0) + 1
        return [c for c in x.clauses if all(seen[abs(lit)] > 1 for lit in c)]


class PureNegativeSetTrue(SameFormula):
    """Slip: a variable that occurs only negated is fixed true (the pure-literal rule, backwards)."""

    name = "broken-pure-negative"

    def clauses(self, x):
        pos = {lit for c in x.clauses for lit in c if lit > 0}
        neg = {-lit for c in x.clauses for lit in c if lit < 0}
        return [*x.clauses, *((v,) for v in sorted(neg - pos))]


class SortsNamesAsText(SameFormula):
    """Slip: variables are numbered by their names sorted as text (x1, x10, x2, ...): the identity below
    ten variables, a permutation from ten on, while the maps assume the identity."""

    name = "broken-name-sort"

    def clauses(self, x):
        order = sorted(range(1, x.variables + 1), key=str)
        new = {v: i for i, v in enumerate(order, 1)}
        return [tuple(new[abs(lit)] * (1 if lit > 0 else -1) for lit in c) for c in x.clauses]


class EmptyFormulaCrash(SameFormula):
    """Slip: the widest clause is looked up with ``max`` on the clause list (crashes on no clauses)."""

    name = "broken-empty-formula"

    def clauses(self, x):
        _widest = max(len(c) for c in x.clauses)
        return list(x.clauses)


# -- crash kinds ---------------------------------------------------------------------------------
class ReduceNoneOnUnit(SameFormula):
    """Crash kind ``reduce-malformed``: ``reduce`` returns None when a clause is a unit clause."""

    name = "broken-reduce-none"

    def reduce(self, x):
        return None if any(len(c) == 1 for c in x.clauses) else super().reduce(x)


class ForwardCrash(SameFormula):
    """Crash kind ``forward-crash``: indexes one past the end of the assignment."""

    name = "broken-forward-crash"

    def forward(self, x, y, sx):
        return (*sx[:-1], sx[x.variables])


class ForwardNone(SameFormula):
    """Crash kind ``forward-malformed``: the forward map returns None."""

    name = "broken-forward-none"

    def forward(self, x, y, sx):
        return None


class ForwardWrongShape(SameFormula):
    """Crash kind ``forward-malformed``: the forward map returns a number the checker cannot read."""

    name = "broken-forward-shape"

    def forward(self, x, y, sx):
        return sum(sx)


class BackwardCrash(SameFormula):
    """Crash kind ``backward-crash``."""

    name = "broken-backward-crash"

    def backward(self, x, y, sy):
        return sy[:x.variables] if sy.count(True) < 2 else {}["no such key"]


class BackwardNone(SameFormula):
    """Crash kind ``backward-malformed``: the backward map returns None on a target solution with a
    false variable (a missing ``return`` in one branch)."""

    name = "broken-backward-none"

    def backward(self, x, y, sy):
        return sy if all(sy) else None


class OverheadCrash(SameFormula):
    """Crash kind ``overhead-crash``: the declared size reads a field the source does not have."""

    name = "broken-overhead-crash"

    def overhead(self, x):
        return {"variables": x.vars}


class OverheadMalformed(SameFormula):
    """Crash kind ``overhead-malformed``: the declared size is a list."""

    name = "broken-overhead-shape"

    def overhead(self, x):
        return [x.variables]


class ClaimCrash(SameFormula):
    """Crash kind ``claim-crash``: the claim's factor divides by the number of clauses."""

    name = "broken-claim-crash"
    claim = Claim("c-monious", lambda x: len(x.clauses) // len(x.clauses), "c = 1")


class CertificateCrash(SameFormula):
    """Crash kind ``certificate-crash``: the certificate view reads a missing attribute."""

    name = "broken-certificate-crash"

    def certificate_view(self, x, y):
        return CertificateView(lambda sx: tuple(sx), lambda sy: tuple(sy), lambda cap: iter(y.missing))


# -- number problems ---------------------------------------------------------------------------
class SameSubsetSum(Reduction):
    """Subset sum to itself, the identity (the base of the number slips; a correct control)."""

    name = "control-subset-sum-identity"
    source = target = "subset-sum"
    claim = PARSIMONIOUS
    verify_params = ({"items": 3, "max": 6}, {"items": 4, "max": 10})

    def reduce(self, x):
        return x

    def forward(self, x, y, sx):
        return sx

    def backward(self, x, y, sy):
        return sy


class MergesEqualItems(SameSubsetSum):
    """Slip: repeated values are merged (the items are read as a set)."""

    name = "broken-repeated-values"

    def reduce(self, x):
        return SubsetSumInstance(tuple(sorted(set(x.items))), x.target)

    def forward(self, x, y, sx):
        values = {x.items[i] for i in sx}
        return tuple(i for i, w in enumerate(y.items) if w in values)

    def backward(self, x, y, sy):
        values = [y.items[i] for i in sy]
        return tuple(sorted(x.items.index(w) for w in values))


class TargetModuloTotal(SameSubsetSum):
    """Slip: the target is taken modulo the total (wrong when T = S)."""

    name = "broken-target-equals-total"

    def reduce(self, x):
        return SubsetSumInstance(x.items, x.target % sum(x.items) or x.target + 1)


class HalfTotalSpecialCase(SameSubsetSum):
    """Slip: a 'balanced' instance (2T = S) is special-cased with a target one too small."""

    name = "broken-half-total"

    def reduce(self, x):
        if 2 * x.target == sum(x.items):
            return SubsetSumInstance(x.items, max(1, x.target - 1) if x.target > 1 else x.target + 1)
        return x


class DigitsInBaseEleven(SameSubsetSum):
    """Slip: every value's decimal digits are read in base 11 (a base encoding that assumes no carries:
    sums whose digits carry in base 10 no longer match the target's digits); the identity below ten."""

    name = "broken-carry"

    def reduce(self, x):
        return SubsetSumInstance(tuple(int(str(w), 11) for w in x.items), int(str(x.target), 11))


class ComplementTarget(SameSubsetSum):
    """Correct control: the target T becomes S - T, and each solution its complement."""

    name = "control-subset-sum-complement"

    def reduce(self, x):
        s = sum(x.items)
        return SubsetSumInstance(x.items, s - x.target) if 0 < s - x.target else x

    def forward(self, x, y, sx):
        return sx if y is x else tuple(i for i in range(len(x.items)) if i not in sx)

    backward = forward


# -- set systems ---------------------------------------------------------------------------------
class X3CToSat(Reduction):
    """X3C to SAT: one variable per set, exactly one chosen set on each element; an element no set
    covers gets a contradiction on a fresh variable (a correct control)."""

    name = "control-x3c-to-sat"
    source, target = "x3c", "sat"
    claim = PARSIMONIOUS
    verify_params = ({"elements": 6, "sets": 5}, {"elements": 9, "sets": 8})

    def uncovered(self, x, covering):
        return [(len(x.sets) + 1,), (-(len(x.sets) + 1),)] if not covering else []

    def at_most_one(self, covering):
        return [(-a, -b) for j, a in enumerate(covering) for b in covering[j + 1:]]

    def reduce(self, x):
        clauses: list[tuple[int, ...]] = []
        fresh = False
        for e in range(x.elements):
            covering = [i + 1 for i, s in enumerate(x.sets) if e in s]
            extra = self.uncovered(x, covering)
            fresh = fresh or bool(extra)
            clauses += extra
            if covering:
                clauses.append(tuple(covering))
                clauses += self.at_most_one(covering)
        return Formula(len(x.sets) + (1 if fresh else 0), tuple(clauses))

    def forward(self, x, y, sx):
        return tuple(i in sx for i in range(y.variables))

    def backward(self, x, y, sy):
        return tuple(i for i in range(len(x.sets)) if sy[i])


class X3CUncoveredElement(X3CToSat):
    """Slip: an element no set covers gets no clause at all."""

    name = "broken-uncovered-element"

    def uncovered(self, x, covering):
        return []


class X3CPopularElement(X3CToSat):
    """Slip: "at most one set on each element" excludes only sets next to each other in the list of
    the sets covering it (a ladder), which is all pairs while an element lies in at most two sets."""

    name = "broken-popular-element"

    def at_most_one(self, covering):
        return [(-a, -b) for a, b in zip(covering, covering[1:])]


# -- graphs ------------------------------------------------------------------------------------
class DoubledEdges(Reduction):
    """Correct control, c = 2 with a many-to-one backward map: undirected to directed Hamiltonian cycle,
    each edge made two opposite arcs (each cycle gives two directed ones, its two orientations, and both
    map back to it); a graph on fewer than three vertices, which has no cycle, becomes the arcless
    digraph."""

    name = "control-doubled-edges"
    source = target = "hamiltonian-cycle"
    claim = c_monious(2)
    verify_params = ({"n": 4, "edges": 5}, {"n": 6, "edges": 9})

    def arcs(self, x):
        return [a for u, v in x.edges for a in ((u, v), (v, u))] if x.n >= 3 else []

    def reduce(self, x):
        if x.directed:
            raise InputError(f"{self.name}: undirected graphs only")
        return make_instance(x.n, self.arcs(x), directed=True)

    def forward(self, x, y, sx):
        return sx

    def backward(self, x, y, sy):
        return sy


class DoublesTwoVertexEdge(DoubledEdges):
    """Slip: the edge of a graph on two vertices is doubled too, and its two arcs form a directed
    2-cycle, a Hamiltonian cycle of the digraph which the undirected graph does not have."""

    name = "broken-two-vertices"

    def arcs(self, x):
        return [a for u, v in x.edges for a in ((u, v), (v, u))]


# -- correct controls --------------------------------------------------------------------------
class NaeComplement(Reduction):
    """Correct control, a complement map: positive NAE-3SAT to itself, each solution complemented."""

    name = "control-nae-complement"
    source = target = "positive-nae3sat"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 4}, {"variables": 5, "clauses": 8})

    def reduce(self, x):
        return x

    def forward(self, x, y, sx):
        return tuple(not v for v in sx)

    backward = forward


BROKEN = [DropsShortClauses(), PadsBinaryClauses(), DropsRepeatedLiterals(), StripsTautologies(),
          ForgetsUnusedVariables(), DropsSingleOccurrence(), PureNegativeSetTrue(), SortsNamesAsText(),
          EmptyFormulaCrash(), ReduceNoneOnUnit(), ForwardCrash(), ForwardNone(), ForwardWrongShape(),
          BackwardCrash(), BackwardNone(), OverheadCrash(), OverheadMalformed(), ClaimCrash(), CertificateCrash(),
          MergesEqualItems(), TargetModuloTotal(), HalfTotalSpecialCase(), DigitsInBaseEleven(),
          X3CUncoveredElement(), X3CPopularElement(), DoublesTwoVertexEdge()]
CONTROLS = [SameFormula(), NaeComplement(), SameSubsetSum(), ComplementTarget(), X3CToSat(), DoubledEdges()]
#: The failure kinds that may report each broken reduction.
SLIPS = {
    "broken-drops-unit-clauses": WRONG, "broken-repeated-literal": WRONG, "broken-tautology": WRONG,
    "broken-unused-variable": WRONG, "broken-single-occurrence": WRONG, "broken-pure-negative": WRONG,
    "broken-name-sort": WRONG, "broken-empty-formula": ("reduce-crash",),
    "broken-reduce-none": ("reduce-malformed",), "broken-forward-crash": ("forward-crash",),
    "broken-forward-none": ("forward-malformed",), "broken-forward-shape": ("forward-malformed", "forward"),
    "broken-backward-crash": ("backward-crash",), "broken-overhead-crash": ("overhead-crash",),
    "broken-overhead-shape": ("overhead-malformed",), "broken-claim-crash": ("claim-crash",),
    "broken-certificate-crash": ("certificate-crash",), "broken-repeated-values": WRONG,
    "broken-target-equals-total": WRONG, "broken-half-total": WRONG, "broken-uncovered-element": WRONG, "broken-two-vertices": WRONG,
    "broken-carry": WRONG, "broken-popular-element": WRONG, "broken-binary-clause": WRONG,
    "broken-backward-none": ("backward-malformed",),
}
REDUCTIONS = BROKEN + CONTROLS
