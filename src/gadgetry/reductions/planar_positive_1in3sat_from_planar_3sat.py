"""Planar 3SAT to planar positive 1-in-3SAT, both drawn with their variables on a line, parsimoniously.

Laroche (1993) shows planar 1-in-3SAT NP-complete and Mulzer and Rote (2008, "Minimum-weight
triangulation is NP-hard", J. ACM 55(2)) the positive planar form with the variables on a line;
this module builds that drawing from a rectilinear planar 3SAT formula, keeping every clause where it was.

*Variables.* Each source variable x becomes a run on the line: one *slot* per clause leg, each holding x or
not-x, the legs above the line first (in :func:`~gadgetry.sources.planar_sat.layout` order), then those
below. R(c, p, q) with c a false constant says q = not p, so the slots above the line form a chain of such
clauses below it (c, a1, a2), (c, a2, a3), ..., all sharing the constant c at the chain's left end and
nested one in another; slots whose parity does not match the value a leg needs are skipped by a filler
slot. The slots below the line are chained above it the same way from a second constant, joined to the
first chain by R(a_last, c', b1) below the line. Constants come from the gadget R(t, f, g), R(t, g, h)
above and R(t, f, h) below on four consecutive variables t f g h, whose only solution is t = 1 and
f = g = h = 0 (h is the constant used). The first slot a1 holds x itself: it is target variable x.

*Clauses.* Each source clause (one to three signed literals) is replaced on its own side by a positive
1-in-3 gadget (:data:`CLAUSE_GADGETS`): its ports are the slots of its legs (holding the literal or, where
the gadget says so, its negation) and its auxiliaries stand in *zones* on the line right after the slot
of each leg but the last (after the only one for a one-literal clause). Everything the source nested in a
gap of the clause lies between a zone and the next port, inside one gap of every gadget clause around it,
so the drawing stays valid. The gadgets were found by a SAT search (``bench/planar_onein3_search.py``):
for each assignment of the literals the auxiliaries have one filling when the clause holds and none
otherwise, so every target variable is a function of the source's: one extension per source solution.

Target layout: variables 1..n are the first slots, the rest numbered in line order. Overhead, with A_x and
B_x the slots of x above and below the line (fillers included; A_x >= 1) and m_w the clauses of width w:
variables sum_x (A_x + B_x + 4 [A_x > 1] + 4 [B_x > 0]) + 3 m1 + m2 + 5 m3, clauses
sum_x (A_x - 1 + 3 [A_x > 1] + (B_x + 3) [B_x > 0]) + 3 m1 + m2 + 4 m3, literals three per clause.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from gadgetry.core import CNF, PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.planar_sat import (
    PlanarFormula,
    PlanarPositiveOneInThreeSat,
    PlanarThreeSat,
    heights,
    layout,
    left_to_right,
)
from gadgetry.sources.sat import Assignment, Formula, PositiveOneInThreeSat

PLANAR_3SAT = PlanarThreeSat()
TARGET = PlanarPositiveOneInThreeSat()
OTHER = {"above": "below", "below": "above"}
#: The constant gadget on t, f, g, h: (positions, side), "S" above the line, "O" below.
CONSTANT = (((0, 1, 2), "S"), ((0, 2, 3), "S"), ((0, 1, 3), "O"))


@dataclass(frozen=True)
class ClauseGadget:
    """Positive 1-in-3 clauses on a frame of ports and zones (see :func:`frame`): ``negated[k]`` says port k
    holds the negation of the clause's k-th literal; a clause is (positions, side), side "S" the source
    clause's own side, "O" the other (only within one zone)."""

    negated: tuple[bool, ...]
    zones: tuple[int, ...]
    clauses: tuple[tuple[tuple[int, ...], str], ...]

    @property
    def width(self) -> int:
        return len(self.negated)

    def ports_and_zones(self) -> tuple[list[int], list[list[int]]]:
        return frame(self.width, self.zones)

    def holds(self, values: Sequence[bool]) -> bool:
        """Whether every clause has exactly one true position under ``values`` (one per frame position)."""
        return all(sum(values[p] for p in ps) == 1 for ps, _ in self.clauses)


