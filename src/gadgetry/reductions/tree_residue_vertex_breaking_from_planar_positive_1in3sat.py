"""Planar positive 1-in-3SAT to planar tree-residue vertex breaking (Demaine & Rudoy 2018, "Tree-Residue
Vertex-Breaking: a new tool for proving hardness", SWAT 2018; parsimonious).

Demaine and Rudoy prove TRVB NP-complete, in the planar case even with every vertex breakable of degree
k >= 4. Their gadgets are in figures we could not read, so this module builds its own planar construction,
from the source's rectilinear embedding (variables on a line, three-legged clauses above and below), with
breakable vertices of any degree and unbreakable ones; each gadget is proved by a gadget check.

In a solution the unbroken vertices induce a tree and no edge joins two broken vertices (else it would be
a component of its own), which is all the constructions below use:

- **Spine.** An unbreakable junction J_p between the variables at positions p - 1 and p along the line
  (J_0 at the left end, J_n at the right end).
- **Variable** at position p: breakable ``up`` (above the line) and ``not`` (below it), each adjacent to
  J_p and J_{p+1}, and to each other; breakable ``down`` (below ``not``) adjacent to J_p and ``not``.
  ``up`` and ``not`` cannot both stay whole (triangle with J_p) nor both break (adjacent), so exactly one
  carries the spine across; ``down`` stays whole iff ``not`` breaks (whole with ``not`` whole it closes the
  triangle with J_p; broken with ``not`` broken they are adjacent). The variable is true iff ``up`` is
  whole, and then ``down`` is whole too.
- **Clause**: an unbreakable hub adjacent to the ``up`` vertex of each of its variables (clause drawn
  above the line) or their ``down`` vertex (below). The spine and the whole literal vertices form a tree
  that holds every junction, so the hub is joined to it through exactly one whole literal vertex: one
  true variable closes no cycle, two would, none leaves the hub cut off.

So a vertex set is a solution iff it is {not_x : x true} plus {up_x, down_x : x false} for a satisfying
assignment: the reduction is parsimonious. The graph is the source's rectilinear drawing with each variable
box split into the three vertices and the line cut into junctions, so it is planar (``validate`` asks
networkx).

What this does not give: vertices of degree 4 only, with an orthogonal drawing, the form the Witness
seed's Theorem 4.3 reduces from (``up`` has degree 3 and ``down`` degree 2, plus the variable's
occurrences on their side; junctions up to 5; hubs 3). The targets carry no drawing and declare the variant
``mixed-degree``, which that reduction does not take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.planar_sat import PlanarFormula, PlanarPositiveOneInThreeSat
from gadgetry.sources.sat import Assignment, Formula
from gadgetry.sources.vertex_breaking import TreeResidueVertexBreaking, TRVBInstance

PAPER = "Demaine & Rudoy 2018"
SOURCE_PROBLEM = PlanarPositiveOneInThreeSat()
TRVB = TreeResidueVertexBreaking()
#: The variant of every instance this reduction makes: breakable and unbreakable vertices of any degree,
#: no drawing.
MIXED_DEGREE = "mixed-degree"


def literal_vertices(source: PlanarFormula) -> dict[int, tuple[int, int, int]]:
    """Per variable, its (up, not, down) vertices: junctions are 0..n, then three per position."""
    n = len(source.order)
    return {v: (n + 1 + 3 * p, n + 2 + 3 * p, n + 3 + 3 * p) for p, v in enumerate(source.order)}


def build(source: PlanarFormula) -> TRVBInstance:
    """The multigraph of the module docstring."""
    n = len(source.order)
    lits = literal_vertices(source)
    edges: list[tuple[int, int]] = []
    for p, v in enumerate(source.order):
        up, neg, down = lits[v]
        edges += [(p, up), (p + 1, up), (p, neg), (p + 1, neg), (up, neg), (p, down), (neg, down)]
    hub0 = n + 1 + 3 * n
    for i, clause in enumerate(source.formula.clauses):
        side = 0 if source.sides[i] == "above" else 2
        edges += [(lits[v][side], hub0 + i) for v in clause]
    total = hub0 + len(source.formula.clauses)
    breakable = tuple(n < x < hub0 for x in range(total))
    return TRVBInstance(total, breakable, tuple(sorted(tuple(sorted(e)) for e in edges)))


class TRVBFromPlanarOneInThreeSat(Reduction):
    """Spine junctions, a three-vertex gadget per variable, an unbreakable hub per clause."""

    name = "tree-residue-vertex-breaking-from-planar-positive-1in3sat"
    source = "planar-positive-1in3sat"
    target = "tree-residue-vertex-breaking"
    target_variant = MIXED_DEGREE
    paper = PAPER
    section = "planar TRVB is NP-complete (construction rebuilt: the paper's figures were not available)"
    theorem = "TRVB is NP-complete on planar multigraphs"
    claim = PARSIMONIOUS
    verify_budget = 20  # about a second each: Ganak on the target's connectivity encoding
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"variables": 3, "clauses": 1}, {"variables": 5, "clauses": 3}, {"variables": 6, "clauses": 6},
        {"variables": 8, "clauses": 8})

    def reduce(self, source: PlanarFormula) -> TRVBInstance:
        SOURCE_PROBLEM.validate(source)
        return build(source)

    def forward(self, source: PlanarFormula, target: TRVBInstance, source_solution: Assignment) -> tuple[int, ...]:
        """``not`` breaks for a true variable, ``up`` and ``down`` for a false one."""
        lits = literal_vertices(source)
        broken = [x for v, (up, neg, down) in lits.items()
                  for x in ((neg,) if source_solution[v - 1] else (up, down))]
        return tuple(sorted(broken))

    def backward(self, source: PlanarFormula, target: TRVBInstance, target_solution: tuple[int, ...]) -> Assignment:
        """A variable is true iff its ``up`` vertex stays whole."""
        lits = literal_vertices(source)
        broken = set(target_solution)
        return tuple(lits[v][0] not in broken for v in range(1, source.formula.variables + 1))

    def overhead(self, source: PlanarFormula) -> dict[str, int]:
        n, m = len(source.order), len(source.formula.clauses)
        return {"vertices": 4 * n + 1 + m, "edges": 7 * n + 3 * m}

    def gadgets(self) -> list[Gadget]:
        return [variable_gadget(), clause_gadget("above"), clause_gadget("below")]


# -- gadget checks -----------------------------------------------------------------------------------
def _trvb_gadget(name: str, source: PlanarFormula, ports: Mapping[str, int], allowed: list[tuple[bool, ...]],
                 text: str) -> Gadget:
    """The whole TRVB instance built from ``source``, solved by the problem's own encoding; port ``p`` is
    true when vertex ``ports[p]`` stays whole; one filling (a breaking set) per allowed port assignment."""
    inst = build(source)

    def make() -> tuple:
        enc = TRVB.encode(inst)
        return enc.cnf, {p: enc.cnf.var(("whole", v)) for p, v in ports.items()}

    return Gadget(name, tuple(ports), make, allowed, 1, source=f"{PAPER} ({text})")


def variable_gadget() -> Gadget:
    """A lone variable between two junctions: (up, not, down) whole exactly as (x, not x, x)."""
    src = PlanarFormula(Formula(1, ()), (1,), (), ())
    up, neg, down = literal_vertices(src)[1]
    return _trvb_gadget("variable (up, not, down between two junctions)", src,
                        {"up": up, "not": neg, "down": down}, [(True, False, True), (False, True, False)],
                        "variable gadget, rebuilt")


def clause_gadget(side: str) -> Gadget:
    """One clause over three variables, drawn on ``side``: exactly one variable true, one breaking set each."""
    src = PlanarFormula(Formula(3, ((1, 2, 3),)), (1, 2, 3), (side,), (1,))
    lits = literal_vertices(src)
    return _trvb_gadget(f"clause hub ({side} the line)", src, {f"x{v}": lits[v][0] for v in (1, 2, 3)},
                        [(True, False, False), (False, True, False), (False, False, True)],
                        "clause gadget, rebuilt")


REDUCTIONS = [TRVBFromPlanarOneInThreeSat()]
