"""The SAT search that found the SWAP gadget of ``planar-3sat-from-3sat``, and the construction's size.

The frame: positions v_in, u_in, then ``--interior`` interior variables, then v_out, u_out on the line; the
wires that end at v_in, u_in and start at v_out, u_out are arcs above the line (the stack A), so a gadget
clause above must not cross them; below, anything between v_in and u_out. A selector per candidate clause
(two or three literals on distinct positions, either side); crossing pairs on one side exclude each other;
every port assignment with v_out = v_in and u_out = u_in has exactly one satisfying interior, every other
none. A model is then thinned: clauses are dropped while the gadget stays exact.

    python bench/planar_swap_search.py [--interior 4] [--sizes 5,10,20,40]

With one to three interior variables the search is unsatisfiable; with four it finds a gadget (a 19-clause
one is in the module). ``--sizes`` prints target variables of random 3SAT at 4.26 n clauses and the fitted
growth exponent (about 2: O(n m) swaps).
"""

from __future__ import annotations

import argparse
import itertools
import math

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from gadgetry.core.registry import problem, reduction
from gadgetry.sources.planar_sat import _relation

Clause = tuple[tuple[int, ...], tuple[int, ...], str]


def exact(clauses: list[Clause], k: int) -> bool:
    """Whether the clauses over positions 0..k-1 (ports 0, 1, k-2, k-1) are an exact, parsimonious SWAP."""
    ports = (0, 1, k - 2, k - 1)
    for pv in itertools.product((False, True), repeat=4):
        fills = 0
        for iv in itertools.product((False, True), repeat=k - 4):
            val = dict(zip(ports, pv)) | dict(zip(range(2, k - 2), iv))
            fills += all(any(val[p] == (s > 0) for p, s in zip(ps, sg)) for ps, sg, _ in clauses)
        if fills != (pv[:2] == pv[2:]):
            return False
    return True


def select(cands: list[tuple[tuple[int, ...], str]], cases: list[tuple[bool, list[list[int]]]]
           ) -> list[int] | None:
    """Indices of candidate clauses (positions, side) no two of which cross on one side, such that for each
    case (allowed, per filling of the interior the candidates it falsifies) exactly one filling satisfies
    every chosen clause when allowed, none otherwise; None when there is no such choice."""
    pool = IDPool()
    sel = [pool.id(("sel", i)) for i in range(len(cands))]
    cnf = [[-sel[i], -sel[j]] for i, j in itertools.combinations(range(len(cands)), 2)
           if cands[i][1] == cands[j][1] and _relation(cands[i][0], cands[j][0]) == "cross"]
    for c, (allowed, falsified) in enumerate(cases):
        chosen = []
        for f, bad in enumerate(falsified):
            if not allowed:
                cnf.append([sel[x] for x in bad])
            else:
                s = pool.id(("sol", c, f))
                chosen.append(s)
                cnf += [[-s, -sel[x]] for x in bad] + [[s, *(sel[x] for x in bad)]]
        if chosen:
            cnf += CardEnc.equals(lits=chosen, bound=1, vpool=pool, encoding=EncType.seqcounter).clauses
    with Solver(name="cd19", bootstrap_with=cnf) as solver:
        if not solver.solve():
            return None
        model = {x for x in solver.get_model() if x > 0}
    return [i for i in range(len(cands)) if sel[i] in model]


def search(interior: int) -> list[Clause] | None:
    k = interior + 4
    ports = (0, 1, k - 2, k - 1)
    # The surrounding arcs above: into u_in (outer) and v_in (inner), out of v_out (outer) and u_out (inner).
    outside = [(-2, 1), (-1, 0), (k - 2, k + 1), (k - 1, k)]
    cands: list[Clause] = [(ps, sg, side) for w in (2, 3) for ps in itertools.combinations(range(k), w)
                           for sg in itertools.product((1, -1), repeat=w) for side in "AB"
                           if side == "B" or all(_relation(ps, e) != "cross" for e in outside)]
    cases = []
    for pv in itertools.product((0, 1), repeat=4):
        falsified = []
        for iv in itertools.product((0, 1), repeat=interior):
            val = dict(zip(ports, pv)) | dict(zip(range(2, k - 2), iv))
            falsified.append([c for c, (ps, sg, _) in enumerate(cands)
                              if all((val[p] == 1) != (s > 0) for p, s in zip(ps, sg))])
        cases.append((pv[:2] == pv[2:], falsified))
    chosen = select([(ps, side) for ps, _, side in cands], cases)
    if chosen is None:
        return None
    found = [cands[i] for i in chosen]
    for c in sorted(found, key=lambda c: -len(c[0])):
        if exact([d for d in found if d != c], k):
            found.remove(c)
    assert exact(found, k)
    return found


def sizes(ns: list[int], seed: int) -> None:
    red, src = reduction("planar-3sat-from-3sat"), problem("3sat")
    rows = []
    for n in ns:
        m = round(4.26 * n)
        x = src.generate_seeded({"variables": n, "clauses": m}, seed).instance
        rows.append((n, red.overhead(x)["variables"]))
        print(f"n={n} m={m}: {rows[-1][1]} target variables")
    if len(rows) > 1:
        (n0, v0), (n1, v1) = rows[0], rows[-1]
        print(f"growth exponent in n: {math.log(v1 / v0) / math.log(n1 / n0):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interior", type=int, default=4)
    ap.add_argument("--sizes", default="")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    found = search(args.interior)
    print(f"{args.interior} interior: " + ("none" if found is None else f"{len(found)} clauses {found}"))
    if args.sizes:
        sizes([int(s) for s in args.sizes.split(",")], args.seed)


if __name__ == "__main__":
    main()