def frame(width: int, zones: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Frame positions of the ports and of the zones, left to right: a zone of ``zones[k]`` positions
    right after port k, for each port but the last (after the only port of a one-literal clause)."""
    ports: list[int] = []
    zs: list[list[int]] = []
    p = 0
    for k in range(width):
        ports.append(p)
        p += 1
        if k < max(width - 1, 1):
            zs.append(list(range(p, p + zones[k])))
            p += zones[k]
    return ports, zs


#: One gadget per clause width, found by ``bench/planar_onein3_search.py`` (the smallest zones it found).
CLAUSE_GADGETS = {
    1: ClauseGadget((True,), (3,), (((0, 1, 2), "S"), ((0, 2, 3), "S"), ((1, 2, 3), "O"))),
    2: ClauseGadget((True, True), (1,), (((0, 1, 2), "S"),)),
    3: ClauseGadget((False, False, True), (3, 2),
                    (((0, 2, 5), "S"), ((3, 4, 5), "S"), ((5, 6, 7), "S"), ((1, 2, 3), "O"))),
}


@cache
def filling(width: int, literals: tuple[bool, ...]) -> tuple[bool, ...]:
    """The one filling of the zones of the width-``width`` gadget for satisfying ``literals``."""
    gadget = CLAUSE_GADGETS[width]
    ports, zones = gadget.ports_and_zones()
    inner = [p for z in zones for p in z]
    found = []
    for values in itertools.product((False, True), repeat=len(inner)):
        full = dict(zip(ports, (lit != neg for lit, neg in zip(literals, gadget.negated)))) | dict(zip(inner, values))
        if gadget.holds([full[p] for p in range(len(full))]):
            found.append(values)
    assert len(found) == 1, f"the width-{width} clause gadget is not parsimonious at {literals}"
    return found[0]


def slots(flips: Sequence[bool], start: bool) -> list[tuple[bool, int | None]]:
    """A chain of slots alternating in value (first ``start``: True for not-x), one per leg needing value
    flip ``flips[j]``, a filler where the parity does not match: (flip, leg index or None). At least one."""
    out: list[tuple[bool, int | None]] = []
    nxt = start
    for j, flip in enumerate(flips):
        if flip != nxt:
            out.append((nxt, None))
            nxt = not nxt
        out.append((nxt, j))
        nxt = not nxt
    return out or [(start, None)]


def legs_by_variable(inst: PlanarFormula) -> dict[tuple[int, str], list[tuple[int, int, bool]]]:
    """For each (variable, side), its legs in layout order: (clause, port, flip), flip the value the port
    holds relative to the variable (literal sign xor the gadget's negation)."""
    lay = layout(inst)
    found: dict[tuple[int, str], list[tuple[int, int, int, bool]]] = {}
    for i, clause in enumerate(inst.formula.clauses):
        sign = {abs(lit): lit < 0 for lit in clause}
        negated = CLAUSE_GADGETS[len(clause)].negated
        for k, (v, col) in enumerate(zip(left_to_right(inst, i), lay.legs[i])):
            found.setdefault((v, inst.sides[i]), []).append((col, i, k, sign[v] != negated[k]))
    return {key: [(i, k, flip) for _, i, k, flip in sorted(legs)] for key, legs in found.items()}


def runs(inst: PlanarFormula) -> dict[int, tuple[list[tuple[bool, int | None]], list[tuple[bool, int | None]]]]:
    """Each variable's slots above and below the line (:func:`slots`; legs indexed per side)."""
    legs = legs_by_variable(inst)
    out = {}
    for v in inst.order:
        above = slots([f for _, _, f in legs.get((v, "above"), [])], False)
        below_flips = [f for _, _, f in legs.get((v, "below"), [])]
        below = slots(below_flips, not above[-1][0]) if below_flips else []
        out[v] = (above, below)
    return out


def build(source: PlanarFormula, gadgets: Mapping[int, ClauseGadget] = CLAUSE_GADGETS
          ) -> tuple[PlanarFormula, list[tuple]]:
    """The target and each target variable's definition: ("slot", x, side, r, flip) for slot r of x's run
    on that side, holding x xor flip; ("const", tag, r) for position r of a constant gadget (r = 0 true);
    ("aux", i, k, j) for position j of zone k of source clause i's gadget (taken from ``gadgets``)."""
    PLANAR_3SAT.validate(source)
    n = source.formula.variables
    legs = legs_by_variable(source)
    line: list[tuple] = []  # definitions in line order
    clauses: list[tuple[tuple, ...]] = []
    sides: list[str] = []
    port_of: dict[tuple[int, int], tuple] = {}  # (clause, port) -> slot key
    zone_after: dict[tuple, list[tuple]] = {}

    for i, clause in enumerate(source.formula.clauses):
        _ports, zones = gadgets[len(clause)].ports_and_zones()
        for k, zone in enumerate(zones):
            zone_after[(i, k)] = [("aux", i, k, j) for j in range(len(zone))]

    def constant(tag: tuple) -> tuple:
        keys = [("const", tag, r) for r in range(4)]
        line.extend(keys)
        for ps, side in CONSTANT:
            clauses.append(tuple(keys[p] for p in ps))
            sides.append("above" if side == "S" else "below")
        return keys[3]

    def chain(v: int, side: str, run: list[tuple[bool, int | None]]) -> list[tuple]:
        keys = [("slot", v, side, r, flip) for r, (flip, _) in enumerate(run)]
        mine = legs.get((v, side), [])
        for key, (_, j) in zip(keys, run):
            line.append(key)
            if j is not None:
                i, k, _ = mine[j]
                port_of[(i, k)] = key
                line.extend(zone_after.get((i, k), []))
        return keys

    for v, (above, below) in runs(source).items():
        c = constant((v, "above")) if len(above) > 1 else None
        a = chain(v, "above", above)
        for p, q in zip(a, a[1:]):
            clauses.append((c, p, q))
            sides.append("below")
        if below:
            c2 = constant((v, "below"))
            b = chain(v, "below", below)
            clauses.append((a[-1], c2, b[0]))
            sides.append("below")
            for p, q in zip(b, b[1:]):
                clauses.append((c2, p, q))
                sides.append("above")

    for i, clause in enumerate(source.formula.clauses):
        gadget = gadgets[len(clause)]
        ports, zones = gadget.ports_and_zones()
        key_at = {p: port_of[(i, k)] for k, p in enumerate(ports)}
        key_at |= {p: ("aux", i, k, j) for k, zone in enumerate(zones) for j, p in enumerate(zone)}
        for ps, side in gadget.clauses:
            clauses.append(tuple(key_at[p] for p in ps))
            sides.append(source.sides[i] if side == "S" else OTHER[source.sides[i]])

    masters = [("slot", v, "above", 0, False) for v in range(1, n + 1)]
    first = set(masters)
    rest = [key for key in line if key not in first]
    number = {key: x for x, key in enumerate(masters + rest, 1)}
    order = tuple(number[key] for key in line)
    target_clauses = tuple(tuple(sorted(number[key] for key in c)) for c in clauses)
    side_t = tuple(sides)
    target = PlanarFormula(Formula(len(number), target_clauses), order, side_t,
                           heights(order, target_clauses, side_t))
    return target, masters + rest


def extend(source: PlanarFormula, source_solution: Assignment, defs: Sequence[tuple]) -> Assignment:
    """The target assignment each target variable's definition gives (see :func:`build`)."""
    clauses = source.formula.clauses

    def literal(lit: int) -> bool:
        return source_solution[abs(lit) - 1] == (lit > 0)

    out = []
    for d in defs:
        if d[0] == "slot":
            out.append(source_solution[d[1] - 1] != d[4])
        elif d[0] == "const":
            out.append(d[2] == 0)
        else:
            _, i, k, j = d
            width = len(clauses[i])
            _ports, zones = CLAUSE_GADGETS[width].ports_and_zones()
            offset = sum(len(z) for z in zones[:k])
            out.append(filling(width, tuple(literal(lit) for lit in left_to_right_literals(source, i)))[offset + j])
    return tuple(out)


def left_to_right_literals(source: PlanarFormula, i: int) -> tuple[int, ...]:
    """Clause ``i``'s literals in left-to-right order along the line."""
    sign = {abs(lit): lit for lit in source.formula.clauses[i]}
    return tuple(sign[v] for v in left_to_right(source, i))


class PlanarPositiveOneInThreeSatFromPlanarThreeSat(Reduction):
    """Variable runs chained by R(c, p, q), each clause comb replaced by a SAT-found 1-in-3 gadget."""

    name = "planar-positive-1in3sat-from-planar-3sat"
    source = "planar-3sat"
    target = "planar-positive-1in3sat"
    paper = "Laroche 1993; Mulzer & Rote 2008"
    section = "variable runs of slots chained by 1-in-3 clauses with constants, SAT-found clause gadgets in place"
    theorem = "positive planar 1-in-3SAT with the variables on a line is NP-complete (Mulzer & Rote 2008)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})

    def reduce(self, source: PlanarFormula) -> PlanarFormula:
        return build(source)[0]

    def forward(self, source: PlanarFormula, target: PlanarFormula, source_solution: Assignment) -> Assignment:
        return extend(source, source_solution, build(source)[1])

    def backward(self, source: PlanarFormula, target: PlanarFormula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.formula.variables])

    def overhead(self, source: PlanarFormula) -> dict[str, int]:
        variables = clauses = 0
        for above, below in runs(source).values():
            a, b = len(above), len(below)
            variables += a + b + 4 * (a > 1) + 4 * (b > 0)
            clauses += a - 1 + 3 * (a > 1) + (b + 3) * (b > 0)
        widths = [len(c) for c in source.formula.clauses]
        variables += sum({1: 3, 2: 1, 3: 5}[w] for w in widths)
        clauses += sum({1: 3, 2: 1, 3: 4}[w] for w in widths)
        return {"variables": variables, "clauses": clauses, "literals": 3 * clauses}

    def gadgets(self) -> list[Gadget]:
        """Each clause gadget and the constant gadget."""
        return [clause_gadget(w) for w in CLAUSE_GADGETS] + [constant_gadget()]

    def example(self) -> tuple[PlanarFormula, Assignment]:
        """Three clauses on both sides, one nested in another's gap."""
        f = Formula(4, ((1, -2, 4), (2, 3), (-1, -3, -4)))
        order, sides = (1, 2, 3, 4), ("above", "above", "below")
        return PlanarFormula(f, order, sides, heights(order, f.clauses, sides)), (True, True, False, False)


def clause_gadget(width: int) -> Gadget:
    """The width-``width`` clause gadget: its literals' assignments that satisfy the clause, one filling each."""
    gadget = CLAUSE_GADGETS[width]
    names = tuple(f"l{k + 1}" for k in range(width))
    ports, zones = gadget.ports_and_zones()

    def make() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        lits = [cnf.var(name) for name in names]
        inner = {p: cnf.var(("z", p)) for z in zones for p in z}
        cnf.project(list(inner.values()))
        at = {p: (-lit if neg else lit) for p, lit, neg in zip(ports, lits, gadget.negated)} | inner
        for ps, _ in gadget.clauses:
            PositiveOneInThreeSat().encode_clause(cnf, [at[p] for p in ps])
        return cnf, dict(zip(names, lits))

    allowed = [a for a in itertools.product((False, True), repeat=width) if any(a)]
    return Gadget(f"clause-{width}", names, make, allowed, 1,
                  source="found by a SAT search (bench/planar_onein3_search.py)")


def constant_gadget() -> Gadget:
    """R(t, f, g), R(t, g, h), R(t, f, h): t = 1, f = g = h = 0, one filling; ports t and h."""
    def make() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ids = [cnf.var(("c", r)) for r in range(4)]
        cnf.project(ids[1:3])
        for ps, _ in CONSTANT:
            PositiveOneInThreeSat().encode_clause(cnf, [ids[p] for p in ps])
        return cnf, {"t": ids[0], "h": ids[3]}

    return Gadget("constant", ("t", "h"), make, [(True, False)], 1, source="module docstring")


REDUCTIONS = [PlanarPositiveOneInThreeSatFromPlanarThreeSat()]
