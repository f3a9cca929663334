"""3SAT to planar 3SAT with its variables on a line, parsimoniously.

Lichtenstein (1982, "Planar formulae and their uses", SIAM J. Comput. 11(2)) makes a formula planar by
replacing each crossing of two wires with a crossover gadget built from exclusive-ors; Knuth and
Raghunathan (1992) draw the result with the variables on a line and the clauses as combs above and below
it. This module builds that drawing directly, as a two-stack machine that sweeps the line left to right.

A *wire* carries one source variable's value along the line: an arc (the two clauses (-s v p), (s v -p),
nested at consecutive levels) from a variable s to a fresh copy p further right. The arcs open above the
line form a stack A (each arc ends before any arc opened earlier, or they would cross), those below a
stack B. Each new variable on the line is one step:

- *move*: the top wire of one stack ends at the new variable, and a wire from it is opened on either stack;
- *fork*: the top wire of A ends at the new variable, and two wires open from it on A, the live one and a
  *branch* on top of it;
- *swap*: the top two wires of A trade places through the SWAP gadget below, the crossover in this
  geometry (two wires of one stack cannot trade places by arcs alone);
- *clause*: the clause's branches, the top one to three wires of A, end at consecutive new variables, and
  the clause is a comb below the line over them (nothing else touches the line there below).

The source variables 1..n stand first, their wires opened on A. For each clause (repeated literals merged,
tautologies dropped), each of its variables in turn is brought to the top of A: the wires above it move to
B, come back one by one, and each is swapped under it (move to front); then it forks. With the clause's
branches on top of A, the clause is drawn. At the end every wire ends at a variable of its own.

The SWAP gadget was found by a SAT search (``bench/planar_swap_search.py``) over clause sets drawn in
this frame (none exists with one to three interior variables between u_in and v_out; with four, clauses
were then removed while the gadget stayed exact, leaving 19 none of which can go): ports v_in, u_in
(where v, the top wire, and u end), the interior I1..I4, then v_out, u_out (where v and u open again, u
now on top); its clauses above the line lie inside the three stretches v_in..u_in..v_out..u_out the
surrounding arcs leave free, those below anywhere between v_in and u_out. Its solutions are exactly
v_out = v_in and u_out = u_in, each with one filling of the interior (:data:`SWAP`, checked by the gadget
check), so every target variable is a copy of a source variable or a function of them: one extension
per source solution.

Target layout: variables 1..n are the source's (at the left end of the line, in order), the rest numbered
in line order. Overhead with the step counts of :func:`plan` (moves M, forks F, swaps S, clause legs L,
final ends E, kept clauses m'), with W = M + F + 2 S + L + E wire ends: variables n + W + 6 S, clauses
2 W + 19 S + m', literals 4 W + 48 S + L. A clause's variables are brought up past at most all n wires,
so S <= 3 n m.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from gadgetry.core import CNF, PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.reductions.onein3sat_from_3sat import normalize
from gadgetry.sources.planar_sat import PlanarFormula, PlanarThreeSat, heights
from gadgetry.sources.sat import Assignment, Formula, ThreeSat

THREE_SAT = ThreeSat()
PLANAR_3SAT = PlanarThreeSat()
#: The sides of the two stacks: wires and the SWAP gadget's "A" clauses above, clause combs below.
SIDE = {"A": "above", "B": "below"}

#: The SWAP gadget on positions 0..7 = v_in, u_in, I1, I2, I3, I4, v_out, u_out: (positions, signs, stack).
SWAP: tuple[tuple[tuple[int, ...], tuple[int, ...], str], ...] = (
    ((0, 4), (1, 1), "B"), ((1, 3), (1, -1), "B"), ((2, 3), (1, -1), "B"), ((2, 5), (1, 1), "A"),
    ((2, 6), (1, 1), "A"), ((3, 4), (-1, 1), "B"), ((3, 5), (-1, 1), "A"), ((4, 5), (1, 1), "B"),
    ((4, 7), (1, -1), "B"), ((0, 1, 3), (1, -1, 1), "B"), ((0, 3, 4), (-1, -1, -1), "B"),
    ((0, 4, 7), (-1, -1, 1), "B"), ((1, 2, 3), (-1, 1, 1), "B"), ((1, 2, 6), (1, -1, -1), "A"),
    ((2, 3, 5), (-1, 1, -1), "A"), ((2, 5, 6), (-1, -1, -1), "A"), ((3, 4, 5), (1, -1, -1), "A"),
    ((4, 5, 7), (-1, -1, 1), "B"), ((5, 6, 7), (1, 1, -1), "B"))
SWAP_PORTS = (0, 1, 6, 7)
SWAP_INTERIOR = (2, 3, 4, 5)


def swap_holds(values: Sequence[bool]) -> bool:
    """Whether the SWAP gadget's clauses hold for values of its eight positions."""
    return all(any(values[p] == (s > 0) for p, s in zip(ps, signs)) for ps, signs, _ in SWAP)


