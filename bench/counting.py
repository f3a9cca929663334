"""Ganak's exact projected count against enumeration by blocking clauses, side by side in one run.

For each target order of magnitude (10^2 .. 10^6 solutions) a seeded 3SAT instance with a count in that
decade is found (sizes chosen by a short search, recorded in the output), then counted by both methods in
the same process, one after the other; the ratio enumeration time / Ganak time is printed. Enumeration is
capped in time (--enum-seconds); a capped run is shown as a lower bound and its ratio as '>'.

    python bench/counting.py [--enum-seconds 300]
"""

from __future__ import annotations

import argparse
import random
import time

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import count_enumeration, count_ganak
from gadgetry.sources.sat import PROBLEMS, Formula

THREESAT = next(p for p in PROBLEMS if p.name == "3sat")


def find_instance(decade: int, seed: int) -> tuple[Formula, int]:
    """A random 3SAT formula whose count lies in [10^decade, 10^(decade+1))."""
    rng = random.Random(seed)
    n = int(decade * 3.3) + 4
    for m in range(n * 4, 0, -1):
        for _ in range(20):
            f = THREESAT.generate({"variables": n, "clauses": m}, rng).instance
            cnf = THREESAT.encode(f).cnf
            c = count_ganak(cnf.nvars, cnf.clauses, cnf.projection)
            if 10**decade <= c < 10 ** (decade + 1):
                return f, c
    raise RuntimeError(f"no instance found for 10^{decade}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--enum-seconds", type=float, default=300.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"{'solutions':>10} {'vars':>5} {'clauses':>7} {'ganak s':>9} {'enum s':>10} {'enum/ganak':>11}")
    for decade in range(2, 7):
        f, c = find_instance(decade, args.seed + decade)
        cnf = THREESAT.encode(f).cnf
        t = time.perf_counter()
        g = count_ganak(cnf.nvars, cnf.clauses, cnf.projection)
        tg = time.perf_counter() - t
        t = time.perf_counter()
        try:
            e = run_limited(count_enumeration, cnf.nvars, cnf.clauses, cnf.projection, seconds=args.enum_seconds)
            te = time.perf_counter() - t
            assert e == g, f"enumeration {e} != ganak {g}"
            shown, ratio = f"{te:10.3f}", f"{te / tg:11.1f}"
        except LimitReached:
            te = time.perf_counter() - t
            shown, ratio = f"{'>' + format(te, '.0f'):>10}", f"{'>' + format(te / tg, '.0f'):>11}"
        print(f"{g:>10} {f.variables:>5} {len(f.clauses):>7} {tg:9.3f} {shown} {ratio}", flush=True)


if __name__ == "__main__":
    main()
