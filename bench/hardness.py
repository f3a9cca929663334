"""How hard are the benchmark families (``gadgetry bench-family``) for SAT solvers?

For each reduction, its family is built at growing sizes (the size parameter doubling from the smallest
verify size until the puzzle's CNF exceeds ``--max-vars`` variables or a build exceeds the time limit);
each puzzle CNF is solved by two PySAT solvers (CaDiCaL 1.9.5 and Glucose 4 by default), recording the
seconds and the conflicts (``Solver.accum_stats()``). The baseline, measured side by side, is uniform
random 3-SAT at the satisfiability threshold (4.26 clauses per variable) with the *same number of
variables*, median over ``--random`` seeds. Every solve runs in a forked worker under ``--limit`` seconds;
a limit hit is shown as ``>limit`` (for random 3-SAT, once a solver hits the limit at n variables, larger
n are not run again and are shown as ``>limit`` too: hardness of random 3-SAT grows with n).

A family is called *hard* at its largest size when every solver needs at least a tenth of the conflicts
it needs on random 3-SAT with the same variable count (or every solver hits the limit), *easy*
otherwise; the ratio column is the smallest over the solvers of family conflicts / random 3-SAT
conflicts (0 when random 3-SAT hit the limit and the family did not).

    python bench/hardness.py [--reductions a,b] [--max-vars 1500] [--limit 10] [--random 3] [--seed 0]
                             [--per clauses=4.26]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from pysat.solvers import Solver

from gadgetry.campaign.bench_family import size_params
from gadgetry.core import InputError, LimitReached, registry
from gadgetry.core.limits import run_limited

RATIO = 4.26
SOLVERS = ("cadical195", "glucose4")


def solve(clauses: list[list[int]], solver: str) -> tuple[bool, float, int]:
    """(satisfiable, seconds, conflicts)."""
    with Solver(name=solver, bootstrap_with=clauses) as s:
        start = time.perf_counter()
        sat = s.solve()
        seconds = time.perf_counter() - start
        return bool(sat), seconds, int(s.accum_stats().get("conflicts", 0))


def timed(clauses: list[list[int]], solver: str, limit: float) -> tuple[bool, float, int] | None:
    try:
        return run_limited(solve, clauses, solver, seconds=limit)
    except LimitReached:
        return None


def random_3sat(n: int, seed: int) -> list[list[int]]:
    """``round(4.26 n)`` clauses of three distinct variables (of ``n`` when fewer than three), signs
    uniform."""
    rng = random.Random(seed)
    return [[v if rng.random() < 0.5 else -v for v in rng.sample(range(1, n + 1), min(3, n))]
            for _ in range(round(RATIO * n))]


class RandomBaseline:
    """Median seconds and conflicts of random 3-SAT at the threshold, per (variables, solver)."""

    def __init__(self, seeds: int, limit: float, seed: int) -> None:
        self.seeds, self.limit, self.seed = seeds, limit, seed
        self.cache: dict[tuple[int, str], tuple[float, float] | None] = {}
        self.timed_out: dict[str, int] = {}

    def __call__(self, n: int, solver: str) -> tuple[float, float] | None:
        """(median seconds, median conflicts), or None when the limit was hit."""
        if (n, solver) in self.cache:
            return self.cache[n, solver]
        if n >= self.timed_out.get(solver, 1 << 62):
            return None
        runs = []
        for k in range(self.seeds):
            res = timed(random_3sat(n, self.seed * 1_000_003 + k), solver, self.limit)
            if res is None:
                self.timed_out[solver] = min(n, self.timed_out.get(solver, n))
                self.cache[n, solver] = None
                return None
            runs.append(res)
        out = (statistics.median(r[1] for r in runs), statistics.median(r[2] for r in runs))
        self.cache[n, solver] = out
        return out


def build(red: Any, params: dict[str, int], seed: int) -> tuple[int, list[list[int]]]:
    src, tgt = registry.problem(red.source), registry.problem(red.target)
    gen = src.generate_seeded(params, seed, "planted" if "planted" in src.modes else None)
    cnf = tgt.encode(red.reduce(gen.instance)).cnf
    return cnf.nvars, cnf.clauses


def family(red: Any, max_vars: int, limit: float, seed: int,
           per: dict[str, float]) -> list[tuple[int, int, list[list[int]]]]:
    """(size, variables, clauses) at doubling sizes up to ``max_vars`` variables."""
    src = registry.problem(red.source)
    base = dict(red.verify_params[0]) if red.verify_params else {}
    spec = next((p for p in src.params if p.name in base), src.params[0])
    out, size = [], max(1, base.get(spec.name, spec.default))
    while size <= spec.high:
        try:
            params = size_params(red, [size], spec.name, per={k: v for k, v in per.items() if k != spec.name})[1][0]
            n, clauses = run_limited(build, red, params, seed, seconds=limit)
        except (LimitReached, InputError):
            break
        if n > max_vars:
            break
        out.append((size, n, clauses))
        size *= 2
    return out


def fmt(res: tuple[float, float] | None) -> str:
    return "   >limit" if res is None else f"{res[0]:7.3f}s {int(res[1]):>8}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reductions", help="comma-separated reduction names (default: all)")
    ap.add_argument("--max-vars", type=int, default=1500)
    ap.add_argument("--limit", type=float, default=10.0, help="seconds per solve and per family build")
    ap.add_argument("--random", type=int, default=3, help="random 3-SAT seeds per variable count")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--per", action="append", default=[], metavar="KEY=RATIO",
                    help="source parameter KEY at RATIO times the size, where the source has KEY "
                         "(e.g. clauses=4.26 for SAT sources at the threshold)")
    args = ap.parse_args()
    per = {k: float(v) for k, v in (p.split("=", 1) for p in args.per)}
    names = args.reductions.split(",") if args.reductions else sorted(registry.reductions())
    baseline = RandomBaseline(args.random, args.limit, args.seed)
    verdicts = []
    head = (f"{'reduction':<58} {'size':>5} {'vars':>6} | " + " | ".join(
        f"{s + ' family':>18} {s + ' random':>18}" for s in SOLVERS) + " | ratio")
    print(head)
    print("-" * len(head))
    for name in names:
        red = registry.reduction(name)
        names_here = {p.name for p in registry.problem(red.source).params}
        members = family(red, args.max_vars, args.limit, args.seed, {k: v for k, v in per.items() if k in names_here})
        last_ratio, last_hard = None, None
        for size, n, clauses in members:
            cells, ratios, limited = [], [], 0
            for solver in SOLVERS:
                res = timed(clauses, solver, args.limit)
                mine = None if res is None else (res[1], res[2])
                rnd = baseline(n, solver)
                cells.append(f"{fmt(mine)} {fmt(rnd)}")
                if mine is None:
                    limited += 1
                elif rnd is not None:
                    ratios.append(mine[1] / max(1.0, rnd[1]))
                else:
                    ratios.append(0.0)  # random 3-SAT hit the limit, the family did not
            ratio = min(ratios) if ratios else None
            shown = "-" if ratio is None else f"{ratio:.3g}"
            print(f"{name:<58} {size:>5} {n:>6} | " + " | ".join(cells) + f" | {shown}", flush=True)
            last_ratio, last_hard = ratio, limited == len(SOLVERS) or (ratio is not None and ratio >= 0.1)
        if members:
            verdicts.append((name, members[-1][1], "hard" if last_hard else "easy", last_ratio))
        else:
            verdicts.append((name, 0, "not built", None))
    print("\nverdict at the largest size (hard: every solver needs >= 1/10 of its conflicts on random 3-SAT, "
          "or every solver hits the limit)")
    for name, n, verdict, ratio in verdicts:
        print(f"  {name:<58} {n:>6} vars  {verdict}" + ("" if ratio is None else f"  (ratio {ratio:.3g})"))


if __name__ == "__main__":
    main()