def swap_interior(v: bool, u: bool) -> tuple[bool, ...]:
    """The interior I1..I4 of the SWAP gadget for wires v and u (its one filling, found by enumeration)."""
    fillings = [inner for inner in itertools.product((False, True), repeat=4)
                if swap_holds((v, u, *inner, v, u))]
    assert len(fillings) == 1, "the SWAP gadget is not parsimonious"
    return fillings[0]


@dataclass(frozen=True)
class Step:
    """One step of :func:`plan`: ``kind`` is "move" (``src`` to ``dst``), "fork", "swap", "clause" (over
    the clause's literals, the top branches of A in order) or "end" (the top wire of A ends)."""

    kind: str
    src: str = "A"
    dst: str = "A"
    clause: tuple[int, ...] = ()


def plan(source: Formula) -> tuple[list[int], list[Step]]:
    """The wires opened at the start (source variables in some clause, bottom of A first) and the steps."""
    kept = [lits for lits in map(normalize, source.clauses) if lits is not None]
    used = sorted({abs(lit) for lits in kept for lit in lits})
    a: list[object] = list(used)  # wire labels: a variable (live) or ("branch", variable)
    b: list[object] = []
    steps: list[Step] = []

    def move(src: list[object], dst: list[object], s: str, d: str) -> None:
        dst.append(src.pop())
        steps.append(Step("move", s, d))

    for lits in kept:
        for lit in lits:
            x = abs(lit)
            depth = len(a) - 1 - a.index(x)
            for _ in range(depth):
                move(a, b, "A", "B")
            while b and not isinstance(b[-1], tuple):  # live wires come back under x
                move(b, a, "B", "A")
                a[-1], a[-2] = a[-2], a[-1]
                steps.append(Step("swap"))
            a.append(("branch", x))
            steps.append(Step("fork"))
            while b:  # the clause's branches come back on top
                move(b, a, "B", "A")
        for _ in lits:
            a.pop()
        steps.append(Step("clause", clause=tuple(lits)))
    steps += [Step("end")] * len(a)
    return used, steps


def build(source: Formula) -> tuple[PlanarFormula, list[tuple[str, object]]]:
    """The target and, per target variable, how its value follows from the source's: ("var", x) a copy of
    source variable x, ("swap", (v_in, u_in, k)) interior variable k of a SWAP on those target variables."""
    THREE_SAT.validate(source)
    n = source.variables
    used, steps = plan(source)
    order = list(range(1, n + 1))
    defs: list[tuple[str, object]] = [("var", x) for x in range(1, n + 1)]
    clauses: list[tuple[int, ...]] = []
    sides: list[str] = []
    stacks: dict[str, list[tuple[int, int]]] = {"A": [(x, x) for x in used], "B": []}  # (source var, start)

    def new(definition: tuple[str, object]) -> int:
        defs.append(definition)
        order.append(len(defs))
        return len(defs)

    def land(s: str) -> tuple[int, int]:
        x, start = stacks[s].pop()
        p = new(("var", x))
        clauses.extend(((-start, p), (start, -p)))
        sides.extend((SIDE[s], SIDE[s]))
        return x, p

    for step in steps:
        if step.kind == "move":
            x, p = land(step.src)
            stacks[step.dst].append((x, p))
        elif step.kind == "fork":
            x, p = land("A")
            stacks["A"] += [(x, p), (x, p)]
        elif step.kind == "swap":
            v, v_in = land("A")
            u, u_in = land("A")
            ids = [v_in, u_in, *(new(("swap", (v_in, u_in, k))) for k in range(4)), new(("var", v)),
                   new(("var", u))]
            for ps, signs, stack in SWAP:
                clauses.append(tuple(s * ids[p] for p, s in zip(ps, signs)))
                sides.append(SIDE[stack])
            stacks["A"] += [(v, ids[6]), (u, ids[7])]
        elif step.kind == "clause":
            legs = dict(land("A") for _ in step.clause)
            clauses.append(tuple(legs[abs(lit)] * (1 if lit > 0 else -1) for lit in step.clause))
            sides.append("below")
        else:
            land("A")
    side_t = tuple(sides)
    return PlanarFormula(Formula(len(defs), tuple(clauses)), tuple(order), side_t,
                     heights(order, clauses, side_t)), defs


