"""Planar 3SAT to planar rectilinear monotone 3SAT, parsimoniously (de Berg and Khosravi 2010, "Optimal
binary space partitions in the plane", COCOON, and IJCGA 22(3), 2012: Planar Monotone 3-SAT is NP-complete).

Both sides are drawn with the variables on a line (``sources/planar_sat.py``): a clause above the line must
become all positive, one below all negative. De Berg and Khosravi repair each wrong-signed leg locally:
the leg of clause C to a variable x with the wrong sign moves to a fresh variable a made the complement of
x by monotone clauses, and the drawing stays planar because the fresh variables sit on the line right next
to x. Their figure is not reproduced in the prose this module follows; the construction here is:

- *split*: at variable x, the legs on C's side are in a fixed x-order (:func:`layout`). Two fresh variables
  a and b are put on the line right after x; C's leg goes to a (its literal on x replaced by the literal
  on a of the other sign, which has the right sign for C's side), the legs on that side right of C's leg
  go to b (same signs), and x keeps the legs left of C's leg and every leg on the other side;
- the clauses (x v a) and (a v b) above the line and (-x v -a), (-a v -b) below make a = not x and b = x.
  Each is a two-legged arc between neighbours on the line, so it lies in the face between the two legs it
  separates and crosses nothing.

Splits are applied one wrong leg at a time, in clause order, until the drawing is monotone; levels are
recomputed (:func:`heights`) and the result validated. Every fresh variable is a function of x, so each
source solution has exactly one extension (the SPLIT gadget check); the source variables keep their
numbers 1..n. Overhead: with w wrong-signed legs, variables n + 2 w, clauses m + 4 w, literals L + 8 w.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import sympy

from gadgetry.core import CNF, PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.planar_sat import PlanarFormula, PlanarMonotoneThreeSat, heights, layout
from gadgetry.sources.sat import Assignment, Formula

TARGET = PlanarMonotoneThreeSat()
#: The SPLIT clauses on (x, a, b) = positions 0, 1, 2: (positions, signs, side).
SPLIT = (((0, 1), (1, 1), "above"), ((0, 1), (-1, -1), "below"),
         ((1, 2), (1, 1), "above"), ((1, 2), (-1, -1), "below"))


def wrong_legs(inst: PlanarFormula) -> list[tuple[int, int]]:
    """(clause, variable) of every leg whose literal has the wrong sign for its clause's side."""
    return [(i, abs(lit)) for i, (c, side) in enumerate(zip(inst.formula.clauses, inst.sides))
            for lit in c if (lit > 0) != (side == "above")]


def split(inst: PlanarFormula, i: int, x: int) -> PlanarFormula:
    """The drawing with clause ``i``'s leg at ``x`` moved to a fresh complement a of x (module docstring);
    a and b are variables n + 1 and n + 2, put right after x on the line."""
    f, side = inst.formula, inst.sides[i]
    n = f.variables
    a, b = n + 1, n + 2
    cols = layout(inst).legs
    here = {j: cols[j][sorted(map(abs, c), key=inst.order.index).index(x)]
            for j, c in enumerate(f.clauses) if inst.sides[j] == side and x in map(abs, c)}
    right = {j for j, col in here.items() if col > here[i]}
    clauses: list[tuple[int, ...]] = []
    for j, c in enumerate(f.clauses):
        to = -a if j == i else b if j in right else x  # literal on x becomes the literal on `to`
        clauses.append(tuple((to if lit > 0 else -to) if abs(lit) == x else lit for lit in c))
    ids = (x, a, b)
    clauses += [tuple(s * ids[p] for p, s in zip(ps, signs)) for ps, signs, _ in SPLIT]
    sides = (*inst.sides, *(s for _, _, s in SPLIT))
    k = inst.order.index(x)
    order = (*inst.order[:k + 1], a, b, *inst.order[k + 1:])
    return PlanarFormula(Formula(n + 2, tuple(clauses)), order, sides, heights(order, clauses, sides))


@functools.lru_cache(maxsize=4)
def build(source: PlanarFormula) -> tuple[PlanarFormula, tuple[tuple[int, int], ...]]:
    """The monotone drawing and the splits made, as (x, n) with fresh a = n + 1, b = n + 2, in order
    (kept for the last few sources: ``forward`` needs the splits once per source solution, and
    rebuilding the drawing each time took seconds for a source with thousands of solutions)."""
    inst, made = source, []
    while bad := wrong_legs(inst):
        i, x = bad[0]
        made.append((x, inst.formula.variables))
        inst = split(inst, i, x)
    return inst, tuple(made)


def extend(source_solution: Assignment, made: Sequence[tuple[int, int]]) -> Assignment:
    """The one extension of a source solution: a = not x, b = x at each split."""
    out = list(source_solution)
    for x, _n in made:
        out += [not out[x - 1], out[x - 1]]
    return tuple(out)


class PlanarMonotoneThreeSatFromPlanarThreeSat(Reduction):
    """Each wrong-signed leg moved to a fresh complement next to its variable (module docstring)."""

    name = "planar-monotone-3sat-from-planar-3sat"
    source = "planar-3sat"
    target = "planar-monotone-3sat"
    paper = "de Berg & Khosravi 2010"
    section = "Planar Monotone 3-SAT (variables on a line, positive clauses above, negative below)"
    theorem = "planar monotone 3SAT is NP-complete (de Berg & Khosravi 2010)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 6, "clauses": 8})

    def reduce(self, source: PlanarFormula) -> PlanarFormula:
        target = build(source)[0]
        TARGET.validate(target)
        return target

    def forward(self, source: PlanarFormula, target: PlanarFormula, source_solution: Assignment) -> Assignment:
        return extend(source_solution, build(source)[1])

    def backward(self, source: PlanarFormula, target: PlanarFormula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.formula.variables])

    def overhead(self, source: PlanarFormula) -> dict[str, int]:
        f, w = source.formula, len(wrong_legs(source))
        return {"variables": f.variables + 2 * w, "clauses": len(f.clauses) + 4 * w,
                "literals": sum(map(len, f.clauses)) + 8 * w}

    def gadgets(self) -> list[Gadget]:
        return [split_gadget()]

    def example(self) -> tuple[PlanarFormula, Assignment]:
        """Mixed clauses on both sides sharing variable 2, whose legs above are split twice."""
        f = Formula(3, ((1, -2, 3), (-2, 3), (-1, 2)))
        return PlanarFormula(f, (1, 2, 3), ("above", "above", "below"), (2, 1, 1)), (True, True, True)


def split_gadget() -> Gadget:
    """The SPLIT clauses: a = not x and b = x, nothing else."""
    ports = ("x", "a", "b")

    def make() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ids = [cnf.var(p) for p in ports]
        cnf.project([])
        for ps, signs, _ in SPLIT:
            cnf.add([s * ids[p] for p, s in zip(ps, signs)])
        return cnf, dict(zip(ports, ids))

    x, a, b = sympy.symbols(ports)
    return Gadget("split", ports, make, sympy.And(sympy.Equivalent(a, ~x), sympy.Equivalent(b, x)), 1,
                  source="de Berg & Khosravi 2010 (module docstring)")


REDUCTIONS = [PlanarMonotoneThreeSatFromPlanarThreeSat()]
