"""How big do the puzzles get, reduced from a CNF? Chain sizes from 3SAT to every reachable target, with
growth exponents, and one end-to-end lift per target.

For each target the chain ``gadgetry reduce --to`` picks (:func:`gadgetry.core.registry.path` from
``3sat``) is run on planted random 3SAT formulas with n = 1, 2, 3, ... variables and round(``--ratio`` x n)
clauses, recording the target's size measures (``Problem.size``: cells, tiles, letters, vertices, ...) and
the CPU seconds of the construction, until a build exceeds ``--limit`` seconds of wall time or
``--max-n``. The growth of each size measure is fitted as a polynomial n^d (least squares on log-log)
over the built sizes. At the smallest formula the target is solved (the problem's default
method), the solution mapped back through every step (``backward``) and checked by the 3SAT checker:
the end-to-end lift a user's ``reduce --bundle`` / ``solve`` / ``lift`` does.

    nice python bench/chain_sizes.py [--targets pips,strands] [--max-n 8] [--ratio 2] [--limit 120]
                                     [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

from gadgetry.core import InputError, LimitReached, registry
from gadgetry.core.limits import run_limited
from gadgetry.core.reduction import compose
from gadgetry.verify.solve import solve

SOURCE = "3sat"


def reachable_targets() -> list[str]:
    """Every puzzle (a problem of ``gadgetry.puzzles``) some chain reaches from 3SAT."""
    out = []
    for name, prob in sorted(registry.problems().items()):
        if not type(prob).__module__.startswith("gadgetry.puzzles"):
            continue
        try:
            registry.path(SOURCE, name)
        except InputError:
            continue
        out.append(name)
    return out


def formula(n: int, ratio: float, seed: int) -> Any:
    src = registry.problem(SOURCE)
    params = {"variables": n, "clauses": max(1, round(ratio * n))}
    return src.generate_seeded(params, seed, "planted").instance


def build(chain_names: list[str], source: Any) -> tuple[dict[str, int], float]:
    """The target's size measures and the CPU seconds of the whole chain's construction."""
    red = compose([registry.reduction(n) for n in chain_names])
    start = time.process_time()
    target = red.reduce(source)
    seconds = time.process_time() - start
    return red.target_problem.size(target), seconds


def lift_once(chain_names: list[str], source: Any) -> str:
    """Solve the target by its default method, map the solution back, check it in the source."""
    red = compose([registry.reduction(n) for n in chain_names])
    target = red.reduce(source)
    start = time.process_time()
    found = solve(red.target_problem, target)
    if found.solution is None:
        return "target unsat: wrong, the formula is planted"
    back = red.backward(source, target, found.solution)
    verdict = red.source_problem.check(source, back)
    took = time.process_time() - start
    method = red.target_problem.solving_method(target)
    return f"lift {'ok' if verdict.ok else 'FAILS: ' + str(verdict)} (solved by {method}, {took:.1f} s CPU)"


def degree(ns: list[int], values: list[float]) -> str:
    """``n^d`` by least squares on log-log (values may be integers too large for a float)."""
    pts = [(n, v) for n, v in zip(ns, values) if v > 0]
    if len(pts) < 3:
        return "-"
    slope, _ = statistics.linear_regression([math.log(n) for n, _ in pts], [math.log(v) for _, v in pts])
    return f"n^{slope:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--targets", help="comma-separated puzzles (default: every puzzle reachable from 3sat)")
    ap.add_argument("--max-n", type=int, default=8)
    ap.add_argument("--ratio", type=float, default=2.0, help="clauses per variable")
    ap.add_argument("--limit", type=float, default=120.0, help="wall seconds per build and per lift")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    targets = args.targets.split(",") if args.targets else reachable_targets()
    for target in targets:
        chain = [r.name for r in registry.path(SOURCE, target)]
        print(f"\n{target}: {' -> '.join(chain)}", flush=True)
        ns, rows = [], []
        for n in range(1, args.max_n + 1):
            source = formula(n, args.ratio, args.seed)
            try:
                size, secs = run_limited(build, chain, source, seconds=args.limit)
            except (LimitReached, InputError) as exc:
                print(f"  n={n}: build stopped ({exc})", flush=True)
                break
            ns.append(n)
            rows.append((n, size, secs))
            shown = ", ".join(f"{k} {v:,}" for k, v in size.items())
            print(f"  n={n} clauses={max(1, round(args.ratio * n))}: {shown}; built in {secs:.2f} s CPU",
                  flush=True)
        if rows:
            growth = ", ".join(f"{k} {degree(ns, [r[1][k] for r in rows])}" for k in rows[0][1])
            print(f"  growth: {growth}; build seconds {degree(ns, [r[2] for r in rows])}", flush=True)
            try:
                print("  n=1: " + run_limited(lift_once, chain, formula(1, args.ratio, args.seed),
                                              seconds=args.limit), flush=True)
            except LimitReached as exc:
                print(f"  n=1: lift not finished ({exc})", flush=True)


if __name__ == "__main__":
    main()
