"""The Witness CNF (``gadgetry.puzzles.witness.encoding``) against an earlier revision of it, side by side on
the panels of the Witness reductions and on clue-laden random panels: variables, clauses, and the time of one
SAT call (``solve``) or of enumerating every solution (``--count``), each capped; every path found by either
is checked by the rule checker, and both must agree on satisfiability (and on the count).

The earlier revision is read from git (``--old``, default the commit before the clue-cell labels) and
imported next to the current one.

Measured (2 cores shared with six other jobs, load 10-12; one SAT call, then the path checked; ratio
old / new; the old revision's reachability layers and labels over every cell against the anchored labels):

    panel                                 board   old vars  old s   new vars  new s   ratio  sat
    Thm 7.2 one terminal, k = 1            7x7     16745    36.5      4600    0.3    105      1
    Thm 7.3 one terminal, k = 1            7x7         -    > 40      5350    0.1    > 100    1
    Thm 7.2 (0,0) (1,0), k = 1             9x9         -    > 40      9791    0.7    > 56     1
    Thm 7.3 (0,0) (1,0), k = 1             9x9         -    > 40     11454    0.3    > 100    1
    Thm 7.2 (0,0) (1,1), k = 2            13x13        -    > 40     40263   22.8    > 2      1
    Thm 7.2 (0,0) (0,1) (1,0), k = 2      13x13        -    > 40     40277   13.2    > 3      1
    Thm 7.2 (0,0) (1,0), k = 2            13x13        -    > 40     40062    8.9    > 5      1
    Thm 7.3 (0,0) (1,0), (1,1), (0,0) (0,1) (1,0), k = 2
                                          13x13        -    > 40     53-54 k 1.7-2.1  > 20     1
    Thm 6.1, 3 elements, 1 set            34x56        -    > 40         -   > 40      -      -
    Cor 2.1 squares n = 4                 11x16   123581    20.4     16820    1.4    15       0
    Cor 2.1 squares n = 6                 16x16        -    > 40     39843    1.4    > 28     0
    Cor 2.1 squares n = 8                 16x16   273477    17.4     39863    1.3    13       0
    random 5x5 (2 x side symbols)          5x5    4-21 k  0.2-6.5  2-19 k  0.2-6.1  0.9-1.4  1
    random 6x6                             6x6    8-16 k  1.2-36   3-11 k  0.7-15   1.8-2.7  0/1
    random 7x7                             7x7   16-25 k  2.4-16   6-16 k  1.4-2.5  1.5-12   1

Enumerating every solution (``--count``): Theorem 7.2's 7 x 7 panel, 33 paths, in 0.6 s (10.3 s with the
labels alone, without the inside parity); Theorem 7.3's, 51 paths, in 0.3 s. Thm 6.1's boards (1904 cells)
stay out of reach of any eager acyclicity: its reduction enumerates by lazy cycle cuts.

    python bench/witness_cnf.py [--old REV] [--seconds 120] [--count] [--only SUBSTRING]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import subprocess
import sys
import time
from pathlib import Path

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.registry import problem, reduction
from gadgetry.core.sat import enumerate_projected
from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness import encoding as new
from gadgetry.puzzles.witness.rules import check

ROOT = Path(__file__).resolve().parent.parent
OLD = "dc12c54"  # the general encoding with labels over every cell and reachability layers


def old_module(rev: str):
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:src/gadgetry/puzzles/witness/encoding.py"],
                          check=True, capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("gadgetry.puzzles.witness.encoding_old", loader=None)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "gadgetry.puzzles.witness"
    sys.modules[spec.name] = mod
    exec(compile(text, f"{rev}:encoding.py", "exec"), mod.__dict__)
    return mod


def reduced(name: str, params: dict, seed: int = 0):
    red = reduction(name)
    src = problem(red.source).generate(problem(red.source).resolve_params(params), random.Random(seed)).instance
    return red.reduce(src)


def steiner(name: str, pts, k):
    from gadgetry.sources.steiner import make_instance
    return reduction(name).reduce(make_instance(pts, k))


def panels():
    dom, mono = "witness-dominoes-from-rectilinear-steiner-tree", "witness-monominoes-from-rectilinear-steiner-tree"
    for pts, k in (([(0, 0)], 1), ([(0, 0), (1, 0)], 1), ([(0, 0), (1, 1)], 2), ([(0, 0), (0, 1), (1, 0)], 2),
                   ([(0, 0), (1, 0)], 2)):
        yield f"Thm 7.2 {pts} k={k}", steiner(dom, pts, k)
        yield f"Thm 7.3 {pts} k={k}", steiner(mono, pts, k)
    yield "Thm 6.1 3 elements 1 set", reduced("witness-one-triangles-from-x3c", {"elements": 3, "sets": 1})
    for n in (4, 6, 8):
        yield f"Cor 2.1 squares n={n}", reduced("witness-broken-squares-from-grid-hamiltonian-cycle",
                                                 {"n": n, "width": 3, "height": 3}, seed=n)
    prob = WitnessProblem()
    for side in (5, 6, 7):
        for seed in range(3):
            params = prob.resolve_params({"width": side, "height": side, "symbols": 2 * side, "antibodies": 0,
                                          "hollow": 0})
            yield f"random {side}x{side} seed {seed}", prob.generate(params, random.Random(seed)).instance


def run(mod, panel, count: bool):
    t = time.perf_counter()
    enc = mod.encode(panel)
    built = time.perf_counter() - t
    n = 0
    for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection):
        path = enc.decode(true.__contains__)
        assert check(panel, path), path
        n += 1
        if not count:
            break
    return enc.cnf.nvars, len(enc.cnf.clauses), built, n, time.perf_counter() - t


def timed(mod, panel, count: bool, seconds: float) -> tuple[str, float | None, int | None]:
    try:
        nv, nc, built, n, total = run_limited(run, mod, panel, count, seconds=seconds)
    except LimitReached:
        return f"{'> ' + str(int(seconds)) + ' s':>34}", None, None
    return f"{nv:>8} v {nc:>8} c {total:>7.1f} s", total, n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default=OLD)
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--count", action="store_true", help="enumerate every solution instead of one SAT call")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    old = old_module(args.old)
    print(f"{'panel':36} {'board':>7} {'old':>34} {'new':>34} {'ratio':>6} {'result':>7}")
    for label, panel in panels():
        if args.only not in label:
            continue
        a, ta, na = timed(old, panel, args.count, args.seconds)
        b, tb, nb = timed(new, panel, args.count, args.seconds)
        assert na is None or nb is None or na == nb, (label, na, nb)
        ratio = f"{ta / tb:.1f}" if ta and tb else (f">{args.seconds / tb:.0f}" if tb else "-")
        res = "-" if nb is None and na is None else str(nb if nb is not None else na)
        print(f"{label:36} {panel.width:>3}x{panel.height:<3} {a} {b} {ratio:>6} {res:>7}", flush=True)


if __name__ == "__main__":
    main()