def extend(source_solution: Assignment, defs: Sequence[tuple[str, object]]) -> Assignment:
    """The target assignment each target variable's definition gives (see :func:`build`)."""
    out: list[bool] = []
    for kind, what in defs:
        if kind == "var":
            out.append(source_solution[what - 1])  # type: ignore[operator]
        else:
            v_in, u_in, k = what  # type: ignore[misc]
            out.append(swap_interior(out[v_in - 1], out[u_in - 1])[k])
    return tuple(out)


class PlanarThreeSatFromThreeSat(Reduction):
    """Wires on two stacks along the line, a SWAP gadget as the crossover, clauses below the line."""

    name = "planar-3sat-from-3sat"
    source = "3sat"
    target = "planar-3sat"
    paper = "Lichtenstein 1982; Knuth & Raghunathan 1992"
    section = "Lichtenstein's crossover as a SAT-found SWAP gadget, drawn with the variables on a line"
    theorem = ("planar 3SAT is NP-complete (Lichtenstein 1982), also with the variables on a line "
               "(Knuth & Raghunathan 1992)")
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 4}, {"variables": 5, "clauses": 6})

    def reduce(self, source: Formula) -> PlanarFormula:
        return build(source)[0]

    def forward(self, source: Formula, target: PlanarFormula, source_solution: Assignment) -> Assignment:
        return extend(source_solution, build(source)[1])

    def backward(self, source: Formula, target: PlanarFormula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        _used, steps = plan(source)
        kinds = ("move", "fork", "swap", "clause", "end")
        count = {kind: sum(s.kind == kind for s in steps) for kind in kinds}
        legs = sum(len(s.clause) for s in steps)
        ends = count["move"] + count["fork"] + 2 * count["swap"] + legs + count["end"]
        return {"variables": source.variables + ends + 6 * count["swap"],
                "clauses": 2 * ends + 19 * count["swap"] + count["clause"],
                "literals": 4 * ends + 48 * count["swap"] + legs}

    def gadgets(self) -> list[Gadget]:
        """The SWAP gadget, and the whole construction on one clause of each width."""
        single = {"unit": (1,), "pair": (1, -2), "triple": (-1, 2, 3), "repeated-literal": (1, 1, -2),
                  "tautology": (1, -1, 2)}
        return [swap_gadget()] + [
            formula_gadget(self, THREE_SAT, THREE_SAT, Formula(max(map(abs, c)), (c,)), name)
            for name, c in single.items()]

    def example(self) -> tuple[Formula, Assignment]:
        """K(3,3) as a formula: three clauses over the same three variables, not planar as it stands."""
        return Formula(3, ((1, 2, 3), (-1, 2, -3), (1, -2, 3))), (True, True, False)


def swap_gadget() -> Gadget:
    """The SWAP gadget: v_out = v_in and u_out = u_in, one filling of the interior each."""
    ports = ("v_in", "u_in", "v_out", "u_out")

    def make() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        ids = [cnf.var(("p", k)) for k in range(8)]
        cnf.project([ids[k] for k in SWAP_INTERIOR])
        for ps, signs, _ in SWAP:
            cnf.add([s * ids[p] for p, s in zip(ps, signs)])
        return cnf, {name: ids[k] for name, k in zip(ports, SWAP_PORTS)}

    allowed = [(v, u, v, u) for v, u in itertools.product((False, True), repeat=2)]
    return Gadget("swap", ports, make, allowed, 1, source="found by a SAT search (module docstring)")


REDUCTIONS = [PlanarThreeSatFromThreeSat()]
