"""Witness solve and count times, side by side with a plain depth-first enumerator (brute force: every
simple start-to-end path, then the checker), in one run.

Part 1: seeded mixed-clue panels from 3 x 3 to 7 x 7 (the problem's generator, planted mode, both rule
sets): SAT solve time, Ganak count time (refinement for antibody panels), solutions counted per second,
and the depth-first enumerator's time for the same count, with the ratio DFS / SAT. Part 2: empty panels
(start and end at opposite corners): ZDD (graphillion), Ganak on the CNF and DFS. Every run is capped in
time (--seconds); a capped run shows '>' and a lower bound.

    python bench/witness.py [--seconds 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.witness import WitnessProblem
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.model import make_panel
from gadgetry.puzzles.witness.zdd import count_paths

PROBLEM = WitnessProblem()


def timed(fn: Callable[..., Any], *args: Any, seconds: float) -> tuple[Any, float, bool]:
    """(result, seconds, finished)."""
    t = time.perf_counter()
    try:
        out = run_limited(fn, *args, seconds=seconds)
        return out, time.perf_counter() - t, True
    except LimitReached:
        return None, time.perf_counter() - t, False


def dfs_count(panel: Any) -> int:
    return sum(1 for _ in brute_force(panel))


def show(t: float, done: bool) -> str:
    return f"{t:9.3f}" if done else f"{'>' + format(t, '.0f'):>9}"


def ratio(a: float, a_done: bool, b: float, b_done: bool) -> str:
    if not b_done:
        return f"{'?':>8}"
    return f"{a / b:8.1f}" if a_done else f"{'>' + format(a / b, '.0f'):>8}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("mixed clues (planted):")
    print(f"{'size':>5} {'rules':>6} {'sym':>4} {'solve s':>9} {'count':>10} {'count s':>9} {'per s':>10} "
          f"{'dfs s':>9} {'dfs/sat':>8}")
    for n in range(3, 8):
        for rules in (0, 1):
            rng = random.Random(args.seed * 100 + n * 2 + rules)
            params = PROBLEM.resolve_params({"width": n, "height": n, "symbols": n + 1, "hexagons": n // 2,
                                             "broken": n // 2, "antibodies": int(n == 4), "rules": rules})
            panel = PROBLEM.generate(params, rng, "planted").instance
            _, ts, sd = timed(E.solve, panel, seconds=args.seconds)
            c, tc, cd = timed(E.count, panel, seconds=args.seconds)
            d, td, dd = timed(dfs_count, panel, seconds=args.seconds)
            if cd and dd:
                assert c == d, f"SAT count {c} != DFS count {d}"
            per = f"{c / tc:10.1f}" if cd else f"{'?':>10}"
            print(f"{n}x{n:<3} {panel.rules:>6} {len(panel.symbols):>4} {show(ts, sd)} "
                  f"{c if cd else '?':>10} {show(tc, cd)} {per} {show(td, dd)} {ratio(td, dd, tc, cd)}", flush=True)
    print("\nempty panels, opposite corners:")
    print(f"{'size':>5} {'paths':>14} {'zdd s':>9} {'ganak s':>9} {'dfs s':>9} {'dfs/zdd':>8} {'ganak/zdd':>9}")
    for n in range(3, 8):
        panel = make_panel(n, n, [(0, 0)], [(n, n)])
        z, tz, zd = timed(count_paths, panel, seconds=args.seconds)
        g, tg, gd = timed(E.count, panel, seconds=args.seconds)
        d, td, dd = timed(dfs_count, panel, seconds=args.seconds)
        for other, done in ((g, gd), (d, dd)):
            if done and zd:
                assert other == z, f"count {other} != ZDD count {z}"
        print(f"{n}x{n:<3} {z if zd else '?':>14} {show(tz, zd)} {show(tg, gd)} {show(td, dd)} "
              f"{ratio(td, dd, tz, zd)} {ratio(tg, gd, tz, zd):>9}", flush=True)


if __name__ == "__main__":
    main()
