"""Witness count times side by side, in one run: the old default (Ganak on the CNF; refinement for antibody
panels), the new default (``counting_method``: the ZDD for local clues, the frontier programme for region
clues) and the baseline, a depth-first search with incremental region checks (:mod:`gadgetry.puzzles.
witness.dfs`, the way browser solvers search), with the ratios baseline / new and old / new.

Part 1: clue-laden panels (the problem's generator, planted mode, both rule sets, n + 3 symbols: squares
of two colours, stars, triangles, (anti)polyominoes, hexagons, broken edges) at 5 x 5, then 6 x 6 and
7 x 7 (the generator's seed, --seed * 1000 + size * 100 + panel index, in each row). Part 2: empty panels, start and end at opposite corners. Times are CPU seconds of the counting
process; every run is capped in wall time (--seconds), a capped run shows '>' and the CPU time it used.

    python bench/witness.py [--seconds 60] [--seed 1] [--panels 6] [--sizes 5,6,7] [--empty 3,4,5,6,7]
"""

from __future__ import annotations

import argparse
import random
import resource
from collections.abc import Callable
from typing import Any

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness.dfs import count_dfs
from gadgetry.puzzles.witness.model import make_panel

PROBLEM = WitnessProblem()
COUNTERS = PROBLEM.extra_counters()
KIND_LETTERS = {"square": "q", "star": "*", "triangle": "t", "poly": "p", "antipoly": "A", "antibody": "a"}


def timed(fn: Callable[..., Any], *args: Any, seconds: float) -> tuple[Any, float, bool]:
    """(result, CPU seconds of the run, finished). Each run is a child process stopped after ``seconds`` of
    wall time; its CPU time (a shared machine makes that the fair measure) is read when it is reaped, so
    a stopped run reports the CPU time it had used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out, done = run_limited(fn, *args, seconds=seconds), True
    except LimitReached:
        out, done = None, False
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, done


def show(t: float, done: bool) -> str:
    return f"{t:9.2f}" if done else f"{'>' + format(t, '.0f'):>9}"


def ratio(a: float, a_done: bool, b: float, b_done: bool) -> str:
    if not b_done:
        return f"{'?':>8}"
    return f"{a / b:8.1f}" if a_done else f"{'>' + format(a / b, '.0f'):>8}"


def new_default(panel: Any) -> int:
    return COUNTERS[PROBLEM.counting_method(panel)](panel)


def compare(panel: Any, label: str, seconds: float) -> None:
    method = PROBLEM.counting_method(panel)
    n, tn, nd = timed(new_default, panel, seconds=seconds)
    o, to, od = timed(E.count, panel, seconds=seconds)
    d, td, dd = timed(count_dfs, panel, seconds=seconds)
    for other, done in ((o, od), (d, dd)):
        if done and nd:
            assert other == n, f"count {other} != {method} count {n}"
    print(f"{label:<28} {n if nd else '?':>12} {method:>8} {show(tn, nd)} {show(to, od)} {show(td, dd)} "
          f"{ratio(td, dd, tn, nd)} {ratio(to, od, tn, nd)}", flush=True)


def header(first: str) -> None:
    print(f"{first:<28} {'count':>12} {'method':>8} {'new s':>9} {'old s':>9} {'dfs s':>9} {'dfs/new':>8} "
          f"{'old/new':>8}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--panels", type=int, default=6, help="panels per size")
    ap.add_argument("--sizes", default="5,6,7")
    ap.add_argument("--empty", default="3,4,5,6,7", help="sides of the empty panels ('' for none)")
    args = ap.parse_args()
    header("clue-laden panels")
    for n in (int(s) for s in args.sizes.split(",")):
        for i in range(args.panels):
            seed = args.seed * 1000 + n * 100 + i
            rng = random.Random(seed)
            params = PROBLEM.resolve_params({"width": n, "height": n, "symbols": n + 3, "hexagons": n // 2,
                                             "broken": n // 2, "antibodies": 0, "rules": i % 2})
            panel = PROBLEM.generate(params, rng, "planted").instance
            kinds = "".join(sorted({KIND_LETTERS[s.kind] for _, s in panel.symbols}))
            compare(panel, f"{n}x{n} {seed} {panel.rules:<6} {kinds}", args.seconds)
    print("clues: " + ", ".join(f"{v} {k}" for k, v in KIND_LETTERS.items()))
    if args.empty:
        print()
        header("empty panels")
    for n in (int(s) for s in args.empty.split(",") if s):
        compare(make_panel(n, n, [(0, n)], [(n, 0)]), f"{n}x{n}", args.seconds)


if __name__ == "__main__":
    main()
